/* lt_transform.cu — cublasLtMatrixTransform's kernel (lt_transform.c): C = alpha op(A) +
 * beta op(B) element by element, in the scale type TS (float for 8I, 16F, 16BF and 32F
 * storage, double for 32I and 64F: a 32I element and its float scalar's product exact
 * before the one rounding), rounded once to C's type (8I and 32I: to nearest, ties to even,
 * saturated). Each matrix comes as its order (lt_order.cuh's offsets: COL, ROW and the tiled
 * orders), leading dimension and batch stride; A and B also as whether they are transposed
 * (op T). A or B NULL adds nothing and is never read. Scalars are values (host pointer mode)
 * or device pointers (device mode, read by every thread). Batches in blockIdx.z (plus
 * batch0), a grid-stride loop over C's elements. */
#include "cublas_device.cuh"
#include "lt_order.cuh"

using namespace cublas_dev;

#define LT_THREADS 256

/* Loading an element into the scale type and storing one rounded to the storage type. */
template <class TS> struct lt_elem {
  template <class T> __device__ static TS load(T a) { return convert<TS>::from(a); }
  __device__ static TS load(int a) { return (TS)a; }
  template <class T> __device__ static void put(T *p, TS v) { store(p, v); }
  __device__ static void put(signed char *p, TS v) {
    TS r = rint(v);
    *p = (signed char)(r < TS(-128) ? -128 : r > TS(127) ? 127 : (int)r);
  }
  __device__ static void put(int *p, TS v) {
    TS r = rint(v);
    *p = r < TS(-2147483648.0) ? (int)0x80000000 : r > TS(2147483647.0) ? 0x7fffffff : (int)r;
  }
};

template <class T, class TS, class TSC>
__global__ void lt_transform(int rows, int cols, const T *A, int a_order, long long lda, int a_t,
                             long long a_stride, const T *B, int b_order, long long ldb, int b_t,
                             long long b_stride, T *C, int c_order, long long ldc,
                             long long c_stride, TSC alpha, TSC beta, const TSC *alpha_device,
                             const TSC *beta_device, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z, total = (long long)rows * cols;
  TS al = (TS)(alpha_device ? *alpha_device : alpha), be = (TS)(beta_device ? *beta_device : beta);
  const T *a = A ? A + batch * a_stride : 0, *b = B ? B + batch * b_stride : 0;
  T *c = C + batch * c_stride;
  for (long long e = blockIdx.x * (long long)LT_THREADS + threadIdx.x; e < total;
       e += (long long)gridDim.x * LT_THREADS) {
    long long i = e % rows, j = e / rows;
    TS v = TS(0);
    if (a)
      v = al *
          lt_elem<TS>::load(a[a_t ? lt_offset(a_order, lda, j, i) : lt_offset(a_order, lda, i, j)]);
    if (b)
      v = v + be * lt_elem<TS>::load(
                       b[b_t ? lt_offset(b_order, ldb, j, i) : lt_offset(b_order, ldb, i, j)]);
    lt_elem<TS>::put(c + lt_offset(c_order, ldc, i, j), v);
  }
}

/* Indexed by lt_transform.c's type index: 16F, 16BF, 32F, 64F, 8I, 32I. */
extern "C" void *cublas_lt_transform_kernels[] = {(void *)lt_transform<__half, float, float>,
                                                  (void *)lt_transform<__nv_bfloat16, float, float>,
                                                  (void *)lt_transform<float, float, float>,
                                                  (void *)lt_transform<double, double, double>,
                                                  (void *)lt_transform<signed char, float, float>,
                                                  (void *)lt_transform<int, double, float>};
