/* runtime/cu_library.c — the driver API's context-independent libraries
 * (CUDA 12): cuLibraryLoadData/LoadFromFile/Unload, their kernels and
 * variables. One device and one arena: a library is a loaded module
 * (core_module.c) that every context shares, so CUlibrary and the CUmodule
 * cuLibraryGetModule gives are the same object, as are a CUkernel and the
 * CUfunction cuKernelGetFunction gives (CUDA lets a CUkernel be launched as a
 * CUfunction). No current context is needed but where CUDA needs one. */
#include "cu_internal.h"

static rt_module *rt_cu_library(CUlibrary l) {
  return (rt_module *)(void *)l;
}
static rt_function *rt_cu_kernel(CUkernel k) {
  return (rt_function *)(void *)k;
}

/* JIT options concern PTX, which Anchor's modules do not carry; the library
 * options are hints (a preserved binary is always kept: the module copies
 * it). Both are checked and accepted. */
static CUresult rt_cu_check_options(CUjit_option *jit, void **jit_values, unsigned jit_count,
                                    CUlibraryOption *lib, void **lib_values, unsigned lib_count) {
  if ((jit_count && (!jit || !jit_values)) || (lib_count && (!lib || !lib_values)))
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < jit_count; i++)
    if ((unsigned)jit[i] >= CU_JIT_NUM_OPTIONS) return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < lib_count; i++)
    if ((unsigned)lib[i] >= CU_LIBRARY_NUM_OPTIONS) return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult cuLibraryLoadData(CUlibrary *library, const void *code, CUjit_option *jitOptions,
                           void **jitOptionsValues, unsigned int numJitOptions,
                           CUlibraryOption *libraryOptions, void **libraryOptionValues,
                           unsigned int numLibraryOptions) {
  RT_CU_CHECK_INIT();
  if (!library || !code) return CUDA_ERROR_INVALID_VALUE;
  CUresult r = rt_cu_check_options(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
                                   libraryOptionValues, numLibraryOptions);
  if (r != CUDA_SUCCESS) return r;
  rt_enter();
  rt_module *m = NULL;
  r = rt_cu_result(rt_module_load_image(code, &m));
  if (r == CUDA_SUCCESS) *library = (CUlibrary)(void *)m;
  return rt_cu_leave(r);
}

CUresult cuLibraryLoadFromFile(CUlibrary *library, const char *fileName, CUjit_option *jitOptions,
                               void **jitOptionsValues, unsigned int numJitOptions,
                               CUlibraryOption *libraryOptions, void **libraryOptionValues,
                               unsigned int numLibraryOptions) {
  RT_CU_CHECK_INIT();
  if (!library || !fileName) return CUDA_ERROR_INVALID_VALUE;
  CUresult r = rt_cu_check_options(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
                                   libraryOptionValues, numLibraryOptions);
  if (r != CUDA_SUCCESS) return r;
  rt_enter();
  rt_module *m = NULL;
  r = rt_cu_result(rt_module_load_file(fileName, &m));
  if (r == CUDA_SUCCESS) *library = (CUlibrary)(void *)m;
  return rt_cu_leave(r);
}

CUresult cuLibraryUnload(CUlibrary library) {
  RT_CU_CHECK_INIT();
  rt_enter();
  CUresult r =
      rt_module_loaded_image(rt_cu_library(library)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) rt_module_unregister(rt_cu_library(library));
  return rt_cu_leave(r);
}

CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library, const char *name) {
  RT_CU_CHECK_INIT();
  if (!pKernel || !name) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  CUresult r =
      rt_module_loaded_image(rt_cu_library(library)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  rt_function *f = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_module_function(rt_cu_library(library), name, &f));
  if (r == CUDA_SUCCESS) *pKernel = (CUkernel)(void *)f;
  return rt_cu_leave(r);
}

CUresult cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib) {
  RT_CU_CHECK_INIT();
  if (!count) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  CUresult r =
      rt_module_loaded_image(rt_cu_library(lib)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *count = (unsigned)rt_module_function_count(rt_cu_library(lib));
  return rt_cu_leave(r);
}

CUresult cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels, CUlibrary lib) {
  RT_CU_CHECK_INIT();
  if (!kernels) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  CUresult r =
      rt_module_loaded_image(rt_cu_library(lib)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  size_t n = r == CUDA_SUCCESS ? rt_module_function_count(rt_cu_library(lib)) : 0;
  for (size_t i = 0; i < n && i < numKernels; i++)
    kernels[i] = (CUkernel)(void *)rt_module_function_at(rt_cu_library(lib), i);
  return rt_cu_leave(r);
}

/* "The module of the library in the current context": needs one. */
CUresult cuLibraryGetModule(CUmodule *pMod, CUlibrary library) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !pMod) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_library(library)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *pMod = (CUmodule)(void *)rt_cu_library(library);
  return rt_cu_leave(r);
}

CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !name) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_library(library)))
    r = CUDA_ERROR_INVALID_HANDLE;
  void *address = NULL;
  size_t size = 0;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_module_global(rt_cu_library(library), name, &address, &size));
  if (r == CUDA_SUCCESS) {
    if (dptr) *dptr = (CUdeviceptr)(uintptr_t)address;
    if (bytes) *bytes = size;
  }
  return rt_cu_leave(r);
}

/* "The function of the kernel in the current context": needs one. */
CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !pFunc) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_function_valid(rt_cu_kernel(kernel))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *pFunc = (CUfunction)(void *)rt_cu_kernel(kernel);
  return rt_cu_leave(r);
}

CUresult cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel) {
  RT_CU_CHECK_INIT();
  if (!pLib) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  CUresult r = rt_function_valid(rt_cu_kernel(kernel)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *pLib = (CUlibrary)(void *)rt_function_module(rt_cu_kernel(kernel));
  return rt_cu_leave(r);
}

CUresult cuKernelGetName(const char **name, CUkernel hfunc) {
  RT_CU_CHECK_INIT();
  if (!name) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  CUresult r = rt_function_valid(rt_cu_kernel(hfunc)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *name = rt_function_name(rt_cu_kernel(hfunc));
  return rt_cu_leave(r);
}
