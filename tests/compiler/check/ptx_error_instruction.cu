// A PTX instruction lower_asm.c does not translate: an error quoting it, at the asm.
__global__ void nap(unsigned *o) {
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(o[0]));
  asm volatile("nanosleep.u32 %0;" ::"r"(o[1]));
}
// ERR: ptx_error_instruction.cu:4:3: error: the instruction 'nanosleep' in inline PTX 'nanosleep.u32 %0' is not supported by Anchor's Metal backend
