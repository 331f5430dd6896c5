/* tests/softmetal/test_texture.c — textures and samplers on softmetal (issue 15).
 *
 * Hand-written MSL kernels reach textures and samplers through argument-buffer
 * records in device memory (8-byte MTLResourceIDs, as libanchor's texture objects
 * do) and their results are compared with values this file computes by Metal's
 * documented rules: texel addressing, address modes and border colours, nearest and
 * linear filtering with normalized and pixel coordinates, mip selection, gather,
 * format conversions (unorm, snorm, sRGB, half, saturating integer writes), views,
 * linear textures over buffers, blits, and the misuse errors (non-resident texture,
 * a sampler's ID without supportArgumentBuffers, a released texture's ID, views that
 * break Metal's rules). Run in every SOFTMETAL_MODE (CMakeLists.txt).
 */
#include "smtest.h"

#include <math.h>
#include <stdint.h>

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "struct rec2 { texture2d<float> t; sampler s; };\n"
    "struct rec2i { texture2d<uint> t; sampler s; };\n"
    "struct rec2rw { texture2d<float, access::read_write> t; };\n"
    "struct rec2irw { texture2d<int, access::read_write> t; };\n"
    "struct rec1 { texture1d<float> t; sampler s; };\n"
    "struct rec3 { texture3d<float> t; sampler s; };\n"
    "struct rec2a { texture2d_array<float> t; sampler s; };\n"
    "struct reccube { texturecube<float> t; sampler s; };\n"
    "struct recbuf { texture_buffer<float> t; };\n"
    "struct query { float4 c; float4 extra; };\n"
    /* sample a 2D texture at q.c.xy; extra.x: 0 plain, 1 level(extra.y), 2 bias(extra.y),
     * 3 gradient2d((extra.y, 0), (0, extra.y)), 4 gather component extra.y, 5 read */
    "kernel void sample2d(device const rec2 &r [[buffer(0)]],\n"
    "                     device const query *q [[buffer(1)]],\n"
    "                     device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {\n"
    "  texture2d<float> t = r.t;\n"
    "  sampler s = r.s;\n"
    "  float2 c = q[i].c.xy;\n"
    "  uint mode = (uint)q[i].extra.x;\n"
    "  float e = q[i].extra.y;\n"
    "  if (mode == 1) out[i] = t.sample(s, c, level(e));\n"
    "  else if (mode == 2) out[i] = t.sample(s, c, bias(e));\n"
    "  else if (mode == 3) out[i] = t.sample(s, c, gradient2d(float2(e, 0.0f), float2(0.0f, e)));\n"
    "  else if (mode == 4) out[i] = t.gather(s, c, int2(0), (component)(uint)e);\n"
    "  else if (mode == 5) out[i] = t.read(uint2((uint)c.x, (uint)c.y), (uint)e);\n"
    "  else out[i] = t.sample(s, c);\n"
    "}\n"
    "kernel void sample2di(device const rec2i &r [[buffer(0)]],\n"
    "                      device const query *q [[buffer(1)]],\n"
    "                      device uint4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {\n"
    "  texture2d<uint> t = r.t;\n"
    "  out[i] = q[i].extra.x == 5.0f ? t.read(uint2((uint)q[i].c.x, (uint)q[i].c.y))\n"
    "                                : t.sample(sampler(r.s), q[i].c.xy);\n"
    "}\n"
    /* writes v[i] at texel i of a row-major w-wide read_write texture, then reads it back */
    "kernel void write2d(device const rec2rw &r [[buffer(0)]],\n"
    "                    device const float4 *v [[buffer(1)]],\n"
    "                    device float4 *out [[buffer(2)]], constant uint &w [[buffer(3)]],\n"
    "                    uint i [[thread_position_in_grid]]) {\n"
    "  texture2d<float, access::read_write> t = r.t;\n"
    "  uint2 p = uint2(i % w, i / w);\n"
    "  t.write(v[i], p);\n"
    "  t.fence();\n"
    "  out[i] = t.read(p);\n"
    "}\n"
    "kernel void write2di(device const rec2irw &r [[buffer(0)]],\n"
    "                     device const int4 *v [[buffer(1)]],\n"
    "                     device int4 *out [[buffer(2)]], constant uint &w [[buffer(3)]],\n"
    "                     uint i [[thread_position_in_grid]]) {\n"
    "  texture2d<int, access::read_write> t = r.t;\n"
    "  uint2 p = uint2(i % w, i / w);\n"
    "  t.write(v[i], p);\n"
    "  out[i] = t.read(p);\n"
    "}\n"
    "kernel void sample1d(device const rec1 &r [[buffer(0)]], device const query *q "
    "[[buffer(1)]],\n"
    "                     device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {\n"
    "  texture1d<float> t = r.t;\n"
    "  out[i] = q[i].extra.x == 5.0f ? t.read((uint)q[i].c.x) : t.sample(sampler(r.s), q[i].c.x);\n"
    "}\n"
    "kernel void sample3d(device const rec3 &r [[buffer(0)]], device const query *q "
    "[[buffer(1)]],\n"
    "                     device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {\n"
    "  texture3d<float> t = r.t;\n"
    "  out[i] = q[i].extra.x == 5.0f ? t.read(uint3(q[i].c.xyz)) : t.sample(sampler(r.s), "
    "q[i].c.xyz);\n"
    "}\n"
    "kernel void sample2da(device const rec2a &r [[buffer(0)]], device const query *q "
    "[[buffer(1)]],\n"
    "                      device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) "
    "{\n"
    "  texture2d_array<float> t = r.t;\n"
    "  out[i] = t.sample(sampler(r.s), q[i].c.xy, (uint)q[i].c.z);\n"
    "}\n"
    "kernel void samplecube(device const reccube &r [[buffer(0)]], device const query *q "
    "[[buffer(1)]],\n"
    "                       device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) "
    "{\n"
    "  texturecube<float> t = r.t;\n"
    "  out[i] = q[i].extra.x == 5.0f ? t.read(uint2(q[i].c.xy), (uint)q[i].c.z)\n"
    "                                : t.sample(sampler(r.s), q[i].c.xyz);\n"
    "}\n"
    "kernel void readbuf(device const recbuf &r [[buffer(0)]], device float4 *out [[buffer(2)]],\n"
    "                    uint i [[thread_position_in_grid]]) {\n"
    "  texture_buffer<float> t = r.t;\n"
    "  out[i] = t.read(i);\n"
    "}\n"
    /* methods called on the handles in the device record itself (no local copy) */
    "kernel void direct(device const rec2 &r [[buffer(0)]], device const query *q [[buffer(1)]],\n"
    "                   device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {\n"
    "  float2 c = q[i].c.xy;\n"
    "  out[i] = q[i].extra.x == 5.0f ? r.t.read(uint2(c))\n"
    "         : q[i].extra.x == 6.0f ? float4((float)r.t.get_width(), (float)r.t.get_height(),\n"
    "                                         (float)r.t.get_num_mip_levels(), 0.0f)\n"
    "         : r.t.sample(r.s, c);\n"
    "}\n"
    /* textures in a kernel with threadgroup memory and a barrier (fibers, lockstep) */
    "kernel void tgtex(device const rec2 &r [[buffer(0)]], device float4 *out [[buffer(2)]],\n"
    "                  uint i [[thread_position_in_grid]], uint l [[thread_index_in_threadgroup]]) "
    "{\n"
    "  threadgroup float buf[64];\n"
    "  buf[l] = r.t.read(uint2(l % 8, l / 8)).x;\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  out[i] = float4(buf[63 - l], simd_sum(buf[l]), 0.0f, 0.0f);\n"
    "}\n"
    /* docs/textures.md's shape: a handle is the GPU address of a record in an arena buffer
     * that is only made resident (useResource), read through reinterpret_cast */
    "struct anchor_tex2d_f { texture2d<float> t; sampler s; uint kind, format, flags, bytes; };\n"
    "kernel void byaddress(constant ulong &handle [[buffer(3)]], device const query *q "
    "[[buffer(1)]],\n"
    "                      device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) "
    "{\n"
    "  device const anchor_tex2d_f &r = *reinterpret_cast<device const anchor_tex2d_f *>(handle);\n"
    "  out[i] = r.kind == 2 ? r.t.sample(r.s, q[i].c.xy) : float4(0.0f);\n"
    "}\n"
    /* 1D arrays, cube arrays and 3D writes */
    "struct recmisc { texture1d_array<float> a; texturecube_array<float> c;\n"
    "                 texture3d<float, access::read_write> v; sampler s; };\n"
    "kernel void misc(device const recmisc &r [[buffer(0)]], device float4 *out [[buffer(2)]],\n"
    "                 uint i [[thread_position_in_grid]]) {\n"
    "  if (i == 0) out[i] = r.a.sample(r.s, 0.8f, 1u);\n"
    "  else if (i == 1) out[i] = r.a.read(1u, 0u);\n"
    "  else if (i == 2) out[i] = r.c.sample(r.s, float3(0.0f, 0.0f, -1.0f), 1u);\n"
    "  else if (i == 3) out[i] = r.c.read(uint2(1, 1), 4u, 1u);\n"
    "  else if (i == 4) out[i] = float4((float)r.a.get_array_size(), (float)r.c.get_array_size(),\n"
    "                                  (float)r.v.get_depth(), (float)r.a.get_width());\n"
    "  else { r.v.write(float4(7.0f, 0.0f, 0.0f, 0.0f), uint3(1, 0, 1)); out[i] = "
    "r.v.read(uint3(1, 0, 1)); }\n"
    "}\n"
    /* a constexpr sampler: repeat, linear, normalized */
    "kernel void constsampler(device const rec2 &r [[buffer(0)]], device const query *q "
    "[[buffer(1)]],\n"
    "                         device float4 *out [[buffer(2)]], uint i "
    "[[thread_position_in_grid]]) {\n"
    "  constexpr sampler s(coord::normalized, address::repeat, filter::linear);\n"
    "  texture2d<float> t = r.t;\n"
    "  out[i] = t.sample(s, q[i].c.xy);\n"
    "}\n";

/* ---- running kernels ------------------------------------------------------------------- */
static mtl_id device, queue;

struct query {
  float c[4], extra[4];
};

/* Runs `kernel` over n threads (one group of up to 64) with the record at buffer 0, queries
 * at 1, an output of n float4 at 2, and w at 3; textures[] are made resident. Returns the
 * command buffer's status; *error gets its description (static copy) when it failed. */
static char last_error[2048];
static long run(mtl_id pipeline, const void *record, size_t record_size, const void *queries,
                size_t query_size, void *out, size_t out_size, uint32_t w, mtl_id *textures,
                int ntex, unsigned n) {
  void *pool = mtl_autorelease_push();
  mtl_id rb = mtl_new_buffer(device, 256, 0);
  mtl_id qb = mtl_new_buffer(device, query_size ? query_size : 16, 0);
  mtl_id ob = mtl_new_buffer(device, out_size, 0);
  memcpy(mtl_buffer_contents(rb), record, record_size);
  if (query_size) memcpy(mtl_buffer_contents(qb), queries, query_size);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, rb, 0, 0);
  mtl_compute_set_buffer(enc, qb, 0, 1);
  mtl_compute_set_buffer(enc, ob, 0, 2);
  mtl_compute_set_bytes(enc, &w, sizeof w, 3);
  for (int i = 0; i < ntex; i++)
    mtl_compute_use_resource(enc, textures[i], MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){(n + 63) / 64, 1, 1}, (mtl_size){64, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  long status = mtl_command_buffer_status(cmd);
  last_error[0] = 0;
  if (status == MTL_COMMAND_BUFFER_STATUS_ERROR)
    snprintf(last_error, sizeof last_error, "%s",
             mtl_error_description(mtl_command_buffer_error(cmd)));
  memcpy(out, mtl_buffer_contents(ob), out_size);
  mtl_release(rb), mtl_release(qb), mtl_release(ob);
  mtl_autorelease_pop(pool);
  return status;
}

struct rec {
  uint64_t texture, sampler;
};

static mtl_id make_sampler(uint64_t min_mag, uint64_t mip, uint64_t address, bool normalized,
                           uint64_t border) {
  mtl_id d = mtl_new_sampler_descriptor();
  mtl_sampler_descriptor_set_min_filter(d, min_mag);
  mtl_sampler_descriptor_set_mag_filter(d, min_mag);
  mtl_sampler_descriptor_set_mip_filter(d, mip);
  mtl_sampler_descriptor_set_s_address_mode(d, address);
  mtl_sampler_descriptor_set_t_address_mode(d, address);
  mtl_sampler_descriptor_set_r_address_mode(d, address);
  mtl_sampler_descriptor_set_normalized_coordinates(d, normalized);
  mtl_sampler_descriptor_set_border_color(d, border);
  mtl_sampler_descriptor_set_support_argument_buffers(d, true);
  mtl_id s = mtl_new_sampler_state(device, d);
  REQUIRE(s);
  mtl_release(d);
  return s;
}

static mtl_id make_texture(uint64_t type, uint64_t format, uint64_t w, uint64_t h, uint64_t d,
                           uint64_t slices, uint64_t levels, uint64_t usage) {
  mtl_id desc = mtl_new_texture_descriptor();
  mtl_texture_descriptor_set_texture_type(desc, type);
  mtl_texture_descriptor_set_pixel_format(desc, format);
  mtl_texture_descriptor_set_width(desc, w);
  mtl_texture_descriptor_set_height(desc, h);
  mtl_texture_descriptor_set_depth(desc, d);
  mtl_texture_descriptor_set_array_length(desc, slices);
  mtl_texture_descriptor_set_mipmap_level_count(desc, levels);
  mtl_texture_descriptor_set_usage(desc, usage);
  mtl_id t = mtl_new_texture(device, desc);
  mtl_release(desc);
  return t;
}

static mtl_region region2(uint64_t w, uint64_t h) {
  return (mtl_region){{0, 0, 0}, {w, h, 1}};
}

static bool near(float a, float b, float tol) {
  return fabsf(a - b) <= tol || (isnan(a) && isnan(b));
}
#define CHECK4(got, e0, e1, e2, e3, tol)                                                           \
  do {                                                                                             \
    const float *g_ = (got);                                                                       \
    float x_[4] = {(e0), (e1), (e2), (e3)};                                                        \
    bool ok_ = true;                                                                               \
    for (int k_ = 0; k_ < 4; k_++)                                                                 \
      ok_ = ok_ && near(g_[k_], x_[k_], (tol));                                                    \
    if (!ok_) {                                                                                    \
      fprintf(stderr, "%s:%d: got (%.9g %.9g %.9g %.9g) expected (%.9g %.9g %.9g %.9g)\n",         \
              __FILE__, __LINE__, g_[0], g_[1], g_[2], g_[3], x_[0], x_[1], x_[2], x_[3]);         \
      smtest_failures++;                                                                           \
    }                                                                                              \
  } while (0)

/* ---- the documented rules, on the CPU ------------------------------------------------------ */
/* MTLSamplerAddressMode applied to texel index i of n; -1 = outside (zero / border). */
static int address(int i, int n, int mode) {
  switch (mode) {
  case MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE: return i < 0 ? 0 : i >= n ? n - 1 : i;
  case MTL_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE: {
    int m = i < 0 ? -1 - i : i;
    return m >= n ? n - 1 : m;
  }
  case MTL_SAMPLER_ADDRESS_MODE_REPEAT: return ((i % n) + n) % n;
  case MTL_SAMPLER_ADDRESS_MODE_MIRROR_REPEAT: {
    int r = ((i % (2 * n)) + 2 * n) % (2 * n);
    return r < n ? r : 2 * n - 1 - r;
  }
  default: return i < 0 || i >= n ? -1 : i;
  }
}

/* ---- tests ------------------------------------------------------------------------------------
 */
static mtl_id p_sample2d, p_sample2di, p_write2d, p_write2di, p_sample1d, p_sample3d, p_sample2da,
    p_samplecube, p_readbuf, p_const, p_direct, p_tgtex, p_byaddress, p_misc;

/* RGBA8Unorm 4 x 4: read() gives c / 255; nearest sampling at texel centres; bilinear at
 * quarter offsets against the weights formula. */
static void test_unorm_nearest_linear(void) {
  enum { W = 4, H = 4 };
  uint8_t texels[H][W][4];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      for (int c = 0; c < 4; c++)
        texels[y][x][c] = (uint8_t)(17 * x + 61 * y + 5 * c + 3);
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_RGBA8_UNORM, W, H, 1, 1, 1,
                          MTL_TEXTURE_USAGE_SHADER_READ);
  REQUIRE(t);
  CHECK(mtl_texture_width(t) == W && mtl_texture_height(t) == H);
  CHECK(mtl_texture_pixel_format(t) == MTL_PIXEL_FORMAT_RGBA8_UNORM);
  mtl_texture_replace_region(t, region2(W, H), 0, 0, texels, W * 4, 0);
  uint8_t back[H][W][4];
  mtl_texture_get_bytes(t, back, W * 4, 0, region2(W, H), 0, 0);
  CHECK(memcmp(back, texels, sizeof back) == 0);
  mtl_id nearest = make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_NEAREST, 0, 0, true, 0);
  mtl_id linear = make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_LINEAR, 0, 0, true, 0);
  enum { N = 3 * W * H };
  struct query q[N];
  float out[N][4];
  for (int i = 0; i < W * H; i++) {
    int x = i % W, y = i / W;
    q[i] = (struct query){{x + 0.5f, y + 0.5f}, {5, 0}};                        /* read */
    q[W * H + i] = (struct query){{(x + 0.5f) / W, (y + 0.5f) / H}, {0, 0}};    /* nearest */
    q[2 * W * H + i] = (struct query){{(x + 0.75f) / W, (y + 0.25f) / H}, {0}}; /* linear */
  }
  struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(nearest)};
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, 2 * W * H * 16, 0, &t, 1, 2 * W * H) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < W * H; i++) {
    const uint8_t *e = texels[i / W][i % W];
    CHECK4(out[i], e[0] / 255.0f, e[1] / 255.0f, e[2] / 255.0f, e[3] / 255.0f, 0);
    CHECK4(out[W * H + i], e[0] / 255.0f, e[1] / 255.0f, e[2] / 255.0f, e[3] / 255.0f, 0);
  }
  r.sampler = mtl_sampler_gpu_resource_id(linear);
  CHECK(run(p_sample2d, &r, sizeof r, q + 2 * W * H, W * H * sizeof(struct query), out, W * H * 16,
            0, &t, 1, W * H) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < W * H; i++) {
    float u = (i % W + 0.75f) - 0.5f, v = (i / W + 0.25f) - 0.5f;
    int i0 = (int)floorf(u), j0 = (int)floorf(v);
    float a = u - floorf(u), b = v - floorf(v);
    float e[4];
    for (int c = 0; c < 4; c++) {
#define T(x, y) (texels[address(y, H, 0)][address(x, W, 0)][c] / 255.0f)
      e[c] = (1 - a) * (1 - b) * T(i0, j0) + a * (1 - b) * T(i0 + 1, j0) +
             (1 - a) * b * T(i0, j0 + 1) + a * b * T(i0 + 1, j0 + 1);
#undef T
    }
    CHECK4(out[i], e[0], e[1], e[2], e[3], 1e-6f);
  }
  /* the same through methods called on the device record's members */
  struct query d[3] = {q[2 * W * H + 5], {{2, 3}, {5}}, {{0}, {6}}};
  CHECK(run(p_direct, &r, sizeof r, d, sizeof d, out, 3 * 16, 0, &t, 1, 3) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  {
    float u = (5 % W + 0.75f) - 0.5f, v = (5 / W + 0.25f) - 0.5f;
    float a = u - floorf(u), b = v - floorf(v);
    int i0 = (int)floorf(u), j0 = (int)floorf(v);
#define T(x, y) (texels[y][x][0] / 255.0f)
    CHECK4(out[0],
           (1 - a) * (1 - b) * T(i0, j0) + a * (1 - b) * T(i0 + 1, j0) +
               (1 - a) * b * T(i0, j0 + 1) + a * b * T(i0 + 1, j0 + 1),
           out[0][1], out[0][2], out[0][3], 1e-6f);
#undef T
  }
  CHECK4(out[1], texels[3][2][0] / 255.0f, texels[3][2][1] / 255.0f, texels[3][2][2] / 255.0f,
         texels[3][2][3] / 255.0f, 0);
  CHECK4(out[2], W, H, 1, 0, 0);
  mtl_release(t), mtl_release(nearest), mtl_release(linear);
}

/* Every address mode, nearest, normalized coordinates from -1.6 to 2.6 in both
 * dimensions, R32Float 5 x 3; clamp_to_border with each border colour; pixel coordinates
 * with clamp_to_edge and linear filtering. */
static void test_address_modes(void) {
  enum { W = 5, H = 3, N = 43 };
  float texels[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      texels[y][x] = (float)(10 * y + x + 1);
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, W, H, 1, 1, 1,
                          MTL_TEXTURE_USAGE_SHADER_READ);
  REQUIRE(t);
  mtl_texture_replace_region(t, region2(W, H), 0, 0, texels, W * 4, 0);
  struct query q[N];
  for (int i = 0; i < N; i++) {
    float s = -1.6f + 0.1f * (float)i;
    q[i] = (struct query){{s + 0.013f, 1.0f - s}, {0}};
  }
  for (int mode = 0; mode <= 5; mode++)
    for (uint64_t border = 0; border <= (mode == 5 ? 2u : 0u); border++) {
      mtl_id s = make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_NEAREST, 0, (uint64_t)mode, true, border);
      struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(s)};
      float out[N][4];
      CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, N) ==
            MTL_COMMAND_BUFFER_STATUS_COMPLETED);
      for (int i = 0; i < N; i++) {
        int x = address((int)floorf(q[i].c[0] * W), W, mode);
        int y = address((int)floorf(q[i].c[1] * H), H, mode);
        float e[4] = {0, 0, 0, 1};
        if (x < 0 || y < 0) {
          /* clamp_to_zero: (0,0,0,1) for a format without alpha; border: the colour */
          if (mode == MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER_COLOR) {
            float v = border == MTL_SAMPLER_BORDER_COLOR_OPAQUE_WHITE ? 1.0f : 0.0f;
            e[0] = e[1] = e[2] = v;
            e[3] = border == MTL_SAMPLER_BORDER_COLOR_TRANSPARENT_BLACK ? 0.0f : 1.0f;
          }
        } else
          e[0] = texels[y][x];
        CHECK4(out[i], e[0], e[1], e[2], e[3], 0);
      }
      mtl_release(s);
    }
  /* pixel coordinates, linear, clamp to edge: u - 0.5 */
  mtl_id s = make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_LINEAR, 0, 0, false, 0);
  struct query p[4] = {
      {{1.5f, 0.5f}, {0}}, {{1.75f, 1.5f}, {0}}, {{0.1f, 2.9f}, {0}}, {{4.9f, 1.0f}, {0}}};
  float out[4][4];
  struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(s)};
  CHECK(run(p_sample2d, &r, sizeof r, p, sizeof p, out, sizeof out, 0, &t, 1, 4) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], texels[0][1], 0, 0, 1, 0);
  CHECK4(out[1], 0.75f * texels[1][1] + 0.25f * texels[1][2], 0, 0, 1, 1e-5f);
  CHECK4(out[2], texels[2][0], 0, 0, 1, 0);
  CHECK4(out[3], 0.5f * texels[0][4] + 0.5f * texels[1][4], 0, 0, 1, 1e-5f);
  mtl_release(s), mtl_release(t);
}

/* Three mip levels, level l all (l + 1) * 10: level(), bias(), gradient2d(), nearest and
 * linear mip filters, the sampler's lod clamps. */
static void test_mipmaps(void) {
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 8, 8, 1, 1, 3,
                          MTL_TEXTURE_USAGE_SHADER_READ);
  REQUIRE(t);
  CHECK(mtl_texture_mipmap_level_count(t) == 3);
  for (int l = 0; l < 3; l++) {
    float v[64];
    for (int i = 0; i < 64; i++)
      v[i] = (float)((l + 1) * 10);
    mtl_texture_replace_region(t, region2(8 >> l, 8 >> l), (uint64_t)l, 0, v, (8u >> l) * 4, 0);
  }
  mtl_id lin =
      make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_NEAREST, MTL_SAMPLER_MIP_FILTER_LINEAR, 0, true, 0);
  mtl_id nea =
      make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_NEAREST, MTL_SAMPLER_MIP_FILTER_NEAREST, 0, true, 0);
  mtl_id none = make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_NEAREST, 0, 0, true, 0);
  struct query q[] = {
      {{0.5f, 0.5f}, {1, 0.0f}},  {{0.5f, 0.5f}, {1, 1.0f}},        {{0.5f, 0.5f}, {1, 2.0f}},
      {{0.5f, 0.5f}, {1, 0.5f}},  {{0.5f, 0.5f}, {1, 0.6f}},        {{0.5f, 0.5f}, {1, 7.0f}},
      {{0.5f, 0.5f}, {2, 1.25f}}, {{0.5f, 0.5f}, {3, 4.0f / 8.0f}}, {{0.5f, 0.5f}, {0, 0}},
      {{0.5f, 0.5f}, {5, 1.0f}},  {{0.5f, 0.5f}, {1, -3.0f}},
  };
  enum { N = sizeof q / sizeof q[0] };
  float out[N][4];
  struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(lin)};
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, N) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  float lin_expected[N] = {10, 20, 30, 15, 16, 30, 22.5f, 30, 10, 0 /* read (4,4) lv1 */, 10};
  lin_expected[9] = 20; /* read((0,0), level 1) */
  for (int i = 0; i < N; i++)
    CHECK4(out[i], lin_expected[i], 0, 0, 1, 1e-5f);
  r.sampler = mtl_sampler_gpu_resource_id(nea);
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, N) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  /* nearest level: ceil(lod + 0.5) - 1 */
  float nea_expected[N] = {10, 20, 30, 10, 20, 30, 20, 30, 10, 20, 10};
  for (int i = 0; i < N; i++)
    CHECK4(out[i], nea_expected[i], 0, 0, 1, 0);
  r.sampler = mtl_sampler_gpu_resource_id(none);
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, N) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < N; i++)
    CHECK4(out[i], i == 9 ? 20.0f : 10.0f, 0, 0, 1, 0); /* not mipmapped: level 0 */
  /* lodMinClamp 1, lodMaxClamp 1.5 */
  mtl_id d = mtl_new_sampler_descriptor();
  mtl_sampler_descriptor_set_mip_filter(d, MTL_SAMPLER_MIP_FILTER_LINEAR);
  mtl_sampler_descriptor_set_lod_min_clamp(d, 1.0f);
  mtl_sampler_descriptor_set_lod_max_clamp(d, 1.5f);
  mtl_sampler_descriptor_set_support_argument_buffers(d, true);
  mtl_id clamped = mtl_new_sampler_state(device, d);
  REQUIRE(clamped);
  r.sampler = mtl_sampler_gpu_resource_id(clamped);
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, 3) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], 20, 0, 0, 1, 1e-5f);
  CHECK4(out[1], 20, 0, 0, 1, 1e-5f);
  CHECK4(out[2], 25, 0, 0, 1, 1e-5f);
  mtl_release(d), mtl_release(clamped);
  mtl_release(lin), mtl_release(nea), mtl_release(none), mtl_release(t);
}

/* gather: component c of the four texels around the coordinate, order (i0,j1) (i1,j1)
 * (i1,j0) (i0,j0), with repeat addressing at the edge. */
static void test_gather(void) {
  enum { W = 4, H = 4 };
  float texels[H][W][2];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      texels[y][x][0] = (float)(x + 10 * y), texels[y][x][1] = (float)(100 + x + 10 * y);
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_RG32_FLOAT, W, H, 1, 1, 1,
                          MTL_TEXTURE_USAGE_SHADER_READ);
  REQUIRE(t);
  mtl_texture_replace_region(t, region2(W, H), 0, 0, texels, W * 8, 0);
  mtl_id s =
      make_sampler(MTL_SAMPLER_MIN_MAG_FILTER_LINEAR, 0, MTL_SAMPLER_ADDRESS_MODE_REPEAT, true, 0);
  struct query q[3] = {{{0.5f, 0.5f}, {4, 0}}, {{0.5f, 0.5f}, {4, 1}}, {{0.1f, 0.1f}, {4, 0}}};
  float out[3][4];
  struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(s)};
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, 3) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  /* (0.5, 0.5) of 4 x 4: u = 1.5 -> i0 = 1, j0 = 1 */
  CHECK4(out[0], texels[2][1][0], texels[2][2][0], texels[1][2][0], texels[1][1][0], 0);
  CHECK4(out[1], texels[2][1][1], texels[2][2][1], texels[1][2][1], texels[1][1][1], 0);
  /* (0.1, 0.1): u = -0.1 -> i0 = -1 (repeat: 3), i1 = 0 */
  CHECK4(out[2], texels[0][3][0], texels[0][0][0], texels[3][0][0], texels[3][3][0], 0);
  mtl_release(s), mtl_release(t);
}

/* Writes through read_write textures and the conversions of each format, checked in the
 * texels' bytes (getBytes) and as read back. */
static void test_formats_write(void) {
  uint32_t w = 4;
  float v[4][4] = {{0.5f, -0.25f, 1.5f, -2.0f},
                   {0.2f, 0.7f, 0.0f, 1.0f},
                   {(float)NAN, 1.0f / 3.0f, 0.999f, 0.0015f},
                   {65504.0f, 1e-8f, -0.1f, 3.0f}};
  float out[4][4];
  struct {
    uint64_t format;
    unsigned bytes;
  } cases[] = {{MTL_PIXEL_FORMAT_RGBA8_UNORM, 4},      {MTL_PIXEL_FORMAT_RGBA8_SNORM, 4},
               {MTL_PIXEL_FORMAT_RGBA16_UNORM, 8},     {MTL_PIXEL_FORMAT_RGBA16_SNORM, 8},
               {MTL_PIXEL_FORMAT_RGBA16_FLOAT, 8},     {MTL_PIXEL_FORMAT_RGBA32_FLOAT, 16},
               {MTL_PIXEL_FORMAT_RGBA8_UNORM_SRGB, 4}, {MTL_PIXEL_FORMAT_RG16_UNORM, 4}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, cases[k].format, 4, 1, 1, 1, 1,
                            MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_SHADER_WRITE);
    REQUIRE(t);
    struct rec r = {mtl_texture_gpu_resource_id(t), 0};
    CHECK(run(p_write2d, &r, sizeof r, v, sizeof v, out, sizeof out, w, &t, 1, 4) ==
          MTL_COMMAND_BUFFER_STATUS_COMPLETED);
    unsigned char bytes[64];
    mtl_texture_get_bytes(t, bytes, 4 * cases[k].bytes, 0, region2(4, 1), 0, 0);
    for (int i = 0; i < 4; i++) {
      unsigned channels = cases[k].format == MTL_PIXEL_FORMAT_RG16_UNORM ? 2 : 4;
      float e[4] = {0, 0, 0, 1};
      for (unsigned c = 0; c < channels; c++) {
        float x = v[i][c];
        const unsigned char *p = bytes + i * cases[k].bytes + c * (cases[k].bytes / channels);
        switch (cases[k].format) {
        case MTL_PIXEL_FORMAT_RGBA8_UNORM: {
          float cl = isnan(x) ? 0 : x < 0 ? 0 : x > 1 ? 1 : x;
          uint8_t b = (uint8_t)rint(cl * 255.0);
          CHECK(*p == b);
          e[c] = b / 255.0f;
          break;
        }
        case MTL_PIXEL_FORMAT_RGBA8_SNORM: {
          float cl = isnan(x) ? 0 : x < -1 ? -1 : x > 1 ? 1 : x;
          int8_t b = (int8_t)rint(cl * 127.0);
          CHECK((int8_t)*p == b);
          e[c] = b / 127.0f < -1 ? -1 : b / 127.0f;
          break;
        }
        case MTL_PIXEL_FORMAT_RGBA16_UNORM:
        case MTL_PIXEL_FORMAT_RG16_UNORM: {
          float cl = isnan(x) ? 0 : x < 0 ? 0 : x > 1 ? 1 : x;
          uint16_t b = (uint16_t)rint(cl * 65535.0), got;
          memcpy(&got, p, 2);
          CHECK(got == b);
          e[c] = b / 65535.0f;
          break;
        }
        case MTL_PIXEL_FORMAT_RGBA16_SNORM: {
          float cl = isnan(x) ? 0 : x < -1 ? -1 : x > 1 ? 1 : x;
          int16_t b = (int16_t)rint(cl * 32767.0), got;
          memcpy(&got, p, 2);
          CHECK(got == b);
          e[c] = b / 32767.0f < -1 ? -1 : b / 32767.0f;
          break;
        }
        case MTL_PIXEL_FORMAT_RGBA16_FLOAT: {
          _Float16 h = (_Float16)x, got;
          memcpy(&got, p, 2);
          CHECK(memcmp(&got, &h, 2) == 0);
          e[c] = (float)h;
          break;
        }
        case MTL_PIXEL_FORMAT_RGBA32_FLOAT: {
          CHECK(memcmp(p, &x, 4) == 0);
          e[c] = x;
          break;
        }
        case MTL_PIXEL_FORMAT_RGBA8_UNORM_SRGB: {
          /* linear -> sRGB for r, g, b (MSL's formula), alpha as unorm */
          double l = isnan(x) || x < 0 ? 0 : x > 1 ? 1 : x;
          double sr =
              c == 3 ? l : (float)(l < 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055);
          uint8_t b = (uint8_t)rint(sr * 255.0);
          CHECK(*p == b);
          double f = (float)(b / 255.0f);
          e[c] = c == 3 ? (float)(b / 255.0f)
                        : (float)(f <= 0.04045 ? f / 12.92 : pow((f + 0.055) / 1.055, 2.4));
          break;
        }
        }
      }
      CHECK4(out[i], e[0], e[1], e[2], e[3], 2e-7f);
    }
    mtl_release(t);
  }
  /* integer formats saturate 8- and 16-bit channels; 32-bit keep the bits */
  int32_t iv[4][4] = {{300, -5, 70000, -40000}, {1, 2, 3, 4}, {-1, 255, 256, 127}, {0, 0, 0, 0}};
  int32_t iout[4][4];
  struct {
    uint64_t format;
    long lo, hi;
    unsigned bytes;
  } icases[] = {{MTL_PIXEL_FORMAT_RGBA8_SINT, -128, 127, 1},
                {MTL_PIXEL_FORMAT_RGBA16_SINT, -32768, 32767, 2},
                {MTL_PIXEL_FORMAT_RGBA32_SINT, INT32_MIN, INT32_MAX, 4}};
  for (size_t k = 0; k < sizeof icases / sizeof icases[0]; k++) {
    mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, icases[k].format, 4, 1, 1, 1, 1,
                            MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_SHADER_WRITE);
    REQUIRE(t);
    struct rec r = {mtl_texture_gpu_resource_id(t), 0};
    CHECK(run(p_write2di, &r, sizeof r, iv, sizeof iv, iout, sizeof iout, w, &t, 1, 4) ==
          MTL_COMMAND_BUFFER_STATUS_COMPLETED);
    for (int i = 0; i < 4; i++)
      for (int c = 0; c < 4; c++) {
        long e = iv[i][c] < icases[k].lo   ? icases[k].lo
                 : iv[i][c] > icases[k].hi ? icases[k].hi
                                           : iv[i][c];
        if (iout[i][c] != e) {
          fprintf(stderr, "format %lu texel %d.%d: %d, expected %ld\n",
                  (unsigned long)icases[k].format, i, c, iout[i][c], e);
          smtest_failures++;
        }
      }
    mtl_release(t);
  }
}

/* Views: Uint as Unorm (needs PixelFormatView), the sRGB twin (needs nothing), a level
 * view; refused: another size per pixel, no PixelFormatView, a 3D view of a 2D texture. */
static void test_views(void) {
  uint8_t texels[4] = {0, 51, 128, 255};
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R8_UINT, 4, 1, 1, 1, 1,
                          MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW);
  REQUIRE(t);
  mtl_texture_replace_region(t, region2(4, 1), 0, 0, texels, 4, 0);
  mtl_id view = mtl_texture_new_view(t, MTL_PIXEL_FORMAT_R8_UNORM);
  REQUIRE(view);
  CHECK(mtl_texture_pixel_format(view) == MTL_PIXEL_FORMAT_R8_UNORM);
  mtl_id s = make_sampler(0, 0, 0, true, 0);
  struct query q[4];
  for (int i = 0; i < 4; i++)
    q[i] = (struct query){{(i + 0.5f) / 4, 0.5f}, {0}};
  float out[4][4];
  struct rec r = {mtl_texture_gpu_resource_id(view), mtl_sampler_gpu_resource_id(s)};
  CHECK(r.texture != mtl_texture_gpu_resource_id(t));
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &view, 1, 4) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < 4; i++)
    CHECK4(out[i], texels[i] / 255.0f, 0, 0, 1, 0);
  /* the raw texture through a uint kernel */
  uint32_t uout[4][4];
  struct query rq[4];
  for (int i = 0; i < 4; i++)
    rq[i] = (struct query){{(float)i, 0}, {5}};
  r.texture = mtl_texture_gpu_resource_id(t);
  CHECK(run(p_sample2di, &r, sizeof r, rq, sizeof rq, uout, sizeof uout, 0, &t, 1, 4) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < 4; i++)
    CHECK(uout[i][0] == texels[i] && uout[i][1] == 0 && uout[i][3] == 1);
  /* refused views */
  CHECK(mtl_texture_new_view(t, MTL_PIXEL_FORMAT_R16_UNORM) == NULL); /* 2 bytes per pixel */
  mtl_id plain = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_RGBA8_UNORM, 4, 1, 1, 1, 1,
                              MTL_TEXTURE_USAGE_SHADER_READ);
  REQUIRE(plain);
  CHECK(mtl_texture_new_view(plain, MTL_PIXEL_FORMAT_RGBA8_UINT) == NULL); /* no PixelFormatView */
  CHECK(mtl_texture_new_view_levels_slices(plain, MTL_PIXEL_FORMAT_RGBA8_UNORM, MTL_TEXTURE_TYPE_3D,
                                           (mtl_range){0, 1}, (mtl_range){0, 1}) == NULL);
  /* the sRGB twin needs no PixelFormatView: reads decode */
  uint8_t rgba[4][4] = {{0, 10, 128, 200}, {255, 188, 54, 0}, {1, 2, 3, 4}, {100, 110, 120, 130}};
  mtl_texture_replace_region(plain, region2(4, 1), 0, 0, rgba, 16, 0);
  mtl_id srgb = mtl_texture_new_view(plain, MTL_PIXEL_FORMAT_RGBA8_UNORM_SRGB);
  REQUIRE(srgb);
  r.texture = mtl_texture_gpu_resource_id(srgb);
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &srgb, 1, 4) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < 4; i++) {
    float e[4];
    for (int c = 0; c < 4; c++) {
      double f = (float)(rgba[i][c] / 255.0f);
      e[c] = c == 3 ? rgba[i][c] / 255.0f
                    : (float)(f <= 0.04045 ? f / 12.92 : pow((f + 0.055) / 1.055, 2.4));
    }
    CHECK4(out[i], e[0], e[1], e[2], e[3], 0);
  }
  /* a view of one level and one of one slice: level 1 of a 3-level 2D array of 2 slices,
   * and slice 1 as a 2D texture; copyFromTexture:toTexture: copies every level and slice */
  mtl_id arr = make_texture(MTL_TEXTURE_TYPE_2D_ARRAY, MTL_PIXEL_FORMAT_R32_FLOAT, 4, 4, 1, 2, 3,
                            MTL_TEXTURE_USAGE_SHADER_READ);
  mtl_id copy = make_texture(MTL_TEXTURE_TYPE_2D_ARRAY, MTL_PIXEL_FORMAT_R32_FLOAT, 4, 4, 1, 2, 3,
                             MTL_TEXTURE_USAGE_SHADER_READ);
  REQUIRE(arr && copy);
  for (int sl = 0; sl < 2; sl++)
    for (int l = 0; l < 3; l++) {
      float v[16];
      for (int i = 0; i < 16; i++)
        v[i] = (float)(100 * sl + 10 * l + i);
      mtl_texture_replace_region(arr, region2(4u >> l, 4u >> l), (uint64_t)l, (uint64_t)sl, v,
                                 (4u >> l) * 4, 0);
    }
  void *pool = mtl_autorelease_push();
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_blit_encoder(cmd);
  mtl_blit_copy_texture(enc, arr, copy);
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  mtl_autorelease_pop(pool);
  mtl_id lv = mtl_texture_new_view_levels_slices(
      copy, MTL_PIXEL_FORMAT_R32_FLOAT, MTL_TEXTURE_TYPE_2D, (mtl_range){1, 2}, (mtl_range){1, 1});
  REQUIRE(lv);
  CHECK(mtl_texture_width(lv) == 2 && mtl_texture_mipmap_level_count(lv) == 2);
  struct query lq[3] = {{{1, 1}, {5, 0}}, {{0, 0}, {5, 1}}, {{1, 0}, {5, 0}}};
  r.texture = mtl_texture_gpu_resource_id(lv);
  CHECK(run(p_sample2d, &r, sizeof r, lq, sizeof lq, out, 3 * 16, 0, &lv, 1, 3) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], 100 + 10 + 3, 0, 0, 1, 0); /* slice 1, level 1, texel (1, 1) of 2 x 2 */
  CHECK4(out[1], 100 + 20 + 0, 0, 0, 1, 0); /* the view's level 1 = level 2 */
  CHECK4(out[2], 100 + 10 + 1, 0, 0, 1, 0);
  /* a 2D array view needs slices within the texture; a cube view 6 slices */
  CHECK(mtl_texture_new_view_levels_slices(arr, MTL_PIXEL_FORMAT_R32_FLOAT,
                                           MTL_TEXTURE_TYPE_2D_ARRAY, (mtl_range){0, 1},
                                           (mtl_range){1, 2}) == NULL);
  CHECK(mtl_texture_new_view_levels_slices(arr, MTL_PIXEL_FORMAT_R32_FLOAT, MTL_TEXTURE_TYPE_CUBE,
                                           (mtl_range){0, 1}, (mtl_range){0, 2}) == NULL);
  mtl_release(lv), mtl_release(arr), mtl_release(copy);
  mtl_release(srgb), mtl_release(plain), mtl_release(view), mtl_release(s), mtl_release(t);
}

/* 1D, 3D, 2D arrays and cube maps: reads, and samples hitting known texels. */
static void test_types(void) {
  mtl_id nearest = make_sampler(0, 0, 0, true, 0);
  mtl_id linear = make_sampler(1, 0, 0, true, 0);
  float out[8][4];
  /* 1D, 8 texels */
  float t1[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  mtl_id a = make_texture(MTL_TEXTURE_TYPE_1D, MTL_PIXEL_FORMAT_R32_FLOAT, 8, 1, 1, 1, 1, 1);
  REQUIRE(a);
  mtl_texture_replace_region(a, region2(8, 1), 0, 0, t1, 32, 0);
  struct query q1[3] = {{{3, 0}, {5}}, {{0.5f / 8, 0}, {0}}, {{3.0f / 8, 0}, {0}}};
  struct rec r = {mtl_texture_gpu_resource_id(a), mtl_sampler_gpu_resource_id(linear)};
  CHECK(run(p_sample1d, &r, sizeof r, q1, sizeof q1, out, 3 * 16, 0, &a, 1, 3) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], 4, 0, 0, 1, 0);
  CHECK4(out[1], 1, 0, 0, 1, 0);
  CHECK4(out[2], 3.5f, 0, 0, 1, 1e-6f); /* u = 2.5: texels 2 and 3 */
  /* 3D 4 x 4 x 4: value x + 4y + 16z */
  float t3[64];
  for (int i = 0; i < 64; i++)
    t3[i] = (float)i;
  mtl_id b = make_texture(MTL_TEXTURE_TYPE_3D, MTL_PIXEL_FORMAT_R32_FLOAT, 4, 4, 4, 1, 1, 1);
  REQUIRE(b);
  mtl_texture_replace_region(b, (mtl_region){{0, 0, 0}, {4, 4, 4}}, 0, 0, t3, 16, 64);
  struct query q3[3] = {
      {{1, 2, 3}, {5}}, {{0.5f / 4, 1.5f / 4, 2.5f / 4}, {0}}, {{0.5f, 0.5f, 0.5f}, {0}}};
  r = (struct rec){mtl_texture_gpu_resource_id(b), mtl_sampler_gpu_resource_id(linear)};
  CHECK(run(p_sample3d, &r, sizeof r, q3, sizeof q3, out, 3 * 16, 0, &b, 1, 3) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], 1 + 8 + 48, 0, 0, 1, 0);
  CHECK4(out[1], 0 + 4 + 32, 0, 0, 1, 0);
  /* centre: mean of texels (1..2, 1..2, 1..2) */
  CHECK4(out[2], (1.5f + 4 * 1.5f + 16 * 1.5f), 0, 0, 1, 1e-5f);
  /* 2D array of 3 slices 2 x 2: slice s all 100 s */
  mtl_id c = make_texture(MTL_TEXTURE_TYPE_2D_ARRAY, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 3, 1, 1);
  REQUIRE(c);
  CHECK(mtl_texture_array_length(c) == 3);
  for (int s = 0; s < 3; s++) {
    float v[4] = {100.0f * s, 100.0f * s, 100.0f * s, 100.0f * s};
    mtl_texture_replace_region(c, region2(2, 2), 0, (uint64_t)s, v, 8, 0);
  }
  struct query qa[4] = {{{0.3f, 0.3f, 0}, {0}},
                        {{0.3f, 0.3f, 1}, {0}},
                        {{0.3f, 0.3f, 2}, {0}},
                        {{0.3f, 0.3f, 9}, {0}}};
  r = (struct rec){mtl_texture_gpu_resource_id(c), mtl_sampler_gpu_resource_id(nearest)};
  CHECK(run(p_sample2da, &r, sizeof r, qa, sizeof qa, out, 4 * 16, 0, &c, 1, 4) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], 0, 0, 0, 1, 0);
  CHECK4(out[1], 100, 0, 0, 1, 0);
  CHECK4(out[2], 200, 0, 0, 1, 0);
  CHECK4(out[3], 200, 0, 0, 1, 0); /* array index clamped */
  /* cube 2 x 2: face f texel (x, y) = 10 f + x + 2 y */
  mtl_id d = make_texture(MTL_TEXTURE_TYPE_CUBE, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1);
  REQUIRE(d);
  for (int f = 0; f < 6; f++) {
    float v[4] = {10.0f * f, 10.0f * f + 1, 10.0f * f + 2, 10.0f * f + 3};
    mtl_texture_replace_region(d, region2(2, 2), 0, (uint64_t)f, v, 8, 0);
  }
  /* +X at (sc, tc) = (-z, -y): direction (1, -0.5, -0.5) -> s = 0.75, t = 0.75 -> texel (1,1) */
  struct query qc[6] = {{{1, -0.5f, -0.5f}, {0}}, {{-1, -0.5f, -0.5f}, {0}},
                        {{0.5f, 1, -0.5f}, {0}},  {{-0.5f, -1, -0.5f}, {0}},
                        {{-0.5f, 0.5f, 1}, {0}},  {{1, 0, 3}, {5}}};
  r = (struct rec){mtl_texture_gpu_resource_id(d), mtl_sampler_gpu_resource_id(nearest)};
  CHECK(run(p_samplecube, &r, sizeof r, qc, sizeof qc, out, 6 * 16, 0, &d, 1, 6) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], 3, 0, 0, 1, 0);      /* +X: s = (0.5/1 + 1)/2 = .75, t = .75 */
  CHECK4(out[1], 10 + 2, 0, 0, 1, 0); /* -X: sc = z = -0.5 -> s = .25, tc = -y -> t = .75 */
  CHECK4(out[2], 20 + 1, 0, 0, 1, 0); /* +Y: sc = x -> .75, tc = z = -0.5 -> .25 */
  CHECK4(out[3], 30 + 2, 0, 0, 1, 0); /* -Y: sc = x -> .25, tc = -z -> .75 */
  CHECK4(out[4], 40 + 0, 0, 0, 1, 0); /* +Z: sc = x -> .25, tc = -y -> .25 */
  CHECK4(out[5], 31, 0, 0, 1, 0);     /* read((1, 0), face 3) */
  /* an 8 x 8 texture read by a kernel with threadgroup memory, a barrier and simd_sum */
  float t8[64], big[64][4];
  for (int i = 0; i < 64; i++)
    t8[i] = (float)(i * i % 97);
  mtl_id e = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 8, 8, 1, 1, 1, 1);
  REQUIRE(e);
  mtl_texture_replace_region(e, region2(8, 8), 0, 0, t8, 32, 0);
  r = (struct rec){mtl_texture_gpu_resource_id(e), 0};
  CHECK(run(p_tgtex, &r, sizeof r, NULL, 0, big, sizeof big, 0, &e, 1, 64) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < 64; i++) {
    float sum = 0;
    for (int k = i / 32 * 32; k < i / 32 * 32 + 32; k++)
      sum += t8[k];
    CHECK4(big[i], t8[63 - i], sum, 0, 0, 0);
  }
  /* the same kernel with the texture not resident faults inside the fibers */
  CHECK(run(p_tgtex, &r, sizeof r, NULL, 0, big, sizeof big, 0, NULL, 0, 64) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "not resident"));
  mtl_release(e);
  /* seamless filtering: on +X near its top edge (t = 0.1 of 2 texels: v = -0.3), the row
   * above is +Y's: direction (1, 0.8, -0.5) -> +X, s = 0.75, t = 0.1; texel (1, -1) of +X has
   * centre direction (1, 1.5, -0.5) -> +Y texel (1, 0) = 21; texel (1, 0) of +X = 1 */
  struct query qs = {{1, 0.8f, -0.5f}, {0}};
  r = (struct rec){mtl_texture_gpu_resource_id(d), mtl_sampler_gpu_resource_id(linear)};
  CHECK(run(p_samplecube, &r, sizeof r, &qs, sizeof qs, out, 16, 0, &d, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  {
    float v = (-0.8f + 1.0f) * 0.5f * 2 - 0.5f, b = v - floorf(v);
    CHECK4(out[0], (1 - b) * 21 + b * 1, 0, 0, 1, 1e-5f);
  }
  mtl_release(a), mtl_release(b), mtl_release(c), mtl_release(d);
  mtl_release(nearest), mtl_release(linear);
}

/* Linear textures over a buffer share its bytes: a TextureBuffer and a 2D texture with a
 * row pitch; later writes through the buffer are seen; Metal's alignment rules. */
static void test_linear(void) {
  mtl_id buf = mtl_new_buffer(device, 4096, 0);
  REQUIRE(buf);
  float *p = mtl_buffer_contents(buf);
  for (int i = 0; i < 1024; i++)
    p[i] = (float)i;
  mtl_id desc = mtl_new_texture_descriptor();
  mtl_texture_descriptor_set_texture_type(desc, MTL_TEXTURE_TYPE_TEXTURE_BUFFER);
  mtl_texture_descriptor_set_pixel_format(desc, MTL_PIXEL_FORMAT_RGBA32_FLOAT);
  mtl_texture_descriptor_set_width(desc, 16);
  uint64_t align = mtl_device_min_texture_buffer_alignment(device, MTL_PIXEL_FORMAT_RGBA32_FLOAT);
  CHECK(align > 0 && align <= 256);
  mtl_id tb = mtl_buffer_new_texture(buf, desc, 256, 0);
  REQUIRE(tb);
  CHECK(mtl_buffer_new_texture(buf, desc, align + 4, 0) == NULL);  /* misaligned offset */
  CHECK(mtl_buffer_new_texture(buf, desc, 4096 - 128, 0) == NULL); /* past the end */
  float out[16][4];
  struct rec r = {mtl_texture_gpu_resource_id(tb), 0};
  CHECK(run(p_readbuf, &r, sizeof r, NULL, 0, out, sizeof out, 0, &tb, 1, 16) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  for (int i = 0; i < 16; i++)
    CHECK4(out[i], p[64 + 4 * i], p[65 + 4 * i], p[66 + 4 * i], p[67 + 4 * i], 0);
  p[64] = -7.0f; /* a write through the buffer: seen by the next dispatch */
  CHECK(run(p_readbuf, &r, sizeof r, NULL, 0, out, sizeof out, 0, &tb, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(out[0][0] == -7.0f);
  /* 2D R32Float 3 x 4 with 32-byte rows at offset 512: texel (x, y) = p[128 + 8y + x] */
  mtl_texture_descriptor_set_texture_type(desc, MTL_TEXTURE_TYPE_2D);
  mtl_texture_descriptor_set_pixel_format(desc, MTL_PIXEL_FORMAT_R32_FLOAT);
  mtl_texture_descriptor_set_width(desc, 3);
  mtl_texture_descriptor_set_height(desc, 4);
  CHECK(mtl_buffer_new_texture(buf, desc, 512, 20) == NULL); /* row pitch not aligned */
  mtl_id t2 = mtl_buffer_new_texture(buf, desc, 512, 32);
  REQUIRE(t2);
  mtl_id s = make_sampler(1, 0, 0, true, 0);
  struct query q[2] = {{{2, 3}, {5}}, {{0.5f, 0.5f}, {0}}};
  r = (struct rec){mtl_texture_gpu_resource_id(t2), mtl_sampler_gpu_resource_id(s)};
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, 2 * 16, 0, &t2, 1, 2) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], p[128 + 24 + 2], 0, 0, 1, 0);
  /* (0.5, 0.5) of 3 x 4: u = 1.0, v = 1.5 -> texel column 1, rows 1 and 2 half each */
  CHECK4(out[1], 0.5f * p[128 + 8 + 1] + 0.5f * p[128 + 16 + 1], 0, 0, 1, 1e-5f);
  mtl_release(s), mtl_release(t2), mtl_release(tb), mtl_release(desc), mtl_release(buf);
}

/* Blits: buffer -> texture (a sub-region), texture -> texture (another level), texture ->
 * buffer; a blit out of the texture's bounds fails the command buffer. */
static void test_blits(void) {
  mtl_id src = mtl_new_buffer(device, 1024, 0), dst = mtl_new_buffer(device, 1024, 0);
  REQUIRE(src && dst);
  uint16_t *s = mtl_buffer_contents(src);
  for (int i = 0; i < 512; i++)
    s[i] = (uint16_t)(i * 3);
  mtl_id a = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R16_UINT, 8, 8, 1, 1, 2, 1);
  mtl_id b = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R16_UINT, 4, 4, 1, 1, 1, 1);
  REQUIRE(a && b);
  void *pool = mtl_autorelease_push();
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_blit_encoder(cmd);
  /* 3 x 2 texels from the buffer (rows of 16 bytes, offset 4) into a at (2, 5) */
  mtl_blit_copy_buffer_to_texture(enc, src, 4, 16, 0, (mtl_size){3, 2, 1}, a, 0, 0,
                                  (mtl_origin){2, 5, 0});
  /* a's (2..4, 5..6) into b's level 0 at (1, 1) */
  mtl_blit_copy_texture_to_texture(enc, a, 0, 0, (mtl_origin){2, 5, 0}, (mtl_size){3, 2, 1}, b, 0,
                                   0, (mtl_origin){1, 1, 0});
  /* all of b into dst, rows of 8 bytes */
  mtl_blit_copy_texture_to_buffer(enc, b, 0, 0, (mtl_origin){0, 0, 0}, (mtl_size){4, 4, 1}, dst, 0,
                                  8, 32);
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  mtl_autorelease_pop(pool);
  const uint16_t *d = mtl_buffer_contents(dst);
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 4; x++) {
      uint16_t e = 0;
      if (x >= 1 && x < 4 && y >= 1 && y < 3) e = s[2 + (y - 1) * 8 + (x - 1)];
      if (d[y * 4 + x] != e) {
        fprintf(stderr, "blit texel (%d, %d): %u, expected %u\n", x, y, d[y * 4 + x], e);
        smtest_failures++;
      }
    }
  uint16_t back[8 * 8];
  mtl_texture_get_bytes(a, back, 16, 0, region2(8, 8), 0, 0);
  CHECK(back[5 * 8 + 2] == s[2] && back[6 * 8 + 4] == s[2 + 8 + 2]);
  /* out of bounds: level 1 of a is 4 x 4 */
  pool = mtl_autorelease_push();
  cmd = mtl_queue_command_buffer(queue);
  enc = mtl_command_buffer_blit_encoder(cmd);
  mtl_blit_copy_buffer_to_texture(enc, src, 0, 16, 0, (mtl_size){8, 1, 1}, a, 0, 1,
                                  (mtl_origin){0, 0, 0});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  mtl_autorelease_pop(pool);
  mtl_release(a), mtl_release(b), mtl_release(src), mtl_release(dst);
}

/* A constexpr sampler (repeat, linear) against the bilinear formula. */
static void test_constexpr_sampler(void) {
  float texels[2][2] = {{1, 2}, {3, 5}};
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1);
  REQUIRE(t);
  mtl_texture_replace_region(t, region2(2, 2), 0, 0, texels, 8, 0);
  struct query q[2] = {{{0.5f, 0.5f}, {0}}, {{1.0f, 0.0f}, {0}}};
  float out[2][4];
  struct rec r = {mtl_texture_gpu_resource_id(t), 0};
  CHECK(run(p_const, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, 2) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out[0], (1 + 2 + 3 + 5) / 4.0f, 0, 0, 1, 1e-6f);
  /* (1, 0): u = 1.5, v = -0.5 -> x 1 and 0 (repeat), y -1 -> 1 and 0: all four, equal weights */
  CHECK4(out[1], (1 + 2 + 3 + 5) / 4.0f, 0, 0, 1, 1e-6f);
  mtl_release(t);
}

/* Misuse: a texture not made resident, a sampler ID without supportArgumentBuffers (0),
 * a released texture's ID: each fails the command buffer with a page-fault error saying
 * why; the device stays usable. Refused descriptors give nil. */
static void test_misuse(void) {
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1);
  mtl_id other = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1);
  REQUIRE(t && other);
  mtl_id s = make_sampler(0, 0, 0, true, 0);
  struct query q = {{0.5f, 0.5f}, {0}};
  float out[4];
  struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(s)};
  /* `other` is resident, t is not */
  CHECK(run(p_sample2d, &r, sizeof r, &q, sizeof q, out, sizeof out, 0, &other, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "not resident"));
  CHECK(smtest_contains(last_error, "PageFault"));
  /* a sampler made without supportArgumentBuffers: its gpuResourceID is 0 */
  mtl_id d = mtl_new_sampler_descriptor();
  mtl_id plain = mtl_new_sampler_state(device, d);
  REQUIRE(plain);
  CHECK(mtl_sampler_gpu_resource_id(plain) == 0);
  r.sampler = mtl_sampler_gpu_resource_id(plain);
  CHECK(run(p_sample2d, &r, sizeof r, &q, sizeof q, out, sizeof out, 0, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "names no live sampler"));
  /* a texture ID used as a sampler */
  r.sampler = mtl_texture_gpu_resource_id(other);
  CHECK(run(p_sample2d, &r, sizeof r, &q, sizeof q, out, sizeof out, 0, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "texture's ID"));
  /* a released texture's ID */
  uint64_t stale = mtl_texture_gpu_resource_id(other);
  mtl_release(other);
  r = (struct rec){stale, mtl_sampler_gpu_resource_id(s)};
  CHECK(run(p_sample2d, &r, sizeof r, &q, sizeof q, out, sizeof out, 0, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "names no live texture"));
  /* a texture released by its owner while a committed dispatch that uses it waits: the
   * command buffer keeps it alive, as Metal's does */
  {
    mtl_id late = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1);
    REQUIRE(late);
    float lv[4] = {9, 9, 9, 9};
    mtl_texture_replace_region(late, region2(2, 2), 0, 0, lv, 8, 0);
    void *lp = mtl_autorelease_push();
    mtl_id ev = mtl_new_shared_event(device);
    mtl_id rb = mtl_new_buffer(device, 256, 0), qb = mtl_new_buffer(device, 64, 0),
           ob = mtl_new_buffer(device, 64, 0);
    struct rec lr = {mtl_texture_gpu_resource_id(late), mtl_sampler_gpu_resource_id(s)};
    memcpy(mtl_buffer_contents(rb), &lr, sizeof lr);
    memcpy(mtl_buffer_contents(qb), &q, sizeof q);
    mtl_id cmd = mtl_queue_command_buffer(queue);
    mtl_command_buffer_encode_wait_for_event(cmd, ev, 1); /* holds the dispatch back */
    mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
    mtl_compute_set_pipeline_state(enc, p_sample2d);
    mtl_compute_set_buffer(enc, rb, 0, 0);
    mtl_compute_set_buffer(enc, qb, 0, 1);
    mtl_compute_set_buffer(enc, ob, 0, 2);
    mtl_compute_use_resource(enc, late, MTL_RESOURCE_USAGE_READ);
    mtl_compute_dispatch_threadgroups(enc, (mtl_size){1, 1, 1}, (mtl_size){1, 1, 1});
    mtl_encoder_end_encoding(enc);
    mtl_command_buffer_commit(cmd);
    mtl_release(late); /* the owner lets go before the dispatch runs */
    mtl_shared_event_set_signaled_value(ev, 1);
    mtl_command_buffer_wait_until_completed(cmd);
    CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
    CHECK(((float *)mtl_buffer_contents(ob))[0] == 9.0f);
    mtl_release(rb), mtl_release(qb), mtl_release(ob), mtl_release(ev);
    mtl_autorelease_pop(lp);
  }
  /* and the device still works */
  r.texture = mtl_texture_gpu_resource_id(t);
  CHECK(run(p_sample2d, &r, sizeof r, &q, sizeof q, out, sizeof out, 0, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  /* pixel coordinates with repeat (undefined in Metal) fail; with clamp_to_zero they work */
  mtl_id px = make_sampler(0, 0, MTL_SAMPLER_ADDRESS_MODE_REPEAT, false, 0);
  struct query pq = {{5.5f, 0.5f}, {0}};
  r = (struct rec){mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(px)};
  CHECK(run(p_sample2d, &r, sizeof r, &pq, sizeof pq, out, sizeof out, 0, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "pixel coordinates"));
  CHECK(smtest_contains(last_error, "other than clampToEdge/clampToZero"));
  mtl_id pz = make_sampler(0, 0, MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_ZERO, false, 0);
  r.sampler = mtl_sampler_gpu_resource_id(pz);
  CHECK(run(p_sample2d, &r, sizeof r, &pq, sizeof pq, out, sizeof out, 0, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4(out, 0, 0, 0, 1, 0); /* outside, R32Float has no alpha: (0, 0, 0, 1) */
  mtl_release(px), mtl_release(pz);
  /* writing a texture without ShaderWrite usage (t has ShaderRead only) fails */

  float v4[4] = {1, 2, 3, 4};
  uint32_t w2 = 2;
  CHECK(run(p_write2d, &r, sizeof r, v4, sizeof v4, out, sizeof out, w2, &t, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "MTLTextureUsageShaderWrite"));
  CHECK(mtl_device_argument_buffers_support(device) == 1);
  /* a 2D array texture through a texture2d handle: the types must agree */
  mtl_id arr =
      make_texture(MTL_TEXTURE_TYPE_2D_ARRAY, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 2, 1, 1);
  REQUIRE(arr);
  r = (struct rec){mtl_texture_gpu_resource_id(arr), mtl_sampler_gpu_resource_id(s)};
  CHECK(run(p_sample2d, &r, sizeof r, &q, sizeof q, out, sizeof out, 0, &arr, 1, 1) ==
        MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(last_error, "type 2DArray as texture2d"));
  mtl_release(arr);
  /* descriptor defaults and properties (Metal's) */
  mtl_id td = mtl_new_texture_descriptor();
  CHECK(mtl_texture_descriptor_texture_type(td) == MTL_TEXTURE_TYPE_2D);
  CHECK(mtl_texture_descriptor_pixel_format(td) == MTL_PIXEL_FORMAT_RGBA8_UNORM);
  CHECK(mtl_texture_descriptor_width(td) == 1 && mtl_texture_descriptor_height(td) == 1 &&
        mtl_texture_descriptor_depth(td) == 1 && mtl_texture_descriptor_array_length(td) == 1 &&
        mtl_texture_descriptor_mipmap_level_count(td) == 1);
  CHECK(mtl_texture_descriptor_usage(td) == MTL_TEXTURE_USAGE_SHADER_READ);
  CHECK(mtl_texture_descriptor_storage_mode(td) == MTL_STORAGE_MODE_SHARED);
  mtl_release(td);
  void *dp = mtl_autorelease_push();
  mtl_id d2 = mtl_texture_descriptor_2d(MTL_PIXEL_FORMAT_R16_FLOAT, 100, 37, true);
  CHECK(mtl_texture_descriptor_mipmap_level_count(d2) == 7); /* floor(log2(100)) + 1 */
  mtl_id mt = mtl_new_texture(device, d2);
  REQUIRE(mt);
  CHECK(mtl_texture_width(mt) == 100 && mtl_texture_height(mt) == 37 &&
        mtl_texture_mipmap_level_count(mt) == 7 && mtl_texture_texture_type(mt) == 2);
  mtl_release(mt);
  mtl_autorelease_pop(dp);
  /* descriptors Metal refuses */
  CHECK(make_texture(MTL_TEXTURE_TYPE_2D, 9999, 2, 2, 1, 1, 1, 1) == NULL);
  CHECK(make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 3, 1) == NULL);
  CHECK(make_texture(MTL_TEXTURE_TYPE_CUBE, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 3, 1, 1, 1, 1) == NULL);
  CHECK(make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 16385, 1, 1, 1, 1, 1) ==
        NULL);
  /* sample() on a texture declared access::read: a compile error */
  char *err = smtest_compile_error(
      device, "#include <metal_stdlib>\nusing namespace metal;\n"
              "struct r { texture2d<float, access::read> t; sampler s; };\n"
              "kernel void k(device const r &x [[buffer(0)]], device float4 *o [[buffer(1)]]) {\n"
              "  texture2d<float, access::read> t = x.t;\n"
              "  o[0] = t.sample(sampler(x.s), float2(0.5f));\n}\n");
  CHECK(smtest_contains(err, "does not allow sample"));
  free(err);
  /* a texture kernel parameter ([[texture(n)]], setTexture:atIndex:) is not implemented: a
   * compile error naming the attribute, never a silent miscompile */
  err = smtest_compile_error(
      device, "#include <metal_stdlib>\nusing namespace metal;\n"
              "kernel void k(texture2d<float> t [[texture(0)]], device float4 *o [[buffer(1)]]) {\n"
              "  o[0] = t.read(uint2(0));\n}\n");
  CHECK(smtest_contains(err, "unsupported kernel parameter attribute 'texture'"));
  free(err);
  mtl_release(d), mtl_release(plain), mtl_release(s), mtl_release(t);
}

/* Many groups on every worker: a 256 x 256 RGBA16Float texture sampled bilinearly with
 * mirrored repeat by 16384 threads, against the formula. */
static void test_many_groups(void) {
  enum { W = 256, H = 256, N = 16384 };
  static _Float16 texels[H][W][4];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      for (int c = 0; c < 4; c++)
        texels[y][x][c] = (_Float16)(float)((x * 7 + y * 13 + c * 31) % 251) / 8;
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_RGBA16_FLOAT, W, H, 1, 1, 1, 1);
  REQUIRE(t);
  mtl_texture_replace_region(t, region2(W, H), 0, 0, texels, W * 8, 0);
  mtl_id s = make_sampler(1, 0, MTL_SAMPLER_ADDRESS_MODE_MIRROR_REPEAT, true, 0);
  static struct query q[N];
  static float out[N][4];
  for (int i = 0; i < N; i++)
    q[i] = (struct query){{-1.0f + 3.0f * (float)(i % 128) / 128.0f + 0.0021f,
                           -0.5f + 2.0f * (float)(i / 128) / 128.0f + 0.0037f},
                          {0}};
  struct rec r = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(s)};
  CHECK(run(p_sample2d, &r, sizeof r, q, sizeof q, out, sizeof out, 0, &t, 1, N) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    float u = q[i].c[0] * W - 0.5f, v = q[i].c[1] * H - 0.5f;
    int i0 = (int)floorf(u), j0 = (int)floorf(v);
    float a = u - floorf(u), b = v - floorf(v);
    for (int c = 0; c < 4; c++) {
#define T(x, y) ((float)texels[address(y, H, 3)][address(x, W, 3)][c])
      float e = (1 - a) * (1 - b) * T(i0, j0) + a * (1 - b) * T(i0 + 1, j0) +
                (1 - a) * b * T(i0, j0 + 1) + a * b * T(i0 + 1, j0 + 1);
#undef T
      if (!near(out[i][c], e, 1e-4f) && bad++ < 5)
        fprintf(stderr, "thread %d channel %d: %g, expected %g\n", i, c, out[i][c], e);
    }
  }
  CHECK(bad == 0);
  mtl_release(s), mtl_release(t);
}

/* The record of docs/textures.md at an address in a buffer made resident with useResource
 * (never bound), its handle passed as a 64-bit value: as libanchor's texture objects. */
static void test_record_by_address(void) {
  float texels[4] = {1, 2, 3, 4};
  mtl_id t = make_texture(MTL_TEXTURE_TYPE_2D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, 1);
  REQUIRE(t);
  mtl_texture_replace_region(t, region2(2, 2), 0, 0, texels, 8, 0);
  mtl_id s = make_sampler(1, 0, 0, true, 0);
  void *pool = mtl_autorelease_push();
  mtl_id arena = mtl_new_buffer(device, 4096, 0), qb = mtl_new_buffer(device, 64, 0),
         ob = mtl_new_buffer(device, 64, 0);
  REQUIRE(arena && qb && ob);
  struct {
    uint64_t texture, sampler;
    uint32_t kind, format, flags, bytes;
  } rec = {mtl_texture_gpu_resource_id(t), mtl_sampler_gpu_resource_id(s), 2, 0, 0, 4};
  memcpy((char *)mtl_buffer_contents(arena) + 1024, &rec, sizeof rec);
  uint64_t handle = mtl_buffer_gpu_address(arena) + 1024;
  struct query q = {{0.5f, 0.5f}, {0}};
  memcpy(mtl_buffer_contents(qb), &q, sizeof q);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, p_byaddress);
  mtl_compute_set_bytes(enc, &handle, sizeof handle, 3);
  mtl_compute_set_buffer(enc, qb, 0, 1);
  mtl_compute_set_buffer(enc, ob, 0, 2);
  mtl_compute_use_resource(enc, arena, MTL_RESOURCE_USAGE_READ);
  mtl_compute_use_resource(enc, t, MTL_RESOURCE_USAGE_READ);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){1, 1, 1}, (mtl_size){1, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK4((float *)mtl_buffer_contents(ob), 2.5f, 0, 0, 1, 0); /* the mean of the four */
  mtl_release(arena), mtl_release(qb), mtl_release(ob);
  mtl_autorelease_pop(pool);
  mtl_release(s), mtl_release(t);
}

/* A 1D array (2 slices of 4), a cube array (2 cubes of 2 x 2) and a read_write 3D texture
 * through one record. */
static void test_more_types(void) {
  mtl_id a = make_texture(MTL_TEXTURE_TYPE_1D_ARRAY, MTL_PIXEL_FORMAT_R32_FLOAT, 4, 1, 1, 2, 1, 1);
  mtl_id c =
      make_texture(MTL_TEXTURE_TYPE_CUBE_ARRAY, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 1, 2, 1, 1);
  mtl_id v = make_texture(MTL_TEXTURE_TYPE_3D, MTL_PIXEL_FORMAT_R32_FLOAT, 2, 2, 2, 1, 1,
                          MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_SHADER_WRITE);
  REQUIRE(a && c && v);
  CHECK(mtl_texture_array_length(c) == 2);
  for (int sl = 0; sl < 2; sl++) {
    float row[4] = {10.0f * sl, 10.0f * sl + 1, 10.0f * sl + 2, 10.0f * sl + 3};
    mtl_texture_replace_region(a, region2(4, 1), 0, (uint64_t)sl, row, 16, 0);
  }
  for (int sl = 0; sl < 12; sl++) { /* cube k face f is slice 6k + f */
    float f[4] = {100.0f * sl, 100.0f * sl + 1, 100.0f * sl + 2, 100.0f * sl + 3};
    mtl_texture_replace_region(c, region2(2, 2), 0, (uint64_t)sl, f, 8, 0);
  }
  mtl_id s = make_sampler(1, 0, 0, true, 0);
  struct {
    uint64_t a, c, v, s;
  } r = {mtl_texture_gpu_resource_id(a), mtl_texture_gpu_resource_id(c),
         mtl_texture_gpu_resource_id(v), mtl_sampler_gpu_resource_id(s)};
  mtl_id res[3] = {a, c, v};
  float out[6][4];
  CHECK(run(p_misc, &r, sizeof r, NULL, 0, out, sizeof out, 0, res, 3, 6) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  /* 0.8 of 4 texels, linear: u = 2.7 -> texels 2 and 3 of slice 1, weights 0.3, 0.7 */
  CHECK4(out[0], 0.3f * 12 + 0.7f * 13, 0, 0, 1, 1e-5f);
  CHECK4(out[1], 1, 0, 0, 1, 0);
  /* -Z of cube 1 (slice 11) at its centre: the mean of its four texels */
  CHECK4(out[2], 1100 + 1.5f, 0, 0, 1, 1e-4f);
  CHECK4(out[3], 100.0f * 10 + 3, 0, 0, 1, 0); /* read((1, 1), face 4, cube 1) */
  CHECK4(out[4], 2, 2, 2, 4, 0);
  CHECK4(out[5], 7, 0, 0, 1, 0);
  float back[8];
  mtl_texture_get_bytes(v, back, 8, 16, (mtl_region){{0, 0, 0}, {2, 2, 2}}, 0, 0);
  CHECK(back[4 + 1] == 7.0f && back[0] == 0.0f);
  mtl_release(s), mtl_release(a), mtl_release(c), mtl_release(v);
}

int main(void) {
  device = mtl_create_system_default_device();
  REQUIRE(device);
  queue = mtl_new_command_queue(device);
  p_sample2d = smtest_pipeline(device, msl, "sample2d");
  p_sample2di = smtest_pipeline(device, msl, "sample2di");
  p_write2d = smtest_pipeline(device, msl, "write2d");
  p_write2di = smtest_pipeline(device, msl, "write2di");
  p_sample1d = smtest_pipeline(device, msl, "sample1d");
  p_sample3d = smtest_pipeline(device, msl, "sample3d");
  p_sample2da = smtest_pipeline(device, msl, "sample2da");
  p_samplecube = smtest_pipeline(device, msl, "samplecube");
  p_readbuf = smtest_pipeline(device, msl, "readbuf");
  p_const = smtest_pipeline(device, msl, "constsampler");
  p_direct = smtest_pipeline(device, msl, "direct");
  p_tgtex = smtest_pipeline(device, msl, "tgtex");
  p_byaddress = smtest_pipeline(device, msl, "byaddress");
  p_misc = smtest_pipeline(device, msl, "misc");
  test_unorm_nearest_linear();
  test_address_modes();
  test_mipmaps();
  test_gather();
  test_formats_write();
  test_views();
  test_types();
  test_linear();
  test_blits();
  test_constexpr_sampler();
  test_many_groups();
  test_more_types();
  test_record_by_address();
  test_misuse();
  return smtest_finish("test_texture");
}
