// Address spaces from where pointers point (exec/addrspace_cases.cu runs the
// same cases): one device function called with a shared and with a global
// pointer (inlined: each copy gets its space by dataflow), ?: between shared
// and global memory (a generic pointer whose accesses test the tag), and
// char* <-> float* casts on shared and on global memory (byte offsets in
// the same space).
__device__ __noinline__ float sum3(const float *p, int k) { return p[k] + p[k + 1] + p[k + 2]; }

__global__ void one_function(float *g, int k) {
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x] * 2;
  __syncthreads();
  g[threadIdx.x] = sum3(s, k & 31) + sum3(g, k & 15);
}
// CHECK-LABEL: kernel void _Z12one_functionPfi(
// CHECK-NOT: << 56
// CHECK-DAG: *reinterpret_cast<threadgroup float*>(
// CHECK-DAG: *reinterpret_cast<device float*>(

__global__ void choose(float *g, int sel) {
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x] + 1;
  __syncthreads();
  float *p = (sel & 1) ? s : g + 64;
  g[threadIdx.x] = p[threadIdx.x];
  p[63 - threadIdx.x] = 7.0f;
}
// CHECK-LABEL: kernel void _Z6choosePfi(
// The shared pointer tagged 3 where it meets the device one (tag 0).
// CHECK: ((3ul << 56) | (ulong)(
// CHECK: = (([[P:v[0-9]+]] >> 56) == 0 ? *reinterpret_cast<device float*>([[P]] + anchor_ctx[0]) : *reinterpret_cast<threadgroup float*>((threadgroup uchar*)anchor_smem + ([[P]] & 0xFFFFFFFFFFFFFFul)));
// CHECK: if (([[Q:v[0-9]+]] >> 56) == 0) { *reinterpret_cast<device float*>([[Q]] + anchor_ctx[0]) = {{.*}}; } else if (([[Q]] >> 56) == 3) { *reinterpret_cast<threadgroup float*>((threadgroup uchar*)anchor_smem + ([[Q]] & 0xFFFFFFFFFFFFFFul)) = {{.*}}; };

__global__ void casts(float *g, int k) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  char *sb = (char *)s;            // shared float* -> char*
  char *gb = (char *)g;            // global float* -> char*
  *(float *)(sb + 4 * t) = g[t];   // char* -> float* on shared
  __syncthreads();
  sb[(k & 63) * 4 + 3] ^= 0x40;    // a byte of a shared float
  __syncthreads();
  *(float *)(gb + 4 * t + 256) = s[t] + s[63 - t]; // char* -> float* on global
  gb[k & 255] = 1;                 // a byte of global memory
}
// CHECK-LABEL: kernel void _Z5castsPfi(
// CHECK-NOT: << 56
// CHECK-DAG: *reinterpret_cast<threadgroup uchar*>(
// CHECK-DAG: *reinterpret_cast<threadgroup float*>(
// CHECK-DAG: *reinterpret_cast<device float*>(
// CHECK-DAG: *reinterpret_cast<device uchar*>(
