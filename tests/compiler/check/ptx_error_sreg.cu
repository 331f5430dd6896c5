// %total_smem_size: the static shared size is not known where inline PTX is translated,
// so the special register is an error naming it (not a guess); %dynamic_smem_size is
// the launch's (e2e.ptx_dynamic_smem).
__global__ void size(unsigned *o) {
  unsigned n;
  asm("mov.u32 %0, %%total_smem_size;" : "=r"(n));
  o[0] = n;
}
// ERR: ptx_error_sreg.cu:6:3: error: the special register '%total_smem_size' (the static shared size is not known here) in inline PTX 'mov.u32 %0, %total_smem_size' is not supported by Anchor's Metal backend
