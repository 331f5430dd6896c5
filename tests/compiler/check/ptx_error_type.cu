// A type a translated instruction does not take (half-precision cvt): an error at the asm.
__global__ void half(unsigned short *o, float x) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
  o[0] = h;
}
// ERR: ptx_error_type.cu:4:3: error: the half-precision forms of 'cvt' in inline PTX 'cvt.rn.f16.f32 %0, %1' is not supported by Anchor's Metal backend
