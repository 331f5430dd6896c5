/* cuda_occupancy.h — CUDA's occupancy calculator as a header: how many blocks of a
 * kernel a multiprocessor holds, from a device's properties (cudaOccDeviceProp,
 * filled from cudaDeviceProp), a kernel's attributes (cudaOccFuncAttributes, from
 * cudaFuncAttributes) and the cache/carveout preference (cudaOccDeviceState), with
 * no call into the runtime. Thrust and CUB include it.
 *
 * Written for Anchor from NVIDIA's documentation of the header's API (the types,
 * enumerators and functions below keep CUDA's names, values and signatures). The
 * model is Anchor's — the one libanchor's cudaOccupancyMaxActiveBlocksPerMultiprocessor
 * applies (runtime/core_launch.c, docs/runtime.md "Occupancy") — so for the
 * properties and attributes libanchor reports, the header and the runtime agree:
 *   - warps: ceil(blockSize / warpSize) warps per block, maxThreadsPerMultiprocessor
 *     / warpSize warps per multiprocessor;
 *   - blocks: at most 16 resident blocks per multiprocessor (compute capability 7.5);
 *   - registers: numRegs × the block's warps × warpSize out of regsPerMultiprocessor
 *     (no allocation granularity: Metal allocates no registers in units);
 *   - shared memory: static + reserved + dynamic, in 256-byte units, out of the
 *     carveout the preference picks (32 KiB or sharedMemPerMultiprocessor; with no
 *     preference the whole); a block above the per-block limit, or more dynamic
 *     memory than maxDynamicSharedSizeBytes, gives 0.
 * Anchor reports compute capability 7.5, the multiprocessor this models; properties
 * of another compute capability are CUDA_OCC_ERROR_UNKNOWN_DEVICE, not a guess.
 * Partitioned global caching, block barriers and virtual resources never limit
 * (their limits are reported as INT_MAX). */
#ifndef __cuda_occupancy_h__
#define __cuda_occupancy_h__ /* NVIDIA's guard */
#pragma GCC system_header

#include <limits.h>
#include <stddef.h>

#if defined(__cplusplus) && defined(__CUDA__)
#define __OCC_INLINE inline __host__ __device__
#elif defined(__cplusplus)
#define __OCC_INLINE inline
#else
#define __OCC_INLINE __inline
#endif

/* The calculator's API level (CUDA 12.1's, unchanged in 13.0). */
#define __CUDA_OCC_MAJOR__ 12
#define __CUDA_OCC_MINOR__ 1

enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
};
typedef enum cudaOccError_enum cudaOccError;

typedef struct cudaOccResult cudaOccResult;
typedef struct cudaOccDeviceProp cudaOccDeviceProp;
typedef struct cudaOccFuncAttributes cudaOccFuncAttributes;
typedef struct cudaOccDeviceState cudaOccDeviceState;

struct cudaOccDeviceProp {
  int computeMajor;
  int computeMinor;
  int maxThreadsPerBlock;
  int maxThreadsPerMultiprocessor;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t sharedMemPerBlock;
  size_t sharedMemPerMultiprocessor;
  int numSms;
  size_t sharedMemPerBlockOptin;
  size_t reservedSharedMemPerBlock;
#ifdef __cplusplus
  /* cudaOccDeviceProp p = prop; from a cudaDeviceProp */
  template <typename DeviceProp>
  __OCC_INLINE cudaOccDeviceProp(const DeviceProp &props)
      : computeMajor(props.major), computeMinor(props.minor),
        maxThreadsPerBlock(props.maxThreadsPerBlock),
        maxThreadsPerMultiprocessor(props.maxThreadsPerMultiProcessor),
        regsPerBlock(props.regsPerBlock), regsPerMultiprocessor(props.regsPerMultiprocessor),
        warpSize(props.warpSize), sharedMemPerBlock(props.sharedMemPerBlock),
        sharedMemPerMultiprocessor(props.sharedMemPerMultiprocessor),
        numSms(props.multiProcessorCount), sharedMemPerBlockOptin(props.sharedMemPerBlockOptin),
        reservedSharedMemPerBlock(props.reservedSharedMemPerBlock) {}
  __OCC_INLINE cudaOccDeviceProp()
      : computeMajor(0), computeMinor(0), maxThreadsPerBlock(0), maxThreadsPerMultiprocessor(0),
        regsPerBlock(0), regsPerMultiprocessor(0), warpSize(0), sharedMemPerBlock(0),
        sharedMemPerMultiprocessor(0), numSms(0), sharedMemPerBlockOptin(0),
        reservedSharedMemPerBlock(0) {}
#endif
};

typedef enum cudaOccPartitionedGCConfig_enum {
  PARTITIONED_GC_OFF,
  PARTITIONED_GC_ON,
  PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

/* Which per-block limit of shared memory applies: sharedMemPerBlock, or (after
 * cudaFuncAttributeMaxDynamicSharedMemorySize) sharedMemPerBlockOptin. */
typedef enum cudaOccFuncShmemConfig_enum {
  FUNC_SHMEM_LIMIT_DEFAULT,
  FUNC_SHMEM_LIMIT_OPTIN
} cudaOccFuncShmemConfig;

struct cudaOccFuncAttributes {
  int maxThreadsPerBlock;
  int numRegs;
  size_t sharedSizeBytes;
  cudaOccPartitionedGCConfig partitionedGCConfig;
  cudaOccFuncShmemConfig shmemLimitConfig;
  size_t maxDynamicSharedSizeBytes;
  int numBlockBarriers;
  int virtualResourceCount;
#ifdef __cplusplus
  /* cudaOccFuncAttributes a = attr; from cudaFuncGetAttributes' cudaFuncAttributes */
  template <typename FuncAttributes>
  __OCC_INLINE cudaOccFuncAttributes(const FuncAttributes &attr)
      : maxThreadsPerBlock(attr.maxThreadsPerBlock), numRegs(attr.numRegs),
        sharedSizeBytes(attr.sharedSizeBytes), partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_OPTIN),
        maxDynamicSharedSizeBytes(attr.maxDynamicSharedSizeBytes), numBlockBarriers(1),
        virtualResourceCount(0) {}
  __OCC_INLINE cudaOccFuncAttributes()
      : maxThreadsPerBlock(0), numRegs(0), sharedSizeBytes(0),
        partitionedGCConfig(PARTITIONED_GC_OFF), shmemLimitConfig(FUNC_SHMEM_LIMIT_DEFAULT),
        maxDynamicSharedSizeBytes(0), numBlockBarriers(0), virtualResourceCount(0) {}
#endif
};

/* The values of cudaFuncCache and of cudaSharedCarveout. */
typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef enum cudaOccCarveoutConfig_enum {
  SHAREDMEM_CARVEOUT_DEFAULT = -1,
  SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  SHAREDMEM_CARVEOUT_MAX_L1 = 0,
  SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

struct cudaOccDeviceState {
  cudaOccCacheConfig cacheConfig; /* used when carveoutConfig is the default */
  int carveoutConfig;             /* a percentage, or SHAREDMEM_CARVEOUT_DEFAULT */
#ifdef __cplusplus
  __OCC_INLINE cudaOccDeviceState()
      : cacheConfig(CACHE_PREFER_NONE), carveoutConfig(SHAREDMEM_CARVEOUT_DEFAULT) {}
#endif
};

typedef enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08,
  OCC_LIMIT_BARRIERS = 0x10,
  OCC_LIMIT_VIRTUAL_RESOURCES = 0x20
} cudaOccLimitingFactor;

struct cudaOccResult {
  int activeBlocksPerMultiprocessor;
  unsigned int limitingFactors; /* cudaOccLimitingFactor bits of the limits equal to the result */
  int blockLimitRegs;
  int blockLimitSharedMem;
  int blockLimitWarps;
  int blockLimitBlocks;
  int blockLimitBarriers;
  int blockLimitVirtual;
  int allocatedRegistersPerBlock;
  size_t allocatedSharedMemPerBlock;
  cudaOccPartitionedGCConfig partitionedGCConfig;
};

typedef enum cudaOccPartitionedGCSupport_enum {
  PARTITIONED_GC_NOT_SUPPORTED,
  PARTITIONED_GC_SUPPORTED
} cudaOccPartitionedGCSupport;

/* ---- the model (names with __occ are the header's own) ------------------------- */

enum {
  __OCC_ANCHOR_BLOCKS_PER_SM = 16,     /* compute capability 7.5's resident blocks */
  __OCC_ANCHOR_SMEM_UNIT = 256,        /* shared memory allocation unit */
  __OCC_ANCHOR_SMALL_CARVEOUT = 32768, /* the smaller of the two carveouts */
};

static __OCC_INLINE int __occMinInt(int a, int b) {
  return a < b ? a : b;
}

/* The carveout size that holds bytes: 32 KiB or the whole; 0 when none does. */
static __OCC_INLINE size_t __occCarveoutFor(size_t bytes, const cudaOccDeviceProp *properties) {
  if (bytes <= __OCC_ANCHOR_SMALL_CARVEOUT) return __OCC_ANCHOR_SMALL_CARVEOUT;
  return bytes <= properties->sharedMemPerMultiprocessor ? properties->sharedMemPerMultiprocessor
                                                         : 0;
}

/* The multiprocessor's shared memory the preference asks for: a carveout
 * percentage, or with the default one the cache configuration (PreferL1 0 %,
 * PreferEqual 50 %, PreferShared 100 %), or with neither the whole. */
static __OCC_INLINE size_t __occSmemPreference(const cudaOccDeviceProp *properties,
                                               const cudaOccDeviceState *state) {
  int percent = state->carveoutConfig;
  if (percent == SHAREDMEM_CARVEOUT_DEFAULT) {
    switch (state->cacheConfig) {
    case CACHE_PREFER_L1: percent = SHAREDMEM_CARVEOUT_MAX_L1; break;
    case CACHE_PREFER_SHARED: percent = SHAREDMEM_CARVEOUT_MAX_SHARED; break;
    case CACHE_PREFER_EQUAL: percent = SHAREDMEM_CARVEOUT_HALF; break;
    default: return properties->sharedMemPerMultiprocessor;
    }
  }
  return __occCarveoutFor((size_t)percent * properties->sharedMemPerMultiprocessor / 100,
                          properties);
}

static __OCC_INLINE size_t __occSmemPerBlockLimit(const cudaOccDeviceProp *properties,
                                                  const cudaOccFuncAttributes *attributes) {
  return attributes->shmemLimitConfig == FUNC_SHMEM_LIMIT_OPTIN &&
                 properties->sharedMemPerBlockOptin > properties->sharedMemPerBlock
             ? properties->sharedMemPerBlockOptin
             : properties->sharedMemPerBlock;
}

static __OCC_INLINE cudaOccError __occCheck(const cudaOccDeviceProp *properties,
                                            const cudaOccFuncAttributes *attributes,
                                            const cudaOccDeviceState *state) {
  if (!properties || !attributes || !state) return CUDA_OCC_ERROR_INVALID_INPUT;
  if (properties->maxThreadsPerBlock <= 0 || properties->maxThreadsPerMultiprocessor <= 0 ||
      properties->regsPerBlock <= 0 || properties->regsPerMultiprocessor <= 0 ||
      properties->warpSize <= 0 || properties->sharedMemPerBlock == 0 ||
      properties->sharedMemPerMultiprocessor == 0 || properties->numSms <= 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  if (attributes->maxThreadsPerBlock <= 0 || attributes->numRegs < 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  if (properties->computeMajor != 7 || properties->computeMinor != 5)
    return CUDA_OCC_ERROR_UNKNOWN_DEVICE;
  return CUDA_OCC_SUCCESS;
}

/* Blocks of blockSize threads with dynamicSmemSize bytes of dynamic shared memory
 * resident on one multiprocessor, and what limits them. */
static __OCC_INLINE cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(
    cudaOccResult *result, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state, int blockSize,
    size_t dynamicSmemSize) {
  cudaOccError status = __occCheck(properties, attributes, state);
  if (status != CUDA_OCC_SUCCESS) return status;
  if (!result || blockSize <= 0) return CUDA_OCC_ERROR_INVALID_INPUT;
  int warps = (blockSize + properties->warpSize - 1) / properties->warpSize;
  int threads = warps * properties->warpSize;
  int byWarps = blockSize > properties->maxThreadsPerBlock
                    ? 0
                    : properties->maxThreadsPerMultiprocessor / properties->warpSize / warps;
  int byBlocks = __OCC_ANCHOR_BLOCKS_PER_SM;
  long long regsPerBlock = (long long)attributes->numRegs * threads;
  int byRegs = regsPerBlock ? (int)(properties->regsPerMultiprocessor / regsPerBlock) : INT_MAX;
  /* shared memory */
  size_t total = attributes->sharedSizeBytes + properties->reservedSharedMemPerBlock;
  size_t perBlock = 0;
  int bySmem = INT_MAX;
  if (dynamicSmemSize > attributes->maxDynamicSharedSizeBytes ||
      total + dynamicSmemSize < dynamicSmemSize ||
      total + dynamicSmemSize > __occSmemPerBlockLimit(properties, attributes)) {
    bySmem = 0;
  } else {
    total += dynamicSmemSize;
    perBlock =
        (total + __OCC_ANCHOR_SMEM_UNIT - 1) / __OCC_ANCHOR_SMEM_UNIT * __OCC_ANCHOR_SMEM_UNIT;
    if (perBlock) {
      size_t preference = __occSmemPreference(properties, state);
      size_t perSm = preference >= perBlock ? preference : __occCarveoutFor(perBlock, properties);
      size_t blocks = perSm / perBlock;
      bySmem = blocks < (size_t)INT_MAX ? (int)blocks : INT_MAX;
    }
  }
  int limit = __occMinInt(__occMinInt(byWarps, byBlocks), __occMinInt(byRegs, bySmem));
  result->activeBlocksPerMultiprocessor = limit;
  result->limitingFactors =
      (limit == byWarps ? OCC_LIMIT_WARPS : 0) | (limit == byRegs ? OCC_LIMIT_REGISTERS : 0) |
      (limit == bySmem ? OCC_LIMIT_SHARED_MEMORY : 0) | (limit == byBlocks ? OCC_LIMIT_BLOCKS : 0);
  result->blockLimitRegs = byRegs;
  result->blockLimitSharedMem = bySmem;
  result->blockLimitWarps = byWarps;
  result->blockLimitBlocks = byBlocks;
  result->blockLimitBarriers = INT_MAX;
  result->blockLimitVirtual = INT_MAX;
  result->allocatedRegistersPerBlock = regsPerBlock < INT_MAX ? (int)regsPerBlock : INT_MAX;
  result->allocatedSharedMemPerBlock = perBlock;
  result->partitionedGCConfig = PARTITIONED_GC_OFF;
  return CUDA_OCC_SUCCESS;
}

/* The dynamic shared memory each of numBlocks blocks of blockSize threads may have
 * while all stay resident on one multiprocessor. */
static __OCC_INLINE cudaOccError
cudaOccAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const cudaOccDeviceProp *properties,
                                    const cudaOccFuncAttributes *attributes,
                                    const cudaOccDeviceState *state, int numBlocks, int blockSize) {
  cudaOccResult result;
  if (!dynamicSmemSize || numBlocks <= 0) return CUDA_OCC_ERROR_INVALID_INPUT;
  cudaOccError status =
      cudaOccMaxActiveBlocksPerMultiprocessor(&result, properties, attributes, state, blockSize, 0);
  if (status != CUDA_OCC_SUCCESS) return status;
  if (result.activeBlocksPerMultiprocessor < numBlocks) return CUDA_OCC_ERROR_INVALID_INPUT;
  /* One block may have the whole per-block limit; several share the preferred
   * carveout. */
  size_t blockLimit = __occSmemPerBlockLimit(properties, attributes);
  size_t perSm = numBlocks == 1 ? blockLimit : __occSmemPreference(properties, state);
  size_t avail = perSm / (size_t)numBlocks / __OCC_ANCHOR_SMEM_UNIT * __OCC_ANCHOR_SMEM_UNIT;
  if (avail > blockLimit) avail = blockLimit;
  size_t fixed = attributes->sharedSizeBytes + properties->reservedSharedMemPerBlock;
  avail = avail > fixed ? avail - fixed : 0;
  if (avail > attributes->maxDynamicSharedSizeBytes) avail = attributes->maxDynamicSharedSizeBytes;
  *dynamicSmemSize = avail;
  return CUDA_OCC_SUCCESS;
}

/* The block size with the most resident threads per multiprocessor (the largest
 * of equals), and the grid that fills every multiprocessor with it. The dynamic
 * shared memory of a block size is smemOf(context, size): one search for the three
 * forms below (a function pointer or a fixed size, and C++'s function object). */
typedef size_t (*__occSmemOfSize)(void *context, int blockSize);
static __OCC_INLINE cudaOccError __occPotentialBlockSize(int *minGridSize, int *blockSize,
                                                         const cudaOccDeviceProp *properties,
                                                         const cudaOccFuncAttributes *attributes,
                                                         const cudaOccDeviceState *state,
                                                         __occSmemOfSize smemOf, void *context) {
  cudaOccError status = __occCheck(properties, attributes, state);
  if (status != CUDA_OCC_SUCCESS) return status;
  if (!minGridSize || !blockSize) return CUDA_OCC_ERROR_INVALID_INPUT;
  int warp = properties->warpSize;
  int limit = __occMinInt(properties->maxThreadsPerBlock, attributes->maxThreadsPerBlock);
  int bestBlocks = 0, bestSize = 0, bestThreads = 0;
  for (int aligned = (limit + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
    int size = limit < aligned ? limit : aligned;
    cudaOccResult result;
    status = cudaOccMaxActiveBlocksPerMultiprocessor(&result, properties, attributes, state, size,
                                                     smemOf(context, size));
    if (status != CUDA_OCC_SUCCESS) return status;
    if (result.activeBlocksPerMultiprocessor * size > bestThreads) {
      bestBlocks = result.activeBlocksPerMultiprocessor;
      bestSize = size;
      bestThreads = bestBlocks * size;
    }
    if (bestThreads == properties->maxThreadsPerMultiprocessor) break;
  }
  *minGridSize = bestBlocks * properties->numSms;
  *blockSize = bestSize;
  return CUDA_OCC_SUCCESS;
}

/* The C form's context: the function, or when it is NULL the fixed size. */
struct __occSmemFunction {
  size_t (*function)(int);
  size_t fixed;
};
static __OCC_INLINE size_t __occSmemOfFunction(void *context, int blockSize) {
  const struct __occSmemFunction *f = (const struct __occSmemFunction *)context;
  return f->function ? f->function(blockSize) : f->fixed;
}

static __OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    size_t (*blockSizeToDynamicSMemSize)(int), size_t dynamicSMemSize) {
  struct __occSmemFunction f = {blockSizeToDynamicSMemSize, dynamicSMemSize};
  return __occPotentialBlockSize(minGridSize, blockSize, properties, attributes, state,
                                 __occSmemOfFunction, &f);
}

#ifdef __cplusplus
namespace {
/* A fixed dynamic shared memory size. */
__OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    size_t dynamicSMemSize = 0) {
  struct __occSmemFunction f = {NULL, dynamicSMemSize};
  return __occPotentialBlockSize(minGridSize, blockSize, properties, attributes, state,
                                 __occSmemOfFunction, &f);
}

template <typename UnaryFunction> size_t __occSmemOfFunctionObject(void *context, int blockSize) {
  return (size_t)(*static_cast<UnaryFunction *>(context))(blockSize);
}

/* The dynamic shared memory a function object of the block size gives. */
template <typename UnaryFunction>
__OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    UnaryFunction blockSizeToDynamicSMemSize) {
  return __occPotentialBlockSize(minGridSize, blockSize, properties, attributes, state,
                                 __occSmemOfFunctionObject<UnaryFunction>,
                                 &blockSizeToDynamicSMemSize);
}
} // namespace
#endif

#endif
