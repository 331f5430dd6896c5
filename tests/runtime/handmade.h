/* tests/runtime/handmade.h — registering device modules by hand, exactly as
 * the constructors clang generates do: a fat-binary wrapper around a device
 * module built by the format's own writer (common/module.h) from kernels,
 * globals and hand-written MSL whose signatures follow the kernel ABI
 * (common/abi.h). */
#ifndef ANCHOR_TEST_HANDMADE_H
#define ANCHOR_TEST_HANDMADE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "cuda_runtime.h"
#include "module.h"

/* What clang's host code calls (declared by cuda_runtime.h for C++ only). */
void **__cudaRegisterFatBinary(void *fatCubin);
void __cudaRegisterFatBinaryEnd(void **handle);
void __cudaUnregisterFatBinary(void **handle);
void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
                            const char *deviceName, int thread_limit, uint3 *tid, uint3 *bid,
                            dim3 *bDim, dim3 *gDim, int *wSize);
void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress, const char *deviceName,
                       int ext, size_t size, int constant, int global);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t stream);
cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream);

/* clang's fat-binary wrapper (common/module.h). */
typedef ac_fatbin_wrapper fatbin_wrapper;

/* The device module of these kernels and globals (arrays of kernel_count and
 * global_count entries; globals numbered 0..n-1) around msl, written by
 * ac_module_write. Caller frees; exits the test when out of memory. */
static inline unsigned char *make_module(const ac_kernel *kernels, size_t kernel_count,
                                         const ac_global *globals, size_t global_count,
                                         const char *msl) {
  ac_module m = {0};
  m.kernels = (ac_kernel *)kernels;
  m.kernel_count = kernel_count;
  m.globals = (ac_global *)globals;
  m.global_count = global_count;
  m.msl = (char *)msl;
  m.msl_length = strlen(msl);
  unsigned char *blob = NULL;
  size_t size = 0;
  if (!ac_module_write(&m, &blob, &size)) {
    fprintf(stderr, "make_module: out of memory\n");
    exit(1);
  }
  return blob;
}

/* A kernel's argument list in hand-written MSL: "kernel void k(" ABI_ARGS ")". */
#define ABI_ARGS AC_ABI_MSL_ARGS
#define ABI_ARGS_DYNAMIC_SMEM AC_ABI_MSL_ARGS_DYNAMIC_SMEM

#endif
