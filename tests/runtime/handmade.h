/* tests/runtime/handmade.h — registering device modules by hand, exactly as
 * the constructors clang generates do: a fat-binary wrapper around an
 * ANCHMOD1 blob (docs/design.md) built from a table and hand-written MSL, and
 * the kernel ABI's parameter list for that MSL. */
#ifndef ANCHOR_TEST_HANDMADE_H
#define ANCHOR_TEST_HANDMADE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_runtime.h"

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

typedef struct {
  int magic, version;
  const void *data;
  void *unused;
} fatbin_wrapper;

/* Builds "ANCHMOD1" + length + table + "msl <n>\n" + msl. Caller frees. */
static inline unsigned char *make_module(const char *table, const char *msl) {
  size_t n = strlen(table) + strlen(msl) + 32;
  char *text = malloc(n);
  int len = snprintf(text, n, "%smsl %zu\n%s", table, strlen(msl), msl);
  size_t total = 16 + (size_t)len;
  unsigned char *blob = malloc(total);
  memcpy(blob, "ANCHMOD1", 8);
  for (int i = 0; i < 8; i++)
    blob[8 + i] = (unsigned char)((uint64_t)total >> (8 * i));
  memcpy(blob + 16, text, (size_t)len);
  free(text);
  return blob;
}

#define ABI_ARGS                                                                                   \
  "constant uchar *anchor_params [[buffer(0)]], constant ulong *anchor_ctx [[buffer(1)]],\n"       \
  "uint3 anchor_tid [[thread_position_in_threadgroup]],\n"                                         \
  "uint3 anchor_bid [[threadgroup_position_in_grid]],\n"                                           \
  "uint3 anchor_bdim [[threads_per_threadgroup]],\n"                                               \
  "uint3 anchor_gdim [[threadgroups_per_grid]]"

#endif
