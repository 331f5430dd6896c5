// Branches: if/else chains, short-circuit conditions, switch, select, early
// return, signed/unsigned arithmetic of several widths.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = out[i];
  int r;
  switch ((v + i) & 7) {
  case 0: r = v * 3; break;
  case 1: r = v - 100; break;
  case 3: r = -v; // fall through
  case 4: r = v << 2; break;
  case 6: r = (v > 0 && i % 3 == 0) || v < -40 ? 17 : 19; break;
  default: r = i;
  }
  signed char c = (signed char)(v * 7);
  unsigned short us = (unsigned short)(v * 1000);
  long long big = (long long)v * 123456789LL;
  if (i & 1) {
    if (v < -10 || (v > 10 && (i & 2))) r += c / 3;
    else r -= (int)(us % 1000u);
  } else if (v == 0) {
    out[i] = 12345;
    return;
  } else {
    r ^= (int)(big >> 20);
  }
  unsigned u = (unsigned)v;
  out[i] = r + (int)(u / 7u) + (c >> 2) + (int)(big % 1000);
}
