// A kernel with extern __shared__ has a second MSL function, its dynamic-spill
// variant (common/abi.h AC_ABI_DYNAMIC_SPILL_SUFFIX), which the runtime runs
// when static + dynamic bytes do not fit in threadgroup memory: no dynamic
// threadgroup slot; the dynamic memory is in the block's device slice after
// the static spill (none here), the slice's size from the launch's dynamic
// bytes (context word 7) rounded up to 16. The kernel itself is unchanged and
// the table has one kernel line, without a spill line.
extern __shared__ float dyn[];
__global__ void scale(float *o, float k) {
  __shared__ float total[4];
  unsigned t = threadIdx.x;
  dyn[t] = o[t] * k;
  if (t < 4) total[t] = 0;
  __syncthreads();
  atomicAdd(&total[t & 3], dyn[t ^ 1]);
  __syncthreads();
  o[t] = total[t & 3] + dyn[t];
}
// TABLE: kernel _Z5scalePff 12 16 1
// TABLE-NOT: spill
// TABLE-NOT: kernel
// CHECK-LABEL: kernel void _Z5scalePff(
// CHECK: threadgroup uchar *anchor_dyn_smem {{\[\[}}threadgroup(0)]],
// CHECK-NOT: anchor_spill
// CHECK-LABEL: kernel void _Z5scalePff__anchor_dynamic_spill(
// CHECK-NOT: anchor_dyn_smem
// CHECK: threadgroup ulong anchor_smem[2];
// CHECK-NEXT: ulong anchor_spill = anchor_ctx[8] + (((ulong)anchor_bid.z * anchor_gdim.y + anchor_bid.y) * anchor_gdim.x + anchor_bid.x) * (0ul + ((anchor_ctx[7] + 15ul) & ~15ul));
// CHECK: (anchor_spill + 0)
// CHECK-NOT: anchor_dyn_smem
