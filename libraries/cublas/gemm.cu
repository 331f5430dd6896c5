/* gemm.cu — the GEMM kernel behind cublas<t>gemm, the batched and strided-batched forms
 * and cublasGemmEx & co.: C = alpha op(A) op(B) + beta C, column-major, one templated
 * tiled kernel over (storage type of A and B, storage type of C, compute type). A block
 * of 16x16 threads computes a 64x64 tile of C, each thread 4x4 elements, through 64x8 /
 * 8x64 tiles of op(A) and op(B) in shared memory held in the compute type. Batches are
 * blockIdx.z (plus batch0 for batch counts beyond the grid's z limit); a batch's
 * matrices come from a device array of pointers when one is given, else from the base
 * pointer plus batch * stride. alpha == 0 reads neither A nor B; beta == 0 does not read
 * C (NaN or Inf in C stays out), as the BLAS defines.
 *
 * The C side picks a kernel in one place, gemm.c's cublas_gemm_select: this one
 * (cublas_gemm_kernels, indexed by cublas_gemm_variant, cublas_internal.h) for double,
 * complex, 16F-compute and integer GEMMs; gemm_simdgroup.cu's simdgroup_matrix kernel for
 * the float-compute ones. */
#include "cublas_device.cuh"

using namespace cublas_dev;

#define GEMM_BM 64
#define GEMM_BN 64
#define GEMM_BK 8
#define GEMM_THREADS 256

template <class TA, class TC, class TS>
__global__ void __launch_bounds__(GEMM_THREADS)
    gemm_kernel(int transa, int transb, int m, int n, int k, TS alpha, const TS *alpha_p,
                const TA *A, const TA *const *Aarray, int lda, long long strideA, const TA *B,
                const TA *const *Barray, int ldb, long long strideB, TS beta, const TS *beta_p,
                TC *C, TC *const *Carray, int ldc, long long strideC, int batch0) {
  __shared__ TS As[GEMM_BK][GEMM_BM];
  __shared__ TS Bs[GEMM_BK][GEMM_BN];
  long long batch = batch0 + (long long)blockIdx.z;
  const TA *a = batch_matrix(A, Aarray, strideA, batch);
  const TA *b = batch_matrix(B, Barray, strideB, batch);
  TC *c = batch_matrix(C, Carray, strideC, batch);
  TS al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  int row0 = blockIdx.x * GEMM_BM, col0 = blockIdx.y * GEMM_BN;

  TS acc[4][4];
  for (int r = 0; r < 4; r++)
    for (int s = 0; s < 4; s++)
      acc[r][s] = zero<TS>();

  if (!is_zero(al)) {
    for (int p0 = 0; p0 < k; p0 += GEMM_BK) {
      for (int e = tid; e < GEMM_BM * GEMM_BK; e += GEMM_THREADS) {
        int i = e % GEMM_BM, kk = e / GEMM_BM, gi = row0 + i, gp = p0 + kk;
        if (gi < m && gp < k)
          As[kk][i] = load_op<TS>(a, transa, gi, gp, lda);
        else
          As[kk][i] = zero<TS>();
      }
      for (int e = tid; e < GEMM_BN * GEMM_BK; e += GEMM_THREADS) {
        int kk = e % GEMM_BK, j = e / GEMM_BK, gj = col0 + j, gp = p0 + kk;
        /* op(B)(p, j): N reads B[p + j ldb]; T and C read B[j + p ldb] */
        if (gj < n && gp < k)
          Bs[kk][j] = load_op<TS>(b, transb, gp, gj, ldb);
        else
          Bs[kk][j] = zero<TS>();
      }
      __syncthreads();
      for (int kk = 0; kk < GEMM_BK; kk++) {
        TS ar[4], br[4];
        for (int r = 0; r < 4; r++)
          ar[r] = As[kk][tx + 16 * r];
        for (int s = 0; s < 4; s++)
          br[s] = Bs[kk][ty + 16 * s];
        for (int r = 0; r < 4; r++)
          for (int s = 0; s < 4; s++)
            acc[r][s] = madd(ar[r], br[s], acc[r][s]);
      }
      __syncthreads();
    }
  }

  for (int r = 0; r < 4; r++)
    for (int s = 0; s < 4; s++) {
      int i = row0 + tx + 16 * r, j = col0 + ty + 16 * s;
      if (i >= m || j >= n) continue;
      TC *out = c + i + (long long)j * ldc;
      TS v = mul(al, acc[r][s]);
      if (!is_zero(be)) v = madd(be, convert<TS>::from(*out), v);
      store(out, v);
    }
}

#define GEMM_ENTRY(TA, TC, TS) (void *)gemm_kernel<TA, TC, TS>

/* Indexed by cublas_gemm_variant (cublas_internal.h): keep the two in the same order. */
extern "C" void *cublas_gemm_kernels[] = {
    GEMM_ENTRY(float, float, float),                 /* S */
    GEMM_ENTRY(double, double, double),              /* D */
    GEMM_ENTRY(float2, float2, float2),              /* C */
    GEMM_ENTRY(double2, double2, double2),           /* Z */
    GEMM_ENTRY(__half, __half, __half),              /* H: 16F in, 16F out, 16F compute */
    GEMM_ENTRY(__half, __half, float),               /* 16F in, 16F out, 32F compute */
    GEMM_ENTRY(__half, float, float),                /* 16F in, 32F out */
    GEMM_ENTRY(__nv_bfloat16, __nv_bfloat16, float), /* 16BF in, 16BF out */
    GEMM_ENTRY(__nv_bfloat16, float, float),         /* 16BF in, 32F out */
    GEMM_ENTRY(signed char, float, float),           /* 8I in, 32F out */
    GEMM_ENTRY(signed char, int, int),               /* 8I in, 32I out, 32I compute */
    GEMM_ENTRY(char2, float2, float2),               /* C8I in, C32F out */
};
