// Common LLVM intrinsics: integer min/max/abs, float fabs/fma/min/max,
// bit counting, byte swap, funnel shifts (rotates), memcpy/memset.
__global__ void ints(int *o, unsigned *u, long long *l, int a, int b, unsigned c, unsigned d) {
  o[0] = a > b ? a : b;               // smax
  o[1] = a < b ? a : b;               // smin
  u[0] = c > d ? c : d;               // umax
  u[1] = c < d ? c : d;               // umin
  o[2] = __builtin_abs(a);            // abs
  u[2] = __builtin_popcount(c);       // ctpop
  u[3] = __builtin_clz(c | 1);        // ctlz
  u[4] = __builtin_ctz(c | 256);      // cttz
  u[5] = __builtin_bswap32(c);        // bswap
  u[6] = __builtin_rotateleft32(c, d);   // fshl
  u[7] = __builtin_rotateright32(c, d);  // fshr
  l[0] = __builtin_popcountll((unsigned long long)l[1]);
  l[2] = (long long)__builtin_bswap64((unsigned long long)l[3]);
}
// CHECK-LABEL: kernel void _Z4intsPiPjPxiijj(
// CHECK-DAG: = ((int)[[A:v[0-9]+]] > (int)[[B:v[0-9]+]] ? [[A]] : [[B]]);
// CHECK-DAG: = ((int)[[A]] < (int)[[B]] ? [[A]] : [[B]]);
// CHECK-DAG: = ([[C:v[0-9]+]] > [[D:v[0-9]+]] ? [[C]] : [[D]]);
// CHECK-DAG: = ([[C]] < [[D]] ? [[C]] : [[D]]);
// CHECK-DAG: = ((int)[[A]] < 0 ? (uint)(0u - (uint)[[A]]) : [[A]]);
// CHECK-DAG: = (uint)popcount([[C]]);
// CHECK-DAG: = (uint)clz({{v[0-9]+}});
// CHECK-DAG: = (uint)ctz({{v[0-9]+}});
// CHECK-DAG: = (uint)((((uint)[[C]] << 24) & 0xff000000u) | (((uint)[[C]] << 8) & 0xff0000u) | (((uint)[[C]] >> 8) & 0xff00u) | (((uint)[[C]] >> 24) & 0xffu));
// CHECK-DAG: = (([[D]] % 32) == 0 ? [[C]] : (uint)(((uint)[[C]] << ([[D]] % 32)) | ((uint)[[C]] >> (32 - [[D]] % 32))));
// CHECK-DAG: = (([[D]] % 32) == 0 ? [[C]] : (uint)(((uint)[[C]] << (32 - [[D]] % 32)) | ((uint)[[C]] >> ([[D]] % 32))));
// CHECK-DAG: = (ulong)popcount({{v[0-9]+}});
// CHECK-DAG: 0xff00000000000000ul

__global__ void floats(float *o, float a, float b, float c) {
  o[0] = __builtin_fabsf(a);
  o[1] = __builtin_fmaf(a, b, c);
  o[2] = __builtin_fminf(a, b);
  o[3] = __builtin_fmaxf(a, b);
  o[4] = __builtin_floorf(a) + __builtin_ceilf(b) + __builtin_truncf(c);
  o[5] = __builtin_copysignf(a, b);
}
// CHECK-LABEL: kernel void _Z6floatsPffff(
// CHECK-DAG: = fabs([[FA:v[0-9]+]]);
// CHECK-DAG: = fma([[FA]], [[FB:v[0-9]+]], [[FC:v[0-9]+]]);
// CHECK-DAG: = fmin([[FA]], [[FB]]);
// CHECK-DAG: = fmax([[FA]], [[FB]]);
// CHECK-DAG: = floor([[FA]]);
// CHECK-DAG: = ceil([[FB]]);
// CHECK-DAG: = trunc([[FC]]);
// CHECK-DAG: = copysign([[FA]], [[FB]]);

struct Blob { int v[9]; };
__global__ void copies(Blob *dst, const Blob *src, char *bytes, int n) {
  dst[threadIdx.x] = src[threadIdx.x];          // memcpy, constant size
  __builtin_memcpy(bytes, bytes + 64, n);       // memcpy, variable size
  __builtin_memset(bytes + 128, 7, n);          // memset, variable size
  __builtin_memset(&dst[40], 0, sizeof(Blob));  // memset, constant size
}
// CHECK-LABEL: kernel void _Z6copiesP4BlobPKS_Pci(
// CHECK-DAG: for (ulong [[K:k[0-9]+]] = 0; [[K]] < (ulong){{.*}}; [[K]] += 1) *reinterpret_cast<device uchar*>({{v[0-9]+}} + [[K]] + anchor_ctx[0]) = *reinterpret_cast<device uchar*>({{v[0-9]+}} + [[K]] + anchor_ctx[0]);
// CHECK-DAG: for (ulong [[K2:k[0-9]+]] = 0; [[K2]] < (ulong){{.*}}; [[K2]] += 1) *reinterpret_cast<device uchar*>({{v[0-9]+}} + [[K2]] + anchor_ctx[0]) = (uchar)((ulong)(uchar)7 * 0x0101010101010101ul);
// CHECK-DAG: for (ulong [[K3:k[0-9]+]] = 0; [[K3]] < (ulong)36ul; [[K3]] += 4) *reinterpret_cast<device uint*>({{v[0-9]+}} + [[K3]] + anchor_ctx[0]) = *reinterpret_cast<device uint*>({{v[0-9]+}} + [[K3]] + anchor_ctx[0]);
// CHECK-DAG: for (ulong [[K4:k[0-9]+]] = 0; [[K4]] < (ulong)36ul; [[K4]] += 4) *reinterpret_cast<device uint*>({{v[0-9]+}} + [[K4]] + anchor_ctx[0]) = (uint)((ulong)(uchar)0 * 0x0101010101010101ul);
