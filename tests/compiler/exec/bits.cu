// Bit reversal (llvm.bitreverse) and saturating unsigned add/sub
// (llvm.uadd.sat/usub.sat, formed by instcombine from the usual idioms).
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = (unsigned)out[i] * 2654435761u, d = (unsigned)i * 40503u + 0xF0000000u;
  unsigned r = __builtin_bitreverse32(a);
  unsigned char c = __builtin_bitreverse8((unsigned char)a);
  unsigned short h = __builtin_bitreverse16((unsigned short)d);
  unsigned long long w = __builtin_bitreverse64((unsigned long long)a << 17 | d);
  unsigned sat_add = a + d < a ? 0xffffffffu : a + d;
  unsigned sat_sub = a > d ? a - d : 0;
  int x = out[i] * 3, y = ((((i + 1) % n) * 37) % 101 - 50) * 3;  // the pattern: out changes
  int cmp = (x > y) - (x < y);
  out[i] = (int)(r ^ c ^ (h << 3) ^ (unsigned)(w >> 21) ^ sat_add * 3 ^ sat_sub * 5) + cmp;
}
