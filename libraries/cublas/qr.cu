/* qr.cu — the kernels of cuBLAS's batched matinv, geqrf and gels for S, D, C, Z (qr.c),
 * one block per matrix of the batch; tables indexed by cublas_type.
 *
 * geqrf: Householder QR in LAPACK's geqr2 form: column j's reflector H_j = I - tau v v^H
 * (v_j = 1, v below the diagonal stored in A, R on and above it) with LAPACK larfg's
 * choice beta = -sign(Re alpha) sqrt(|alpha|^2 + |x|^2), tau = (beta - alpha) / beta,
 * v = x / (alpha - beta); tau = 0 (H = I) where x = 0 and alpha is real. H_j^H is applied
 * to the columns right of j (and, for gels, to the right-hand sides), one thread per
 * column, each an inner product in row order. LAPACK's rescaling of very small beta
 * (larfg's loop for |beta| < safmin / eps) is not done.
 * gels: the same factorization applied to C as it goes (C = Q^H C), then R x = C's first
 * n rows solved by back substitution, one thread per right-hand side; a zero on R's
 * diagonal sets devInfo to its 1-based index and leaves C without the solve, as LAPACK.
 * matinv: Gauss-Jordan in place on Ainv (a copy of A) with partial pivoting by the largest
 * |a| (|z| for complex, as getrf.cu), one thread per row; the column interchanges undone at
 * the end. info: the 1-based column of the first zero pivot (the matrix is singular; Ainv
 * is then not the inverse), else 0. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define QR_THREADS 64

template <class T> struct cx;
template <> struct cx<float> {
  typedef float R;
  __device__ static float re(float a) { return a; }
  __device__ static float im(float) { return 0; }
  __device__ static float make(float r, float) { return r; }
};
template <> struct cx<double> {
  typedef double R;
  __device__ static double re(double a) { return a; }
  __device__ static double im(double) { return 0; }
  __device__ static double make(double r, double) { return r; }
};
template <> struct cx<float2> {
  typedef float R;
  __device__ static float re(float2 a) { return a.x; }
  __device__ static float im(float2 a) { return a.y; }
  __device__ static float2 make(float r, float i) { return make_float2(r, i); }
};
template <> struct cx<double2> {
  typedef double R;
  __device__ static double re(double2 a) { return a.x; }
  __device__ static double im(double2 a) { return a.y; }
  __device__ static double2 make(double r, double i) { return make_double2(r, i); }
};

/* Reflector j of the m x n matrix a (rows j..m-1), applied to a's columns j+1..n-1 and to
 * the ncols columns of c (ldc; NULL for none). Returns tau (every thread). */
template <class T>
__device__ T householder(T *a, int lda, int m, int n, int j, T *c, int ldc, int ncols) {
  typedef typename cx<T>::R R;
  __shared__ T shared_tau;
  T *col = a + (long long)j * lda;
  if (threadIdx.x == 0) {
    /* |x| of the part below the diagonal, scaled as the reference BLAS's nrm2 */
    R scale = 0, ssq = 1;
    for (int i = j + 1; i < m; i++) {
      R parts[2] = {cx<T>::re(col[i]), cx<T>::im(col[i])};
      for (int q = 0; q < 2; q++)
        if (parts[q] != R(0)) {
          R v = parts[q] < R(0) ? -parts[q] : parts[q];
          if (scale < v) {
            ssq = R(1) + ssq * (scale / v) * (scale / v);
            scale = v;
          } else {
            ssq += (v / scale) * (v / scale);
          }
        }
    }
    R xnorm = scale * sqrt(ssq);
    T alpha = col[j];
    R ar = cx<T>::re(alpha), ai = cx<T>::im(alpha);
    /* (a struct value is never chosen by a branch here: Anchor's MSL backend rejects a
     * phi of one, so tau goes to shared memory on each path) */
    shared_tau = zero<T>();
    if (xnorm != R(0) || ai != R(0)) {
      R beta = hypot(hypot(ar, ai), xnorm);
      if (ar >= R(0)) beta = -beta;
      shared_tau = cx<T>::make((beta - ar) / beta, -ai / beta);
      T scal = div(one<T>(), sub(alpha, cx<T>::make(beta, 0)));
      for (int i = j + 1; i < m; i++)
        col[i] = mul(col[i], scal);
      col[j] = cx<T>::make(beta, 0);
    }
  }
  __syncthreads();
  T tau = shared_tau;
  /* H^H = I - conj(tau) v v^H on each remaining column of a, then of c */
  if (!is_zero(tau)) {
    T ctau = conj(tau);
    int total = (n - j - 1) + ncols;
    for (int q = (int)threadIdx.x; q < total; q += QR_THREADS) {
      T *x = q < n - j - 1 ? a + (long long)(j + 1 + q) * lda : c + (long long)(q - (n - j - 1)) * ldc;
      T w = x[j];
      for (int i = j + 1; i < m; i++)
        w = madd(conj(col[i]), x[i], w);
      w = mul(ctau, w);
      x[j] = sub(x[j], w);
      for (int i = j + 1; i < m; i++)
        x[i] = sub(x[i], mul(col[i], w));
    }
  }
  __syncthreads();
  return tau;
}

template <class T>
__global__ void geqrf_kernel(int m, int n, T *const *Aarray, int lda, T *const *TauArray) {
  T *a = Aarray[blockIdx.x], *tau = TauArray[blockIdx.x];
  int kmax = m < n ? m : n;
  for (int j = 0; j < kmax; j++) {
    T t = householder(a, lda, m, n, j, (T *)0, 0, 0);
    if (threadIdx.x == 0) tau[j] = t;
  }
}

template <class T>
__global__ void gels_kernel(int m, int n, int nrhs, T *const *Aarray, int lda, T *const *Carray,
                            int ldc, int *dev_info) {
  T *a = Aarray[blockIdx.x], *c = Carray[blockIdx.x];
  for (int j = 0; j < n; j++)
    householder(a, lda, m, n, j, c, ldc, nrhs);
  int first_zero = 0;
  for (int j = n - 1; j >= 0; j--)
    if (is_zero(a[j + (long long)j * lda])) first_zero = j + 1;
  if (threadIdx.x == 0 && dev_info) dev_info[blockIdx.x] = first_zero;
  if (first_zero) return;
  for (int r = (int)threadIdx.x; r < nrhs; r += QR_THREADS)
    triangular_solve(a, lda, 1, 0, 0, n, c + (long long)r * ldc, 1);
}

template <class T>
__global__ void matinv_kernel(int n, const T *const *Aarray, int lda, T *const *Ainv, int lda_inv,
                              int *info) {
  typedef typename real_of<T>::type R;
  __shared__ int piv[32];
  __shared__ int singular;
  const T *src = Aarray[blockIdx.x];
  T *a = Ainv[blockIdx.x];
  for (int e = (int)threadIdx.x; e < n * n; e += QR_THREADS)
    a[e % n + (long long)(e / n) * lda_inv] = src[e % n + (long long)(e / n) * lda];
  if (threadIdx.x == 0) singular = 0;
  __syncthreads();
  for (int k = 0; k < n; k++) {
    if (threadIdx.x == 0) {
      int p = k;
      R best = abs2(a[k + (long long)k * lda_inv]);
      for (int i = k + 1; i < n; i++) {
        R v = abs2(a[i + (long long)k * lda_inv]);
        if (v > best) best = v, p = i;
      }
      piv[k] = p;
      if (is_zero(a[p + (long long)k * lda_inv])) singular = k + 1;
    }
    __syncthreads();
    if (singular) break;
    int p = piv[k];
    if (p != k)
      for (int col = (int)threadIdx.x; col < n; col += QR_THREADS) {
        T t = a[k + (long long)col * lda_inv];
        a[k + (long long)col * lda_inv] = a[p + (long long)col * lda_inv];
        a[p + (long long)col * lda_inv] = t;
      }
    __syncthreads();
    T d = a[k + (long long)k * lda_inv];
    __syncthreads();
    if (threadIdx.x == 0) a[k + (long long)k * lda_inv] = one<T>();
    __syncthreads();
    for (int col = (int)threadIdx.x; col < n; col += QR_THREADS)
      a[k + (long long)col * lda_inv] = div(a[k + (long long)col * lda_inv], d);
    __syncthreads();
    for (int i = (int)threadIdx.x; i < n; i += QR_THREADS) {
      if (i == k) continue;
      T f = a[i + (long long)k * lda_inv];
      a[i + (long long)k * lda_inv] = zero<T>();
      for (int col = 0; col < n; col++)
        a[i + (long long)col * lda_inv] =
            sub(a[i + (long long)col * lda_inv], mul(f, a[k + (long long)col * lda_inv]));
    }
    __syncthreads();
  }
  if (!singular)
    for (int k = n - 1; k >= 0; k--) {
      int p = piv[k];
      if (p != k)
        for (int i = (int)threadIdx.x; i < n; i += QR_THREADS) {
          T t = a[i + (long long)k * lda_inv];
          a[i + (long long)k * lda_inv] = a[i + (long long)p * lda_inv];
          a[i + (long long)p * lda_inv] = t;
        }
      __syncthreads();
    }
  if (threadIdx.x == 0 && info) info[blockIdx.x] = singular;
}

extern "C" {
void *cublas_geqrf_kernels[] = {(void *)geqrf_kernel<float>, (void *)geqrf_kernel<double>,
                                (void *)geqrf_kernel<float2>, (void *)geqrf_kernel<double2>};
void *cublas_gels_kernels[] = {(void *)gels_kernel<float>, (void *)gels_kernel<double>,
                               (void *)gels_kernel<float2>, (void *)gels_kernel<double2>};
void *cublas_matinv_kernels[] = {(void *)matinv_kernel<float>, (void *)matinv_kernel<double>,
                                 (void *)matinv_kernel<float2>, (void *)matinv_kernel<double2>};
}
