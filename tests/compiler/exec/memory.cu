// Private arrays indexed at run time, structs with mixed alignment in device
// memory, __device__/__constant__ globals, memcpy/memset of structs.
struct Cell { char tag; short s; long long big; float f; };

__device__ int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__constant__ short weights[4] = {-2, 7, 11, -13};
__device__ Cell cells[256];

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || i >= 256) return;
  int local[10];
  // other threads' inputs come from the starting pattern (out[j] may be updated)
  for (int k = 0; k < 10; k++) local[k] = ((((i + k) % 64) * 37) % 101 - 50) * (k + 1);
  int idx = (out[i] + 100) % 10;
  local[idx] += table[i & 7];
  Cell c;
  c.tag = (char)(i * 3);
  c.s = (short)(out[i] * 100);
  c.big = (long long)local[idx] << 33;
  c.f = (float)weights[i & 3] * 0.5f;
  cells[i] = c;
  Cell d = cells[i];
  int sum = 0;
  for (int k = 0; k < 10; k++) sum += local[k] ^ k;
  out[i] = sum + d.tag + d.s + (int)(d.big >> 33) + (int)(d.f * 4.0f);
}
