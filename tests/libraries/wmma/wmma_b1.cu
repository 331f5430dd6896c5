/* tests/libraries/wmma/wmma_b1.cu — nvcuda::wmma's experimental::precision::b1 (m8n8k128,
 * bits packed 32 to a word, int accumulators) with bmma_sync: bmmaBitOpXOR (the default)
 * and bmmaBitOpAND, then bmmaAccumulateOpPOPC (the set bits counted): GEMMs with K chains,
 * C and D in both layouts, fill_fragment, x[] scaled, against a host reference
 * (wmma_subbyte.h); fill_fragment on the packed matrices (the fill value's lowest bit). */
#include "wmma_subbyte.h"

typedef wexp::precision::b1 T;

int main() {
  run_case<T>("gemm xor", 2, 3, 384, 1, 1, 0, 0);
  run_case<T>("gemm and", 2, 3, 384, 0, 1, 0, 1);
  run_case<T>("gemm xor", 1, 2, 128, 1, 0, 1, 0);
  run_case<T>("gemm and", 3, 1, 256, 0, 0, 0, 1);
#ifdef ANCHOR_MMA_H /* Anchor's mma.h: any ldm (nvcc needs 128-bit multiples) */
  run_case<T>("gemm odd ldm", 2, 2, 256, 1, 1, 0, 1, 5);
#endif
  fill_case<T>(1, 1, 5, 1, 1);               /* AND of ones: 128 */
  fill_case<T>(1, 1, 5, 0, 0);               /* XOR of ones: 0 */
  fill_case<T>(1, 0, -9, 0, 1);              /* XOR: 128 */
  fill_case<T>(3, 2, 7, 1, 0);               /* lowest bits 1 and 0: AND 0 */
  fill_case<T>(1, 1, 2147483647 - 50, 1, 1); /* wraps past INT_MAX */
  return finish("wmma_b1");
}
