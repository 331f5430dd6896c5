// stream_errors.cu — the codes of stream and event calls with bad arguments (those
// CUDA defines: NULL outputs, unknown flags, out-of-range priorities), and the stream
// queries' answers. Every call's result is printed ("name: code") so that a run under
// nvcc shows CUDA's own; the checks are what the CUDA Runtime API reference says.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

static int failures;
static void expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%s: %s\n", what, cudaGetErrorName(got));
  if (got != want) {
    printf("FAIL: %s: %s, want %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
    failures++;
  }
  cudaGetLastError();
}

static void CUDART_CB host_fn(void *) {}
static void CUDART_CB callback(cudaStream_t, cudaError_t, void *) {}

int main() {
  cudaStream_t s = NULL, nb = NULL, lo = NULL, hi = NULL;
  cudaEvent_t e = NULL, ipc = NULL;
  int least = 99, greatest = 99;
  expect("cudaDeviceGetStreamPriorityRange", cudaDeviceGetStreamPriorityRange(&least, &greatest),
         cudaSuccess);
  printf("priority range: least %d, greatest %d\n", least, greatest);
  expect("cudaDeviceGetStreamPriorityRange(NULL, NULL)",
         cudaDeviceGetStreamPriorityRange(NULL, NULL), cudaSuccess);
  expect("cudaStreamCreate(NULL)", cudaStreamCreate(NULL), cudaErrorInvalidValue);
  expect("cudaStreamCreateWithFlags(NULL)", cudaStreamCreateWithFlags(NULL, 0),
         cudaErrorInvalidValue);
  expect("cudaStreamCreateWithFlags(bad flags)", cudaStreamCreateWithFlags(&s, 0x10),
         cudaErrorInvalidValue);
  expect("cudaStreamCreate", cudaStreamCreate(&s), cudaSuccess);
  expect("cudaStreamCreateWithFlags(NonBlocking)",
         cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking), cudaSuccess);
  expect("cudaStreamCreateWithPriority(least + 10)",
         cudaStreamCreateWithPriority(&lo, 0, least + 10), cudaSuccess);
  expect("cudaStreamCreateWithPriority(greatest - 10)",
         cudaStreamCreateWithPriority(&hi, 0, greatest - 10), cudaSuccess);
  expect("cudaStreamCreateWithPriority(NULL)", cudaStreamCreateWithPriority(NULL, 0, 0),
         cudaErrorInvalidValue);
  int p = 99;
  expect("cudaStreamGetPriority(lo)", cudaStreamGetPriority(lo, &p), cudaSuccess);
  if (p != least) printf("FAIL: priority above the range is %d, want %d\n", p, least), failures++;
  expect("cudaStreamGetPriority(hi)", cudaStreamGetPriority(hi, &p), cudaSuccess);
  if (p != greatest)
    printf("FAIL: priority below the range is %d, want %d\n", p, greatest), failures++;
  expect("cudaStreamGetPriority(NULL out)", cudaStreamGetPriority(s, NULL), cudaErrorInvalidValue);
  unsigned flags = 99;
  expect("cudaStreamGetFlags(nb)", cudaStreamGetFlags(nb, &flags), cudaSuccess);
  if (flags != cudaStreamNonBlocking) printf("FAIL: flags %u\n", flags), failures++;
  expect("cudaStreamGetFlags(s)", cudaStreamGetFlags(s, &flags), cudaSuccess);
  if (flags != cudaStreamDefault) printf("FAIL: flags %u\n", flags), failures++;
  expect("cudaStreamGetFlags(0)", cudaStreamGetFlags(0, &flags), cudaSuccess);
  printf("stream 0 flags: %u\n", flags);
  expect("cudaStreamGetFlags(NULL out)", cudaStreamGetFlags(s, NULL), cudaErrorInvalidValue);
  unsigned long long id_s = 0, id_nb = 0, id_0 = 0, id_legacy = 0, id_pt = 0;
  expect("cudaStreamGetId(s)", cudaStreamGetId(s, &id_s), cudaSuccess);
  expect("cudaStreamGetId(nb)", cudaStreamGetId(nb, &id_nb), cudaSuccess);
  expect("cudaStreamGetId(0)", cudaStreamGetId(0, &id_0), cudaSuccess);
  expect("cudaStreamGetId(legacy)", cudaStreamGetId(cudaStreamLegacy, &id_legacy), cudaSuccess);
  expect("cudaStreamGetId(per-thread)", cudaStreamGetId(cudaStreamPerThread, &id_pt),
         cudaSuccess);
  // The ids' values are the driver's numbering, not a contract: on the H200 (CUDA 13,
  // 2026-12-01) "s 13, nb 14, 0 7, legacy 7, per-thread 17" (its own internal streams
  // take numbers too), on Anchor "s 2, nb 3, 0 1, legacy 1, per-thread 6"; the same
  // order of creation in both (the per-thread stream made at its first use, after lo/hi).
  printf("ids: s %llu, nb %llu, 0 %llu, legacy %llu, per-thread %llu\n", id_s, id_nb, id_0,
         id_legacy, id_pt);
  if (id_s == id_nb || id_s == id_legacy || id_0 != id_legacy)
    printf("FAIL: stream ids: two streams share one, or 0 is not the legacy stream\n"), failures++;
  expect("cudaStreamGetId(NULL out)", cudaStreamGetId(s, NULL), cudaErrorInvalidValue);
  int device = 99;
  expect("cudaStreamGetDevice(s)", cudaStreamGetDevice(s, &device), cudaSuccess);
  if (device != 0) printf("FAIL: device %d\n", device), failures++;

  expect("cudaEventCreate(NULL)", cudaEventCreate(NULL), cudaErrorInvalidValue);
  expect("cudaEventCreateWithFlags(bad flags)", cudaEventCreateWithFlags(&e, 0x100),
         cudaErrorInvalidValue);
  expect("cudaEventCreateWithFlags(Interprocess alone)",
         cudaEventCreateWithFlags(&e, cudaEventInterprocess), cudaErrorInvalidValue);
  expect("cudaEventCreateWithFlags(Interprocess|DisableTiming)",
         cudaEventCreateWithFlags(&ipc, cudaEventInterprocess | cudaEventDisableTiming),
         cudaSuccess);
  expect("cudaEventCreate", cudaEventCreate(&e), cudaSuccess);
  expect("cudaEventRecordWithFlags(bad flags)", cudaEventRecordWithFlags(e, s, 0x10),
         cudaErrorInvalidValue);
  expect("cudaEventRecord", cudaEventRecord(e, s), cudaSuccess);
  expect("cudaStreamWaitEvent(bad flags)", cudaStreamWaitEvent(nb, e, 0x10),
         cudaErrorInvalidValue);
  expect("cudaStreamWaitEvent", cudaStreamWaitEvent(nb, e, 0), cudaSuccess);
  expect("cudaStreamWaitEvent(never recorded)", cudaStreamWaitEvent(nb, ipc, 0), cudaSuccess);
  expect("cudaLaunchHostFunc(NULL fn)", cudaLaunchHostFunc(s, NULL, NULL), cudaErrorInvalidValue);
  expect("cudaLaunchHostFunc", cudaLaunchHostFunc(s, host_fn, NULL), cudaSuccess);
  expect("cudaStreamAddCallback(NULL)", cudaStreamAddCallback(s, NULL, NULL, 0),
         cudaErrorInvalidValue);
  expect("cudaStreamAddCallback(flags 1)", cudaStreamAddCallback(s, callback, NULL, 1),
         cudaErrorInvalidValue);
  expect("cudaStreamAddCallback", cudaStreamAddCallback(s, callback, NULL, 0), cudaSuccess);
  expect("cudaStreamSynchronize(s)", cudaStreamSynchronize(s), cudaSuccess);
  expect("cudaStreamSynchronize(nb)", cudaStreamSynchronize(nb), cudaSuccess);
  expect("cudaStreamQuery(s)", cudaStreamQuery(s), cudaSuccess);
  expect("cudaStreamQuery(0)", cudaStreamQuery(0), cudaSuccess);
  expect("cudaStreamQuery(per-thread)", cudaStreamQuery(cudaStreamPerThread), cudaSuccess);
  expect("cudaEventQuery", cudaEventQuery(e), cudaSuccess);
  expect("cudaEventDestroy(e)", cudaEventDestroy(e), cudaSuccess);
  expect("cudaEventDestroy(ipc)", cudaEventDestroy(ipc), cudaSuccess);
  expect("cudaStreamDestroy(s)", cudaStreamDestroy(s), cudaSuccess);
  expect("cudaStreamDestroy(nb)", cudaStreamDestroy(nb), cudaSuccess);
  expect("cudaStreamDestroy(lo)", cudaStreamDestroy(lo), cudaSuccess);
  expect("cudaStreamDestroy(hi)", cudaStreamDestroy(hi), cudaSuccess);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
