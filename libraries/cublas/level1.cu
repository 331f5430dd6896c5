/* level1.cu — cuBLAS's level-1 kernels (vector operations) for S, D, C, Z, exported to
 * the C side (level1.c) as tables of kernel handles indexed by cublas_type (S, D, C, Z;
 * cublas_internal.h). Element-wise operations are grid-stride loops; reductions run in
 * two kernels: every block reduces its share into one partial (a tree in shared memory,
 * so the order of the sum is fixed for a given n and grid), then one block reduces the
 * partials and writes the result where the pointer mode says (device memory either way:
 * the C side copies a host-mode result back). Scalars come as a value and a device
 * pointer: a non-null pointer (CUBLAS_POINTER_MODE_DEVICE) is read on the device. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define CUBLAS_REDUCE_THREADS 256

template <class T, class S>
__global__ void scal_kernel(int n, S alpha, const S *alpha_p, T *x, int incx) {
  S a = scalar(alpha, alpha_p);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    x[i * incx] = mul(a, x[i * incx]);
}

template <class T>
__global__ void axpy_kernel(int n, T alpha, const T *alpha_p, const T *x, int incx, T *y,
                            int incy) {
  T a = scalar(alpha, alpha_p);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long iy = vector_index(i, n, incy);
    y[iy] = madd(a, x[vector_index(i, n, incx)], y[iy]);
  }
}

template <class T> __global__ void copy_kernel(int n, const T *x, int incx, T *y, int incy) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    y[vector_index(i, n, incy)] = x[vector_index(i, n, incx)];
}

template <class T> __global__ void swap_kernel(int n, T *x, int incx, T *y, int incy) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long ix = vector_index(i, n, incx), iy = vector_index(i, n, incy);
    T t = x[ix];
    x[ix] = y[iy];
    y[iy] = t;
  }
}

/* x' = c x + s y, y' = c y - conj(s) x (s real for srot/drot/csrot/zdrot). */
template <class T, class R, class S>
__global__ void rot_kernel(int n, T *x, int incx, T *y, int incy, R c, const R *c_p, S s,
                           const S *s_p) {
  R cv = scalar(c, c_p);
  S sv = scalar(s, s_p);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long ix = vector_index(i, n, incx), iy = vector_index(i, n, incy);
    T xv = x[ix], yv = y[iy];
    x[ix] = add(mul(cv, xv), mul(sv, yv));
    y[iy] = sub(mul(cv, yv), mul(conj(sv), xv));
  }
}

/* rotg: the Givens rotation [c s; -conj(s) c] that zeroes b, as the reference BLAS:
 * a becomes r, b the reconstruction value z (real types). One thread; a, b, c, s in
 * device memory (the C side stages host-mode scalars through the handle's scratch). */
template <class R> __global__ void rotg_real_kernel(R *a, R *b, R *c, R *s) {
  R av = *a, bv = *b, an = av < R(0) ? -av : av, bn = bv < R(0) ? -bv : bv;
  if (bn == R(0)) {
    *c = R(1), *s = R(0), *b = R(0);
    return;
  }
  if (an == R(0)) {
    *c = R(0), *s = R(1), *a = bv, *b = R(1);
    return;
  }
  R scale = an > bn ? an : bn, x = av / scale, y = bv / scale;
  R r = scale * sqrt(x * x + y * y);
  if ((an > bn ? av : bv) < R(0)) r = -r;
  R cv = av / r, sv = bv / r;
  *c = cv, *s = sv, *a = r;
  *b = an > bn ? sv : cv != R(0) ? R(1) / cv : R(1);
}

template <class T, class R> __global__ void rotg_complex_kernel(T *a, T *b, R *c, T *s) {
  T av = *a, bv = *b;
  R an = hypot(av.x, av.y), bn = hypot(bv.x, bv.y);
  if (an == R(0)) {
    *c = R(0), *s = one<T>(), *a = bv;
    return;
  }
  R scale = an + bn, x = an / scale, y = bn / scale;
  R norm = scale * sqrt(x * x + y * y);
  T alpha = mul(av, R(1) / an);
  *c = an / norm;
  *s = mul(mul(alpha, conj(bv)), R(1) / norm);
  *a = mul(alpha, norm);
}

/* rotm: the modified rotation H of param = (flag, h11, h21, h12, h22), as the BLAS:
 * flag -1 full H, 0 unit diagonal, 1 h12 = 1 and h21 = -1, -2 identity. param: device
 * memory (device pointer mode), else the five values passed with the launch. */
template <class R>
__global__ void rotm_kernel(int n, R *x, int incx, R *y, int incy, R flag, R h11, R h21, R h12,
                            R h22, const R *param) {
  if (param) flag = param[0], h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];
  if (flag == R(-2)) return;
  if (flag == R(0))
    h11 = R(1), h22 = R(1);
  else if (flag == R(1))
    h12 = R(1), h21 = R(-1);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long ix = vector_index(i, n, incx), iy = vector_index(i, n, incy);
    R xv = x[ix], yv = y[iy];
    x[ix] = h11 * xv + h12 * yv;
    y[iy] = h21 * xv + h22 * yv;
  }
}

/* rotmg: the modified Givens transformation that zeroes sqrt(d2) y1, the reference BLAS's
 * algorithm (rescaling by gamma = 4096 keeps d1, d2 in [gamma^-2, gamma^2]). One thread. */
template <class R> __global__ void rotmg_kernel(R *d1, R *d2, R *x1, const R *y1, R *param) {
  const R gam = R(4096), gamsq = gam * gam, rgamsq = R(1) / gamsq;
  R dd1 = *d1, dd2 = *d2, xx1 = *x1, yy1 = *y1, flag, h11 = R(0), h12 = R(0), h21 = R(0),
    h22 = R(0);
  bool zero_all = false;
  if (dd1 < R(0)) {
    zero_all = true;
  } else {
    R p2 = dd2 * yy1;
    if (p2 == R(0)) {
      param[0] = R(-2);
      return;
    }
    R p1 = dd1 * xx1, q2 = p2 * yy1, q1 = p1 * xx1;
    if ((q1 < R(0) ? -q1 : q1) > (q2 < R(0) ? -q2 : q2)) {
      h21 = -yy1 / xx1, h12 = p2 / p1;
      R u = R(1) - h12 * h21;
      if (u > R(0)) {
        flag = R(0), dd1 /= u, dd2 /= u, xx1 *= u;
      } else {
        zero_all = true;
      }
    } else if (q2 < R(0)) {
      zero_all = true;
    } else {
      flag = R(1), h11 = p1 / p2, h22 = xx1 / yy1;
      R u = R(1) + h11 * h22, t = dd2 / u;
      dd2 = dd1 / u, dd1 = t, xx1 = yy1 * u;
    }
  }
  if (zero_all) {
    flag = R(-1), h11 = h12 = h21 = h22 = R(0), dd1 = dd2 = xx1 = R(0);
  } else {
    if (dd1 != R(0))
      while (dd1 <= rgamsq || dd1 >= gamsq) {
        if (flag == R(0))
          h11 = R(1), h22 = R(1);
        else if (flag > R(0))
          h21 = R(-1), h12 = R(1);
        flag = R(-1);
        if (dd1 <= rgamsq)
          dd1 *= gamsq, xx1 /= gam, h11 /= gam, h12 /= gam;
        else
          dd1 /= gamsq, xx1 *= gam, h11 *= gam, h12 *= gam;
      }
    if (dd2 != R(0))
      while ((dd2 < R(0) ? -dd2 : dd2) <= rgamsq || (dd2 < R(0) ? -dd2 : dd2) >= gamsq) {
        if (flag == R(0))
          h11 = R(1), h22 = R(1);
        else if (flag > R(0))
          h21 = R(-1), h12 = R(1);
        flag = R(-1);
        if ((dd2 < R(0) ? -dd2 : dd2) <= rgamsq)
          dd2 *= gamsq, h21 /= gam, h22 /= gam;
        else
          dd2 /= gamsq, h21 *= gam, h22 *= gam;
      }
  }
  if (flag < R(0))
    param[1] = h11, param[2] = h21, param[3] = h12, param[4] = h22;
  else if (flag == R(0))
    param[2] = h21, param[3] = h12;
  else
    param[1] = h11, param[4] = h22;
  param[0] = flag;
  *d1 = dd1, *d2 = dd2, *x1 = xx1;
}

/* ---- reductions ------------------------------------------------------------------ */
/* Tree sum of one value per thread in shared memory; thread 0 gets the total. */
template <class A> __device__ A block_sum(A v) {
  __shared__ A part[CUBLAS_REDUCE_THREADS];
  part[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = CUBLAS_REDUCE_THREADS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] = add(part[threadIdx.x], part[threadIdx.x + s]);
    __syncthreads();
  }
  return part[0];
}

/* dot: sum of x_i y_i, or of conj(x_i) y_i when conjugate (dotc). */
template <class T, bool conjugate>
__global__ void dot_partial_kernel(int n, const T *x, int incx, const T *y, int incy, T *partials) {
  T acc = zero<T>();
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    T xv = x[vector_index(i, n, incx)];
    acc = madd(conjugate ? conj(xv) : xv, y[vector_index(i, n, incy)], acc);
  }
  T total = block_sum(acc);
  if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

/* asum: sum of |Re| + |Im| (incx > 0). */
template <class T, class R>
__global__ void asum_partial_kernel(int n, const T *x, int incx, R *partials) {
  R acc = R(0);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    acc += abs1(x[i * incx]);
  R total = block_sum(acc);
  if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

template <class A> __global__ void sum_final_kernel(int parts, const A *partials, A *result) {
  A acc = zero<A>();
  for (int i = (int)threadIdx.x; i < parts; i += (int)blockDim.x)
    acc = add(acc, partials[i]);
  A total = block_sum(acc);
  if (threadIdx.x == 0) *result = total;
}

/* nrm2: each thread keeps (scale, ssq) with ||v||^2 = scale^2 ssq, scale the largest |part|
 * seen, so no square over- or underflows (the reference BLAS's algorithm); pairs merge
 * by rescaling the smaller scale. */
template <class R> struct scaled_ssq {
  R scale, ssq;
};
template <class R> __device__ inline scaled_ssq<R> ssq_merge(scaled_ssq<R> a, scaled_ssq<R> b) {
  if (a.scale < b.scale) {
    scaled_ssq<R> t = a;
    a = b;
    b = t;
  }
  if (b.scale > R(0)) {
    R r = b.scale / a.scale;
    a.ssq += b.ssq * r * r;
  }
  return a;
}
template <class R> __device__ inline void ssq_add(scaled_ssq<R> &a, R v) {
  R av = v < R(0) ? -v : v;
  if (av == R(0)) return;
  if (a.scale < av) {
    R r = a.scale / av;
    a.ssq = R(1) + a.ssq * r * r;
    a.scale = av;
  } else {
    R r = av / a.scale;
    a.ssq += r * r;
  }
}
__device__ inline void ssq_add_element(scaled_ssq<float> &a, float v) {
  ssq_add(a, v);
}
__device__ inline void ssq_add_element(scaled_ssq<double> &a, double v) {
  ssq_add(a, v);
}
__device__ inline void ssq_add_element(scaled_ssq<float> &a, float2 v) {
  ssq_add(a, v.x), ssq_add(a, v.y);
}
__device__ inline void ssq_add_element(scaled_ssq<double> &a, double2 v) {
  ssq_add(a, v.x), ssq_add(a, v.y);
}

template <class R> __device__ scaled_ssq<R> block_ssq(scaled_ssq<R> v) {
  __shared__ R scale[CUBLAS_REDUCE_THREADS], ssq[CUBLAS_REDUCE_THREADS];
  scale[threadIdx.x] = v.scale, ssq[threadIdx.x] = v.ssq;
  __syncthreads();
  for (unsigned s = CUBLAS_REDUCE_THREADS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      scaled_ssq<R> a = {scale[threadIdx.x], ssq[threadIdx.x]},
                    b = {scale[threadIdx.x + s], ssq[threadIdx.x + s]};
      a = ssq_merge(a, b);
      scale[threadIdx.x] = a.scale, ssq[threadIdx.x] = a.ssq;
    }
    __syncthreads();
  }
  scaled_ssq<R> r = {scale[0], ssq[0]};
  return r;
}

template <class T, class R>
__global__ void nrm2_partial_kernel(int n, const T *x, int incx, R *partials) {
  scaled_ssq<R> acc = {R(0), R(1)};
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    ssq_add_element(acc, x[i * incx]);
  scaled_ssq<R> total = block_ssq(acc);
  if (threadIdx.x == 0)
    partials[2 * blockIdx.x] = total.scale, partials[2 * blockIdx.x + 1] = total.ssq;
}

template <class R> __global__ void nrm2_final_kernel(int parts, const R *partials, R *result) {
  scaled_ssq<R> acc = {R(0), R(1)};
  for (int i = (int)threadIdx.x; i < parts; i += (int)blockDim.x) {
    scaled_ssq<R> p = {partials[2 * i], partials[2 * i + 1]};
    acc = ssq_merge(acc, p);
  }
  scaled_ssq<R> total = block_ssq(acc);
  if (threadIdx.x == 0) *result = total.scale * sqrt(total.ssq);
}

/* amax / amin: the first index (1-based) of the largest / smallest |Re|+|Im|; index 0
 * means "none yet". A NaN is chosen only when no number precedes it in the order of the
 * reduction (whether cuBLAS does the same is listed for the H200 run, docs/cublas.md). */
template <class R, bool is_min>
__device__ inline bool better(R v, long long i, R bv, long long bi) {
  if (i == 0) return false;
  if (bi == 0) return true;
  if (v != v) return false;
  if (bv != bv) return true;
  if (is_min ? v < bv : v > bv) return true;
  return v == bv && i < bi;
}

template <class R, bool is_min> __device__ void block_best(R &v, long long &i) {
  __shared__ R value[CUBLAS_REDUCE_THREADS];
  __shared__ long long index[CUBLAS_REDUCE_THREADS];
  value[threadIdx.x] = v, index[threadIdx.x] = i;
  __syncthreads();
  for (unsigned s = CUBLAS_REDUCE_THREADS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s && better<R, is_min>(value[threadIdx.x + s], index[threadIdx.x + s],
                                             value[threadIdx.x], index[threadIdx.x]))
      value[threadIdx.x] = value[threadIdx.x + s], index[threadIdx.x] = index[threadIdx.x + s];
    __syncthreads();
  }
  v = value[0], i = index[0];
}

template <class T, class R, bool is_min>
__global__ void iamax_partial_kernel(int n, const T *x, int incx, R *values, long long *indices) {
  R best = R(0);
  long long best_i = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    R v = abs1(x[i * incx]);
    if (better<R, is_min>(v, i + 1, best, best_i)) best = v, best_i = i + 1;
  }
  block_best<R, is_min>(best, best_i);
  if (threadIdx.x == 0) values[blockIdx.x] = best, indices[blockIdx.x] = best_i;
}

template <class R, bool is_min>
__global__ void iamax_final_kernel(int parts, const R *values, const long long *indices,
                                   int *result) {
  R best = R(0);
  long long best_i = 0;
  for (int i = (int)threadIdx.x; i < parts; i += (int)blockDim.x)
    if (better<R, is_min>(values[i], indices[i], best, best_i))
      best = values[i], best_i = indices[i];
  block_best<R, is_min>(best, best_i);
  if (threadIdx.x == 0) *result = (int)best_i;
}

/* The tables the C side indexes by cublas_type: S, D, C, Z. */
extern "C" {
void *cublas_rotg_kernels[] = {(void *)rotg_real_kernel<float>, (void *)rotg_real_kernel<double>,
                               (void *)rotg_complex_kernel<float2, float>,
                               (void *)rotg_complex_kernel<double2, double>};
void *cublas_rotm_kernels[] = {(void *)rotm_kernel<float>, (void *)rotm_kernel<double>};
void *cublas_rotmg_kernels[] = {(void *)rotmg_kernel<float>, (void *)rotmg_kernel<double>};
void *cublas_scal_kernels[] = {
    (void *)scal_kernel<float, float>, (void *)scal_kernel<double, double>,
    (void *)scal_kernel<float2, float2>, (void *)scal_kernel<double2, double2>};
/* csscal, zdscal */
void *cublas_scal_real_kernels[] = {0, 0, (void *)scal_kernel<float2, float>,
                                    (void *)scal_kernel<double2, double>};
void *cublas_axpy_kernels[] = {(void *)axpy_kernel<float>, (void *)axpy_kernel<double>,
                               (void *)axpy_kernel<float2>, (void *)axpy_kernel<double2>};
void *cublas_copy_kernels[] = {(void *)copy_kernel<float>, (void *)copy_kernel<double>,
                               (void *)copy_kernel<float2>, (void *)copy_kernel<double2>};
void *cublas_swap_kernels[] = {(void *)swap_kernel<float>, (void *)swap_kernel<double>,
                               (void *)swap_kernel<float2>, (void *)swap_kernel<double2>};
void *cublas_rot_kernels[] = {
    (void *)rot_kernel<float, float, float>, (void *)rot_kernel<double, double, double>,
    (void *)rot_kernel<float2, float, float2>, (void *)rot_kernel<double2, double, double2>};
/* csrot, zdrot */
void *cublas_rot_real_kernels[] = {0, 0, (void *)rot_kernel<float2, float, float>,
                                   (void *)rot_kernel<double2, double, double>};
void *cublas_dot_partial_kernels[] = {
    (void *)dot_partial_kernel<float, false>, (void *)dot_partial_kernel<double, false>,
    (void *)dot_partial_kernel<float2, false>, (void *)dot_partial_kernel<double2, false>};
void *cublas_dotc_partial_kernels[] = {0, 0, (void *)dot_partial_kernel<float2, true>,
                                       (void *)dot_partial_kernel<double2, true>};
/* asum partials are of the real type: sum them with cublas_sum_final_kernels[S or D] */
void *cublas_asum_partial_kernels[] = {
    (void *)asum_partial_kernel<float, float>, (void *)asum_partial_kernel<double, double>,
    (void *)asum_partial_kernel<float2, float>, (void *)asum_partial_kernel<double2, double>};
void *cublas_sum_final_kernels[] = {
    (void *)sum_final_kernel<float>, (void *)sum_final_kernel<double>,
    (void *)sum_final_kernel<float2>, (void *)sum_final_kernel<double2>};
void *cublas_nrm2_partial_kernels[] = {
    (void *)nrm2_partial_kernel<float, float>, (void *)nrm2_partial_kernel<double, double>,
    (void *)nrm2_partial_kernel<float2, float>, (void *)nrm2_partial_kernel<double2, double>};
/* indexed by the real type: S, D */
void *cublas_nrm2_final_kernels[] = {(void *)nrm2_final_kernel<float>,
                                     (void *)nrm2_final_kernel<double>};
void *cublas_amax_partial_kernels[] = {(void *)iamax_partial_kernel<float, float, false>,
                                       (void *)iamax_partial_kernel<double, double, false>,
                                       (void *)iamax_partial_kernel<float2, float, false>,
                                       (void *)iamax_partial_kernel<double2, double, false>};
void *cublas_amin_partial_kernels[] = {(void *)iamax_partial_kernel<float, float, true>,
                                       (void *)iamax_partial_kernel<double, double, true>,
                                       (void *)iamax_partial_kernel<float2, float, true>,
                                       (void *)iamax_partial_kernel<double2, double, true>};
void *cublas_amax_final_kernels[] = {(void *)iamax_final_kernel<float, false>,
                                     (void *)iamax_final_kernel<double, false>};
void *cublas_amin_final_kernels[] = {(void *)iamax_final_kernel<float, true>,
                                     (void *)iamax_final_kernel<double, true>};
}
