// Loops of every shape: counted, nested with break/continue, early exits,
// a data-dependent while loop, do-while.
__device__ int collatz_steps(int x) {
  int steps = 0;
  while (x != 1 && steps < 500) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
  }
  return steps;
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = out[i];
  int acc = 0;
  for (int a = 0; a < (i % 7) + 3; a++) {
    if ((a + v) % 3 == 0) continue;
    for (int b = a; b < 12; b++) {
      if (b * a > 40 + v) break;
      acc += (a ^ b) - v;
    }
    if (acc > 2000) break;
  }
  int w = v;
  do { w = w * 5 + 3; } while ((w & 15) != 7 && w < 100000 && w > -100000);
  out[i] = acc * 31 + collatz_steps((i % 50) + 1) + (w & 255);
}
