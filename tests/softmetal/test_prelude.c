/* tests/softmetal/test_prelude.c — the MSL prelude gives MSL's meaning.
 * One kernel computes a list of values with vector constructors and
 * swizzles, MSL type sizes (float3 is 16 bytes, packed_float3 12), as_type,
 * integer bit functions at every width, half arithmetic (each operation rounded
 * to half), precise/fast math and
 * device and threadgroup atomics (int, uint, device float); each is compared with its known value.
 */
#include "smtest.h"

#include <math.h>
#include <stdint.h>

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void features(device float *f [[buffer(0)]], device uint *u [[buffer(1)]],\n"
    "                     device atomic_uint *counter [[buffer(2)]],\n"
    "                     device atomic_float *fsum [[buffer(3)]],\n"
    "                     uint t [[thread_index_in_threadgroup]]) {\n"
    "  threadgroup atomic_int shared_count;\n"
    "  if (t == 0) atomic_store_explicit(&shared_count, 0, memory_order_relaxed);\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  atomic_fetch_add_explicit(&shared_count, 2, memory_order_relaxed);\n"
    "  atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);\n"
    "  atomic_fetch_add_explicit(fsum, 0.5f, memory_order_relaxed);\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  if (t != 0) return;\n"
    "  float4 v = float4(1.0f, float2(2.0f, 3.0f), 4);\n"
    "  float3 w = v.zyx;\n"
    "  float2 s = float2(5.5f);\n"
    "  int4 iv = int4(v * 2.0f);\n"
    "  packed_float3 p = packed_float3(w);\n"
    "  f[0] = v.x + v.y * 10 + v.z * 100 + v.w * 1000;  // 4321\n"
    "  f[1] = w.x * 100 + w.y * 10 + w.z;               // 321\n"
    "  f[2] = s.x + s.y;                                // 11\n"
    "  f[3] = (float)(iv.w - iv.x);                     // 6\n"
    "  f[4] = p[0] + p[2];                              // 4\n"
    "  f[5] = precise::sqrt(2.0f);\n"
    "  f[6] = fast::exp(1.0f);\n"
    "  f[7] = fma(2.0f, 3.0f, 1.0f);                    // 7\n"
    "  half h = (half)1.5f;\n"
    "  h = h * (half)2.0f + (half)0.25f;\n"
    "  f[8] = (float)h;                                 // 3.25\n"
    "  f[9] = as_type<float>(0x40490fdbu);              // pi\n"
    "  f[10] = fabs(-2.5f) + floor(1.75f) + fmin(3.0f, -1.0f); // 2.5\n"
    "  f[11] = isnan(as_type<float>(0x7fc00000u)) ? 1.0f : 0.0f;\n"
    "  half h1 = (half)1.0f, tiny = (half)0.00048828125f;  // 2^-11: half an ulp of 1\n"
    "  f[12] = (float)(h1 + tiny + tiny);  // each add rounds to half (ties to even): 1\n"
    "  float c, ip; int e;\n"
    "  float sn = fast::sincos(0.5f, c);\n"
    "  f[13] = sn * sn + c * c;                          // 1 (within rounding)\n"
    "  f[14] = fast::divide(7.0f, 2.0f) + fract(-0.25f);  // 3.5 + 0.75\n"
    "  f[15] = precise::exp10(2.0f) + ldexp(1.0f, 3) + frexp(8.0f, e) + (float)e; // 100+8+0.5+4\n"
    "  f[16] = modf(2.75f, ip) + ip + fmedian3(5.0f, 1.0f, 3.0f) + fdim(5.0f, 2.0f); // .75+2+3+3\n"
    "  f[17] = (float)(0.0h + 1.5h);  // MSL's half literals\n"
    "  f[18] = fmin(as_type<float>(0x7f800001u), 2.0f) + fmax(-1.0f, as_type<float>(0x7fc00000u));"
    "  // a NaN (signalling too) gives the other operand: 2 - 1\n"
    "  u[0] = sizeof(float3);\n"
    "  u[1] = sizeof(packed_float3);\n"
    "  u[2] = popcount((uchar)0xff);\n"
    "  u[3] = popcount(0xf0f0ul);\n"
    "  u[4] = clz((ushort)1);\n"
    "  u[5] = clz(0u);\n"
    "  u[6] = ctz(0x100u);\n"
    "  u[7] = as_type<uint>(1.0f);\n"
    "  u[8] = mulhi(0x80000000u, 4u);\n"
    "  u[9] = atomic_load_explicit(&shared_count, memory_order_relaxed);\n"
    "  u[10] = sizeof(half4);\n"
    "  u[11] = (uint)abs(-7);\n"
    "}\n";

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "features");
  mtl_id fb = mtl_new_buffer(device, 256, 0), ub = mtl_new_buffer(device, 256, 0);
  mtl_id cb = mtl_new_buffer(device, 16, 0);
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, fb, 0, 0);
  mtl_compute_set_buffer(enc, ub, 0, 1);
  mtl_compute_set_buffer(enc, cb, 0, 2);
  mtl_compute_set_buffer(enc, cb, 8, 3);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){3, 1, 1}, (mtl_size){100, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  const float *f = mtl_buffer_contents(fb);
  const unsigned *u = mtl_buffer_contents(ub);
  CHECK(f[0] == 4321 && f[1] == 321 && f[2] == 11 && f[3] == 6 && f[4] == 4);
  CHECK(f[5] == sqrtf(2.0f));
  CHECK(fabsf(f[6] - 2.7182817f) < 1e-6f);
  CHECK(f[7] == 7 && f[8] == 3.25f && f[9] == 3.14159274f && f[10] == 2.5f && f[11] == 1);
  CHECK(f[12] == 1.0f); /* evaluated in float and rounded once: 1 + 2^-10 */
  CHECK(fabsf(f[13] - 1.0f) < 1e-6f && f[14] == 4.25f && f[15] == 112.5f && f[16] == 8.75f);
  CHECK(f[17] == 1.5f && f[18] == 1.0f);
  CHECK(u[0] == 16 && u[1] == 12 && u[2] == 8 && u[3] == 8 && u[4] == 15 && u[5] == 32);
  CHECK(u[6] == 8 && u[7] == 0x3f800000u && u[8] == 2 && u[9] == 200 && u[10] == 8 && u[11] == 7);
  CHECK(*(unsigned *)mtl_buffer_contents(cb) == 300);
  CHECK(((float *)mtl_buffer_contents(cb))[2] == 150.0f); /* 300 x 0.5, exact */
  mtl_release(fb), mtl_release(ub), mtl_release(cb), mtl_release(pipeline), mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_prelude");
}
