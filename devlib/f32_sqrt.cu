// devlib/f32_sqrt.cu — single-precision square roots of Anchor's device
// library: sqrtf/__fsqrt_rn and the reciprocal square roots rsqrtf and
// __frsqrt_rn, all correctly rounded (round to nearest even), from exact
// operations only (integer arithmetic, comparisons, bit casts; float
// multiplies for an estimate that an exact integer test corrects). Declarations and contracts: include/anchor/math_functions.h.

// llvm.sqrt.f32, which the backend lowers to its correctly rounded
// anchor_f32_sqrt (compiler/lower_math.c): no Metal sqrt.
extern "C" __device__ float __anchor_sqrtf(float x) {
  return __builtin_sqrtf(x);
}

// Sign of n*n*m - 2^74 (-1, 0, 1) for odd n < 2^26 and m < 2^26: the product
// has up to 78 bits, so it is formed as hi * 2^32 + lo in two 64-bit words.
static __device__ int compare_2_74(unsigned long long n, unsigned long long m) {
  unsigned long long a = n * n; // < 2^52
  unsigned long long lo = (a & 0xffffffffull) * m;
  unsigned long long hi = (a >> 32) * m + (lo >> 32);
  lo &= 0xffffffffull;
  const unsigned long long two42 = 1ull << 42; // 2^74 = 2^42 * 2^32
  if (hi != two42) return hi > two42 ? 1 : -1;
  return lo != 0;
}

// 1/sqrt(x) rounded to nearest. x = M * 2^(2k) with M = mi * 2^-24 in [1, 4)
// (mi an integer of 25 or 26 bits), so 1/sqrt(x) = t * 2^(-24-k) with
// t = 2^36 / sqrt(mi) in (2^23, 2^24]. The result is R * 2^(-24-k), R the
// integer nearest t: R - 1/2 < t < R + 1/2, i.e. (2R-1)^2 mi < 2^74 <
// (2R+1)^2 mi (never equal: 2^74 / mi is no odd square). A float estimate
// gives R within a few units; the exact test moves it to the right integer. The result
// (2^-64 .. 2^75) is always normal, so scaling it by 2^(-24-k) is exact.
extern "C" __device__ float __anchor_frsqrt_rn(float x) {
  unsigned int u = __builtin_bit_cast(unsigned int, x);
  if ((u & 0x7fffffffu) == 0) return __builtin_bit_cast(float, (u & 0x80000000u) | 0x7f800000u);
  if (u == 0x7f800000u) return 0.0f;
  if (u > 0x7f800000u) return __builtin_bit_cast(float, 0x7fffffffu); // NaN, negative
  int e;                                                              // x = m * 2^(e-23)
  unsigned int m;
  if (u >> 23) {
    m = (u & 0x7fffffu) | 0x800000u;
    e = (int)(u >> 23) - 127;
  } else { // subnormal: normalise
    int s = __builtin_clz(u) - 8;
    m = u << s;
    e = -126 - s;
  }
  int odd = e & 1, k = (e - odd) / 2; // e = 2k + odd
  unsigned long long mi = (unsigned long long)m << (1 + odd);
  // Estimate: M in [1, 4) exactly as a float; an estimate of 1/sqrt(M) from
  // its bits and three Newton steps (multiplies only): within a few units
  // of t, which the exact test then corrects.
  float mf = (float)(unsigned int)mi * 0x1p-24f, h = 0.5f * mf;
  float y = __builtin_bit_cast(float, 0x5f3759dfu - (__builtin_bit_cast(unsigned int, mf) >> 1));
  for (int i = 0; i < 3; i++) y = y * (1.5f - (h * y) * y);
  unsigned long long r = (unsigned long long)(y * 16777216.0f + 0.5f);
  for (int i = 0; i < 4; i++)
    if (compare_2_74(2 * r - 1, mi) > 0) r--;
  for (int i = 0; i < 4; i++)
    if (compare_2_74(2 * r + 1, mi) < 0) r++;
  float scale = __builtin_bit_cast(float, (unsigned int)(127 - 24 - k) << 23);
  return (float)(unsigned int)r * scale;
}

// CUDA documents 2 ulp; Anchor's is correctly rounded.
extern "C" __device__ float __anchor_rsqrtf(float x) {
  return __anchor_frsqrt_rn(x);
}
