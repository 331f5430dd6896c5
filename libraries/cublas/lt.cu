/* lt.cu — the kernels cuBLASLt's matmul adds around the GEMM kernels (lt.c): lt_copy
 * copies C into D when they differ (D = alpha op(A) op(B) + beta D then runs in place on
 * the GEMM kernels of gemm.c), lt_epilogue applies the epilogue to D (bias broadcast along
 * D's rows, then ReLU or GELU). For 16F/16BF D with float compute and an epilogue, lt_copy
 * widens C into a float buffer the GEMM writes, and lt_epilogue rounds it to D once, after
 * the epilogue, as NVIDIA's fused epilogue does. Both take a matrix as rows x cols with a
 * row step and a column step (column order: 1 and ld; row order: ld and 1), batches in
 * blockIdx.z (plus batch0) at `stride` elements apart. Grid-stride loops over elements. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define LT_THREADS 256

/* An element as the copy's destination type: the same bits, or 16F/16BF widened to float. */
template <class T> __device__ inline T copy_as(T a) {
  return a;
}
__device__ inline float copy_as_float(__half a) {
  return __half2float(a);
}
__device__ inline float copy_as_float(__nv_bfloat16 a) {
  return __bfloat162float(a);
}
template <class TS, class TD> struct copy_to {
  __device__ static TD from(TS a) { return copy_as(a); }
};
template <class TS> struct copy_to<TS, float> {
  __device__ static float from(TS a) { return copy_as_float(a); }
};

/* C into D (same type: its bits), or a 16F/16BF C widened into lt.c's float buffer. */
template <class TS, class TD>
__global__ void lt_copy(int rows, int cols, const TS *src, long long src_rs, long long src_cs,
                        long long src_stride, TD *dst, long long dst_rs, long long dst_cs,
                        long long dst_stride, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z, total = (long long)rows * cols;
  const TS *s = src + batch * src_stride;
  TD *d = dst + batch * dst_stride;
  for (long long e = blockIdx.x * (long long)LT_THREADS + threadIdx.x; e < total;
       e += (long long)gridDim.x * LT_THREADS) {
    long long i = e % rows, j = e / rows;
    d[i * dst_rs + j * dst_cs] = copy_to<TS, TD>::from(s[i * src_rs + j * src_cs]);
  }
}

/* epilogue: cublasLtEpilogue_t's bits: 4 bias, 2 ReLU, 32 GELU (0: none, a conversion).
 * GELU is the tanh form 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))). Computed in
 * TS from src (D itself, or the float result of a 16F/16BF matmul, lt.c), stored to D
 * with one rounding. */
template <class TD, class TS, class TIN>
__global__ void lt_epilogue(int rows, int cols, const TIN *src, long long src_rs,
                            long long src_cs, long long src_stride, TD *D, long long rs,
                            long long cs, long long stride, int epilogue, const TD *bias,
                            long long bias_stride, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z, total = (long long)rows * cols;
  const TIN *s = src + batch * src_stride;
  TD *d = D + batch * stride;
  const TD *b = bias ? bias + batch * bias_stride : 0;
  for (long long e = blockIdx.x * (long long)LT_THREADS + threadIdx.x; e < total;
       e += (long long)gridDim.x * LT_THREADS) {
    long long i = e % rows, j = e / rows;
    TS v = convert<TS>::from(s[i * src_rs + j * src_cs]);
    if (epilogue & 4) v = v + convert<TS>::from(b[i]);
    if (epilogue & 2) v = v < TS(0) ? TS(0) : v;
    if (epilogue & 32) {
      TS x = v;
      v = TS(0.5) * x * (TS(1) + tanh(TS(0.7978845608028654) * (x + TS(0.044715) * x * x * x)));
    }
    store(d + i * rs + j * cs, v);
  }
}

/* Indexed by element size: 2, 4, 8 bytes (lt.c's size index). */
extern "C" void *cublas_lt_copy_kernels[] = {(void *)lt_copy<unsigned short, unsigned short>,
                                             (void *)lt_copy<unsigned, unsigned>,
                                             (void *)lt_copy<unsigned long long, unsigned long long>};
/* Indexed by lt.c's D type index: 16F, 16BF, 32F, 64F; D in place. */
extern "C" void *cublas_lt_epilogue_kernels[] = {
    (void *)lt_epilogue<__half, float, __half>,
    (void *)lt_epilogue<__nv_bfloat16, float, __nv_bfloat16>,
    (void *)lt_epilogue<float, float, float>, (void *)lt_epilogue<double, double, double>};
/* 16F, 16BF: from the float result buffer, and C's widening into it. */
extern "C" void *cublas_lt_epilogue_wide_kernels[] = {
    (void *)lt_epilogue<__half, float, float>, (void *)lt_epilogue<__nv_bfloat16, float, float>};
extern "C" void *cublas_lt_widen_kernels[] = {(void *)lt_copy<__half, float>,
                                              (void *)lt_copy<__nv_bfloat16, float>};
