// A C pointer (a generic address) bound straight to a .shared address: PTX wants the
// shared-window address (__cvta_generic_to_shared / cvta.to.shared), and nvcc's program reads
// garbage or faults, so Anchor reports it instead of quietly making it work.
__global__ void tile(unsigned *o) {
  __shared__ unsigned t[32];
  t[threadIdx.x] = threadIdx.x;
  __syncthreads();
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "l"(&t[threadIdx.x ^ 1]));
  o[threadIdx.x] = v;
}
// ERR: ptx_error_shared_generic.cu:9:3: error: a generic address (a pointer operand) as a .shared address in inline PTX 'ld.shared.u32 %0, [%1]' is not supported by Anchor's Metal backend
