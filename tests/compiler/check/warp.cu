// Warp operations map to Metal SIMD-group functions; the lane is the linear
// thread index mod 32 and PTX's shuffle control word picks the source lane.
__global__ void w(int *o, float *f) {
  int v = o[threadIdx.x];
  v += __nvvm_shfl_sync_down_i32(0xffffffff, v, 1, 0x1f);
  float x = __nvvm_shfl_sync_bfly_f32(0xffffffff, f[threadIdx.x], 4, 0x1f);
  unsigned b = __nvvm_vote_ballot_sync(0xffffffff, v > 0);
  bool a = __nvvm_vote_any_sync(0xffffffff, v > 3), l = __nvvm_vote_all_sync(0xffffffff, v < 100);
  unsigned m = __nvvm_activemask();
  __nvvm_bar_warp_sync(0xffffffff);
  o[threadIdx.x] = v + b + a + l + m;
  f[threadIdx.x] = x;
}
// CHECK: inline uint anchor_shfl_lane(uint mode, uint lane, uint b, uint c) {
// CHECK-LABEL: kernel void _Z1wPiPf(
// CHECK-DAG: = simd_shuffle({{v[0-9]+}}, (ushort)anchor_shfl_lane(2u, (((anchor_tid.z * anchor_bdim.y + anchor_tid.y) * anchor_bdim.x + anchor_tid.x) % 32u), 1u, 31u));
// CHECK-DAG: = simd_shuffle({{v[0-9]+}}, (ushort)anchor_shfl_lane(3u,
// CHECK-DAG: = (uint)(ulong)simd_ballot({{v[0-9]+}});
// CHECK-DAG: = simd_any({{v[0-9]+}});
// CHECK-DAG: = simd_all({{v[0-9]+}});
// CHECK-DAG: = (uint)(ulong)simd_active_threads_mask();
// CHECK-DAG: simdgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
