// Loops left at several places into code the exits share (unify-loop-exits
// leaves a guard whose switch has an unreachable default), a switch covering
// every value inside a loop, and an early return from a nested loop.
__device__ int classify(unsigned v) {
  switch (v % 4u) { /* covers every value: the default is unreachable */
  case 0: return 3;
  case 1: return -5;
  case 2: return 7;
  case 3: return 11;
  }
  __builtin_unreachable();
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = (unsigned)out[i] * 747796405u + (unsigned)i;
  int r = (int)(v & 63u);
  for (int k = 0; k < 24; k++) {
    v ^= v << 13, v ^= v >> 17, v ^= v << 5;
    r += classify(v);
    if (r > 200) goto big;
    if (r < -100) goto small;
    if ((v & 1023u) == 7u) goto odd;
  }
  r += 1;
  goto done;
big:
  r -= 50;
small:
  r = r * 3;
odd:
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++) {
      r += classify(v + (unsigned)(a * b));
      if (r == 1234) { /* an early return from the nested loops */
        out[i] = -1;
        return;
      }
    }
done:
  out[i] = r ^ (int)(v >> 20);
}
