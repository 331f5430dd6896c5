// A type a translated instruction does not take (half-precision arithmetic): an error at the asm.
__global__ void half(unsigned short *o) {
  unsigned short h;
  asm("add.f16 %0, %1, %2;" : "=h"(h) : "h"(o[0]), "h"(o[1]));
  o[2] = h;
}
// ERR: ptx_error_type.cu:4:3: error: the type of 'add' in inline PTX 'add.f16 %0, %1, %2' is not supported by Anchor's Metal backend
