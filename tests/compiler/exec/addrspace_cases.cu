// Address-space cases run against the host: one device function called with
// a shared and with a global pointer; a pointer chosen by ?: between shared
// and global memory, stored through and read back (a generic pointer);
// char* views of a shared and of a global int, modified bytewise and read
// back as int; a private array indexed at run time; __constant__ and
// __device__ data initialised in the source.
// EXEC: 1000 4 64
__constant__ int ctab[8] = {3, -1, 4, 1, -5, 9, 2, -6};
__device__ int gdata[16] = {5, 8, -13, 21, 34, -55, 89, 144, 7, -7, 70, 0, 1, 2, 3, -4};

__device__ __noinline__ int sum3(const int *p, int k) { return p[k] + 2 * p[k + 1] + 3 * p[k + 2]; }

__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, b = blockIdx.x, N = blockDim.x, i = b * N + t;
#ifdef __CUDA_ARCH__
  __shared__ int s[64];
  s[t] = out[i] * 2;
  __syncthreads();
#else
  int s[64];
  for (unsigned j = 0; j < N; j++) s[j] = (((int)(b * N + j) * 37) % 101 - 50) * 2;
#endif
  int v = s[t] / 2;
  int a = sum3(s, t % 62) + sum3(gdata, t % 14); // shared, then global
#ifdef __CUDA_ARCH__
  __syncthreads();
#endif
  int *p = (v & 1) ? &s[t] : &out[i]; // shared or global
  *p += 5;
  int c = *p;
  char *sb = (char *)&s[t]; // a shared int's bytes
  sb[1] ^= 0x12;
  int d = s[t];
  char *gb = (char *)&out[i]; // a global int's bytes
  gb[0] ^= 0x21;
  int e = *(int *)gb;
  int priv[8];
  for (int k = 0; k < 8; k++) priv[k] = v + k * ctab[k];
  int idx = v & 7;
  int f = priv[idx] + priv[(idx + 3) & 7] * ctab[idx];
  out[i] = a + c * 3 + d * 5 + e * 7 + f * 11;
}
