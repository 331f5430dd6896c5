// Double arithmetic becomes calls into the fp64.metal prelude (software
// binary64 on ulong bits), which the module then contains once.
__global__ void dbl(double *o, double a, float f, long long n) {
  o[0] = a * 2.5 + o[1];
  o[2] = a / o[3] - (double)n;
  o[4] = (double)f;
  o[5] = a < o[6] ? a : -a;
  ((float *)o)[14] = (float)(a * a);
  ((long long *)o)[8] = (long long)o[9];
}
// CHECK: inline ulong anchor_f64_add(ulong a, ulong b)
// CHECK-LABEL: kernel void _Z3dblPddfx(
// CHECK-DAG: ulong [[A:v[0-9]+]] = *reinterpret_cast<constant ulong*>(anchor_params + 8);
// CHECK-DAG: = anchor_f64_mul([[A]], 0x4004000000000000ul);
// CHECK-DAG: = anchor_f64_add(
// CHECK-DAG: = anchor_f64_div([[A]],
// CHECK-DAG: = anchor_f64_from_i64((long){{v[0-9]+}});
// CHECK-DAG: = anchor_f64_sub(
// CHECK-DAG: = anchor_f64_from_f32({{v[0-9]+}});
// CHECK-DAG: = anchor_f64_lt([[A]], {{v[0-9]+}});
// CHECK-DAG: = anchor_f64_neg([[A]]);
// CHECK-DAG: = anchor_f64_to_f32(
// CHECK-DAG: = (ulong)(long)anchor_f64_to_i64(
