// A form a translated instruction does not take (a half-precision fma that flushes
// subnormals, .ftz, which the device library's __hfma does not do): an error at the asm.
__global__ void half(unsigned short *o) {
  unsigned short h;
  asm("fma.rn.ftz.f16 %0, %1, %2, %3;" : "=h"(h) : "h"(o[0]), "h"(o[1]), "h"(o[2]));
  o[3] = h;
}
// ERR: ptx_error_type.cu:5:3: error: '.ftz' on half-precision 'fma' in inline PTX 'fma.rn.ftz.f16 %0, %1, %2, %3' is not supported by Anchor's Metal backend
