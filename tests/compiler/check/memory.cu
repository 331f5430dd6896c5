// Loads and stores through device pointers, a private array indexed at run
// time (a thread array), GEPs over CUDA-layout structs and nested arrays.
struct Item { char tag; double weight; int count[3]; short s; };  // 8+8+12+2 -> 32 bytes

__global__ void mem(Item *items, int *out, int n, int k) {
  int local[16];
  for (int j = 0; j < 16; j++) local[j] = out[j] * j;
  int i = threadIdx.x;
  items[i].count[2] = local[k & 15];   // offset 32*i + 16 + 8
  items[i].s = (short)n;               // offset 32*i + 28
  out[i] = items[i + 1].tag;           // offset 32*(i+1)
}
// CHECK-LABEL: kernel void _Z3memP4ItemPiii(
// CHECK: ulong anchor_priv[8];
// CHECK: thread uchar* [[L:v[0-9]+]] = (thread uchar*)anchor_priv + 0;
// CHECK: *reinterpret_cast<thread uint*>([[L]]) = 0u;
// CHECK: = ([[L]] + ((long){{v[0-9]+}} * 4));
// CHECK: = *reinterpret_cast<thread uint*>({{v[0-9]+}});
// CHECK-DAG: [[ROW:v[0-9]+]] = ({{v[0-9]+}} + (ulong)((long){{v[0-9]+}} * 32));
// CHECK-DAG: = ([[ROW]] + (ulong)(24));
// CHECK-DAG: = ([[ROW]] + (ulong)(28));
// CHECK-DAG: = ([[ROW]] + (ulong)(32));
// CHECK-DAG: *reinterpret_cast<device ushort*>({{v[0-9]+}} + anchor_ctx[0]) =
// CHECK-DAG: = *reinterpret_cast<device uchar*>({{v[0-9]+}} + anchor_ctx[0]);

// A pointer stored in device memory is a CUDA address: loading it gives a
// ulong that is dereferenced like any other device pointer.
__global__ void chase(float **table, float *out) {
  float *p = table[threadIdx.x];
  out[threadIdx.x] = *p;
}
// CHECK-LABEL: kernel void _Z5chasePPfS_(
// CHECK: [[Q:v[0-9]+]] = *reinterpret_cast<device ulong*>({{v[0-9]+}} + anchor_ctx[0]);
// CHECK: = *reinterpret_cast<device float*>([[Q]] + anchor_ctx[0]);

// __ldg (llvm.nvvm.ldg.global.*) is a plain device load.
__global__ void ldg(float *o, const float *in) {
  o[threadIdx.x] = __nvvm_ldg_f(in + threadIdx.x) * 2.0f;
}
// CHECK-LABEL: kernel void _Z3ldgPfPKf(
// CHECK: [[G:v[0-9]+]] = *reinterpret_cast<device float*>({{v[0-9]+}} + anchor_ctx[0]);
// CHECK: = ([[G]] * 2.0f);

// volatile accesses stay volatile (each one reaches memory).
__global__ void poll(volatile int *flag, int *o) {
  __shared__ volatile int s[32];
  while (flag[0] != 5) {}
  s[threadIdx.x & 31] = o[0];
  o[1] = s[(threadIdx.x + 1) & 31];
}
// CHECK-LABEL: kernel void _Z4pollPViPi(
// CHECK: = *reinterpret_cast<volatile device uint*>(
// CHECK: *reinterpret_cast<volatile threadgroup uint*>({{.*}}) =
// CHECK: = *reinterpret_cast<volatile threadgroup uint*>(
