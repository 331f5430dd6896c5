/* runtime/cuda_library.c — the runtime API's libraries (CUDA 12):
 * cudaLibraryLoadData/LoadFromFile/Unload, cudaLibraryGetKernel & co. over
 * the same core as the driver's cuLibrary* (core_module.c): a cudaLibrary_t
 * is a loaded device module file (anchorcc -fatbin), a cudaKernel_t one of
 * its kernels, which cudaLaunchKernel launches (rt_module_kernel_by_stub
 * takes both). */
#include <stdint.h>

#include "core.h"

static rt_module *rt_library(cudaLibrary_t l) {
  return (rt_module *)(void *)l;
}

static cudaError_t rt_check_options(enum cudaJitOption *jit, void **jit_values, unsigned jit_count,
                                    enum cudaLibraryOption *lib, void **lib_values,
                                    unsigned lib_count) {
  if ((jit_count && (!jit || !jit_values)) || (lib_count && (!lib || !lib_values)))
    return cudaErrorInvalidValue;
  for (unsigned i = 0; i < lib_count; i++)
    if ((unsigned)lib[i] > cudaLibraryBinaryIsPreserved) return cudaErrorInvalidValue;
  return cudaSuccess; /* JIT options concern PTX, which Anchor's modules do not carry */
}

cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code,
                                enum cudaJitOption *jitOptions, void **jitOptionsValues,
                                unsigned int numJitOptions, enum cudaLibraryOption *libraryOptions,
                                void **libraryOptionValues, unsigned int numLibraryOptions) {
  if (!library || !code) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_check_options(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
                                   libraryOptionValues, numLibraryOptions);
  if (e != cudaSuccess) return rt_record(e);
  rt_enter();
  rt_module *m = NULL;
  e = rt_module_load_image(code, &m);
  if (e == cudaSuccess) *library = (cudaLibrary_t)(void *)m;
  return rt_leave(e);
}

cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName,
                                    enum cudaJitOption *jitOptions, void **jitOptionsValues,
                                    unsigned int numJitOptions,
                                    enum cudaLibraryOption *libraryOptions,
                                    void **libraryOptionValues, unsigned int numLibraryOptions) {
  if (!library || !fileName) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_check_options(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
                                   libraryOptionValues, numLibraryOptions);
  if (e != cudaSuccess) return rt_record(e);
  rt_enter();
  rt_module *m = NULL;
  e = rt_module_load_file(fileName, &m);
  if (e == cudaSuccess) *library = (cudaLibrary_t)(void *)m;
  return rt_leave(e);
}

cudaError_t cudaLibraryUnload(cudaLibrary_t library) {
  rt_enter();
  cudaError_t e =
      rt_module_loaded_image(rt_library(library)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) rt_module_unregister(rt_library(library));
  return rt_leave(e);
}

cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name) {
  if (!pKernel || !name) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e =
      rt_module_loaded_image(rt_library(library)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  rt_function *f = NULL;
  if (e == cudaSuccess) e = rt_module_function(rt_library(library), name, &f);
  if (e == cudaSuccess) *pKernel = (cudaKernel_t)(void *)f;
  return rt_leave(e);
}

cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library,
                                 const char *name) {
  if (!name) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e =
      rt_module_loaded_image(rt_library(library)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  void *address = NULL;
  size_t size = 0;
  if (e == cudaSuccess) e = rt_module_global(rt_library(library), name, &address, &size);
  if (e == cudaSuccess) {
    if (dptr) *dptr = address;
    if (bytes) *bytes = size;
  }
  return rt_leave(e);
}

cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib) {
  if (!count) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e =
      rt_module_loaded_image(rt_library(lib)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) *count = (unsigned)rt_module_function_count(rt_library(lib));
  return rt_leave(e);
}

cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels,
                                        cudaLibrary_t lib) {
  if (!kernels) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e =
      rt_module_loaded_image(rt_library(lib)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  size_t n = e == cudaSuccess ? rt_module_function_count(rt_library(lib)) : 0;
  for (size_t i = 0; i < n && i < numKernels; i++)
    kernels[i] = (cudaKernel_t)(void *)rt_module_function_at(rt_library(lib), i);
  return rt_leave(e);
}

/* ---- function handles of a program's own kernels --------------------------------- */

/* The cudaFunction_t (= CUfunction) of a kernel's host stub: cuLaunchKernel and
 * cuFuncGetAttribute take it. */
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr) {
  rt_enter();
  rt_function *f = NULL;
  cudaError_t e = rt_module_function_by_stub(symbolPtr, &f);
  /* a NULL functionPtr: cudaSuccess, nothing written (H200, CUDA 13, 2026-12-02) */
  if (e == cudaSuccess && functionPtr) *functionPtr = (cudaFunction_t)(void *)f;
  return rt_leave(e);
}
