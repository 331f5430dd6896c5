// events_timing.cu — events timed by the GPU: cudaEventElapsedTime across a slow kernel
// is > 0 ms and at most the host's wall time around it; an empty interval is >= 0; the
// errors: an event created with cudaEventDisableTiming, or never recorded, gives
// cudaErrorInvalidResourceHandle; an event whose work has not completed gives
// cudaErrorNotReady from cudaEventQuery and cudaEventElapsedTime (checked only when
// the query itself said not ready, so no timing assumption); cudaEventBlockingSync
// events synchronise (a reversed pair's elapsed time is printed, not checked);
// cudaEventRecordWithFlags with cudaEventRecordExternal outside a capture is
// cudaErrorIllegalState (H200, CUDA 13, 2026-12-01; the reference: the flag "is invalid
// when used outside of capture"), bad flags are cudaErrorInvalidValue; inside a stream
// capture cudaEventRecordExternal and cudaEventWaitExternal make an event-record and an
// event-wait node, and the instantiated graph records the event when it runs.
// cudaStreamWaitEvent with cudaEventWaitExternal outside a capture is printed only
// (Anchor: cudaErrorIllegalState, as the record flag's).
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <time.h>

enum { N = 1 << 14 };

__device__ unsigned slow_sink[1 << 16];

__global__ void slow_fill(int *a, int n, int value, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = (unsigned)i;
  for (int r = 0; r < rounds; r++) x = x * 1664525u + 1013904223u;
  slow_sink[i & 0xFFFF] = x; // keeps the loop
  a[i] = value;
}

static int failures;
static void expect(cudaError_t got, cudaError_t want, const char *what) {
  if (got != want) {
    printf("FAIL: %s: %s, want %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
    failures++;
  }
}
static double now_ms() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main() {
  int *a;
  expect(cudaMalloc(&a, N * sizeof(int)), cudaSuccess, "cudaMalloc");
  if (failures) return 1;
  cudaStream_t s;
  expect(cudaStreamCreate(&s), cudaSuccess, "cudaStreamCreate");
  cudaEvent_t start, stop, untimed, never, blocking;
  expect(cudaEventCreate(&start), cudaSuccess, "create start");
  expect(cudaEventCreate(&stop), cudaSuccess, "create stop");
  expect(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming), cudaSuccess, "create untimed");
  expect(cudaEventCreate(&never), cudaSuccess, "create never");
  expect(cudaEventCreateWithFlags(&blocking, cudaEventBlockingSync), cudaSuccess,
         "create blocking");
  slow_fill<<<N / 256, 256, 0, s>>>(a, N, 1, 10); // warm up: compile, load
  expect(cudaDeviceSynchronize(), cudaSuccess, "warm-up");

  double t0 = now_ms();
  expect(cudaEventRecord(start, s), cudaSuccess, "record start");
  slow_fill<<<N / 256, 256, 0, s>>>(a, N, 2, 20000);
  expect(cudaEventRecord(stop, s), cudaSuccess, "record stop");
  expect(cudaEventRecord(untimed, s), cudaSuccess, "record untimed");
  cudaError_t q = cudaEventQuery(stop);
  if (q == cudaErrorNotReady) {
    float early = -1;
    expect(cudaEventElapsedTime(&early, start, stop), cudaErrorNotReady,
           "cudaEventElapsedTime before stop completed");
  } else {
    printf("note: the kernel finished before cudaEventQuery (%s)\n", cudaGetErrorName(q));
  }
  expect(cudaEventSynchronize(stop), cudaSuccess, "cudaEventSynchronize stop");
  double wall = now_ms() - t0;
  expect(cudaEventQuery(stop), cudaSuccess, "cudaEventQuery stop after synchronize");
  float ms = -1;
  expect(cudaEventElapsedTime(&ms, start, stop), cudaSuccess, "cudaEventElapsedTime");
  printf("kernel: %.3f ms by events, %.3f ms wall\n", ms, wall);
  if (!(ms > 0.0f && ms <= wall + 0.5)) {
    printf("FAIL: elapsed %.3f ms is not in (0, wall %.3f]\n", ms, wall);
    failures++;
  }
  float zero = -1;
  expect(cudaEventElapsedTime(&zero, stop, stop), cudaSuccess, "elapsed stop..stop");
  if (zero != 0.0f) {
    printf("FAIL: elapsed between an event and itself is %f\n", zero);
    failures++;
  }
  float back = 0; // printed only: the reference does not say what a reversed pair gives
  cudaError_t reversed = cudaEventElapsedTime(&back, stop, start);
  printf("elapsed stop..start: %s, %.3f ms\n", cudaGetErrorName(reversed), back);

  float unused;
  expect(cudaEventSynchronize(untimed), cudaSuccess, "cudaEventSynchronize untimed");
  expect(cudaEventElapsedTime(&unused, start, untimed), cudaErrorInvalidResourceHandle,
         "elapsed to a cudaEventDisableTiming event");
  expect(cudaEventElapsedTime(&unused, untimed, stop), cudaErrorInvalidResourceHandle,
         "elapsed from a cudaEventDisableTiming event");
  expect(cudaEventElapsedTime(&unused, start, never), cudaErrorInvalidResourceHandle,
         "elapsed to an event never recorded");
  expect(cudaEventQuery(never), cudaSuccess, "cudaEventQuery of an event never recorded");
  expect(cudaEventSynchronize(never), cudaSuccess, "cudaEventSynchronize never recorded");
  expect(cudaEventElapsedTime(NULL, start, stop), cudaErrorInvalidValue, "elapsed into NULL");

  slow_fill<<<N / 256, 256, 0, s>>>(a, N, 3, 2000);
  expect(cudaEventRecordWithFlags(blocking, s, cudaEventRecordExternal), cudaErrorIllegalState,
         "cudaEventRecordWithFlags external outside capture");
  expect(cudaGetLastError(), cudaErrorIllegalState, "cudaGetLastError after it");
  expect(cudaEventRecordWithFlags(blocking, s, cudaEventRecordDefault), cudaSuccess,
         "cudaEventRecordWithFlags default");
  expect(cudaEventSynchronize(blocking), cudaSuccess, "cudaEventSynchronize blocking-sync");
  int first = 0;
  expect(cudaMemcpy(&first, a, sizeof first, cudaMemcpyDeviceToHost), cudaSuccess, "cudaMemcpy");
  if (first != 3) {
    printf("FAIL: a[0] = %d after the blocking-sync event, want 3\n", first);
    failures++;
  }
  expect(cudaEventRecordWithFlags(blocking, s, 0x80), cudaErrorInvalidValue,
         "cudaEventRecordWithFlags bad flags");
  printf("cudaStreamWaitEvent external outside capture: %s\n",
         cudaGetErrorName(cudaStreamWaitEvent(s, blocking, cudaEventWaitExternal)));
  cudaGetLastError();

  // Inside a capture: a wait node for `before` (recorded outside), the kernel, a record
  // node for `after`; launching the graph records `after` once the kernel is done.
  cudaEvent_t before, after;
  cudaStream_t c;
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  expect(cudaEventCreate(&before), cudaSuccess, "create before");
  expect(cudaEventCreate(&after), cudaSuccess, "create after");
  expect(cudaStreamCreateWithFlags(&c, cudaStreamNonBlocking), cudaSuccess, "create c");
  slow_fill<<<N / 256, 256, 0, s>>>(a, N, 4, 2000);
  expect(cudaEventRecord(before, s), cudaSuccess, "record before");
  expect(cudaStreamBeginCapture(c, cudaStreamCaptureModeGlobal), cudaSuccess, "begin capture");
  expect(cudaStreamWaitEvent(c, before, cudaEventWaitExternal), cudaSuccess,
         "cudaStreamWaitEvent external in capture");
  slow_fill<<<N / 256, 256, 0, c>>>(a, N, 5, 2000);
  expect(cudaEventRecordWithFlags(after, c, cudaEventRecordExternal), cudaSuccess,
         "cudaEventRecordWithFlags external in capture");
  expect(cudaStreamEndCapture(c, &graph), cudaSuccess, "end capture");
  size_t count = 0;
  int kernels = 0, records = 0, waits = 0;
  cudaGraphNode_t nodes[8];
  if (graph) {
    count = 8;
    expect(cudaGraphGetNodes(graph, nodes, &count), cudaSuccess, "cudaGraphGetNodes");
    for (size_t i = 0; i < count && i < 8; i++) {
      cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
      expect(cudaGraphNodeGetType(nodes[i], &type), cudaSuccess, "cudaGraphNodeGetType");
      kernels += type == cudaGraphNodeTypeKernel;
      records += type == cudaGraphNodeTypeEventRecord;
      waits += type == cudaGraphNodeTypeWaitEvent;
    }
  }
  printf("captured nodes: %zu (kernel %d, event record %d, event wait %d)\n", count, kernels,
         records, waits);
  if (count != 3 || kernels != 1 || records != 1 || waits != 1) {
    printf("FAIL: the capture is not a wait node, a kernel and a record node\n");
    failures++;
  }
  if (graph) expect(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess, "cudaGraphInstantiate");
  if (exec) {
    expect(cudaGraphLaunch(exec, c), cudaSuccess, "cudaGraphLaunch");
    expect(cudaEventSynchronize(after), cudaSuccess, "cudaEventSynchronize after");
    expect(cudaEventQuery(after), cudaSuccess, "cudaEventQuery after");
    first = 0;
    expect(cudaMemcpy(&first, a, sizeof first, cudaMemcpyDeviceToHost), cudaSuccess,
           "cudaMemcpy after the graph");
    if (first != 5) {
      printf("FAIL: a[0] = %d once the graph's record node completed, want 5\n", first);
      failures++;
    }
    cudaGraphExecDestroy(exec);
  }
  if (graph) cudaGraphDestroy(graph);
  cudaEventDestroy(before);
  cudaEventDestroy(after);
  cudaStreamDestroy(c);

  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaEventDestroy(untimed);
  cudaEventDestroy(never);
  cudaEventDestroy(blocking);
  cudaStreamDestroy(s);
  cudaFree(a);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
