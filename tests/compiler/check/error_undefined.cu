// A call to a function without a definition (no math library yet).
extern "C" __device__ float sqrtf(float);
__global__ void root(float *o) {
  o[threadIdx.x] = sqrtf(o[threadIdx.x]);
}
// ERR: error_undefined.cu:4:20: error: call to undefined function 'sqrtf' is not supported by Anchor's Metal backend
