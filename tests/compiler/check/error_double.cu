// Double-precision operations fp64.metal does not implement yet (the
// transcendental math library) are errors naming the operation, located at it.
__global__ void dexp(double *o, double a) {
  o[0] = __builtin_exp(a);
}
// ERR: error_double.cu:4:10: error: double-precision 'llvm.exp.f64' is not supported by Anchor's Metal backend
