/* level3.cu — cuBLAS's level-3 kernels besides GEMM, for S, D, C, Z: symm and hemm,
 * syrk and herk, trmm, trsm; tables indexed by cublas_type for level3.c. symm, syrk and
 * trmm compute one element of C per thread (an inner product in a fixed order); trsm
 * solves one right-hand side per thread (a column of B for side left, a row for side
 * right) by substitution. Scalars: value and device pointer (cublas_device.cuh). */
#include "cublas_device.cuh"

using namespace cublas_dev;

/* C = alpha A B + beta C (side 0, A m x m) or alpha B A + beta C (side 1, A n x n). */
template <class T, bool hermitian>
__global__ void symm_kernel(int side, int uplo, int m, int n, T alpha, const T *alpha_p, const T *A,
                            int lda, const T *B, int ldb, T beta, const T *beta_p, T *C, int ldc) {
  T al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  long long total = (long long)m * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % m), j = (int)(e / m);
    T acc = zero<T>();
    if (!is_zero(al)) {
      if (side == 0)
        for (int p = 0; p < m; p++)
          acc = madd(sym_element<T, hermitian>(A, lda, uplo, i, p), B[p + (long long)j * ldb], acc);
      else
        for (int p = 0; p < n; p++)
          acc = madd(B[i + (long long)p * ldb], sym_element<T, hermitian>(A, lda, uplo, p, j), acc);
    }
    T *c = C + i + (long long)j * ldc;
    T v = mul(al, acc);
    if (!is_zero(be)) v = madd(be, *c, v);
    *c = v;
  }
}

/* The uplo triangle of C = alpha op(A) op(B)^T + beta C (syrk: B = A; syrkx), or of
 * alpha op(A) op(B)^H + beta C with a real beta and a real diagonal (herk: B = A and a real
 * alpha; herkx: a complex alpha). trans 0: A, B are n x k; else k x n. SA, SB: the types of
 * alpha and beta. */
template <class T, class SA, class SB, bool hermitian>
__global__ void syrk_kernel(int uplo, int trans, int n, int k, SA alpha, const SA *alpha_p,
                            const T *A, int lda, const T *B, int ldb, SB beta, const SB *beta_p,
                            T *C, int ldc) {
  SA al = scalar(alpha, alpha_p);
  SB be = scalar(beta, beta_p);
  long long total = (long long)n * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % n), j = (int)(e / n);
    if (uplo == 1 ? i > j : i < j) continue;
    T acc = zero<T>();
    if (!is_zero(al))
      for (int p = 0; p < k; p++) {
        T a = trans == 0 ? A[i + (long long)p * lda] : A[p + (long long)i * lda];
        T b = trans == 0 ? B[j + (long long)p * ldb] : B[p + (long long)j * ldb];
        if (hermitian) {
          if (trans == 0)
            b = conj(b);
          else
            a = conj(a);
        }
        acc = madd(a, b, acc);
      }
    T *c = C + i + (long long)j * ldc;
    T v = mul(al, acc);
    if (!is_zero(be)) v = add(mul(be, *c), v);
    if (hermitian && i == j) v = real_part(v);
    *c = v;
  }
}

/* C = alpha op(A) B (side 0, A m x m) or alpha B op(A) (side 1, A n x n), A triangular. */
template <class T>
__global__ void trmm_kernel(int side, int uplo, int trans, int diag, int m, int n, T alpha,
                            const T *alpha_p, const T *A, int lda, const T *B, int ldb, T *C,
                            int ldc) {
  T al = scalar(alpha, alpha_p);
  long long total = (long long)m * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % m), j = (int)(e / m);
    T acc = zero<T>();
    if (!is_zero(al)) {
      if (side == 0)
        for (int p = 0; p < m; p++)
          acc = madd(tri_element(A, lda, uplo, trans, diag, i, p), B[p + (long long)j * ldb], acc);
      else
        for (int p = 0; p < n; p++)
          acc = madd(B[i + (long long)p * ldb], tri_element(A, lda, uplo, trans, diag, p, j), acc);
    }
    C[i + (long long)j * ldc] = mul(al, acc);
  }
}

/* Solves op(A) X = alpha B (side 0: one column of B per thread) or X op(A) = alpha B
 * (side 1: one row per thread); X overwrites B. trsmBatched passes arrays of pointers. alpha == 0
 * sets B to 0 without reading it. M = op(A) is lower triangular when (lower, N) or (upper, T/C). */
template <class T>
__global__ void trsm_kernel(int side, int uplo, int trans, int diag, int m, int n, T alpha,
                            const T *alpha_p, const T *A, const T *const *Aarray, int lda, T *B,
                            T *const *Barray, int ldb, int batch0) {
  T al = scalar(alpha, alpha_p);
  if (Aarray) /* trsmBatched: matrix batch0 + blockIdx.y of the arrays */
    A = Aarray[batch0 + blockIdx.y], B = Barray[batch0 + blockIdx.y];
  bool lower = (uplo == 0) == (trans == 0);
  int count = side == 0 ? n : m, len = side == 0 ? m : n;
  for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < count; t += gridDim.x * blockDim.x) {
    /* element s of this right-hand side */
    long long base = side == 0 ? (long long)t * ldb : t, step = side == 0 ? 1 : ldb;
    if (is_zero(al)) {
      for (int s = 0; s < len; s++)
        B[base + s * step] = zero<T>();
      continue;
    }
    for (int s = 0; s < len; s++)
      B[base + s * step] = mul(al, B[base + s * step]);
    if (side == 0) {
      triangular_solve(A, lda, uplo, trans, diag, len, B + base, step);
      continue;
    }
    /* side 1: x M = b, i.e. M^T x^T = b^T; column c of M gives x_c: forward when M is
     * upper triangular. */
    bool forward = !lower;
    for (int q = 0; q < len; q++) {
      int s = forward ? q : len - 1 - q;
      T v = B[base + s * step];
      for (int r = forward ? 0 : s + 1; r < (forward ? s : len); r++)
        v = sub(v, mul(tri_element(A, lda, uplo, trans, diag, r, s), B[base + r * step]));
      if (diag == 0) v = div(v, tri_element(A, lda, uplo, trans, diag, s, s));
      B[base + s * step] = v;
    }
  }
}

/* The uplo triangle of C = alpha op(A) op(B)^T + alpha op(B) op(A)^T + beta C (syr2k), or
 * alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H + beta C with real beta and a real
 * diagonal (her2k). trans 0: A, B are n x k; else k x n (conjugated for her2k). */
template <class T, class S, bool hermitian>
__global__ void syr2k_kernel(int uplo, int trans, int n, int k, T alpha, const T *alpha_p,
                             const T *A, int lda, const T *B, int ldb, S beta, const S *beta_p,
                             T *C, int ldc) {
  T al = scalar(alpha, alpha_p);
  S be = scalar(beta, beta_p);
  long long total = (long long)n * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % n), j = (int)(e / n);
    if (uplo == 1 ? i > j : i < j) continue;
    T s1 = zero<T>(), s2 = zero<T>();
    if (!is_zero(al))
      for (int p = 0; p < k; p++) {
        long long pi = trans == 0 ? i + (long long)p * lda : p + (long long)i * lda;
        long long pj = trans == 0 ? j + (long long)p * lda : p + (long long)j * lda;
        long long qi = trans == 0 ? i + (long long)p * ldb : p + (long long)i * ldb;
        long long qj = trans == 0 ? j + (long long)p * ldb : p + (long long)j * ldb;
        T xi = A[pi], xj = A[pj], yi = B[qi], yj = B[qj];
        if (hermitian && trans != 0) xi = conj(xi), xj = conj(xj), yi = conj(yi), yj = conj(yj);
        if (hermitian) yj = conj(yj), xj = conj(xj);
        s1 = madd(xi, yj, s1);
        s2 = madd(yi, xj, s2);
      }
    T *c = C + i + (long long)j * ldc;
    T v = madd(hermitian ? conj(al) : al, s2, mul(al, s1));
    if (!is_zero(be)) v = add(mul(be, *c), v);
    if (hermitian && i == j) v = real_part(v);
    *c = v;
  }
}

extern "C" {
void *cublas_symm_kernels[] = {
    (void *)symm_kernel<float, false>, (void *)symm_kernel<double, false>,
    (void *)symm_kernel<float2, false>, (void *)symm_kernel<double2, false>};
void *cublas_hemm_kernels[] = {0, 0, (void *)symm_kernel<float2, true>,
                               (void *)symm_kernel<double2, true>};
void *cublas_syrk_kernels[] = {(void *)syrk_kernel<float, float, float, false>,
                               (void *)syrk_kernel<double, double, double, false>,
                               (void *)syrk_kernel<float2, float2, float2, false>,
                               (void *)syrk_kernel<double2, double2, double2, false>};
void *cublas_herk_kernels[] = {0, 0, (void *)syrk_kernel<float2, float, float, true>,
                               (void *)syrk_kernel<double2, double, double, true>};
void *cublas_herkx_kernels[] = {0, 0, (void *)syrk_kernel<float2, float2, float, true>,
                                (void *)syrk_kernel<double2, double2, double, true>};
void *cublas_trmm_kernels[] = {(void *)trmm_kernel<float>, (void *)trmm_kernel<double>,
                               (void *)trmm_kernel<float2>, (void *)trmm_kernel<double2>};
void *cublas_trsm_kernels[] = {(void *)trsm_kernel<float>, (void *)trsm_kernel<double>,
                               (void *)trsm_kernel<float2>, (void *)trsm_kernel<double2>};
}

/* C = alpha op(A) + beta op(B) (geam), m x n; alpha == 0 does not read A, beta == 0
 * does not read B. One thread per element: C may be A or B when that operand is N with
 * the same leading dimension (each element reads only its own position). */
template <class T>
__global__ void geam_kernel(int transa, int transb, int m, int n, T alpha, const T *alpha_p,
                            const T *A, int lda, T beta, const T *beta_p, const T *B, int ldb, T *C,
                            int ldc) {
  T al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  long long total = (long long)m * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % m), j = (int)(e / m);
    long long ia = transa == 0 ? i + (long long)j * lda : j + (long long)i * lda;
    long long ib = transb == 0 ? i + (long long)j * ldb : j + (long long)i * ldb;
    T a = zero<T>(), b = zero<T>();
    if (!is_zero(al)) {
      a = A[ia];
      if (transa == 2) a = conj(a);
    }
    if (!is_zero(be)) {
      b = B[ib];
      if (transb == 2) b = conj(b);
    }
    C[i + (long long)j * ldc] = madd(be, b, mul(al, a));
  }
}

/* C = A diag(x) (side 1) or diag(x) A (side 0), m x n. */
template <class T>
__global__ void dgmm_kernel(int side, int m, int n, const T *A, int lda, const T *x, int incx, T *C,
                            int ldc) {
  long long total = (long long)m * n;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < total;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % m), j = (int)(e / m);
    T d = side == 0 ? x[vector_index(i, m, incx)] : x[vector_index(j, n, incx)];
    C[i + (long long)j * ldc] = mul(A[i + (long long)j * lda], d);
  }
}

extern "C" {
void *cublas_geam_kernels[] = {(void *)geam_kernel<float>, (void *)geam_kernel<double>,
                               (void *)geam_kernel<float2>, (void *)geam_kernel<double2>};
void *cublas_dgmm_kernels[] = {(void *)dgmm_kernel<float>, (void *)dgmm_kernel<double>,
                               (void *)dgmm_kernel<float2>, (void *)dgmm_kernel<double2>};
void *cublas_syr2k_kernels[] = {
    (void *)syr2k_kernel<float, float, false>, (void *)syr2k_kernel<double, double, false>,
    (void *)syr2k_kernel<float2, float2, false>, (void *)syr2k_kernel<double2, double2, false>};
void *cublas_her2k_kernels[] = {0, 0, (void *)syr2k_kernel<float2, float, true>,
                                (void *)syr2k_kernel<double2, double, true>};
}
