// The runtime and driver APIs in one program (issue 9): the runtime makes the
// primary context current; cudaGetFuncBySymbol gives a CUfunction of the
// program's own kernel, launched with cuLaunchKernel; cudaFuncGetName names
// it; memory from either API is used by the other. Prints "call -> code"
// lines for the H200 comparison and PASS.
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>

static int failures;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

int main() {
  const int n = 512;
  int *buf = NULL;
  check(cudaMalloc(&buf, n * sizeof(int)) == cudaSuccess, "cudaMalloc");
  check(cudaMemset(buf, 0, n * sizeof(int)) == cudaSuccess, "cudaMemset");
  CUresult r = cuInit(0);
  printf("cuInit -> %d\n", (int)r);
  CUcontext cur = NULL, primary = NULL;
  r = cuCtxGetCurrent(&cur);
  printf("cuCtxGetCurrent after the runtime -> %d (%s)\n", (int)r, cur ? "a context" : "none");
  check(r == CUDA_SUCCESS && cur != NULL, "the runtime made a context current");
  check(cuDevicePrimaryCtxRetain(&primary, 0) == CUDA_SUCCESS, "cuDevicePrimaryCtxRetain");
  check(cur == primary, "the runtime's context is the primary context");
  unsigned flags = 0;
  int active = 0;
  check(cuDevicePrimaryCtxGetState(0, &flags, &active) == CUDA_SUCCESS && active == 1,
        "the primary context is active");

  cudaFunction_t f = NULL;
  cudaError_t e = cudaGetFuncBySymbol(&f, (const void *)add_one);
  printf("cudaGetFuncBySymbol -> %d\n", (int)e);
  check(e == cudaSuccess && f, "cudaGetFuncBySymbol");
  const char *name = NULL;
  e = cudaFuncGetName(&name, (const void *)add_one);
  printf("cudaFuncGetName -> %d: %s\n", (int)e, name ? name : "(null)");
  check(e == cudaSuccess && name && strstr(name, "add_one"), "cudaFuncGetName");
  e = cudaGetFuncBySymbol(&f, (const void *)&failures);
  printf("cudaGetFuncBySymbol(not a kernel) -> %d\n", (int)e);
  check(e != cudaSuccess, "cudaGetFuncBySymbol of a non-kernel fails"); // Anchor: 98
  cudaGetLastError();
  check(cudaGetFuncBySymbol(&f, (const void *)add_one) == cudaSuccess, "again");

  int count = n;
  void *params[] = {&buf, &count};
  r = cuLaunchKernel((CUfunction)f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, params, NULL);
  printf("cuLaunchKernel(cudaFunction_t) -> %d\n", (int)r);
  check(r == CUDA_SUCCESS, "cuLaunchKernel of the program's own kernel");
  add_one<<<(n + 127) / 128, 128>>>(buf, n); // and the runtime's launch, same memory
  int host[n];
  check(cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess, "cudaMemcpy");
  bool good = true;
  for (int i = 0; i < n; i++)
    good = good && host[i] == 2;
  check(good, "both launches ran on the same memory");
  int threads = 0;
  r = cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, (CUfunction)f);
  printf("cuFuncGetAttribute(MAX_THREADS_PER_BLOCK) -> %d: %d\n", (int)r, threads);
  check(r == CUDA_SUCCESS && threads >= 256, "cuFuncGetAttribute of a cudaFunction_t");

  CUdeviceptr d = 0;
  check(cuMemAlloc(&d, 64) == CUDA_SUCCESS, "cuMemAlloc");
  check(cudaMemset((void *)d, 7, 64) == cudaSuccess, "cudaMemset on cuMemAlloc'd memory");
  unsigned char b[64];
  check(cuMemcpyDtoH(b, d, 64) == CUDA_SUCCESS && b[0] == 7 && b[63] == 7, "shared memory");
  CUcontext owner = NULL;
  r = cuPointerGetAttribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, (CUdeviceptr)buf);
  printf("cuPointerGetAttribute(CONTEXT, cudaMalloc'd) -> %d (%s)\n", (int)r,
         owner == primary ? "primary" : "other");
  // One set of limits for both APIs: the runtime's stack size is the context's.
  size_t stack = 0, l2 = 0, rt_bad = 0;
  e = cudaDeviceSetLimit(cudaLimitStackSize, 4096);
  r = cuCtxGetLimit(&stack, CU_LIMIT_STACK_SIZE);
  printf("cudaDeviceSetLimit(stack 4096) -> %d, cuCtxGetLimit(stack) -> %d: %zu\n", (int)e, (int)r,
         stack);
  check(e == cudaSuccess && r == CUDA_SUCCESS && stack == 4096,
        "cuCtxGetLimit reads what cudaDeviceSetLimit set");
  r = cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 2048);
  e = cudaDeviceGetLimit(&stack, cudaLimitStackSize);
  printf("cuCtxSetLimit(stack 2048) -> %d, cudaDeviceGetLimit(stack) -> %d: %zu\n", (int)r, (int)e,
         stack);
  check(r == CUDA_SUCCESS && e == cudaSuccess && stack == 2048,
        "cudaDeviceGetLimit reads what cuCtxSetLimit set");
  r = cuCtxGetLimit(&l2, CU_LIMIT_MAX_L2_FETCH_GRANULARITY);
  printf("cuCtxGetLimit(MAX_L2_FETCH_GRANULARITY) -> %d\n", (int)r); // its value varies
  check(r == CUDA_SUCCESS, "cuCtxGetLimit(MAX_L2_FETCH_GRANULARITY)");
  e = cudaDeviceGetLimit(&rt_bad, (cudaLimit)0x7f);
  printf("cudaDeviceGetLimit(0x7f) -> %d\n", (int)e); // CUDA's answer printed
  cudaGetLastError();

  check(cuMemFree(d) == CUDA_SUCCESS, "cuMemFree");
  check(cudaFree(buf) == cudaSuccess, "cudaFree");
  check(cuDevicePrimaryCtxRelease(0) == CUDA_SUCCESS, "cuDevicePrimaryCtxRelease");
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
