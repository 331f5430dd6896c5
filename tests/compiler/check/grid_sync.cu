// The grid barrier of cooperative groups (grid_group::sync(), include/cooperative_groups.h):
// is_valid() compares the context's grid word (anchor_ctx[6], AC_ABI_CONTEXT_GRID) with 0;
// outside a cooperative launch sync() traps (the status block's failure word, then the
// thread returns); inside, every thread fences and meets at a block barrier, thread
// (0,0,0) adds to the grid word (block 0: 2^31 + 1 - blocks, the others 1) and spins
// with atomic reads until bit 31 flips, and a barrier and a fence release the block.
// The fences make the module ask for MSL 3.2 (docs/compiler.md "Fences").
// TABLE: language 3.2
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void phases(unsigned *o) {
  cg::grid_group g = cg::this_grid();
  o[g.thread_rank()] = g.is_valid();
  g.sync();
  o[0] += 1;
}
// CHECK: kernel void _Z6phasesPj(
// CHECK: [[WORD:v[0-9]+]] = anchor_ctx[6];
// CHECK-NEXT: bool [[VALID:v[0-9]+]] = ([[WORD]] != 0ul);
// CHECK: if (!
// CHECK: anchor_ctx[2];
// CHECK: atomic_compare_exchange_weak_explicit
// CHECK: return;
// CHECK: = anchor_ctx[6];
// CHECK: anchor_threadfence();
// CHECK-NEXT: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK: (uint)2147483649u - (uint)
// CHECK: atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>
// CHECK: while (true) {
// CHECK-NEXT: atomic_fetch_or_explicit(reinterpret_cast<device atomic_uint*>
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK-NEXT: anchor_threadfence();
