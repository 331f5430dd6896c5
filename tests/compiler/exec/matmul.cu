// Tiled matrix multiply through shared memory with barriers inside a loop:
// C(16x16) = A * B with A at out[0..255], B at out[256..511], C written to
// out[512..767]. One block of 256 threads; 4x4 tiles. The host computes C
// directly (no barriers on the CPU).
// EXEC: 1000 1 256
#define N 16
#define T 4
__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, row = t / N, col = t % N;
  const int *A = out, *B = out + N * N;
  int *C = out + 2 * N * N;
#ifdef __CUDA_ARCH__
  __shared__ int As[N][T];
  __shared__ int Bs[T][N];
  int acc = 0;
  for (int k0 = 0; k0 < N; k0 += T) {
    if (col < T) As[row][col] = A[row * N + k0 + col];
    if (row < T) Bs[row][col] = B[(k0 + row) * N + col];
    __syncthreads();
    for (int k = 0; k < T; k++) acc += As[row][k] * Bs[k][col];
    __syncthreads();
  }
  C[row * N + col] = acc + n;
#else
  int acc = 0;
  for (int k = 0; k < N; k++) acc += A[row * N + k] * B[k * N + col];
  C[row * N + col] = acc + n;
#endif
}
