// context_destroy.cu — cuCtxDestroy frees the memory allocated in the context (CUDA frees
// every allocation, module, stream and event a created context owns): 64 MiB allocated
// in a created context come back in cuMemGetInfo's free memory once it is destroyed,
// and the freed pointers are error codes afterwards. The codes are printed for the
// comparison with CUDA (which may answer CUDA_ERROR_INVALID_VALUE or another code for
// a pointer of a destroyed context); a success or a crash fails. Links -lcuda.
// Prints PASS or FAIL: <details>.
#include <cuda.h>
#include <stdio.h>

#define CU(call)                                                                                   \
  do {                                                                                             \
    CUresult r_ = (call);                                                                          \
    if (r_ != CUDA_SUCCESS) {                                                                      \
      printf("FAIL: %s -> %d (line %d)\n", #call, (int)r_, __LINE__);                              \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static const char *name(CUresult r) {
  const char *s = NULL;
  return cuGetErrorName(r, &s) == CUDA_SUCCESS && s ? s : "?";
}

int main() {
  const size_t MiB = 1 << 20;
  CUdevice dev;
  CUcontext primary, ctx;
  CU(cuInit(0));
  CU(cuDeviceGet(&dev, 0));
  CU(cuDevicePrimaryCtxRetain(&primary, dev));
  CU(cuCtxCreate(&ctx, NULL, 0, dev));
  CUdeviceptr p[4];
  size_t free_before, free_after, total;
  CU(cuMemGetInfo(&free_before, &total));
  for (int i = 0; i < 4; i++)
    CU(cuMemAlloc(&p[i], 16 * MiB));
  CU(cuMemsetD32(p[0], 42, 16 * MiB / 4));
  int word = 0;
  CU(cuMemcpyDtoH(&word, p[0] + 4096, sizeof word));
  if (word != 42) {
    printf("FAIL: the context's memory reads %d, want 42\n", word);
    return 1;
  }
  size_t free_allocated;
  CU(cuMemGetInfo(&free_allocated, &total));
  if (free_allocated + 64 * MiB > free_before) {
    printf("FAIL: 64 MiB allocated, free went from %zu to %zu\n", free_before, free_allocated);
    return 1;
  }
  CU(cuCtxDestroy(ctx));
  CU(cuCtxSetCurrent(primary));
  CU(cuMemGetInfo(&free_after, &total));
  if (free_after < free_allocated + 64 * MiB) {
    printf("FAIL: cuCtxDestroy gave back %zd bytes, want at least 64 MiB\n",
           (ssize_t)(free_after - free_allocated));
    return 1;
  }
  // Printed only: the amounts differ (CUDA's context itself has memory).
  printf("freed by cuCtxDestroy: %s64 MiB\n",
         free_after - free_allocated == 64 * MiB ? "" : "more than ");
  CUresult r = cuMemFree(p[0]);
  printf("cuMemFree(freed) -> %s\n", name(r));
  int failures = r == CUDA_SUCCESS;
  r = cuMemcpyDtoH(&word, p[1], sizeof word);
  printf("cuMemcpyDtoH(freed) -> %s\n", name(r));
  failures += r == CUDA_SUCCESS;
  CUdeviceptr base = 0;
  size_t size = 0;
  r = cuMemGetAddressRange(&base, &size, p[2]);
  printf("cuMemGetAddressRange(freed) -> %s\n", name(r));
  failures += r == CUDA_SUCCESS;
  // the freed memory serves again
  CUdeviceptr again;
  CU(cuMemAlloc(&again, 64 * MiB));
  CU(cuMemFree(again));
  CU(cuDevicePrimaryCtxRelease(dev));
  if (failures) {
    printf("FAIL: %d call(s) on freed memory succeeded\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
