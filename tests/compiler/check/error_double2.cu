// A fused multiply-add of doubles needs a fused software fma (not yet).
__global__ void dfma(double *o) {
  o[1] = __builtin_fma(o[2], o[3], o[4]);
}
// ERR: error_double2.cu:3:10: error: double-precision 'llvm.fma.f64' is not supported by Anchor's Metal backend
