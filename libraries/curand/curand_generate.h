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
};

/* One curandGenerate* call. states[t] is stream t where the previous calls left it (read
 * and updated); NULL for Philox, whose streams are counters. */
struct anchor_curand_job {
  int rng;  /* curandRngType_t */
  int dist; /* enum anchor_curand_dist */
  unsigned int streams;
  unsigned long long seed;
  unsigned long long counter; /* draws (XORWOW, MRG32k3a) or outputs (Philox) */
  unsigned long long count;   /* outputs to write */
  double mean, stddev;
  void *out;
  void *states;
};

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

ANCHOR_CURAND_FN void anchor_curand_generate_stream(const struct anchor_curand_job *job,
                                                    unsigned int t) {
  if (job->rng == 161)
    anchor_curand_generate_blocks(job, t);
  else
    anchor_curand_generate_draws(job, t);
}

#endif
