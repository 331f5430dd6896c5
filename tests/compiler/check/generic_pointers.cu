// A pointer that may point into several address spaces (here a private
// array or global memory) is a generic pointer: a ulong whose top byte names
// the space (0 device, 1 anchor_priv, 2 anchor_params, 3 anchor_smem,
// 4 anchor_dyn_smem) above the offset from that space's base; every access
// tests the tag.
__global__ void mixed(int *g, int sel, int i) {
  int local[8];
  for (int k = 0; k < 8; k++) local[k] = g[k + 8];
  int *p = sel ? local : g;
  g[0] = p[i & 7];
  p[(i + 1) & 7] = 5;
}
// CHECK-LABEL: kernel void _Z5mixedPiii(
// CHECK: ulong anchor_priv[4];
// CHECK: = ({{v[0-9]+}} ? {{v[0-9]+}} : ((1ul << 56) | (ulong)({{v[0-9]+}} - (thread uchar*)anchor_priv)));
// CHECK: = (([[P:v[0-9]+]] >> 56) == 0 ? *reinterpret_cast<device uint*>([[P]] + anchor_ctx[0]) : *reinterpret_cast<thread uint*>((thread uchar*)anchor_priv + ([[P]] & 0xFFFFFFFFFFFFFFul)));
// CHECK: if (([[Q:v[0-9]+]] >> 56) == 0) { *reinterpret_cast<device uint*>([[Q]] + anchor_ctx[0]) = 5u; } else if (([[Q]] >> 56) == 1) { *reinterpret_cast<thread uint*>((thread uchar*)anchor_priv + ([[Q]] & 0xFFFFFFFFFFFFFFul)) = 5u; };

// Static and dynamic shared memory and a by-value parameter behind one pointer.
extern __shared__ float dyn[];
struct Pair { float a, b; };
__global__ void shared_mix(float *o, Pair pr, int sel) {
  __shared__ float tile[32];
  tile[threadIdx.x & 31] = o[threadIdx.x];
  dyn[threadIdx.x] = o[threadIdx.x] * 2.0f;
  __syncthreads();
  const float *p = sel == 0 ? tile : sel == 1 ? dyn : &pr.a;
  o[threadIdx.x] = p[sel == 2 ? 1 : threadIdx.x & 31];
}
// CHECK-LABEL: kernel void _Z10shared_mixPf4Pairi(
// CHECK-DAG: ((3ul << 56) | (ulong)(((threadgroup uchar*)anchor_smem + 0) - (threadgroup uchar*)anchor_smem))
// CHECK-DAG: ((4ul << 56) | (ulong)(anchor_dyn_smem - anchor_dyn_smem))
// CHECK-DAG: ((2ul << 56) | (ulong)({{v[0-9]+}} - anchor_params))
// CHECK-DAG: == 3 ? *reinterpret_cast<threadgroup float*>((threadgroup uchar*)anchor_smem +
