/* tests/softmetal/test_simdgroup_matrix.c — MSL's simdgroup_matrix (<metal_simdgroup_matrix>)
 * in softmetal's prelude: simdgroup_load/simdgroup_store from and to device and threadgroup
 * memory (elements_per_row, matrix_origin, transpose) for float, half and bfloat; the filled
 * and diagonal constructors; the lane layout of thread_elements() (Apple's: lane l holds
 * (row, col) and (row, col + 1), q = l / 4, row = (q & 4) + (l / 2) % 4,
 * col = (q & 2) * 2 + (l % 2) * 2); simdgroup_multiply(_accumulate) for float, half,
 * bfloat and mixed half/bfloat inputs with a float accumulator, two SIMD-groups per
 * threadgroup, against a CPU reference. CTest runs it in the three SOFTMETAL_MODEs. */
#include "smtest.h"

#include <math.h>
#include <stdint.h>

static const char *msl =
    "#include <metal_stdlib>\n"
    "#include <metal_simdgroup_matrix>\n"
    "using namespace metal;\n"
    /* loads and stores: the 16x16 source holds 0..255 (exact in bfloat too) */
    "template <class T> void ls(device const T *src, device T *dst, threadgroup T *tg,\n"
    "                           uint t) {\n"
    "  for (uint i = t; i < 256; i += 32) tg[i] = src[i];\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  simdgroup_matrix<T, 8, 8> m;\n"
    "  simdgroup_load(m, src, 16, ulong2(3, 5));\n"
    "  simdgroup_store(m, dst, 8);\n"
    "  simdgroup_load(m, src, 16, ulong2(2, 1), true);\n"
    "  simdgroup_store(m, dst + 64, 8);\n"
    "  simdgroup_load(m, (threadgroup const T *)tg, 16, ulong2(6, 4));\n"
    "  simdgroup_store(m, dst + 128);\n"
    "  simdgroup_load(m, (threadgroup const T *)tg, 16, ulong2(1, 7), true);\n"
    "  simdgroup_store(m, dst + 192, 8);\n"
    "  simdgroup_load(m, src);\n"
    "  simdgroup_store(m, dst + 256, 16, ulong2(4, 2), true);\n"
    "  simdgroup_load(m, src, 16);\n"
    "  simdgroup_store(m, dst + 512, 12, ulong2(3, 1));\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  for (uint i = t; i < 256; i += 32) tg[i] = T(0);\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  simdgroup_store(m, tg, 16, ulong2(8, 0));\n"
    "  simdgroup_store(m, tg, 16, ulong2(8, 0), true);\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  for (uint i = t; i < 256; i += 32) dst[768 + i] = tg[i];\n"
    "}\n"
    "kernel void ls_float(device const float *s [[buffer(0)]], device float *d [[buffer(1)]],\n"
    "                     uint t [[thread_index_in_threadgroup]]) {\n"
    "  threadgroup float tg[256];\n"
    "  ls(s, d, tg, t);\n"
    "}\n"
    "kernel void ls_half(device const half *s [[buffer(0)]], device half *d [[buffer(1)]],\n"
    "                    uint t [[thread_index_in_threadgroup]]) {\n"
    "  threadgroup half tg[256];\n"
    "  ls(s, d, tg, t);\n"
    "}\n"
    "kernel void ls_bfloat(device const bfloat *s [[buffer(0)]], device bfloat *d [[buffer(1)]],\n"
    "                      uint t [[thread_index_in_threadgroup]]) {\n"
    "  threadgroup bfloat tg[256];\n"
    "  ls(s, d, tg, t);\n"
    "}\n"
    /* layout and constructors: per lane 8 floats */
    "kernel void layout(device const float *s [[buffer(0)]], device float *o [[buffer(1)]],\n"
    "                   uint lane [[thread_index_in_simdgroup]]) {\n"
    "  simdgroup_float8x8 m;\n"
    "  simdgroup_load(m, s);\n"
    "  o[lane * 8 + 0] = m.thread_elements()[0];\n"
    "  o[lane * 8 + 1] = m.thread_elements()[1];\n"
    "  simdgroup_float8x8 dg(2.5f);\n"
    "  o[lane * 8 + 2] = dg.thread_elements()[0];\n"
    "  o[lane * 8 + 3] = dg.thread_elements()[1];\n"
    "  simdgroup_half8x8 f = make_filled_simdgroup_matrix<half, 8, 8>(half(7));\n"
    "  o[lane * 8 + 4] = f.thread_elements()[0] + f.thread_elements()[1];\n"
    "  simdgroup_float8x8 w;\n"
    "  w.thread_elements()[0] = float(lane * 2);\n"
    "  w.thread_elements()[1] = float(lane * 2 + 1);\n"
    "  simdgroup_store(w, o + 256, 8);\n"
    "  simdgroup_bfloat8x8 bd(bfloat(-3));\n"
    "  o[lane * 8 + 5] = float(bd.thread_elements()[0]) + 10 * float(bd.thread_elements()[1]);\n"
    "}\n"
    /* multiply-accumulate: 2 SIMD-groups, each its own A (a + 64 * sg) */
    "template <class TD, class TA, class TB, class TC>\n"
    "void mac(device const TA *a, device const TB *b, device const TC *c, device TD *d, uint sg) "
    "{\n"
    "  simdgroup_matrix<TA, 8, 8> ma; simdgroup_matrix<TB, 8, 8> mb;\n"
    "  simdgroup_matrix<TC, 8, 8> mc; simdgroup_matrix<TD, 8, 8> md;\n"
    "  simdgroup_load(ma, a + 64 * sg);\n"
    "  simdgroup_load(mb, b);\n"
    "  simdgroup_load(mc, c);\n"
    "  simdgroup_multiply_accumulate(md, ma, mb, mc);\n"
    "  simdgroup_store(md, d + 64 * sg);\n"
    "}\n"
    "kernel void mma(device const float *af [[buffer(0)]], device const float *bf [[buffer(1)]],\n"
    "                device const float *cf [[buffer(2)]], device const half *ah [[buffer(3)]],\n"
    "                device const half *bh [[buffer(4)]], device const half *ch [[buffer(5)]],\n"
    "                device const bfloat *ab [[buffer(6)]], device const bfloat *bb "
    "[[buffer(7)]],\n"
    "                device const bfloat *cb [[buffer(8)]], device float *of [[buffer(9)]],\n"
    "                device half *oh [[buffer(10)]], device bfloat *ob [[buffer(11)]],\n"
    "                device const float *rf [[buffer(12)]],\n"
    "                uint sg [[simdgroup_index_in_threadgroup]]) {\n"
    "  mac(af, bf, cf, of, sg);\n"
    "  mac(ah, bh, ch, oh, sg);\n"
    "  mac(ab, bb, cb, ob, sg);\n"
    "  mac(ah, bh, cf, of + 128, sg);\n"
    "  mac(ab, bb, cf, of + 256, sg);\n"
    "  mac(ah, bb, ch, of + 384, sg);\n"
    "  simdgroup_float8x8 x, y, z;\n"
    "  simdgroup_load(x, af + 64 * sg);\n"
    "  simdgroup_load(y, bf);\n"
    "  simdgroup_multiply(z, x, y);\n"
    "  simdgroup_store(z, of + 512 + 64 * sg);\n"
    "  simdgroup_load(x, rf + 64 * sg);\n"
    "  simdgroup_load(y, rf + 128, 8, ulong2(0), true);\n"
    "  simdgroup_load(z, rf + 192);\n"
    "  simdgroup_multiply_accumulate(z, x, y, z);\n"
    "  simdgroup_store(z, of + 640 + 64 * sg);\n"
    "}\n";

static uint16_t to_half(float f) {
  _Float16 h = (_Float16)f;
  uint16_t u;
  memcpy(&u, &h, 2);
  return u;
}
static float from_half(uint16_t u) {
  _Float16 h;
  memcpy(&h, &u, 2);
  return (float)h;
}
/* Exact for the values used (at most 8 significant bits). */
static uint16_t to_bf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return (uint16_t)(u >> 16);
}
static float from_bf16(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static mtl_id device, queue;

static void run(mtl_id pipeline, mtl_id *buffers, unsigned n, unsigned threads) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  for (unsigned i = 0; i < n; i++)
    mtl_compute_set_buffer(enc, buffers[i], 0, i);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){1, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
}

/* The lane holding (row, col) and (row, col + 1). */
static void lane_position(unsigned lane, unsigned *row, unsigned *col) {
  unsigned q = lane / 4;
  *row = (q & 4) + (lane / 2) % 4;
  *col = (q & 2) * 2 + (lane % 2) * 2;
}

/* What ls<T> writes, as element indices into the source (value = index), -1 = zero. */
static void ls_expected(int *want) {
  for (int i = 0; i < 1024; i++)
    want[i] = -1;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++) {
      want[r * 8 + c] = (5 + r) * 16 + 3 + c;
      want[64 + r * 8 + c] = (2 + c) * 16 + 1 + r;   /* transposed, origin (2, 1) */
      want[128 + r * 8 + c] = (4 + r) * 16 + 6 + c;  /* threadgroup */
      want[192 + r * 8 + c] = (1 + c) * 16 + 7 + r;  /* threadgroup, transposed */
      want[256 + (4 + c) * 16 + 2 + r] = r * 8 + c;  /* stored transposed at (4, 2) */
      want[512 + (1 + r) * 12 + 3 + c] = r * 16 + c; /* stored with stride 12 at (3, 1) */
      want[768 + r * 16 + 8 + c] = r * 16 + c;       /* threadgroup store at (8, 0) */
      want[768 + (8 + c) * 16 + r] = r * 16 + c;     /* ... and transposed */
    }
}

static void test_load_store(void) {
  static const char *kernels[] = {"ls_float", "ls_half", "ls_bfloat"};
  int want[1024];
  ls_expected(want);
  for (int k = 0; k < 3; k++) {
    size_t es = k == 0 ? 4 : 2;
    mtl_id src = mtl_new_buffer(device, 256 * es, 0), dst = mtl_new_buffer(device, 1024 * es, 0);
    unsigned char *s = mtl_buffer_contents(src), *d = mtl_buffer_contents(dst);
    memset(d, 0, 1024 * es);
    for (int i = 0; i < 256; i++) {
      float f = (float)i;
      uint16_t h = k == 1 ? to_half(f) : to_bf16(f);
      if (k == 0)
        memcpy(s + 4 * i, &f, 4);
      else
        memcpy(s + 2 * i, &h, 2);
    }
    mtl_id pipeline = smtest_pipeline(device, msl, kernels[k]);
    run(pipeline, (mtl_id[]){src, dst}, 2, 32);
    int wrong = 0;
    for (int i = 0; i < 1024; i++) {
      float got;
      uint16_t h;
      if (k == 0)
        memcpy(&got, d + 4 * i, 4);
      else {
        memcpy(&h, d + 2 * i, 2);
        got = k == 1 ? from_half(h) : from_bf16(h);
      }
      float expect = want[i] < 0 ? 0.0f : (float)want[i];
      if (got != expect && wrong++ < 5)
        fprintf(stderr, "%s: dst[%d] = %g, want %g\n", kernels[k], i, got, expect);
    }
    CHECK(wrong == 0);
    mtl_release(pipeline);
    mtl_release(src);
    mtl_release(dst);
  }
}

static void test_layout(void) {
  mtl_id src = mtl_new_buffer(device, 64 * 4, 0), out = mtl_new_buffer(device, 320 * 4, 0);
  float *s = mtl_buffer_contents(src), *o = mtl_buffer_contents(out);
  for (int i = 0; i < 64; i++)
    s[i] = (float)i;
  memset(o, 0, 320 * 4);
  mtl_id pipeline = smtest_pipeline(device, msl, "layout");
  run(pipeline, (mtl_id[]){src, out}, 2, 32);
  int wrong = 0, seen[64] = {0};
  for (unsigned lane = 0; lane < 32; lane++) {
    unsigned row, col;
    lane_position(lane, &row, &col);
    const float *l = o + lane * 8;
    float want[6] = {(float)(row * 8 + col),
                     (float)(row * 8 + col + 1),
                     row == col ? 2.5f : 0.0f,
                     row == col + 1 ? 2.5f : 0.0f,
                     14.0f,
                     (row == col ? -3.0f : 0.0f) + 10 * (row == col + 1 ? -3.0f : 0.0f)};
    for (int j = 0; j < 6; j++)
      if (l[j] != want[j] && wrong++ < 5)
        fprintf(stderr, "layout: lane %u value %d = %g, want %g\n", lane, j, l[j], want[j]);
    /* thread_elements written by the lane land at its two positions */
    if (o[256 + row * 8 + col] != (float)(lane * 2) ||
        o[256 + row * 8 + col + 1] != (float)(lane * 2 + 1))
      if (wrong++ < 5)
        fprintf(stderr, "layout: lane %u's elements not at (%u, %u)\n", lane, row, col);
    seen[row * 8 + col]++;
    seen[row * 8 + col + 1]++;
  }
  for (int i = 0; i < 64; i++)
    CHECK(seen[i] == 1); /* the layout covers the matrix once */
  CHECK(wrong == 0);
  mtl_release(pipeline);
  mtl_release(src);
  mtl_release(out);
}

/* d = a * b + c on the host: float, products and sums in k order with fma. */
static void host_mac(const float *a, const float *b, const float *c, float *d, int bt) {
  for (int r = 0; r < 8; r++)
    for (int col = 0; col < 8; col++) {
      float acc = c[r * 8 + col];
      for (int k = 0; k < 8; k++)
        acc = fmaf(a[r * 8 + k], bt ? b[col * 8 + k] : b[k * 8 + col], acc);
      d[r * 8 + col] = acc;
    }
}

static void test_multiply(void) {
  /* Small multiples of 0.5 (a, b) and integers (c): every product and sum is exact in
   * half and bfloat as in float, so all the type combinations give the same numbers. */
  float a[128], b[64], c[64], rf[256];
  for (int i = 0; i < 128; i++)
    a[i] = (float)((i * 7 + 3) % 9 - 4) * 0.5f;
  for (int i = 0; i < 64; i++)
    b[i] = (float)((i * 5 + 1) % 7 - 3) * 0.5f;
  for (int i = 0; i < 64; i++)
    c[i] = (float)((i * 3) % 11 - 5);
  /* general floats: the result is the fma chain in k order, bit for bit */
  unsigned seed = 12345;
  for (int i = 0; i < 256; i++) {
    seed = seed * 1103515245u + 12345u;
    rf[i] = ((float)(seed >> 8) / 16777216.0f - 0.5f) * 3.0f;
  }
  mtl_id buf[13];
  buf[0] = mtl_new_buffer(device, 128 * 4, 0);
  buf[1] = mtl_new_buffer(device, 64 * 4, 0);
  buf[2] = mtl_new_buffer(device, 64 * 4, 0);
  memcpy(mtl_buffer_contents(buf[0]), a, sizeof a);
  memcpy(mtl_buffer_contents(buf[1]), b, sizeof b);
  memcpy(mtl_buffer_contents(buf[2]), c, sizeof c);
  for (int t = 0; t < 2; t++) {
    uint16_t *ha = mtl_buffer_contents(buf[3 + 3 * t] = mtl_new_buffer(device, 128 * 2, 0));
    uint16_t *hb = mtl_buffer_contents(buf[4 + 3 * t] = mtl_new_buffer(device, 64 * 2, 0));
    uint16_t *hc = mtl_buffer_contents(buf[5 + 3 * t] = mtl_new_buffer(device, 64 * 2, 0));
    for (int i = 0; i < 128; i++)
      ha[i] = t ? to_bf16(a[i]) : to_half(a[i]);
    for (int i = 0; i < 64; i++)
      hb[i] = t ? to_bf16(b[i]) : to_half(b[i]);
    for (int i = 0; i < 64; i++)
      hc[i] = t ? to_bf16(c[i]) : to_half(c[i]);
  }
  buf[9] = mtl_new_buffer(device, 768 * 4, 0);
  buf[10] = mtl_new_buffer(device, 128 * 2, 0);
  buf[11] = mtl_new_buffer(device, 128 * 2, 0);
  buf[12] = mtl_new_buffer(device, 256 * 4, 0);
  memcpy(mtl_buffer_contents(buf[12]), rf, sizeof rf);
  mtl_id pipeline = smtest_pipeline(device, msl, "mma");
  run(pipeline, buf, 13, 64);
  const float *of = mtl_buffer_contents(buf[9]);
  const uint16_t *oh = mtl_buffer_contents(buf[10]), *ob = mtl_buffer_contents(buf[11]);
  static const float zero[64];
  int wrong = 0;
  for (int sg = 0; sg < 2; sg++) {
    float want[64], product[64], general[64];
    host_mac(a + 64 * sg, b, c, want, 0);
    host_mac(a + 64 * sg, b, zero, product, 0);
    host_mac(rf + 64 * sg, rf + 128, rf + 192, general, 1);
    for (int i = 0; i < 64; i++) {
      float got[8] = {of[64 * sg + i],       from_half(oh[64 * sg + i]), from_bf16(ob[64 * sg + i]),
                      of[128 + 64 * sg + i], of[256 + 64 * sg + i],      of[384 + 64 * sg + i],
                      of[512 + 64 * sg + i], of[640 + 64 * sg + i]};
      float exp[8] = {want[i], want[i], want[i], want[i], want[i], want[i], product[i], general[i]};
      for (int k = 0; k < 8; k++)
        if (got[k] != exp[k] && wrong++ < 8)
          fprintf(stderr, "mma: case %d, simdgroup %d, element %d = %.9g, want %.9g\n", k, sg, i,
                  got[k], exp[k]);
    }
  }
  CHECK(wrong == 0);
  mtl_release(pipeline);
  for (int i = 0; i < 13; i++)
    mtl_release(buf[i]);
}

int main(void) {
  void *pool = mtl_autorelease_push();
  device = mtl_create_system_default_device();
  queue = mtl_new_command_queue(device);
  test_load_store();
  test_layout();
  test_multiply();
  mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_simdgroup_matrix");
}
