// A 64-bit atomic is the device library's critical section under the lock table: the lock
// (context word 1) taken by a 32-bit CAS, fences (so the module needs MSL 3.2), the value's
// words by 32-bit atomics, the lock released; and all of it inside the spinning loop,
// before the loop's exit (lanes of one SIMD-group run in lockstep: a section after the loop
// would deadlock). A 16-bit CAS is a CAS loop on the containing word.
__global__ void wide(unsigned long long *c, unsigned short *h) {
  atomicAdd(c, 1ull);
  atomicCAS(h + 1, (unsigned short)0, (unsigned short)5);
}
// CHECK-LABEL: kernel void _Z4widePyPt(
// CHECK: anchor_ctx[1]
// CHECK: while (true) {
// CHECK: atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, (uint)1u,
// CHECK: anchor_threadfence();
// CHECK: atomic_load_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK: atomic_store_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK: anchor_threadfence();
// CHECK-NEXT: atomic_store_explicit(reinterpret_cast<device atomic_uint*>({{v[0-9]+}} + anchor_ctx[0]), (uint)0u, memory_order_relaxed);
// CHECK-NEXT: *reinterpret_cast<volatile thread uchar*>({{v[0-9]+}}) = (uchar)1;
// CHECK: break;
// CHECK: while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, (uint){{v[0-9]+}}, memory_order_relaxed, memory_order_relaxed) && anchor_o == (uint){{v[0-9]+}}) {}
// TABLE: language 3.2
