/* gemm_simdgroup.cu — the GEMM kernel on MSL's simdgroup_matrix (issue 16, "GEMM speed"):
 * C = alpha op(A) op(B) + beta C, column-major, float compute, for the float-compute type
 * combinations (SGEMM and GemmEx's 16F / 16BF / 8I inputs with 32F compute). gemm.c's
 * cublas_gemm_select says which problems come here.
 *
 * A block of 4 SIMD-groups (128 threads) computes a 64x32 tile of C; SIMD-group s owns the
 * 32x16 quarter (s % 2, s / 2), i.e. 4x2 tiles of 8x8, each held as the lane's pair of
 * elements (anchor/simdgroup_matrix.h, thread_elements() positions). k advances by
 * GEMM_SG_BK = 16: the block stages 64x16 of op(A) and 16x32 of op(B) in threadgroup
 * memory (6 KiB, as float: 16F, 16BF and 8I widen exactly), zero outside m, n and k, so the
 * edges need no other case; then per 8-deep slice each SIMD-group does 8
 * __anchor_sgmma_f32 calls (one MSL simdgroup_multiply_accumulate each) from 4 A pairs and
 * 2 B pairs. The shape is what softmetal's vectorizer takes (at most 1500 instructions
 * after inlining: 4x4 tiles per SIMD-group, or the two slices unrolled, make the kernel
 * run in lockstep, 10-20 times slower there).
 * The accumulator chains through the calls, so each C element is one float sum of its k
 * products from 0, in k order (on softmetal each product one fma: the tiled kernel's sum,
 * bit for bit; Apple does not document its hardware's rounding inside one 8-step).
 * The epilogue is gemm.cu's: alpha times the sum, then beta C with one fma, beta == 0
 * never reading C, alpha == 0 reading neither A nor B. Batches as gemm.cu. */
#include "cublas_device.cuh"

#include <anchor/simdgroup_matrix.h>

using namespace cublas_dev;

#define GEMM_SG_BM 64
#define GEMM_SG_BN 32
#define GEMM_SG_BK 16
#define GEMM_SG_THREADS 128
/* 8x8 tiles of one SIMD-group's share: 4 x 2 (32 x 16 of C) */
#define GEMM_SG_TM 4
#define GEMM_SG_TN 2

__device__ inline unsigned long long sg_pair(float a, float b) {
  return (unsigned long long)__float_as_uint(a) | (unsigned long long)__float_as_uint(b) << 32;
}

template <class TA, class TC>
__global__ void __launch_bounds__(GEMM_SG_THREADS)
    gemm_simdgroup_kernel(int transa, int transb, int m, int n, int k, float alpha,
                          const float *alpha_p, const TA *A, const TA *const *Aarray, int lda,
                          long long strideA, const TA *B, const TA *const *Barray, int ldb,
                          long long strideB, float beta, const float *beta_p, TC *C,
                          TC *const *Carray, int ldc, long long strideC, int batch0) {
  /* As[p][i] = op(A)(row0 + i, p0 + p); Bs[p][j] = op(B)(p0 + p, col0 + j) */
  __shared__ float As[GEMM_SG_BK][GEMM_SG_BM];
  __shared__ float Bs[GEMM_SG_BK][GEMM_SG_BN];
  long long batch = batch0 + (long long)blockIdx.z;
  const TA *a = batch_matrix(A, Aarray, strideA, batch);
  const TA *b = batch_matrix(B, Barray, strideB, batch);
  TC *c = batch_matrix(C, Carray, strideC, batch);
  float al = scalar(alpha, alpha_p), be = scalar(beta, beta_p);
  int tid = threadIdx.x, lane = tid % 32, sg = tid / 32;
  int row0 = blockIdx.x * GEMM_SG_BM, col0 = blockIdx.y * GEMM_SG_BN;
  /* the lane's pair in every 8x8 tile: (r, c) and (r, c + 1) */
  int r = ((lane / 4) & 4) + (lane / 2) % 4, cc = ((lane / 4) & 2) * 2 + (lane % 2) * 2;
  /* the SIMD-group's quarter of the block's tile */
  int sm = (sg % 2) * (8 * GEMM_SG_TM), sn = (sg / 2) * (8 * GEMM_SG_TN);

  unsigned long long acc[GEMM_SG_TM][GEMM_SG_TN];
  for (int ti = 0; ti < GEMM_SG_TM; ti++)
    for (int tj = 0; tj < GEMM_SG_TN; tj++)
      acc[ti][tj] = 0; /* two +0.0f */

  if (al != 0.0f) {
    for (int p0 = 0; p0 < k; p0 += GEMM_SG_BK) {
      for (int e = tid; e < GEMM_SG_BM * GEMM_SG_BK; e += GEMM_SG_THREADS) {
        int i = e % GEMM_SG_BM, p = e / GEMM_SG_BM, gi = row0 + i, gp = p0 + p;
        As[p][i] = gi < m && gp < k ? load_op<float>(a, transa, gi, gp, lda) : 0.0f;
      }
      for (int e = tid; e < GEMM_SG_BN * GEMM_SG_BK; e += GEMM_SG_THREADS) {
        /* op(B)(p, j): N reads B[p + j ldb]; T and C read B[j + p ldb] */
        int p = e % GEMM_SG_BK, j = e / GEMM_SG_BK, gj = col0 + j, gp = p0 + p;
        Bs[p][j] = gj < n && gp < k ? load_op<float>(b, transb, gp, gj, ldb) : 0.0f;
      }
      __syncthreads();
#pragma unroll 1
      for (int s = 0; s < GEMM_SG_BK; s += 8) {
        unsigned long long ap[GEMM_SG_TM], bp[GEMM_SG_TN];
        for (int ti = 0; ti < GEMM_SG_TM;
             ti++) /* A tile (rows sm + 8 ti.., k s..): (r, cc), (r, cc + 1) */
          ap[ti] = sg_pair(As[s + cc][sm + 8 * ti + r], As[s + cc + 1][sm + 8 * ti + r]);
        for (int tj = 0; tj < GEMM_SG_TN; tj++) /* B tile (k s.., cols sn + 8 tj..) */
          bp[tj] = sg_pair(Bs[s + r][sn + 8 * tj + cc], Bs[s + r][sn + 8 * tj + cc + 1]);
        for (int ti = 0; ti < GEMM_SG_TM; ti++)
          for (int tj = 0; tj < GEMM_SG_TN; tj++)
            acc[ti][tj] = __anchor_sgmma_f32(ap[ti], bp[tj], acc[ti][tj]);
      }
      __syncthreads();
    }
  }

  for (int ti = 0; ti < GEMM_SG_TM; ti++)
    for (int tj = 0; tj < GEMM_SG_TN; tj++)
      for (int h = 0; h < 2; h++) {
        int i = row0 + sm + 8 * ti + r, j = col0 + sn + 8 * tj + cc + h;
        if (i >= m || j >= n) continue;
        TC *out = c + i + (long long)j * ldc;
        float v = al * __uint_as_float((unsigned)(acc[ti][tj] >> (32 * h)));
        if (be != 0.0f) v = __fmaf_rn(be, convert<float>::from(*out), v);
        store(out, v);
      }
}

#define GEMM_SG_ENTRY(TA, TC) (void *)gemm_simdgroup_kernel<TA, TC>

/* Indexed by cublas_gemm_variant (cublas_internal.h); NULL where this kernel does not
 * apply (gemm.c's cublas_gemm_select says why). */
extern "C" void *cublas_gemm_simdgroup_kernels[] = {
    GEMM_SG_ENTRY(float, float),                 /* S */
    nullptr,                                     /* D */
    nullptr,                                     /* C */
    nullptr,                                     /* Z */
    nullptr,                                     /* H: 16F compute */
    GEMM_SG_ENTRY(__half, __half),               /* 16F in, 16F out, 32F compute */
    GEMM_SG_ENTRY(__half, float),                /* 16F in, 32F out */
    GEMM_SG_ENTRY(__nv_bfloat16, __nv_bfloat16), /* 16BF in, 16BF out */
    GEMM_SG_ENTRY(__nv_bfloat16, float),         /* 16BF in, 32F out */
    GEMM_SG_ENTRY(signed char, float),           /* 8I in, 32F out */
    nullptr,                                     /* 8I in, 32I out: integer */
    nullptr,                                     /* C8I in, C32F out: complex */
};
