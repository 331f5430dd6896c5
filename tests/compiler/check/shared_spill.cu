// Static __shared__ data above Metal's 32 KiB of threadgroup memory
// (compiler/smem_spill.c): a (24 KiB), b and c (8 KiB each) and n (16 bytes)
// are 40976 bytes. The set kept in threadgroup memory is the one with the most
// bytes that fits: a and b, exactly 32 KiB; c and n go to the block's slot of
// device memory (8208 bytes, the table's spill line), anchor_spill: the first
// thread claims a slot of the overflow area (context word 9, after the one
// global; its slot count word 10), sharing its index through anchor_smem's first
// word (no 16 bytes are left beside a and b), read by every thread before a
// second barrier; the address is the area's header plus slot x 8208. Every
// return gives the slot back. Accesses and atomics on them are device ones.
// The device fence of the release makes the module MSL 3.2.
__device__ int g;
__global__ void spill(int *o, int i) {
  __shared__ int a[6144];
  __shared__ int b[2048];
  __shared__ unsigned c[2048];
  __shared__ int n[4];
  unsigned t = threadIdx.x;
  a[t] = o[t];
  b[t] = o[t + 1];
  c[t] = 0;
  n[t & 3] = g;
  __syncthreads();
  atomicAdd(&c[i], 1u);
  atomicAdd(&n[i & 3], 1);
  __syncthreads();
  o[t] = a[i] + b[i] + (int)c[t] + n[t & 3];
}
// TABLE: kernel _Z5spillPii 12 32768 0
// TABLE-NEXT: param 0 8
// TABLE-NEXT: param 8 4
// TABLE-NEXT: spill 8208
// CHECK-LABEL: kernel void _Z5spillPii(
// CHECK: threadgroup ulong2 anchor_smem[2048];
// CHECK-NEXT: uint anchor_spill_slot = anchor_spill_claim(anchor_ctx, 9u, anchor_tid.x + anchor_bdim.x * (anchor_tid.y + anchor_bdim.y * anchor_tid.z), anchor_bdim.x * anchor_bdim.y * anchor_bdim.z, (threadgroup uint*)anchor_smem);
// CHECK-NEXT: threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK-NEXT: if (anchor_spill_slot == 0xFFFFFFFFu) return;
// CHECK-NEXT: ulong anchor_spill = anchor_spill_slot_address(anchor_ctx, 9u, anchor_spill_slot, 8208ul);
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 0)
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 24576)
// CHECK-DAG: = ((anchor_spill + 0) + (ulong)((long)v{{[0-9]+}} * 4));
// CHECK-DAG: = ((anchor_spill + 8192) + (ulong)((long)v{{[0-9]+}} * 4));
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)
// CHECK: atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>(v{{[0-9]+}} + anchor_ctx[0]), (uint)1u, memory_order_relaxed)
// CHECK: atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>(v{{[0-9]+}} + anchor_ctx[0]), (uint)1u, memory_order_relaxed)
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)
// CHECK: anchor_spill_release(anchor_ctx, 9u, anchor_spill_slot);
// CHECK-NEXT: return;
