// streams_ptds_sync.cu — under --default-stream per-thread (built only that way: anchorcc
// and nvcc define CUDA_API_PER_THREAD_DEFAULT_STREAM) the blocking calls cudaMemcpy,
// cudaMemset, cudaMemcpy2D, cudaMemcpy3D, cudaMemset2D, cudaMemcpyToSymbol and
// cudaMemcpyFromSymbol order against the calling thread's own default stream, not the
// legacy stream: two host threads take turns keeping their stream busy with a kernel that
// waits for a gate (spin_wait.h) while the other thread runs a kernel and those blocking
// calls on its own stream, checks their values, and checks with an event query that the
// busy thread's kernel is still running (so no call waited for it); then it opens the
// gate, and the busy thread's own blocking cudaMemcpy returns its kernel's values.
// Prints PASS or FAIL: <details>.
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "spin_wait.h"

#ifndef CUDA_API_PER_THREAD_DEFAULT_STREAM
#error "build with --default-stream per-thread"
#endif

enum { N = 1024, W = 16, H = 8, THREADS = 2 };

__device__ int table[N];

__global__ void fill(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + i;
}

__global__ void add_table(int *out, int n) { // out[i] += table[i]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += table[i];
}

struct shared_state {
  spin_gate gate[THREADS];
  int *busy_out[THREADS]; // what each thread's spinning kernel writes
  int *work[THREADS];     // each thread's buffer for its blocking calls
  cudaEvent_t spinning[THREADS];
  volatile int launched[THREADS], released[THREADS];
  pthread_barrier_t round;
};

static shared_state S;

struct worker {
  int id, failures;
  char message[200];
};

#define TRY(call)                                                                                  \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      snprintf(w->message, sizeof w->message, "thread %d: %s -> %s (line %d)", w->id, #call,       \
               cudaGetErrorName(e_), __LINE__);                                                    \
      return 0;                                                                                    \
    }                                                                                              \
  } while (0)

#define WANT(cond, ...)                                                                            \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      int at_ = snprintf(w->message, sizeof w->message, "thread %d: ", w->id);                     \
      snprintf(w->message + at_, sizeof w->message - at_, __VA_ARGS__);                            \
      return 0;                                                                                    \
    }                                                                                              \
  } while (0)

// The other thread's kernel must still be running after a blocking call of this thread.
#define NOT_WAITED(busy, what)                                                                     \
  WANT(cudaEventQuery(S.spinning[busy]) == cudaErrorNotReady,                                      \
       "%s waited for thread %d's kernel on its own stream", what, busy)

// This thread keeps its stream busy; returns 1 when its kernel's values are right.
static int busy_turn(worker *w) {
  int me = w->id;
  spin_gate_close(&S.gate[me]);
  spin_then_fill<<<1, 256>>>(S.gate[me].device, S.busy_out[me], N, 1000 * (me + 1),
                             S.gate[me].opened);
  TRY(cudaGetLastError());
  TRY(cudaEventRecord(S.spinning[me])); // stream 0: this thread's stream
  S.launched[me] = 1;
  while (!S.released[me])
    sched_yield();
  static int host[THREADS][N];
  TRY(cudaMemcpy(host[me], S.busy_out[me], sizeof host[me], cudaMemcpyDeviceToHost));
  int seen = 0;
  TRY(cudaMemcpy(&seen, S.gate[me].opened, sizeof seen, cudaMemcpyDeviceToHost));
  WANT(seen, "the kernel gave up waiting for its gate (a call of the other thread waited)");
  for (int i = 0; i < N; i++)
    WANT(host[me][i] == 1000 * (me + 1) + i, "busy kernel's value [%d] = %d", i, host[me][i]);
  return 1;
}

// The other thread's stream is busy: this thread's blocking calls must not wait for it.
static int free_turn(worker *w, int busy) {
  int me = w->id, *work = S.work[me];
  while (!S.launched[busy])
    sched_yield();
  static int host[THREADS][N];
  static int grid[THREADS][H][W];
  // a kernel then cudaMemcpy device to pageable host memory
  fill<<<N / 256, 256>>>(work, N, 10 * (me + 1));
  TRY(cudaGetLastError());
  TRY(cudaMemcpy(host[me], work, sizeof host[me], cudaMemcpyDeviceToHost));
  NOT_WAITED(busy, "cudaMemcpy (device to host)");
  for (int i = 0; i < N; i++)
    WANT(host[me][i] == 10 * (me + 1) + i, "kernel + cudaMemcpy [%d] = %d", i, host[me][i]);
  // cudaMemset, then cudaMemcpy host to device of a part, back with cudaMemcpy2D
  TRY(cudaMemset(work, 0x22, N * sizeof(int)));
  for (int i = 0; i < W; i++)
    host[me][i] = 500 + i;
  TRY(cudaMemcpy(work + W, host[me], W * sizeof(int), cudaMemcpyHostToDevice));
  TRY(cudaMemcpy2D(grid[me], W * sizeof(int), work, 2 * W * sizeof(int), W * sizeof(int), H,
                   cudaMemcpyDeviceToHost)); // even rows of a 2W-int pitch: row 0 is memset
  NOT_WAITED(busy, "cudaMemset/cudaMemcpy/cudaMemcpy2D");
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      WANT(grid[me][y][x] == 0x22222222, "cudaMemset + cudaMemcpy2D [%d][%d] = %d", y, x,
           grid[me][y][x]);
  TRY(cudaMemcpy(host[me], work + W, W * sizeof(int), cudaMemcpyDeviceToHost));
  for (int x = 0; x < W; x++)
    WANT(host[me][x] == 500 + x, "cudaMemcpy host to device [%d] = %d", x, host[me][x]);
  // cudaMemset2D and cudaMemcpy3D (device to device, then back)
  TRY(cudaMemset2D(work, 2 * W * sizeof(int), 0, W * sizeof(int), H));
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(work, 2 * W * sizeof(int), W, H);
  p.dstPtr = make_cudaPitchedPtr(grid[me], W * sizeof(int), W, H);
  p.extent = make_cudaExtent(W * sizeof(int), H, 1);
  p.kind = cudaMemcpyDeviceToHost;
  TRY(cudaMemcpy3D(&p));
  NOT_WAITED(busy, "cudaMemset2D/cudaMemcpy3D");
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      WANT(grid[me][y][x] == 0, "cudaMemset2D + cudaMemcpy3D [%d][%d] = %d", y, x, grid[me][y][x]);
  // symbols: the table, a kernel that adds it, the result and the table back
  for (int i = 0; i < N; i++)
    host[me][i] = 3 * i + me;
  TRY(cudaMemcpyToSymbol(table, host[me], sizeof host[me]));
  fill<<<N / 256, 256>>>(work, N, 7);
  add_table<<<N / 256, 256>>>(work, N);
  TRY(cudaGetLastError());
  TRY(cudaMemcpyFromSymbol(host[me], table, sizeof host[me]));
  NOT_WAITED(busy, "cudaMemcpyToSymbol/cudaMemcpyFromSymbol");
  for (int i = 0; i < N; i++)
    WANT(host[me][i] == 3 * i + me, "cudaMemcpyFromSymbol [%d] = %d", i, host[me][i]);
  TRY(cudaMemcpy(host[me], work, sizeof host[me], cudaMemcpyDeviceToHost));
  NOT_WAITED(busy, "cudaMemcpy after a kernel reading a symbol");
  for (int i = 0; i < N; i++)
    WANT(host[me][i] == 7 + i + 3 * i + me, "table kernel [%d] = %d", i, host[me][i]);
  spin_gate_open(&S.gate[busy]);
  S.released[busy] = 1;
  return 1;
}

static void *run(void *arg) {
  worker *w = (worker *)arg;
  for (int busy = 0; busy < THREADS; busy++) {
    pthread_barrier_wait(&S.round);
    int ok = w->id == busy ? busy_turn(w) : free_turn(w, busy);
    if (!ok) {
      w->failures++;
      // let the other thread finish its turn
      spin_gate_open(&S.gate[busy]);
      S.launched[busy] = S.released[busy] = 1;
    }
  }
  return NULL;
}

int main() {
  for (int t = 0; t < THREADS; t++) {
    if (spin_gate_create(&S.gate[t]) != cudaSuccess ||
        cudaMalloc((void **)&S.busy_out[t], N * sizeof(int)) != cudaSuccess ||
        cudaMalloc((void **)&S.work[t], 2 * W * H * sizeof(int) > N * sizeof(int)
                                            ? 2 * W * H * sizeof(int)
                                            : N * sizeof(int)) != cudaSuccess ||
        cudaEventCreate(&S.spinning[t]) != cudaSuccess) {
      printf("FAIL: setup\n");
      return 1;
    }
  }
  // Every kernel and the symbol once before the rounds: CUDA loads a module's kernels
  // lazily (CUDA_MODULE_LOADING=LAZY, its default), and loading one while another
  // kernel spins can wait for that kernel (NVIDIA's "Lazy Loading" notes on concurrent
  // execution); the first H100 run of this program (2026-12-06) hung so.
  spin_gate_open(&S.gate[0]);
  spin_then_fill<<<1, 256>>>(S.gate[0].device, S.busy_out[0], N, 0, S.gate[0].opened);
  fill<<<N / 256, 256>>>(S.work[0], N, 0);
  add_table<<<N / 256, 256>>>(S.work[0], N);
  static int zeros[N];
  if (cudaMemcpyToSymbol(table, zeros, sizeof zeros) != cudaSuccess ||
      cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: setup synchronisation\n");
    return 1;
  }
  pthread_barrier_init(&S.round, NULL, THREADS);
  worker workers[THREADS];
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; t++) {
    workers[t] = worker{t, 0, ""};
    pthread_create(&threads[t], NULL, run, &workers[t]);
  }
  int failures = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(threads[t], NULL);
    if (workers[t].failures) printf("FAIL: %s\n", workers[t].message);
    failures += workers[t].failures;
  }
  pthread_barrier_destroy(&S.round);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
