// Every texture and surface shape and operation (issue 15; compiler/texture.c): the MSL
// reads the record through the handle, copies its texture (and sampler) out and calls
// sample (at a level, with gradients), read, gather or write with the shape's coordinates;
// one record struct per shape, class and access used. The module passes softmetal's
// strict compile.
__global__ void textures(cudaTextureObject_t t, float4 *f, int4 *i, uint2 *u) {
  int k = threadIdx.x;
  float x = k + 0.5f;
  f[0] = tex1D<float4>(t, x);
  f[1] = tex2D<float4>(t, x, 0.5f);
  f[2] = tex3D<float4>(t, x, 0.5f, 1.5f);
  f[3] = tex1DLayered<float4>(t, x, 2);
  f[4] = tex2DLayered<float4>(t, x, 0.5f, 2);
  f[5] = texCubemap<float4>(t, 1.0f, x, 0.5f);
  f[6] = texCubemapLayered<float4>(t, 1.0f, x, 0.5f, 1);
  f[7] = tex3DLod<float4>(t, x, 0.5f, 1.5f, 2.0f);
  f[8] = tex2DGrad<float4>(t, x, 0.5f, make_float2(1, 0), make_float2(0, 1));
  f[9] = tex3DGrad<float4>(t, x, 0.5f, 0.5f, make_float4(1, 0, 0, 0), make_float4(0, 1, 0, 0));
  f[10] = texCubemapGrad<float4>(t, 1.0f, x, 0.5f, make_float4(1, 0, 0, 0), make_float4(0, 1, 0, 0));
  f[11] = tex2Dgather<float4>(t, x, 0.5f, k & 3);
  i[0] = tex2DLod<int4>(t, x, 0.5f, 1.0f);
  u[0] = tex1Dfetch<uint2>(t, k);
}

__global__ void surfaces(cudaSurfaceObject_t s, float *f) {
  int k = threadIdx.x;
  surf1Dwrite(surf1Dread<float>(s, k * 4), s, k * 4);
  surf2Dwrite(surf2Dread<short2>(s, k * 4, 1, cudaBoundaryModeClamp), s, k * 4, 1);
  surf3Dwrite(surf3Dread<uchar4>(s, k * 4, 1, 2, cudaBoundaryModeZero), s, k * 4, 1, 2);
  surf1DLayeredwrite(surf1DLayeredread<int>(s, k * 4, 1), s, k * 4, 1);
  surf2DLayeredwrite(surf2DLayeredread<float4>(s, k * 16, 1, 2), s, k * 16, 1, 2);
  surfCubemapwrite(surfCubemapread<int2>(s, k * 8, 1, 3), s, k * 8, 1, 3);
  surfCubemapLayeredwrite(surfCubemapLayeredread<ushort>(s, k * 2, 1, 9), s, k * 2, 1, 9);
  f[k] = 0.0f;
}
// CHECK: struct anchor_tex_1d_f {
// CHECK-NEXT:   texture1d<float> t;
// CHECK-NEXT:   sampler s;
// CHECK-NEXT:   uint kind, format, flags, texel_bytes;
// CHECK: struct anchor_surf_w_cubea_i {
// CHECK-NEXT:   texturecube_array<int, access::write> t;
// CHECK: struct anchor_tex_buf_u {
// CHECK-NEXT:   texture_buffer<uint> t;
// CHECK-NEXT:   ulong s;
// CHECK-LABEL: kernel void _Z8textures
// CHECK: texture1d<float> anchor_t = anchor_r.t; sampler anchor_s = anchor_r.s; uint4 anchor_v = as_type<uint4>(anchor_t.sample(anchor_s, v{{[0-9]+}}));
// CHECK: anchor_t.sample(anchor_s, float2(v{{[0-9]+}}, 0.5f), level(
// CHECK: anchor_t.sample(anchor_s, float3(v{{[0-9]+}}, 0.5f, 1.5f), level(
// CHECK: anchor_t.sample(anchor_s, v{{[0-9]+}}, uint(v{{[0-9]+}}))
// CHECK: anchor_t.sample(anchor_s, float2(v{{[0-9]+}}, 0.5f), uint(v{{[0-9]+}}), level(
// CHECK: anchor_t.sample(anchor_s, float3(1.0f, v{{[0-9]+}}, 0.5f), level(
// CHECK: anchor_t.sample(anchor_s, float3(1.0f, v{{[0-9]+}}, 0.5f), uint(v{{[0-9]+}}), level(
// CHECK: gradient2d(float2(1.0f, 0.0f) * exp2(anchor_r.lod_bias), float2(0.0f, 1.0f) * exp2(anchor_r.lod_bias))
// CHECK: gradient3d(float3(1.0f, 0.0f, 0.0f) * exp2(anchor_r.lod_bias), float3(0.0f, 1.0f, 0.0f) * exp2(anchor_r.lod_bias))
// CHECK: gradientcube(float3(1.0f, 0.0f, 0.0f) * exp2(anchor_r.lod_bias), float3(0.0f, 1.0f, 0.0f) * exp2(anchor_r.lod_bias))
// CHECK: anchor_t.gather(anchor_s, float2(v{{[0-9]+}}, 0.5f), int2(0), component::x)
// CHECK: texture2d<int> anchor_t = anchor_r.t;
// CHECK: texture_buffer<uint> anchor_t = anchor_r.t; uint4 anchor_v = as_type<uint4>(anchor_t.read(uint(v{{[0-9]+}})));
// CHECK-LABEL: kernel void _Z8surfaces
// CHECK: texture1d<float, access::read> anchor_t = anchor_r.t; uint4 anchor_v = anchor_surf_pack(anchor_surf_float_bits(anchor_t.read(uint(v{{[0-9]+}})), anchor_r.format & 0xFFu), anchor_r.format & 0xFFu);
// CHECK: texture1d<float, access::write> anchor_t = anchor_r.t; anchor_t.write(anchor_surf_bits_float(uint4(
// CHECK: texturecube<int, access::read> anchor_t = anchor_r.t; uint4 anchor_v = anchor_surf_pack(as_type<uint4>(anchor_t.read(uint2(v{{[0-9]+}}, 1u), uint(3u))), anchor_r.format & 0xFFu);
// CHECK: texturecube_array<uint, access::write> anchor_t = anchor_r.t; anchor_t.write(anchor_surf_unpack(uint4(v{{[0-9]+}}, 0u, 0u, 0u), anchor_r.format & 0xFFu), uint2(v{{[0-9]+}}, 1u), uint(3u), uint(1u));

// The sparse forms (isResident: always true, no sparse textures) compile to the plain ones.
__global__ void resident(cudaTextureObject_t t, float *f, bool *r) {
  f[0] = tex2D<float>(t, 0.5f, 0.5f, &r[0]);
  tex2DLod(&f[1], t, 0.5f, 0.5f, 1.0f, &r[1]);
  f[2] = tex2Dgather<float4>(t, 0.5f, 0.5f, &r[2], 1).x;
}
// CHECK-LABEL: kernel void _Z8resident
// CHECK: *reinterpret_cast<device uchar*>(v{{[0-9]+}} + anchor_ctx[0]) = (uchar)1;
