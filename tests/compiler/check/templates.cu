// The MSL of the builders that fill templates per element or per space
// (docs/compiler.md, "the template language"): memmove's two loops and
// memset at a 4-byte unit, bswap per byte, i1 loads and stores through a
// generic pointer into static and dynamic shared memory, pointer
// select/compare with a null in a space's own spelling.
extern __shared__ int dyn_words[];

__global__ void move_words(int *a) {
  __builtin_memmove(a + 1, a, 64);
  memset(a + 32, 7, 32);
}

__global__ void swap_bytes(unsigned short *h, unsigned long long *l) {
  h[0] = __builtin_bswap16(h[1]);
  l[0] = __builtin_bswap64(l[1]);
}

__global__ void generic_flags(int *out, int sel) {
  __shared__ bool flags[32];
  bool *dyn_flags = (bool *)dyn_words;
  flags[threadIdx.x & 31] = out[threadIdx.x] != 0;
  dyn_flags[threadIdx.x] = out[threadIdx.x] > 1;
  __syncthreads();
  bool *p = sel ? flags : dyn_flags;
  p[(threadIdx.x + 1) & 31] = !p[threadIdx.x & 31];
  __syncthreads();
  int *q = sel > 2 ? (int *)nullptr : (int *)flags;
  out[threadIdx.x] = q == nullptr ? -1 : flags[threadIdx.x & 31];
}
// CHECK-LABEL: kernel void _Z10move_wordsPi(
// CHECK: if ([[D:v[0-9]+]] <= [[S:v[0-9]+]]) { for (ulong [[K:k[0-9]+]] = 0; [[K]] < (ulong)64ul; [[K]] += 4) *reinterpret_cast<device uint*>([[D]] + [[K]] + anchor_ctx[0]) = *reinterpret_cast<device uint*>([[S]] + [[K]] + anchor_ctx[0]); } else { for (ulong [[K]] = (ulong)64ul; [[K]] != 0;) { [[K]] -= 4; *reinterpret_cast<device uint*>([[D]] + [[K]] + anchor_ctx[0]) = *reinterpret_cast<device uint*>([[S]] + [[K]] + anchor_ctx[0]); } };
// CHECK: for (ulong [[K:k[0-9]+]] = 0; [[K]] < (ulong)32ul; [[K]] += 1) *reinterpret_cast<device uchar*>([[P:v[0-9]+]] + [[K]] + anchor_ctx[0]) = (uchar)((ulong)(uchar)7 * 0x0101010101010101ul);

// CHECK-LABEL: kernel void _Z10swap_bytesPtPy(
// CHECK: ushort {{v[0-9]+}} = (ushort)((((uint)[[H:v[0-9]+]] << 8) & 0xff00u) | (((uint)[[H]] >> 8) & 0xffu));
// CHECK: ulong {{v[0-9]+}} = (ulong)((((ulong)[[L:v[0-9]+]] << 56) & 0xff00000000000000ul) | (((ulong)[[L]] << 40) & 0xff000000000000ul) | (((ulong)[[L]] << 24) & 0xff0000000000ul) | (((ulong)[[L]] << 8) & 0xff00000000ul) | (((ulong)[[L]] >> 8) & 0xff000000ul) | (((ulong)[[L]] >> 24) & 0xff0000ul) | (((ulong)[[L]] >> 40) & 0xff00ul) | (((ulong)[[L]] >> 56) & 0xfful));

// CHECK-LABEL: kernel void _Z13generic_flagsPii(
// CHECK: threadgroup ulong2 anchor_smem[2];
// CHECK: ulong [[G:v[0-9]+]] = ({{v[0-9]+}} ? ((4ul << 56) | (ulong)(anchor_dyn_smem - anchor_dyn_smem)) : ((3ul << 56) | (ulong)(((threadgroup uchar*)anchor_smem + 0) - (threadgroup uchar*)anchor_smem)));
// CHECK: uchar {{v[0-9]+}} = (([[A:v[0-9]+]] >> 56) == 3 ? *reinterpret_cast<threadgroup uchar*>((threadgroup uchar*)anchor_smem + ([[A]] & 0xFFFFFFFFFFFFFFul)) : *reinterpret_cast<threadgroup uchar*>(anchor_dyn_smem + ([[A]] & 0xFFFFFFFFFFFFFFul)));
// CHECK: if (([[B:v[0-9]+]] >> 56) == 3) { *reinterpret_cast<threadgroup uchar*>((threadgroup uchar*)anchor_smem + ([[B]] & 0xFFFFFFFFFFFFFFul)) = [[X:v[0-9]+]]; } else if (([[B]] >> 56) == 4) { *reinterpret_cast<threadgroup uchar*>(anchor_dyn_smem + ([[B]] & 0xFFFFFFFFFFFFFFul)) = [[X]]; };
// CHECK: bool {{v[0-9]+}} = (((threadgroup uchar*)anchor_smem + 0) == nullptr);
