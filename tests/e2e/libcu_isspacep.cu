// libcu_isspacep.cu — end-to-end test of CUDA's address space predicates __isGlobal,
// __isShared, __isLocal and __isConstant (PTX isspacep; libcu++'s cuda::barrier and
// cuda::memcpy_async choose their paths with them): on pointers whose space the compiler
// knows (global, __shared__ static and dynamic, a local array, a __constant__ and a
// __device__ variable) and on one that points into shared memory for odd threads and
// global memory for even ones (tested at run time). Expected values are CUDA's
// definitions; listed for the H200 run (nvcc -arch=sm_90). Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

#define CASES 14

__constant__ int constant_table[4];
__device__ int device_table[4];

__global__ void predicates(int *global, int *out, int sel) {
  __shared__ int tile[32];
  extern __shared__ int dynamic_tile[];
  int local[4];
  local[0] = sel;
  tile[threadIdx.x] = 0;
  int *either = (threadIdx.x & 1) ? tile : global; // a run-time choice
  int *o = out + threadIdx.x * CASES;
  o[0] = __isShared(tile), o[1] = __isGlobal(tile), o[2] = __isLocal(tile);
  o[3] = __isGlobal(global), o[4] = __isShared(global);
  o[5] = __isShared(either), o[6] = __isGlobal(either);
  o[7] = __isLocal(local), o[8] = __isGlobal(local);
  o[9] = __isConstant(constant_table), o[10] = __isGlobal(constant_table);
  o[11] = __isGlobal(device_table), o[12] = __isShared(dynamic_tile);
  o[13] = __isConstant(global) + local[sel & 3] - sel; // local[] used: it stays local
}

int main(void) {
  int *out, *global;
  cudaMallocManaged(&out, 2 * CASES * sizeof(int));
  cudaMalloc(&global, 64);
  predicates<<<1, 2, 64>>>(global, out, 0);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  static const int want[2][CASES] = {{1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0},
                                     {1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0}};
  int failures = 0;
  for (int t = 0; t < 2; t++)
    for (int k = 0; k < CASES; k++)
      if ((out[t * CASES + k] != 0) != want[t][k] && failures++ < 10)
        printf("FAIL: thread %d case %d: %d, want %d\n", t, k, out[t * CASES + k], want[t][k]);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
