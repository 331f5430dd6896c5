// __device__ and __constant__ variables: one `global` line each (index,
// size, align, flags, initial bytes) and, in MSL, their CUDA address
// anchor_ctx[8 + index], dereferenced like any device pointer.
__device__ int counters[4] = {1, 2, 3, 0x01020304};
__constant__ float coeffs[3] = {0.5f, -1.0f, 2.0f};
__device__ unsigned long long zeroed[2];
__device__ short lonely = -2;
__global__ void use(float *o, int i) {
  o[0] = coeffs[i % 3] * counters[i & 3];
  zeroed[1] += 1;
  o[1] = lonely;
  counters[0] = (int)(size_t)&zeroed[1];   // a global's address is a CUDA address
}
// TABLE: kernel _Z3usePfi 12 0 0
// TABLE: global counters 0 16 4 device 01000000020000000300000004030201
// TABLE-NEXT: global coeffs 1 12 4 constant 0000003f000080bf00000040
// TABLE-NEXT: global zeroed 2 16 8 device -
// TABLE-NEXT: global lonely 3 2 2 device feff
// TABLE-NEXT: msl

// CHECK-LABEL: kernel void _Z3usePfi(
// CHECK-DAG: = (anchor_ctx[9] + (ulong)((long){{v[0-9]+}} * 4));
// CHECK-DAG: = *reinterpret_cast<device uint*>({{v[0-9]+}} + anchor_ctx[0]);
// CHECK-DAG: *reinterpret_cast<device ulong*>((anchor_ctx[10] + (ulong)(8)) + anchor_ctx[0])
// CHECK-DAG: *reinterpret_cast<device ushort*>(anchor_ctx[11] + anchor_ctx[0]);
// CHECK-DAG: (uint)(anchor_ctx[10] + (ulong)(8))
