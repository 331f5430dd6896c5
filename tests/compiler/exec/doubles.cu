// Double-precision arithmetic in software (fp64.metal): +, -, *, /,
// comparisons, conversions from and to integers and float, fabs/fmin/fmax/
// copysign, on ordinary values, huge and tiny ones (subnormals), infinities
// and NaNs. The host uses its hardware doubles; NaNs are compared as NaN.
__device__ unsigned long long canon(double d) {
  if (d != d) return 0x7FF8000000000000ull;
  return __builtin_bit_cast(unsigned long long, d);
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = out[i];
  double a = (double)v * 0.1 + (double)i / 7.0;
  double b = (double)(i % 13 - 6) * 1.0e-310;        // subnormal or zero
  double c = (double)(v * v + 1) * 1.0e300;          // overflows when squared
  double d = (i & 1) ? -0.0 : 1.0 / (double)(v | 1);
  unsigned long long h = 1469598103934665603ull;
#define MIX(x) h = (h ^ canon(x)) * 1099511628211ull
  MIX(a + b); MIX(a - c); MIX(a * c); MIX(c * c); MIX(a / b); MIX(b / a); MIX(b * b);
  MIX(c / d); MIX(d - d); MIX((c * c) - (c * c)); MIX(a * 3.0 + b * 1e300);
  MIX(__builtin_fabs(a - 5.0)); MIX(__builtin_fmin(a, d)); MIX(__builtin_fmax(b, a));
  MIX(__builtin_copysign(a, d));
  MIX(__builtin_fmod(a, d)); MIX(__builtin_fmod(c, a)); MIX(__builtin_floor(a));
  MIX(__builtin_ceil(-a)); MIX(__builtin_trunc(a * 3.0)); MIX(__builtin_round(a * 2.0));
  MIX(__builtin_rint(a * 2.0)); MIX(__builtin_round((double)v + 0.5));
  MIX(__builtin_fma(a, c, -(a * c))); MIX(__builtin_fma(a, a, b)); MIX(__builtin_sqrt(a * a + 1.0));
  MIX((double)(long long)(a * 1e6)); MIX((double)(unsigned)(v + 100) * 3.5);
  MIX((double)(float)(a / 3.0));
  h ^= (a < b) | (a <= c) << 1 | (a == a) << 2 | (b != b) << 3 | ((c * c) > a) << 4 |
       ((0.0 / d) != (0.0 / d)) << 5 | (d >= -0.0) << 6;
  h ^= (unsigned long long)(long long)(a * 1000.0) << 7;
  h ^= (unsigned long long)(unsigned)(long long)(c / 1e300) << 20; // in range: C and CUDA agree
  float f = (float)(a * 1e-3);
  h ^= __builtin_bit_cast(unsigned, f);
  out[i] = (int)(h ^ (h >> 32));
}

