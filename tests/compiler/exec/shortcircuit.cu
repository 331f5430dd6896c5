// Conditions with side effects in their second half (`a || f()`): both arms
// of the first branch reach the same block before they merge, which needs
// structurizecfg before emission.
__device__ __noinline__ bool bump(int *p, int k) {
  *p += k;
  return *p > 20;
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int *mine = &out[i];
  int v = *mine;
  if (v > 25 || bump(mine, i & 15)) {
    *mine = *mine * 3 + 1;
  }
  for (int k = 0; k < 4; k++) {
    if ((v & k) == 1 || bump(mine, k)) continue;
    *mine -= 2;
  }
}
