// Golden: the whole MSL of a small kernel, checked in as saxpy.metal. A change
// to the emitter shows up here as a readable diff; regenerate with
//   run_golden.sh ... --update
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
