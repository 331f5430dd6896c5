/* tests/softmetal/test_simd_reduce.c — SIMD-group reductions and scans of every kind and
 * element type, and shuffles of 16-byte values, against a reference computed here in lane
 * order (a reduction starts from the first active lane's value, a scan from 0 or 1; floats
 * round after each step, so the order shows). Threadgroups of 40 threads: a full SIMD-group
 * and a partial one of 8 lanes; the last values are computed in the two arms of a divergent
 * branch, each over its own lanes. Run in vector mode (the vectorizer's loop over the lanes,
 * softmetal.test_simd_reduce_trace checks that the kernel is vector code) and lockstep mode
 * (the prelude's slots). */
#include "smtest.h"

#include <stdint.h>
#include <string.h>

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void reduce(device const float *fin [[buffer(0)]],\n"
    "                   device const int *iin [[buffer(1)]],\n"
    "                   device uint *out [[buffer(2)]],\n"
    "                   uint t [[thread_index_in_threadgroup]],\n"
    "                   uint g [[threadgroup_position_in_grid]],\n"
    "                   uint lane [[thread_index_in_simdgroup]]) {\n"
    "  uint gid = g * 40 + t;\n"
    "  device uint *o = out + gid * 40;\n"
    "  float f = fin[gid];\n"
    "  int i = iin[gid];\n"
    "  uint u = (uint)i;\n"
    "  o[0] = as_type<uint>(simd_sum(f));\n"
    "  o[1] = as_type<uint>(simd_product(f));\n"
    "  o[2] = as_type<uint>(simd_min(f));\n"
    "  o[3] = as_type<uint>(simd_max(f));\n"
    "  o[4] = as_type<uint>(simd_prefix_inclusive_sum(f));\n"
    "  o[5] = as_type<uint>(simd_prefix_exclusive_sum(f));\n"
    "  o[6] = as_type<uint>(simd_prefix_inclusive_product(f));\n"
    "  o[7] = as_type<uint>(simd_prefix_exclusive_product(f));\n"
    "  o[8] = (uint)simd_sum(i);\n"
    "  o[9] = (uint)simd_min(i);\n"
    "  o[10] = (uint)simd_max(i);\n"
    "  o[11] = simd_min(u);\n"
    "  o[12] = simd_max(u);\n"
    "  o[13] = simd_and(u);\n"
    "  o[14] = simd_or(u);\n"
    "  o[15] = simd_xor(u);\n"
    "  o[16] = (uint)simd_product(i);\n"
    "  o[17] = (uint)as_type<ushort>(simd_sum((half)f));\n"
    "  o[18] = (uint)(int)simd_max((short)i);\n"
    "  o[19] = (uint)simd_min((uchar)i);\n"
    "  o[20] = (uint)(int)simd_prefix_exclusive_sum((char)i);\n"
    "  long wide = simd_prefix_inclusive_sum((long)i * 1000003l);\n"
    "  o[21] = (uint)wide;\n"
    "  o[22] = (uint)((ulong)wide >> 32);\n"
    "  float4 s4 = simd_sum(float4(f, 2.0f * f, f * f, -f));\n"
    "  for (int k = 0; k < 4; k++) o[23 + k] = as_type<uint>(s4[k]);\n"
    "  float4 r4 = simd_shuffle(float4(f, (float)i, (float)lane, -f), (ushort)((lane + 3) % 32));\n"
    "  for (int k = 0; k < 4; k++) o[27 + k] = as_type<uint>(r4[k]);\n"
    "  ulong2 x2 = simd_shuffle_xor(ulong2((ulong)u << 20, ~(ulong)u), (ushort)5);\n"
    "  o[31] = (uint)x2.x;\n"
    "  o[32] = (uint)(x2.x >> 32);\n"
    "  o[33] = (uint)x2.y;\n"
    "  o[34] = (uint)(x2.y >> 32);\n"
    "  if (lane % 3 != 0) {\n"
    "    o[35] = as_type<uint>(simd_prefix_inclusive_sum(f));\n"
    "    o[36] = (uint)simd_max(i);\n"
    "  } else {\n"
    "    o[35] = as_type<uint>(simd_sum(f));\n"
    "    o[36] = simd_prefix_exclusive_sum(u);\n"
    "  }\n"
    "  o[37] = (uint)simd_product((ushort)(i & 7));\n"
    "  o[38] = as_type<uint>(simd_min(-f));\n"
    "  o[39] = as_type<uint>(simd_prefix_exclusive_sum(f * 1e-3f + 1.0f));\n"
    "}\n";

enum { G = 2, T = 40, K = 40 };

static uint32_t fbits(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

/* Reductions over the lanes l of `in` (n values) with on[l] set, in lane order. */
typedef struct {
  float f[32];
  int32_t i[32];
  int on[32];
  int n;
} lanes;

static float rf(const lanes *s, int kind) { /* 0 sum 1 product 2 min 3 max */
  float acc = 0;
  int first = 1;
  for (int l = 0; l < s->n; l++) {
    if (!s->on[l]) continue;
    float x = s->f[l];
    if (first)
      acc = x;
    else if (kind == 0)
      acc = acc + x;
    else if (kind == 1)
      acc = acc * x;
    else if (kind == 2)
      acc = x < acc ? x : acc;
    else
      acc = x > acc ? x : acc;
    first = 0;
  }
  return acc;
}

static float scanf_(const lanes *s, int lane, int inclusive, int product, float scale, float add) {
  float acc = product ? 1.0f : 0.0f;
  for (int l = 0; l < lane + inclusive; l++)
    if (s->on[l]) {
      float x = s->f[l] * scale + add;
      acc = product ? acc * x : acc + x;
    }
  return acc;
}

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "reduce");
  mtl_id fbuf = mtl_new_buffer(device, G * T * 4, 0), ibuf = mtl_new_buffer(device, G * T * 4, 0);
  mtl_id out = mtl_new_buffer(device, G * T * K * 4, 0);
  float *fin = mtl_buffer_contents(fbuf);
  int32_t *iin = mtl_buffer_contents(ibuf);
  uint32_t seed = 12345;
  for (int k = 0; k < G * T; k++) {
    seed = seed * 1664525u + 1013904223u;
    /* magnitudes 2^-3 .. 2^3 with both signs for sums (rounding depends on the order);
       products stay in range over 32 lanes */
    float m = 0.5f + (float)(seed >> 9) / (float)(1u << 23) * 1.5f;
    fin[k] = (seed & 1 ? -m : m) * (float)(1 << (seed >> 28 & 3)) / 4.0f;
    iin[k] = (int32_t)(seed >> 3) - (int32_t)(1u << 28);
  }
  uint32_t *o = mtl_buffer_contents(out);
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, fbuf, 0, 0);
  mtl_compute_set_buffer(enc, ibuf, 0, 1);
  mtl_compute_set_buffer(enc, out, 0, 2);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){G, 1, 1}, (mtl_size){T, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int wrong = 0;
  for (int g = 0; g < G; g++)
    for (int t = 0; t < T; t++) {
      int lane = t % 32, base = g * T + t - lane, n = t < 32 ? 32 : T - 32;
      lanes all = {.n = n}, odd = {.n = n}, third = {.n = n}, neg = {.n = n};
      for (int l = 0; l < n; l++) {
        all.f[l] = fin[base + l], all.i[l] = iin[base + l], all.on[l] = 1;
        neg.f[l] = -all.f[l], neg.on[l] = 1;
      }
      odd = all, third = all;
      for (int l = 0; l < n; l++)
        odd.on[l] = l % 3 != 0, third.on[l] = l % 3 == 0;
      uint32_t want[K];
      want[0] = fbits(rf(&all, 0));
      want[1] = fbits(rf(&all, 1));
      want[2] = fbits(rf(&all, 2));
      want[3] = fbits(rf(&all, 3));
      want[4] = fbits(scanf_(&all, lane, 1, 0, 1, 0));
      want[5] = fbits(scanf_(&all, lane, 0, 0, 1, 0));
      want[6] = fbits(scanf_(&all, lane, 1, 1, 1, 0));
      want[7] = fbits(scanf_(&all, lane, 0, 1, 1, 0));
      uint32_t sum = 0, and_ = ~0u, or_ = 0, xor_ = 0, prod = 1, umin = ~0u, umax = 0;
      int32_t imin = INT32_MAX, imax = INT32_MIN;
      _Float16 hsum = 0;
      int16_t smax = INT16_MIN;
      uint8_t cmin = 255;
      int8_t cscan = 0;
      int64_t wide = 0;
      float s4[4] = {0}, allsum = 0, oddscan = 0;
      int32_t oddmax = INT32_MIN;
      uint32_t thirdscan = 0;
      uint16_t p7 = 1;
      int first = 1;
      for (int l = 0; l < n; l++) {
        int32_t i = all.i[l];
        uint32_t u = (uint32_t)i;
        float f = all.f[l];
        sum += u, and_ &= u, or_ |= u, xor_ ^= u, prod *= u;
        umin = u < umin ? u : umin, umax = u > umax ? u : umax;
        imin = i < imin ? i : imin, imax = i > imax ? i : imax;
        hsum = first ? (_Float16)f : (_Float16)((float)hsum + (float)(_Float16)f);
        smax = (int16_t)i > smax ? (int16_t)i : smax;
        cmin = (uint8_t)i < cmin ? (uint8_t)i : cmin;
        if (l < lane) cscan = (int8_t)(cscan + (int8_t)i);
        if (l <= lane) wide += (int64_t)i * 1000003;
        float c[4] = {f, 2.0f * f, f * f, -f};
        for (int k = 0; k < 4; k++)
          s4[k] = first ? c[k] : s4[k] + c[k];
        p7 = (uint16_t)(p7 * (uint16_t)(i & 7));
        first = 0;
      }
      want[8] = sum, want[9] = (uint32_t)imin, want[10] = (uint32_t)imax;
      want[11] = umin, want[12] = umax, want[13] = and_, want[14] = or_, want[15] = xor_;
      want[16] = prod;
      uint16_t hb;
      memcpy(&hb, &hsum, 2);
      want[17] = hb;
      want[18] = (uint32_t)(int32_t)smax;
      want[19] = cmin;
      want[20] = (uint32_t)(int32_t)cscan;
      want[21] = (uint32_t)(uint64_t)wide, want[22] = (uint32_t)((uint64_t)wide >> 32);
      for (int k = 0; k < 4; k++)
        want[23 + k] = fbits(s4[k]);
      int src = (lane + 3) % 32;
      if (src >= n) src = lane;
      float r4[4] = {all.f[src], (float)all.i[src], (float)src, -all.f[src]};
      for (int k = 0; k < 4; k++)
        want[27 + k] = fbits(r4[k]);
      int x = lane ^ 5;
      if (x >= n) x = lane;
      uint64_t ux = (uint32_t)all.i[x];
      want[31] = (uint32_t)(ux << 20), want[32] = (uint32_t)((ux << 20) >> 32);
      want[33] = (uint32_t)~ux, want[34] = (uint32_t)(~ux >> 32);
      (void)allsum, (void)oddscan;
      for (int l = 0; l < n; l++)
        if (odd.on[l]) oddmax = all.i[l] > oddmax ? all.i[l] : oddmax;
      for (int l = 0; l < lane; l++)
        if (third.on[l]) thirdscan += (uint32_t)all.i[l];
      if (lane % 3 != 0) {
        want[35] = fbits(scanf_(&odd, lane, 1, 0, 1, 0));
        want[36] = (uint32_t)oddmax;
      } else {
        want[35] = fbits(rf(&third, 0));
        want[36] = thirdscan;
      }
      want[37] = p7;
      want[38] = fbits(rf(&neg, 2));
      want[39] = fbits(scanf_(&all, lane, 0, 0, 1e-3f, 1.0f));
      const uint32_t *r = o + (g * T + t) * K;
      for (int k = 0; k < K; k++)
        if (r[k] != want[k]) {
          if (wrong < 12)
            fprintf(stderr, "group %d thread %d value %d: got %#x want %#x\n", g, t, k, r[k],
                    want[k]);
          wrong++;
        }
    }
  CHECK(wrong == 0);
  mtl_release(out), mtl_release(fbuf), mtl_release(ibuf), mtl_release(pipeline);
  mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_simd_reduce");
}
