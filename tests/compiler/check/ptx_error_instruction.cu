// A PTX instruction lower_asm.c does not translate: an error quoting it, at the asm.
__global__ void tile(unsigned *o) {
  __shared__ unsigned short t[64];
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(o[0]));
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(r) : "r"((unsigned)__cvta_generic_to_shared(t)));
  o[1] = r;
}
// ERR: ptx_error_instruction.cu:6:3: error: the instruction 'ldmatrix' in inline PTX 'ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1]' is not supported by Anchor's Metal backend
