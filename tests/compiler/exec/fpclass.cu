// Floating-point classification (llvm.is.fpclass, lowered to integer tests on
// the bits by lower_math.c) for half, float and double: every single class of
// LLVM's mask, the masks isnan/isinf/isfinite/isnormal produce and some
// mixed ones, over signed zeros, subnormals, normals, infinities and both
// kinds of NaN; each thread packs one value's 16 answers into its int.
// EXEC: 1000 2 64
#define MASKS(M)                                                                                   \
  M(0x001) M(0x002) M(0x004) M(0x008) M(0x010) M(0x020) M(0x040) M(0x080) M(0x100) M(0x200)       \
  M(0x003) M(0x204) M(0x1f8) M(0x108) M(0x3fc) M(0x0f0)

__device__ __host__ static unsigned long long pattern(unsigned k, unsigned width) {
  // sign from bit 0, exponent class from bits 1-2, significand class from 3-4
  unsigned mant = width == 16 ? 10 : width == 32 ? 23 : 52;
  unsigned long long top = 1ull << (width - 1), emask = (top - 1) & ~((1ull << mant) - 1);
  unsigned long long exps[4] = {0, (1ull << mant) * 3, (1ull << mant) * 5, emask};
  unsigned long long mants[4] = {0, 1, 1ull << (mant - 1), (1ull << mant) - 1};
  return (k & 1 ? top : 0) | exps[(k >> 1) & 3] | mants[(k >> 3) & 3];
}

template <class T, class U> __device__ __host__ static int classify(unsigned k, unsigned width) {
  U u = (U)pattern(k, width);
  T x = __builtin_bit_cast(T, u);
  int r = 0, bit = 0;
#define TEST(mask) r |= (__builtin_isfpclass(x, mask) ? 1 : 0) << bit++;
  MASKS(TEST)
#undef TEST
  return r;
}

__global__ void test_kernel(int *out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (unsigned)n) return;
  unsigned k = (unsigned)out[i] & 31u;
  int f = classify<float, unsigned>(k, 32);
  int d = classify<double, unsigned long long>(k, 64);
  int h = classify<_Float16, unsigned short>(k, 16);
  out[i] = (i % 3 == 0 ? f : i % 3 == 1 ? d : h) | (int)k << 16;
}
