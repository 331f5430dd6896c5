/* tests/cudametal/test_launch_calls.c — what one kernel launch issues to the CUDA driver
 * through libanchor and cudametal (issue 12: the launch path's cost per launch), counted
 * by the CPU stand-in for the driver (fake_cuda.c, per thread: the launching thread's
 * calls, not the completion thread's). No compiler: a hand-written kernel
 * (tests/runtime/add_kernel.h); NVRTC compiles its MSL, the fake driver runs nothing.
 *   1. N launches on a stream: N cuLaunchKernel, 2N cuEventRecord (each command buffer's
 *      start and end; the stream timeline's signal is marked by the end, and writes no
 *      memory: nobody polls it), no cuStreamWriteValue64, no waits (the stream's wait for
 *      its own previous launch is in order).
 *   2. N launches queued behind a host function that holds the stream: libanchor asks
 *      each stream's oldest command buffer in flight, not every one (O(N) cuEventQuery
 *      in all, where it was O(N²)).
 *   3. the parameter buffer given to cuLaunchKernel: the whole struct cm_args (8576 bytes);
 *      with the argument `used` (CUDAMETAL_PARAM_BYTES=used, an experiment) only its set
 *      part: the tables (384 bytes) and the setBytes: copies.
 * Before 2026-12-06 (issue 12's launch-path work): 3N records, N memory writes, and N²
 * queries in step 2. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdatomic.h>
#include <time.h>

#include "handmade.h"

#include "add_kernel.h"

enum { N = 200 };

static long (*calls)(const char *name);
static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static const char *const names[] = {
    "cuLaunchKernel",      "cuEventRecord", "cuStreamWriteValue64", "cuStreamWaitEvent",
    "cuStreamWaitValue64", "cuEventQuery",  "cuEventCreate",        "cuLaunchHostFunc"};
enum { LAUNCH, RECORD, WRITE, WAIT_EVENT, WAIT_VALUE, QUERY, CREATE, HOST, KINDS };
static void snapshot(long *out) {
  for (int i = 0; i < KINDS; i++)
    out[i] = calls(names[i]);
}
static void report(const char *step, const long *before, const long *after) {
  printf("%s, per %d launches:", step, N);
  for (int i = 0; i < KINDS; i++)
    printf(" %s %ld", names[i], after[i] - before[i]);
  printf("\n");
}

static atomic_int released;
static void hold_stream(void *unused) { /* a host function: holds the stream until released */
  (void)unused;
  struct timespec pause = {0, 100000};
  for (int i = 0; i < 100000 && !atomic_load(&released); i++) /* at most ~10 s */
    nanosleep(&pause, NULL);
}

static cudaError_t launches(cudaStream_t stream, int *p) {
  int n = 32, v = 1;
  void *args[] = {&p, &n, &v};
  dim3 grid = {1, 1, 1}, block = {32, 1, 1};
  cudaError_t e = cudaSuccess;
  for (int i = 0; i < N && e == cudaSuccess; i++)
    e = cudaLaunchKernel((const void *)add_stub, grid, block, args, 0, stream);
  return e;
}

int main(int argc, char **argv) {
  bool used = argc > 1 && !strcmp(argv[1], "used");
  if (used) setenv("CUDAMETAL_PARAM_BYTES", "used", 1);
  unsigned char *blob = make_module(kernels, 1, NULL, 0, msl);
  fatbin_wrapper w = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(&w);
  __cudaRegisterFunction(h, (const char *)add_stub, (char *)"add", "add", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFatBinaryEnd(h);

  int *p = NULL;
  cudaStream_t stream = NULL;
  if (cudaMalloc((void **)&p, 1024) != cudaSuccess ||
      cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) {
    printf("FAIL no device (ANCHOR_METAL=cudametal over tests/cudametal/fake_cuda.c?)\n");
    return 1;
  }
  const char *driver = getenv("CUDAMETAL_LIBCUDA");
  void *cuda = driver ? dlopen(driver, RTLD_NOW | RTLD_NOLOAD) : NULL;
  calls = cuda ? (long (*)(const char *))dlsym(cuda, "fake_cuda_thread_calls") : NULL;
  long (*param_bytes)(void) =
      cuda ? (long (*)(void))dlsym(cuda, "fake_cuda_last_param_bytes") : NULL;
  if (!calls || !param_bytes) {
    printf("FAIL cudametal is not running over tests/cudametal/fake_cuda.c\n");
    return 1;
  }
  /* warm-up: the module's compilation, the stream's queue and timeline */
  CHECK(launches(stream, p) == cudaSuccess && cudaStreamSynchronize(stream) == cudaSuccess,
        "warm-up");

  long before[KINDS], after[KINDS];
  snapshot(before);
  CHECK(launches(stream, p) == cudaSuccess, "step 1 launches");
  snapshot(after);
  report("step 1", before, after);
  CHECK(after[LAUNCH] - before[LAUNCH] == N, "one cuLaunchKernel per launch");
  CHECK(after[RECORD] - before[RECORD] == 2 * N,
        "two cuEventRecord per launch (start, end = the timeline's signal): %ld",
        after[RECORD] - before[RECORD]);
  CHECK(after[WRITE] == before[WRITE], "no cuStreamWriteValue64 (no one polls the timeline)");
  CHECK(after[WAIT_EVENT] == before[WAIT_EVENT] && after[WAIT_VALUE] == before[WAIT_VALUE],
        "no waits (the stream's own order)");
  CHECK(cudaStreamSynchronize(stream) == cudaSuccess, "step 1 synchronize");
  /* the add kernel's 16 bytes of parameters and the context words, 16-aligned, after the
   * 32 buffer addresses and 32 threadgroup offsets */
  long bytes = param_bytes();
  printf("step 3: the parameter buffer is %ld bytes\n", bytes);
  if (used)
    CHECK(bytes > 384 && bytes < 1024 && bytes % 16 == 0, "the used part: %ld bytes", bytes);
  else
    CHECK(bytes == 8576, "the whole struct cm_args: %ld bytes", bytes);

  CHECK(cudaLaunchHostFunc(stream, hold_stream, NULL) == cudaSuccess, "host function");
  snapshot(before);
  CHECK(launches(stream, p) == cudaSuccess, "step 2 launches");
  snapshot(after);
  report("step 2", before, after);
  atomic_store(&released, 1);
  CHECK(after[QUERY] - before[QUERY] <= 3 * N + 10,
        "%ld cuEventQuery for %d launches held in flight: at most a few per launch",
        after[QUERY] - before[QUERY], N);
  CHECK(after[RECORD] - before[RECORD] == 2 * N && after[WRITE] == before[WRITE],
        "held launches issue the same");
  CHECK(cudaStreamSynchronize(stream) == cudaSuccess, "step 2 synchronize");

  cudaStreamDestroy(stream);
  cudaFree(p);
  __cudaUnregisterFatBinary(h);
  free(blob);
  printf("%s test_launch_calls%s\n", failures ? "FAIL" : "PASS", used ? " used" : "");
  return failures != 0;
}
