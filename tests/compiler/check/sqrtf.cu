// sqrtf and __fsqrt_rn (llvm.sqrt.f32, llvm.nvvm.sqrt.rn.f) are correctly
// rounded from float operations only (lower_math.c, anchor_f32_sqrt): no
// software binary64 (before: anchor_f64_sqrt), no Metal sqrt. The half
// square root goes through the float one.
// CHECK-NOT: anchor_f64
// CHECK: inline float anchor_f32_sqrt(float x) {
// CHECK-NOT: sqrt(
// CHECK: }
// CHECK-NOT: anchor_f64
// CHECK: kernel void _Z5rootsPfPDF16_(
// CHECK: = anchor_f32_sqrt(
// CHECK: = anchor_f32_sqrt(
// CHECK: float [[F:v[0-9]+]] = (float){{v[0-9]+}};
// CHECK: = anchor_f32_sqrt([[F]]);
// CHECK-NOT: anchor_f64
__global__ void roots(float *o, _Float16 *h) {
  o[0] = __builtin_sqrtf(o[0]);
  o[1] = __nvvm_sqrt_rn_f(o[1]);
  h[0] = __builtin_sqrtf16(h[0]);
}
