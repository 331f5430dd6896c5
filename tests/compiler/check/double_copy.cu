// double values may be loaded, stored and copied (carried as their ulong
// bits): structs with doubles pass by value. Arithmetic is an error (see
// error_double.cu).
struct Rec { double a; int b; double c; };
__global__ void copy(Rec *out, Rec r, const double *in) {
  out[threadIdx.x] = r;
  out[0].c = in[threadIdx.x];
}
// TABLE: kernel _Z4copyP3RecS_PKd 40 0 0
// TABLE-NEXT: param 0 8
// TABLE-NEXT: param 8 24
// TABLE-NEXT: param 32 8
// CHECK-LABEL: kernel void _Z4copyP3RecS_PKd(
// CHECK-DAG: = *reinterpret_cast<device ulong*>({{v[0-9]+}} + anchor_ctx[0]);
// CHECK-NOT: double
