// A call to a device function declared but defined nowhere (not in this
// translation unit, not in Anchor's device library).
extern "C" __device__ float lookup(float);
__global__ void root(float *o) {
  o[threadIdx.x] = lookup(o[threadIdx.x]);
}
// ERR: error_undefined.cu:5:20: error: call to undefined function 'lookup' is not supported by Anchor's Metal backend
