// cudaFuncGetAttributes against what kernels declare (static shared arrays,
// __launch_bounds__, parameters), cudaFuncSetAttribute's effect on launches,
// occupancy consistent with the device properties, and the
// cudaOccupancyMaxPotentialBlockSize templates. Prints PASS; exit 1 on failure.
// Compared with the H200 (CUDA 13, 2026-12-01) line by line: numRegs, ptx/binary versions,
// maxDynamic (48 KiB − static there, 32 KiB − static on Anchor), the occupancy figures, minGrid
// and multiProcessorCount are the device's; every error code and rule matches.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL line %d: %s\n", __LINE__, #cond);                                               \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

// 400 + 64 bytes of static shared memory.
__global__ void static_smem(float *out) {
  __shared__ float tile[100];
  __shared__ double pair[8];
  int t = threadIdx.x;
  if (t < 100) tile[t] = (float)t;
  if (t < 8) pair[t] = 2.0 * t;
  __syncthreads();
  if (t < 100) out[t] = tile[99 - t] + (float)pair[t % 8];
}

extern "C" __global__ void __launch_bounds__(256) bounded(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = (int)threadIdx.x;
}

// Copies n ints through dynamic shared memory.
extern "C" __global__ void dynamic_smem(const int *in, int *out, int n) {
  extern __shared__ int buf[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    buf[i] = in[i] * 2;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = buf[n - 1 - i];
}

__global__ void params(char c, double d, int i, float *p) {
  if (p) p[0] = (float)(c + d + i);
}

static int launch_dynamic(const int *in, int *out, int n, size_t shared) {
  cudaGetLastError(); // the expected failures before are the last error, not this launch's
  dynamic_smem<<<1, 128, shared>>>(in, out, n);
  return (int)cudaGetLastError();
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
  const int optin = (int)prop.sharedMemPerBlockOptin;
  const int default_dynamic = optin < 48 * 1024 ? optin : 48 * 1024;

  // ---- static shared memory, versions, thread limits
  cudaFuncAttributes a;
  CHECK(cudaFuncGetAttributes(&a, static_smem) == cudaSuccess);
  printf("static_smem sharedSizeBytes %zu maxThreadsPerBlock %d numRegs %d ptx %d binary %d "
         "maxDynamic %d carveout %d const %zu local %zu\n",
         a.sharedSizeBytes, a.maxThreadsPerBlock, a.numRegs, a.ptxVersion, a.binaryVersion,
         a.maxDynamicSharedSizeBytes, a.preferredShmemCarveout, a.constSizeBytes, a.localSizeBytes);
  CHECK(a.sharedSizeBytes == 464);
  CHECK(a.maxThreadsPerBlock > 0 && a.maxThreadsPerBlock <= prop.maxThreadsPerBlock);
  CHECK(a.binaryVersion == prop.major * 10 + prop.minor);
  CHECK(a.ptxVersion > 0 && a.ptxVersion <= a.binaryVersion);
  CHECK(a.maxDynamicSharedSizeBytes == default_dynamic - 464);
  CHECK(a.numRegs > 0 && a.numRegs <= 255);
  CHECK(a.numRegs * a.maxThreadsPerBlock <= prop.regsPerBlock);
  CHECK(a.constSizeBytes == 0);
  CHECK(a.clusterDimMustBeSet == 0 && a.requiredClusterWidth == 0);

  CHECK(cudaFuncGetAttributes(&a, bounded) == cudaSuccess);
  printf("bounded maxThreadsPerBlock %d sharedSizeBytes %zu\n", a.maxThreadsPerBlock,
         a.sharedSizeBytes);
  CHECK(a.maxThreadsPerBlock == 256);
  CHECK(a.sharedSizeBytes == 0);
  CHECK(a.maxDynamicSharedSizeBytes == default_dynamic);
  int *d_out = NULL;
  CHECK(cudaMalloc(&d_out, 4096 * sizeof(int)) == cudaSuccess);
  bounded<<<2, 256>>>(d_out);
  CHECK(cudaGetLastError() == cudaSuccess);
  bounded<<<1, 512>>>(d_out); // above __launch_bounds__
  cudaError_t over = cudaGetLastError();
  printf("launch above __launch_bounds__ -> %d %s\n", (int)over, cudaGetErrorName(over));
  CHECK(over == cudaErrorInvalidValue); // H200, CUDA 13, 2026-12-01
  CHECK(cudaDeviceSynchronize() == cudaSuccess);

  // ---- names and parameters
  const char *name = NULL;
  CHECK(cudaFuncGetName(&name, bounded) == cudaSuccess);
  CHECK(name && strcmp(name, "bounded") == 0);
  CHECK(cudaFuncGetName(&name, params) == cudaSuccess);
  printf("params name %s\n", name ? name : "(null)");
  CHECK(name && strcmp(name, "_Z6paramscdiPf") == 0);
  size_t offset = 0, size = 0;
  size_t want_offset[] = {0, 8, 16, 24}, want_size[] = {1, 8, 4, 8};
  for (size_t i = 0; i < 4; i++) {
    CHECK(cudaFuncGetParamInfo((const void *)params, i, &offset, &size) == cudaSuccess);
    CHECK(offset == want_offset[i] && size == want_size[i]);
  }
  CHECK(cudaFuncGetParamInfo((const void *)params, 4, &offset, &size) == cudaErrorInvalidValue);

  // ---- cudaFuncAttributeMaxDynamicSharedMemorySize and launches
  const int n = 1024; // 4 KiB through shared memory
  int host[n], back[n];
  for (int i = 0; i < n; i++)
    host[i] = i;
  int *d_in = NULL;
  CHECK(cudaMalloc(&d_in, sizeof host) == cudaSuccess);
  CHECK(cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(launch_dynamic(d_in, d_out, n, n * sizeof(int)) == cudaSuccess);
  CHECK(cudaMemcpy(back, d_out, sizeof back, cudaMemcpyDeviceToHost) == cudaSuccess);
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok = ok && back[i] == 2 * (n - 1 - i);
  CHECK(ok);
  CHECK(launch_dynamic(d_in, d_out, n, (size_t)default_dynamic + 16) == cudaErrorInvalidValue);
  CHECK(cudaFuncSetAttribute((const void *)dynamic_smem,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, 2048) == cudaSuccess);
  CHECK(cudaFuncGetAttributes(&a, (const void *)dynamic_smem) == cudaSuccess);
  CHECK(a.maxDynamicSharedSizeBytes == 2048);
  CHECK(launch_dynamic(d_in, d_out, n, n * sizeof(int)) == cudaErrorInvalidValue); // 4 KiB > 2 KiB
  CHECK(launch_dynamic(d_in, d_out, 512, 2048) == cudaSuccess);
  CHECK(cudaMemcpy(back, d_out, 512 * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
  ok = true;
  for (int i = 0; i < 512; i++)
    ok = ok && back[i] == 2 * (511 - i);
  CHECK(ok);
  CHECK(cudaFuncSetAttribute((const void *)dynamic_smem,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             optin + 1) == cudaErrorInvalidValue);
  CHECK(cudaFuncSetAttribute((const void *)dynamic_smem,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, optin) == cudaSuccess);
  CHECK(launch_dynamic(d_in, d_out, n, n * sizeof(int)) == cudaSuccess);
  CHECK(cudaFuncSetAttribute((const void *)dynamic_smem,
                             cudaFuncAttributePreferredSharedMemoryCarveout, 50) == cudaSuccess);
  CHECK(cudaFuncGetAttributes(&a, (const void *)dynamic_smem) == cudaSuccess);
  CHECK(a.preferredShmemCarveout == 50);
  CHECK(cudaFuncSetAttribute((const void *)dynamic_smem,
                             cudaFuncAttributePreferredSharedMemoryCarveout,
                             101) == cudaErrorInvalidValue);

  // ---- occupancy against the properties
  cudaFuncAttributes st;
  CHECK(cudaFuncGetAttributes(&st, static_smem) == cudaSuccess);
  for (int bs = 32; bs <= st.maxThreadsPerBlock; bs += 32) {
    int blocks = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, static_smem, bs, 0) ==
          cudaSuccess);
    CHECK(blocks >= 1 && blocks <= prop.maxBlocksPerMultiProcessor);
    CHECK(blocks * bs <= prop.maxThreadsPerMultiProcessor);
    CHECK((size_t)blocks * 464 <= prop.sharedMemPerMultiprocessor);
    int with_smem = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
              &with_smem, (const void *)dynamic_smem, bs, 8192, cudaOccupancyDefault) ==
          cudaSuccess);
    CHECK(with_smem >= 0 && (size_t)with_smem * 8192 <= prop.sharedMemPerMultiprocessor);
  }
  int blocks = -1;
  cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bounded, 512, 0);
  printf("occupancy above __launch_bounds__ -> %d blocks %d\n", (int)e, blocks);
  // H200, CUDA 13, 2026-12-01: cudaSuccess, 4 blocks: __launch_bounds__ limits launches, not the
  // occupancy calculator (the device's thread limit and the registers count there)
  CHECK(e == cudaSuccess && blocks > 0 && blocks * 512 <= prop.maxThreadsPerMultiProcessor);
  cudaGetLastError();
  size_t avail = 0;
  CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, dynamic_smem, 2, 128) == cudaSuccess);
  printf("available dynamic smem for 2 blocks of 128: %zu\n", avail);
  CHECK(avail > 0 && avail <= (size_t)optin && avail * 2 <= prop.sharedMemPerMultiprocessor);
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, dynamic_smem, 128, avail) ==
        cudaSuccess);
  printf("occupancy of 128 threads with that much: %d\n", blocks);
  // H200, CUDA 13, 2026-12-01: 67584 = the 132 KiB carveout (the 50 % set above, rounded up to a
  // carveout size) over 2 blocks; CUDA's figure leaves out the shared memory reserved per block
  // (cudaDevAttrReservedSharedMemoryPerBlock, 1 KiB there), so 2 such blocks fit only where none
  // is reserved (Anchor: 0, 16384 = its 32 KiB carveout over 2).
  int reserved = -1;
  CHECK(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, 0) ==
        cudaSuccess);
  CHECK(blocks >= 1);
  CHECK(reserved != 0 || blocks >= 2);

  // ---- cudaOccupancyMaxPotentialBlockSize (and its variants)
  int min_grid = 0, block = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, static_smem) == cudaSuccess);
  printf("MaxPotentialBlockSize static_smem: block %d minGrid %d\n", block, min_grid);
  CHECK(block > 0 && block <= prop.maxThreadsPerBlock && block % prop.warpSize == 0);
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, static_smem, block, 0) ==
        cudaSuccess);
  CHECK(min_grid == blocks * prop.multiProcessorCount);
  for (int bs = 32; bs <= prop.maxThreadsPerBlock; bs += 32) {
    int b = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, static_smem, bs, 0) == cudaSuccess);
    CHECK(b * bs <= blocks * block); // nothing keeps more threads resident
  }
  CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, bounded, 0, 100) == cudaSuccess);
  CHECK(block > 0 && block <= 100);
  CHECK(cudaOccupancyMaxPotentialBlockSizeWithFlags(&min_grid, &block, bounded, 0, 0,
                                                    cudaOccupancyDefault) == cudaSuccess);
  CHECK(block > 0 && block <= 256);
  CHECK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&min_grid, &block, dynamic_smem, [](int bs) {
          return (size_t)bs * 16;
        }) == cudaSuccess);
  printf("VariableSMem dynamic_smem: block %d minGrid %d\n", block, min_grid);
  CHECK(block > 0 && (size_t)block * 16 <= (size_t)optin);
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, dynamic_smem, block,
                                                      (size_t)block * 16) == cudaSuccess);
  CHECK(blocks > 0 && min_grid == blocks * prop.multiProcessorCount);
  CHECK(cudaOccupancyMaxPotentialBlockSize((int *)NULL, &block, static_smem) ==
        cudaErrorInvalidValue);

  // ---- the multiprocessor count and the attributes agree
  int sms = 0, threads = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess);
  CHECK(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerMultiProcessor, 0) == cudaSuccess);
  CHECK(sms == prop.multiProcessorCount && sms > 0);
  CHECK(threads == prop.maxThreadsPerMultiProcessor);
  printf("multiProcessorCount %d\n", sms);

  cudaFree(d_in);
  cudaFree(d_out);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
