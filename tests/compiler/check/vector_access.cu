// Vector accesses (pipeline_vectorize, issue 12): a float4 read and written through
// device memory is one `device float4` access, a float4 copied into a __shared__ float
// tile at an index that is a multiple of 4 one 16-byte load and one 16-byte threadgroup
// store (anchor_smem is a 16-byte aligned ulong2 array), an int2 one `uint2` access, a
// double2 one `ulong2` (doubles as their bits); a float4 in a private array is read and
// written element by element (anchor_priv's alignment is 8).
// CHECK-LABEL: kernel void _Z5triadP6float4PKS_f(
// CHECK: float4 [[X:v[0-9]+]] = *reinterpret_cast<device float4*>(v{{[0-9]+}} + anchor_ctx[0]);
// CHECK: float4 [[Y:v[0-9]+]] = float4(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}});
// CHECK-NEXT: *reinterpret_cast<device float4*>(v{{[0-9]+}} + anchor_ctx[0]) = [[Y]];
__global__ void triad(float4 *a, const float4 *b, float s) {
  int i = threadIdx.x;
  float4 x = b[i];
  a[i] = make_float4(x.x * s, x.y * s, x.z * s, x.w * s);
}

// CHECK-LABEL: kernel void _Z4tilePKfPf(
// CHECK: threadgroup ulong2 anchor_smem[64];
// CHECK: uint4 [[L:v[0-9]+]] = *reinterpret_cast<device uint4*>(v{{[0-9]+}} + anchor_ctx[0]);
// CHECK: *reinterpret_cast<threadgroup uint4*>(v{{[0-9]+}}) = v{{[0-9]+}};
// CHECK: float4 v{{[0-9]+}} = *reinterpret_cast<threadgroup float4*>(v{{[0-9]+}});
__global__ void tile(const float *in, float *out) {
  __shared__ float t[4][64];
  int r = threadIdx.x / 16, c = (threadIdx.x % 16) * 4;
  *(float4 *)&t[r][c] = *(const float4 *)&in[r * 64 + c];
  __syncthreads();
  float4 v = *(float4 *)&t[3 - r][c];
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// CHECK-LABEL: kernel void _Z5pairsP4int2P7double2(
// CHECK: uint2 v{{[0-9]+}} = *reinterpret_cast<device uint2*>(
// CHECK: ulong2 v{{[0-9]+}} = *reinterpret_cast<device ulong2*>(
// CHECK: *reinterpret_cast<device ulong2*>(
__global__ void pairs(int2 *p, double2 *d) {
  int i = threadIdx.x;
  int2 v = p[i];
  double2 w = d[i];
  p[i + 64] = make_int2(v.y, v.x);
  d[i + 64] = make_double2(w.y, w.x);
}

// CHECK-LABEL: kernel void _Z10local_pickP6float4i(
// CHECK: *reinterpret_cast<thread float*>((v{{[0-9]+}} + 0)) = v{{[0-9]+}}.x; *reinterpret_cast<thread float*>((v{{[0-9]+}} + 4)) = v{{[0-9]+}}.y;
// CHECK: ulong2(*reinterpret_cast<thread ulong*>((v{{[0-9]+}} + 0)), *reinterpret_cast<thread ulong*>((v{{[0-9]+}} + 8)))
__global__ void local_pick(float4 *o, int k) {
  float4 l[4];
  for (int m = 0; m < 4; m++)
    l[m] = make_float4(threadIdx.x + m, m, 1, 2);
  o[threadIdx.x] = l[(threadIdx.x + k) & 3];
}
