// spin_wait.h — a kernel that keeps its stream busy until the host says so, for tests
// that show a call did not wait for the device: the host queues work behind (or beside)
// it, checks with an event query that the kernel is still running, then opens the gate.
// The wait is bounded (SPIN_LIMIT reads of the gate), so a call that wrongly waits for
// the kernel makes the test fail (the kernel reports that the gate never opened)
// instead of hanging.
#pragma once
#include <cuda_runtime.h>

#define SPIN_LIMIT (1u << 30)

// Thread 0 of the one block waits for *gate; then the block writes out[i] = value + i
// and *opened says whether the gate was seen open (1) or the wait gave up (0).
__global__ void spin_then_fill(volatile int *gate, int *out, int n, int value, int *opened) {
  __shared__ int seen;
  if (threadIdx.x == 0) {
    unsigned i = 0;
    while (!*gate && i < SPIN_LIMIT)
      ++i;
    seen = *gate != 0;
    *opened = seen;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = value + i;
}

// A gate the device reads while the host writes it: mapped page-locked memory.
struct spin_gate {
  int *host;   // the host's pointer
  int *device; // the kernel's
  int *opened; // device memory: what the kernel saw
};

static inline cudaError_t spin_gate_create(spin_gate *g) {
  cudaError_t e = cudaHostAlloc((void **)&g->host, sizeof(int), cudaHostAllocMapped);
  if (e == cudaSuccess) e = cudaHostGetDevicePointer((void **)&g->device, g->host, 0);
  if (e == cudaSuccess) e = cudaMalloc((void **)&g->opened, sizeof(int));
  if (e == cudaSuccess) *(volatile int *)g->host = 0;
  return e;
}

static inline void spin_gate_open(spin_gate *g) {
  *(volatile int *)g->host = 1;
}

static inline void spin_gate_close(spin_gate *g) {
  *(volatile int *)g->host = 0;
}
