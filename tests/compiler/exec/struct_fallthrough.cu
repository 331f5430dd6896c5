// switch cases falling through into each other, a default that is
// unreachable (__builtin_unreachable) and one that traps: shared tails
// after each case, blocks that end in `unreachable`.
__device__ int fall(int k, int x) {
  switch (k & 7) {
  case 0: x += 3; [[fallthrough]];
  case 1: x *= 5; [[fallthrough]];
  case 2: x ^= 0x55; break;
  case 3: x -= 7; [[fallthrough]];
  case 4: x = (x << 2) | 1; [[fallthrough]];
  case 5: x += k; break;
  case 6: x = -x; [[fallthrough]];
  default: x ^= k << 4; break;
  }
  return x;
}

__device__ int pick(unsigned k, int a, int b) {
  switch (k % 3) {
  case 0: return a + b;
  case 1: return a - b;
  case 2: return a * b;
  default: __builtin_unreachable();
  }
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = out[i];
  int r = fall(v ^ i, v);
  if (i & 1)
    r = pick((unsigned)(v + i), r, i);
  else
    r = pick((unsigned)(v >> 3), i, r);
  out[i] = r;
}
