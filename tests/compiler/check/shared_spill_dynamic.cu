// A kernel with extern __shared__ has a second MSL function, its dynamic-spill
// variant (common/abi.h AC_ABI_DYNAMIC_SPILL_SUFFIX), which the runtime runs
// when static + dynamic bytes do not fit in threadgroup memory: no dynamic
// threadgroup slot; the dynamic memory is in the block's slot of device memory
// after the static spill (none here), the slot's size from the launch's dynamic
// bytes (context word 7) rounded up to 16; the slot's index goes through 16
// bytes of its own (they fit). The kernel itself is unchanged and the table
// has one kernel line, without a spill line.
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
// CHECK: threadgroup ulong2 anchor_smem[1];
// CHECK-NEXT: threadgroup uint anchor_spill_shared[4];
// CHECK-NEXT: uint anchor_spill_slot = anchor_spill_claim(anchor_ctx, 8u, anchor_tid.x + anchor_bdim.x * (anchor_tid.y + anchor_bdim.y * anchor_tid.z), anchor_bdim.x * anchor_bdim.y * anchor_bdim.z, anchor_spill_shared);
// CHECK-NEXT: if (anchor_spill_slot == 0xFFFFFFFFu) return;
// CHECK-NEXT: ulong anchor_spill = anchor_spill_slot_address(anchor_ctx, 8u, anchor_spill_slot, 0ul + ((anchor_ctx[7] + 15ul) & ~15ul));
// CHECK: (anchor_spill + 0)
// CHECK-NOT: anchor_dyn_smem
// CHECK: anchor_spill_release(anchor_ctx, 8u, anchor_spill_slot);
// CHECK-NEXT: return;
