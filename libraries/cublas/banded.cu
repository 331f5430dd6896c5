/* banded.cu — cuBLAS's banded and packed level-2 kernels for S, D, C, Z: gbmv, sbmv/hbmv,
 * spmv/hpmv, tbmv/tpmv, tbsv/tpsv, spr/hpr and spr2/hpr2; tables indexed by cublas_type for
 * banded.c. One storage rule serves them all (band_layout): a band of kl sub- and ku
 * super-diagonals stored as BLAS does (column j of the band in column j of A, the diagonal
 * in row ku), or a packed triangle. A symmetric or triangular band of k diagonals is the
 * general band with (kl, ku) = (0, k) (upper) or (k, 0) (lower); a packed triangle is the
 * band with k = n - 1. One thread computes one element of the result, an inner product over
 * the band only, in column order (so results do not depend on the grid); the solves run in
 * one block, column by column. Scalars: value and device pointer, as level1.cu. */
#include "cublas_device.cuh"

using namespace cublas_dev;

/* Byte for byte cublas_band in cublas_internal.h. */
struct band_layout {
  int packed; /* 0: band in an lda x n array; 1: packed triangle (upper when ku > 0 or n == 1) */
  int n;      /* columns (the order of a packed triangle) */
  int lda;
  int kl, ku; /* sub- and super-diagonals stored */
};

/* Where element (i, j) of the matrix is stored, -1 outside the band (or triangle). */
__device__ inline long long band_index(const band_layout &L, int i, int j) {
  if (i - j > L.kl || j - i > L.ku) return -1;
  if (!L.packed) return L.ku + i - j + (long long)j * L.lda;
  if (L.kl == 0) return i + (long long)j * (j + 1) / 2; /* upper */
  return i + (long long)j * (2LL * L.n - j - 1) / 2;    /* lower */
}

/* Element (r, c) of op(A) for a general band (kind 0: op 0 N, 1 T, 2 C), of a symmetric
 * (kind 1) or hermitian (kind 2) matrix stored as one triangle (the mirror conjugated for
 * hermitian, whose diagonal is real), or of a triangular one (kind 3; op as kind 0; unit
 * diagonal when diag is 1). Zero outside the band. */
template <class T>
__device__ inline T band_element(const T *A, const band_layout &L, int kind, int op, int diag,
                                 int r, int c) {
  if (kind == 3 && diag == 1 && r == c) return one<T>();
  bool mirrored = kind == 0 || kind == 3 ? op != 0 : false;
  long long at = mirrored ? band_index(L, c, r) : band_index(L, r, c);
  if ((kind == 1 || kind == 2) && at < 0) {
    mirrored = true;
    at = band_index(L, c, r);
  }
  if (at < 0) return zero<T>();
  T a = A[at];
  if (kind == 2 && r == c) return real_part(a);
  if ((kind == 2 && mirrored) || ((kind == 0 || kind == 3) && op == 2)) a = conj(a);
  return a;
}

/* The columns of row r of op(A) that may be non-zero: [first, last). */
__device__ inline void band_columns(const band_layout &L, int kind, int op, int r, int cols,
                                    int *first, int *last) {
  int below = L.kl, above = L.ku; /* op(A)(r, c) != 0 needs r - c <= below, c - r <= above */
  if (kind == 1 || kind == 2)
    below = above = L.kl > L.ku ? L.kl : L.ku;
  else if (op != 0)
    below = L.ku, above = L.kl;
  *first = r - below > 0 ? r - below : 0;
  long long end = (long long)r + above + 1;
  *last = end < cols ? (int)end : cols;
}

/* y = alpha op(A) x + beta y: gbmv (kind 0, A m x n), sbmv/spmv (1), hbmv/hpmv (2). */
template <class T>
__global__ void band_mv_kernel(int kind, int op, int m, int n, band_layout L, T alpha,
                               const T *alpha_p, const T *A, const T *x, int incx, T beta,
                               const T *beta_p, T *y, int incy) {
  T al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  int rows = op == 0 ? m : n, cols = op == 0 ? n : m;
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
    T acc = zero<T>();
    if (!is_zero(al)) {
      int first, last;
      band_columns(L, kind, op, r, cols, &first, &last);
      for (int c = first; c < last; c++)
        acc = madd(band_element(A, L, kind, op, 0, r, c), x[vector_index(c, cols, incx)], acc);
    }
    long long iy = vector_index(r, rows, incy);
    T v = mul(al, acc);
    if (!is_zero(be)) v = madd(be, y[iy], v);
    y[iy] = v;
  }
}

/* x = op(A) y for a triangular band or packed triangle (tbmv, tpmv); y is a contiguous
 * copy of x's old values. */
template <class T>
__global__ void band_tmv_kernel(int op, int diag, int n, band_layout L, const T *A, const T *y,
                                T *x, int incx) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < n; r += gridDim.x * blockDim.x) {
    int first, last;
    band_columns(L, 3, op, r, n, &first, &last);
    T acc = zero<T>();
    for (int c = first; c < last; c++)
      acc = madd(band_element(A, L, 3, op, diag, r, c), y[c], acc);
    x[vector_index(r, n, incx)] = acc;
  }
}

/* Solves op(A) x = b in place (tbsv, tpsv), one block, as level2.cu's trsv: op(A) is lower
 * triangular when (lower, N) or (upper, T/C): forward substitution, else backward; after
 * x_i is known each thread updates its share of the rows of the band still to solve. */
template <class T>
__global__ void band_tsv_kernel(int op, int diag, int n, band_layout L, const T *A, T *x,
                                int incx) {
  bool lower = (L.kl > 0) == (op == 0); /* kl == 0: upper (or diagonal: either order) */
  int width = L.kl > L.ku ? L.kl : L.ku;
  for (int step = 0; step < n; step++) {
    int i = lower ? step : n - 1 - step;
    long long ix = vector_index(i, n, incx);
    if (threadIdx.x == 0 && diag == 0) x[ix] = div(x[ix], band_element(A, L, 3, op, diag, i, i));
    __syncthreads();
    T xi = x[ix];
    int first = lower ? i + 1 : (i - width > 0 ? i - width : 0);
    int last = lower ? (n - i - 1 > width ? i + width + 1 : n) : i;
    for (int r = first + (int)threadIdx.x; r < last; r += (int)blockDim.x) {
      long long ir = vector_index(r, n, incx);
      x[ir] = sub(x[ir], mul(band_element(A, L, 3, op, diag, r, i), xi));
    }
    __syncthreads();
  }
}

/* Rank-1 and rank-2 updates of a packed triangle (spr, hpr, spr2, hpr2): rank_update on
 * each stored element, as level2.cu's syr_kernel on a full triangle. */
template <class T, class S, bool hermitian, bool two>
__global__ void packed_r_kernel(int n, band_layout L, S alpha, const S *alpha_p, const T *x,
                                int incx, const T *y, int incy, T *AP) {
  S al = scalar(alpha, alpha_p);
  long long total = (long long)n * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % n), j = (int)(e / n);
    long long at = band_index(L, i, j);
    if (at < 0) continue;
    AP[at] = rank_update<T, S, hermitian, two>(AP[at], al, x, incx, y, incy, n, i, j);
  }
}

extern "C" {
void *cublas_band_mv_kernels[] = {(void *)band_mv_kernel<float>, (void *)band_mv_kernel<double>,
                                  (void *)band_mv_kernel<float2>, (void *)band_mv_kernel<double2>};
void *cublas_band_tmv_kernels[] = {(void *)band_tmv_kernel<float>, (void *)band_tmv_kernel<double>,
                                   (void *)band_tmv_kernel<float2>,
                                   (void *)band_tmv_kernel<double2>};
void *cublas_band_tsv_kernels[] = {(void *)band_tsv_kernel<float>, (void *)band_tsv_kernel<double>,
                                   (void *)band_tsv_kernel<float2>,
                                   (void *)band_tsv_kernel<double2>};
void *cublas_spr_kernels[] = {(void *)packed_r_kernel<float, float, false, false>,
                              (void *)packed_r_kernel<double, double, false, false>, 0, 0};
void *cublas_spr2_kernels[] = {(void *)packed_r_kernel<float, float, false, true>,
                               (void *)packed_r_kernel<double, double, false, true>, 0, 0};
void *cublas_hpr_kernels[] = {0, 0, (void *)packed_r_kernel<float2, float, true, false>,
                              (void *)packed_r_kernel<double2, double, true, false>};
void *cublas_hpr2_kernels[] = {0, 0, (void *)packed_r_kernel<float2, float2, true, true>,
                               (void *)packed_r_kernel<double2, double2, true, true>};
}
