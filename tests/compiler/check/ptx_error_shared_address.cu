// A .shared address held in a 32-bit integer (from __cvta_generic_to_shared): Anchor's
// shared memory has no such addresses.
__global__ void tile(unsigned *o) {
  __shared__ unsigned t[32];
  t[threadIdx.x] = threadIdx.x;
  __syncthreads();
  unsigned v, a = (unsigned)(unsigned long long)&t[(threadIdx.x + 1) % 32];
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a));
  o[threadIdx.x] = v;
}
// ERR: ptx_error_shared_address.cu:8:3: error: a state-space address held in an integer register in inline PTX 'ld.shared.u32 %0, [%1]' is not supported by Anchor's Metal backend
