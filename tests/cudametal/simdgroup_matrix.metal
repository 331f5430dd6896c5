// Every simdgroup_matrix form of the MSL prelude, compiled by cudametal's translator and
// NVRTC (tests/cudametal/nvrtc_wmma.sh; softmetal runs the same functions in
// tests/softmetal/test_simdgroup_matrix.c).
#include <metal_stdlib>
#include <metal_simdgroup_matrix>
using namespace metal;
template <class T>
void forms(device const T *src, device T *dst, threadgroup T *tg, uint t) {
  for (uint i = t; i < 64; i += 32) tg[i] = src[i];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  simdgroup_matrix<T, 8, 8> a, b, c(T(2));
  simdgroup_load(a, src, 16, ulong2(1, 2), true);
  simdgroup_load(b, (threadgroup const T *)tg);
  simdgroup_multiply_accumulate(c, a, b, c);
  simdgroup_multiply(a, b, c);
  c = make_filled_simdgroup_matrix<T, 8, 8>(T(1));
  c.thread_elements()[0] += a.thread_elements()[1];
  simdgroup_store(c, dst, 12, ulong2(3, 0), false);
  simdgroup_store(a, tg, 8, ulong2(0), true);
}
kernel void all_float(device const float *s [[buffer(0)]], device float *d [[buffer(1)]],
                      uint t [[thread_index_in_threadgroup]]) {
  threadgroup float tg[64];
  forms(s, d, tg, t);
}
kernel void all_half(device const half *s [[buffer(0)]], device half *d [[buffer(1)]],
                     uint t [[thread_index_in_threadgroup]]) {
  threadgroup half tg[64];
  forms(s, d, tg, t);
}
kernel void all_bfloat(device const bfloat *s [[buffer(0)]], device bfloat *d [[buffer(1)]],
                       uint t [[thread_index_in_threadgroup]]) {
  threadgroup bfloat tg[64];
  forms(s, d, tg, t);
}
kernel void mixed(device const half *h [[buffer(0)]], device const bfloat *b [[buffer(1)]],
                  device float *d [[buffer(2)]]) {
  simdgroup_half8x8 x;
  simdgroup_bfloat8x8 y;
  simdgroup_float8x8 z(1.0f);
  simdgroup_load(x, h);
  simdgroup_load(y, b);
  simdgroup_multiply_accumulate(z, x, y, z);
  bfloat2 e = y.thread_elements();
  d[0] = float(e.x);
  simdgroup_store(z, d);
}
