/* curand_host.c — libcurand's host API (include/curand.h, docs/curand.md): generator
 * objects, cuRAND's argument checks and status codes, and each curandGenerate* call cut
 * into its streams' shares (curand_generate.h) — run by the kernel of curand_kernels.cu on
 * the GPU for curandCreateGenerator, by a loop on the CPU for curandCreateGeneratorHost.
 * Talks only to the CUDA runtime API. Written for Anchor. */
#include "curand.h"
#include "curand_generate.h"

#include <stdlib.h>
#include <string.h>

/* The kernel table of curand_kernels.cu. */
extern const void *curand_kernels[];

struct curandGenerator_st {
  curandRngType_t type;
  int on_host;
  unsigned long long seed;
  unsigned long long offset;
  unsigned long long produced; /* counter units since the last seed/offset/ordering change */
  curandOrdering_t ordering;
  cudaStream_t stream;
  unsigned int dims;    /* quasi-random generators' dimensions */
  void *vectors_device; /* their direction vectors in device memory, NULL until made */
  void *states_host;    /* streams' states (XORWOW, MRG32k3a), NULL until made */
  void *states_device;  /* the same in device memory (device generators) */
};

static int is_quasi(curandRngType_t type) {
  return type == CURAND_RNG_QUASI_SOBOL32 || type == CURAND_RNG_QUASI_SOBOL64;
}

static int is_pseudo(curandRngType_t type) {
  return type == CURAND_RNG_PSEUDO_XORWOW || type == CURAND_RNG_PSEUDO_MRG32K3A ||
         type == CURAND_RNG_PSEUDO_PHILOX4_32_10;
}

/* How many streams the ordering runs (docs/curand.md, "Orderings"). */
static unsigned int stream_count(const struct curandGenerator_st *g) {
  switch (g->type) {
  case CURAND_RNG_PSEUDO_MRG32K3A:
    return g->ordering == CURAND_ORDERING_PSEUDO_LEGACY ? 4096u : 81920u;
  case CURAND_RNG_PSEUDO_PHILOX4_32_10: return 65536u;
  default: return 4096u;
  }
}

static size_t state_size(curandRngType_t type) {
  return type == CURAND_RNG_PSEUDO_MRG32K3A ? sizeof(curandStateMRG32k3a_t)
                                            : sizeof(curandStateXORWOW_t);
}

static void drop_vectors(struct curandGenerator_st *g) {
  if (g->vectors_device) cudaFree(g->vectors_device);
  g->vectors_device = NULL;
}

static void drop_states(struct curandGenerator_st *g) {
  free(g->states_host);
  g->states_host = NULL;
  if (g->states_device) cudaFree(g->states_device);
  g->states_device = NULL;
}

/* Stream t starts at curand_init(seed, t, 0): stream t+1 is stream t moved on by one
 * subsequence (2^67 values for XORWOW, 2^76 for MRG32k3a), one fixed linear map. Then
 * each stream skips its share of the counter (the offset, plus the draws made before a new
 * seed): the draws below it that are its own. */
static curandStatus_t make_states(struct curandGenerator_st *g) {
  if (g->states_host || g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10 || is_quasi(g->type))
    return CURAND_STATUS_SUCCESS;
  unsigned int streams = stream_count(g);
  unsigned long long counter = g->offset + g->produced;
  void *states = malloc(streams * state_size(g->type));
  if (!states) return CURAND_STATUS_ALLOCATION_FAILED;
  if (g->type == CURAND_RNG_PSEUDO_MRG32K3A) {
    curandStateMRG32k3a_t *s = states;
    unsigned int step1[3][3], step2[3][3];
    anchor_mrg_power(0, 76, 1, step1);
    anchor_mrg_power(1, 76, 1, step2);
    anchor_mrg_init(g->seed, 0, 0, &s[0]);
    for (unsigned int t = 1; t < streams; t++) {
      s[t] = s[t - 1];
      anchor_mrg_apply(step1, s[t].s1, ANCHOR_MRG32K3A_M1);
      anchor_mrg_apply(step2, s[t].s2, ANCHOR_MRG32K3A_M2);
    }
    for (unsigned int t = 0; t < streams; t++)
      anchor_mrg_skip(&s[t], 0, (counter + streams - 1 - t) / streams);
  } else {
    curandStateXORWOW_t *s = states;
    unsigned long long stride[3] = {0, 8, 0}; /* 2^67 */
    unsigned int step[5];
    anchor_xorwow_poly_power(stride, step);
    anchor_xorwow_init(g->seed, 0, 0, &s[0]);
    for (unsigned int t = 1; t < streams; t++) {
      s[t] = s[t - 1];
      anchor_xorwow_poly_apply(step, s[t].v);
    }
    for (unsigned int t = 0; t < streams; t++)
      anchor_xorwow_skip(0, (counter + streams - 1 - t) / streams, &s[t]);
  }
  g->states_host = states;
  if (!g->on_host) {
    size_t bytes = streams * state_size(g->type);
    if (cudaMalloc(&g->states_device, bytes) != cudaSuccess) {
      g->states_device = NULL;
      drop_states(g);
      return CURAND_STATUS_ALLOCATION_FAILED;
    }
    if (cudaMemcpy(g->states_device, states, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
      drop_states(g);
      return CURAND_STATUS_INTERNAL_ERROR;
    }
  }
  return CURAND_STATUS_SUCCESS;
}

static curandStatus_t create(curandGenerator_t *generator, curandRngType_t type, int on_host) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (type == CURAND_RNG_PSEUDO_DEFAULT) type = CURAND_RNG_PSEUDO_XORWOW;
  if (type == CURAND_RNG_QUASI_DEFAULT) type = CURAND_RNG_QUASI_SOBOL32;
  if (!is_pseudo(type) && !is_quasi(type))
    return CURAND_STATUS_TYPE_ERROR; /* MTGP32, MT19937, scrambled Sobol: docs/curand.md */
  if (!on_host) {
    int device;
    if (cudaGetDevice(&device) != cudaSuccess) return CURAND_STATUS_INITIALIZATION_FAILED;
  }
  struct curandGenerator_st *g = calloc(1, sizeof *g);
  if (!g) return CURAND_STATUS_ALLOCATION_FAILED;
  g->type = type;
  g->on_host = on_host;
  g->ordering = is_quasi(type) ? CURAND_ORDERING_QUASI_DEFAULT : CURAND_ORDERING_PSEUDO_DEFAULT;
  g->dims = 1;
  *generator = g;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type) {
  return create(generator, rng_type, 0);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type) {
  return create(generator, rng_type, 1);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  drop_states(generator);
  drop_vectors(generator);
  free(generator);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *version) {
  if (!version) return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType type, int *value) {
  if (!value) return CURAND_STATUS_OUT_OF_RANGE;
  switch (type) {
  case MAJOR_VERSION: *value = CURAND_VER_MAJOR; return CURAND_STATUS_SUCCESS;
  case MINOR_VERSION: *value = CURAND_VER_MINOR; return CURAND_STATUS_SUCCESS;
  case PATCH_LEVEL: *value = CURAND_VER_PATCH; return CURAND_STATUS_SUCCESS;
  }
  return CURAND_STATUS_OUT_OF_RANGE;
}

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  generator->stream = stream;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (!is_pseudo(generator->type)) return CURAND_STATUS_TYPE_ERROR;
  generator->seed = seed;
  /* A new seed keeps the generator's place, as NVIDIA's do: XORWOW and MRG32k3a their
   * counter of draws; Philox its count of blocks of four, which it then reads as outputs
   * (observed: offset 5, 10 outputs, new seed: output 5 + 10 / 4 comes next). */
  if (generator->type == CURAND_RNG_PSEUDO_PHILOX4_32_10) generator->produced /= 4;
  drop_states(generator);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  generator->offset = offset;
  generator->produced = 0;
  drop_states(generator);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (is_quasi(generator->type))
    return order == CURAND_ORDERING_QUASI_DEFAULT ? CURAND_STATUS_SUCCESS
                                                  : CURAND_STATUS_OUT_OF_RANGE;
  switch (order) {
  case CURAND_ORDERING_PSEUDO_BEST:
  case CURAND_ORDERING_PSEUDO_DEFAULT:
  case CURAND_ORDERING_PSEUDO_LEGACY: break;
  case CURAND_ORDERING_PSEUDO_DYNAMIC:
    /* device generators only, as NVIDIA's (observed on an H100); its layout depends on the
     * GPU there, here it is DEFAULT's */
    if (generator->on_host) return CURAND_STATUS_OUT_OF_RANGE;
    break;
  default: /* SEEDED (XORWOW's own seeding pattern): docs/curand.md */
    return CURAND_STATUS_OUT_OF_RANGE;
  }
  if (generator->ordering != order) { /* a new ordering keeps the place, as a new seed does */
    generator->ordering = order;
    if (generator->type == CURAND_RNG_PSEUDO_PHILOX4_32_10) generator->produced /= 4;
    drop_states(generator);
  }
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                       unsigned int num_dimensions) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (!is_quasi(generator->type)) return CURAND_STATUS_TYPE_ERROR;
  if (num_dimensions < 1 || num_dimensions > 20000) return CURAND_STATUS_OUT_OF_RANGE;
  generator->dims = num_dimensions;
  generator->produced = 0;
  drop_vectors(generator);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerateSeeds(curandGenerator_t generator) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  return make_states(generator);
}

/* Launches or loops over the job's streams. */
static curandStatus_t run_job(curandGenerator_t g, struct anchor_curand_job *job) {
  if (g->on_host) {
    for (unsigned int t = 0; t < job->streams; t++)
      anchor_curand_generate_stream(job, t);
    return CURAND_STATUS_SUCCESS;
  }
  void *args[] = {job};
  unsigned int block = 256;
  if (cudaLaunchKernel(curand_kernels[0], (dim3){(job->streams + block - 1) / block, 1, 1},
                       (dim3){block, 1, 1}, args, 0, g->stream) != cudaSuccess)
    return CURAND_STATUS_LAUNCH_FAILURE;
  return CURAND_STATUS_SUCCESS;
}

/* curandGenerateLongLong's distribution code (Sobol64's 64-bit values). */
#define GENERATE_LONG_LONG (ANCHOR_CURAND_BITS + 100)

/* Sobol32/64: dimension-major output, the counter counts points (docs/curand.md). */
static curandStatus_t generate_sobol(curandGenerator_t g, int dist, void *out, size_t n,
                                     double mean, double stddev) {
  int wide = g->type == CURAND_RNG_QUASI_SOBOL64;
  if (dist == GENERATE_LONG_LONG)
    dist = wide ? ANCHOR_CURAND_BITS : -1;
  else if (dist == ANCHOR_CURAND_BITS && wide)
    dist = -1;
  if (dist < 0) return CURAND_STATUS_TYPE_ERROR;
  if (n % g->dims) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  size_t vector_bytes = (size_t)g->dims * (wide ? 64 * 8 : 32 * 4);
  const void *vectors;
  if (wide) {
    curandDirectionVectors64_t *v;
    curandGetDirectionVectors64(&v, CURAND_DIRECTION_VECTORS_64_JOEKUO6);
    vectors = v;
  } else {
    curandDirectionVectors32_t *v;
    curandGetDirectionVectors32(&v, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
    vectors = v;
  }
  if (!g->on_host && !g->vectors_device) {
    if (cudaMalloc(&g->vectors_device, vector_bytes) != cudaSuccess) {
      g->vectors_device = NULL;
      return CURAND_STATUS_ALLOCATION_FAILED;
    }
    if (cudaMemcpy(g->vectors_device, vectors, vector_bytes, cudaMemcpyHostToDevice) !=
        cudaSuccess) {
      drop_vectors(g);
      return CURAND_STATUS_INTERNAL_ERROR;
    }
  }
  unsigned long long points = n / g->dims;
  unsigned long long chunks = (points + ANCHOR_CURAND_SOBOL_CHUNK - 1) / ANCHOR_CURAND_SOBOL_CHUNK;
  if (chunks * g->dims > 0xffffffffull) return CURAND_STATUS_OUT_OF_RANGE;
  struct anchor_curand_job job = {
      .rng = g->type,
      .dist = dist,
      .streams = (unsigned int)(chunks * g->dims),
      .counter = g->offset + g->produced,
      .count = n,
      .mean = mean,
      .stddev = stddev,
      .out = out,
      .dims = g->dims,
      .vectors = g->on_host ? vectors : g->vectors_device,
  };
  curandStatus_t status = run_job(g, &job);
  if (status == CURAND_STATUS_SUCCESS) g->produced += points;
  return status;
}

static curandStatus_t generate(curandGenerator_t g, int dist, void *out, size_t n, double mean,
                               double stddev) {
  if (!g) return CURAND_STATUS_NOT_INITIALIZED;
  if (is_quasi(g->type)) return generate_sobol(g, dist, out, n, mean, stddev);
  int pair = dist == ANCHOR_CURAND_NORMAL || dist == ANCHOR_CURAND_NORMAL_DOUBLE ||
             dist == ANCHOR_CURAND_LOG_NORMAL || dist == ANCHOR_CURAND_LOG_NORMAL_DOUBLE;
  /* XORWOW and MRG32k3a give normals in pairs; Philox's blocks of four may end anywhere */
  if (pair && n % 2 && g->type != CURAND_RNG_PSEUDO_PHILOX4_32_10)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  curandStatus_t status = make_states(g);
  if (status != CURAND_STATUS_SUCCESS) return status;
  struct anchor_curand_job job = {
      .rng = g->type,
      .dist = dist,
      .streams = stream_count(g),
      .seed = g->seed,
      .counter = g->offset + g->produced,
      .offset = g->offset,
      .count = n,
      .mean = mean,
      .stddev = stddev,
      .out = out,
      .states = g->on_host ? g->states_host : g->states_device,
  };
  status = run_job(g, &job);
  if (status != CURAND_STATUS_SUCCESS) return status;
  if (g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10 || dist == ANCHOR_CURAND_POISSON) {
    g->produced += n;
  } else {
    unsigned int k, m;
    anchor_curand_draw_shape(g->type, dist, &k, &m);
    g->produced += n / m;
  }
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num) {
  return generate(generator, ANCHOR_CURAND_BITS, outputPtr, num, 0, 1);
}

curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr,
                                      size_t num) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (!is_quasi(generator->type))
    return CURAND_STATUS_TYPE_ERROR; /* 64-bit values come only from Sobol64 generators */
  return generate(generator, GENERATE_LONG_LONG, outputPtr, num, 0, 1);
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num) {
  return generate(generator, ANCHOR_CURAND_UNIFORM, outputPtr, num, 0, 1);
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr,
                                           size_t num) {
  return generate(generator, ANCHOR_CURAND_UNIFORM_DOUBLE, outputPtr, num, 0, 1);
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                    float mean, float stddev) {
  return generate(generator, ANCHOR_CURAND_NORMAL, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                          double mean, double stddev) {
  return generate(generator, ANCHOR_CURAND_NORMAL_DOUBLE, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                       float mean, float stddev) {
  return generate(generator, ANCHOR_CURAND_LOG_NORMAL, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr,
                                             size_t n, double mean, double stddev) {
  return generate(generator, ANCHOR_CURAND_LOG_NORMAL_DOUBLE, outputPtr, n, mean, stddev);
}

/* Poisson values (docs/curand.md): from lambda 2000 on, NVIDIA's rounded normal
 * approximation (unsigned)(sqrt(lambda) z + lambda + 0.5) with its layouts (Philox: z is
 * normal output g of the same counter; XORWOW, MRG32k3a: curand_generate.h). Below 2000
 * NVIDIA draws from its own histogram tables, not reproduced: OUT_OF_RANGE, as for
 * quasi-random generators. The counter moves on by num outputs. */
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr,
                                     size_t num, double lambda) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (!(lambda > 0)) return CURAND_STATUS_OUT_OF_RANGE;
  if (!is_pseudo(generator->type) || lambda < ANCHOR_CURAND_POISSON_NORMAL_LAMBDA)
    return CURAND_STATUS_OUT_OF_RANGE; /* not reproduced: docs/curand.md, "Missing" */
  return generate(generator, ANCHOR_CURAND_POISSON, outputPtr, num, lambda, 1);
}
