/* tests/runtime/test_small_arena.c — device memory running out, with the
 * arena set to 8 MiB by ANCHOR_ARENA_SIZE (CTest sets it): the size shows in
 * the properties, allocation fails exactly when nothing large enough is
 * left (fragmentation included), the failure is not sticky, and freed
 * memory is reused. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuda_runtime.h"

enum { MIB = 1 << 20 };

int main(void) {
  const char *size = getenv("ANCHOR_ARENA_SIZE");
  if (!size || strcmp(size, "8M") != 0) {
    fprintf(stderr, "test_small_arena: run with ANCHOR_ARENA_SIZE=8M (CTest does)\n");
    return 1;
  }
  struct cudaDeviceProp p;
  CHECK_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  CHECK(p.totalGlobalMem == 8 * MIB);
  void *blocks[8], *extra = (void *)1;
  for (int i = 0; i < 8; i++)
    CHECK_ERR(cudaMalloc(&blocks[i], MIB), cudaSuccess);
  CHECK_ERR(cudaMalloc(&extra, 1), cudaErrorMemoryAllocation);
  CHECK(extra == NULL);
  CHECK_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);
  for (int i = 0; i < 8; i += 2)
    CHECK_ERR(cudaFree(blocks[i]), cudaSuccess);
  size_t free_bytes, total;
  CHECK_ERR(cudaMemGetInfo(&free_bytes, &total), cudaSuccess);
  CHECK(free_bytes == 4 * MIB && total == 8 * MIB);
  CHECK_ERR(cudaMalloc(&extra, 2 * MIB), cudaErrorMemoryAllocation); /* no 2 MiB hole */
  CHECK_ERR(cudaMalloc(&extra, MIB), cudaSuccess);
  CHECK(extra == blocks[0]);                   /* first fit reuses the first hole */
  CHECK_ERR(cudaFree(blocks[1]), cudaSuccess); /* joins holes 1 and 2 */
  void *two;
  CHECK_ERR(cudaMalloc(&two, 2 * MIB), cudaSuccess);
  CHECK(two == blocks[1]);
  CHECK_ERR(cudaMemset(two, 7, 2 * MIB), cudaSuccess);
  unsigned char last;
  CHECK_ERR(cudaMemcpy(&last, (char *)two + 2 * MIB - 1, 1, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(last == 7);
  cudaGetLastError();
  return check_finish("test_small_arena");
}
