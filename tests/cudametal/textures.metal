// textures.metal — every texture form cudametal's prelude (cudametal/msl/metal_stdlib)
// provides, in hand-written MSL, for cudametal.nvrtc_textures (translator + NVRTC, no GPU):
// each texture type and access, sample with level/bias/gradients/min_lod_clamp and offsets,
// gather, read, write, the get_* queries, handles read from device memory (argument-buffer
// records) and copied, samplers in records.
#include <metal_stdlib>
using namespace metal;

// cudametal's layout promises (not MSL: compiler built-ins NVRTC has): a texture or sampler
// is its 8-byte ID, trivially copied, so records have Metal's argument-buffer layout; the
// prelude's explicit vector conversions (float4(int4)) are not implicit ones.
static_assert(sizeof(texture2d<float>) == 8 && sizeof(sampler) == 8 &&
                  sizeof(texturecube_array<half, access::read>) == 8 && alignof(sampler) == 8,
              "8-byte handles");
static_assert(__is_trivially_copyable(texture2d<float>) && __is_trivially_copyable(sampler) &&
                  __is_trivially_copyable(float4),
              "trivially copyable");
static_assert(!__is_convertible_to(int4, float4), "no implicit conversion between vector types");

struct rec2d {
  texture2d<float> t;
  sampler s;
  uint kind;
};
struct recs {
  texture1d<float> t1;
  texture1d_array<uint> t1a;
  texture2d_array<int> t2a;
  texture3d<float> t3;
  texturecube<float> tc;
  texturecube_array<half> tca;
  texture_buffer<uint> tb;
  texture2d<float, access::read> tr;
  texture2d<uint, access::write> tw;
  texture2d<float, access::read_write> trw;
  texture3d<int, access::write> t3w;
  texture1d<short, access::read_write> t1rw;
  texture_buffer<int, access::write> tbw;
  texture2d_array<float, access::write> t2aw;
  texturecube<uint, access::read_write> tcrw;
  texture1d_array<ushort, access::read> t1ar;
  sampler s;
};

kernel void sample_all(device const rec2d *r [[buffer(0)]], device const recs *q [[buffer(1)]],
                       device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  texture2d<float> t = r[i].t;
  sampler s = r[i].s;
  float2 c = float2(0.25f, 0.75f);
  float4 a = t.sample(s, c);
  a += t.sample(s, c, int2(1, -1));
  a += t.sample(s, c, level(1.5f));
  a += t.sample(s, c, bias(0.5f));
  a += t.sample(s, c, min_lod_clamp(1.0f));
  a += t.sample(s, c, gradient2d(float2(0.1f, 0.0f), float2(0.0f, 0.2f)));
  a += t.sample(s, c, level(0.0f), int2(2, 0));
  a += t.gather(s, c);
  a += t.gather(s, c, int2(0), component::w);
  a += r[i].t.sample(r[i].s, c);  // through the record in device memory
  a += t.read(uint2(1, 2)) + t.read(uint2(1, 2), 1) + t.read(ushort2(1, 2));
  a += float4((float)t.get_width(), (float)t.get_height(1), (float)t.get_num_mip_levels(), 0.0f);
  a += q->t1.sample(q->s, 0.5f) + q->t1.read(3u) + float4((float)q->t1.get_width());
  a += float4(q->t1a.sample(q->s, 0.5f, 2u)) + float4(q->t1a.read(3u, 1u)) + float4((float)q->t1a.get_array_size());
  a += float4(q->t2a.sample(q->s, c, 1u)) + float4(q->t2a.sample(q->s, c, 1u, level(2.0f)));
  a += float4(q->t2a.sample(q->s, c, 1u, gradient2d(float2(0.1f), float2(0.1f))));
  a += float4(q->t2a.gather(q->s, c, 1u, int2(0), component::y)) + float4(q->t2a.read(uint2(0, 1), 1u, 0u));
  a += float4((float)q->t2a.get_width(), (float)q->t2a.get_height(), (float)q->t2a.get_array_size(), 0.0f);
  float3 d = float3(0.2f, -0.9f, 0.3f);
  a += q->t3.sample(q->s, d) + q->t3.sample(q->s, d, level(1.0f)) + q->t3.sample(q->s, d, int3(1, 0, 0));
  a += q->t3.sample(q->s, d, gradient3d(float3(0.1f), float3(0.2f))) + q->t3.read(uint3(1, 2, 3), 0u);
  a += float4((float)q->t3.get_depth(1));
  a += q->tc.sample(q->s, d) + q->tc.sample(q->s, d, level(1.0f)) + q->tc.gather(q->s, d, component::z);
  a += q->tc.sample(q->s, d, gradientcube(float3(0.1f), float3(0.2f))) + q->tc.read(uint2(1, 1), 3u);
  a += float4(q->tca.sample(q->s, d, 1u)) + float4(q->tca.sample(q->s, d, 1u, level(0.5f)));
  a += float4(q->tca.read(uint2(0, 0), 2u, 1u)) + float4((float)q->tca.get_array_size());
  a += float4(q->tb.read(7u)) + float4((float)q->tb.get_width());
  a += q->tr.read(uint2(3, 4));
  q->tw.write(uint4(1, 2, 3, 4), uint2(i, 0));
  q->trw.write(q->trw.read(uint2(i, 1)) * 2.0f, uint2(i, 1));
  q->t3w.write(int4(-1), uint3(i, 0, 0));
  q->t1rw.write(q->t1rw.read(i) + short4(1), i);
  q->tbw.write(int4(5), i);
  q->t2aw.write(float4(0.5f), uint2(i, 0), 1u);
  q->tcrw.write(q->tcrw.read(uint2(0, 0), 4u), uint2(1, 0), 4u);
  a += float4(q->t1ar.read(i, 0u));
  out[i] = a;
}

// constexpr samplers are not emitted by Anchor; a sampler is always a handle.
kernel void copy_handles(device rec2d *dst [[buffer(0)]], device const rec2d *src [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
  rec2d r = src[i];
  dst[i] = r;
}

// constexpr samplers (state in the ID), fence() on a read_write texture
kernel void constexpr_sampler(device const rec2d *r [[buffer(0)]], device const recs *q [[buffer(1)]],
                              device float4 *out [[buffer(2)]], uint i [[thread_position_in_grid]]) {
  constexpr sampler s(coord::normalized, address::repeat, filter::linear);
  constexpr sampler p(coord::pixel, s_address::clamp_to_zero, t_address::clamp_to_edge,
                      min_filter::nearest, mag_filter::linear, mip_filter::none,
                      border_color::opaque_white, r_address::mirrored_repeat);
  sampler copy = sampler(r[i].s);
  out[i] = r[i].t.sample(s, float2(0.5f)) + r[i].t.sample(p, float2(1.0f, 2.0f)) +
           r[i].t.sample(copy, float2(0.25f));
  q->trw.fence();
}
