// A half +0.0 constant in the MSL (emitted as MSL's half literal 0.0h, here as a phi's
// incoming value and a select's arm): softmetal accepts MSL's h suffix.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  _Float16 acc = (_Float16)0.0f;
  for (int k = 0; k < (out[i] & 7); k++)
    acc += (_Float16)(0.25f * (float)k);
  _Float16 z = (out[i] & 8) ? acc : (_Float16)0.0f;
  out[i] = (int)((float)acc * 4.0f) + 100 * (int)((float)z * 4.0f);
}
