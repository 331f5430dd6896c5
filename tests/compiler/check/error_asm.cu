__global__ void lane(unsigned *o) {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  o[threadIdx.x] = id;
}
// ERR: error_asm.cu:3:3: error: inline PTX assembly is not supported by Anchor's Metal backend
