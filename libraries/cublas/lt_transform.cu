/* lt_transform.cu — cublasLtMatrixTransform's kernel (lt_transform.c): C = alpha op(A) +
 * beta op(B) element by element, in the scale type TS (float for 16F, 16BF and 32F storage,
 * double for 64F), rounded once to C's type. Each matrix comes as its element steps along
 * C's rows and columns (lt_transform.c folds the order, COL or ROW, and the operation, N or
 * T, into them) and its batch stride; A or B NULL adds nothing and is never read. Scalars
 * are values (host pointer mode) or device pointers (device mode, read by every thread).
 * Batches in blockIdx.z (plus batch0), a grid-stride loop over C's elements. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define LT_THREADS 256

template <class T, class TS>
__global__ void lt_transform(int rows, int cols, const T *A, long long a_rs, long long a_cs,
                             long long a_stride, const T *B, long long b_rs, long long b_cs,
                             long long b_stride, T *C, long long c_rs, long long c_cs,
                             long long c_stride, TS alpha, TS beta, const TS *alpha_device,
                             const TS *beta_device, int batch0) {
  long long batch = batch0 + (long long)blockIdx.z, total = (long long)rows * cols;
  TS al = alpha_device ? *alpha_device : alpha, be = beta_device ? *beta_device : beta;
  const T *a = A ? A + batch * a_stride : 0, *b = B ? B + batch * b_stride : 0;
  T *c = C + batch * c_stride;
  for (long long e = blockIdx.x * (long long)LT_THREADS + threadIdx.x; e < total;
       e += (long long)gridDim.x * LT_THREADS) {
    long long i = e % rows, j = e / rows;
    TS v = TS(0);
    if (a) v = al * convert<TS>::from(a[i * a_rs + j * a_cs]);
    if (b) v = v + be * convert<TS>::from(b[i * b_rs + j * b_cs]);
    store(c + i * c_rs + j * c_cs, v);
  }
}

/* Indexed by lt_transform.c's type index: 16F, 16BF, 32F, 64F. */
extern "C" void *cublas_lt_transform_kernels[] = {
    (void *)lt_transform<__half, float>, (void *)lt_transform<__nv_bfloat16, float>,
    (void *)lt_transform<float, float>, (void *)lt_transform<double, double>};
