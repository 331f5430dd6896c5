/* cublas_device.cuh — the arithmetic every cuBLAS kernel shares, written once for the
 * four BLAS types (float, double, cuComplex = float2, cuDoubleComplex = double2) and the
 * 16-bit and integer GemmEx types: zero tests, +, *, multiply-add, conjugation, |Re|+|Im|,
 * conversions between storage and compute types, and the BLAS vector index with negative
 * increments. Device code only; included by the kernel sources (*.cu) of this folder. */
#ifndef ANCHOR_CUBLAS_DEVICE_CUH
#define ANCHOR_CUBLAS_DEVICE_CUH

#include <cuComplex.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace cublas_dev {

/* Element i of a BLAS vector of n elements with increment inc: a negative increment
 * walks the storage backwards, element 0 being the last in memory (reference BLAS). */
__device__ inline long long vector_index(long long i, int n, int inc) {
  return inc >= 0 ? i * inc : (n - 1 - i) * (long long)(-inc);
}

template <class T> struct real_of {
  typedef T type;
};
template <> struct real_of<float2> {
  typedef float type;
};
template <> struct real_of<double2> {
  typedef double type;
};

template <class T> __device__ inline T zero() {
  return T(0);
}
template <> __device__ inline float2 zero<float2>() {
  return make_float2(0.0f, 0.0f);
}
template <> __device__ inline double2 zero<double2>() {
  return make_double2(0.0, 0.0);
}
template <> __device__ inline __half zero<__half>() {
  return __float2half(0.0f);
}

template <class T> __device__ inline T one() {
  return T(1);
}
template <> __device__ inline float2 one<float2>() {
  return make_float2(1.0f, 0.0f);
}
template <> __device__ inline double2 one<double2>() {
  return make_double2(1.0, 0.0);
}

/* The real part as an element of T (hermitian diagonals). */
__device__ inline float real_part(float a) {
  return a;
}
__device__ inline double real_part(double a) {
  return a;
}
__device__ inline float2 real_part(float2 a) {
  return make_float2(a.x, 0.0f);
}
__device__ inline double2 real_part(double2 a) {
  return make_double2(a.x, 0.0);
}

__device__ inline bool is_zero(float a) {
  return a == 0.0f;
}
__device__ inline bool is_zero(double a) {
  return a == 0.0;
}
__device__ inline bool is_zero(int a) {
  return a == 0;
}
__device__ inline bool is_zero(float2 a) {
  return a.x == 0.0f && a.y == 0.0f;
}
__device__ inline bool is_zero(double2 a) {
  return a.x == 0.0 && a.y == 0.0;
}
__device__ inline bool is_zero(__half a) {
  return __heq(a, __float2half(0.0f));
}

__device__ inline bool is_one(float a) {
  return a == 1.0f;
}
__device__ inline bool is_one(double a) {
  return a == 1.0;
}

/* add, mul; madd(a, b, c) = a * b + c (one fused rounding for real types, as cuBLAS's
 * kernels use fma). */
__device__ inline float add(float a, float b) {
  return a + b;
}
__device__ inline double add(double a, double b) {
  return a + b;
}
__device__ inline int add(int a, int b) {
  return a + b;
}
__device__ inline __half add(__half a, __half b) {
  return __hadd(a, b);
}
__device__ inline float2 add(float2 a, float2 b) {
  return make_float2(a.x + b.x, a.y + b.y);
}
__device__ inline double2 add(double2 a, double2 b) {
  return make_double2(a.x + b.x, a.y + b.y);
}
__device__ inline float sub(float a, float b) {
  return a - b;
}
__device__ inline double sub(double a, double b) {
  return a - b;
}
__device__ inline float2 sub(float2 a, float2 b) {
  return make_float2(a.x - b.x, a.y - b.y);
}
__device__ inline double2 sub(double2 a, double2 b) {
  return make_double2(a.x - b.x, a.y - b.y);
}
__device__ inline float mul(float a, float b) {
  return a * b;
}
__device__ inline double mul(double a, double b) {
  return a * b;
}
__device__ inline int mul(int a, int b) {
  return a * b;
}
__device__ inline __half mul(__half a, __half b) {
  return __hmul(a, b);
}
__device__ inline float2 mul(float2 a, float2 b) {
  return make_float2(__fmaf_rn(a.x, b.x, -a.y * b.y), __fmaf_rn(a.x, b.y, a.y * b.x));
}
__device__ inline double2 mul(double2 a, double2 b) {
  return make_double2(__fma_rn(a.x, b.x, -a.y * b.y), __fma_rn(a.x, b.y, a.y * b.x));
}
/* complex times real */
__device__ inline float2 mul(float2 a, float b) {
  return make_float2(a.x * b, a.y * b);
}
__device__ inline double2 mul(double2 a, double b) {
  return make_double2(a.x * b, a.y * b);
}
__device__ inline float2 mul(float a, float2 b) {
  return make_float2(a * b.x, a * b.y);
}
__device__ inline double2 mul(double a, double2 b) {
  return make_double2(a * b.x, a * b.y);
}
__device__ inline float madd(float a, float b, float c) {
  return __fmaf_rn(a, b, c);
}
__device__ inline double madd(double a, double b, double c) {
  return __fma_rn(a, b, c);
}
__device__ inline int madd(int a, int b, int c) {
  return a * b + c;
}
__device__ inline __half madd(__half a, __half b, __half c) {
  return __hfma(a, b, c);
}
__device__ inline float2 madd(float2 a, float2 b, float2 c) {
  return make_float2(__fmaf_rn(-a.y, b.y, __fmaf_rn(a.x, b.x, c.x)),
                     __fmaf_rn(a.y, b.x, __fmaf_rn(a.x, b.y, c.y)));
}
__device__ inline double2 madd(double2 a, double2 b, double2 c) {
  return make_double2(__fma_rn(-a.y, b.y, __fma_rn(a.x, b.x, c.x)),
                      __fma_rn(a.y, b.x, __fma_rn(a.x, b.y, c.y)));
}

__device__ inline float conj(float a) {
  return a;
}
__device__ inline double conj(double a) {
  return a;
}
__device__ inline int conj(int a) {
  return a;
}
__device__ inline __half conj(__half a) {
  return a;
}
__device__ inline float2 conj(float2 a) {
  return make_float2(a.x, -a.y);
}
__device__ inline double2 conj(double2 a) {
  return make_double2(a.x, -a.y);
}
__device__ inline float neg(float a) {
  return -a;
}
__device__ inline double neg(double a) {
  return -a;
}
__device__ inline float2 neg(float2 a) {
  return make_float2(-a.x, -a.y);
}
__device__ inline double2 neg(double2 a) {
  return make_double2(-a.x, -a.y);
}

/* |Re| + |Im|: the magnitude asum, amax and amin use for complex vectors (BLAS). */
__device__ inline float abs1(float a) {
  return fabsf(a);
}
__device__ inline double abs1(double a) {
  return fabs(a);
}
__device__ inline float abs1(float2 a) {
  return fabsf(a.x) + fabsf(a.y);
}
__device__ inline double abs1(double2 a) {
  return fabs(a.x) + fabs(a.y);
}

/* |z|: the magnitude getrfBatched chooses complex pivots by — NVIDIA's cuBLAS does (an
 * H100 picked (1.5, 0) over (1, 1) and (1.1, 1.1) over (1.5, 0): neither LAPACK's
 * |Re| + |Im| nor max(|Re|, |Im|); tests/libraries/cublas/record/pivot_probe.cu). */
__device__ inline float abs2(float a) {
  return fabsf(a);
}
__device__ inline double abs2(double a) {
  return fabs(a);
}
__device__ inline float abs2(float2 a) {
  return hypotf(a.x, a.y);
}
__device__ inline double abs2(double2 a) {
  return hypot(a.x, a.y);
}

/* Division for the real types only (trsv, trsm, getrf on the diagonal). */
__device__ inline float div(float a, float b) {
  return a / b;
}
__device__ inline double div(double a, double b) {
  return a / b;
}
__device__ inline float2 div(float2 a, float2 b) {
  return cuCdivf(a, b);
}
__device__ inline double2 div(double2 a, double2 b) {
  return cuCdiv(a, b);
}

/* Storage type -> compute type and back (GemmEx). */
template <class D> struct convert;
template <> struct convert<float> {
  __device__ static float from(float a) { return a; }
  __device__ static float from(__half a) { return __half2float(a); }
  __device__ static float from(__nv_bfloat16 a) { return __bfloat162float(a); }
  __device__ static float from(signed char a) { return (float)a; }
};
template <> struct convert<double> {
  __device__ static double from(double a) { return a; }
};
template <> struct convert<int> {
  __device__ static int from(signed char a) { return (int)a; }
  __device__ static int from(int a) { return a; }
};
template <> struct convert<__half> {
  __device__ static __half from(__half a) { return a; }
};
template <> struct convert<float2> {
  __device__ static float2 from(float2 a) { return a; }
  __device__ static float2 from(char2 a) { return make_float2((float)a.x, (float)a.y); }
};
template <> struct convert<double2> {
  __device__ static double2 from(double2 a) { return a; }
};

/* Compute type -> storage type (round to nearest even, as cuBLAS's epilogues). */
__device__ inline void store(float *p, float v) {
  *p = v;
}
__device__ inline void store(double *p, double v) {
  *p = v;
}
__device__ inline void store(int *p, int v) {
  *p = v;
}
__device__ inline void store(__half *p, __half v) {
  *p = v;
}
__device__ inline void store(__half *p, float v) {
  *p = __float2half_rn(v);
}
__device__ inline void store(__nv_bfloat16 *p, float v) {
  *p = __float2bfloat16_rn(v);
}
__device__ inline void store(float2 *p, float2 v) {
  *p = v;
}
__device__ inline void store(double2 *p, double2 v) {
  *p = v;
}

/* op(X)(i, p) of a column-major X, in the compute type TS: op 0 = N, 1 = T, 2 = C
 * (conjugate transpose). The GEMM kernels' loads (gemm.cu, gemm_simdgroup.cu). */
template <class TS, class TA>
__device__ inline TS load_op(const TA *x, int op, int i, int p, int ld) {
  if (op == 0) return convert<TS>::from(x[i + (long long)p * ld]);
  TS v = convert<TS>::from(x[p + (long long)i * ld]);
  return op == 2 ? conj(v) : v;
}

/* Matrix `batch` of a batched GEMM: from the device array of pointers when there is one,
 * else base + batch * stride (gemm.cu, gemm_simdgroup.cu). */
template <class T>
__device__ inline T *batch_matrix(T *base, T *const *array, long long stride, long long batch) {
  return array ? array[batch] : base + batch * stride;
}

/* A scalar argument: read from device memory when a pointer is given (device pointer
 * mode), else the value passed with the launch (host pointer mode). */
template <class S> __device__ inline S scalar(S value, const S *pointer) {
  return pointer ? *pointer : value;
}

/* Element (r, c) of op(A) for a triangular A (uplo 1 upper, 0 lower); diag 1 = unit. */
template <class T>
__device__ inline T tri_element(const T *A, int lda, int uplo, int op, int diag, int r, int c) {
  if (r == c && diag == 1) return one<T>();
  int sr = op == 0 ? r : c, sc = op == 0 ? c : r; /* position in A */
  bool stored = uplo == 1 ? sr <= sc : sr >= sc;
  if (!stored) return zero<T>();
  T a = A[sr + (long long)sc * lda];
  return op == 2 ? conj(a) : a;
}

/* Element (r, c) of a symmetric (hermitian) matrix stored in the upper (uplo 1) or lower
 * (0) triangle of A: the mirrored element is conjugated for hemv, whose diagonal is real. */
template <class T, bool hermitian>
__device__ inline T sym_element(const T *A, int lda, int uplo, int r, int c) {
  bool stored = uplo == 1 ? r <= c : r >= c;
  T a = stored ? A[r + (long long)c * lda] : A[c + (long long)r * lda];
  if (hermitian) {
    if (r == c) return real_part(a);
    if (!stored) a = conj(a);
  }
  return a;
}

/* Element (i, j) of an n x n symmetric (hermitian) matrix after a rank-1 or rank-2 update
 * (syr/her, syr2/her2 and their packed forms spr/hpr, spr2/hpr2), v its value before:
 *   v + alpha x_i x_j (x_j conjugated for her; alpha real), or
 *   v + alpha x_i y_j + alpha y_i x_j (her2: alpha x_i conj(y_j) + conj(alpha) y_i conj(x_j));
 * her and her2 keep the diagonal real. S: alpha's type. */
template <class T, class S, bool hermitian, bool two>
__device__ inline T rank_update(T v, S al, const T *x, int incx, const T *y, int incy, int n, int i,
                                int j) {
  T xi = x[vector_index(i, n, incx)], xj = x[vector_index(j, n, incx)];
  if (hermitian) xj = conj(xj);
  if (two) {
    T yi = y[vector_index(i, n, incy)], yj = y[vector_index(j, n, incy)];
    if (hermitian) yj = conj(yj);
    v = madd(mul(al, xi), yj, v);
    v = madd(mul(hermitian ? conj(al) : al, yi), xj, v);
  } else {
    v = madd(mul(al, xi), xj, v);
  }
  if (hermitian && i == j) v = real_part(v);
  return v;
}

/* Solves op(A) x = x in place for one right-hand side of len elements x[0], x[step] ...,
 * A triangular (tri_element), by substitution: forward when op(A) is lower triangular. */
template <class T>
__device__ void triangular_solve(const T *A, int lda, int uplo, int op, int diag, int len, T *x,
                                 long long step) {
  bool forward = (uplo == 0) == (op == 0);
  for (int q = 0; q < len; q++) {
    int s = forward ? q : len - 1 - q;
    T v = x[s * step];
    for (int r = forward ? 0 : s + 1; r < (forward ? s : len); r++)
      v = sub(v, mul(tri_element(A, lda, uplo, op, diag, s, r), x[r * step]));
    if (diag == 0) v = div(v, tri_element(A, lda, uplo, op, diag, s, s));
    x[s * step] = v;
  }
}

} // namespace cublas_dev

#endif
