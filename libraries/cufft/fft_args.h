/* fft_args.h — the contract between libcufft's host side (C17) and its kernels
 * (kernels.cu, compiled by anchorcc): the parameter structs each kernel takes by value
 * (one layout in C and in CUDA C++: only long long, int and pointers) and the order
 * of the kernel table kernels.cu exports. */
#ifndef ANCHOR_CUFFT_FFT_ARGS_H
#define ANCHOR_CUFFT_FFT_ARGS_H

/* The kernels work on a compact complex array of shape batch x n[0] x n[1] x n[2]
 * (rank 1 and 2 pad n with leading 1s), n[2] varying fastest. A transform along one
 * dimension of length n sees "lines": line l starts at (l / inner) * n * inner +
 * l % inner and its element j is inner elements after element j - 1. */

/* Copies the user's input (any cuFFT layout) into the compact array. */
typedef struct cufft_gather_args {
  const void *in;  /* user data: complex values or reals (mode) */
  void *out;       /* compact complex array */
  long long n[3];  /* compact shape of one transform */
  long long s[3];  /* the user layout's element stride of each dimension */
  long long dist;  /* the user layout's distance between transforms, in elements */
  long long total; /* compact elements: batch * n[0] * n[1] * n[2] */
  int mode;        /* CUFFT_DATA_COMPLEX, _REAL_PAIRS or _REAL_ROW_PAIRS: the kernel's */
  long long rows;  /* mode real row pairs: rows of reals (batch * n[0] * n[1]) */
} cufft_gather_args;

/* Copies the compact array into the user's output layout. */
typedef struct cufft_scatter_args {
  const void *in;  /* compact complex array */
  void *out;       /* user data: complex (modes complex, hermitian) or real */
  long long n[3];  /* compact shape */
  long long m[3];  /* the output's shape: n, or n[2]/2+1 last for a half spectrum */
  long long s[3];  /* output element strides */
  long long dist;  /* output distance between transforms */
  long long total; /* output elements: batch * m[0] * m[1] * m[2] */
  int mode;        /* CUFFT_DATA_COMPLEX (also the half spectrum), _REAL_PAIRS or _REAL_ROW_PAIRS
                      (total: pairs of rows * n[2]): the kernel's */
  long long rows;  /* mode real row pairs: rows of reals (batch * n[0] * n[1]) */
} cufft_scatter_args;

/* One Stockham pass of radix r over every line: reads in, writes out. */
typedef struct cufft_pass_args {
  const void *in;
  void *out;
  const void *twiddles; /* exp(-2 pi i k / n), k < n (complex of the plan's precision) */
  long long n;          /* length of the lines */
  long long ns;         /* product of the radices of the passes before this one */
  long long inner;      /* distance between a line's elements */
  long long total;      /* threads: lines * n / radix */
  int radix;            /* the general kernel's radix (the others have theirs built in) */
  int inverse;          /* 1: conjugated twiddles (exponent sign +) */
} cufft_pass_args;

/* Bluestein's algorithm for a line of length n through convolutions of length m
 * (a power of two >= 2n - 1): pre multiplies by the chirp into a zero-padded buffer of
 * lines of m, mul multiplies by the transformed kernel, post multiplies by the chirp
 * back into the compact layout. */
typedef struct cufft_chirp_args {
  const void *in;
  void *out;
  const void *chirp; /* pre, post: exp(-pi i k^2 / n), k < n; mul: the kernel's FFT, m values */
  long long n;
  long long m;
  long long inner; /* the compact layout's distance between a line's elements */
  long long total; /* threads: pre and mul lines * m, post lines * n */
  int inverse;
} cufft_chirp_args;

/* Real transforms of even length n along the last dimension take the half-length
 * path: the n reals of a line are n/2 complex values (x[2j], x[2j+1]), transformed with
 * n/2 points; real_post makes the n/2+1 values of the real signal's spectrum from them
 * (R2C), real_pre the n/2 complex values to transform back from the half spectrum
 * (C2R). in and out hold rows lines of h (the pairs) and h+1 (the spectrum) values.
 * Odd lengths take the paired-row path: two rows of reals are one complex line
 * (row 2q + i row 2q+1, a zero row past the last), transformed with n points;
 * pair_post separates the two rows' half spectra (h+1 = (n+1)/2 values each), pair_pre
 * joins them back into one complex line of n values. */
typedef struct cufft_real_args {
  const void *in;
  void *out;
  const void *roots; /* half-length path: exp(-2 pi i k / (2h)), k <= h */
  long long h;       /* n / 2 (rounded down) */
  long long rows;
  long long total; /* threads: real_post and pair_post rows * (h+1), real_pre rows * h,
                      pair_pre (rows + 1) / 2 * n */
  long long n;     /* the paired-row path's odd length */
} cufft_real_args;

/* What gather reads and scatter writes: complex values (a full array or a half
 * spectrum), pairs of reals as one complex value (the half-length path), or two rows of
 * reals as one line of complex values (the paired-row path: real parts row 2q,
 * imaginary parts 2q + 1). REAL and HERMITIAN name the user's arrays of real types when
 * exec.c lays out a basic layout. */
enum {
  CUFFT_DATA_COMPLEX = 0,
  CUFFT_DATA_REAL = 1,
  CUFFT_DATA_HERMITIAN = 2,
  CUFFT_DATA_REAL_PAIRS = 3,
  CUFFT_DATA_REAL_ROW_PAIRS = 4
};

/* The kernel table: cufft_kernels[precision * CUFFT_KERNEL_COUNT + kernel], precision 0
 * float, 1 double. */
enum {
  CUFFT_KERNEL_GATHER, /* gather and scatter: one kernel per mode (complex, real pairs, */
  CUFFT_KERNEL_GATHER_REAL_PAIRS, /* real row pairs), so that no kernel branches on it */
  CUFFT_KERNEL_GATHER_REAL_ROW_PAIRS,
  CUFFT_KERNEL_SCATTER,
  CUFFT_KERNEL_SCATTER_REAL_PAIRS,
  CUFFT_KERNEL_SCATTER_REAL_ROW_PAIRS,
  CUFFT_KERNEL_PASS2,
  CUFFT_KERNEL_PASS3,
  CUFFT_KERNEL_PASS4,
  CUFFT_KERNEL_PASS5,
  CUFFT_KERNEL_PASS7,
  CUFFT_KERNEL_PASS8,
  CUFFT_KERNEL_PASS_GENERAL, /* any radix up to CUFFT_GENERAL_RADIX_MAX */
  CUFFT_KERNEL_CHIRP_PRE,
  CUFFT_KERNEL_CHIRP_MUL,
  CUFFT_KERNEL_CHIRP_POST,
  CUFFT_KERNEL_REAL_POST,
  CUFFT_KERNEL_REAL_PRE,
  CUFFT_KERNEL_PAIR_POST,
  CUFFT_KERNEL_PAIR_PRE,
  CUFFT_KERNEL_COUNT
};

/* The largest prime the general radix kernel takes; a dimension with a larger prime
 * factor is transformed with Bluestein's algorithm. */
#define CUFFT_GENERAL_RADIX_MAX 31

#endif
