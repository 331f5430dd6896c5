// Integer arithmetic of every width: LLVM ints are sign-agnostic, so values
// are carried unsigned and cast to signed only for signed operations.
__global__ void int8(signed char *o, signed char a, signed char b, unsigned char c, unsigned char d) {
  o[0] = a / b;  // sdiv i8
  o[1] = a >> (b & 7);  // ashr i8
  o[2] = c / d;  // udiv i8
  o[3] = c * d + a;
}
// CHECK-LABEL: kernel void _Z4int8Paaahh(
// CHECK-DAG: = (ushort)(short)(char){{v[0-9]+}};
// CHECK-DAG: = (ushort)((short){{v[0-9]+}} / (short){{v[0-9]+}});
// CHECK-DAG: = (uchar){{v[0-9]+}};
// CHECK-DAG: = (uchar)((char){{v[0-9]+}} >> {{v[0-9]+}});
// CHECK-DAG: = (uchar)((uint){{v[0-9]+}} / (uint){{v[0-9]+}});
// CHECK-DAG: = (uchar)((uint){{v[0-9]+}} * (uint){{v[0-9]+}});

__global__ void int16(short *o, short a, short b, unsigned short c) {
  o[0] = a % b;
  o[1] = c >> 3;
  o[2] = (short)(a << 5);
  o[3] = a - b;
}
// CHECK-LABEL: kernel void _Z5int16Pssst(
// CHECK-DAG: = (uint)(int)(short){{v[0-9]+}};
// CHECK-DAG: = (uint)((int){{v[0-9]+}} % (int){{v[0-9]+}});
// CHECK-DAG: = (ushort)((uint){{v[0-9]+}} >> (uint)(ushort)3);
// CHECK-DAG: = (ushort)((uint){{v[0-9]+}} << (uint)(ushort)5);
// CHECK-DAG: = (ushort)((uint){{v[0-9]+}} - (uint){{v[0-9]+}});

__global__ void int32(int *o, int a, int b, unsigned c, unsigned d) {
  o[0] = a / b;
  o[1] = a % b;
  o[2] = c / d;
  o[3] = c % d;
  o[4] = a >> b;
  o[5] = c >> d;
  o[6] = (a ^ b) | (c & d);
}
// CHECK-LABEL: kernel void _Z5int32Piiijj(
// CHECK-DAG: = (uint)((int){{v[0-9]+}} / (int){{v[0-9]+}});
// CHECK-DAG: = (uint)((uint){{v[0-9]+}} / (uint){{v[0-9]+}});
// CHECK-DAG: = (uint)((int){{v[0-9]+}} >> {{v[0-9]+}});
// CHECK-DAG: = (uint)((uint){{v[0-9]+}} >> (uint){{v[0-9]+}});
// CHECK-DAG: = (uint)((uint){{v[0-9]+}} ^ (uint){{v[0-9]+}});

__global__ void int64(long long *o, long long a, long long b, unsigned long long c) {
  o[0] = a / b;
  o[1] = a >> 7;
  o[2] = c / 3 + a * b;
  o[3] = c << 40;
}
// CHECK-LABEL: kernel void _Z5int64Pxxxy(
// CHECK-DAG: ulong [[P:v[0-9]+]] = *reinterpret_cast<constant ulong*>(anchor_params + 8);
// CHECK-DAG: = (ulong)((long){{v[0-9]+}} / (long){{v[0-9]+}});
// CHECK-DAG: = (ulong)((long){{v[0-9]+}} >> 7ul);
// CHECK-DAG: = (ulong)((ulong){{v[0-9]+}} / (ulong)3ul);
// CHECK-DAG: = (ulong)((ulong){{v[0-9]+}} << (ulong)40ul);
