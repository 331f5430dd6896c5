// Kernel parameters of every shape, laid out as CUDA does: each at the next
// offset aligned to its own alignment. Offsets below are nvcc's.
struct Mixed { char c; double d; int i; };          // size 24, align 8
struct __align__(16) Wide { int x; };               // size 16, align 16
__global__ void params(int *out, Mixed m, float3 f, int2 v, char c, Wide w,
                       long long n, short s, float *p2) {
  out[0] = m.i + (int)c + v.y + w.x + (int)n + s;
  out[1] = (int)f.z;
  p2[0] = f.x;
}
// TABLE: kernel _Z6paramsPi5Mixed6float34int2c4WidexsPf 104 0 0
// TABLE-NEXT: param 0 8
// TABLE-NEXT: param 8 24
// TABLE-NEXT: param 32 12
// TABLE-NEXT: param 48 8
// TABLE-NEXT: param 56 1
// TABLE-NEXT: param 64 16
// TABLE-NEXT: param 80 8
// TABLE-NEXT: param 88 2
// TABLE-NEXT: param 96 8
// TABLE: msl {{[0-9]+}}

// By-value structs are read in place from the constant parameter block.
// CHECK-LABEL: kernel void _Z6paramsPi5Mixed6float34int2c4WidexsPf(
// CHECK-DAG: constant uchar* [[M:v[0-9]+]] = anchor_params + 8;
// CHECK-DAG: constant uchar* [[F:v[0-9]+]] = anchor_params + 32;
// CHECK-DAG: constant uchar* [[V:v[0-9]+]] = anchor_params + 48;
// CHECK-DAG: uchar {{v[0-9]+}} = *reinterpret_cast<constant uchar*>(anchor_params + 56);
// CHECK-DAG: constant uchar* [[W:v[0-9]+]] = anchor_params + 64;
// CHECK-DAG: ulong {{v[0-9]+}} = *reinterpret_cast<constant ulong*>(anchor_params + 80);
// CHECK-DAG: ushort {{v[0-9]+}} = *reinterpret_cast<constant ushort*>(anchor_params + 88);
// CHECK-DAG: ulong {{v[0-9]+}} = *reinterpret_cast<constant ulong*>(anchor_params + 96);
// CHECK-DAG: = ([[M]] + (16));
// CHECK-DAG: = ([[F]] + (8));
// CHECK-DAG: = *reinterpret_cast<constant uint*>([[W]]);

// A by-value struct the kernel writes to gets a private copy.
struct Acc { int a[4]; };
__global__ void modify(int *out, Acc acc, int k) {
  acc.a[k & 3] += 1;
  out[0] = acc.a[threadIdx.x & 3];
}
// CHECK-LABEL: kernel void _Z6modifyPi3Acci(
// CHECK: ulong anchor_priv[2];
// CHECK: thread uchar* v[[C:[0-9]+]] = (thread uchar*)anchor_priv + 0;
// CHECK: for (uint k = 0; k < 16u; k++) v[[C]][k] = anchor_params[8u + k];
// CHECK: *reinterpret_cast<thread uint*>({{v[0-9]+}}) =
