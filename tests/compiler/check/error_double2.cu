// An intrinsic on a double (fabs) is arithmetic too: not carried as bits.
__global__ void dabs(double *o) {
  o[1] = __builtin_fabs(o[2]);
}
// ERR: error_double2.cu:3:10: error: double-precision arithmetic or conversion is not supported
