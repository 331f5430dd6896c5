/* tests/libraries/wmma/wmma_half.cu — nvcuda::wmma with half inputs: m16n16k16, m32n8k16
 * and m8n32k16, float and half accumulators (and CUDA's mixed d/c types), row- and column-major A
 * and B, C and D in either layout, fill_fragment, x[] scaled elementwise, K chains of 1 to 4 tiles
 * (wmma_common.h). Exact data: every product and sum is exact in half and float, so the check is
 * exact; random data with a float accumulator within (K + 2) * 2^-24 * (2 sum |a b| + 2 |c| + 1)
 * (exact products, a float sum of K + 1 terms, and the doubling). */
#include "wmma_common.h"

typedef wmma::row_major R;
typedef wmma::col_major Cm;

/* CUDA's mixed accumulators: d float from c half, d half from c float (m16n16k16). */
template <class TD, class TC>
__global__ void mixed(const __half *a, const __half *b, const TC *c, TD *d) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, TC> fc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, TD> fd;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
  wmma::mma_sync(fd, fa, fb, fc);
  wmma::store_matrix_sync(d, fd, 16, wmma::mem_row_major);
}

template <class TD, class TC> static void mixed_case(const char *name) {
  __half ha[256], hb[256];
  TC hc[256];
  TD hd[256];
  double da[256], db[256], dc[256];
  for (int i = 0; i < 256; i++) {
    ha[i] = __float2half(da[i] = ((i * 7) % 9 - 4) * 0.25);
    hb[i] = __float2half(db[i] = ((i * 5) % 7 - 3) * 0.5);
    hc[i] = from_double<TC>(dc[i] = (i * 3) % 11 - 5);
  }
  __half *a, *b;
  TC *c;
  TD *d;
  CHECK_CUDA(cudaMalloc(&a, sizeof ha));
  CHECK_CUDA(cudaMalloc(&b, sizeof hb));
  CHECK_CUDA(cudaMalloc(&c, sizeof hc));
  CHECK_CUDA(cudaMalloc(&d, sizeof hd));
  CHECK_CUDA(cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(c, hc, sizeof hc, cudaMemcpyHostToDevice));
  mixed<TD, TC><<<1, 32>>>(a, b, c, d);
  CHECK_CUDA(cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int r = 0; r < 16; r++)
    for (int col = 0; col < 16; col++) {
      double want = dc[r * 16 + col];
      for (int k = 0; k < 16; k++)
        want += da[r * 16 + k] * db[k * 16 + col];
      double got = to_double(hd[r * 16 + col]);
      if (got != want && wrong++ < 3)
        printf("  %s: D(%d, %d) = %g, want %g\n", name, r, col, got, want);
    }
  printf("%s %s\n", wrong ? "FAIL" : "ok  ", name);
  if (wrong) failures++;
  cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(d);
}

int main() {
  mixed_case<float, __half>("half m16n16k16 d f32 from c f16");
  mixed_case<__half, float>("half m16n16k16 d f16 from c f32");
  run_case<__half, __half, float, 16, 16, 16, R, R>("half m16n16k16 f32 rr", 2, 3, 64, 1, 1, 0,
                                                    EXACT, 0);
  run_case<__half, __half, float, 16, 16, 16, Cm, Cm>("half m16n16k16 f32 cc", 2, 2, 32, 0, 0, 0,
                                                      EXACT, 0);
  run_case<__half, __half, float, 16, 16, 16, R, Cm>("half m16n16k16 f32 rc fill", 1, 2, 48, 1, 0,
                                                     1, EXACT, 0);
  run_case<__half, __half, float, 32, 8, 16, Cm, R>("half m32n8k16 f32 cr", 2, 3, 32, 0, 1, 0,
                                                    EXACT, 0);
  run_case<__half, __half, float, 8, 32, 16, R, R>("half m8n32k16 f32 rr", 3, 2, 16, 1, 0, 0, EXACT,
                                                   0);
  run_case<__half, __half, __half, 16, 16, 16, R, R>("half m16n16k16 f16 rr", 2, 2, 32, 1, 1, 0,
                                                     EXACT, 0);
  run_case<__half, __half, __half, 32, 8, 16, Cm, Cm>("half m32n8k16 f16 cc", 1, 2, 64, 0, 1, 0,
                                                      EXACT, 0);
  run_case<__half, __half, __half, 8, 32, 16, R, Cm>("half m8n32k16 f16 rc fill", 2, 1, 16, 1, 1, 1,
                                                     EXACT, 0);
  const double f32 = 68 * 5.9604644775390625e-8; /* (64 + 4) * 2^-24 */
  run_case<__half, __half, float, 16, 16, 16, R, Cm>("half m16n16k16 f32 random", 2, 2, 64, 1, 1, 0,
                                                     RANDOM, f32);
  run_case<__half, __half, float, 32, 8, 16, R, R>("half m32n8k16 f32 random", 1, 2, 64, 0, 0, 0,
                                                   RANDOM, f32);
  return finish("wmma_half");
}
