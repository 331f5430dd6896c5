// __shared__ arrays become threadgroup arrays declared at the top of the
// kernel; extern __shared__ is the dynamic threadgroup buffer; __syncthreads
// is a threadgroup barrier that stays where it was (never duplicated).
__global__ void reduce(float *o, const float *in) {
  __shared__ float tile[256];
  __shared__ int flag;
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  if (t == 0) flag = 1;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) tile[t] += tile[t + s];
    __syncthreads();
  }
  if (t == 0 && flag) o[blockIdx.x] = tile[0];
}
// TABLE: kernel _Z6reducePfPKf 16 1040 0
// CHECK-LABEL: kernel void _Z6reducePfPKf(
// All static __shared__ variables share anchor_smem (1024 + 16 bytes).
// CHECK-DAG: threadgroup ulong2 anchor_smem[65];
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 0)
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 1024)
// CHECK-DAG: *reinterpret_cast<threadgroup float*>({{v[0-9]+}}) =
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK: while (true) {
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK-NOT: threadgroup_barrier

extern __shared__ float dyn[];
__global__ void dynamic(float *o) {
  dyn[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}
// TABLE: kernel _Z7dynamicPf 8 0 1
// CHECK-LABEL: kernel void _Z7dynamicPf(
// CHECK: threadgroup uchar *anchor_dyn_smem {{\[\[}}threadgroup(0)]],
// CHECK: = (anchor_dyn_smem + ((long){{v[0-9]+}} * 4));
