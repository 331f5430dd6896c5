/* curand_generate.h — how cuRAND's host API lays a generator's streams out in its output
 * (docs/curand.md, "Orderings"), one thread's share of a curandGenerate* call at a time.
 * Shared by the device kernels (curand_kernels.cu, one GPU thread per stream) and the
 * host generators (curand_host.c, a loop over the streams), so the two give the same
 * values. Written for Anchor; the layouts were read off NVIDIA's cuRAND host generators
 * (tests/libraries/curand/record/).
 *
 * A pseudo-random generator runs `streams` copies of its device-API generator, stream t
 * being curand_init(seed, t, 0) — t-th subsequence — and keeps a counter (its offset plus
 * what it has produced so far):
 *   XORWOW, MRG32k3a: the counter counts draws; draw u is made by stream u % streams,
 *     which goes on from where it stopped (it starts after the offset's share of values,
 *     one per draw below the offset). A draw takes k values of the stream and gives m
 *     outputs (k, m per distribution: anchor_curand_draw_shape).
 *   Philox4_32_10: the counter counts outputs; outputs come in blocks of four, block q
 *     from stream q % streams, starting at its value 4 (q / streams) and taking 4 values
 *     (8 for doubles). */
#ifndef ANCHOR_CURAND_GENERATE_H
#define ANCHOR_CURAND_GENERATE_H

#include "anchor/curand_core.h"

enum anchor_curand_dist {
  ANCHOR_CURAND_BITS,
  ANCHOR_CURAND_UNIFORM,
  ANCHOR_CURAND_UNIFORM_DOUBLE,
  ANCHOR_CURAND_NORMAL,
  ANCHOR_CURAND_NORMAL_DOUBLE,
  ANCHOR_CURAND_LOG_NORMAL,
  ANCHOR_CURAND_LOG_NORMAL_DOUBLE,
  ANCHOR_CURAND_POISSON, /* curandGeneratePoisson, lambda >= 2000 (job.mean = lambda) */
};

/* curandGeneratePoisson takes the rounded normal approximation from this lambda on
 * (NVIDIA's, observed: 1999 still uses its histogram method, 2000 the approximation). */
#define ANCHOR_CURAND_POISSON_NORMAL_LAMBDA 2000.0

/* One curandGenerate* call. states[t] is stream t where the previous calls left it (read
 * and updated); NULL for Philox, whose streams are counters. */
struct anchor_curand_job {
  int rng;  /* curandRngType_t */
  int dist; /* enum anchor_curand_dist */
  unsigned int streams;
  unsigned long long seed;
  unsigned long long counter; /* draws (XORWOW, MRG32k3a) or outputs (Philox) */
  unsigned long long offset;  /* the generator's offset (Poisson on XORWOW, MRG32k3a) */
  unsigned long long count;   /* outputs to write */
  double mean, stddev;
  void *out;
  void *states;
  /* Sobol (quasi): counter = first point, count = dims x points, dimension d's points at
   * out[d * points ...]; vectors = dims x 32 (or 64) direction vectors; streams = dims x
   * chunks of ANCHOR_CURAND_SOBOL_CHUNK points. */
  unsigned int dims;
  const void *vectors;
};

#define ANCHOR_CURAND_SOBOL_CHUNK 256u

/* Values taken (k) and outputs given (m) by one draw of XORWOW or MRG32k3a. */
ANCHOR_CURAND_FN void anchor_curand_draw_shape(int rng, int dist, unsigned int *k,
                                               unsigned int *m) {
  int pair = dist == ANCHOR_CURAND_NORMAL || dist == ANCHOR_CURAND_NORMAL_DOUBLE ||
             dist == ANCHOR_CURAND_LOG_NORMAL || dist == ANCHOR_CURAND_LOG_NORMAL_DOUBLE;
  int wide = dist == ANCHOR_CURAND_UNIFORM_DOUBLE || dist == ANCHOR_CURAND_NORMAL_DOUBLE ||
             dist == ANCHOR_CURAND_LOG_NORMAL_DOUBLE;
  *m = pair ? 2 : 1;
  if (rng == 121) /* MRG32k3a: a double per value */
    *k = pair ? 2 : 1;
  else
    *k = (pair ? 2 : 1) * (wide ? 2 : 1);
}

ANCHOR_CURAND_FN void anchor_curand_store(const struct anchor_curand_job *job,
                                          unsigned long long index, double value,
                                          unsigned int bits) {
  switch (job->dist) {
  case ANCHOR_CURAND_BITS: ((unsigned int *)job->out)[index] = bits; break;
  case ANCHOR_CURAND_POISSON: /* value: a standard normal (float) */
    ((unsigned int *)job->out)[index] =
        (unsigned int)(sqrt(job->mean) * (float)value + job->mean + 0.5);
    break;
  case ANCHOR_CURAND_UNIFORM:
  case ANCHOR_CURAND_NORMAL:
  case ANCHOR_CURAND_LOG_NORMAL: ((float *)job->out)[index] = (float)value; break;
  default: ((double *)job->out)[index] = value;
  }
}

/* The m outputs of one draw from k values (XORWOW and Philox: 32-bit values). */
ANCHOR_CURAND_FN void anchor_curand_shape_bits(const struct anchor_curand_job *job,
                                               const unsigned int *v, double out[2],
                                               unsigned int *bits) {
  float mean = (float)job->mean, stddev = (float)job->stddev;
  float2 f;
  double2 d;
  switch (job->dist) {
  case ANCHOR_CURAND_BITS: *bits = v[0]; break;
  case ANCHOR_CURAND_UNIFORM: out[0] = anchor_curand_uniform_bits(v[0]); break;
  case ANCHOR_CURAND_UNIFORM_DOUBLE: out[0] = anchor_curand_uniform_double_hq(v[0], v[1]); break;
  case ANCHOR_CURAND_NORMAL:
    f = anchor_curand_box_muller(v[0], v[1]);
    out[0] = f.x * stddev + mean;
    out[1] = f.y * stddev + mean;
    break;
  case ANCHOR_CURAND_POISSON:
    f = anchor_curand_box_muller(v[0], v[1]);
    out[0] = f.x;
    out[1] = f.y;
    break;
  case ANCHOR_CURAND_LOG_NORMAL:
    f = anchor_curand_box_muller(v[0], v[1]);
    out[0] = expf(mean + stddev * f.x);
    out[1] = expf(mean + stddev * f.y);
    break;
  case ANCHOR_CURAND_NORMAL_DOUBLE:
    d = anchor_curand_box_muller_double(v[0], v[1], v[2], v[3]);
    out[0] = d.x * job->stddev + job->mean;
    out[1] = d.y * job->stddev + job->mean;
    break;
  default: /* ANCHOR_CURAND_LOG_NORMAL_DOUBLE */
    d = anchor_curand_box_muller_double(v[0], v[1], v[2], v[3]);
    out[0] = exp(job->mean + job->stddev * d.x);
    out[1] = exp(job->mean + job->stddev * d.y);
  }
}

/* The m outputs of one MRG32k3a draw from its k combined values r in [1, m1]. */
ANCHOR_CURAND_FN void anchor_curand_shape_mrg(const struct anchor_curand_job *job, const double *r,
                                              double out[2], unsigned int *bits) {
  float mean = (float)job->mean, stddev = (float)job->stddev;
  switch (job->dist) {
  case ANCHOR_CURAND_BITS: *bits = (unsigned int)(r[0] * ANCHOR_MRG32K3A_BITS_NORM); break;
  case ANCHOR_CURAND_UNIFORM: out[0] = (float)(r[0] * ANCHOR_MRG32K3A_NORM); break;
  case ANCHOR_CURAND_UNIFORM_DOUBLE: out[0] = r[0] * ANCHOR_MRG32K3A_NORM; break;
  case ANCHOR_CURAND_NORMAL:
  case ANCHOR_CURAND_LOG_NORMAL: {
    float2 z = anchor_curand_box_muller_mrg((float)(r[0] * ANCHOR_MRG32K3A_NORM),
                                            (float)(r[1] * ANCHOR_MRG32K3A_NORM));
    if (job->dist == ANCHOR_CURAND_NORMAL) {
      out[0] = z.x * stddev + mean;
      out[1] = z.y * stddev + mean;
    } else {
      out[0] = expf(mean + stddev * z.x);
      out[1] = expf(mean + stddev * z.y);
    }
    break;
  }
  default: {
    double2 z = anchor_curand_box_muller_mrg_double(r[0] * ANCHOR_MRG32K3A_NORM,
                                                    r[1] * ANCHOR_MRG32K3A_NORM);
    if (job->dist == ANCHOR_CURAND_NORMAL_DOUBLE) {
      out[0] = z.x * job->stddev + job->mean;
      out[1] = z.y * job->stddev + job->mean;
    } else {
      out[0] = exp(job->mean + job->stddev * z.x);
      out[1] = exp(job->mean + job->stddev * z.y);
    }
  }
  }
}

/* XORWOW or MRG32k3a: stream t's draws of this call, from and back to states[t]. */
ANCHOR_CURAND_FN void anchor_curand_generate_draws(const struct anchor_curand_job *job,
                                                   unsigned int t) {
  unsigned int k, m;
  anchor_curand_draw_shape(job->rng, job->dist, &k, &m);
  unsigned long long first = job->counter, end = job->counter + job->count / m;
  unsigned long long u = first + (t + job->streams - first % job->streams) % job->streams;
  if (u >= end) return;
  curandStateXORWOW_t *xorwow = (curandStateXORWOW_t *)job->states + t;
  curandStateMRG32k3a_t *mrg = (curandStateMRG32k3a_t *)job->states + t;
  for (; u < end; u += job->streams) {
    double out[2];
    unsigned int bits = 0;
    if (job->rng == 121) {
      double r[2];
      for (unsigned int i = 0; i < k; i++)
        r[i] = anchor_mrg_next(mrg);
      anchor_curand_shape_mrg(job, r, out, &bits);
    } else {
      unsigned int v[4];
      for (unsigned int i = 0; i < k; i++)
        v[i] = anchor_xorwow_next(xorwow);
      anchor_curand_shape_bits(job, v, out, &bits);
    }
    for (unsigned int j = 0; j < m; j++)
      anchor_curand_store(job, (u - first) * m + j, out[j], bits);
  }
}

/* Philox4_32_10: stream t's blocks of four outputs in this call. */
ANCHOR_CURAND_FN void anchor_curand_generate_blocks(const struct anchor_curand_job *job,
                                                    unsigned int t) {
  int wide = job->dist == ANCHOR_CURAND_UNIFORM_DOUBLE ||
             job->dist == ANCHOR_CURAND_NORMAL_DOUBLE ||
             job->dist == ANCHOR_CURAND_LOG_NORMAL_DOUBLE;
  unsigned long long first = job->counter, end = job->counter + job->count;
  unsigned long long first_block = first / 4, end_block = (end + 3) / 4;
  unsigned long long q =
      first_block + (t + job->streams - first_block % job->streams) % job->streams;
  for (; q < end_block; q += job->streams) {
    curandStatePhilox4_32_10_t state;
    /* Block q starts at value 4 (q / streams) of its stream even when it takes 8 values
     * (doubles): NVIDIA's layout, whose consecutive double blocks share four values. */
    anchor_philox_init(job->seed, t, (q / job->streams) * 4, &state);
    unsigned int v[8];
    uint4 a = anchor_philox_next4(&state);
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w;
    if (wide) {
      a = anchor_philox_next4(&state);
      v[4] = a.x, v[5] = a.y, v[6] = a.z, v[7] = a.w;
    }
    double out[4];
    unsigned int bits[4] = {0, 0, 0, 0};
    int pair = job->dist != ANCHOR_CURAND_BITS && job->dist != ANCHOR_CURAND_UNIFORM &&
               job->dist != ANCHOR_CURAND_UNIFORM_DOUBLE;
    for (int lane = 0; lane < 4; lane += pair ? 2 : 1) {
      const unsigned int *source = v + (wide ? 2 : 1) * lane;
      anchor_curand_shape_bits(job, source, out + lane, bits + lane);
    }
    for (int lane = 0; lane < 4; lane++) {
      unsigned long long e = 4 * q + lane;
      if (e >= first && e < end) anchor_curand_store(job, e - first, out[lane], bits[lane]);
    }
  }
}

/* erfcinv(y) for 0 < y < 2: on the device CUDA's; on the host solved on glibc's erf (near
 * y = 1, where 1 - y is exact) or erfc (the tails) by bisection and Newton steps — not
 * bit-equal to NVIDIA's host erfcinv everywhere (docs/curand.md). */
ANCHOR_CURAND_FN double anchor_curand_erfcinv(double y) {
#ifdef __CUDA_ARCH__
  return erfcinv(y);
#else
  int middle = y > 0.5 && y < 1.5;
  double target = middle ? 1.0 - y : y;
  double low = -10, high = 30;
  for (int i = 0; i < 100; i++) {
    double mid = 0.5 * (low + high);
    if (middle ? erf(mid) < target : erfc(mid) > target)
      low = mid;
    else
      high = mid;
  }
  double x = 0.5 * (low + high);
  for (int i = 0; i < 3; i++) {
    double step =
        (middle ? target - erf(x) : erfc(x) - target) / (1.1283791670955126 * exp(-x * x));
    x += step;
  }
  return x;
#endif
}

ANCHOR_CURAND_FN float anchor_curand_icdf_float(unsigned int x) {
  float s = -1.4142135f;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  float p = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
#ifdef __CUDA_ARCH__
  return s * erfcinvf(2.0f * p);
#else
  return s * (float)anchor_curand_erfcinv(2.0f * p);
#endif
}

ANCHOR_CURAND_FN double anchor_curand_icdf_double(unsigned long long x, int wide) {
  double s = -1.4142135623730951, p;
  if (wide) { /* 64-bit: the top 53 bits */
    x >>= 11;
    if (x > 0x10000000000000ull) {
      x = 0x1fffffffffffffull - x;
      s = -s;
    }
    p = x * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  } else {
    if (x > 0x80000000u) {
      x = 0xffffffffu - x;
      s = -s;
    }
    p = x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
  }
  return s * anchor_curand_erfcinv(2.0 * p);
}

/* Sobol32/Sobol64: one chunk of one dimension's points. */
ANCHOR_CURAND_FN void anchor_curand_generate_sobol(const struct anchor_curand_job *job,
                                                   unsigned int t) {
  int wide = job->rng == 203;
  unsigned long long points = job->count / job->dims;
  unsigned long long chunks = (points + ANCHOR_CURAND_SOBOL_CHUNK - 1) / ANCHOR_CURAND_SOBOL_CHUNK;
  unsigned int d = (unsigned int)(t / chunks);
  unsigned long long first = (t % chunks) * ANCHOR_CURAND_SOBOL_CHUNK;
  if (d >= job->dims) return;
  unsigned long long end =
      first + ANCHOR_CURAND_SOBOL_CHUNK < points ? first + ANCHOR_CURAND_SOBOL_CHUNK : points;
  const unsigned int *v32 = (const unsigned int *)job->vectors + 32 * d;
  const unsigned long long *v64 = (const unsigned long long *)job->vectors + 64 * d;
  unsigned long long i = job->counter + first;
  unsigned long long x =
      wide ? anchor_sobol64_point(v64, 0, i) : anchor_sobol32_point(v32, 0, (unsigned int)i);
  for (unsigned long long k = first; k < end; k++, i++) {
    unsigned long long index = d * points + k;
    float f;
    double g;
    switch (job->dist) {
    case ANCHOR_CURAND_BITS:
      if (wide)
        ((unsigned long long *)job->out)[index] = x;
      else
        ((unsigned int *)job->out)[index] = (unsigned int)x;
      break;
    case ANCHOR_CURAND_UNIFORM:
      ((float *)job->out)[index] = anchor_curand_uniform_bits((unsigned int)(wide ? x >> 32 : x));
      break;
    case ANCHOR_CURAND_UNIFORM_DOUBLE:
      ((double *)job->out)[index] =
          wide ? (x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0)
               : anchor_curand_uniform_double_bits((unsigned int)x);
      break;
    case ANCHOR_CURAND_NORMAL:
    case ANCHOR_CURAND_LOG_NORMAL:
      f = anchor_curand_icdf_float((unsigned int)(wide ? x >> 32 : x));
      ((float *)job->out)[index] = job->dist == ANCHOR_CURAND_NORMAL
                                       ? f * (float)job->stddev + (float)job->mean
                                       : expf((float)job->mean + (float)job->stddev * f);
      break;
    default:
      g = anchor_curand_icdf_double(x, wide);
      ((double *)job->out)[index] = job->dist == ANCHOR_CURAND_NORMAL_DOUBLE
                                        ? g * job->stddev + job->mean
                                        : exp(job->mean + job->stddev * g);
    }
    unsigned int zero = (unsigned int)anchor_sobol_trailing_zeros(i, wide ? 64 : 32);
    x ^= wide ? v64[zero] : v32[zero];
  }
}

/* curandGeneratePoisson (lambda >= 2000) on XORWOW or MRG32k3a: Poisson output g of the
 * generator (g = counter + index) is made by stream g % streams from its next standard
 * normal, normals coming in Box-Muller pairs, both halves in order (observed on NVIDIA's
 * host generators: tests/libraries/curand/record/poisson_nvidia.c).
 * XORWOW: from states[t] as the other calls left it, the pair's second half kept in the
 * state for the next Poisson call (boxmuller_flag/extra), values taken moving the state
 * on for the calls after. MRG32k3a: from the stream's start past its share of the offset
 * (one value per draw below it), the normals before g / streams counted off, whatever
 * other calls took (observed: bits then Poisson, Poisson then Poisson). */
ANCHOR_CURAND_FN void anchor_curand_generate_poisson(const struct anchor_curand_job *job,
                                                     unsigned int t) {
  unsigned long long first = job->counter, end = job->counter + job->count;
  unsigned long long g = first + (t + job->streams - first % job->streams) % job->streams;
  if (g >= end) return;
  if (job->rng != 121) {
    curandStateXORWOW_t *s = (curandStateXORWOW_t *)job->states + t;
    for (; g < end; g += job->streams) {
      float z;
      if (s->boxmuller_flag == ANCHOR_CURAND_EXTRA_NORMAL) {
        z = s->boxmuller_extra;
        s->boxmuller_flag = 0;
      } else {
        unsigned int a = anchor_xorwow_next(s), b = anchor_xorwow_next(s);
        float2 pair = anchor_curand_box_muller(a, b);
        z = pair.x;
        s->boxmuller_extra = pair.y;
        s->boxmuller_flag = ANCHOR_CURAND_EXTRA_NORMAL;
      }
      anchor_curand_store(job, g - first, z, 0);
    }
    return;
  }
  unsigned long long share = (job->offset + job->streams - 1 - t) / job->streams;
  unsigned long long r = g / job->streams - share; /* the stream's normal number */
  curandStateMRG32k3a_t mrg;
  anchor_mrg_init(job->seed, t, share + 2 * (r / 2), &mrg);
  float2 z = {0, 0};
  for (int have = 0; g < end; g += job->streams, r++) {
    if (!have || !(r & 1)) {
      double a = anchor_mrg_next(&mrg), b = anchor_mrg_next(&mrg);
      z = anchor_curand_box_muller_mrg((float)(a * ANCHOR_MRG32K3A_NORM),
                                       (float)(b * ANCHOR_MRG32K3A_NORM));
      have = 1;
    }
    anchor_curand_store(job, g - first, (r & 1) ? z.y : z.x, 0);
  }
}

ANCHOR_CURAND_FN void anchor_curand_generate_stream(const struct anchor_curand_job *job,
                                                    unsigned int t) {
  if (job->dist == ANCHOR_CURAND_POISSON && job->rng != 161)
    anchor_curand_generate_poisson(job, t);
  else if (job->rng == 201 || job->rng == 203)
    anchor_curand_generate_sobol(job, t);
  else if (job->rng == 161)
    anchor_curand_generate_blocks(job, t);
  else
    anchor_curand_generate_draws(job, t);
}

#endif
