// A PTX instruction lower_asm.c does not translate: an error quoting it, at the asm.
__global__ void stop(unsigned *o) {
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(o[0]));
  asm volatile("@%0 exit;" ::"l"(o));
}
// ERR: ptx_error_instruction.cu:4:3: error: the instruction 'exit' in inline PTX 'exit' is not supported by Anchor's Metal backend
