// devlib/f64.cu — double-precision functions of Anchor's device library:
// sqrt, correctly rounded, through llvm.sqrt.f64, which the backend lowers to
// its software binary64 (compiler/lower_fp64.c, fp64.metal). Declarations
// and contracts: include/anchor/math_functions.h.

extern "C" __device__ double __anchor_sqrt(double x) {
  return __builtin_sqrt(x);
}
