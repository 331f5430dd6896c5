// devlib/integer.cu — integer intrinsics of Anchor's device library:
// __brev, __brevll (llvm.bitreverse: MSL reverse_bits, an exact integer
// operation) and __byte_perm. Declarations and contracts:
// include/anchor/math_functions.h.

extern "C" __device__ unsigned int __anchor_brev(unsigned int x) {
  return __builtin_bitreverse32(x);
}

extern "C" __device__ unsigned long long __anchor_brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}

// Byte n of the result is byte s<4n+2:4n> of y:x (CUDA Math API); bit 4n+3 and
// s's upper half are ignored.
extern "C" __device__ unsigned int __anchor_byte_perm(unsigned int x, unsigned int y,
                                                      unsigned int s) {
  unsigned long long bytes = (unsigned long long)y << 32 | x;
  unsigned int r = 0;
  for (int n = 0; n < 4; n++) {
    unsigned int sel = (s >> (4 * n)) & 7u;
    r |= (unsigned int)((bytes >> (8 * sel)) & 0xffu) << (8 * n);
  }
  return r;
}
