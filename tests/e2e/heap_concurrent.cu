// The device heap under concurrency: every thread of many blocks allocates
// blocks of many sizes (small and page-sized) with malloc and new[], writes
// them, and a later kernel checks and frees them (memory stays valid across
// kernels); then threads allocate and free in a loop, all at once, with
// every block's contents checked before it is freed (no two live blocks
// overlap); new and delete of an over-aligned type (alignas(128)) get
// aligned blocks; free(NULL) does nothing; the heap is whole again afterwards (a
// large block fits).
#include <cstdio>

enum { BLOCKS = 16, THREADS = 128, N = BLOCKS * THREADS, LOOPS = 20 };

__device__ __forceinline__ unsigned words_of(int t) {
  return 1 + (t * 7) % 97 + (t % 13 == 0 ? 1100 : 0); // 4 bytes ... ~4.8 KB
}

__global__ void allocate(unsigned **slots, int **arrays) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = words_of(t);
  unsigned *p = (unsigned *)malloc(n * sizeof(unsigned));
  if (p)
    for (unsigned k = 0; k < n; k++)
      p[k] = t * 131u + k;
  slots[t] = p;
  int *a = new int[3];
  if (a) a[0] = t, a[1] = -t, a[2] = 7;
  arrays[t] = a;
}

__global__ void check_and_free(unsigned **slots, int **arrays, int *errors) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *p = slots[t];
  unsigned n = words_of(t);
  if (!p)
    atomicAdd(&errors[0], 1);
  else
    for (unsigned k = 0; k < n; k++)
      if (p[k] != t * 131u + k) {
        atomicAdd(&errors[1], 1);
        break;
      }
  free(p);
  int *a = arrays[t];
  if (!a || a[0] != t || a[1] != -t || a[2] != 7) atomicAdd(&errors[2], 1);
  delete[] a;
  free(nullptr); // nothing
}

__global__ void churn(int *errors) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < LOOPS; i++) {
    unsigned n = 1 + (t + i * 17) % 300;
    unsigned *p = (unsigned *)malloc(n * sizeof(unsigned));
    if (!p) {
      atomicAdd(&errors[3], 1);
      continue;
    }
    if (((unsigned long long)p & 15) != 0) atomicAdd(&errors[4], 1); // CUDA: 16-byte aligned
    for (unsigned k = 0; k < n; k++)
      p[k] = t ^ (i << 20) ^ k;
    __syncthreads(); // every thread of the block holds a block now
    for (unsigned k = 0; k < n; k++)
      if (p[k] != (t ^ (i << 20) ^ k)) {
        atomicAdd(&errors[5], 1);
        break;
      }
    free(p);
  }
}

struct alignas(128) wide {
  int v[5];
};

__global__ void aligned(int *errors) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  wide *w = new wide;
  wide *a = new wide[3];
  if (!w || !a || ((unsigned long long)w & 127) || ((unsigned long long)a & 127))
    atomicAdd(&errors[6], 1);
  else {
    w->v[4] = t;
    a[2].v[0] = -t;
    __syncthreads();
    if (w->v[4] != t || a[2].v[0] != -t) atomicAdd(&errors[6], 1);
  }
  delete w;
  delete[] a;
}

__global__ void whole_again(unsigned long long *big) {
  void *p = malloc(4 << 20); // half the default heap, in one piece
  big[0] = (unsigned long long)p;
  free(p);
}

int main() {
  unsigned **slots;
  int **arrays, *errors;
  unsigned long long *big;
  if (cudaMalloc(&slots, N * sizeof *slots) != cudaSuccess ||
      cudaMalloc(&arrays, N * sizeof *arrays) != cudaSuccess ||
      cudaMalloc(&errors, 8 * sizeof(int)) != cudaSuccess ||
      cudaMalloc(&big, sizeof *big) != cudaSuccess)
    return 1;
  cudaMemset(errors, 0, 8 * sizeof(int));
  allocate<<<BLOCKS, THREADS>>>(slots, arrays);
  check_and_free<<<BLOCKS, THREADS>>>(slots, arrays, errors);
  churn<<<BLOCKS, THREADS>>>(errors);
  aligned<<<BLOCKS, THREADS>>>(errors);
  whole_again<<<1, 1>>>(big);
  int e[8];
  unsigned long long b = 0;
  bool ok = cudaDeviceSynchronize() == cudaSuccess &&
            cudaMemcpy(e, errors, sizeof e, cudaMemcpyDeviceToHost) == cudaSuccess &&
            cudaMemcpy(&b, big, sizeof b, cudaMemcpyDeviceToHost) == cudaSuccess;
  printf("null %d, corrupted %d, new[] %d, churn null %d, misaligned %d, churn corrupted %d, "
         "over-aligned new %d, 4 MiB afterwards %s\n",
         e[0], e[1], e[2], e[3], e[4], e[5], e[6], b ? "yes" : "no");
  ok = ok && !e[0] && !e[1] && !e[2] && !e[3] && !e[4] && !e[5] && !e[6] && b;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
