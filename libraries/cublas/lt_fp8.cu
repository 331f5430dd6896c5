/* lt_fp8.cu — cuBLASLt's fp8 matmul kernel (lt_fp8.c): D = scale_D (alpha scale_A scale_B
 * op(A) op(B) + beta scale_C C), A and B CUDA_R_8F_E4M3 or _E5M2 (e5 flags), op(A) = A^T
 * and op(B) = B (NVIDIA's TN layout), every matrix COL. One thread per element of D in
 * 16 x 16 blocks, the sum over k in float. amax (when given) receives max |x| of the
 * values before scale_D (atomicMax on the bits of a non-negative float; lt_fp8.c zeroes
 * it first). D fp8: rounded to nearest (ties to even), saturated to the largest finite
 * value (E4M3 448, E5M2 57344); NaN stays NaN. Scale pointers NULL: 1. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define LT_F8_TILE 16

/* 2^p for p in float's normal range, and the binade of a positive normal float. */
__device__ inline float lt_pow2(int p) {
  return __int_as_float((p + 127) << 23);
}
__device__ inline int lt_binade(float a) {
  return ((__float_as_int(a) >> 23) & 0xff) - 127;
}

/* fp8 bits to float: E4M3 (bias 7, no infinities, S.1111.111 NaN), E5M2 (bias 15, IEEE). */
__device__ inline float lt_fp8_to_float(unsigned char b, int e5) {
  int sign = b >> 7, mbits = e5 ? 2 : 3, ebits = e5 ? 5 : 4, bias = e5 ? 15 : 7;
  int e = (b >> mbits) & ((1 << ebits) - 1), mant = b & ((1 << mbits) - 1);
  float v;
  if (e5 && e == 31)
    v = mant ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000);
  else if (!e5 && e == 15 && mant == 7)
    v = __int_as_float(0x7fc00000);
  else if (e == 0)
    v = (float)mant * lt_pow2(1 - bias - mbits);
  else
    v = (float)((1 << mbits) | mant) * lt_pow2(e - bias - mbits);
  return sign ? -v : v;
}

/* float to fp8 bits: nearest, ties to even, saturated to the largest finite value. */
__device__ inline unsigned char lt_float_to_fp8(float x, int e5) {
  unsigned sign = x < 0.0f || (x == 0.0f && __float_as_int(x) < 0) ? 0x80u : 0u;
  if (x != x) return (unsigned char)(sign | 0x7fu); /* NaN: S.1111.111 / S.11111.11 */
  float a = fabsf(x);
  int mbits = e5 ? 2 : 3, bias = e5 ? 15 : 7;
  float maxv = e5 ? 57344.0f : 448.0f;
  unsigned maxcode = e5 ? 0x7bu : 0x7eu;
  if (a >= maxv) return (unsigned char)(sign | maxcode);
  /* the quantum of a's binade (subnormals: the smallest) */
  int e = lt_binade(a); /* a in [2^e, 2^(e+1)) */
  if (e < 1 - bias) e = 1 - bias;
  float q = lt_pow2(e - mbits);
  float r = rint(a / q) * q; /* exact: a / q < 2^(mbits+1) */
  if (r >= maxv) return (unsigned char)(sign | maxcode);
  if (r == 0.0f) return (unsigned char)sign;
  e = lt_binade(r);
  unsigned code;
  if (e < 1 - bias) /* subnormal */
    code = (unsigned)(r / lt_pow2(1 - bias - mbits));
  else
    code = (unsigned)((e + bias) << mbits) |
           ((unsigned)(r / lt_pow2(e - mbits)) & ((1u << mbits) - 1));
  return (unsigned char)(sign | code);
}

template <class T> struct lt_f8_out {
  __device__ static void put(T *p, float v, int) { store(p, v); }
};
template <> struct lt_f8_out<unsigned char> {
  __device__ static void put(unsigned char *p, float v, int e5) { *p = lt_float_to_fp8(v, e5); }
};

template <class TC, class TD>
__global__ void lt_fp8_matmul(int m, int n, int k, const unsigned char *A, int a_e5, long long lda,
                              long long a_stride, const unsigned char *B, int b_e5, long long ldb,
                              long long b_stride, const TC *C, long long ldc, long long c_stride,
                              TD *D, int d_e5, long long ldd, long long d_stride, float alpha,
                              float beta, const float *alpha_device, const float *beta_device,
                              const float *scale_a, const float *scale_b, const float *scale_c,
                              const float *scale_d, float *amax, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z;
  const unsigned char *a = A + batch * a_stride, *b = B + batch * b_stride;
  const TC *c = C ? C + batch * c_stride : 0;
  TD *d = D + batch * d_stride;
  float al = alpha_device ? *alpha_device : alpha, be = beta_device ? *beta_device : beta;
  al = al * (scale_a ? *scale_a : 1.0f) * (scale_b ? *scale_b : 1.0f);
  be = be * (scale_c ? *scale_c : 1.0f);
  float sd = scale_d ? *scale_d : 1.0f;
  long long i = (long long)blockIdx.x * LT_F8_TILE + threadIdx.x % LT_F8_TILE;
  if (i >= m) return;
  for (long long j = (long long)blockIdx.y * LT_F8_TILE + threadIdx.x / LT_F8_TILE; j < n;
       j += (long long)gridDim.y * LT_F8_TILE) {
    float acc = 0.0f;
    for (long long l = 0; l < k; l++)
      acc = acc + lt_fp8_to_float(a[l + i * lda], a_e5) * lt_fp8_to_float(b[l + j * ldb], b_e5);
    float v = al * acc;
    if (c) v = v + be * convert<float>::from(c[i + j * ldc]);
    if (amax) atomicMax((unsigned *)amax, (unsigned)__float_as_int(fabsf(v)));
    lt_f8_out<TD>::put(d + i + j * ldd, v * sd, d_e5);
  }
}

/* (C, D): 16BF 16BF, 16BF fp8, 16F 16F, 16F fp8, 32F 32F (lt_fp8.c's index). */
extern "C" void *cublas_lt_fp8_kernels[] = {
    (void *)lt_fp8_matmul<__nv_bfloat16, __nv_bfloat16>,
    (void *)lt_fp8_matmul<__nv_bfloat16, unsigned char>, (void *)lt_fp8_matmul<__half, __half>,
    (void *)lt_fp8_matmul<__half, unsigned char>, (void *)lt_fp8_matmul<float, float>};
