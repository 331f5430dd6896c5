// cuda_occupancy.h (which Thrust and CUB include): the header-only calculator, fed with
// cudaGetDeviceProperties and cudaFuncGetAttributes, agrees with the runtime's
// cudaOccupancyMaxActiveBlocksPerMultiprocessor / cudaOccupancyMaxPotentialBlockSize /
// cudaOccupancyAvailableDynamicSMemPerBlock for kernels with and without static shared
// memory, under launch bounds, for many block sizes, dynamic shared memory sizes and
// cache preferences; and it rejects bad input. On nvcc the same program compares
// NVIDIA's header with NVIDIA's runtime (the H200 run).
#include <cuda_occupancy.h>
#include <cstdio>

#define CHECK(x)                                                                              \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      printf("FAIL: %s: %s (line %d)\n", #x, cudaGetErrorString(e_), __LINE__);               \
      return 1;                                                                               \
    }                                                                                         \
  } while (0)

__global__ void plain(float *p) { p[threadIdx.x] += 1.0f; }
__global__ void with_shared(float *p) {
  __shared__ float s[2048]; // 8 KiB
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
__global__ void __launch_bounds__(256) bounded(float *p) { p[threadIdx.x] *= 2.0f; }

static size_t smem_of_block(int block) { return (size_t)block * 8; }

static int failures = 0;
template <class K> static int compare(const char *name, K kernel) {
  cudaDeviceProp prop;
  int dev;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaGetDeviceProperties(&prop, dev));
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, kernel));
  cudaOccDeviceProp occ_prop = prop;
  cudaOccFuncAttributes occ_attr = attr;
  const cudaFuncCache configs[] = {cudaFuncCachePreferNone, cudaFuncCachePreferShared,
                                   cudaFuncCachePreferL1, cudaFuncCachePreferEqual};
  int checked = 0;
  for (cudaFuncCache config : configs) {
    CHECK(cudaFuncSetCacheConfig(kernel, config));
    cudaOccDeviceState state;
    state.cacheConfig = (cudaOccCacheConfig)config;
    for (int block = 1; block <= prop.maxThreadsPerBlock; block += 37) {
      const size_t dyns[] = {0, 100, 4096, 9000, 20000};
      for (size_t dyn : dyns) {
        int runtime = -1;
        CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&runtime, kernel, block, dyn));
        cudaOccResult result;
        cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&result, &occ_prop, &occ_attr,
                                                                 &state, block, dyn);
        if (e != CUDA_OCC_SUCCESS || result.activeBlocksPerMultiprocessor != runtime) {
          printf("FAIL %s: block %d, dynamic %zu, cache %d: header %d (error %d), runtime %d\n",
                 name, block, dyn, (int)config, result.activeBlocksPerMultiprocessor, (int)e,
                 runtime);
          failures++;
          return 0;
        }
        checked++;
      }
      if (block <= 256) { // the dynamic memory that still lets 1 and 2 blocks stay
        for (int blocks = 1; blocks <= 2; blocks++) {
          size_t rt = 0, hd = 0;
          cudaError_t re = cudaOccupancyAvailableDynamicSMemPerBlock(&rt, kernel, blocks, block);
          cudaOccError he = cudaOccAvailableDynamicSMemPerBlock(&hd, &occ_prop, &occ_attr, &state,
                                                                blocks, block);
          if ((re == cudaSuccess) != (he == CUDA_OCC_SUCCESS) || (re == cudaSuccess && rt != hd)) {
            printf("FAIL %s available dynamic smem: block %d, %d blocks: header %zu (%d), "
                   "runtime %zu (%d)\n", name, block, blocks, hd, (int)he, rt, (int)re);
            failures++;
            return 0;
          }
        }
      }
    }
    // the best block size, fixed and variable dynamic shared memory
    int rg = 0, rb = 0, hg = 0, hb = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&rg, &rb, kernel, 1024));
    cudaOccError e = cudaOccMaxPotentialOccupancyBlockSize(&hg, &hb, &occ_prop, &occ_attr, &state, 1024);
    if (e != CUDA_OCC_SUCCESS || rg != hg || rb != hb) {
      printf("FAIL %s potential block size: header %d/%d, runtime %d/%d\n", name, hg, hb, rg, rb);
      failures++;
    }
    CHECK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&rg, &rb, kernel, smem_of_block));
    e = cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(&hg, &hb, &occ_prop, &occ_attr, &state,
                                                         smem_of_block);
    if (e != CUDA_OCC_SUCCESS || rg != hg || rb != hb) {
      printf("FAIL %s potential block size (variable): header %d/%d, runtime %d/%d\n", name, hg,
             hb, rg, rb);
      failures++;
    }
  }
  printf("ok   %s: %d configurations agree\n", name, checked);
  return 0;
}

int main() {
  if (compare("plain", plain) || compare("8 KiB static shared", with_shared) ||
      compare("__launch_bounds__(256)", bounded))
    return 1;
  // bad input
  cudaOccDeviceProp empty;
  cudaOccFuncAttributes attr;
  cudaOccDeviceState state;
  cudaOccResult result;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &empty, &attr, &state, 128, 0) !=
      CUDA_OCC_ERROR_INVALID_INPUT) {
    printf("FAIL zero properties are not CUDA_OCC_ERROR_INVALID_INPUT\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
