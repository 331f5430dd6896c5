/* level2.cu — cuBLAS's level-2 kernels (matrix-vector) for S, D, C, Z: gemv, ger (geru,
 * gerc), symv and hemv, trsv; tables indexed by cublas_type for level2.c; and gemv's
 * mixed-precision forms (HSH, HSS, TST, TSS: float compute over 16-bit A and x). One thread
 * computes one element of the result (its inner product in a fixed order, so results do
 * not depend on the grid); trsv runs in one block, column by column. Scalars: value and
 * device pointer, as level1.cu. Matrices are column-major with leading dimension lda. */
#include "cublas_device.cuh"

using namespace cublas_dev;

/* The batch of a gemv: pointer arrays (gemvBatched), else strides from the base
 * pointers; matrix first + blockIdx.y. Passed by value (its layout is cublas_gemv_batch's
 * in cublas_internal.h, whatever E and Y). */
template <class E, class Y> struct gemv_batch {
  const E *const *A;
  const E *const *x;
  Y *const *y;
  long long stride_A, stride_x, stride_y;
  int first;
};

/* y = alpha op(A) x + beta y; op 0 N (A is m x n, y has m elements), 1 T, 2 C. T is the
 * compute type (alpha, beta, the sum), E the elements of A and x, Y those of y: the typed
 * gemv has all three the same; the mixed-precision forms (HSH, HSS, TST, TSS) compute in
 * float, widen each element of A, x and y exactly and round each result to Y once. */
template <class T, class E, class Y>
__global__ void gemv_kernel(int op, int m, int n, T alpha, const T *alpha_p, const E *A, int lda,
                            const E *x, int incx, T beta, const T *beta_p, Y *y, int incy,
                            const gemv_batch<E, Y> batch) {
  T al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  long long b = batch.first + (long long)blockIdx.y;
  if (batch.A) /* gemvBatched: arrays of pointers */
    A = batch.A[b], x = batch.x[b], y = batch.y[b];
  else /* gemvStridedBatched (strides 0 for one gemv) */
    A += b * batch.stride_A, x += b * batch.stride_x, y += b * batch.stride_y;
  int rows = op == 0 ? m : n, cols = op == 0 ? n : m;
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
    T acc = zero<T>();
    if (!is_zero(al))
      for (int c = 0; c < cols; c++) {
        T a = convert<T>::from(op == 0 ? A[r + (long long)c * lda] : A[c + (long long)r * lda]);
        if (op == 2) a = conj(a);
        acc = madd(a, convert<T>::from(x[vector_index(c, cols, incx)]), acc);
      }
    long long iy = vector_index(r, rows, incy);
    T v = mul(al, acc);
    if (!is_zero(be)) v = madd(be, convert<T>::from(y[iy]), v);
    store(&y[iy], v);
  }
}

/* A += alpha x y^T (conjugate: y^H); one thread per element. */
template <class T, bool conjugate>
__global__ void ger_kernel(int m, int n, T alpha, const T *alpha_p, const T *x, int incx,
                           const T *y, int incy, T *A, int lda) {
  T al = scalar(alpha, alpha_p);
  long long total = (long long)m * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % m), j = (int)(e / m);
    T yv = y[vector_index(j, n, incy)];
    if (conjugate) yv = conj(yv);
    T *a = A + i + (long long)j * lda;
    *a = madd(mul(al, x[vector_index(i, m, incx)]), yv, *a);
  }
}

/* y = alpha A x + beta y, A n x n symmetric (hemv: hermitian) in the uplo triangle. */
template <class T, bool hermitian>
__global__ void symv_kernel(int uplo, int n, T alpha, const T *alpha_p, const T *A, int lda,
                            const T *x, int incx, T beta, const T *beta_p, T *y, int incy) {
  T al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < n; r += gridDim.x * blockDim.x) {
    T acc = zero<T>();
    if (!is_zero(al))
      for (int c = 0; c < n; c++)
        acc = madd(sym_element<T, hermitian>(A, lda, uplo, r, c), x[vector_index(c, n, incx)], acc);
    long long iy = vector_index(r, n, incy);
    T v = mul(al, acc);
    if (!is_zero(be)) v = madd(be, y[iy], v);
    y[iy] = v;
  }
}

/* Solves op(A) x = b in place (x holds b), A n x n triangular: one block; op(A) is lower
 * triangular when (lower, N) or (upper, T/C): forward substitution, else backward. After
 * x_i is known every thread updates its share of the remaining elements. */
template <class T>
__global__ void trsv_kernel(int uplo, int op, int diag, int n, const T *A, int lda, T *x,
                            int incx) {
  bool lower = (uplo == 0) == (op == 0);
  for (int step = 0; step < n; step++) {
    int i = lower ? step : n - 1 - step;
    long long ix = vector_index(i, n, incx);
    if (threadIdx.x == 0 && diag == 0)
      x[ix] = div(x[ix], tri_element(A, lda, uplo, op, diag, i, i));
    __syncthreads();
    T xi = x[ix];
    int first = lower ? i + 1 : 0, last = lower ? n : i; /* the rows still to solve */
    for (int r = first + (int)threadIdx.x; r < last; r += (int)blockDim.x) {
      long long ir = vector_index(r, n, incx);
      x[ir] = sub(x[ir], mul(tri_element(A, lda, uplo, op, diag, r, i), xi));
    }
    __syncthreads();
  }
}

/* Rank-1 and rank-2 updates of the uplo triangle of the n x n A:
 *   syr:  A += alpha x x^T                      (two = false, hermitian = false)
 *   her:  A += alpha x x^H, alpha real           (two = false, hermitian = true)
 *   syr2: A += alpha (x y^T + y x^T)             (two = true,  hermitian = false)
 *   her2: A += alpha x y^H + conj(alpha) y x^H   (two = true,  hermitian = true)
 * her and her2 keep the diagonal real. S: alpha's type (real for her). */
template <class T, class S, bool hermitian, bool two>
__global__ void syr_kernel(int uplo, int n, S alpha, const S *alpha_p, const T *x, int incx,
                           const T *y, int incy, T *A, int lda) {
  S al = scalar(alpha, alpha_p);
  long long total = (long long)n * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % n), j = (int)(e / n);
    if (uplo == 1 ? i > j : i < j) continue;
    T *a = A + i + (long long)j * lda;
    *a = rank_update<T, S, hermitian, two>(*a, al, x, incx, y, incy, n, i, j);
  }
}

/* x = op(A) y for a triangular A (trmv); y is a contiguous copy of x's old values. */
template <class T>
__global__ void trmv_kernel(int uplo, int op, int diag, int n, const T *A, int lda, const T *y,
                            T *x, int incx) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < n; r += gridDim.x * blockDim.x) {
    T acc = zero<T>();
    for (int c = 0; c < n; c++)
      acc = madd(tri_element(A, lda, uplo, op, diag, r, c), y[c], acc);
    x[vector_index(r, n, incx)] = acc;
  }
}

extern "C" {
void *cublas_gemv_kernels[] = {
    (void *)gemv_kernel<float, float, float>, (void *)gemv_kernel<double, double, double>,
    (void *)gemv_kernel<float2, float2, float2>, (void *)gemv_kernel<double2, double2, double2>};
/* The mixed-precision forms, indexed by cublas_gemv16: HSH, HSS, TST, TSS. */
void *cublas_gemv16_kernels[] = {(void *)gemv_kernel<float, __half, __half>,
                                 (void *)gemv_kernel<float, __half, float>,
                                 (void *)gemv_kernel<float, __nv_bfloat16, __nv_bfloat16>,
                                 (void *)gemv_kernel<float, __nv_bfloat16, float>};
void *cublas_ger_kernels[] = {(void *)ger_kernel<float, false>, (void *)ger_kernel<double, false>,
                              (void *)ger_kernel<float2, false>,
                              (void *)ger_kernel<double2, false>};
void *cublas_gerc_kernels[] = {0, 0, (void *)ger_kernel<float2, true>,
                               (void *)ger_kernel<double2, true>};
void *cublas_symv_kernels[] = {
    (void *)symv_kernel<float, false>, (void *)symv_kernel<double, false>,
    (void *)symv_kernel<float2, false>, (void *)symv_kernel<double2, false>};
void *cublas_hemv_kernels[] = {0, 0, (void *)symv_kernel<float2, true>,
                               (void *)symv_kernel<double2, true>};
void *cublas_trsv_kernels[] = {(void *)trsv_kernel<float>, (void *)trsv_kernel<double>,
                               (void *)trsv_kernel<float2>, (void *)trsv_kernel<double2>};
void *cublas_syr_kernels[] = {(void *)syr_kernel<float, float, false, false>,
                              (void *)syr_kernel<double, double, false, false>,
                              (void *)syr_kernel<float2, float2, false, false>,
                              (void *)syr_kernel<double2, double2, false, false>};
void *cublas_syr2_kernels[] = {(void *)syr_kernel<float, float, false, true>,
                               (void *)syr_kernel<double, double, false, true>,
                               (void *)syr_kernel<float2, float2, false, true>,
                               (void *)syr_kernel<double2, double2, false, true>};
void *cublas_her_kernels[] = {0, 0, (void *)syr_kernel<float2, float, true, false>,
                              (void *)syr_kernel<double2, double, true, false>};
void *cublas_her2_kernels[] = {0, 0, (void *)syr_kernel<float2, float2, true, true>,
                               (void *)syr_kernel<double2, double2, true, true>};
void *cublas_trmv_kernels[] = {(void *)trmv_kernel<float>, (void *)trmv_kernel<double>,
                               (void *)trmv_kernel<float2>, (void *)trmv_kernel<double2>};
}
