/* tests/libraries/wmma/wmma_bf16.cu — nvcuda::wmma with __nv_bfloat16 inputs and float
 * accumulators: m16n16k16, m32n8k16, m8n32k16, both layouts of A, B, C and D,
 * fill_fragment, x[] scaled elementwise, K chains (wmma_common.h). Exact data (every
 * product and sum exact in bfloat16 and float): exact check; random data within
 * (K + 4) * 2^-24 * (2 sum |a b| + 2 |c| + 1). */
#include "wmma_common.h"

typedef wmma::row_major R;
typedef wmma::col_major Cm;

int main() {
  typedef __nv_bfloat16 bf;
  run_case<bf, bf, float, 16, 16, 16, R, R>("bf16 m16n16k16 rr", 2, 2, 64, 1, 1, 0, EXACT, 0);
  run_case<bf, bf, float, 16, 16, 16, Cm, R>("bf16 m16n16k16 cr fill", 1, 3, 32, 0, 0, 1, EXACT, 0);
  run_case<bf, bf, float, 32, 8, 16, R, Cm>("bf16 m32n8k16 rc", 2, 2, 48, 0, 1, 0, EXACT, 0);
  run_case<bf, bf, float, 8, 32, 16, Cm, Cm>("bf16 m8n32k16 cc", 2, 2, 32, 1, 0, 0, EXACT, 0);
  run_case<bf, bf, float, 16, 16, 16, R, Cm>("bf16 m16n16k16 random", 2, 2, 64, 1, 1, 0, RANDOM,
                                             68 * 5.9604644775390625e-8);
  return finish("wmma_bf16");
}
