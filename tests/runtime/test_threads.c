/* tests/runtime/test_threads.c — the runtime used from several threads at
 * once: allocations, copies, memsets, frees and kernel launches interleave
 * without corrupting each other's memory, every thread's results are right,
 * and each thread keeps its own last error. */
#include <pthread.h>

#include "check.h"
#include "handmade.h"

/* out[i] = in[i] + add for i < n */
static const char add_msl[] =
    "#include <metal_stdlib>\nusing namespace metal;\n"
    "kernel void add(" ABI_ARGS ") {\n"
    "  ulong in = *(constant ulong *)(anchor_params + 0);\n"
    "  ulong out = *(constant ulong *)(anchor_params + 8);\n"
    "  int add = *(constant int *)(anchor_params + 16);\n"
    "  uint n = *(constant uint *)(anchor_params + 20);\n"
    "  uint i = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
    "  if (i < n) *reinterpret_cast<device int *>(out + (ulong)i * 4 + anchor_ctx[0]) =\n"
    "      *reinterpret_cast<device int *>(in + (ulong)i * 4 + anchor_ctx[0]) + add;\n"
    "}\n";
static ac_param add_params[] = {{0, 8}, {8, 8}, {16, 4}, {20, 4}};
static const ac_kernel add_kernel[] = {{"add", 24, 0, false, 4, add_params, 0, 0, 0, false}};
static void add_stub(void) {}

enum { THREADS = 4, ROUNDS = 40 };

typedef struct {
  int id, failures;
  cudaError_t last_error_seen;
} worker_state;

static int one_round(int id, int round) {
  unsigned n = 1000 + (unsigned)(id * 317 + round * 53) % 5000;
  int *host = malloc(n * sizeof *host), *in, *out, failures = 0;
  for (unsigned i = 0; i < n; i++)
    host[i] = (int)(i * 3) + id;
  if (cudaMalloc((void **)&in, n * sizeof *in) != cudaSuccess) return 1;
  if (cudaMalloc((void **)&out, n * sizeof *out) != cudaSuccess) return 1;
  cudaMemset(out, 0, n * sizeof *out);
  cudaMemcpy(in, host, n * sizeof *in, cudaMemcpyHostToDevice);
  int add = id * 1000 + round;
  void *args[] = {&in, &out, &add, &n};
  if (cudaLaunchKernel((const void *)add_stub, (dim3){(n + 127) / 128, 1, 1}, (dim3){128, 1, 1},
                       args, 0, 0) != cudaSuccess)
    failures++;
  cudaMemcpy(host, out, n * sizeof *out, cudaMemcpyDeviceToHost);
  for (unsigned i = 0; i < n; i++)
    failures += host[i] != (int)(i * 3) + id + add;
  cudaFree(in);
  cudaFree(out);
  free(host);
  return failures;
}

static void *worker(void *arg) {
  worker_state *w = arg;
  /* an error of this thread's own, which the others must not see or clear */
  if (w->id == 0) cudaSetDevice(7);
  for (int round = 0; round < ROUNDS; round++)
    w->failures += one_round(w->id, round);
  w->last_error_seen = cudaGetLastError();
  return NULL;
}

int main(void) {
  unsigned char *blob = make_module(add_kernel, 1, NULL, 0, add_msl);
  fatbin_wrapper wrapper = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **handle = __cudaRegisterFatBinary(&wrapper);
  __cudaRegisterFunction(handle, (const char *)add_stub, (char *)"add", "add", -1, 0, 0, 0, 0, 0);
  /* The first launch creates the device services (core_services.c), which
   * keep their arena blocks: what the threads leave is measured after it. */
  CHECK(one_round(THREADS, 0) == 0);
  size_t baseline, total;
  CHECK_ERR(cudaMemGetInfo(&baseline, &total), cudaSuccess);
  CHECK(baseline < total);
  pthread_t threads[THREADS];
  worker_state states[THREADS];
  for (int i = 0; i < THREADS; i++) {
    states[i] = (worker_state){i, 0, cudaSuccess};
    pthread_create(&threads[i], NULL, worker, &states[i]);
  }
  for (int i = 0; i < THREADS; i++)
    pthread_join(threads[i], NULL);
  for (int i = 0; i < THREADS; i++) {
    CHECK(states[i].failures == 0);
    CHECK_ERR(states[i].last_error_seen, i == 0 ? cudaErrorInvalidDevice : cudaSuccess);
  }
  size_t free_bytes;
  CHECK_ERR(cudaMemGetInfo(&free_bytes, &total), cudaSuccess);
  CHECK(free_bytes == baseline); /* everything freed, nothing leaked in the arena */
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  __cudaUnregisterFatBinary(handle);
  free(blob);
  return check_finish("test_threads");
}
