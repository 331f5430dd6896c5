// A .shared address computed by arithmetic other than adding offsets (an xor swizzle) has no
// pointer form: Anchor's shared memory has no integer addresses.
__global__ void tile(unsigned *o) {
  __shared__ unsigned t[32];
  t[threadIdx.x] = threadIdx.x;
  __syncthreads();
  unsigned v, a = (unsigned)__cvta_generic_to_shared(&t[threadIdx.x]) ^ 4u;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a));
  o[threadIdx.x] = v;
}
// ERR: ptx_error_shared_address.cu:8:3: error: a state-space address held in an integer register in inline PTX 'ld.shared.u32 %0, [%1]' is not supported by Anchor's Metal backend
