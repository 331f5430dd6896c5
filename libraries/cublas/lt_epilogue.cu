/* lt_epilogue.cu — cuBLASLt's AUX and gradient epilogues (lt_epilogue.c): after the GEMM,
 * over D (COL order) in groups of 8 rows of one column per thread (one byte of the ReLU
 * bit-mask), computed in TS from src (D itself, or lt.c's float result of a 16F/16BF
 * matmul), stored to D with one rounding:
 *   forward (bit 128 without 8/64): bias (bit 4) added; ReLU (2): the mask bit of an element
 *     is 1 where its value is > 0 (kept), the value max(x, 0); GELU (32): the GELU input
 *     stored to aux (D's type), the value GELU(x) in the tanh form of lt.cu;
 *   backward DRELU (8): the value where its mask bit is 1, else 0; DGELU (64): the value
 *     times GELU'(x), x the GELU input read from aux.
 * The mask: bit (i + j ld) of the bytes at aux (LSB first), ld a multiple of 128; bits of
 * rows past D's are written 0. lt_bgrad sums each row of D (the BGRAD epilogues' bias
 * gradient, from D's stored values); lt_bgrad_operand sums op(A)'s rows or op(B)'s columns
 * over k (BGRADA, BGRADB). Batches in blockIdx.z (plus batch0). */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define LT_THREADS 256

template <class TS> __device__ inline TS lt_gelu_u(TS x) {
  return TS(0.7978845608028654) * (x + TS(0.044715) * x * x * x);
}

template <class TD, class TS, class TIN>
__global__ void lt_epilogue_aux(int rows, int cols, const TIN *src, long long src_cs,
                                long long src_stride, TD *D, long long ldd, long long d_stride,
                                int epilogue, const TD *bias, long long bias_stride,
                                unsigned char *aux, long long aux_ld, long long aux_stride,
                                int batch0) {
  long long batch = batch0 + (long long)blockIdx.z;
  long long groups = (rows + 7) / 8, total = groups * cols;
  const TIN *s = src + batch * src_stride;
  TD *d = D + batch * d_stride;
  const TD *b = bias ? bias + batch * bias_stride : 0;
  int relu = epilogue & 2, gelu = epilogue & 32, drelu = epilogue & 8, dgelu = epilogue & 64;
  TD *gaux = (TD *)aux + batch * aux_stride;             /* GELU input, D's type */
  unsigned char *mask = aux + batch * (aux_stride >> 3); /* ReLU bits */
  for (long long e = blockIdx.x * (long long)LT_THREADS + threadIdx.x; e < total;
       e += (long long)gridDim.x * LT_THREADS) {
    long long g = e % groups, j = e / groups;
    long long byte = (j * aux_ld + g * 8) >> 3;
    unsigned bits = drelu ? mask[byte] : 0u, out = 0u;
    for (int r = 0; r < 8; r++) {
      long long i = g * 8 + r;
      if (i >= rows) break;
      TS v = convert<TS>::from(s[i + j * src_cs]);
      if (epilogue & 4) v = v + convert<TS>::from(b[i]);
      if (drelu) {
        if (!((bits >> r) & 1u)) v = TS(0);
      } else if (dgelu) {
        TS x = convert<TS>::from(gaux[i + j * aux_ld]);
        TS t = tanh(lt_gelu_u(x));
        v = v * (TS(0.5) * (TS(1) + t) + TS(0.5) * x * (TS(1) - t * t) * TS(0.7978845608028654) *
                                             (TS(1) + TS(3 * 0.044715) * x * x));
      } else if (relu) {
        if (v > TS(0))
          out |= 1u << r;
        else
          v = TS(0);
      } else if (gelu) {
        store(gaux + i + j * aux_ld, v);
        v = TS(0.5) * v * (TS(1) + tanh(lt_gelu_u(v)));
      }
      store(d + i + j * ldd, v);
    }
    if (relu && !drelu) mask[byte] = (unsigned char)out;
  }
}

/* bias[i] = sum_j D(i, j), in TS, one thread per row. */
template <class TD, class TS>
__global__ void lt_bgrad(int rows, int cols, const TD *D, long long ldd, long long d_stride,
                         TD *bias, long long bias_stride, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z;
  const TD *d = D + batch * d_stride;
  for (long long i = blockIdx.x * (long long)LT_THREADS + threadIdx.x; i < rows;
       i += (long long)gridDim.x * LT_THREADS) {
    TS sum = TS(0);
    for (long long j = 0; j < cols; j++)
      sum = sum + convert<TS>::from(d[i + j * ldd]);
    store(bias + batch * bias_stride + i, sum);
  }
}

/* bias[i] = sum_l X(i, l), X an operand seen through its steps (row i: rs, k: ks). */
template <class T, class TD, class TS>
__global__ void lt_bgrad_operand(int len, int k, const T *X, long long rs, long long ks,
                                 long long x_stride, TD *bias, long long bias_stride, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z;
  const T *x = X + batch * x_stride;
  for (long long i = blockIdx.x * (long long)LT_THREADS + threadIdx.x; i < len;
       i += (long long)gridDim.x * LT_THREADS) {
    TS sum = TS(0);
    for (long long l = 0; l < k; l++)
      sum = sum + convert<TS>::from(x[i * rs + l * ks]);
    store(bias + batch * bias_stride + i, sum);
  }
}

/* Indexed by lt.c's D type index (16F, 16BF, 32F, 64F); then 16F and 16BF from the float
 * buffer. */
extern "C" void *cublas_lt_aux_kernels[] = {
    (void *)lt_epilogue_aux<__half, float, __half>,
    (void *)lt_epilogue_aux<__nv_bfloat16, float, __nv_bfloat16>,
    (void *)lt_epilogue_aux<float, float, float>,
    (void *)lt_epilogue_aux<double, double, double>,
    (void *)lt_epilogue_aux<__half, float, float>,
    (void *)lt_epilogue_aux<__nv_bfloat16, float, float>};
extern "C" void *cublas_lt_bgrad_kernels[] = {
    (void *)lt_bgrad<__half, float>, (void *)lt_bgrad<__nv_bfloat16, float>,
    (void *)lt_bgrad<float, float>, (void *)lt_bgrad<double, double>};
/* (A/B type, D type): 16F 16F, 16F 32F, 16BF 16BF, 16BF 32F, 32F 32F, 64F 64F. */
extern "C" void *cublas_lt_bgrad_operand_kernels[] = {
    (void *)lt_bgrad_operand<__half, __half, float>,
    (void *)lt_bgrad_operand<__half, float, float>,
    (void *)lt_bgrad_operand<__nv_bfloat16, __nv_bfloat16, float>,
    (void *)lt_bgrad_operand<__nv_bfloat16, float, float>,
    (void *)lt_bgrad_operand<float, float, float>,
    (void *)lt_bgrad_operand<double, double, double>};
