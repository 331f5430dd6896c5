// A modifier lower_asm.c does not translate (prmt's .f4e mode): an error naming it.
__global__ void perm(unsigned *o) {
  unsigned r;
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r) : "r"(o[0]), "r"(o[1]), "r"(o[2]));
  o[3] = r;
}
// ERR: ptx_error_modifier.cu:4:3: error: the modifier '.f4e' in inline PTX 'prmt.b32.f4e %0, %1, %2, %3' is not supported by Anchor's Metal backend
