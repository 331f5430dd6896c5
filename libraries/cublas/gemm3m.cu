/* gemm3m.cu — the kernels of cublas{C,Z}gemm3m (gemm3m.c): Gauss's three-multiplication
 * complex product. split_kernel writes op(X) of one complex operand as three dense real
 * planes (real part, imaginary part, their sum); three real GEMMs of those planes give
 * T1 = Re A Re B, T2 = Im A Im B, T3 = (Re A + Im A)(Re B + Im B); combine_kernel forms
 * C = alpha (T1 - T2 + i (T3 - T1 - T2)) + beta C (beta == 0 does not read C). Batches
 * in blockIdx.y, from pointer arrays or base + stride. */
#include "cublas_device.cuh"

using namespace cublas_dev;

/* The planes of batch b start at out + b * 3 * rows * cols. */
template <class TC, class TA, class R>
__global__ void gemm3m_split_kernel(int op, int rows, int cols, const TA *M, const TA *const *array,
                                    int ld, long long stride, int batch0, R *out) {
  long long batch = batch0 + (long long)blockIdx.y;
  const TA *X = batch_matrix(M, array, stride, batch);
  long long plane = (long long)rows * cols;
  R *re = out + batch * 3 * plane, *im = re + plane, *sum = im + plane;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < plane;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % rows), p = (int)(e / rows);
    TC v = load_op<TC>(X, op, i, p, ld);
    re[e] = v.x;
    im[e] = v.y;
    sum[e] = v.x + v.y;
  }
}

/* T holds T1, T2, T3 of batch b at T + b * 3 * m * n. */
template <class TC, class R>
__global__ void gemm3m_combine_kernel(int m, int n, TC alpha, const TC *alpha_p, TC beta,
                                      const TC *beta_p, const R *T, TC *C, TC *const *Carray,
                                      int ldc, long long strideC, int batch0) {
  TC al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  long long batch = batch0 + (long long)blockIdx.y;
  TC *Cb = batch_matrix(C, Carray, strideC, batch);
  long long plane = (long long)m * n;
  const R *t1 = T + batch * 3 * plane, *t2 = t1 + plane, *t3 = t2 + plane;
  for (long long e = blockIdx.x * (long long)blockDim.x + threadIdx.x; e < plane;
       e += (long long)gridDim.x * blockDim.x) {
    int i = (int)(e % m), j = (int)(e / m);
    TC p;
    p.x = t1[e] - t2[e];
    p.y = t3[e] - t1[e] - t2[e];
    TC c = zero<TC>();
    if (!is_zero(be)) c = Cb[i + (long long)j * ldc];
    Cb[i + (long long)j * ldc] = madd(be, c, mul(al, p));
  }
}

extern "C" {
/* complex float, complex double, complex int8 (read as complex float: Cgemm3mEx) */
void *cublas_gemm3m_split_kernels[] = {(void *)gemm3m_split_kernel<float2, float2, float>,
                                       (void *)gemm3m_split_kernel<double2, double2, double>,
                                       (void *)gemm3m_split_kernel<float2, char2, float>};
/* complex float, complex double */
void *cublas_gemm3m_combine_kernels[] = {(void *)gemm3m_combine_kernel<float2, float>,
                                         (void *)gemm3m_combine_kernel<double2, double>};
}
