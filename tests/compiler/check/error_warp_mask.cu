// The empty member mask names no lane, not even the caller's: CUDA leaves the operation
// undefined and no lane can honour it. (A constant non-empty mask such as 0x0000ffff may
// equal the active lanes at run time, e.g. a 16-thread block: it is checked there.)
__global__ void no_lanes(int *o) {
  o[threadIdx.x] = __nvvm_shfl_sync_idx_i32(0, o[threadIdx.x], 0, 0x1f);
}
// ERR: error_warp_mask.cu:5:20: error: warp operation with the empty member mask 0 (it names no lane, not even the caller's) is not supported by Anchor's Metal backend
