// A call of a reserved device-library name that Anchor's device library
// does not define: anchor-msl says so at the call, naming the library.
extern "C" __device__ float __anchor_no_such_function(float);
__global__ void k(float *o) {
  o[0] = __anchor_no_such_function(o[0]);
}
// ERR: error_devlib_missing.cu:5:10: error: '__anchor_no_such_function' is not in Anchor's device library '{{.*}}/lib/anchor/devlib.bc'
