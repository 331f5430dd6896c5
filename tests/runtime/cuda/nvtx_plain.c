/* nvtx_plain.c — NVTX in a plain C program, built by the system's C compiler and not linked
 * with libanchor (nvtx_plain.sh): with no tool the calls are no-ops (push/pop return
 * NVTX_NO_PUSH_POP_TRACKING, -2); with NVTX_INJECTION64_PATH naming libanchor, the same
 * binary's calls reach libanchor's tool (levels 0, 1, then 1, 0 back) — with Anchor's
 * header and, where CUDA's toolkit is installed, with NVIDIA's own nvtx3 header (the
 * injection ABI is NVTX's). Prints the levels; the script compares them. */
#include <nvtx3/nvToolsExt.h>
#include <stdio.h>

int main(void) {
  int a = nvtxRangePushA("outer");
  int b = nvtxRangePushA("inner");
  nvtxMarkA("mark");
  nvtxRangeId_t id = nvtxRangeStartA("whole");
  nvtxRangeEnd(id);
  int c = nvtxRangePop();
  int d = nvtxRangePop();
  printf("levels %d %d %d %d\n", a, b, c, d);
  return 0;
}
