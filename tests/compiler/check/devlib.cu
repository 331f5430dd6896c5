// Calls into Anchor's device library (devlib.bc, linked by anchor-msl from
// its default place <root>/lib/anchor/devlib.bc before inlining): the
// library's functions are inlined like user code, the unused ones dropped;
// the MSL calls no __anchor_ function, uses no Metal rsqrt nor float
// division (only exact operations), and
// __brev is MSL's reverse_bits.
// IR-NOT: define {{.*}}@__anchor_
// IR-NOT: call {{.*}}@__anchor_
// IR: define {{.*}}@_Z4mathPfPj(
// IR-NOT: call {{.*}}@__anchor_
// CHECK-NOT: __anchor_
// CHECK-NOT: rsqrt(
// CHECK: kernel void _Z4mathPfPj(
// CHECK-NOT: {{__anchor_|float v[0-9]+ = \(.* / }}
// CHECK: reverse_bits(
// CHECK-NOT: {{__anchor_|float v[0-9]+ = \(.* / }}
__global__ void math(float *o, unsigned *u) {
  o[0] = rsqrtf(o[0]);
  o[1] = __fdiv_rn(o[1], o[2]);
  u[0] = __brev(u[0]);
}
