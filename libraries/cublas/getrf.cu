/* getrf.cu — the batched LU kernels of cuBLAS for S, D, C, Z: getrfBatched (LU with
 * partial pivoting, LAPACK's getrf semantics), getrsBatched (solves with the factors) and
 * getriBatched (inverse from the factors); tables indexed by cublas_type for getrf.c.
 * One block per matrix of the batch. Pivots are LAPACK's: row i was interchanged with row
 * pivots[i] (1-based); no pivot array means no pivoting. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define GETRF_THREADS 128

/* The row (>= j) of the largest |a| in column j (|z| for complex, as NVIDIA's cuBLAS;
 * LAPACK uses |Re| + |Im|), the first on ties. */
template <class T> __device__ int pivot_row(const T *a, int lda, int n, int j) {
  typedef typename real_of<T>::type R;
  __shared__ R value[GETRF_THREADS];
  __shared__ int row[GETRF_THREADS];
  R best = R(-1);
  int best_row = n;
  for (int i = j + (int)threadIdx.x; i < n; i += GETRF_THREADS) {
    R v = abs2(a[i + (long long)j * lda]);
    if (v > best) best = v, best_row = i;
  }
  value[threadIdx.x] = best, row[threadIdx.x] = best_row;
  __syncthreads();
  for (unsigned s = GETRF_THREADS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      R v = value[threadIdx.x + s];
      int r = row[threadIdx.x + s];
      if (v > value[threadIdx.x] || (v == value[threadIdx.x] && r < row[threadIdx.x]))
        value[threadIdx.x] = v, row[threadIdx.x] = r;
    }
    __syncthreads();
  }
  int p = row[0];
  __syncthreads();
  return p < n ? p : j;
}

template <class T>
__global__ void getrf_kernel(int n, T *const *Aarray, int lda, int *pivots, int *info) {
  T *a = Aarray[blockIdx.x];
  int *piv = pivots ? pivots + (long long)blockIdx.x * n : 0;
  int first_zero = 0;
  for (int j = 0; j < n; j++) {
    int p = piv ? pivot_row(a, lda, n, j) : j;
    if (threadIdx.x == 0 && piv) piv[j] = p + 1;
    if (p != j)
      for (int c = (int)threadIdx.x; c < n; c += GETRF_THREADS) {
        T t = a[j + (long long)c * lda];
        a[j + (long long)c * lda] = a[p + (long long)c * lda];
        a[p + (long long)c * lda] = t;
      }
    __syncthreads();
    T d = a[j + (long long)j * lda];
    if (is_zero(d)) {
      if (first_zero == 0) first_zero = j + 1;
    } else {
      for (int i = j + 1 + (int)threadIdx.x; i < n; i += GETRF_THREADS)
        a[i + (long long)j * lda] = div(a[i + (long long)j * lda], d);
    }
    __syncthreads();
    int rest = n - j - 1;
    for (int e = (int)threadIdx.x; e < rest * rest; e += GETRF_THREADS) {
      int i = j + 1 + e % rest, c = j + 1 + e / rest;
      a[i + (long long)c * lda] =
          sub(a[i + (long long)c * lda], mul(a[i + (long long)j * lda], a[j + (long long)c * lda]));
    }
    __syncthreads();
  }
  if (threadIdx.x == 0 && info) info[blockIdx.x] = first_zero;
}

/* Solves op(A) X = B with A = P L U from getrf (L unit lower, U upper): one thread per
 * right-hand side. identity: B starts as the identity (getri: X = inv(A)), and info gets
 * the first zero diagonal element of U (0 if none). */
template <class T>
__global__ void getrs_kernel(int op, int n, int nrhs, const T *const *Aarray, int lda,
                             const int *pivots, T *const *Barray, int ldb, int identity,
                             int *info) {
  const T *a = Aarray[blockIdx.x];
  T *b = Barray[blockIdx.x];
  const int *piv = pivots ? pivots + (long long)blockIdx.x * n : 0;
  if (identity && threadIdx.x == 0 && info) {
    int first_zero = 0;
    for (int k = n - 1; k >= 0; k--)
      if (is_zero(a[k + (long long)k * lda])) first_zero = k + 1;
    info[blockIdx.x] = first_zero;
  }
  for (int j = (int)threadIdx.x; j < nrhs; j += GETRF_THREADS) {
    T *x = b + (long long)j * ldb;
    if (identity)
      for (int i = 0; i < n; i++)
        x[i] = i == j ? one<T>() : zero<T>();
    if (op == 0) { /* x = U^-1 L^-1 P b */
      if (piv)
        for (int i = 0; i < n; i++) {
          int p = piv[i] - 1;
          T t = x[i];
          x[i] = x[p];
          x[p] = t;
        }
      triangular_solve(a, lda, 0, 0, 1, n, x, 1);
      triangular_solve(a, lda, 1, 0, 0, n, x, 1);
    } else { /* op(A) = op(U) op(L) P^T: x = P op(L)^-1 op(U)^-1 b */
      triangular_solve(a, lda, 1, op, 0, n, x, 1);
      triangular_solve(a, lda, 0, op, 1, n, x, 1);
      if (piv)
        for (int i = n - 1; i >= 0; i--) {
          int p = piv[i] - 1;
          T t = x[i];
          x[i] = x[p];
          x[p] = t;
        }
    }
  }
}

extern "C" {
void *cublas_getrf_kernels[] = {(void *)getrf_kernel<float>, (void *)getrf_kernel<double>,
                                (void *)getrf_kernel<float2>, (void *)getrf_kernel<double2>};
void *cublas_getrs_kernels[] = {(void *)getrs_kernel<float>, (void *)getrs_kernel<double>,
                                (void *)getrs_kernel<float2>, (void *)getrs_kernel<double2>};
}
