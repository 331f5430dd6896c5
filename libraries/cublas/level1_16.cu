/* level1_16.cu — the level-1 Ex forms on 16-bit vectors (CUDA_R_16F, CUDA_R_16BF) with
 * 32F execution (level1_16.c): every element widens exactly to float, the arithmetic is
 * float (fma where the typed kernels use one), and each stored element is rounded to the
 * vector's type once (round to nearest even). Reductions as level1.cu's: up to
 * CUBLAS_REDUCE_BLOCKS blocks of 256 threads reduce into float partials (a shared-memory
 * tree, fixed order for a given n), one block reduces them and rounds the result to the
 * result type. nrm2 keeps (scale, sum of squares) pairs, so bf16's squares cannot
 * overflow float. Tables: index 0 __half, 1 __nv_bfloat16. */
#include "cublas_device.cuh"

#define R16_THREADS 256

__device__ inline float widen(__half v) {
  return __half2float(v);
}
__device__ inline float widen(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
template <class H> __device__ inline H narrow(float v);
template <> __device__ inline __half narrow<__half>(float v) {
  return __float2half_rn(v);
}
template <> __device__ inline __nv_bfloat16 narrow<__nv_bfloat16>(float v) {
  return __float2bfloat16_rn(v);
}
__device__ inline long long index16(long long i, int n, int inc) {
  return inc >= 0 ? i * inc : (n - 1 - i) * (long long)(-inc);
}

/* y = alpha x + y (alpha float) */
template <class H>
__global__ void axpy16_kernel(int n, float alpha, const float *alpha_p, const H *x, int incx, H *y,
                              int incy) {
  float a = alpha_p ? *alpha_p : alpha;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long iy = index16(i, n, incy);
    y[iy] = narrow<H>(fmaf(a, widen(x[index16(i, n, incx)]), widen(y[iy])));
  }
}

/* x = alpha x (alpha float; incx > 0) */
template <class H>
__global__ void scal16_kernel(int n, float alpha, const float *alpha_p, H *x, int incx) {
  float a = alpha_p ? *alpha_p : alpha;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    x[i * incx] = narrow<H>(a * widen(x[i * incx]));
}

/* x' = c x + s y, y' = c y - s x (c and s of the vectors' type) */
template <class H>
__global__ void rot16_kernel(int n, H *x, int incx, H *y, int incy, H c, const H *c_p, H s,
                             const H *s_p) {
  float cv = widen(c_p ? *c_p : c), sv = widen(s_p ? *s_p : s);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    long long ix = index16(i, n, incx), iy = index16(i, n, incy);
    float xv = widen(x[ix]), yv = widen(y[iy]);
    x[ix] = narrow<H>(fmaf(cv, xv, sv * yv));
    y[iy] = narrow<H>(fmaf(cv, yv, -(sv * xv)));
  }
}

__device__ float block_sum16(float v) {
  __shared__ float part[R16_THREADS];
  part[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = R16_THREADS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  return part[0];
}

/* dot: float sum of x_i y_i (fma in order per thread) */
template <class H>
__global__ void dot16_partial_kernel(int n, const H *x, int incx, const H *y, int incy,
                                     float *partials) {
  float acc = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    acc = fmaf(widen(x[index16(i, n, incx)]), widen(y[index16(i, n, incy)]), acc);
  float total = block_sum16(acc);
  if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

template <class H> __global__ void sum16_final_kernel(int parts, const float *partials, H *result) {
  float acc = 0;
  for (int i = (int)threadIdx.x; i < parts; i += (int)blockDim.x)
    acc += partials[i];
  float total = block_sum16(acc);
  if (threadIdx.x == 0) *result = narrow<H>(total);
}

/* nrm2: (scale, ssq) pairs, ||v||^2 = scale^2 ssq, merged by rescaling the smaller scale */
__device__ inline void ssq16_merge(float &scale, float &ssq, float s2, float q2) {
  if (s2 == 0) return;
  if (scale < s2) {
    ssq = q2 + ssq * (scale / s2) * (scale / s2);
    scale = s2;
  } else {
    ssq += q2 * (s2 / scale) * (s2 / scale);
  }
}
__device__ void block_ssq16(float &scale, float &ssq) {
  __shared__ float sc[R16_THREADS], sq[R16_THREADS];
  sc[threadIdx.x] = scale, sq[threadIdx.x] = ssq;
  __syncthreads();
  for (unsigned s = R16_THREADS / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      float a = sc[threadIdx.x], q = sq[threadIdx.x];
      ssq16_merge(a, q, sc[threadIdx.x + s], sq[threadIdx.x + s]);
      sc[threadIdx.x] = a, sq[threadIdx.x] = q;
    }
    __syncthreads();
  }
  scale = sc[0], ssq = sq[0];
}
template <class H>
__global__ void nrm216_partial_kernel(int n, const H *x, int incx, float *partials) {
  float scale = 0, ssq = 1;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    float v = fabsf(widen(x[i * incx]));
    if (v != 0) ssq16_merge(scale, ssq, v, 1);
  }
  block_ssq16(scale, ssq);
  if (threadIdx.x == 0) partials[2 * blockIdx.x] = scale, partials[2 * blockIdx.x + 1] = ssq;
}
template <class H>
__global__ void nrm216_final_kernel(int parts, const float *partials, H *result) {
  float scale = 0, ssq = 1;
  for (int i = (int)threadIdx.x; i < parts; i += (int)blockDim.x)
    ssq16_merge(scale, ssq, partials[2 * i], partials[2 * i + 1]);
  block_ssq16(scale, ssq);
  if (threadIdx.x == 0) *result = narrow<H>(scale * sqrtf(ssq));
}

extern "C" {
void *cublas_axpy16_kernels[] = {(void *)axpy16_kernel<__half>,
                                 (void *)axpy16_kernel<__nv_bfloat16>};
void *cublas_scal16_kernels[] = {(void *)scal16_kernel<__half>,
                                 (void *)scal16_kernel<__nv_bfloat16>};
void *cublas_rot16_kernels[] = {(void *)rot16_kernel<__half>, (void *)rot16_kernel<__nv_bfloat16>};
void *cublas_dot16_partial_kernels[] = {(void *)dot16_partial_kernel<__half>,
                                        (void *)dot16_partial_kernel<__nv_bfloat16>};
void *cublas_sum16_final_kernels[] = {(void *)sum16_final_kernel<__half>,
                                      (void *)sum16_final_kernel<__nv_bfloat16>};
void *cublas_nrm216_partial_kernels[] = {(void *)nrm216_partial_kernel<__half>,
                                         (void *)nrm216_partial_kernel<__nv_bfloat16>};
void *cublas_nrm216_final_kernels[] = {(void *)nrm216_final_kernel<__half>,
                                       (void *)nrm216_final_kernel<__nv_bfloat16>};
}
