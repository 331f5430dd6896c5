// libcu_sync.cu — end-to-end test of libcu++'s synchronisation primitives in device code
// (Debian's libcu++-dev 1.8.1, unmodified): cuda::barrier<thread_scope_block> in
// __shared__ memory (arrive_and_wait, arrive + wait with a token, arrive_and_drop, a
// completion function), cuda::barrier<thread_scope_device> and cuda::std::barrier in
// global memory, cuda::latch, cuda::counting_semaphore / binary_semaphore, and
// cuda::atomic wait/notify — all within a block (Metal promises no forward progress
// between threadgroups, so nothing here waits for another block). At sm_75 (Anchor's
// __CUDA_ARCH__) libcu++ builds its barrier from atomics, __match_any_sync, __shfl_sync
// and %laneid, and waits with %globaltimer and nanosleep: inline PTX that nvcc accepts
// and that anchorcc reads as nvcc does (docs/driver.md, "nvcc's inline-asm dialect").
// Every exchanged value is checked on the host. Prints PASS or FAIL: <details>.
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/latch>
#include <cuda/semaphore>
#include <cuda/std/barrier>
#include <new>
#include <stdio.h>

#define ROUNDS 4

struct count_phase {
  int *phases;
  __device__ void operator()() noexcept { ++*phases; }
};

// Neighbour exchange through shared memory, each round separated by the barrier.
__global__ void block_barrier(int *out, int *phases, int *dropped) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int buf[256];
  __shared__ int phase_count;
  alignas(cuda::barrier<cuda::thread_scope_block, count_phase>) __shared__ char
      with_completion[sizeof(cuda::barrier<cuda::thread_scope_block, count_phase>)];
  auto *cbar = reinterpret_cast<cuda::barrier<cuda::thread_scope_block, count_phase> *>(
      with_completion);
  unsigned t = threadIdx.x, n = blockDim.x;
  if (t == 0) {
    init(&bar, n);
    phase_count = 0;
    init(cbar, n, count_phase{&phase_count});
  }
  __syncthreads();
  for (int r = 0; r < ROUNDS; r++) {
    buf[t] = (int)(t * 10 + r);
    if (r % 2) {
      bar.arrive_and_wait();
    } else {
      auto token = bar.arrive();
      bar.wait(cuda::std::move(token));
    }
    out[r * n + t] = buf[(t + 1) % n];
    cbar->arrive_and_wait(); // nobody overwrites buf before all have read it
  }
  if (t == 0) *phases = phase_count;
  // arrive_and_drop: the odd threads leave; the even ones go on for two more phases
  if (t % 2) {
    bar.arrive_and_drop();
    return;
  }
  bar.arrive_and_wait();
  buf[t] = (int)t + 1000;
  bar.arrive_and_wait();
  dropped[t / 2] = buf[(t + 2) % (n & ~1u)];
}

// The generic barriers in global memory, used by the threads of each block, which exchange
// values through global memory only (no shared memory: softmetal sees the barrier's wait
// loop, a spin on a device-memory atomic, and runs the threads as fibers in lockstep, so the
// waiting threads let the others arrive — docs/softmetal.md, spin loops).
__global__ void global_barriers(cuda::barrier<cuda::thread_scope_device> *dbar,
                                cuda::std::barrier<> *sbar, int *scratch, int *out) {
  unsigned t = threadIdx.x, n = blockDim.x;
  int *mine = scratch + blockIdx.x * n;
  cuda::barrier<cuda::thread_scope_device> &d = dbar[blockIdx.x];
  cuda::std::barrier<> &s = sbar[blockIdx.x];
  mine[t] = (int)(t * t);
  d.arrive_and_wait();
  int a = mine[n - 1 - t];
  s.arrive_and_wait();
  mine[t] = a + 1;
  s.arrive_and_wait();
  out[blockIdx.x * n + t] = mine[(t + 3) % n];
}

__global__ void latch_semaphore(int *out, int *inside_max, int *entered, unsigned *bin_log) {
  alignas(cuda::latch<cuda::thread_scope_block>) __shared__ char latch_bytes[sizeof(
      cuda::latch<cuda::thread_scope_block>)];
  alignas(cuda::counting_semaphore<cuda::thread_scope_block, 3>) __shared__ char sem_bytes[sizeof(
      cuda::counting_semaphore<cuda::thread_scope_block, 3>)];
  alignas(cuda::binary_semaphore<cuda::thread_scope_block>) __shared__ char bin_bytes[sizeof(
      cuda::binary_semaphore<cuda::thread_scope_block>)];
  __shared__ int buf[256];
  __shared__ int inside;
  __shared__ unsigned log_next;
  auto *latch = reinterpret_cast<cuda::latch<cuda::thread_scope_block> *>(latch_bytes);
  auto *sem = reinterpret_cast<cuda::counting_semaphore<cuda::thread_scope_block, 3> *>(sem_bytes);
  auto *bin = reinterpret_cast<cuda::binary_semaphore<cuda::thread_scope_block> *>(bin_bytes);
  unsigned t = threadIdx.x, n = blockDim.x;
  if (t == 0) {
    new (latch) cuda::latch<cuda::thread_scope_block>(n);
    new (sem) cuda::counting_semaphore<cuda::thread_scope_block, 3>(3);
    new (bin) cuda::binary_semaphore<cuda::thread_scope_block>(1);
    inside = 0;
    log_next = 0;
  }
  __syncthreads();
  buf[t] = (int)(3 * t + 1);
  latch->arrive_and_wait();
  out[t] = buf[n - 1 - t];
  // at most 3 threads at once between acquire and release
  sem->acquire();
  cuda::atomic_ref<int, cuda::thread_scope_block> in(inside);
  int now = in.fetch_add(1) + 1;
  atomicMax(inside_max, now);
  atomicAdd(entered, 1);
  in.fetch_sub(1);
  sem->release();
  // a binary semaphore as a mutex around a non-atomic read-modify-write
  bin->acquire();
  unsigned slot = log_next;
  log_next = slot + 1;
  bin_log[slot] = t;
  bin->release();
}

// atomic wait/notify: warp 0 waits until warp 1's lane 0 has published a value.
__global__ void wait_notify(int *out) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> flag;
  __shared__ int payload;
  if (threadIdx.x == 0) flag.store(0, cuda::std::memory_order_relaxed);
  __syncthreads();
  if (threadIdx.x == 32) {
    payload = 4242;
    flag.store(1, cuda::std::memory_order_release);
    flag.notify_all();
  } else if (threadIdx.x < 32) {
    flag.wait(0, cuda::std::memory_order_acquire);
    out[threadIdx.x] = payload + (int)threadIdx.x;
  }
}

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond) && failures++ < 20) {                                                              \
      printf("FAIL: " __VA_ARGS__);                                                                \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

static void check(cudaError_t err, const char *what) {
  CHECK(err == cudaSuccess, "%s: %s", what, cudaGetErrorString(err));
}

int main(void) {
  const int n = 96; // three warps
  int *out, *phases, *dropped;
  cudaMallocManaged(&out, ROUNDS * n * sizeof(int));
  cudaMallocManaged(&phases, sizeof(int));
  cudaMallocManaged(&dropped, n / 2 * sizeof(int));
  block_barrier<<<1, n>>>(out, phases, dropped);
  check(cudaDeviceSynchronize(), "block_barrier");
  for (int r = 0; r < ROUNDS; r++)
    for (int t = 0; t < n; t++)
      CHECK(out[r * n + t] == ((t + 1) % n) * 10 + r, "barrier round %d thread %d: %d", r, t,
            out[r * n + t]);
  CHECK(*phases == ROUNDS, "completion ran %d times, not %d", *phases, ROUNDS);
  for (int k = 0; k < n / 2; k++)
    CHECK(dropped[k] == (2 * k + 2) % n + 1000, "after arrive_and_drop, thread %d: %d", 2 * k,
          dropped[k]);

  const int blocks = 3, m = 64;
  cuda::barrier<cuda::thread_scope_device> *dbar;
  cuda::std::barrier<> *sbar;
  int *scratch, *gout;
  cudaMallocManaged(&dbar, blocks * sizeof *dbar);
  cudaMallocManaged(&sbar, blocks * sizeof *sbar);
  cudaMallocManaged(&scratch, blocks * m * sizeof(int));
  cudaMallocManaged(&gout, blocks * m * sizeof(int));
  for (int b = 0; b < blocks; b++) {
    new (&dbar[b]) cuda::barrier<cuda::thread_scope_device>(m);
    new (&sbar[b]) cuda::std::barrier<>(m);
  }
  global_barriers<<<blocks, m>>>(dbar, sbar, scratch, gout);
  check(cudaDeviceSynchronize(), "global_barriers");
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < m; t++) {
      int u = (t + 3) % m, want = (m - 1 - u) * (m - 1 - u) + 1;
      CHECK(gout[b * m + t] == want, "global barrier block %d thread %d: %d, want %d", b, t,
            gout[b * m + t], want);
    }

  int *lout, *inside_max, *entered;
  unsigned *bin_log;
  cudaMallocManaged(&lout, 128 * sizeof(int));
  cudaMallocManaged(&inside_max, sizeof(int));
  cudaMallocManaged(&entered, sizeof(int));
  cudaMallocManaged(&bin_log, 128 * sizeof(unsigned));
  *inside_max = 0, *entered = 0;
  latch_semaphore<<<1, 128>>>(lout, inside_max, entered, bin_log);
  check(cudaDeviceSynchronize(), "latch_semaphore");
  for (int t = 0; t < 128; t++)
    CHECK(lout[t] == 3 * (127 - t) + 1, "latch thread %d: %d", t, lout[t]);
  CHECK(*entered == 128, "%d threads passed the semaphore, not 128", *entered);
  CHECK(*inside_max >= 1 && *inside_max <= 3, "%d threads at once inside a semaphore of 3",
        *inside_max);
  static int seen[128];
  for (int k = 0; k < 128; k++) {
    unsigned t = bin_log[k];
    CHECK(t < 128 && !seen[t], "binary semaphore log slot %d: thread %u", k, t);
    if (t < 128) seen[t] = 1;
  }

  int *wout;
  cudaMallocManaged(&wout, 32 * sizeof(int));
  wait_notify<<<1, 64>>>(wout);
  check(cudaDeviceSynchronize(), "wait_notify");
  for (int t = 0; t < 32; t++) CHECK(wout[t] == 4242 + t, "wait thread %d: %d", t, wout[t]);

  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
