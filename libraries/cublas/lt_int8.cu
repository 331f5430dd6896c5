/* lt_int8.cu — cuBLASLt's 8-bit integer matmul kernel (lt_int8.c): D = alpha op(A) op(B) +
 * beta C, one thread per element of D in 16 x 16 blocks (blockIdx.x over D's rows,
 * blockIdx.y over its columns in a grid-stride loop, blockIdx.z + batch0 the batch). Every
 * matrix is read through its order's offsets (lt_order.cuh); A and B are transposed by
 * swapping the row and column asked for. The sum over k is exact in 32-bit integers (wrapping
 * in unsigned arithmetic, as the hardware's adds); then
 *   TD int, TS int:           alpha acc + beta C, wrapping;
 *   TD signed char, TS float: alpha acc + beta C in float, rounded to nearest (ties to even),
 *                             saturated to [-128, 127].
 * C NULL: not read (a host beta of 0). Scalars are values, or device pointers when given. */
#include "cublas_device.cuh"
#include "lt_order.cuh"

#define LT_I8_TILE 16

__device__ inline int lt_i8_result(int acc, int alpha, int beta, const int *c) {
  unsigned v = (unsigned)alpha * (unsigned)acc;
  if (c) v += (unsigned)beta * (unsigned)*c;
  return (int)v;
}
__device__ inline signed char lt_i8_result(int acc, float alpha, float beta, const signed char *c) {
  float v = alpha * (float)acc;
  if (c) v = v + beta * (float)*c;
  v = rint(v);
  return (signed char)(v < -128.0f ? -128 : v > 127.0f ? 127 : (int)v);
}

template <class TD, class TS>
__global__ void lt_int8_matmul(int m, int n, int k, const signed char *A, int a_order,
                               long long lda, int transa, long long a_stride, const signed char *B,
                               int b_order, long long ldb, int transb, long long b_stride,
                               const TD *C, int c_order, long long ldc, long long c_stride, TD *D,
                               int d_order, long long ldd, long long d_stride, TS alpha, TS beta,
                               const TS *alpha_device, const TS *beta_device, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z;
  const signed char *a = A + batch * a_stride, *b = B + batch * b_stride;
  const TD *c = C ? C + batch * c_stride : 0;
  TD *d = D + batch * d_stride;
  TS al = alpha_device ? *alpha_device : alpha, be = beta_device ? *beta_device : beta;
  long long i = (long long)blockIdx.x * LT_I8_TILE + threadIdx.x % LT_I8_TILE;
  if (i >= m) return;
  for (long long j = (long long)blockIdx.y * LT_I8_TILE + threadIdx.x / LT_I8_TILE; j < n;
       j += (long long)gridDim.y * LT_I8_TILE) {
    unsigned acc = 0;
    for (long long l = 0; l < k; l++) {
      int x = a[transa ? lt_offset(a_order, lda, l, i) : lt_offset(a_order, lda, i, l)];
      int y = b[transb ? lt_offset(b_order, ldb, j, l) : lt_offset(b_order, ldb, l, j)];
      acc += (unsigned)(x * y);
    }
    d[lt_offset(d_order, ldd, i, j)] =
        lt_i8_result((int)acc, al, be, c ? c + lt_offset(c_order, ldc, i, j) : (const TD *)0);
  }
}

/* Indexed by the problem's d8: 0 C/D 32I with scale 32I, 1 C/D 8I with scale 32F. */
extern "C" void *cublas_lt_int8_kernels[] = {(void *)lt_int8_matmul<int, int>,
                                             (void *)lt_int8_matmul<signed char, float>};
