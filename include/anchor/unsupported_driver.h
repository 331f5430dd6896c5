/* anchor/unsupported_driver.h — the CUDA driver API functions that Anchor
 * declares but does not implement yet, as one list:
 * X(name, (parameters), (zero arguments)). cuda.h declares each; libanchor
 * (runtime/cu_unsupported.c) defines each to return
 * CUDA_ERROR_NOT_SUPPORTED, never a silent success; the test
 * tests/runtime/test_unsupported.c calls each; docs/runtime.md ("Declared,
 * not supported") says why. A function that becomes implemented moves out
 * of this list into its API file. */
#ifndef ANCHOR_UNSUPPORTED_DRIVER_H
#define ANCHOR_UNSUPPORTED_DRIVER_H

/* clang-format off */
#define ANCHOR_UNSUPPORTED_DRIVER(X) \
  /* contexts */ \
  X(cuDevicePrimaryCtxRetain, (CUcontext *pctx, CUdevice dev), (NULL, 0)) \
  X(cuDevicePrimaryCtxRelease, (CUdevice dev), (0)) \
  X(cuDevicePrimaryCtxReset, (CUdevice dev), (0)) \
  X(cuDevicePrimaryCtxGetState, (CUdevice dev, unsigned int *flags, int *active), (0, NULL, NULL)) \
  X(cuDevicePrimaryCtxSetFlags, (CUdevice dev, unsigned int flags), (0, 0)) \
  X(cuCtxDestroy, (CUcontext ctx), (NULL)) \
  X(cuCtxGetCurrent, (CUcontext *pctx), (NULL)) \
  X(cuCtxSetCurrent, (CUcontext ctx), (NULL)) \
  X(cuCtxPushCurrent, (CUcontext ctx), (NULL)) \
  X(cuCtxPopCurrent, (CUcontext *pctx), (NULL)) \
  X(cuCtxGetDevice, (CUdevice *device), (NULL)) \
  X(cuCtxSynchronize, (void), ()) \
  /* modules and launches */ \
  X(cuModuleLoad, (CUmodule *module, const char *fname), (NULL, NULL)) \
  X(cuModuleLoadData, (CUmodule *module, const void *image), (NULL, NULL)) \
  X(cuModuleLoadDataEx, (CUmodule *module, const void *image, unsigned int numOptions, \
                         CUjit_option *options, void **optionValues), (NULL, NULL, 0, NULL, NULL)) \
  X(cuModuleLoadFatBinary, (CUmodule *module, const void *fatCubin), (NULL, NULL)) \
  X(cuModuleUnload, (CUmodule hmod), (NULL)) \
  X(cuModuleGetFunction, (CUfunction *hfunc, CUmodule hmod, const char *name), (NULL, NULL, NULL)) \
  X(cuModuleGetGlobal, (CUdeviceptr *dptr, size_t *bytes, CUmodule hmod, const char *name), \
    (NULL, NULL, NULL, NULL)) \
  X(cuLaunchKernel, (CUfunction f, unsigned int gridDimX, unsigned int gridDimY, \
                     unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, \
                     unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream, \
                     void **kernelParams, void **extra), \
    (NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL)) \
  X(cuLaunchCooperativeKernel, (CUfunction f, unsigned int gridDimX, unsigned int gridDimY, \
                                unsigned int gridDimZ, unsigned int blockDimX, \
                                unsigned int blockDimY, unsigned int blockDimZ, \
                                unsigned int sharedMemBytes, CUstream hStream, \
                                void **kernelParams), \
    (NULL, 0, 0, 0, 0, 0, 0, 0, NULL, NULL)) \
  X(cuFuncGetAttribute, (int *pi, CUfunction_attribute attrib, CUfunction hfunc), \
    (NULL, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, NULL)) \
  /* memory */ \
  X(cuMemAlloc, (CUdeviceptr *dptr, size_t bytesize), (NULL, 0)) \
  X(cuMemFree, (CUdeviceptr dptr), (0)) \
  X(cuMemAllocHost, (void **pp, size_t bytesize), (NULL, 0)) \
  X(cuMemFreeHost, (void *p), (NULL)) \
  X(cuMemHostAlloc, (void **pp, size_t bytesize, unsigned int Flags), (NULL, 0, 0)) \
  X(cuMemAllocManaged, (CUdeviceptr *dptr, size_t bytesize, unsigned int flags), (NULL, 0, 0)) \
  X(cuMemHostRegister, (void *p, size_t bytesize, unsigned int Flags), (NULL, 0, 0)) \
  X(cuMemHostUnregister, (void *p), (NULL)) \
  X(cuMemGetInfo, (size_t *free, size_t *total), (NULL, NULL)) \
  X(cuMemcpy, (CUdeviceptr dst, CUdeviceptr src, size_t ByteCount), (0, 0, 0)) \
  X(cuMemcpyHtoD, (CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount), (0, NULL, 0)) \
  X(cuMemcpyDtoH, (void *dstHost, CUdeviceptr srcDevice, size_t ByteCount), (NULL, 0, 0)) \
  X(cuMemcpyDtoD, (CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount), (0, 0, 0)) \
  X(cuMemcpyHtoDAsync, (CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount, \
                        CUstream hStream), (0, NULL, 0, NULL)) \
  X(cuMemcpyDtoHAsync, (void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream), \
    (NULL, 0, 0, NULL)) \
  X(cuMemsetD8, (CUdeviceptr dstDevice, unsigned char uc, size_t N), (0, 0, 0)) \
  X(cuMemsetD32, (CUdeviceptr dstDevice, unsigned int ui, size_t N), (0, 0, 0)) \
  X(cuPointerGetAttribute, (void *data, CUpointer_attribute attribute, CUdeviceptr ptr), \
    (NULL, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, 0)) \
  /* streams and events */ \
  X(cuStreamCreate, (CUstream *phStream, unsigned int Flags), (NULL, 0)) \
  X(cuStreamDestroy, (CUstream hStream), (NULL)) \
  X(cuStreamSynchronize, (CUstream hStream), (NULL)) \
  X(cuStreamQuery, (CUstream hStream), (NULL)) \
  X(cuStreamWaitEvent, (CUstream hStream, CUevent hEvent, unsigned int Flags), (NULL, NULL, 0)) \
  X(cuLaunchHostFunc, (CUstream hStream, CUhostFn fn, void *userData), (NULL, NULL, NULL)) \
  X(cuEventCreate, (CUevent *phEvent, unsigned int Flags), (NULL, 0)) \
  X(cuEventDestroy, (CUevent hEvent), (NULL)) \
  X(cuEventRecord, (CUevent hEvent, CUstream hStream), (NULL, NULL)) \
  X(cuEventQuery, (CUevent hEvent), (NULL)) \
  X(cuEventSynchronize, (CUevent hEvent), (NULL)) \
  X(cuEventElapsedTime, (float *pMilliseconds, CUevent hStart, CUevent hEnd), (NULL, NULL, NULL))
/* clang-format on */

#endif
