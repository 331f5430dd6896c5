// sqrt of float, double and half, correctly rounded as CUDA specifies
// (software binary64 square root), on ordinary, tiny, huge, zero, negative
// and infinite arguments; NaNs compared as NaN.
__device__ unsigned canon32(float f) { return f != f ? 0x7FC00000u : __builtin_bit_cast(unsigned, f); }
__device__ unsigned long long canon64(double d) {
  return d != d ? 0x7FF8000000000000ull : __builtin_bit_cast(unsigned long long, d);
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = out[i];
  float x = (float)v * 1.37f + (float)i * 0.01f;
  double y = (double)v * 3.1e-3 + (double)i * 1.0e-310;
  unsigned long long h = 1469598103934665603ull;
  h = (h ^ canon32(__builtin_sqrtf(x))) * 1099511628211ull;
  h = (h ^ canon32(__builtin_sqrtf(x * 1.0e-40f))) * 1099511628211ull;
  h = (h ^ canon32(__builtin_sqrtf(x * 1.0e38f * 1.0e5f))) * 1099511628211ull;
  h = (h ^ canon64(__builtin_sqrt(y))) * 1099511628211ull;
  h = (h ^ canon64(__builtin_sqrt(y * 1.0e300))) * 1099511628211ull;
  h = (h ^ canon64(__builtin_sqrt(-y))) * 1099511628211ull;
  _Float16 hx = (_Float16)((float)(v & 63) * 0.37f);
  h = (h ^ __builtin_bit_cast(unsigned short, (_Float16)__builtin_sqrtf((float)hx))) * 1099511628211ull;
  out[i] = (int)(h ^ (h >> 32));
}
