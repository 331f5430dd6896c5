// The device services in the MSL (docs/runtime.md "Device services"):
// __trap() stores its failure into the status block (anchor_ctx[2]) with one
// CAS and the thread returns before its later store; a printf with a
// constant format reserves its record in the FIFO (anchor_ctx[3]) with one
// atomic add, stores the format's words and its argument, then the size word
// (no run-time walk of the format, no loop); clock64() is one atomic add on
// the status block's counter.
#include <cstdio>
__global__ void traps(int *p) {
  if (p[0]) __trap();
  p[1] = 1;
}
// CHECK-LABEL: kernel void _Z5trapsPi(
// CHECK: = anchor_ctx[2];
// CHECK: atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, (uint)1u,
// CHECK: return;
// CHECK: = 1u;
__global__ void prints(int x) {
  printf("x=%d\n", x);
}
// CHECK-LABEL: kernel void _Z6printsi(
// CHECK-NOT: while (true)
// CHECK: = anchor_ctx[3];
// CHECK: atomic_fetch_add_explicit({{.*}}, (uint)24u, memory_order_relaxed)
// CHECK: = 44629835128ul;
// CHECK: atomic_store_explicit({{.*}}, (uint)24u, memory_order_relaxed);
// CHECK: return;
__global__ void clocks(long long *o) {
  o[0] = clock64();
}
// CHECK-LABEL: kernel void _Z6clocksPx(
// CHECK: = anchor_ctx[2];
// CHECK: atomic_fetch_add_explicit({{.*}}, (uint)1u, memory_order_relaxed)
