// Memory fences are not translated yet: an unknown intrinsic is named.
__global__ void fence(int *o) {
  o[0] = 1;
  __nvvm_membar_gl();
  o[1] = 2;
}
// ERR: error_fence.cu:4:3: error: CUDA intrinsic 'llvm.nvvm.membar.gl' is not supported by Anchor's Metal backend
