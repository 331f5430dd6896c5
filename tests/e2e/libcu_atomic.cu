// libcu_atomic.cu — end-to-end test of libcu++'s atomics (Debian's libcu++-dev 1.8.1,
// unmodified: its device atomics are inline PTX `atom`/`ld`/`st`/`fence` with orders and
// scopes, which Anchor's inline-PTX translation turns into atomics): cuda::atomic,
// cuda::std::atomic and cuda::atomic_ref of every width (8, 16, 32, 64 bits, bool, float,
// double, pointers) at block, device and system scope, every memory order; fetch_add/sub/
// and/or/xor/min/max, exchange, compare_exchange_weak/strong loops, load/store; atomic_ref
// on global and on __shared__ memory; cuda::std::atomic_thread_fence. Under contention
// (many blocks, many threads) every result is exact and checked on the host.
//
// Signed fetch_min/fetch_max use only non-negative values: libcu++ 1.8.1 emits
// atom.min/max.u32/u64 for every type, so a negative operand compares as unsigned there,
// while CUDA 13's own libcu++ (which nvcc finds first) compares signed.
// Prints PASS or FAIL: <details>.
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/std/cstdint>
#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;
typedef long long i64;

#define BLOCKS 7
#define THREADS 96
#define N (BLOCKS * THREADS)

struct Counters {
  cuda::atomic<int, cuda::thread_scope_device> add_i32;
  cuda::atomic<unsigned, cuda::thread_scope_system> sub_u32;
  cuda::atomic<i64, cuda::thread_scope_device> add_i64;
  cuda::atomic<u64, cuda::thread_scope_system> or_u64;
  cuda::atomic<u64, cuda::thread_scope_device> and_u64;
  cuda::atomic<unsigned, cuda::thread_scope_device> xor_u32;
  cuda::atomic<int, cuda::thread_scope_device> max_i32;
  cuda::atomic<u64, cuda::thread_scope_device> min_u64;
  cuda::atomic<short, cuda::thread_scope_device> add_i16;
  cuda::atomic<unsigned char, cuda::thread_scope_device> add_u8;
  cuda::std::atomic<unsigned short> xor_u16;
  cuda::atomic<float, cuda::thread_scope_device> cas_f32;
  cuda::atomic<double, cuda::thread_scope_system> cas_f64;
  cuda::atomic<unsigned, cuda::thread_scope_device> cas_strong_u32;
  cuda::atomic<bool, cuda::thread_scope_device> flag;
  cuda::atomic<int *, cuda::thread_scope_device> cursor;
  cuda::atomic<unsigned, cuda::thread_scope_device> winners;
  cuda::atomic<unsigned, cuda::thread_scope_device> slot[8];
};

// Each thread: one operation of every kind, each with a different memory order.
__global__ void contend(Counters *c, int *claimed, int *pool, int *order_of_flag) {
  using cuda::std::memory_order_acq_rel;
  using cuda::std::memory_order_acquire;
  using cuda::std::memory_order_relaxed;
  using cuda::std::memory_order_release;
  using cuda::std::memory_order_seq_cst;
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  c->add_i32.fetch_add((int)t % 5 - 2, memory_order_relaxed);
  c->sub_u32.fetch_sub(t, memory_order_acq_rel);
  c->add_i64.fetch_add((i64)t << 33, memory_order_seq_cst);
  c->or_u64.fetch_or(1ull << (t % 64), memory_order_release);
  c->and_u64.fetch_and(~(1ull << (t % 61)), memory_order_acquire);
  c->xor_u32.fetch_xor(t * 2654435761u, memory_order_relaxed);
  c->max_i32.fetch_max((int)(t * 37 % 1000), memory_order_acq_rel);
  c->min_u64.fetch_min(((u64)(t * 37 % 1000) << 32) + 5, memory_order_seq_cst);
  c->add_i16.fetch_add((short)1, memory_order_relaxed);
  c->add_u8.fetch_add((unsigned char)3, memory_order_relaxed); // wraps mod 256
  c->xor_u16.fetch_xor((unsigned short)(t * 40503u), memory_order_seq_cst);
  // float and double: compare_exchange_weak loops (no fetch_add for them in 1.8.1);
  // small integers, so every sum is exact in any order
  float f = c->cas_f32.load(memory_order_relaxed);
  while (!c->cas_f32.compare_exchange_weak(f, f + (float)(t % 4), memory_order_acq_rel,
                                           memory_order_relaxed)) {
  }
  double d = c->cas_f64.load(memory_order_acquire);
  while (!c->cas_f64.compare_exchange_weak(d, d + (double)(t % 3) * 0.25)) {
  }
  // strong CAS as an increment loop, and as a claim: one winner per slot
  unsigned u = c->cas_strong_u32.load();
  while (!c->cas_strong_u32.compare_exchange_strong(u, u + 2, memory_order_seq_cst)) {
  }
  unsigned expected = 0;
  if (c->slot[t % 8].compare_exchange_strong(expected, t + 1, memory_order_acq_rel,
                                             memory_order_acquire))
    c->winners.fetch_add(1, memory_order_relaxed);
  // exchange of a bool: exactly one thread sees false
  if (!c->flag.exchange(true, memory_order_acq_rel)) order_of_flag[0] += 1;
  // a pointer bump allocator: every thread a distinct element
  int *mine = c->cursor.fetch_add(1, memory_order_relaxed);
  *mine = (int)t;
  claimed[t] = (int)(mine - pool); // which element it got
}

// atomic_ref on __shared__ memory (block scope) and on global memory (device and
// system scope): a block-local histogram merged into a global one.
__global__ void histogram(const unsigned *keys, int n, unsigned *global_bins, u64 *global_sum) {
  __shared__ unsigned bins[16];
  __shared__ u64 sum;
  if (threadIdx.x < 16) bins[threadIdx.x] = 0;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> bin(bins[keys[i] % 16]);
    bin.fetch_add(1, cuda::std::memory_order_relaxed);
    cuda::atomic_ref<u64, cuda::thread_scope_block> s(sum);
    s.fetch_add(keys[i], cuda::std::memory_order_relaxed);
  }
  __syncthreads();
  if (threadIdx.x < 16) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> mine(bins[threadIdx.x]);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> g(global_bins[threadIdx.x]);
    g.fetch_add(mine.load(cuda::std::memory_order_acquire), cuda::std::memory_order_release);
  }
  if (threadIdx.x == 0) {
    cuda::atomic_ref<u64, cuda::thread_scope_system> g(*global_sum);
    g.fetch_add(sum, cuda::std::memory_order_seq_cst);
  }
}

// Single-thread semantics of every operation, the returned old values included, at
// each width through atomic_ref; load/store with their orders; a fence.
template <class T, cuda::thread_scope S> __device__ void sequence(T *slot, T *out) {
  cuda::atomic_ref<T, S> r(*slot);
  out[0] = r.fetch_add(T(3), cuda::std::memory_order_acq_rel);
  out[1] = r.fetch_sub(T(1), cuda::std::memory_order_release);
  out[2] = r.fetch_and(T(0x7f), cuda::std::memory_order_acquire);
  out[3] = r.fetch_or(T(0x60), cuda::std::memory_order_seq_cst);
  out[4] = r.fetch_xor(T(0x5), cuda::std::memory_order_relaxed);
  out[5] = r.fetch_max(T(100));
  out[6] = r.fetch_min(T(7));
  out[7] = r.exchange(T(42));
  T e = T(42);
  out[8] = r.compare_exchange_strong(e, T(43)); // succeeds
  e = T(1);
  out[9] = r.compare_exchange_strong(e, T(44)); // fails, e = 43
  out[10] = e;
  r.store(T(99), cuda::std::memory_order_release);
  cuda::std::atomic_thread_fence(cuda::std::memory_order_seq_cst);
  out[11] = r.load(cuda::std::memory_order_acquire);
  out[12] = r.load(cuda::std::memory_order_relaxed);
  r.store(T(5), cuda::std::memory_order_seq_cst);
  out[13] = r.load();
}

struct Slots {
  int i32;
  unsigned u32;
  i64 i64v;
  u64 u64v;
};

__global__ void single(Slots *s, int *oi, unsigned *ou, i64 *ol, u64 *oul) {
  sequence<int, cuda::thread_scope_block>(&s->i32, oi);
  sequence<unsigned, cuda::thread_scope_device>(&s->u32, ou);
  sequence<i64, cuda::thread_scope_system>(&s->i64v, ol);
  sequence<u64, cuda::thread_scope_device>(&s->u64v, oul);
}

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      if (failures++ < 20) {                                                                       \
        printf("FAIL: " __VA_ARGS__);                                                              \
        printf("\n");                                                                              \
      }                                                                                            \
    }                                                                                              \
  } while (0)

static void check_contend(void) {
  Counters *c;
  int *claimed, *pool, *flag_count;
  cudaMallocManaged(&c, sizeof *c);
  cudaMallocManaged(&claimed, N * sizeof(int));
  cudaMallocManaged(&pool, N * sizeof(int));
  cudaMallocManaged(&flag_count, sizeof(int));
  memset((void *)c, 0, sizeof *c);
  c->sub_u32.store(1000000u);
  c->and_u64.store(~0ull);
  c->min_u64.store(~0ull);
  c->cursor.store(pool);
  *flag_count = 0;
  contend<<<BLOCKS, THREADS>>>(c, claimed, pool, flag_count);
  cudaError_t err = cudaDeviceSynchronize();
  CHECK(err == cudaSuccess, "contend: %s", cudaGetErrorString(err));

  int add_i32 = 0, max_i32 = 0;
  unsigned sub_u32 = 1000000u, xor_u32 = 0;
  i64 add_i64 = 0;
  u64 or_u64 = 0, and_u64 = ~0ull, min_u64 = ~0ull;
  unsigned short xor_u16 = 0;
  float f = 0;
  double d = 0;
  for (unsigned t = 0; t < N; t++) {
    add_i32 += (int)t % 5 - 2;
    sub_u32 -= t;
    add_i64 += (i64)t << 33;
    or_u64 |= 1ull << (t % 64);
    and_u64 &= ~(1ull << (t % 61));
    xor_u32 ^= t * 2654435761u;
    max_i32 = max_i32 > (int)(t * 37 % 1000) ? max_i32 : (int)(t * 37 % 1000);
    u64 m = ((u64)(t * 37 % 1000) << 32) + 5;
    min_u64 = min_u64 < m ? min_u64 : m;
    xor_u16 ^= (unsigned short)(t * 40503u);
    f += (float)(t % 4);
    d += (double)(t % 3) * 0.25;
  }
  CHECK(c->add_i32.load() == add_i32, "add_i32 %d != %d", c->add_i32.load(), add_i32);
  CHECK(c->sub_u32.load() == sub_u32, "sub_u32 %u != %u", c->sub_u32.load(), sub_u32);
  CHECK(c->add_i64.load() == add_i64, "add_i64 %lld != %lld", c->add_i64.load(), add_i64);
  CHECK(c->or_u64.load() == or_u64, "or_u64 %llx != %llx", c->or_u64.load(), or_u64);
  CHECK(c->and_u64.load() == and_u64, "and_u64 %llx != %llx", c->and_u64.load(), and_u64);
  CHECK(c->xor_u32.load() == xor_u32, "xor_u32 %x != %x", c->xor_u32.load(), xor_u32);
  CHECK(c->max_i32.load() == max_i32, "max_i32 %d != %d", c->max_i32.load(), max_i32);
  CHECK(c->min_u64.load() == min_u64, "min_u64 %llx != %llx", c->min_u64.load(), min_u64);
  CHECK(c->add_i16.load() == (short)N, "add_i16 %d != %d", c->add_i16.load(), N);
  CHECK(c->add_u8.load() == (unsigned char)(3 * N), "add_u8 %u != %u", c->add_u8.load(),
        (unsigned char)(3 * N));
  CHECK(c->xor_u16.load() == xor_u16, "xor_u16 %x != %x", c->xor_u16.load(), xor_u16);
  CHECK(c->cas_f32.load() == f, "cas_f32 %g != %g", c->cas_f32.load(), f);
  CHECK(c->cas_f64.load() == d, "cas_f64 %g != %g", c->cas_f64.load(), d);
  CHECK(c->cas_strong_u32.load() == 2u * N, "cas_strong %u != %u", c->cas_strong_u32.load(),
        2u * N);
  CHECK(c->winners.load() == 8, "winners %u != 8", c->winners.load());
  for (int k = 0; k < 8; k++) {
    unsigned w = c->slot[k].load();
    CHECK(w != 0 && (w - 1) % 8 == (unsigned)k, "slot %d holds %u", k, w);
  }
  CHECK(c->flag.load() && *flag_count == 1, "flag %d, %d threads saw false", c->flag.load(),
        *flag_count);
  CHECK(c->cursor.load() == pool + N, "cursor moved %td, not %d", c->cursor.load() - pool, N);
  static char seen[N];
  for (int t = 0; t < N; t++) {
    long k = claimed[t];
    CHECK(k >= 0 && k < N && !seen[k] && pool[k] == t, "thread %d claimed element %ld", t, k);
    if (k >= 0 && k < N) seen[k] = 1;
  }
  cudaFree(c);
  cudaFree(claimed);
  cudaFree(pool);
  cudaFree(flag_count);
}

static void check_histogram(void) {
  const int n = 10007; // not a multiple of the grid
  unsigned *keys, *bins;
  u64 *sum;
  cudaMallocManaged(&keys, n * sizeof(unsigned));
  cudaMallocManaged(&bins, 16 * sizeof(unsigned));
  cudaMallocManaged(&sum, sizeof(u64));
  unsigned want[16] = {0};
  u64 want_sum = 0;
  for (int i = 0; i < n; i++) {
    keys[i] = (unsigned)i * 2246822519u ^ 0x9e3779b9u;
    want[keys[i] % 16]++;
    want_sum += keys[i];
  }
  memset(bins, 0, 16 * sizeof(unsigned));
  *sum = 0;
  histogram<<<5, 128>>>(keys, n, bins, sum);
  cudaError_t err = cudaDeviceSynchronize();
  CHECK(err == cudaSuccess, "histogram: %s", cudaGetErrorString(err));
  for (int b = 0; b < 16; b++) CHECK(bins[b] == want[b], "bin %d: %u != %u", b, bins[b], want[b]);
  CHECK(*sum == want_sum, "sum %llu != %llu", *sum, want_sum);
  cudaFree(keys);
  cudaFree(bins);
  cudaFree(sum);
}

template <class T> static void expect_sequence(const char *name, const T *got, T start) {
  // the host model of sequence()
  T v = start, want[14];
  want[0] = v, v = (T)(v + 3);
  want[1] = v, v = (T)(v - 1);
  want[2] = v, v = (T)(v & 0x7f);
  want[3] = v, v = (T)(v | 0x60);
  want[4] = v, v = (T)(v ^ 0x5);
  want[5] = v, v = v > T(100) ? v : T(100);
  want[6] = v, v = v < T(7) ? v : T(7);
  want[7] = v, v = T(42);
  want[8] = 1, v = T(43);
  want[9] = 0, want[10] = T(43);
  want[11] = want[12] = T(99), want[13] = T(5);
  for (int k = 0; k < 14; k++)
    CHECK(got[k] == want[k], "%s step %d: %lld != %lld", name, k, (long long)got[k],
          (long long)want[k]);
}

static void check_single(void) {
  Slots *s;
  int *oi;
  unsigned *ou;
  i64 *ol;
  u64 *oul;
  cudaMallocManaged(&s, sizeof *s);
  cudaMallocManaged(&oi, 14 * sizeof(int));
  cudaMallocManaged(&ou, 14 * sizeof(unsigned));
  cudaMallocManaged(&ol, 14 * sizeof(i64));
  cudaMallocManaged(&oul, 14 * sizeof(u64));
  s->i32 = 10, s->u32 = 200, s->i64v = (1ll << 40) + 10, s->u64v = 0x123456789ull;
  single<<<1, 1>>>(s, oi, ou, ol, oul);
  cudaError_t err = cudaDeviceSynchronize();
  CHECK(err == cudaSuccess, "single: %s", cudaGetErrorString(err));
  expect_sequence<int>("int/block", oi, 10);
  expect_sequence<unsigned>("unsigned/device", ou, 200);
  expect_sequence<i64>("long long/system", ol, (1ll << 40) + 10);
  expect_sequence<u64>("unsigned long long/device", oul, 0x123456789ull);
  cudaFree(s);
  cudaFree(oi);
  cudaFree(ou);
  cudaFree(ol);
  cudaFree(oul);
}

int main(void) {
  static_assert(sizeof(cuda::atomic<int, cuda::thread_scope_device>) == sizeof(int),
                "cuda::atomic<int> is an int");
  check_contend();
  check_histogram();
  check_single();
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
