// Generic pointers: one pointer that, depending on data, points into global
// memory, a private array or __shared__ memory, reassigned in a loop (a phi
// of several spaces) and used for loads and stores. Each thread uses only its
// own shared slots, so the host (no shared memory) computes the same.
struct Window { int lo, hi; };

__device__ int sum_range(const int *p, int n) {  // inlined: p stays generic
  int s = 0;
  for (int k = 0; k < n; k++) s += p[k] * (k + 1);
  return s;
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ int tile[64 * 4];
  int local[4];
  int *mine = &tile[(threadIdx.x & 63) * 4];
  for (int k = 0; k < 4; k++) {
    local[k] = (i * 7 + k) % 13;
    mine[k] = (i * 3 + k) % 17;
  }
  int *p = &out[2048 + 4 * i];  // global scratch of this thread
  for (int k = 0; k < 4; k++) p[k] = k * i;
  int acc = 0;
  for (int round = 0; round < 6; round++) {
    int choice = (i + round) % 3;
    p = choice == 0 ? &out[2048 + 4 * i] : choice == 1 ? local : mine;
    p[round & 3] += round;          // store through the generic pointer
    acc = acc * 5 + sum_range(p, 4);
  }
  out[i] = acc;
}
