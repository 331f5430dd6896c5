// Device functions (even noinline ones) are inlined into their kernels;
// nothing but the kernel is emitted.
__device__ __noinline__ int square_plus(int a, int b) { return a * a + b; }
__device__ int twice(int a) { return square_plus(a, 1) * 2; }
__global__ void caller(int *o, int x) { o[0] = twice(x) + square_plus(x, 3); }
// CHECK-NOT: square_plus
// CHECK-LABEL: kernel void _Z6callerPii(
// CHECK: = (uint)((uint)[[X:v[0-9]+]] * (uint)[[X]]);
// CHECK-NOT: square_plus
// CHECK-NOT: twice
