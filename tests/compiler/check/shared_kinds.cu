// __shared__ variables of several types in one kernel — float, short,
// uchar, double (its bits), a 2-D array and an array of structs — plus
// extern __shared__: each static one has its own 16-byte aligned slot in
// anchor_smem, and the table's static byte count is exactly the size of
// anchor_smem (sum of the slots): 144 + 16 + 16 + 32 + 272 + 96 = 576.
// The dynamic memory is flagged (table 1) and is anchor_dyn_smem, a separate
// [[threadgroup(0)]] buffer, so it cannot overlap the static slots
// (exec/shared_kinds.cu checks the values).
struct P { float x; short s; unsigned char c; int n; }; // 12 bytes
extern __shared__ int dyn[];

__global__ void kinds(float *o, const double *di, int i) {
  __shared__ float f[33];
  __shared__ short h[7];
  __shared__ unsigned char c[5];
  __shared__ double d[3];
  __shared__ float tile[4][17];
  __shared__ P ps[8];
  unsigned t = threadIdx.x;
  f[t] = o[t];
  if (t < 7) h[t] = (short)t;
  if (t < 5) c[t] = (unsigned char)(t + 1);
  if (t < 3) d[t] = di[t];
  tile[t & 3][t % 17] = o[t] * 2;
  if (t < 8) ps[t] = P{o[t], (short)t, (unsigned char)t, (int)t * 3};
  dyn[t] = (int)t;
  __syncthreads();
  o[t] = f[i] + h[i % 7] + c[i % 5] + (float)d[i % 3] + tile[i & 3][i % 17] + ps[i & 7].x +
         ps[i & 7].s + ps[i & 7].c + ps[i & 7].n + dyn[i];
}
// TABLE: kernel _Z5kindsPfPKdi 20 576 1
// CHECK-LABEL: kernel void _Z5kindsPfPKdi(
// CHECK: threadgroup uchar *anchor_dyn_smem {{\[\[}}threadgroup(0)]],
// CHECK: threadgroup ulong2 anchor_smem[36];
// The slots, in declaration order.
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 0)
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 144)
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 160)
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 176)
// tile[4][17]: rows of 68 bytes; ps[8]: 12-byte structs.
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 208) + ((long)v{{[0-9]+}} * 68 + (long)v{{[0-9]+}} * 4))
// CHECK-DAG: ((threadgroup uchar*)anchor_smem + 480) + ((long)v{{[0-9]+}} * 12))
// Stores of each element type into threadgroup memory.
// CHECK-DAG: *reinterpret_cast<threadgroup float*>(
// CHECK-DAG: *reinterpret_cast<threadgroup ushort*>(
// CHECK-DAG: *reinterpret_cast<threadgroup uchar*>(
// CHECK-DAG: *reinterpret_cast<threadgroup ulong*>(
// CHECK-DAG: = (anchor_dyn_smem + ((long)v{{[0-9]+}} * 4));
// CHECK: threadgroup_barrier(
// CHECK-NOT: threadgroup_barrier
// Then its dynamic-spill variant (check/shared_spill_dynamic.cu).
// CHECK-LABEL: kernel void _Z5kindsPfPKdi__anchor_dynamic_spill(
