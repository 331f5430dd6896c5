// %laneid and the %lanemask_* registers: warps are SIMD-groups of 32
// consecutive threads.
// EXEC: 1000 3 80
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  unsigned lane = __nvvm_read_ptx_sreg_laneid();
  unsigned lt = __nvvm_read_ptx_sreg_lanemask_lt(), le = __nvvm_read_ptx_sreg_lanemask_le();
  unsigned gt = __nvvm_read_ptx_sreg_lanemask_gt(), ge = __nvvm_read_ptx_sreg_lanemask_ge();
  unsigned eq = __nvvm_read_ptx_sreg_lanemask_eq();
#else
  unsigned lane = threadIdx.x % 32;
  unsigned eq = 1u << lane, lt = eq - 1, le = lt | eq, gt = ~le, ge = ~lt;
#endif
  out[i] = (int)(lane * 1000003u ^ lt ^ (le * 3) ^ (gt * 5) ^ (ge * 7) ^ (eq * 11));
}
