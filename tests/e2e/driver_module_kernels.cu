// The device module of driver_module.cpp: built alone into a module file
// (anchorcc -fatbin / -cubin; nvcc -fatbin -arch=sm_90 on NVIDIA) and loaded
// by the driver API at run time. One extern "C" kernel (found by its plain
// name), one C++ kernel (found by its mangled name), a __device__ and a
// __constant__ variable (cuModuleGetGlobal).
__device__ int counter = 5;
__constant__ float scale = 2.0f;

extern "C" __global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] * scale + y[i];
}

// Parameters of three sizes and alignments: the packed block (extra) is
// char at 0, double at 8, pointer at 16.
__global__ void mixed(char c, double d, int *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    out[0] = c;
    out[1] = (int)d;
  }
  atomicAdd(&counter, 1);
}
