// double arithmetic is rejected (FP64 emulation is not implemented yet),
// located at the operation.
__global__ void dbl(double *o, double a) {
  o[0] = a * 2.0;
}
// ERR: error_double.cu:4:12: error: double-precision arithmetic or conversion is not supported by Anchor's Metal backend
