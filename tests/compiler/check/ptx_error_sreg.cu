// %dynamic_smem_size: the kernel is not given its dynamic shared memory size, so the special
// register is an error naming it (not a guess).
__global__ void size(unsigned *o) {
  unsigned n;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(n));
  o[0] = n;
}
// ERR: ptx_error_sreg.cu:5:3: error: the special register '%dynamic_smem_size' (a kernel's dynamic shared memory size is not passed to it) in inline PTX 'mov.u32 %0, %dynamic_smem_size' is not supported by Anchor's Metal backend
