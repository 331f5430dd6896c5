// memmove with overlapping ranges in both directions (device memory and a
// private array), memcpy/memset of variable length.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 64) return;
  int *row = out + 64 * i;           // each thread owns 64 ints
  int shift = (i % 5) + 1;
  if (i & 1)
    __builtin_memmove(row + shift, row, (size_t)(40 - shift) * 4);  // backward
  else
    __builtin_memmove(row, row + shift, (size_t)(40 - shift) * 4);  // forward
  char local[48];
  for (int k = 0; k < 48; k++) local[k] = (char)(row[k] + k);
  __builtin_memmove(local + 3, local + 1, (size_t)(n % 20 + 5));
  __builtin_memset(local + 30, i, (size_t)(i % 9));
  int acc = 0;
  for (int k = 0; k < 48; k++) acc = acc * 31 + local[k];
  row[63] = acc;
}
