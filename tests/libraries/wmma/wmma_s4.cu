/* tests/libraries/wmma/wmma_s4.cu — nvcuda::wmma's experimental::precision::s4 (m8n8k32,
 * signed 4-bit inputs -8..7 packed 8 to a 32-bit word, int accumulators; exact on Anchor):
 * GEMMs with K chains, C and D in both layouts, fill_fragment, x[] scaled, against a host
 * reference (wmma_subbyte.h); fill_fragment on the packed matrices (the fill value's low 4
 * bits, two's complement); mma_sync's satf past INT_MAX and INT_MIN, and wrapping without. */
#include "wmma_subbyte.h"

typedef wexp::precision::s4 T;

int main() {
  run_case<T>("gemm", 2, 3, 128, 1, 1, 0, 0);
  run_case<T>("gemm", 1, 2, 32, 0, 1, 0, 0);
  run_case<T>("gemm", 3, 1, 96, 1, 0, 1, 0);
  run_case<T>("gemm satf (no overflow)", 2, 2, 64, 0, 0, 0, 1);
#ifdef ANCHOR_MMA_H /* Anchor's mma.h: any ldm (nvcc needs 128-bit multiples) */
  run_case<T>("gemm odd ldm", 2, 2, 64, 1, 1, 0, 0, 3);
#endif
  fill_case<T>(-8, 7, 5, 0, -56);
  fill_case<T>(-8, -8, -3, 0, 64);
  fill_case<T>(0x17, -1, 0, 0, -7); /* only the low 4 bits of 0x17: 7 */
  fill_case<T>(7, 7, 2147483647 - 100, 1, 49);
  fill_case<T>(7, 7, 2147483647 - 100, 0, 49);
  fill_case<T>(-8, 7, -2147483647 + 100, 1, -56);
  fill_case<T>(-8, 7, -2147483647 + 100, 0, -56);
  return finish("wmma_s4");
}
