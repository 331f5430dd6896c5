// A member mask other than the constant 0xffffffff is checked at run time against the
// active lanes (anchor_warp_mask: a mask that does not name the caller is reported in the
// status block, AC_ABI_FAILURE_WARP_MASK = 3) and the operation is restricted to it: ballots and votes AND the
// SIMD-group ballot with it, shuffles read the caller's own value from a source outside it.
__global__ void w(int *o, unsigned m) {
  int v = o[threadIdx.x];
  v += __nvvm_shfl_sync_idx_i32(m, v, 3, 0x1f);
  unsigned b = __nvvm_vote_ballot_sync(0x0000ffff, v > 0);
  bool a = __nvvm_vote_any_sync(m, v > 3), l = __nvvm_vote_all_sync(m, v < 100);
  bool u = __nvvm_vote_uni_sync(m, v > 7);
  __nvvm_bar_warp_sync(m);
  o[threadIdx.x] = v + b + a + l + u;
}
// CHECK: inline uint anchor_warp_mask(uint m, uint tid, uint threads, uint active,
// CHECK-NEXT: constant ulong *ctx) {
// CHECK: ANCHOR_WARP_MASK_UNHONOURED
// CHECK: device atomic_uint *status = reinterpret_cast<device atomic_uint*>(
// CHECK-NEXT: ctx[2] + ctx[0]);
// CHECK: while (!atomic_compare_exchange_weak_explicit(status + 0, &none,
// CHECK-NEXT: 3u, memory_order_relaxed, memory_order_relaxed) &&
// CHECK-LABEL: kernel void _Z1wPij(
// CHECK-DAG: = simd_shuffle({{v[0-9]+}}, (ushort)anchor_shfl_lane_in(0u, {{.*}}, 3u, 31u, anchor_warp_mask({{v[0-9]+}}, {{.*}}(uint)(ulong)simd_active_threads_mask(), anchor_ctx)));
// CHECK-DAG: = ((uint)(ulong)simd_ballot({{v[0-9]+}}) & anchor_warp_mask(65535u,
// CHECK-DAG: = (((uint)(ulong)simd_ballot({{v[0-9]+}}) & anchor_warp_mask({{v[0-9]+}}, {{.*}})) != 0u);
// CHECK-DAG: = (((uint)(ulong)simd_ballot(!{{v[0-9]+}}) & anchor_warp_mask({{v[0-9]+}}, {{.*}})) == 0u);
// CHECK-DAG: = anchor_vote_uni((uint)(ulong)simd_ballot({{v[0-9]+}}), anchor_warp_mask(
// CHECK-DAG: (void)anchor_warp_mask({{v[0-9]+}}, {{.*}}), ((uint)(ulong)simd_active_threads_mask() == anchor_warp_lanes({{.*}}) ? simdgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device) : (void)0);
