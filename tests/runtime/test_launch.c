/* tests/runtime/test_launch.c — kernel launches through libanchor without
 * the compiler: the test registers device modules by hand, exactly as the
 * code clang generates does (__cudaRegisterFatBinary with a fat-binary
 * wrapper around an ANCHMOD1 blob, __cudaRegisterFunction/Var), with MSL
 * written by hand to the kernel ABI of docs/design.md, and launches them
 * with cudaLaunchKernel on softmetal. Covers parameter packing (inline and
 * over 4 KiB), 3-D grids, __device__ variables through the context buffer
 * and cudaMemcpyToSymbol/FromSymbol, asynchronous launches, and each way a
 * module can be broken. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "handmade.h"

/* x[i] = x[i] * a + bias, bias a __device__ int (global 0), and counter
 * (global 1, a __device__ uint) incremented by thread 0 of block 0. */
static const char scale_msl[] =
    "#include <metal_stdlib>\nusing namespace metal;\n"
    "kernel void scale(" ABI_ARGS ") {\n"
    "  ulong x = *(constant ulong *)(anchor_params + 0);\n"
    "  float a = *(constant float *)(anchor_params + 8);\n"
    "  uint n = *(constant uint *)(anchor_params + 12);\n"
    "  uint i = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
    "  int bias = *reinterpret_cast<device int *>(anchor_ctx[" AC_ABI_STR(AC_ABI_CONTEXT_GLOBAL(
        0)) "] + anchor_ctx[0]);\n"
            "  if (i < n) {\n"
            "    device float *p = reinterpret_cast<device float *>(x + (ulong)i * 4 + "
            "anchor_ctx[0]);\n"
            "    *p = *p * a + (float)bias;\n"
            "  }\n"
            "  if (i == 0) *reinterpret_cast<device uint *>(anchor_ctx[" AC_ABI_STR(
                AC_ABI_CONTEXT_GLOBAL(
                    1)) "] + anchor_ctx[0]) += 1;\n"
                        "}\n"
                        /* out[linear thread id] = 1000000*z + 1000*y + x of the global position */
                        "kernel void where(" ABI_ARGS ") {\n"
                        "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
                        "  uint3 g = anchor_bid * anchor_bdim + anchor_tid;\n"
                        "  uint3 size = anchor_gdim * anchor_bdim;\n"
                        "  uint id = (g.z * size.y + g.y) * size.x + g.x;\n"
                        "  *reinterpret_cast<device uint *>(out + (ulong)id * 4 + anchor_ctx[0]) "
                        "=\n"
                        "      1000000 * g.z + 1000 * g.y + g.x;\n"
                        "}\n"
                        /* a 4408-byte parameter block: out pointer, then int data[1100] */
                        "kernel void big(" ABI_ARGS ") {\n"
                        "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
                        "  uint i = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
                        "  if (i < 1100)\n"
                        "    *reinterpret_cast<device int *>(out + (ulong)i * 4 + anchor_ctx[0]) "
                        "=\n"
                        "        *(constant int *)(anchor_params + 8 + i * 4);\n"
                        "}\n";

#define LOCKS "anchor_ctx[" AC_ABI_STR(AC_ABI_CONTEXT_LOCKS) "]"
/* Reverses each block's thread ids through dynamic shared memory and a
 * barrier; and a kernel that writes through a wild pointer. */
static const char extra_msl[] =
    "#include <metal_stdlib>\nusing namespace metal;\n"
    "kernel void reverse(" ABI_ARGS_DYNAMIC_SMEM ") {\n"
    "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
    "  threadgroup uint *s = (threadgroup uint *)anchor_dyn_smem;\n"
    "  s[anchor_tid.x] = anchor_bid.x * 1000 + anchor_tid.x;\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  uint i = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
    "  *reinterpret_cast<device uint *>(out + (ulong)i * 4 + anchor_ctx[0]) =\n"
    "      s[anchor_bdim.x - 1 - anchor_tid.x];\n"
    "}\n"
    "kernel void wild(" ABI_ARGS ") {\n"
    "  *reinterpret_cast<device uint *>(anchor_ctx[0] + 64) = 1;\n"
    "}\n"
    /* A kernel that stops holding lock 5 of the lock table, as a 64-bit atomic whose
     * critical section faults does (devlib/atomics.cu): it takes the lock, works a
     * while (so that the next launch is committed before its failure is seen), then
     * faults. */
    "kernel void holder(" ABI_ARGS ") {\n"
    "  device atomic_uint *locks = reinterpret_cast<device atomic_uint *>(\n"
    "      " LOCKS " + anchor_ctx[0]);\n"
    "  atomic_store_explicit(locks + 5, 1u, memory_order_relaxed);\n"
    "  device atomic_uint *slow = locks + 100;\n"
    "  for (uint k = 0; k < 2000000u; k++)\n"
    "    atomic_fetch_add_explicit(slow, 1u, memory_order_relaxed);\n"
    "  atomic_store_explicit(slow, 0u, memory_order_relaxed);\n"
    "  *reinterpret_cast<device uint *>(anchor_ctx[0] + 64) = 1;\n"
    "}\n"
    /* Waits (a bounded number of reads) for lock 5: out[0] = 1 when it was free. */
    "kernel void waiter(" ABI_ARGS ") {\n"
    "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
    "  device atomic_uint *locks = reinterpret_cast<device atomic_uint *>(\n"
    "      " LOCKS " + anchor_ctx[0]);\n"
    "  uint got = 2u;\n"
    "  for (uint k = 0; k < 400000000u; k++)\n"
    "    if (atomic_load_explicit(locks + 5, memory_order_relaxed) == 0u) { got = 1u; break; }\n"
    "  *reinterpret_cast<device uint *>(out + anchor_ctx[0]) = got;\n"
    "}\n";
static ac_param reverse_params[] = {{0, 8}};
static ac_param waiter_params[] = {{0, 8}};
static const ac_kernel extra_kernels[] = {
    {"reverse", 8, 0, true, 1, reverse_params, 0, 0, 0, false},
    {"wild", 0, 0, false, 0, NULL, 0, 0, 0, false},
    {"holder", 0, 0, false, 0, NULL, 0, 0, 0, false},
    {"waiter", 8, 0, false, 1, waiter_params, 0, 0, 0, false}};
static void reverse_stub(void) {}
static void wild_stub(void) {}
static void holder_stub(void) {}
static void waiter_stub(void) {}

static ac_param scale_params[] = {{0, 8}, {8, 4}, {12, 4}};
static ac_param where_params[] = {{0, 8}};
static ac_param big_params[] = {{0, 8}, {8, 4400}};
static const ac_kernel scale_kernels[] = {{"scale", 16, 0, false, 3, scale_params, 0, 0, 0, false},
                                          {"where", 8, 0, false, 1, where_params, 0, 0, 0, false},
                                          {"big", 4408, 0, false, 2, big_params, 0, 0, 0, false},
                                          {"absent", 0, 0, false, 0, NULL, 0, 0, 0, false}};
static unsigned char bias_init[4] = {5, 0, 0, 0};
static const ac_global scale_globals[] = {{"bias", 0, 4, 4, false, bias_init, 0, NULL},
                                          {"counter", 1, 4, 4, false, NULL, 0, NULL}};

/* Host stubs and shadows: only their addresses matter. */
static void scale_stub(void) {}
static void where_stub(void) {}
static void big_stub(void) {}
static void absent_stub(void) {}
static void unknown_stub(void) {}
static int bias_shadow, counter_shadow;

static void **register_scale_module(const unsigned char *blob, fatbin_wrapper *wrapper) {
  *wrapper = (fatbin_wrapper){AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(wrapper);
  __cudaRegisterFunction(h, (const char *)scale_stub, (char *)"scale", "scale", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFunction(h, (const char *)where_stub, (char *)"where", "where", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFunction(h, (const char *)big_stub, (char *)"big", "big", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFunction(h, (const char *)absent_stub, (char *)"absent", "absent", -1, 0, 0, 0, 0,
                         0);
  __cudaRegisterFunction(h, (const char *)unknown_stub, (char *)"nowhere", "nowhere", -1, 0, 0, 0,
                         0, 0);
  __cudaRegisterVar(h, (char *)&bias_shadow, (char *)"bias", "bias", 0, 4, 0, 0);
  __cudaRegisterVar(h, (char *)&counter_shadow, (char *)"counter", "counter", 0, 4, 0, 0);
  __cudaRegisterFatBinaryEnd(h);
  return h;
}

static void test_scale_and_symbols(void) {
  enum { N = 1000 };
  float host[N], back[N];
  for (int i = 0; i < N; i++)
    host[i] = (float)i;
  float *x;
  CHECK_ERR(cudaMalloc((void **)&x, N * sizeof *x), cudaSuccess);
  CHECK_ERR(cudaMemcpy(x, host, sizeof host, cudaMemcpyHostToDevice), cudaSuccess);
  float a = 2.0f;
  unsigned n = N;
  void *args[] = {&x, &a, &n};
  /* 4 blocks of 256 threads cover 1000 elements; bias starts as 5 */
  CHECK_ERR(
      cudaLaunchKernel((const void *)scale_stub, (dim3){4, 1, 1}, (dim3){256, 1, 1}, args, 0, 0),
      cudaSuccess);
  int bias = -1, new_bias = 100;
  CHECK_ERR(cudaMemcpyFromSymbol(&bias, &bias_shadow, 4, 0, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(bias == 5);
  CHECK_ERR(cudaMemcpyToSymbol(&bias_shadow, &new_bias, 4, 0, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(
      cudaLaunchKernel((const void *)scale_stub, (dim3){4, 1, 1}, (dim3){256, 1, 1}, args, 0, 0),
      cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  CHECK_ERR(cudaMemcpy(back, x, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += back[i] != (i * 2.0f + 5.0f) * 2.0f + 100.0f;
  CHECK(wrong == 0);
  unsigned counter = 0;
  CHECK_ERR(cudaMemcpyFromSymbol(&counter, &counter_shadow, 4, 0, cudaMemcpyDeviceToHost),
            cudaSuccess);
  CHECK(counter == 2);
  /* the symbol's address is a device pointer like any other */
  void *address = NULL;
  size_t size = 0;
  CHECK_ERR(cudaGetSymbolAddress(&address, &bias_shadow), cudaSuccess);
  CHECK_ERR(cudaGetSymbolSize(&size, &bias_shadow), cudaSuccess);
  CHECK(size == 4);
  CHECK_ERR(cudaMemcpy(&bias, address, 4, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(bias == 100);
  CHECK_ERR(cudaMemcpyToSymbol(&bias_shadow, &new_bias, 4, 2, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue); /* past the variable's end */
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK_ERR(cudaFree(x), cudaSuccess);
}

static void test_grid_3d(void) {
  dim3 grid = {3, 2, 2}, block = {4, 2, 3};
  unsigned sx = 12, sy = 4, sz = 6, total = sx * sy * sz;
  unsigned *out, back[288];
  CHECK_ERR(cudaMalloc((void **)&out, total * sizeof *out), cudaSuccess);
  CHECK_ERR(cudaMemset(out, 0xff, total * sizeof *out), cudaSuccess);
  void *args[] = {&out};
  CHECK_ERR(cudaLaunchKernel((const void *)where_stub, grid, block, args, 0, 0), cudaSuccess);
  CHECK_ERR(cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  int wrong = 0;
  for (unsigned z = 0; z < sz; z++)
    for (unsigned y = 0; y < sy; y++)
      for (unsigned x = 0; x < sx; x++)
        wrong += back[(z * sy + y) * sx + x] != 1000000 * z + 1000 * y + x;
  CHECK(wrong == 0);
  CHECK_ERR(cudaFree(out), cudaSuccess);
}

static void test_big_parameter_block(void) {
  struct {
    int *out;
    int data[1100];
  } params;
  for (int i = 0; i < 1100; i++)
    params.data[i] = i * 31 - 7;
  CHECK_ERR(cudaMalloc((void **)&params.out, sizeof params.data), cudaSuccess);
  void *args[] = {&params.out, params.data};
  CHECK_ERR(
      cudaLaunchKernel((const void *)big_stub, (dim3){5, 1, 1}, (dim3){256, 1, 1}, args, 0, 0),
      cudaSuccess);
  /* the host's copy may change right after the launch: the block was packed */
  memset(params.data, 0, sizeof params.data);
  int back[1100];
  CHECK_ERR(cudaMemcpy(back, params.out, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  int wrong = 0;
  for (int i = 0; i < 1100; i++)
    wrong += back[i] != i * 31 - 7;
  CHECK(wrong == 0);
  CHECK_ERR(cudaFree(params.out), cudaSuccess);
}

static void test_attributes_and_occupancy(void) {
  struct cudaFuncAttributes attr;
  CHECK_ERR(cudaFuncGetAttributes(&attr, (const void *)scale_stub), cudaSuccess);
  CHECK(attr.maxThreadsPerBlock > 0 && attr.maxThreadsPerBlock <= 1024);
  CHECK(attr.sharedSizeBytes == 0 && attr.maxDynamicSharedSizeBytes == 49152); /* CUDA's 48 KiB */
  CHECK_ERR(cudaFuncSetAttribute((const void *)scale_stub,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, 16384),
            cudaSuccess);
  CHECK_ERR(cudaFuncSetAttribute((const void *)scale_stub,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, 65537),
            cudaErrorInvalidValue); /* above sharedMemPerBlockOptin */
  CHECK_ERR(cudaFuncSetAttribute((const void *)unknown_stub,
                                 cudaFuncAttributePreferredSharedMemoryCarveout, 50),
            cudaErrorInvalidResourceHandle); /* as main on the H200 */
  CHECK_ERR(cudaFuncSetCacheConfig((const void *)scale_stub, cudaFuncCachePreferL1), cudaSuccess);
  CHECK_ERR(cudaFuncSetCacheConfig((const void *)scale_stub, (enum cudaFuncCache)9),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaFuncSetCacheConfig((const void *)unknown_stub, cudaFuncCachePreferL1),
            cudaErrorInvalidResourceHandle); /* as main on the H200 */
  int blocks = -1;
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 256, 0),
      cudaSuccess);
  CHECK(blocks == (attr.maxThreadsPerBlock >= 256 ? 4 : 0));
  CHECK_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 0),
            cudaSuccess);
  CHECK(blocks == 16);
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 16384),
      cudaSuccess);
  CHECK(blocks == 2); /* PreferL1 (set above): the 32 KiB carveout, CUDA's rule on sm_75 */
  CHECK_ERR(cudaFuncSetCacheConfig((const void *)scale_stub, cudaFuncCachePreferNone), cudaSuccess);
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 16384),
      cudaSuccess);
  CHECK(blocks == 4); /* 64 KiB of shared memory per multiprocessor */
  CHECK_ERR(cudaFuncSetAttribute((const void *)scale_stub,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, 32768),
            cudaSuccess);
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 16300),
      cudaSuccess);
  CHECK(blocks == 4); /* allocated in 256-byte units: 16384 each */
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 16400),
      cudaSuccess);
  CHECK(blocks == 3); /* 16640 each */
  CHECK_ERR(cudaFuncSetAttribute((const void *)scale_stub,
                                 cudaFuncAttributePreferredSharedMemoryCarveout, 50),
            cudaSuccess);
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 8192),
      cudaSuccess);
  CHECK(blocks == 4); /* 50 %: the 32 KiB carveout */
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 32, 20000),
      cudaSuccess);
  CHECK(blocks == 1); /* larger than the preference: the carveout that holds it (32 KiB) */
  size_t avail = 0;
  CHECK_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, (const void *)scale_stub, 2, 32),
            cudaSuccess);
  CHECK(avail == 16384); /* the 32 KiB preference over 2 blocks */
  CHECK_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, (const void *)scale_stub, 1, 32),
            cudaSuccess);
  CHECK(avail == 32768); /* one block: the per-block limit */
  CHECK_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, (const void *)scale_stub, 3, 32),
            cudaSuccess);
  CHECK(avail == 10752); /* 32768 / 3 in 256-byte units */
  CHECK_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, (const void *)scale_stub, 0, 32),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, (const void *)scale_stub, 17, 32),
            cudaErrorInvalidValue); /* 17 blocks are never resident */
  CHECK_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 0, 0),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaFuncSetAttribute((const void *)scale_stub,
                                 cudaFuncAttributePreferredSharedMemoryCarveout, -1),
            cudaSuccess);
  CHECK_ERR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)scale_stub, 2048, 0),
      cudaSuccess);
  CHECK(blocks == 0);
  cudaGetLastError();
}

static void test_missing_kernels(void) {
  dim3 one = {1, 1, 1};
  /* in the table but not in the MSL */
  CHECK_ERR(cudaLaunchKernel((const void *)absent_stub, one, one, NULL, 0, 0),
            cudaErrorNoKernelImageForDevice);
  /* registered by the host but not in the module */
  CHECK_ERR(cudaLaunchKernel((const void *)unknown_stub, one, one, NULL, 0, 0),
            cudaErrorInvalidDeviceFunction);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
}

static void bad_blob_stub(void) {}
static void bad_msl_stub(void) {}

static void test_broken_modules(void) {
  static const unsigned char garbage[40] = "ANCHMOD1\x21\0\0\0\0\0\0\0kernel k 0 0 0\nzz";
  fatbin_wrapper w1 = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, garbage, NULL};
  void **h1 = __cudaRegisterFatBinary(&w1);
  __cudaRegisterFunction(h1, (const char *)bad_blob_stub, (char *)"k", "k", -1, 0, 0, 0, 0, 0);
  dim3 one = {1, 1, 1};
  CHECK_ERR(cudaLaunchKernel((const void *)bad_blob_stub, one, one, NULL, 0, 0),
            cudaErrorInvalidKernelImage);
  static const ac_kernel k[] = {{"k", 0, 0, false, 0, NULL, 0, 0, 0, false}};
  /* with variables, which never reach the arena: unregistering it must not free them
   * (it crashed at exit, found by tests/differential) */
  static unsigned char v_init[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  static const ac_global v[] = {{"v", 0, 8, 8, false, v_init, 0, NULL},
                                {"w", 1, 4, 4, false, NULL, 0, NULL}};
  unsigned char *blob =
      make_module(k, 1, v, 2, "#include <metal_stdlib>\nkernel void k() { this is not MSL; }\n");
  fatbin_wrapper w2 = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h2 = __cudaRegisterFatBinary(&w2);
  __cudaRegisterFunction(h2, (const char *)bad_msl_stub, (char *)"k", "k", -1, 0, 0, 0, 0, 0);
  CHECK_ERR(cudaLaunchKernel((const void *)bad_msl_stub, one, one, NULL, 0, 0),
            cudaErrorInvalidPtx);
  CHECK_ERR(cudaLaunchKernel((const void *)bad_msl_stub, one, one, NULL, 0, 0),
            cudaErrorInvalidPtx);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidPtx);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess); /* not sticky */
  __cudaUnregisterFatBinary(h2);
  CHECK_ERR(cudaLaunchKernel((const void *)bad_msl_stub, one, one, NULL, 0, 0),
            cudaErrorInvalidDeviceFunction); /* forgotten with its module */
  __cudaUnregisterFatBinary(h1);
  free(blob);
  cudaGetLastError();
}

void __cudaRegisterTexture(void **handle, const void *host_variable, const void **device_address,
                           const char *device_name, int dim, int norm, int ext);
static void textured_stub(void) {}
static int texture_shadow;

/* A module that registers a texture reference cannot be used: its launches
 * say so (the reason goes to stderr) instead of running without it. */
static void test_unsupported_registration(void) {
  static const ac_kernel t[] = {{"t", 0, 0, false, 0, NULL, 0, 0, 0, false}};
  unsigned char *blob =
      make_module(t, 1, NULL, 0, "#include <metal_stdlib>\nkernel void t(" ABI_ARGS ") {}\n");
  fatbin_wrapper w = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(&w);
  __cudaRegisterFunction(h, (const char *)textured_stub, (char *)"t", "t", -1, 0, 0, 0, 0, 0);
  __cudaRegisterTexture(h, &texture_shadow, NULL, "tex", 2, 0, 0);
  dim3 one = {1, 1, 1};
  CHECK_ERR(cudaLaunchKernel((const void *)textured_stub, one, one, NULL, 0, 0),
            cudaErrorInvalidKernelImage);
  cudaGetLastError();
  __cudaUnregisterFatBinary(h);
  free(blob);
}

static void test_call_configuration(void) {
  CHECK(__cudaPushCallConfiguration((dim3){7, 8, 9}, (dim3){1, 2, 3}, 48, (cudaStream_t)0x1) == 0);
  CHECK(__cudaPushCallConfiguration((dim3){2, 1, 1}, (dim3){32, 1, 1}, 0, 0) == 0); /* nested */
  dim3 g, b;
  size_t shared;
  cudaStream_t stream = (cudaStream_t)0x99;
  CHECK_ERR(__cudaPopCallConfiguration(&g, &b, &shared, &stream), cudaSuccess);
  CHECK(g.x == 2 && b.x == 32 && shared == 0 && stream == NULL);
  CHECK_ERR(__cudaPopCallConfiguration(&g, &b, &shared, &stream), cudaSuccess);
  CHECK(g.x == 7 && g.y == 8 && g.z == 9 && b.z == 3 && shared == 48 && stream == cudaStreamLegacy);
  CHECK_ERR(__cudaPopCallConfiguration(&g, &b, &shared, &stream), cudaErrorMissingConfiguration);
}

static void test_dynamic_shared_memory(void **handle) {
  __cudaRegisterFunction(handle, (const char *)reverse_stub, (char *)"reverse", "reverse", -1, 0, 0,
                         0, 0, 0);
  unsigned *out, back[4 * 96];
  CHECK_ERR(cudaMalloc((void **)&out, sizeof back), cudaSuccess);
  void *args[] = {&out};
  CHECK_ERR(cudaLaunchKernel((const void *)reverse_stub, (dim3){4, 1, 1}, (dim3){96, 1, 1}, args,
                             96 * sizeof(unsigned), 0),
            cudaSuccess);
  CHECK_ERR(cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost), cudaSuccess);
  int wrong = 0;
  for (unsigned b = 0; b < 4; b++)
    for (unsigned t = 0; t < 96; t++)
      wrong += back[b * 96 + t] != b * 1000 + (95 - t);
  CHECK(wrong == 0);
  CHECK_ERR(cudaFree(out), cudaSuccess);
}

/* A kernel that faults: the launch succeeds (it is asynchronous), the next
 * synchronisation reports cudaErrorIllegalAddress, which then sticks to
 * every call, survives cudaGetLastError, and only cudaDeviceReset clears. */
static void test_sticky_error(void **handle) {
  __cudaRegisterFunction(handle, (const char *)wild_stub, (char *)"wild", "wild", -1, 0, 0, 0, 0,
                         0);
  dim3 one = {1, 1, 1};
  CHECK_ERR(cudaLaunchKernel((const void *)wild_stub, one, one, NULL, 0, 0), cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  void *p;
  CHECK_ERR(cudaMalloc(&p, 16), cudaErrorIllegalAddress);
  CHECK_ERR(cudaLaunchKernel((const void *)wild_stub, one, one, NULL, 0, 0),
            cudaErrorIllegalAddress);
  CHECK_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
  CHECK_ERR(cudaGetLastError(), cudaSuccess); /* reported once (H200, CUDA 13) */
  CHECK_ERR(cudaPeekAtLastError(), cudaSuccess);
  CHECK_ERR(cudaMalloc(&p, 16), cudaErrorIllegalAddress); /* still sticky */
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorIllegalAddress);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  CHECK_ERR(cudaMalloc(&p, 16), cudaSuccess);
  CHECK_ERR(cudaFree(p), cudaSuccess);
}

/* A launch that fails holding a lock of the lock table (core_services.c): when the
 * runtime notes the failure it clears the table, so a launch already in flight that
 * waits for that lock goes on instead of spinning until its bound (a 64-bit atomic
 * would spin forever). The error stays sticky; the waiter's result is read through
 * managed memory. */
static void test_lock_cleared_after_failure(void **handle) {
  __cudaRegisterFunction(handle, (const char *)holder_stub, (char *)"holder", "holder", -1, 0, 0, 0,
                         0, 0);
  __cudaRegisterFunction(handle, (const char *)waiter_stub, (char *)"waiter", "waiter", -1, 0, 0, 0,
                         0, 0);
  unsigned *got = NULL;
  CHECK_ERR(cudaMallocManaged((void **)&got, sizeof *got, cudaMemAttachGlobal), cudaSuccess);
  *got = 0;
  dim3 one = {1, 1, 1};
  void *args[] = {&got};
  CHECK_ERR(cudaLaunchKernel((const void *)holder_stub, one, one, NULL, 0, 0), cudaSuccess);
  CHECK_ERR(cudaLaunchKernel((const void *)waiter_stub, one, one, args, 0, 0), cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  CHECK(*got == 1);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
}

int main(void) {
  fatbin_wrapper wrapper, extra_wrapper;
  unsigned char *extra = make_module(extra_kernels, 4, NULL, 0, extra_msl);
  extra_wrapper = (fatbin_wrapper){AC_FATBIN_MAGIC, AC_FATBIN_VERSION, extra, NULL};
  void **extra_handle = __cudaRegisterFatBinary(&extra_wrapper);
  unsigned char *blob = make_module(scale_kernels, 4, scale_globals, 2, scale_msl);
  void **handle = register_scale_module(blob, &wrapper);
  test_scale_and_symbols();
  test_grid_3d();
  test_big_parameter_block();
  test_attributes_and_occupancy();
  test_missing_kernels();
  test_broken_modules();
  test_call_configuration();
  test_unsupported_registration();
  test_dynamic_shared_memory(extra_handle);
  test_sticky_error(extra_handle);
  test_lock_cleared_after_failure(extra_handle);
  /* a reset forgets storage and libraries; the module loads again, variables
   * initialised afresh from the blob */
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  int bias = 0;
  CHECK_ERR(cudaMemcpyFromSymbol(&bias, &bias_shadow, 4, 0, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(bias == 5);
  test_grid_3d();
  __cudaUnregisterFatBinary(handle);
  __cudaUnregisterFatBinary(extra_handle);
  free(blob);
  free(extra);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  return check_finish("test_launch");
}
