/* tests/runtime/test_errors.c — error codes, names, texts and the last-error
 * rules that need no device: CUDA's numeric values, cudaGetErrorName/String
 * texts as CUDA 13.0 prints them, unknown codes, and that the last error is
 * per thread. */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "core.h"

static void test_values(void) {
  CHECK(cudaSuccess == 0 && cudaErrorInvalidValue == 1 && cudaErrorMemoryAllocation == 2);
  CHECK(cudaErrorInitializationError == 3 && cudaErrorInvalidConfiguration == 9);
  CHECK(cudaErrorInvalidSymbol == 13 && cudaErrorInvalidDevicePointer == 17);
  CHECK(cudaErrorInvalidMemcpyDirection == 21 && cudaErrorInvalidDeviceFunction == 98);
  CHECK(cudaErrorNoDevice == 100 && cudaErrorInvalidDevice == 101);
  CHECK(cudaErrorInvalidKernelImage == 200 && cudaErrorNoKernelImageForDevice == 209);
  CHECK(cudaErrorInvalidPtx == 218 && cudaErrorInvalidResourceHandle == 400);
  CHECK(cudaErrorNotReady == 600 && cudaErrorIllegalAddress == 700);
  CHECK(cudaErrorLaunchOutOfResources == 701 && cudaErrorLaunchFailure == 719);
  CHECK(cudaErrorNotSupported == 801 && cudaErrorUnknown == 999);
  CHECK(cudaMemcpyHostToHost == 0 && cudaMemcpyDeviceToDevice == 3 && cudaMemcpyDefault == 4);
}

static void test_texts(void) {
  CHECK(strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory") == 0);
  CHECK(strcmp(cudaGetErrorName(cudaErrorInvalidDevice), "cudaErrorInvalidDevice") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidDevice), "invalid device ordinal") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidMemcpyDirection),
               "invalid copy direction for memcpy") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorLaunchFailure), "unspecified launch failure") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorIllegalAddress),
               "an illegal memory access was encountered") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorNoDevice), "no CUDA-capable device is detected") == 0);
  CHECK(strcmp(cudaGetErrorName((cudaError_t)9999), "unrecognized error code") == 0);
  CHECK(strcmp(cudaGetErrorString((cudaError_t)9999), "unrecognized error code") == 0);
  CHECK(strcmp(cudaGetErrorString((cudaError_t)-1), "unrecognized error code") == 0);
  CHECK(rt_error_is_known(cudaErrorUnknown) && !rt_error_is_known((cudaError_t)10));
  /* CUDA 13.0 names 133 codes in 0..999; every one is found (the lookup is a
   * binary search, so this also checks the table's order) and named after
   * itself: "cudaSuccess" or "cudaError...". */
  int known = 0;
  for (int e = 0; e < 1000; e++) {
    const char *name = cudaGetErrorName((cudaError_t)e);
    if (strcmp(name, "unrecognized error code") == 0) continue;
    known++;
    CHECK(strncmp(name, "cudaError", 9) == 0 || (e == 0 && strcmp(name, "cudaSuccess") == 0));
    CHECK(strcmp(cudaGetErrorString((cudaError_t)e), "unrecognized error code") != 0);
  }
  CHECK(known == 133);
}

static void *other_thread(void *arg) {
  (void)arg;
  /* A fresh thread starts with no last error and its own errors stay its own. */
  cudaError_t mine = cudaPeekAtLastError();
  rt_record(cudaErrorInvalidDevice);
  return (void *)(uintptr_t)mine;
}

static void test_last_error(void) {
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  CHECK_ERR(rt_record(cudaErrorInvalidValue), cudaErrorInvalidValue);
  CHECK_ERR(rt_record(cudaSuccess), cudaSuccess); /* success does not overwrite */
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorInvalidValue);
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorInvalidValue);
  pthread_t t;
  void *seen;
  pthread_create(&t, NULL, other_thread, NULL);
  pthread_join(t, &seen);
  CHECK((cudaError_t)(uintptr_t)seen == cudaSuccess);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  /* A sticky error no call has reported yet is returned by both; cudaGetLastError
   * reports it once (H200, CUDA 13: "cudaGetLastError again" -> cudaSuccess), and a
   * call that returns it records it again. */
  rt_set_sticky_error(cudaErrorLaunchFailure);
  rt_set_sticky_error(cudaErrorIllegalAddress); /* the first one stays */
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorLaunchFailure);
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorLaunchFailure);
  CHECK_ERR(cudaGetLastError(), cudaErrorLaunchFailure);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  CHECK_ERR(cudaPeekAtLastError(), cudaSuccess);
  CHECK_ERR(rt_record(rt_sticky_error()), cudaErrorLaunchFailure);
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorLaunchFailure);
  CHECK_ERR(cudaGetLastError(), cudaErrorLaunchFailure);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  rt_clear_sticky_error();
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
}

int main(void) {
  test_values();
  test_texts();
  test_last_error();
  return check_finish("test_errors");
}
