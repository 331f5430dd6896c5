/* curand_kernel.h — cuRAND's device API (docs/curand.md): generator states, curand_init,
 * curand, curand4 and the distributions, for CUDA and HIP device code (and host code:
 * every function is __host__ __device__). The generators themselves are
 * anchor/curand_core.h, shared with libcurand; their sequences are NVIDIA's, bit for bit,
 * for the same seed, subsequence and offset (the sine, cosine, log and exp of the normal
 * and log-normal transforms are the GPU's, as on NVIDIA's devices).
 *
 * States: curandStateXORWOW_t (curandState_t), curandStatePhilox4_32_10_t,
 * curandStateMRG32k3a_t, curandStateSobol32_t, curandStateScrambledSobol32_t,
 * curandStateSobol64_t, curandStateScrambledSobol64_t, and curandStateMtgp32_t
 * (curand_mtgp32_kernel.h: one state per block, shared by its threads; its parameter
 * sets are not NVIDIA's, docs/curand.md).
 * Written for Anchor from cuRAND's documented device API. */
#ifndef ANCHOR_CURAND_KERNEL_H
#define ANCHOR_CURAND_KERNEL_H
#pragma GCC system_header

#include "anchor/curand_core.h"
#include "curand.h"

/* NVIDIA's header defines it, and hipRAND's NVIDIA header (hiprand_kernel_nvcc.h) uses it. */
#define QUALIFIERS static __forceinline__ __device__
#define ANCHOR_CURAND_DEVICE_API static __inline__ __host__ __device__

/* ---- initialisation and skipping ---- */

ANCHOR_CURAND_DEVICE_API void curand_init(unsigned long long seed, unsigned long long subsequence,
                                          unsigned long long offset, curandStateXORWOW_t *state) {
  anchor_xorwow_init(seed, subsequence, offset, state);
}
ANCHOR_CURAND_DEVICE_API void curand_init(unsigned long long seed, unsigned long long subsequence,
                                          unsigned long long offset,
                                          curandStatePhilox4_32_10_t *state) {
  anchor_philox_init(seed, subsequence, offset, state);
}
ANCHOR_CURAND_DEVICE_API void curand_init(unsigned long long seed, unsigned long long subsequence,
                                          unsigned long long offset, curandStateMRG32k3a_t *state) {
  anchor_mrg_init(seed, subsequence, offset, state);
}

ANCHOR_CURAND_DEVICE_API void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  anchor_xorwow_skip(0, n, state);
}
/* n subsequences of 2^67 values */
ANCHOR_CURAND_DEVICE_API void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state) {
  anchor_xorwow_skip(n, 0, state);
}
ANCHOR_CURAND_DEVICE_API void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  anchor_philox_skipahead(n, state);
}
/* n subsequences of 2^66 values */
ANCHOR_CURAND_DEVICE_API void skipahead_sequence(unsigned long long n,
                                                 curandStatePhilox4_32_10_t *state) {
  anchor_philox_skipahead_sequence(n, state);
}
ANCHOR_CURAND_DEVICE_API void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) {
  anchor_mrg_skip(state, 0, n);
}
/* n subsequences of 2^76 values */
ANCHOR_CURAND_DEVICE_API void skipahead_subsequence(unsigned long long n,
                                                    curandStateMRG32k3a_t *state) {
  anchor_mrg_skip(state, 76, n);
}
/* n sequences of 2^127 values */
ANCHOR_CURAND_DEVICE_API void skipahead_sequence(unsigned long long n,
                                                 curandStateMRG32k3a_t *state) {
  anchor_mrg_skip(state, 127, n);
}

/* ---- 32-bit values ---- */

ANCHOR_CURAND_DEVICE_API unsigned int curand(curandStateXORWOW_t *state) {
  return anchor_xorwow_next(state);
}
ANCHOR_CURAND_DEVICE_API unsigned int curand(curandStatePhilox4_32_10_t *state) {
  return anchor_philox_next(state);
}
ANCHOR_CURAND_DEVICE_API uint4 curand4(curandStatePhilox4_32_10_t *state) {
  return anchor_philox_next4(state);
}
ANCHOR_CURAND_DEVICE_API unsigned int curand(curandStateMRG32k3a_t *state) {
  return anchor_mrg_next_bits(state);
}
/* MRG32k3a's combined value in [1, m1] (cuRAND's curand_MRG32k3a). */
ANCHOR_CURAND_DEVICE_API double curand_MRG32k3a(curandStateMRG32k3a_t *state) {
  return anchor_mrg_next(state);
}

/* ---- uniform: (0, 1] ---- */

ANCHOR_CURAND_DEVICE_API float curand_uniform(curandStateXORWOW_t *state) {
  return anchor_curand_uniform_bits(curand(state));
}
ANCHOR_CURAND_DEVICE_API double curand_uniform_double(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return anchor_curand_uniform_double_hq(x, y);
}
ANCHOR_CURAND_DEVICE_API float curand_uniform(curandStatePhilox4_32_10_t *state) {
  return anchor_curand_uniform_bits(curand(state));
}
ANCHOR_CURAND_DEVICE_API float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float4 r = {anchor_curand_uniform_bits(x.x), anchor_curand_uniform_bits(x.y),
              anchor_curand_uniform_bits(x.z), anchor_curand_uniform_bits(x.w)};
  return r;
}
/* One 32-bit value per double, as cuRAND's Philox curand_uniform_double. */
ANCHOR_CURAND_DEVICE_API double curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  return anchor_curand_uniform_double_bits(curand(state));
}
ANCHOR_CURAND_DEVICE_API double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  double2 r = {anchor_curand_uniform_double_hq(x.x, x.y),
               anchor_curand_uniform_double_hq(x.z, x.w)};
  return r;
}
ANCHOR_CURAND_DEVICE_API double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  uint4 y = curand4(state);
  double4 r = {anchor_curand_uniform_double_hq(x.x, x.y), anchor_curand_uniform_double_hq(x.z, x.w),
               anchor_curand_uniform_double_hq(y.x, y.y),
               anchor_curand_uniform_double_hq(y.z, y.w)};
  return r;
}
ANCHOR_CURAND_DEVICE_API float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)(anchor_mrg_next(state) * ANCHOR_MRG32K3A_NORM);
}
ANCHOR_CURAND_DEVICE_API double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return anchor_mrg_next(state) * ANCHOR_MRG32K3A_NORM;
}

/* ---- normal: Box–Muller pairs; the single-value forms keep the pair's second value in
 * the state (boxmuller_flag / boxmuller_extra), as cuRAND does ---- */

ANCHOR_CURAND_DEVICE_API float2 anchor_curand_normal_pair(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return anchor_curand_box_muller(x, y);
}
ANCHOR_CURAND_DEVICE_API float2 anchor_curand_normal_pair(curandStatePhilox4_32_10_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return anchor_curand_box_muller(x, y);
}
ANCHOR_CURAND_DEVICE_API float2 anchor_curand_normal_pair(curandStateMRG32k3a_t *state) {
  float x = curand_uniform(state);
  float y = curand_uniform(state);
  return anchor_curand_box_muller_mrg(x, y);
}
ANCHOR_CURAND_DEVICE_API double2 anchor_curand_normal_pair_double(curandStateXORWOW_t *state) {
  unsigned int x0 = curand(state);
  unsigned int x1 = curand(state);
  unsigned int y0 = curand(state);
  unsigned int y1 = curand(state);
  return anchor_curand_box_muller_double(x0, x1, y0, y1);
}
ANCHOR_CURAND_DEVICE_API double2
anchor_curand_normal_pair_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return anchor_curand_box_muller_double(x.x, x.y, x.z, x.w);
}
ANCHOR_CURAND_DEVICE_API double2 anchor_curand_normal_pair_double(curandStateMRG32k3a_t *state) {
  double x = curand_uniform_double(state);
  double y = curand_uniform_double(state);
  return anchor_curand_box_muller_mrg_double(x, y);
}

#define ANCHOR_CURAND_NORMALS(STATE)                                                               \
  ANCHOR_CURAND_DEVICE_API float curand_normal(STATE *state) {                                     \
    if (state->boxmuller_flag != ANCHOR_CURAND_EXTRA_NORMAL) {                                     \
      float2 v = anchor_curand_normal_pair(state);                                                 \
      state->boxmuller_extra = v.y;                                                                \
      state->boxmuller_flag = ANCHOR_CURAND_EXTRA_NORMAL;                                          \
      return v.x;                                                                                  \
    }                                                                                              \
    state->boxmuller_flag = 0;                                                                     \
    return state->boxmuller_extra;                                                                 \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API float2 curand_normal2(STATE *state) {                                   \
    return anchor_curand_normal_pair(state);                                                       \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API double curand_normal_double(STATE *state) {                             \
    if (state->boxmuller_flag_double != ANCHOR_CURAND_EXTRA_NORMAL) {                              \
      double2 v = anchor_curand_normal_pair_double(state);                                         \
      state->boxmuller_extra_double = v.y;                                                         \
      state->boxmuller_flag_double = ANCHOR_CURAND_EXTRA_NORMAL;                                   \
      return v.x;                                                                                  \
    }                                                                                              \
    state->boxmuller_flag_double = 0;                                                              \
    return state->boxmuller_extra_double;                                                          \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API double2 curand_normal2_double(STATE *state) {                           \
    return anchor_curand_normal_pair_double(state);                                                \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API float curand_log_normal(STATE *state, float mean, float stddev) {       \
    if (state->boxmuller_flag != ANCHOR_CURAND_EXTRA_LOG_NORMAL) {                                 \
      float2 v = anchor_curand_normal_pair(state);                                                 \
      state->boxmuller_extra = expf(mean + (stddev * v.y));                                        \
      state->boxmuller_flag = ANCHOR_CURAND_EXTRA_LOG_NORMAL;                                      \
      return expf(mean + (stddev * v.x));                                                          \
    }                                                                                              \
    state->boxmuller_flag = 0;                                                                     \
    return state->boxmuller_extra;                                                                 \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API float2 curand_log_normal2(STATE *state, float mean, float stddev) {     \
    float2 v = anchor_curand_normal_pair(state);                                                   \
    float2 r = {expf(mean + (stddev * v.x)), expf(mean + (stddev * v.y))};                         \
    return r;                                                                                      \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API double curand_log_normal_double(STATE *state, double mean,              \
                                                           double stddev) {                        \
    if (state->boxmuller_flag_double != ANCHOR_CURAND_EXTRA_LOG_NORMAL) {                          \
      double2 v = anchor_curand_normal_pair_double(state);                                         \
      state->boxmuller_extra_double = exp(mean + (stddev * v.y));                                  \
      state->boxmuller_flag_double = ANCHOR_CURAND_EXTRA_LOG_NORMAL;                               \
      return exp(mean + (stddev * v.x));                                                           \
    }                                                                                              \
    state->boxmuller_flag_double = 0;                                                              \
    return state->boxmuller_extra_double;                                                          \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API double2 curand_log_normal2_double(STATE *state, double mean,            \
                                                             double stddev) {                      \
    double2 v = anchor_curand_normal_pair_double(state);                                           \
    double2 r = {exp(mean + (stddev * v.x)), exp(mean + (stddev * v.y))};                          \
    return r;                                                                                      \
  }

ANCHOR_CURAND_NORMALS(curandStateXORWOW_t)
ANCHOR_CURAND_NORMALS(curandStatePhilox4_32_10_t)
ANCHOR_CURAND_NORMALS(curandStateMRG32k3a_t)
#undef ANCHOR_CURAND_NORMALS

/* Philox's four-at-a-time forms. */
ANCHOR_CURAND_DEVICE_API float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float2 a = anchor_curand_box_muller(x.x, x.y);
  float2 b = anchor_curand_box_muller(x.z, x.w);
  float4 r = {a.x, a.y, b.x, b.y};
  return r;
}
ANCHOR_CURAND_DEVICE_API double4 curand_normal4_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  uint4 y = curand4(state);
  double2 a = anchor_curand_box_muller_double(x.x, x.y, x.z, x.w);
  double2 b = anchor_curand_box_muller_double(y.x, y.y, y.z, y.w);
  double4 r = {a.x, a.y, b.x, b.y};
  return r;
}
ANCHOR_CURAND_DEVICE_API float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean,
                                                   float stddev) {
  float4 v = curand_normal4(state);
  float4 r = {expf(mean + (stddev * v.x)), expf(mean + (stddev * v.y)), expf(mean + (stddev * v.z)),
              expf(mean + (stddev * v.w))};
  return r;
}
ANCHOR_CURAND_DEVICE_API double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state,
                                                           double mean, double stddev) {
  double4 v = curand_normal4_double(state);
  double4 r = {exp(mean + (stddev * v.x)), exp(mean + (stddev * v.y)), exp(mean + (stddev * v.z)),
               exp(mean + (stddev * v.w))};
  return r;
}

/* ---- Poisson ---- */

/* lambda < 64: Knuth's multiplication of uniforms (cuRAND's method and sequence);
 * lambda > 4000: the rounded normal approximation (cuRAND's); in between Anchor uses
 * Hörmann's PTRS transformed rejection (W. Hörmann, "The transformed rejection method for
 * generating Poisson random variables", 1993) where cuRAND uses its own gamma-incomplete
 * rejection: the same distribution, not the same sequence (docs/curand.md). */
template <typename State>
ANCHOR_CURAND_DEVICE_API unsigned int anchor_curand_poisson(State *state, double lambda) {
  if (lambda < 64) {
    unsigned int k = 0;
    float p = expf((float)lambda);
    do {
      k++;
      p *= curand_uniform(state);
    } while (p > 1.0);
    return k - 1;
  }
  if (lambda > 4000)
    return (unsigned int)((sqrt(lambda) * curand_normal_double(state)) + lambda + 0.5);
  double slam = sqrt(lambda), loglam = log(lambda);
  double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b, inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
  double vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    double u = curand_uniform_double(state) - 0.5;
    double v = curand_uniform_double(state);
    double us = 0.5 - fabs(u);
    double k = floor((2 * a / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr) return (unsigned int)k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (log(v) + log(inv_alpha) - log(a / (us * us) + b) <= -lambda + k * loglam - lgamma(k + 1))
      return (unsigned int)k;
  }
}
ANCHOR_CURAND_DEVICE_API unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda) {
  return anchor_curand_poisson(state, lambda);
}
ANCHOR_CURAND_DEVICE_API unsigned int curand_poisson(curandStatePhilox4_32_10_t *state,
                                                     double lambda) {
  return anchor_curand_poisson(state, lambda);
}
ANCHOR_CURAND_DEVICE_API unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda) {
  return anchor_curand_poisson(state, lambda);
}

ANCHOR_CURAND_DEVICE_API uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda) {
  if (lambda > 4000) {
    double4 v = curand_normal4_double(state);
    double r = sqrt(lambda);
    uint4 k = {(unsigned int)(r * v.x + lambda + 0.5), (unsigned int)(r * v.y + lambda + 0.5),
               (unsigned int)(r * v.z + lambda + 0.5), (unsigned int)(r * v.w + lambda + 0.5)};
    return k;
  }
  uint4 k;
  k.x = anchor_curand_poisson(state, lambda);
  k.y = anchor_curand_poisson(state, lambda);
  k.z = anchor_curand_poisson(state, lambda);
  k.w = anchor_curand_poisson(state, lambda);
  return k;
}

/* ---- discrete distributions (curandCreatePoissonDistribution): the smallest k with
 * cdf[k] >= u, u one 32-bit uniform (cuRAND draws the same one value per result but looks
 * it up in a square histogram: the same distribution, not the same sequence) ---- */

ANCHOR_CURAND_DEVICE_API unsigned int
anchor_curand_discrete_lookup(curandDiscreteDistribution_t distribution, unsigned int bits) {
  double u = anchor_curand_uniform_double_bits(bits);
  const double *cdf = distribution->cdf;
  unsigned int low = 0, high = distribution->length - 1;
  while (low < high) {
    unsigned int mid = (low + high) / 2;
    if (cdf[mid] >= u)
      high = mid;
    else
      low = mid + 1;
  }
  return distribution->shift + low;
}
template <typename State>
ANCHOR_CURAND_DEVICE_API unsigned int curand_discrete(State *state,
                                                      curandDiscreteDistribution_t distribution) {
  return anchor_curand_discrete_lookup(distribution, curand(state));
}
ANCHOR_CURAND_DEVICE_API uint4 curand_discrete4(curandStatePhilox4_32_10_t *state,
                                                curandDiscreteDistribution_t distribution) {
  uint4 x = curand4(state);
  uint4 k = {anchor_curand_discrete_lookup(distribution, x.x),
             anchor_curand_discrete_lookup(distribution, x.y),
             anchor_curand_discrete_lookup(distribution, x.z),
             anchor_curand_discrete_lookup(distribution, x.w)};
  return k;
}

/* ---- Sobol: direction vectors from curandGetDirectionVectors32/64 (one dimension's 32
 * or 64), the scrambled forms' constants chosen by the program ---- */

ANCHOR_CURAND_DEVICE_API void curand_init(curandDirectionVectors32_t direction_vectors,
                                          unsigned int offset, curandStateSobol32_t *state) {
  for (int k = 0; k < 32; k++)
    state->direction_vectors[k] = direction_vectors[k];
  state->c = 0;
  state->i = offset;
  state->x = anchor_sobol32_point(state->direction_vectors, 0, offset);
}
ANCHOR_CURAND_DEVICE_API void curand_init(curandDirectionVectors32_t direction_vectors,
                                          unsigned int scramble_c, unsigned int offset,
                                          curandStateScrambledSobol32_t *state) {
  for (int k = 0; k < 32; k++)
    state->direction_vectors[k] = direction_vectors[k];
  state->c = scramble_c;
  state->i = offset;
  state->x = anchor_sobol32_point(state->direction_vectors, scramble_c, offset);
}
ANCHOR_CURAND_DEVICE_API void curand_init(curandDirectionVectors64_t direction_vectors,
                                          unsigned long long offset, curandStateSobol64_t *state) {
  for (int k = 0; k < 64; k++)
    state->direction_vectors[k] = direction_vectors[k];
  state->c = 0;
  state->i = offset;
  state->x = anchor_sobol64_point(state->direction_vectors, 0, offset);
}
ANCHOR_CURAND_DEVICE_API void curand_init(curandDirectionVectors64_t direction_vectors,
                                          unsigned long long scramble_c, unsigned long long offset,
                                          curandStateScrambledSobol64_t *state) {
  for (int k = 0; k < 64; k++)
    state->direction_vectors[k] = direction_vectors[k];
  state->c = scramble_c;
  state->i = offset;
  state->x = anchor_sobol64_point(state->direction_vectors, scramble_c, offset);
}

#define ANCHOR_CURAND_SOBOL(STATE, WORD, BITS, POINT)                                              \
  ANCHOR_CURAND_DEVICE_API WORD curand(STATE *state) {                                             \
    WORD result = state->x;                                                                        \
    state->x ^= state->direction_vectors[anchor_sobol_trailing_zeros(state->i, BITS)];             \
    state->i++;                                                                                    \
    return result;                                                                                 \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API void skipahead(WORD n, STATE *state) {                                  \
    state->i += n;                                                                                 \
    state->x = POINT(state->direction_vectors, state->c, state->i);                                \
  }
ANCHOR_CURAND_SOBOL(curandStateSobol32_t, unsigned int, 32, anchor_sobol32_point)
ANCHOR_CURAND_SOBOL(curandStateScrambledSobol32_t, unsigned int, 32, anchor_sobol32_point)
ANCHOR_CURAND_SOBOL(curandStateSobol64_t, unsigned long long, 64, anchor_sobol64_point)
ANCHOR_CURAND_SOBOL(curandStateScrambledSobol64_t, unsigned long long, 64, anchor_sobol64_point)
#undef ANCHOR_CURAND_SOBOL

/* cuRAND's inverse-CDF normal of a 32-bit value, mirrored about 1/2. Device code only
 * (erfcinvf is CUDA's). */
static __inline__ __device__ float anchor_curand_normal_icdf(unsigned int x) {
  float s = -1.4142135f;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  float p = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
  return s * erfcinvf(2.0f * p);
}
static __inline__ __device__ double anchor_curand_normal_icdf_double(unsigned int x) {
  double s = -1.4142135623730951;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  double p = x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
  return s * erfcinv(2.0 * p);
}
static __inline__ __device__ double anchor_curand_normal_icdf_double(unsigned long long x) {
  double s = -1.4142135623730951;
  x >>= 11;
  if (x > 0x10000000000000ull) {
    x = 0x1fffffffffffffull - x;
    s = -s;
  }
  double p = x * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  return s * erfcinv(2.0 * p);
}

#define ANCHOR_CURAND_SOBOL32_DISTRIBUTIONS(STATE)                                                 \
  ANCHOR_CURAND_DEVICE_API float curand_uniform(STATE *state) {                                    \
    return anchor_curand_uniform_bits(curand(state));                                              \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API double curand_uniform_double(STATE *state) {                            \
    return anchor_curand_uniform_double_bits(curand(state));                                       \
  }                                                                                                \
  static __inline__ __device__ float curand_normal(STATE *state) {                                 \
    return anchor_curand_normal_icdf(curand(state));                                               \
  }                                                                                                \
  static __inline__ __device__ double curand_normal_double(STATE *state) {                         \
    return anchor_curand_normal_icdf_double(curand(state));                                        \
  }                                                                                                \
  static __inline__ __device__ float curand_log_normal(STATE *state, float mean, float stddev) {   \
    return expf(mean + (stddev * anchor_curand_normal_icdf(curand(state))));                       \
  }                                                                                                \
  static __inline__ __device__ double curand_log_normal_double(STATE *state, double mean,          \
                                                               double stddev) {                    \
    return exp(mean + (stddev * anchor_curand_normal_icdf_double(curand(state))));                 \
  }
ANCHOR_CURAND_SOBOL32_DISTRIBUTIONS(curandStateSobol32_t)
ANCHOR_CURAND_SOBOL32_DISTRIBUTIONS(curandStateScrambledSobol32_t)
#undef ANCHOR_CURAND_SOBOL32_DISTRIBUTIONS

#define ANCHOR_CURAND_SOBOL64_DISTRIBUTIONS(STATE)                                                 \
  ANCHOR_CURAND_DEVICE_API float curand_uniform(STATE *state) {                                    \
    return anchor_curand_uniform_bits((unsigned int)(curand(state) >> 32));                        \
  }                                                                                                \
  ANCHOR_CURAND_DEVICE_API double curand_uniform_double(STATE *state) {                            \
    return (curand(state) >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);    \
  }                                                                                                \
  static __inline__ __device__ float curand_normal(STATE *state) {                                 \
    return anchor_curand_normal_icdf((unsigned int)(curand(state) >> 32));                         \
  }                                                                                                \
  static __inline__ __device__ double curand_normal_double(STATE *state) {                         \
    return anchor_curand_normal_icdf_double(curand(state));                                        \
  }                                                                                                \
  static __inline__ __device__ float curand_log_normal(STATE *state, float mean, float stddev) {   \
    return expf(mean + (stddev * anchor_curand_normal_icdf((unsigned int)(curand(state) >> 32)))); \
  }                                                                                                \
  static __inline__ __device__ double curand_log_normal_double(STATE *state, double mean,          \
                                                               double stddev) {                    \
    return exp(mean + (stddev * anchor_curand_normal_icdf_double(curand(state))));                 \
  }
ANCHOR_CURAND_SOBOL64_DISTRIBUTIONS(curandStateSobol64_t)
ANCHOR_CURAND_SOBOL64_DISTRIBUTIONS(curandStateScrambledSobol64_t)
#undef ANCHOR_CURAND_SOBOL64_DISTRIBUTIONS

/* ---- MTGP32 (curand_mtgp32_kernel.h): curand, curand_mtgp32_specific, single forms ---- */

#include "curand_mtgp32_kernel.h"

/* cuRAND's transforms of one MTGP32 value, as for Sobol32 (normals by the inverse CDF:
 * a block's threads draw one value each, no Box-Muller pairs). Device code only. */
static __inline__ __device__ float curand_uniform(curandStateMtgp32_t *state) {
  return anchor_curand_uniform_bits(curand(state));
}
static __inline__ __device__ double curand_uniform_double(curandStateMtgp32_t *state) {
  return anchor_curand_uniform_double_bits(curand(state));
}
static __inline__ __device__ float curand_normal(curandStateMtgp32_t *state) {
  return anchor_curand_normal_icdf(curand(state));
}
static __inline__ __device__ double curand_normal_double(curandStateMtgp32_t *state) {
  return anchor_curand_normal_icdf_double(curand(state));
}
static __inline__ __device__ float curand_log_normal(curandStateMtgp32_t *state, float mean,
                                                     float stddev) {
  return expf(mean + (stddev * anchor_curand_normal_icdf(curand(state))));
}
static __inline__ __device__ double curand_log_normal_double(curandStateMtgp32_t *state,
                                                             double mean, double stddev) {
  return exp(mean + (stddev * anchor_curand_normal_icdf_double(curand(state))));
}

#endif
