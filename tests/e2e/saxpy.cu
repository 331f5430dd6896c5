// saxpy.cu — end-to-end test: vector add (one thread per element) and saxpy with a
// grid-stride loop over an odd size, an odd block size (96) and a grid far smaller
// than the data, so every thread handles many elements and the last pass is partial.
// Checks every element against a CPU reference; prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

// y = a*x + y; each thread starts at its global index and strides by the whole grid.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    y[i] = a * x[i] + y[i];
}

// Integer grid-stride loop: exact, and counts how often each element was visited.
__global__ void count_visits(int n, int *visits, int *owner) {
  int stride = blockDim.x * gridDim.x;
  int me = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = me; i < n; i += stride) {
    visits[i] += 1;
    owner[i] = me;
  }
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static int test_vector_add(void) {
  const int n = 100003;
  size_t bytes = n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    a[i] = (float)i * 0.75f - 1000.0f;
    b[i] = (float)((i * 7919) % 10007) / 3.0f;
  }
  float *da, *db, *dc;
  if (check(cudaMalloc((void **)&da, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&db, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dc, bytes), "cudaMalloc") ||
      check(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice), "memcpy a") ||
      check(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice), "memcpy b") ||
      check(cudaMemset(dc, 0xff, bytes), "memset c"))
    return 1;
  vector_add<<<(n + 127) / 128, 128>>>(da, db, dc, n);
  if (check(cudaGetLastError(), "vector_add launch") ||
      check(cudaDeviceSynchronize(), "vector_add") ||
      check(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost), "memcpy c"))
    return 1;
  for (int i = 0; i < n; i++) {
    if (c[i] != a[i] + b[i]) {
      printf("FAIL: vector_add c[%d] = %.9g, expected %.9g\n", i, c[i], a[i] + b[i]);
      return 1;
    }
  }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(a);
  free(b);
  free(c);
  return 0;
}

static int test_saxpy(void) {
  const int n = 1000003, block = 96, grid = 517; // 49,632 threads for 1,000,003 elements
  const float alpha = 2.5f;
  size_t bytes = n * sizeof(float);
  float *x = (float *)malloc(bytes), *y = (float *)malloc(bytes), *r = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 4099) * 0.125f - 200.0f;
    y[i] = (float)(i % 977) - 488.0f;
  }
  float *dx, *dy;
  if (check(cudaMalloc((void **)&dx, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dy, bytes), "cudaMalloc") ||
      check(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice), "memcpy x") ||
      check(cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice), "memcpy y"))
    return 1;
  saxpy<<<grid, block>>>(n, alpha, dx, dy);
  if (check(cudaGetLastError(), "saxpy launch") || check(cudaDeviceSynchronize(), "saxpy") ||
      check(cudaMemcpy(r, dy, bytes, cudaMemcpyDeviceToHost), "memcpy y back"))
    return 1;
  // The GPU may fuse a*x+y into one FMA (nvcc does by default): allow one rounding.
  for (int i = 0; i < n; i++) {
    float want = alpha * x[i] + y[i];
    float tol = 1e-6f * (fabsf(alpha * x[i]) + fabsf(y[i])) + 1e-30f;
    if (fabsf(r[i] - want) > tol) {
      printf("FAIL: saxpy y[%d] = %.9g, expected %.9g\n", i, r[i], want);
      return 1;
    }
  }
  cudaFree(dx);
  cudaFree(dy);
  free(x);
  free(y);
  free(r);
  return 0;
}

static int test_visits(void) {
  const int n = 1000003, block = 96, grid = 517;
  const int threads = block * grid;
  size_t bytes = n * sizeof(int);
  int *visits = (int *)malloc(bytes), *owner = (int *)malloc(bytes);
  int *dv, *dow;
  if (check(cudaMalloc((void **)&dv, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dow, bytes), "cudaMalloc") ||
      check(cudaMemset(dv, 0, bytes), "memset visits") ||
      check(cudaMemset(dow, 0xff, bytes), "memset owner"))
    return 1;
  count_visits<<<grid, block>>>(n, dv, dow);
  if (check(cudaGetLastError(), "count_visits launch") ||
      check(cudaDeviceSynchronize(), "count_visits") ||
      check(cudaMemcpy(visits, dv, bytes, cudaMemcpyDeviceToHost), "memcpy visits") ||
      check(cudaMemcpy(owner, dow, bytes, cudaMemcpyDeviceToHost), "memcpy owner"))
    return 1;
  for (int i = 0; i < n; i++) {
    if (visits[i] != 1 || owner[i] != i % threads) {
      printf("FAIL: element %d visited %d times by thread %d, expected once by %d\n", i,
             visits[i], owner[i], i % threads);
      return 1;
    }
  }
  cudaFree(dv);
  cudaFree(dow);
  free(visits);
  free(owner);
  return 0;
}

int main(void) {
  if (test_vector_add() || test_saxpy() || test_visits())
    return 1;
  printf("PASS\n");
  return 0;
}
