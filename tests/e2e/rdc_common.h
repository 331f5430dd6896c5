// rdc_common.h — declarations shared by the units of e2e rdc (rdc_main.cu,
// rdc_lib.cu, rdc_kernels.cu): relocatable device code, built with
// -rdc=true (nvcc and anchorcc alike), each unit compiled alone with -c and
// the objects device-linked. Every extern below is defined in one other unit.
#pragma once

#define RDC_N 64

// rdc_lib.cu defines these.
extern __device__ int rdc_table[RDC_N];  // written by one unit's kernel, read by another's
extern __device__ int rdc_unsized[];     // an extern array of unknown bound
extern __managed__ int rdc_scale;        // read and written by host code of other units
extern __constant__ float rdc_coeffs[4]; // set with cudaMemcpyToSymbol from rdc_main.cu
__device__ int rdc_poly(int x);          // an extern device function
__global__ void rdc_fill(int n);         // writes rdc_table
__device__ int rdc_neighbour(int i);     // through the launch's dynamic shared memory
int rdc_lib_static_value();              // its static rdc_private, read by the host

// rdc_kernels.cu defines these.
__global__ void rdc_use(int *out, float *fout, int n);
int rdc_kernels_static_value();       // its static rdc_private, read by a kernel and
                                      // by the host (cudaMemcpyFromSymbol)
__global__ void rdc_rotate(int *out); // calls rdc_neighbour; 1 int of dynamic shared
                                      // memory per thread

// Inline in every unit that includes it: the device link keeps one copy.
__device__ inline int rdc_twice(int x) {
  return 2 * x;
}
template <typename T> __device__ T rdc_square(T x) {
  return x * x;
}

// CPU references.
inline int rdc_poly_host(int x) {
  return 3 * x * x - 2 * x + 7;
}
