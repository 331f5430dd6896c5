/* tests/libraries/wmma/wmma_u4.cu — nvcuda::wmma's experimental::precision::u4 (m8n8k32,
 * unsigned 4-bit inputs packed 8 to a 32-bit word, int accumulators; exact on Anchor: lane
 * exchanges and integer arithmetic): GEMMs with K chains, C and D in both layouts,
 * fill_fragment, x[] scaled, against a host reference (wmma_subbyte.h); fill_fragment on
 * the packed matrices (the fill value's low 4 bits); mma_sync's satf: results past
 * INT_MAX saturate with it and wrap without it. */
#include "wmma_subbyte.h"

typedef wexp::precision::u4 T;

int main() {
  run_case<T>("gemm", 2, 3, 128, 1, 1, 0, 0);
  run_case<T>("gemm", 1, 2, 32, 0, 1, 0, 0);
  run_case<T>("gemm", 3, 1, 96, 1, 0, 1, 0);
  run_case<T>("gemm satf (no overflow)", 2, 2, 64, 0, 0, 0, 1);
#ifdef ANCHOR_MMA_H /* Anchor's mma.h: any ldm (nvcc needs 128-bit multiples) */
  run_case<T>("gemm odd ldm", 2, 2, 64, 1, 1, 0, 0, 3);
#endif
  fill_case<T>(15, 15, 5, 0, 225);
  fill_case<T>(0x1f, 3, -1000, 0, 45); /* only the low 4 bits of 0x1f: 15 */
  fill_case<T>(15, 15, 2147483647 - 100, 1, 225);
  fill_case<T>(15, 15, 2147483647 - 100, 0, 225);
  return finish("wmma_u4");
}
