// tex_shapes.cu — end-to-end test of every texture shape and fetch function on texture
// objects (issue 15), point sampling (exact): tex1D, tex3D, tex1DLayered, tex2DLayered,
// texCubemap, texCubemapLayered over CUDA arrays; tex1Dfetch over linear memory (int,
// float, uchar4 read as normalized floats; 0 outside [0, size), as CUDA returns); tex2D
// over pitched memory; tex2DLod on a mipmapped array; tex2Dgather; integer element reads
// (int2 of a signed texture, uint of an unsigned one read as int: the bits); a call of the
// wrong shape runs (CUDA: undefined; Anchor: zeros, printed). Texel values are distinct, so a wrong
// texel, face or layer shows. Prints PASS, or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s\n", #call, cudaGetErrorString(e_));                                     \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static void expect(const char *what, int k, float got, float want) {
  if (got == want) return;
  if (failures++ < 12) printf("%s [%d]: got %g, want %g\n", what, k, got, want);
}

static float value(int x, int y, int z) { return (float)(x + 16 * y + 256 * z) + 0.25f; }

enum { N = 64 };

__global__ void k1d(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex1D<float>(t, i * 0.25f - 1.0f); // unnormalized, clamp
}
__global__ void k3d(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex3D<float>(t, (i % 4) + 0.5f, (i / 4 % 3) + 0.5f, (i / 12 % 5) + 0.5f);
}
__global__ void k1dlayered(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex1DLayered<float>(t, (i % 8) + 0.5f, i / 8);
}
__global__ void k2dlayered(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex2DLayered<float>(t, (i % 4) + 0.5f, (i / 4 % 4) + 0.5f, i / 16);
}
__global__ void kcube(cudaTextureObject_t t, const float4 *dir, float *out, int layered) {
  int i = threadIdx.x;
  float4 d = dir[i];
  out[i] = layered ? texCubemapLayered<float>(t, d.x, d.y, d.z, (int)d.w)
                   : texCubemap<float>(t, d.x, d.y, d.z);
}
__global__ void kfetch(cudaTextureObject_t ti, cudaTextureObject_t tf, cudaTextureObject_t tc,
                       float *out) {
  int i = threadIdx.x - 4; // -4 .. 59: before and after the 40 elements
  float4 c = tex1Dfetch<float4>(tc, i);
  out[threadIdx.x] = (float)tex1Dfetch<int>(ti, i) + tex1Dfetch<float>(tf, i) + c.x + c.w * 1000.0f;
}
__global__ void kpitch(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex2D<float>(t, (i % 8) + 0.5f, (i / 8) + 0.5f);
}
__global__ void klod(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  // level 1 is 4x4 texels: normalized coordinates at its texel centres
  out[i] = tex2DLod<float>(t, ((i % 4) + 0.5f) / 4.0f, ((i / 4 % 4) + 0.5f) / 4.0f, 1.0f);
}
__global__ void kgather(cudaTextureObject_t t, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2Dgather<float4>(t, (i % 4) + 1.0f, (i / 4 % 4) + 1.0f, 0);
}
__global__ void kint(cudaTextureObject_t ts, cudaTextureObject_t tu, int *out) {
  int i = threadIdx.x;
  int2 v = tex2D<int2>(ts, (i % 4) + 0.5f, (i / 4 % 4) + 0.5f);
  out[2 * i] = v.x + v.y * 1000;
  out[2 * i + 1] = tex2D<int>(tu, (i % 4) + 0.5f, (i / 4 % 4) + 0.5f); // an unsigned texture
}
__global__ void kwrong(cudaTextureObject_t t2d, float *out) {
  int i = threadIdx.x;
  out[i] = tex3D<float>(t2d, 0.5f, 0.5f, 0.5f) + tex1Dfetch<float>(t2d, 0) +
           texCubemap<float>(t2d, 1.0f, 0.0f, 0.0f) + (float)tex2D<int>(t2d, 0.5f, 0.5f);
}

static cudaTextureObject_t texture(const cudaResourceDesc &res, int normalized, int read_norm = 0) {
  cudaTextureDesc desc;
  memset(&desc, 0, sizeof desc);
  for (int d = 0; d < 3; d++) desc.addressMode[d] = cudaAddressModeClamp;
  desc.filterMode = cudaFilterModePoint;
  desc.mipmapFilterMode = cudaFilterModePoint;
  desc.maxMipmapLevelClamp = 8.0f;
  desc.readMode = read_norm ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  desc.normalizedCoords = normalized;
  cudaTextureObject_t t = 0;
  cudaError_t e = cudaCreateTextureObject(&t, &res, &desc, NULL);
  if (e != cudaSuccess) {
    printf("FAIL: cudaCreateTextureObject (resource type %d): %s\n", (int)res.resType,
           cudaGetErrorString(e));
    failures++;
  }
  return t;
}

static cudaResourceDesc array_res(cudaArray_t a) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}

// A w x h x d float array (flags: layered, cubemap) filled with value(x, y, z).
static cudaArray_t array3d(int w, int h, int d, unsigned flags) {
  cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
  cudaArray_t a = 0;
  if (cudaMalloc3DArray(&a, &f, make_cudaExtent(w, h, d), flags) != cudaSuccess) return 0;
  static float host[4096];
  int hh = h ? h : 1, dd = d ? d : 1;
  for (int z = 0; z < dd; z++)
    for (int y = 0; y < hh; y++)
      for (int x = 0; x < w; x++) host[(z * hh + y) * w + x] = value(x, y, z);
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(host, w * sizeof(float), w, hh);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, hh, dd);
  p.kind = cudaMemcpyHostToDevice;
  if (cudaMemcpy3D(&p) != cudaSuccess) return 0;
  return a;
}

// CUDA's cube face and texel for direction (x, y, z) (Programming Guide, "Cubemap
// Textures"): the major axis picks the face, (s, t) = ((sc / |ma|) + 1) / 2 ...
static void cube_texel(float x, float y, float z, int w, int *face, int *i, int *j) {
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), ma, sc, tc;
  if (ax >= ay && ax >= az) {
    *face = x >= 0 ? 0 : 1, ma = ax, sc = x >= 0 ? -z : z, tc = -y;
  } else if (ay >= az) {
    *face = y >= 0 ? 2 : 3, ma = ay, sc = x, tc = y >= 0 ? z : -z;
  } else {
    *face = z >= 0 ? 4 : 5, ma = az, sc = z >= 0 ? x : -x, tc = -y;
  }
  float s = (sc / ma + 1) / 2, t = (tc / ma + 1) / 2;
  *i = (int)floorf(s * w), *j = (int)floorf(t * w);
  if (*i >= w) *i = w - 1;
  if (*j >= w) *j = w - 1;
}

int main(void) {
  float *out, *fin;
  float4 *dirs, *out4;
  int *iout;
  CHECK(cudaMallocManaged(&out, N * sizeof(float)));
  CHECK(cudaMallocManaged(&out4, N * sizeof(float4)));
  CHECK(cudaMallocManaged(&dirs, N * sizeof(float4)));
  CHECK(cudaMallocManaged(&iout, 2 * N * sizeof(int)));

  // 1D: 8 texels, coordinates -1 .. 14.75 (clamped)
  cudaArray_t a1 = array3d(8, 0, 0, 0);
  if (!a1) return printf("FAIL: 1D array\n"), 1;
  k1d<<<1, N>>>(texture(array_res(a1), 0), out);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < N; i++) {
    int x = (int)floorf(i * 0.25f - 1.0f);
    expect("tex1D", i, out[i], value(x < 0 ? 0 : x > 7 ? 7 : x, 0, 0));
  }

  // 3D: 4 x 3 x 5
  cudaArray_t a3 = array3d(4, 3, 5, 0);
  if (!a3) return printf("FAIL: 3D array\n"), 1;
  k3d<<<1, N>>>(texture(array_res(a3), 0), out);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < N; i++) expect("tex3D", i, out[i], value(i % 4, i / 4 % 3, i / 12 % 5));

  // 1D layered: 8 texels x 8 layers
  cudaArray_t a1l = array3d(8, 0, 8, cudaArrayLayered);
  if (!a1l) return printf("FAIL: 1D layered array\n"), 1;
  k1dlayered<<<1, N>>>(texture(array_res(a1l), 0), out);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < N; i++) expect("tex1DLayered", i, out[i], value(i % 8, 0, i / 8));

  // 2D layered: 4 x 4 x 4 layers
  cudaArray_t a2l = array3d(4, 4, 4, cudaArrayLayered);
  if (!a2l) return printf("FAIL: 2D layered array\n"), 1;
  k2dlayered<<<1, N>>>(texture(array_res(a2l), 0), out);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < N; i++) expect("tex2DLayered", i, out[i], value(i % 4, i / 4 % 4, i / 16));

  // cubemap 4 x 4 x 6 faces, and layered: 2 layers of 6 faces
  for (int layered = 0; layered < 2; layered++) {
    cudaArray_t ac = array3d(4, 4, layered ? 12 : 6,
                             cudaArrayCubemap | (layered ? cudaArrayLayered : 0));
    if (!ac) return printf("FAIL: cubemap array\n"), 1;
    for (int i = 0; i < N; i++) {
      // directions through texel centres of each face, major axis +-1
      int f = i % 6, u = i / 6 % 4, v = i / 24 % 4;
      float s = (u + 0.5f) / 2 - 1, t = (v + 0.5f) / 2 - 1, x, y, z;
      switch (f) {
      case 0: x = 1, y = -t, z = -s; break;
      case 1: x = -1, y = -t, z = s; break;
      case 2: x = s, y = 1, z = t; break;
      case 3: x = s, y = -1, z = -t; break;
      case 4: x = s, y = -t, z = 1; break;
      default: x = -s, y = -t, z = -1; break;
      }
      dirs[i] = make_float4(x, y, z, (float)(i & 1));
    }
    kcube<<<1, N>>>(texture(array_res(ac), 1), dirs, out, layered);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < N; i++) {
      int face, ti, tj;
      cube_texel(dirs[i].x, dirs[i].y, dirs[i].z, 4, &face, &ti, &tj);
      expect(layered ? "texCubemapLayered" : "texCubemap", i, out[i],
             value(ti, tj, face + (layered ? 6 * (i & 1) : 0)));
    }
  }

  // tex1Dfetch over linear memory: 40 ints, 40 floats, 40 uchar4 read normalized
  int *lin_i;
  float *lin_f;
  uchar4 *lin_c;
  // each at a multiple of textureAlignment (512) inside one allocation
  char *lin;
  CHECK(cudaMalloc(&lin, 4 * 512));
  char *base = (char *)(((size_t)lin + 511) & ~(size_t)511);
  lin_i = (int *)base, lin_f = (float *)(base + 512), lin_c = (uchar4 *)(base + 1024);
  int hi[40];
  float hf[40];
  uchar4 hc[40];
  for (int k = 0; k < 40; k++) hi[k] = -7 * k, hf[k] = 0.5f * k, hc[k] = make_uchar4(51 * (k % 6), 0, 0, 255);
  CHECK(cudaMemcpy(lin_i, hi, sizeof hi, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(lin_f, hf, sizeof hf, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(lin_c, hc, sizeof hc, cudaMemcpyHostToDevice));
  cudaResourceDesc rl;
  memset(&rl, 0, sizeof rl);
  rl.resType = cudaResourceTypeLinear;
  rl.res.linear.devPtr = lin_i, rl.res.linear.desc = cudaCreateChannelDesc<int>();
  rl.res.linear.sizeInBytes = sizeof hi;
  cudaTextureObject_t ti = texture(rl, 0);
  rl.res.linear.devPtr = lin_f, rl.res.linear.desc = cudaCreateChannelDesc<float>();
  cudaTextureObject_t tf = texture(rl, 0);
  rl.res.linear.devPtr = lin_c, rl.res.linear.desc = cudaCreateChannelDesc<uchar4>();
  cudaTextureObject_t tc = texture(rl, 0, 1);
  kfetch<<<1, N>>>(ti, tf, tc, out);
  CHECK(cudaDeviceSynchronize());
  for (int t = 0; t < N; t++) {
    int k = t - 4;
    float want = k < 0 || k >= 40 ? 0.0f : (float)hi[k] + hf[k] + (51 * (k % 6)) / 255.0f + 1000.0f;
    if (fabsf(out[t] - want) > 1e-3f && failures++ < 12)
      printf("tex1Dfetch [%d]: got %g, want %g\n", k, out[t], want);
  }

  // tex2D over pitched memory: 8 x 8 floats in rows of 64 floats
  // at a multiple of textureAlignment (512), rows of 256 bytes (texturePitchAlignment 32)
  size_t pitch = 256;
  char *pitched;
  CHECK(cudaMalloc(&pitched, 512 + 8 * pitch));
  fin = (float *)(((size_t)pitched + 511) & ~(size_t)511);
  float h8[64];
  for (int k = 0; k < 64; k++) h8[k] = value(k % 8, k / 8, 0);
  CHECK(cudaMemcpy2D(fin, pitch, h8, 8 * sizeof(float), 8 * sizeof(float), 8,
                     cudaMemcpyHostToDevice));
  cudaResourceDesc rp;
  memset(&rp, 0, sizeof rp);
  rp.resType = cudaResourceTypePitch2D;
  rp.res.pitch2D.devPtr = fin, rp.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rp.res.pitch2D.width = 8, rp.res.pitch2D.height = 8, rp.res.pitch2D.pitchInBytes = pitch;
  cudaTextureObject_t tp = texture(rp, 0);
  kpitch<<<1, N>>>(tp, out);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < N; i++) expect("tex2D pitch2D", i, out[i], value(i % 8, i / 8, 0));

  // tex2DLod: an 8 x 8 mipmapped array, level 1 (4 x 4) filled with value(x, y, 1)
  cudaMipmappedArray_t mip = 0;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  CHECK(cudaMallocMipmappedArray(&mip, &fd, make_cudaExtent(8, 8, 0), 3, 0));
  for (int level = 0; level < 3; level++) {
    cudaArray_t la = 0;
    CHECK(cudaGetMipmappedArrayLevel(&la, mip, level));
    int w = 8 >> level;
    float hl[64];
    for (int k = 0; k < w * w; k++) hl[k] = value(k % w, k / w, level);
    CHECK(cudaMemcpy2DToArray(la, 0, 0, hl, w * sizeof(float), w * sizeof(float), w,
                              cudaMemcpyHostToDevice));
  }
  cudaResourceDesc rm;
  memset(&rm, 0, sizeof rm);
  rm.resType = cudaResourceTypeMipmappedArray;
  rm.res.mipmap.mipmap = mip;
  klod<<<1, 16>>>(texture(rm, 1), out);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < 16; i++) expect("tex2DLod", i, out[i], value(i % 4, i / 4, 1));

  // tex2Dgather: component 0 of the 2 x 2 texels around (x, y) of the 8x8 pitched texture
  // as an array (cudaArrayTextureGather)
  cudaArray_t ag = 0;
  CHECK(cudaMallocArray(&ag, &fd, 8, 8, cudaArrayTextureGather));
  CHECK(cudaMemcpy2DToArray(ag, 0, 0, h8, 8 * sizeof(float), 8 * sizeof(float), 8,
                            cudaMemcpyHostToDevice));
  kgather<<<1, 16>>>(texture(array_res(ag), 0), out4);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < 16; i++) {
    int x0 = i % 4, y0 = i / 4; // (x, y) = (x0 + 1, y0 + 1): texels x0..x0+1, y0..y0+1
    expect("tex2Dgather.x (x0, y1)", i, out4[i].x, value(x0, y0 + 1, 0));
    expect("tex2Dgather.y (x1, y1)", i, out4[i].y, value(x0 + 1, y0 + 1, 0));
    expect("tex2Dgather.z (x1, y0)", i, out4[i].z, value(x0 + 1, y0, 0));
    expect("tex2Dgather.w (x0, y0)", i, out4[i].w, value(x0, y0, 0));
  }

  // integer element reads: int2 texture (signed), uint texture read as int
  cudaChannelFormatDesc d2 = cudaCreateChannelDesc<int2>(), du = cudaCreateChannelDesc<unsigned>();
  cudaArray_t ai = 0, au = 0;
  CHECK(cudaMallocArray(&ai, &d2, 4, 4, 0));
  CHECK(cudaMallocArray(&au, &du, 4, 4, 0));
  int2 h2[16];
  unsigned hu[16];
  for (int k = 0; k < 16; k++) h2[k] = make_int2(-k, k * 3), hu[k] = 0xFFFFFFF0u + k;
  CHECK(cudaMemcpy2DToArray(ai, 0, 0, h2, 4 * sizeof(int2), 4 * sizeof(int2), 4,
                            cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy2DToArray(au, 0, 0, hu, 4 * sizeof(unsigned), 4 * sizeof(unsigned), 4,
                            cudaMemcpyHostToDevice));
  kint<<<1, 16>>>(texture(array_res(ai), 0), texture(array_res(au), 0), iout);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < 16; i++) {
    expect("tex2D<int2>", i, (float)iout[2 * i], (float)(-i + 3 * i * 1000));
    expect("tex2D<int> of uint", i, (float)iout[2 * i + 1], (float)(int)(0xFFFFFFF0u + i));
  }

  // the wrong shape or type (a float 2D texture read as 3D, linear, cube, int): undefined
  // in CUDA, zeros in Anchor (never another texture's memory); the launch must succeed.
  // Printed, not checked: the H200's values are whatever its hardware makes of it.
  kwrong<<<1, 4>>>(tp, out);
  CHECK(cudaDeviceSynchronize());
  printf("wrong shapes (Anchor: 0): %g %g %g %g\n", out[0], out[1], out[2], out[3]);

  if (failures) {
    printf("FAIL: %d wrong values\n", failures);
    return 1;
  }
  printf("passed: tex1D, tex3D, tex1DLayered, tex2DLayered, texCubemap(Layered), tex1Dfetch, "
         "pitch2D, tex2DLod, tex2Dgather, integer reads, wrong shapes\n");
  printf("PASS\n");
  return 0;
}
