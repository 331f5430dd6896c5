// __syncthreads_count/_and/_or (llvm.nvvm.barrier0.popc/and/or): a barrier,
// then a count on a threadgroup counter (anchor_sync, 16 bytes of static
// threadgroup memory) between further barriers. The table's static byte
// count is exact: 256 (flags) + 16 (anchor_sync).
__global__ void votes(int *o) {
  __shared__ int flags[64];
  unsigned t = threadIdx.x;
  flags[t] = o[t];
  int c = __syncthreads_count(flags[63 - t] > 0);
  int a = __syncthreads_and(o[t] != 3);
  int r = __syncthreads_or(o[t] == 7);
  o[t] = c * 100 + a * 10 + r;
}
// TABLE: kernel _Z5votesPi 8 272 0
// CHECK-LABEL: kernel void _Z5votesPi(
// CHECK-DAG: threadgroup ulong2 anchor_smem[16];
// CHECK-DAG: threadgroup atomic_uint anchor_sync[4];
// __syncthreads_count: barrier, reset by thread 0, barrier, add, barrier, read, barrier.
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK-NEXT: if (anchor_tid.x == 0 && anchor_tid.y == 0 && anchor_tid.z == 0) atomic_store_explicit(&anchor_sync[0], 0u, memory_order_relaxed);
// CHECK-NEXT: threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK-NEXT: if ({{v[0-9]+}} != 0) atomic_fetch_add_explicit(&anchor_sync[0], 1u, memory_order_relaxed);
// CHECK-NEXT: threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK-NEXT: [[C:v[0-9]+]] = atomic_load_explicit(&anchor_sync[0], memory_order_relaxed);
// CHECK-NEXT: threadgroup_barrier(mem_flags::mem_threadgroup);
// __syncthreads_and: all threads counted.
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK: [[A:v[0-9]+]] = atomic_load_explicit(&anchor_sync[0], memory_order_relaxed);
// CHECK: [[A]] = [[A]] == anchor_bdim.x * anchor_bdim.y * anchor_bdim.z ? 1u : 0u;
// __syncthreads_or: any thread counted.
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK: [[R:v[0-9]+]] = atomic_load_explicit(&anchor_sync[0], memory_order_relaxed);
// CHECK: [[R]] = [[R]] != 0 ? 1u : 0u;
