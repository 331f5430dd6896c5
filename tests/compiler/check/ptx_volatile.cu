// The accesses of an asm volatile are volatile ones, so that a spin on one is not hoisted
// (under nvcc the asm is opaque and runs each time); those of a plain asm are plain loads.
__global__ void spin(const unsigned *flag, unsigned *o) {
  unsigned seen;
  do {
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(seen) : "l"(flag));
  } while (seen == 0);
  unsigned v;
  asm("ld.global.u32 %0, [%1+4];" : "=r"(v) : "l"(flag));
  o[0] = seen + v;
}
// CHECK: kernel void _Z4spinPKjPj(
// CHECK: while (true) {
// CHECK: = *reinterpret_cast<volatile device uint*>(
// CHECK: }
// CHECK: = *reinterpret_cast<device uint*>(
