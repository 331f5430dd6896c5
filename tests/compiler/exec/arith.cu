// Integer arithmetic of all widths with signed/unsigned division, shifts
// and conversions; float arithmetic and conversions; bit intrinsics.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = out[i] + (i << 3);
  unsigned u = (unsigned)v * 2654435761u;
  signed char c8 = (signed char)v;
  unsigned char u8 = (unsigned char)(u >> 5);
  short s16 = (short)(v * 301);
  unsigned short u16 = (unsigned short)(u >> 3);
  long long s64 = (long long)v * -98765432123LL;
  unsigned long long u64 = (unsigned long long)u * 0x9E3779B97F4A7C15ull;
  int r = 0;
  r += c8 / 3 + c8 % 5 + (c8 >> 1) + u8 / 7 + (u8 >> 2);
  r += s16 / 11 + s16 % 13 + (s16 >> 3) + u16 / 17 + (u16 % 19);
  r += (int)(s64 / 1000003) + (int)(s64 % 77) + (int)(s64 >> 40);
  r += (int)(u64 / 1000003u) + (int)(u64 >> 50) + (int)(u64 % 91u);
  r += __builtin_popcount(u) + __builtin_clz(u | 1) + __builtin_ctz(u | 0x80000000u);
  r += (int)__builtin_bswap32(u) + (int)__builtin_rotateleft32(u, i & 31);
  r += __builtin_popcountll(u64) + (int)(__builtin_bswap64(u64) >> 32);
  r += v > 3 ? v : 3;   // smax
  r += (int)(u < 1000u ? u : 1000u);  // umin
  r += __builtin_abs(v - 20);
  float f = (float)v * 0.37f - 2.5f;
  float g = f / 3.0f + __builtin_fabsf(f) * 1.25f;
  r += (int)(g * 100.0f) + (int)__builtin_floorf(f) + (int)(unsigned)(__builtin_fabsf(g) * 10.0f);
  r += (f < g) + 2 * (f >= 0.0f) + 4 * (g != g);
  out[i] = r;
}
