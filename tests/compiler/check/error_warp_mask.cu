// A partial member mask cannot be honoured by Metal's SIMD-group functions.
__global__ void half_warp(int *o) {
  o[threadIdx.x] = __nvvm_shfl_sync_idx_i32(0x0000ffff, o[threadIdx.x], 0, 0x1f);
}
// ERR: error_warp_mask.cu:3:20: error: warp operation with a member mask other than 0xffffffff is not supported by Anchor's Metal backend
