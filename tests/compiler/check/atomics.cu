// 32-bit atomics on device and threadgroup memory (relaxed, as CUDA's
// atomic* functions are): direct MSL atomic functions where MSL has them,
// compare-and-swap loops for float add, atomicInc/atomicDec and cmpxchg.
__global__ void atom(int *i, unsigned *u, float *f, int v) {
  __shared__ unsigned hist[32];
  hist[threadIdx.x & 31] = 0;
  __syncthreads();
  __atomic_fetch_add(&i[0], v, __ATOMIC_RELAXED);
  __atomic_fetch_sub(&i[1], v, __ATOMIC_RELAXED);
  __atomic_fetch_max(&i[2], v, __ATOMIC_RELAXED);
  __atomic_fetch_min(&u[0], (unsigned)v, __ATOMIC_RELAXED);
  __atomic_fetch_or(&u[1], 4u, __ATOMIC_RELAXED);
  int old = __atomic_exchange_n(&i[3], v, __ATOMIC_RELAXED);
  int expected = 5;
  bool swapped = __atomic_compare_exchange_n(&i[4], &expected, v, false, __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED);
  __nvvm_atom_inc_gen_ui(&u[2], 10u);
  __atomic_fetch_add(&f[0], 1.5f, __ATOMIC_RELAXED);
  __atomic_fetch_add(&hist[v & 31], 1u, __ATOMIC_RELAXED);
  __syncthreads();
  u[3 + threadIdx.x] = hist[threadIdx.x & 31] + old + swapped + expected;
}
// CHECK-LABEL: kernel void _Z4atomPiPjPfi(
// CHECK-DAG: = (uint)(atomic_fetch_add_explicit(reinterpret_cast<device atomic_uint*>({{v[0-9]+}} + anchor_ctx[0]), (uint){{v[0-9]+}}, memory_order_relaxed));
// CHECK-DAG: = (uint)(atomic_fetch_sub_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK-DAG: = (uint)(atomic_fetch_max_explicit(reinterpret_cast<device atomic_int*>({{.*}}), (int){{v[0-9]+}}, memory_order_relaxed));
// CHECK-DAG: = (uint)(atomic_fetch_min_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK-DAG: = (uint)(atomic_fetch_or_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK-DAG: = (uint)(atomic_exchange_explicit(reinterpret_cast<device atomic_uint*>(
// CHECK-DAG: while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, (uint){{v[0-9]+}}, memory_order_relaxed, memory_order_relaxed) && anchor_o == (uint)5u) {}
// CHECK-DAG: while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, (anchor_o >= 10u ? 0u : anchor_o + 1u), memory_order_relaxed, memory_order_relaxed)) {}
// float add on device memory: subnormal operands and results flushed, as NVIDIA's
// atom.add.f32 on global memory (observed on the H200 with nvcc 13.0, 2026-12-01)
// CHECK-DAG: float anchor_v = 1.5f;
// CHECK-DAG: if (fabs(anchor_v) < as_type<float>(0x00800000u)) anchor_v = copysign(0.0f, anchor_v);
// CHECK-DAG: anchor_x = anchor_x + anchor_v;
// CHECK-DAG: } while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, anchor_n, memory_order_relaxed, memory_order_relaxed));
// CHECK-DAG: atomic_fetch_add_explicit(reinterpret_cast<threadgroup atomic_uint*>(

// float add on threadgroup memory: IEEE addition, no flush, as atom.add.f32 on shared
// memory (observed on the H200 with nvcc 13.0, 2026-12-01: 2^-127 + 0 stays 2^-127).
__global__ void fshared(float *f, float v) {
  __shared__ float s[1];
  s[0] = 0.0f;
  __syncthreads();
  __atomic_fetch_add(&s[0], v, __ATOMIC_RELAXED);
  __syncthreads();
  f[0] = s[0];
}
// CHECK-LABEL: kernel void _Z7fsharedPff(
// CHECK: threadgroup atomic_uint *anchor_a = reinterpret_cast<threadgroup atomic_uint*>(
// CHECK-NOT: fabs(anchor_
// CHECK: anchor_x = anchor_x + anchor_v;
// CHECK-NOT: fabs(anchor_
// CHECK: } while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, anchor_n, memory_order_relaxed, memory_order_relaxed));
