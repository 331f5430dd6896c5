// Vector shapes LLVM's scalarizer leaves whole (lower_vector_ops.c), against the same
// code compiled for the host: reductions over ints, floats and bool vectors, bitcasts
// between <4 x i8>, <2 x i16>, i32, <8 x i1> and i8, run-time element indices, a
// volatile vector in private memory.
typedef int i4 __attribute__((ext_vector_type(4)));
typedef float f4 __attribute__((ext_vector_type(4)));
typedef int i8v __attribute__((ext_vector_type(8)));
typedef bool b8 __attribute__((ext_vector_type(8)));
typedef unsigned char u8x4 __attribute__((ext_vector_type(4)));
typedef unsigned short u16x2 __attribute__((ext_vector_type(2)));
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = out[i];
  i4 v = {x, x * 3 + 1, x ^ 0x55, i - x};
  f4 f = __builtin_convertvector(v, f4) * 0.5f;
  int r = __builtin_reduce_add(v) ^ __builtin_reduce_max(v) ^ (__builtin_reduce_mul(v) << 1);
  r += (int)(__builtin_reduce_max(f) * 4.f) - (int)__builtin_reduce_min(f);
  i8v w = {v.x, v.y, v.z, v.w, -v.x, -v.y, v.z - 1, v.w + 1};
  b8 m = __builtin_convertvector(w > 0, b8);
  r += __builtin_reduce_or(m) + 2 * __builtin_reduce_and(m) + 4 * m[i & 7];
  u8x4 bytes = __builtin_bit_cast(u8x4, (unsigned)x * 2654435761u) + (u8x4)(unsigned char)i;
  u16x2 halves = __builtin_bit_cast(u16x2, bytes) * (u16x2)7;
  r ^= (int)__builtin_bit_cast(unsigned, halves);
  unsigned char mask = __builtin_bit_cast(unsigned char, m);
  volatile i4 kept = v;
  i4 back = kept;
  out[i] = r + mask + back[(i + 1) & 3] + v[x & 3];
}
