// Code from which nothing returns (an endless loop, as Csmith reaches through gotos):
// (1) an if/else inside such code, before the loop: its arms merge although no path
// from them returns (cfg.c endless_ipdom); (2) a tail that an early branch and a later
// branch both jump into, ending in an endless loop, while the rest of the kernel
// returns (passes.c single_exit gives the loop an exit that is never taken). The
// endless code never runs here: out[] never holds the values that lead into it, but
// the compiler cannot know.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  volatile int *vo = out;
  unsigned v = (unsigned)out[i] * 2654435761u + (unsigned)i;
  int r = (int)(v >> 7);
  if (n == -123456789) {
    /* (1) a branch whose arms merge in code that never returns */
    if (v & 1) {
      for (unsigned k = 0; k < (v >> 28); k++) /* no select can replace an arm */
        vo[i] = r + (int)k;
    } else {
      vo[i] = r ^ 5;
      vo[i] = 0;
    }
    r *= 7;
    for (;;) vo[i] = r;
  }
  if (out[i] == -987654321) goto tail;
  r += (int)(v % 1009u);
  for (int k = 0; k < (int)(v & 7u); k++) {
    r = r * 3 + k;
    if (r == -55555) goto tail; /* a later branch into the same tail */
  }
  out[i] = r;
  return;
tail:
  r ^= 0x55;
  for (;;) vo[i] = r + 1;
}
