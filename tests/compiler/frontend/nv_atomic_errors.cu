// What nvcc rejects in CUDA 12.8's __nv_atomic_* builtins, clang rejects through
// anchor/atomic_functions.h, at the user's line.
__global__ void orders(int *p, float *f, short *s, int o) {
  p[0] = __nv_atomic_load_n(p, o);
  p[1] = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED, o);
  p[2] = __nv_atomic_load_n(p, __NV_ATOMIC_RELEASE);
  __nv_atomic_store_n(p, 1, __NV_ATOMIC_ACQUIRE);
  f[0] = __nv_atomic_fetch_and(f, 1.0f, __NV_ATOMIC_RELAXED);
  f[1] = __nv_atomic_fetch_max(f, 1.0f, __NV_ATOMIC_RELAXED);
  s[0] = __nv_atomic_fetch_add(s, (short)1, __NV_ATOMIC_RELAXED);
  s[1] = __nv_atomic_exchange_n(s, (short)1, __NV_ATOMIC_RELAXED);
  long long *l = (long long *)p;
  l[2] = __nv_atomic_fetch_add(l, 1ll, __NV_ATOMIC_RELAXED);
}
// ERR: nv_atomic_errors.cu:4:10: error: non-type template argument is not a constant expression
// ERR: nv_atomic_errors.cu:5:10: error: non-type template argument is not a constant expression
// ERR: error: static assertion failed {{.*}}: atomic load's memory order cannot be release or acq_rel
// ERR: nv_atomic_errors.cu:6:10: note: in instantiation
// ERR: error: static assertion failed {{.*}}: atomic store's memory order cannot be consume, acquire or acq_rel
// ERR: nv_atomic_errors.cu:7:3: note: in instantiation
// ERR: error: static assertion failed {{.*}}: For a logical atomic operation, the first argument cannot be any floating-point types
// ERR: nv_atomic_errors.cu:8:10: note: in instantiation
// ERR: error: static assertion failed {{.*}}: atomic operations min and max are not supported on any floating-point types
// ERR: nv_atomic_errors.cu:9:10: note: in instantiation
// ERR: error: static assertion failed {{.*}}: atomic operations and, or, xor, add, sub, min and max are valid only on objects of size 4, or 8
// ERR: nv_atomic_errors.cu:10:10: note: in instantiation
// ERR: error: static assertion failed {{.*}}: atomic exchange is valid only on objects of size 4, 8 or 16 bytes
// ERR: nv_atomic_errors.cu:11:10: note: in instantiation
// ERR: error: static assertion failed {{.*}}: atomic operations add and sub are not valid on signed integer of size 8
// ERR: nv_atomic_errors.cu:13:10: note: in instantiation
// The non-generic forms (_n) take integers only (nvcc: "valid only on integral types").
__global__ void floats(float *f) {
  f[1] = __nv_atomic_load_n(f, __NV_ATOMIC_RELAXED);
}
// ERR: error: static assertion failed {{.*}}: non-generic nv atomic load, store, cas and exchange are valid only on integral types
// ERR: nv_atomic_errors.cu:[[@LINE-3]]:10: note: in instantiation
// 16-byte exchange and compare-exchange need compute capability 9.x (nvcc -arch=sm_75's
// error; Anchor compiles for sm_75).
struct alignas(16) Pair {
  long long a, b;
};
__global__ void wide(Pair *p, Pair *o) {
  Pair v = o[0], r;
  __nv_atomic_exchange(p, &v, &r, __NV_ATOMIC_RELAXED);
  o[1] = r;
}
// ERR: error: static assertion failed {{.*}}: 128-bit atomic exchange or compare-and-exchange is supported on architecture sm_90 or above
// ERR: nv_atomic_errors.cu:[[@LINE-4]]:3: note: in instantiation
