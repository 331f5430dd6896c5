// stream_callback_error.cu — host functions after a kernel that fails on the device (a
// store through a wild pointer: cudaErrorIllegalAddress): the stream callback queued
// after it is still called, with an error status; the cudaLaunchHostFunc function is
// not called (CUDA: not in the event of an error); cudaStreamSynchronize reports the
// failure. The callback's status is printed (CUDA's exact code there is for the H200
// run to show). Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void wild_store(int *p) {
  p[threadIdx.x] = 1;
}

static int callback_calls, function_calls;
static cudaError_t callback_status = cudaSuccess;

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *) {
  callback_calls++;
  callback_status = status;
}
static void CUDART_CB function(void *) {
  function_calls++;
}

int main() {
  int failures = 0;
  cudaStream_t s;
  if (cudaStreamCreate(&s) != cudaSuccess) {
    printf("FAIL: cudaStreamCreate\n");
    return 1;
  }
  wild_store<<<1, 32, 0, s>>>((int *)(size_t)0x10); // nothing is mapped there
  cudaError_t launch = cudaGetLastError();
  cudaError_t added = cudaStreamAddCallback(s, callback, NULL, 0);
  cudaError_t launched = cudaLaunchHostFunc(s, function, NULL);
  cudaError_t synced = cudaStreamSynchronize(s);
  printf("launch %s, cudaStreamAddCallback %s, cudaLaunchHostFunc %s, cudaStreamSynchronize %s\n",
         cudaGetErrorName(launch), cudaGetErrorName(added), cudaGetErrorName(launched),
         cudaGetErrorName(synced));
  printf("callback called %d time(s) with %s; host function called %d time(s)\n", callback_calls,
         cudaGetErrorName(callback_status), function_calls);
  if (synced != cudaErrorIllegalAddress) {
    printf("FAIL: cudaStreamSynchronize: %s, want cudaErrorIllegalAddress\n",
           cudaGetErrorName(synced));
    failures++;
  }
  if (added == cudaSuccess && (callback_calls != 1 || callback_status == cudaSuccess)) {
    printf("FAIL: the callback after the failure was not called once with an error\n");
    failures++;
  }
  if (function_calls != 0) {
    printf("FAIL: the host function ran after the failure\n");
    failures++;
  }
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
