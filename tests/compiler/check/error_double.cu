// Double-precision operations fp64.metal does not implement yet are errors
// naming the operation, located at it.
__global__ void drem(double *o, double a) {
  o[0] = __builtin_fmod(a, 3.0);
}
// ERR: error_double.cu:4:10: error: double-precision remainder (fmod) is not supported by Anchor's Metal backend
