// The module app.cpp loads with cuModuleLoad: one kernel, found by name.
extern "C" __global__ void fill(int *out, int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + i;
}
