// graph_capture_errors.cu — end-to-end test of stream capture's error codes, each call's
// result printed: an unsafe call (cudaMalloc, cudaDeviceSynchronize) during a Global
// capture (cudaErrorStreamCaptureUnsupported, then cudaErrorStreamCaptureInvalidated from
// the invalidated capture and at cudaStreamEndCapture), the same in Relaxed mode and
// after cudaThreadExchangeStreamCaptureMode (allowed), synchronising or querying a
// capturing stream, cudaStreamAddCallback in a capture, legacy-stream work while a blocking stream captures
// (cudaErrorStreamCaptureImplicit), capturing the legacy stream, beginning twice,
// ending a stream that is not capturing (cudaErrorIllegalState), ending from a forked
// stream (cudaErrorStreamCaptureUnmatched), an unjoined fork
// (cudaErrorStreamCaptureUnjoined), querying a captured event (cudaErrorCapturedEvent;
// synchronising with it: cudaErrorInvalidValue),
// ending from another thread (cudaErrorStreamCaptureWrongThread). Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      printf("FAIL: %s: %s (%s) at line %d\n", #call, cudaGetErrorString(err_),          \
             cudaGetErrorName(err_), __LINE__);                                          \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)
// Each call's result is printed; a wrong one is counted and the sequence goes on, so that
// one run on CUDA shows every line (the program fails at its end).
static int failures;
#define EXPECT(call, code)                                                               \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    printf("%-70s -> %s\n", #call, cudaGetErrorName(err_));                              \
    if (err_ != (code)) {                                                                \
      printf("FAIL: expected %s at line %d\n", #code, __LINE__);                         \
      failures++;                                                                        \
    }                                                                                    \
  } while (0)

__global__ void inc(int *a) { a[threadIdx.x] += 1; }

static cudaStream_t shared_stream;
static cudaError_t thread_result;
static void *end_elsewhere(void *) {
  cudaGraph_t g = NULL;
  thread_result = cudaStreamEndCapture(shared_stream, &g);
  return NULL;
}

static int callbacks;
static void CUDART_CB callback(cudaStream_t, cudaError_t, void *) { callbacks++; }

static cudaStreamCaptureStatus status_of(cudaStream_t s) {
  cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  cudaStreamIsCapturing(s, &st);
  return st;
}

int main(void) {
  int *a;
  CHECK(cudaMalloc(&a, 64 * sizeof(int)));
  CHECK(cudaMemset(a, 0, 64 * sizeof(int)));
  cudaStream_t s, t;
  CHECK(cudaStreamCreate(&s)); // blocking: synchronises with the legacy stream
  CHECK(cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking));
  cudaGraph_t g = NULL;
  void *p = NULL;

  // 1. cudaMalloc in a Global capture
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  inc<<<1, 64, 0, s>>>(a);
  EXPECT(cudaMalloc(&p, 256), cudaErrorStreamCaptureUnsupported);
  cudaGetLastError();
  if (status_of(s) != cudaStreamCaptureStatusInvalidated) {
    printf("FAIL: capture not invalidated (status %d)\n", (int)status_of(s));
    return 1;
  }
  inc<<<1, 64, 0, s>>>(a);
  EXPECT(cudaGetLastError(), cudaErrorStreamCaptureInvalidated);
  EXPECT(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  if (g != NULL) { printf("FAIL: a graph from an invalidated capture\n"); return 1; }
  cudaGetLastError();

  // 2. cudaDeviceSynchronize in a Global capture (from a non-blocking stream)
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  EXPECT(cudaDeviceSynchronize(), cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();

  // 3. Relaxed: cudaMalloc is allowed
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeRelaxed));
  EXPECT(cudaMalloc(&p, 256), cudaSuccess);
  inc<<<1, 64, 0, t>>>(a);
  EXPECT(cudaStreamEndCapture(t, &g), cudaSuccess);
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaFree(p));

  // 4. the thread's mode made Relaxed under a Global capture
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  if (mode != cudaStreamCaptureModeGlobal) { printf("FAIL: old mode %d\n", (int)mode); return 1; }
  EXPECT(cudaMalloc(&p, 256), cudaSuccess);
  CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  if (mode != cudaStreamCaptureModeRelaxed) { printf("FAIL: old mode %d\n", (int)mode); return 1; }
  inc<<<1, 64, 0, t>>>(a);
  EXPECT(cudaStreamEndCapture(t, &g), cudaSuccess);
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaFree(p));

  // 5. synchronising and querying a capturing stream
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  EXPECT(cudaStreamSynchronize(t), cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorStreamCaptureInvalidated);
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  EXPECT(cudaStreamQuery(t), cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();

  // 5b. cudaStreamAddCallback cannot be captured (cudaLaunchHostFunc can)
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  EXPECT(cudaStreamAddCallback(t, callback, NULL, 0), cudaErrorStreamCaptureUnsupported);
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorStreamCaptureInvalidated);
  if (callbacks != 0) { printf("FAIL: the callback ran during capture\n"); return 1; }
  cudaGetLastError();

  // 6. legacy-stream work while a blocking stream captures
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  inc<<<1, 64>>>(a);
  EXPECT(cudaGetLastError(), cudaErrorStreamCaptureImplicit);
  EXPECT(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();

  // 7. the legacy stream cannot capture; twice; ending what does not capture
  EXPECT(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  EXPECT(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
  EXPECT(cudaStreamEndCapture(s, &g), cudaErrorIllegalState);
  EXPECT(cudaStreamBeginCapture(s, (cudaStreamCaptureMode)7), cudaErrorInvalidValue);
  inc<<<1, 64, 0, t>>>(a);
  EXPECT(cudaStreamEndCapture(t, &g), cudaSuccess);
  CHECK(cudaGraphDestroy(g));
  cudaGetLastError();

  // 8. a captured event: cudaEventQuery gives cudaErrorCapturedEvent, cudaEventSynchronize
  // cudaErrorInvalidValue (H200, CUDA 13, 2026-12-01; this program expected
  // cudaErrorCapturedEvent for both); they invalidate the capture (H200: status 2 after
  // them, and the end gives cudaErrorStreamCaptureInvalidated)
  cudaEvent_t ev;
  CHECK(cudaEventCreate(&ev));
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  inc<<<1, 64, 0, t>>>(a);
  CHECK(cudaEventRecord(ev, t));
  EXPECT(cudaEventQuery(ev), cudaErrorCapturedEvent);
  EXPECT(cudaEventSynchronize(ev), cudaErrorInvalidValue);
  printf("%-70s -> status %d\n", "cudaStreamIsCapturing(t) after them", (int)status_of(t));
  if (status_of(t) != cudaStreamCaptureStatusInvalidated) {
    printf("FAIL: the capture is not invalidated\n");
    failures++;
  }
  g = NULL;
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorStreamCaptureInvalidated);
  if (g) CHECK(cudaGraphDestroy(g));
  cudaGetLastError();

  // 8b. fork without join; ending from the forked stream: cudaErrorStreamCaptureUnmatched,
  // which invalidates the capture (H200, CUDA 13, 2026-12-01: the origin's end then gives
  // cudaErrorStreamCaptureInvalidated, not cudaErrorStreamCaptureUnjoined)
  cudaStream_t u;
  CHECK(cudaStreamCreateWithFlags(&u, cudaStreamNonBlocking));
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  inc<<<1, 64, 0, t>>>(a);
  CHECK(cudaEventRecord(ev, t));
  CHECK(cudaStreamWaitEvent(u, ev, 0));
  inc<<<1, 64, 0, u>>>(a);
  EXPECT(cudaStreamEndCapture(u, &g), cudaErrorStreamCaptureUnmatched);
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorStreamCaptureInvalidated);
  if (status_of(u) != cudaStreamCaptureStatusNone || status_of(t) != cudaStreamCaptureStatusNone) {
    printf("FAIL: streams still capturing after the failed end\n");
    return 1;
  }
  cudaGetLastError();

  // 9. ending a Global capture from another thread: cudaErrorStreamCaptureWrongThread, and
  // the capture is over (H200, CUDA 13, 2026-12-01: the origin's end then gives
  // cudaErrorIllegalState)
  shared_stream = t;
  CHECK(cudaStreamBeginCapture(t, cudaStreamCaptureModeGlobal));
  inc<<<1, 64, 0, t>>>(a);
  pthread_t th;
  pthread_create(&th, NULL, end_elsewhere, NULL);
  pthread_join(th, NULL);
  printf("%-70s -> %s\n", "cudaStreamEndCapture(t) on another thread", cudaGetErrorName(thread_result));
  if (thread_result != cudaErrorStreamCaptureWrongThread) {
    printf("FAIL: expected cudaErrorStreamCaptureWrongThread\n");
    failures++;
  }
  EXPECT(cudaStreamEndCapture(t, &g), cudaErrorIllegalState);
  cudaGetLastError();

  // the work of the failed captures never ran: a is still zero
  int h[64];
  CHECK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++)
    if (h[i] != 0) { printf("FAIL: captured work ran (a[%d] = %d)\n", i, h[i]); return 1; }
  CHECK(cudaEventDestroy(ev));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaStreamDestroy(t));
  CHECK(cudaStreamDestroy(u));
  CHECK(cudaFree(a));
  if (failures) {
    printf("FAIL: %d results differ from the expected ones\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
