/* cufft_internal.h — libcufft's plan object and the interface between its host files
 * (docs/cufft.md): plan.c (handles, argument rules, making plans: calls factor.c),
 * factor.c (radix choice, twiddle and chirp tables: host arithmetic only), exec.c
 * (the cufftExec* calls: kernel launches in the plan's stream). */
#ifndef ANCHOR_CUFFT_INTERNAL_H
#define ANCHOR_CUFFT_INTERNAL_H

#include <cuda_runtime_api.h>
#include <cufft.h>
#include <stddef.h>

#include "fft_args.h"

#define CUFFT_MAX_PASSES 64

/* How one length is transformed: Stockham passes of the radices in order (their
 * product is n), or Bluestein's algorithm over a power-of-two length m >= 2n - 1. */
typedef struct cufft_length_plan {
  long long n;
  int passes;
  int radix[CUFFT_MAX_PASSES];
  void *twiddles; /* device: n complex values exp(-2 pi i k / n) */
  int bluestein;  /* 1: the fields below are used, radix[] is empty */
  long long m;    /* the convolution length */
  int m_passes;
  int m_radix[CUFFT_MAX_PASSES];
  void *m_twiddles; /* device: m complex values exp(-2 pi i k / m) */
  void *chirp;      /* device: n complex values exp(-pi i k^2 / n) */
  void *kernel_hat; /* device: m complex values, the transformed chirp kernel over m */
} cufft_length_plan;

/* One side's layout: element (b, x, y, z) of the compact shape is at b * dist + x * s[0]
 * + y * s[1] + z * s[2], in elements of that side's type. basic: the layout is decided
 * at execution (in-place real data is padded), s and dist are unused. */
typedef struct cufft_layout {
  int basic;
  long long s[3];
  long long dist;
} cufft_layout;

typedef struct cufft_plan {
  int made;          /* 1 after a successful cufftMakePlan*: the fields below are valid */
  int auto_allocate; /* cufftSetAutoAllocation, default 1 */
  cudaStream_t stream;
  long long properties[2]; /* cufftSetPlanPropertyInt64's values (index property - 1) */
  int property_set[2];
  cufftType type;
  int precision; /* 0 float, 1 double */
  int rank;
  long long n[3]; /* compact shape, leading 1s for rank < 3 */
  long long batch;
  cufft_layout in, out;
  cufft_length_plan dims[3]; /* per dimension of n (a 1 has no passes); with half_real
                                dims[2] is the plan of n[2] / 2 */
  int half_real;    /* a real type with n[2] even: the half-length path (odd: paired rows) */
  void *real_roots; /* device, half_real: exp(-2 pi i k / n[2]), k < n[2] */
  size_t work_size; /* bytes of work area */
  void *work;       /* the work area in use (owned when work_owned) */
  int work_owned;
} cufft_plan;

/* A made plan's work area: two compact arrays, then Bluestein's two line buffers. */
typedef struct cufft_work_parts {
  size_t compact_bytes;   /* one compact array */
  size_t bluestein_bytes; /* one Bluestein buffer (0 when no dimension uses it) */
} cufft_work_parts;

/* ---- factor.c: host arithmetic, no CUDA ---------------------------------------- */

/* Chooses the passes of length n (8, 4, 2, then 3, 5, 7, then primes up to
 * CUFFT_GENERAL_RADIX_MAX) into lp->radix/passes; or, when n has a larger prime
 * factor, lp->bluestein = 1 with m and its passes. Sets lp->n. */
void cufft_factor_length(long long n, cufft_length_plan *lp);

/* Fills table[0..n) with exp(-2 pi i k / n) (interleaved, real part first), as float
 * (precision 0) or double (1). Computed in long double with the angle reduced exactly
 * to the first octant (k / n as integers), so every value is the correctly rounded
 * cosine and sine but for rare ties of the final rounding. */
void cufft_fill_roots(long long n, int precision, void *table);

/* Fills table[0..n) with exp(-pi i k^2 / n), k^2 reduced modulo 2n in integers. */
void cufft_fill_chirp(long long n, int precision, void *table);

/* Fills table[0..m) with (1/m) * DFT_m(b), b[k] = exp(pi i k^2 / n) for |k| < n (k
 * taken modulo m), 0 elsewhere: Bluestein's kernel, transformed in long double on
 * the host. Returns 0, or -1 when host memory runs out. */
int cufft_fill_bluestein_kernel(long long n, long long m, int precision, void *table);

/* ---- plan.c ------------------------------------------------------------------------ */

/* The live plan of a handle, or NULL. Takes the library's lock while looking; plans are
 * not safe to use from two threads at once (nor are cuFFT's). */
cufft_plan *cufft_plan_lookup(cufftHandle handle);
/* cudaMalloc of the library's own memory (plan.c): 1 on success; on failure *device is
 * NULL and the runtime's last error is left as it was before the call. */
int cufft_device_alloc(void **device, size_t bytes);

/* How the work area of a made plan divides. */
cufft_work_parts cufft_plan_work_parts(const cufft_plan *plan);

#endif
