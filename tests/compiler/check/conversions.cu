// Every conversion between integer widths, signedness and float.
__global__ void conv(long long *o, float *f, int i, unsigned u, short s, unsigned char c, float x) {
  o[0] = i;                        // sext i32 -> i64
  o[1] = u;                        // zext i32 -> i64
  o[2] = s;                        // sext i16 -> i64
  o[3] = c;                        // zext i8 -> i64
  o[4] = (long long)x;             // fptosi
  o[5] = (unsigned long long)x;    // fptoui
  o[6] = (char)i;                  // trunc + sext
  f[0] = (float)i;                 // sitofp
  f[1] = (float)u;                 // uitofp
  f[2] = __builtin_bit_cast(float, i + 1) * 2.0f;  // bitcast i32 -> float
  o[7] = __builtin_bit_cast(unsigned, x);  // bitcast float -> i32
  o[8] = i < 0;                    // i1 -> i64
  o[9] = -(long long)(u > 5u);     // sext i1
}
// CHECK-LABEL: kernel void _Z4convPxPfijshf(
// CHECK-DAG: = (ulong)(long)(int){{v[0-9]+}};
// CHECK-DAG: = (ulong){{v[0-9]+}};
// CHECK-DAG: = (ulong)(long)(short){{v[0-9]+}};
// CHECK-DAG: = (ulong)(long){{v[0-9]+}};
// CHECK-DAG: = (float)(int){{v[0-9]+}};
// CHECK-DAG: = (float){{v[0-9]+}};
// CHECK-DAG: = as_type<float>({{v[0-9]+}});
// CHECK-DAG: = as_type<uint>({{v[0-9]+}});
// CHECK-DAG: = (ulong)(0u - (ulong){{v[0-9]+}});
