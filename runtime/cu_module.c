/* runtime/cu_module.c — the driver API's modules: loading Anchor's device
 * module files (what `anchorcc -fatbin` / `-cubin` write, the device module
 * of docs/design.md), from a path or from memory, unloading them, and finding
 * their kernels and variables by name (core_module.c). CUDA's cubins, PTX
 * and NVIDIA fat binaries are not Anchor modules: they are refused with
 * CUDA_ERROR_INVALID_IMAGE. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cu_internal.h"

static rt_module *rt_cu_module(CUmodule m) {
  return (rt_module *)(void *)m;
}

/* Loads image (lock held, context current). */
static CUresult rt_cu_load(CUmodule *module, const void *image) {
  rt_module *m = NULL;
  cudaError_t e = rt_module_load_image(image, &m);
  if (e == cudaSuccess) rt_module_set_owner(m, rt_context_owner()); /* cuCtxDestroy unloads it */
  if (e == cudaSuccess) *module = (CUmodule)(void *)m;
  return rt_cu_result(e);
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!module || !image)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_load(module, image);
  return rt_cu_leave(r);
}

CUresult cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin) {
  return cuModuleLoadData(module, fatCubin);
}

/* Writes text into the log buffer an option pair names (NUL-terminated,
 * truncated to its size) and the size used back, as CUDA does. */
static void rt_cu_fill_log(unsigned n, CUjit_option *options, void **values, CUjit_option buffer,
                           CUjit_option size_option, const char *text) {
  char *log = NULL;
  size_t size = 0, size_index = n;
  for (unsigned i = 0; i < n; i++) {
    if (options[i] == buffer) log = values[i];
    if (options[i] == size_option) {
      size = (size_t)(uintptr_t)values[i];
      size_index = i;
    }
  }
  if (!log || size == 0) return;
  snprintf(log, size, "%s", text);
  size_t used = strlen(log);
  if (size_index < n) values[size_index] = (void *)(uintptr_t)(used ? used + 1 : 0);
}

/* The JIT options concern PTX compilation, which Anchor's modules do not
 * need (their MSL is compiled by Metal at load): each is accepted and has no
 * effect, except the log buffers, which get what happened. */
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions,
                            CUjit_option *options, void **optionValues) {
  if (numOptions && (!options || !optionValues)) return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numOptions; i++)
    if ((unsigned)options[i] >= CU_JIT_NUM_OPTIONS) return CUDA_ERROR_INVALID_VALUE;
  CUresult r = cuModuleLoadData(module, image);
  char text[160] = "";
  if (r == CUDA_ERROR_INVALID_IMAGE)
    snprintf(text, sizeof text,
             "anchor: the image is not an Anchor device module "
             "(anchorcc -fatbin or -cubin writes one)");
  else if (r != CUDA_SUCCESS)
    snprintf(text, sizeof text, "anchor: loading the module failed (CUresult %d)", (int)r);
  rt_cu_fill_log(numOptions, options, optionValues, CU_JIT_ERROR_LOG_BUFFER,
                 CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, text);
  rt_cu_fill_log(numOptions, options, optionValues, CU_JIT_INFO_LOG_BUFFER,
                 CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, "");
  for (unsigned i = 0; i < numOptions; i++)
    if (options[i] == CU_JIT_WALL_TIME) {
      float zero = 0.0f; /* no JIT ran */
      memcpy(&optionValues[i], &zero, sizeof zero);
    }
  return r;
}

CUresult cuModuleLoad(CUmodule *module, const char *fname) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!module || !fname)) r = CUDA_ERROR_INVALID_VALUE;
  rt_module *m = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_module_load_file(fname, &m));
  if (r == CUDA_SUCCESS) rt_module_set_owner(m, rt_context_owner());
  if (r == CUDA_SUCCESS) *module = (CUmodule)(void *)m;
  return rt_cu_leave(r);
}

CUresult cuModuleUnload(CUmodule hmod) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_module(hmod)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) rt_module_unregister(rt_cu_module(hmod));
  return rt_cu_leave(r);
}

CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!hfunc || !name)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_module(hmod)))
    r = CUDA_ERROR_INVALID_HANDLE;
  rt_function *f = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_module_function(rt_cu_module(hmod), name, &f));
  if (r == CUDA_SUCCESS) *hfunc = (CUfunction)(void *)f;
  return rt_cu_leave(r);
}

CUresult cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule hmod, const char *name) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !name) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_module(hmod)))
    r = CUDA_ERROR_INVALID_HANDLE;
  void *address = NULL;
  size_t size = 0;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_module_global(rt_cu_module(hmod), name, &address, &size));
  if (r == CUDA_SUCCESS) {
    if (dptr) *dptr = (CUdeviceptr)(uintptr_t)address; /* either may be NULL, as in CUDA */
    if (bytes) *bytes = size;
  }
  if (r == CUDA_ERROR_NOT_FOUND) { /* H200, CUDA 13, 2026-12-01: both outputs written */
    if (dptr) *dptr = 0;
    if (bytes) *bytes = 0;
  }
  return rt_cu_leave(r);
}

CUresult cuModuleGetFunctionCount(unsigned int *count, CUmodule mod) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !count) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_module(mod)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *count = (unsigned)rt_module_function_count(rt_cu_module(mod));
  return rt_cu_leave(r);
}

CUresult cuModuleEnumerateFunctions(CUfunction *functions, unsigned int numFunctions,
                                    CUmodule mod) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !functions) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_module_loaded_image(rt_cu_module(mod)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) {
    size_t n = rt_module_function_count(rt_cu_module(mod));
    for (size_t i = 0; i < n && i < numFunctions; i++)
      functions[i] = (CUfunction)(void *)rt_module_function_at(rt_cu_module(mod), i);
  }
  return rt_cu_leave(r);
}

CUresult cuFuncGetModule(CUmodule *hmod, CUfunction hfunc) {
  RT_CU_CHECK_INIT();
  if (!hmod) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_function *f = (rt_function *)(void *)hfunc;
  CUresult r = rt_function_valid(f) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *hmod = (CUmodule)(void *)rt_function_module(f);
  return rt_cu_leave(r);
}

CUresult cuFuncGetName(const char **name, CUfunction hfunc) {
  RT_CU_CHECK_INIT();
  if (!name) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_function *f = (rt_function *)(void *)hfunc;
  CUresult r = rt_function_valid(f) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *name = rt_function_name(f);
  return rt_cu_leave(r);
}

/* Modules are loaded eagerly: their MSL is compiled by cuModuleLoad* (a
 * function's pipeline at its first launch), whatever CUDA_MODULE_LOADING says. */
CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode) {
  RT_CU_CHECK_INIT();
  if (!mode) return CUDA_ERROR_INVALID_VALUE;
  *mode = CU_MODULE_EAGER_LOADING;
  return CUDA_SUCCESS;
}
