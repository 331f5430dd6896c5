// float and half arithmetic; float constants are spelled exactly.
__global__ void fops(float *o, float a, float b) {
  o[0] = a + b;
  o[1] = a - b * 2.5f;
  o[2] = a;
  o[3] = -a;
  o[4] = __builtin_fmodf(a, b);
  o[5] = a * 0.1f;
}
// CHECK-LABEL: kernel void _Z4fopsPfff(
// CHECK-DAG: float [[A:v[0-9]+]] = *reinterpret_cast<constant float*>(anchor_params + 8);
// CHECK-DAG: float [[B:v[0-9]+]] = *reinterpret_cast<constant float*>(anchor_params + 12);
// CHECK-DAG: = ([[A]] + [[B]]);
// CHECK-DAG: = ([[B]] * 2.5f);
// CHECK-DAG: = (-[[A]]);
// CHECK-DAG: = fmod([[A]], [[B]]);
// CHECK-DAG: = ([[A]] * 0.100000001f);

__global__ void hops(_Float16 *o, float *of, _Float16 a, _Float16 b, float c) {
  o[0] = a * b + (_Float16)1.5f;
  of[0] = (float)a * c;   // fpext
  o[1] = (_Float16)c;     // fptrunc
}
// CHECK-LABEL: kernel void _Z4hopsPDF16_PfDF16_DF16_f(
// CHECK-DAG: half [[HA:v[0-9]+]] = *reinterpret_cast<constant half*>(anchor_params + 16);
// CHECK-DAG: half [[HB:v[0-9]+]] = *reinterpret_cast<constant half*>(anchor_params + 18);
// CHECK-DAG: = ([[HA]] * [[HB]]);
// CHECK-DAG: as_type<half>((ushort)0x3e00)
// CHECK-DAG: = (float)[[HA]];
// CHECK-DAG: = (half){{v[0-9]+}};

// Float and half division is the device library's correctly rounded one
// (compiler/lower_div.c): no MSL float division, fma-based code instead.
__global__ void fdivs(float *o, _Float16 *oh, float a, float b, _Float16 h) {
  o[0] = a / b;
  oh[0] = h / (_Float16)b;
}
// CHECK-LABEL: kernel void _Z5fdivsPfPDF16_ffDF16_(
// CHECK-NOT: {{(float|half) v[0-9]+ = \(.* / }}
// CHECK: fma(
// CHECK-NOT: {{(float|half) v[0-9]+ = \(.* / }}
