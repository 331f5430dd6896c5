/* tests/runtime/test_streams.c — libanchor's stream and event contract where CUDA
 * leaves it undefined or where it needs no kernel: stale and foreign handles are
 * errors, never crashes; API calls from a host function return
 * cudaErrorNotPermitted instead of deadlocking (also while the main thread waits
 * in cudaDeviceSynchronize); a host function sees the stream's earlier copies and
 * the stream's later copies wait for it; priorities are clamped to [-5, 0]; the
 * stream queries; an event record on the legacy stream after a blocking stream's
 * work completes only after it. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cuda_runtime_api.h"

static void sleep_ms(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

typedef struct {
  cudaError_t synchronize, memcpy_, stream_sync, event_sync, get_last;
  int *device, *host;
  int seen;
} inside_call;

/* Calls the API from a host function, as CUDA forbids: must not deadlock. */
static void calls_the_api(void *data) {
  inside_call *c = data;
  sleep_ms(50); /* the main thread is in cudaDeviceSynchronize by now */
  c->seen = c->host[0];
  c->synchronize = cudaDeviceSynchronize();
  int x = 0;
  c->memcpy_ = cudaMemcpy(&x, c->device, sizeof x, cudaMemcpyDeviceToHost);
  c->stream_sync = cudaStreamSynchronize(0);
  cudaEvent_t e = NULL;
  c->event_sync = cudaEventSynchronize(e); /* NULL: invalid either way, never a wait */
  c->get_last = cudaGetLastError();
  c->host[1] = 1234; /* the stream's later copy must see this */
}

static void test_host_function_api_calls(void) {
  cudaStream_t s;
  int *device = NULL, *host = NULL;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&device, 4 * sizeof(int)), cudaSuccess);
  CHECK_ERR(cudaMallocHost((void **)&host, 4 * sizeof(int)), cudaSuccess);
  memset(host, 0, 4 * sizeof(int));
  CHECK_ERR(cudaMemset(device, 0, 4 * sizeof(int)), cudaSuccess);
  CHECK_ERR(cudaMemsetAsync(device, 7, sizeof(int), s), cudaSuccess);
  CHECK_ERR(cudaMemcpyAsync(host, device, sizeof(int), cudaMemcpyDeviceToHost, s), cudaSuccess);
  inside_call c = {cudaSuccess, cudaSuccess, cudaSuccess, cudaSuccess,
                   cudaSuccess, device,      host,        0};
  CHECK_ERR(cudaLaunchHostFunc(s, calls_the_api, &c), cudaSuccess);
  /* Later work of s: copies host[1] (the function's write) to device[2], then back. */
  CHECK_ERR(cudaMemcpyAsync(device + 2, host + 1, sizeof(int), cudaMemcpyHostToDevice, s),
            cudaSuccess);
  CHECK_ERR(cudaMemcpyAsync(host + 2, device + 2, sizeof(int), cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  CHECK(c.seen == 0x07070707); /* the function ran after the stream's earlier copy */
  CHECK_ERR(c.synchronize, cudaErrorNotPermitted);
  CHECK_ERR(c.memcpy_, cudaErrorNotPermitted);
  CHECK_ERR(c.stream_sync, cudaErrorNotPermitted);
  CHECK_ERR(c.event_sync, cudaErrorInvalidResourceHandle);
  CHECK_ERR(c.get_last, cudaErrorInvalidResourceHandle); /* that thread's last error */
  CHECK(host[2] == 1234);                     /* the later copies waited for the function */
  CHECK_ERR(cudaGetLastError(), cudaSuccess); /* nothing recorded on this thread */
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaFreeHost(host), cudaSuccess);
  CHECK_ERR(cudaFree(device), cudaSuccess);
}

static void test_handles_and_queries(void) {
  cudaStream_t s, nb, lo, hi;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  CHECK_ERR(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking), cudaSuccess);
  CHECK_ERR(cudaStreamCreateWithPriority(&lo, 0, 100), cudaSuccess);
  CHECK_ERR(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, -100), cudaSuccess);
  int p = 99;
  CHECK_ERR(cudaStreamGetPriority(lo, &p), cudaSuccess);
  CHECK(p == 0);
  CHECK_ERR(cudaStreamGetPriority(hi, &p), cudaSuccess);
  CHECK(p == -5);
  CHECK_ERR(cudaStreamGetPriority(0, &p), cudaSuccess);
  CHECK(p == 0);
  unsigned flags = 99;
  CHECK_ERR(cudaStreamGetFlags(nb, &flags), cudaSuccess);
  CHECK(flags == cudaStreamNonBlocking);
  CHECK_ERR(cudaStreamGetFlags(hi, &flags), cudaSuccess);
  CHECK(flags == cudaStreamNonBlocking);
  CHECK_ERR(cudaStreamGetFlags(s, &flags), cudaSuccess);
  CHECK(flags == 0);
  unsigned long long a = 0, b = 0, legacy = 0, null_id = 0;
  CHECK_ERR(cudaStreamGetId(s, &a), cudaSuccess);
  CHECK_ERR(cudaStreamGetId(nb, &b), cudaSuccess);
  CHECK_ERR(cudaStreamGetId(cudaStreamLegacy, &legacy), cudaSuccess);
  CHECK_ERR(cudaStreamGetId(0, &null_id), cudaSuccess);
  CHECK(a != b && a != legacy && legacy == null_id);
  int device = 99;
  CHECK_ERR(cudaStreamGetDevice(s, &device), cudaSuccess);
  CHECK(device == 0);
  CHECK_ERR(cudaStreamGetFlags(s, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaStreamGetPriority(s, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaStreamGetId(s, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaStreamGetDevice(s, NULL), cudaErrorInvalidValue);

  /* Foreign and stale handles: errors, not crashes. */
  cudaStream_t foreign = (cudaStream_t)(void *)&p;
  CHECK_ERR(cudaStreamGetFlags(foreign, &flags), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamGetPriority(foreign, &p), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamGetId(foreign, &a), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamGetDevice(foreign, &device), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamSynchronize(foreign), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamQuery(foreign), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamDestroy(cudaStreamPerThread), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamDestroy(0), cudaErrorInvalidResourceHandle);
  cudaEvent_t e;
  CHECK_ERR(cudaEventCreate(&e), cudaSuccess);
  CHECK_ERR(cudaEventRecord(e, foreign), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaEventRecordWithFlags(e, foreign, 0), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamWaitEvent(foreign, e, 0), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaLaunchHostFunc(foreign, calls_the_api, NULL), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamWaitEvent(s, e, 0x10), cudaErrorInvalidValue);
  /* Outside capture, as cudaEventRecordExternal on the H200 (e2e events_timing prints it). */
  CHECK_ERR(cudaStreamWaitEvent(s, e, cudaEventWaitExternal), cudaErrorIllegalState);
  CHECK_ERR(cudaEventDestroy(e), cudaSuccess);
  CHECK_ERR(cudaEventQuery(e), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaEventSynchronize(e), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaEventRecord(e, s), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamWaitEvent(s, e, 0), cudaErrorInvalidResourceHandle);

  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamQuery(s), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamGetFlags(s, &flags), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamDestroy(nb), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(lo), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(hi), cudaSuccess);
  CHECK_ERR(cudaEventCreateWithFlags(&e, cudaEventInterprocess), cudaErrorInvalidValue);
  CHECK_ERR(cudaEventCreateWithFlags(&e, cudaEventInterprocess | cudaEventDisableTiming),
            cudaSuccess);
  CHECK_ERR(cudaEventDestroy(e), cudaSuccess);
  cudaGetLastError();
}

/* Two threads' cudaStreamPerThread are two streams; the legacy stream's is one. */
static void *per_thread_id(void *out) {
  cudaStreamGetId(cudaStreamPerThread, out);
  return NULL;
}

static void test_per_thread_ids(void) {
  unsigned long long mine = 0, again = 0, other = 0;
  CHECK_ERR(cudaStreamGetId(cudaStreamPerThread, &mine), cudaSuccess);
  CHECK_ERR(cudaStreamGetId(cudaStreamPerThread, &again), cudaSuccess);
  pthread_t t;
  pthread_create(&t, NULL, per_thread_id, &other);
  pthread_join(t, NULL);
  CHECK(mine == again && mine != other && other != 0);
  CHECK_ERR(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  CHECK_ERR(cudaStreamQuery(cudaStreamPerThread), cudaSuccess);
}

int main(void) {
  test_handles_and_queries();
  test_host_function_api_calls();
  test_per_thread_ids();
  return check_finish("test_streams");
}
