/* tests/libraries/wmma/wmma_half.cu — nvcuda::wmma with half inputs: m16n16k16, m32n8k16
 * and m8n32k16, float and half accumulators, row- and column-major A and B, C and D in either
 * layout, fill_fragment, x[] scaled elementwise, K chains of 1 to 4 tiles (wmma_common.h). Exact
 * data: every product and sum is exact in half and float, so the check is exact; random data with a
 * float accumulator within (K + 2) * 2^-24 * (2 sum |a b| + 2 |c| + 1) (exact products, a float sum
 * of K + 1 terms, and the doubling). */
#include "wmma_common.h"

typedef wmma::row_major R;
typedef wmma::col_major Cm;

int main() {
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
