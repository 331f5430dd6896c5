// Atomics through a pointer into shared memory for some threads and global memory for
// others (a generic pointer): each row specialised per space, chosen by the tag at run
// time; the device library's 64-bit add works on it too.
__global__ void gen(unsigned *g, unsigned long long *g64) {
  __shared__ unsigned s[2];
  __shared__ unsigned long long s64;
  bool shared = threadIdx.x & 1;
  unsigned *p = shared ? &s[0] : g;
  unsigned long long *q = shared ? &s64 : g64;
  __atomic_fetch_add(p, 1u, __ATOMIC_RELAXED);
  __atomic_fetch_add(q, 1ull, __ATOMIC_RELAXED);
  unsigned v = __atomic_load_n(p, __ATOMIC_RELAXED);
  __atomic_store_n(p + 1, v, __ATOMIC_RELAXED);
}
// CHECK-LABEL: kernel void _Z3genPjPy(
// CHECK: if (([[P:v[0-9]+]] >> 56) == 0ul) {
// CHECK-NEXT: = (uint)(atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>([[P]] + anchor_ctx[0]), (uint)1u, memory_order_relaxed));
// CHECK-NEXT: } else if (([[P]] >> 56) == 3ul) {
// CHECK-NEXT: = (uint)(atomic_fetch_add_explicit(reinterpret_cast<threadgroup atomic_uint*>((threadgroup uchar*)anchor_smem + ([[P]] & 0xFFFFFFFFFFFFFFul)), (uint)1u, memory_order_relaxed));
// CHECK-NEXT: }
// CHECK: anchor_threadfence();
// CHECK: ? atomic_load_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK-SAME: : atomic_load_explicit(reinterpret_cast<threadgroup atomic_uint*>(
// CHECK: ? atomic_store_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK-SAME: : atomic_store_explicit(reinterpret_cast<threadgroup atomic_uint*>(
// TABLE: language 3.2
