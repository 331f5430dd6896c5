// Math-library intrinsics on doubles that fp64.metal lacks are errors naming
// the intrinsic (here floor).
__global__ void dfloor(double *o) {
  o[1] = __builtin_floor(o[2]);
}
// ERR: error_double2.cu:4:10: error: double-precision 'llvm.floor.f64' is not supported by Anchor's Metal backend
