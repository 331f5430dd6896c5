// services_limits_rule.cu — CUDA's rule for cudaLimitPrintfFifoSize and
// cudaLimitMallocHeapSize (cudaDeviceSetLimit's documentation): setting one "must be
// performed before launching any kernel that uses the printf() / malloc() or free()
// device system call, otherwise cudaErrorInvalidValue will be returned" — a kernel that
// contains the call, whether the call runs or not. Here the calls sit behind a condition
// that is false at run time: nothing is printed or allocated, yet after the launch the
// limit is refused. Before, after a kernel that uses neither, setting both succeeds.
// Prints PASS or FAIL: <details>.
#include <cstdio>
#include <cstdlib>

__global__ void plain(int *out) { out[threadIdx.x] = (int)threadIdx.x; }

__global__ void may_print(int *out, int say) {
  if (say) printf("never printed: %d\n", out[0]);
  out[threadIdx.x] = 1;
}

__global__ void may_allocate(int *out, int take) {
  if (take) { // the address escapes: no compiler can drop the allocation
    int *p = (int *)malloc(16);
    *(int **)(out + 2) = p;
    free(p);
  }
  out[threadIdx.x] = 2;
}

static bool expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%-44s %s\n", what, cudaGetErrorName(got));
  if (got == want) return true;
  printf("FAIL: %s: expected %s\n", what, cudaGetErrorName(want));
  return false;
}

int main() {
  int *out;
  bool ok = cudaMalloc(&out, 64 * sizeof(int)) == cudaSuccess;
  plain<<<1, 32>>>(out);
  ok = expect("plain kernel", cudaDeviceSynchronize(), cudaSuccess) && ok;
  ok = expect("set printf FIFO after a kernel without printf",
              cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 20), cudaSuccess) && ok;
  ok = expect("set heap after a kernel without malloc",
              cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 << 20), cudaSuccess) && ok;
  may_print<<<1, 32>>>(out, 0);
  ok = expect("kernel with printf (not called)", cudaDeviceSynchronize(), cudaSuccess) && ok;
  ok = expect("set printf FIFO after it", cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 2 << 20),
              cudaErrorInvalidValue) && ok;
  cudaGetLastError(); // the refused set is the last error
  ok = expect("set heap after it (no malloc yet)",
              cudaDeviceSetLimit(cudaLimitMallocHeapSize, 12 << 20), cudaSuccess) && ok;
  may_allocate<<<1, 32>>>(out, 0);
  ok = expect("kernel with malloc (not called)", cudaDeviceSynchronize(), cudaSuccess) && ok;
  ok = expect("set heap after it", cudaDeviceSetLimit(cudaLimitMallocHeapSize, 20 << 20),
              cudaErrorInvalidValue) && ok;
  cudaGetLastError();
  size_t fifo = 0, heap = 0;
  cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  printf("limits now: printf FIFO %zu, heap %zu\n", fifo, heap);
  ok = ok && fifo == (1 << 20) && heap == (12 << 20);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
