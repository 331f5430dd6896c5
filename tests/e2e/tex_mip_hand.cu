// tex_mip_hand.cu — mipmap levels when the kernel samples by hand (issue 15, second round):
// a border colour Metal's samplers lack (0.25, -2, 7.5, 0.5) makes the record's flag bit 4
// (docs/textures.md), and tex2DLod / tex2DGrad on a mipmapped array must still pick and
// blend levels as the sampler does: the level of detail plus mipmapLevelBias, clamped to
// [minMipmapLevelClamp, maxMipmapLevelClamp] and to the levels, then mip filter point (one
// level) or linear (the two around it, blended by the fraction). The same descriptions with
// clamp instead of border go through Metal's sampler, and both are checked against one CPU
// reference (tex_reference.h for each level). A 16 x 8 float4 array, 5 levels, each texel's
// value naming its level; tex2DLayeredLod on layer 1 of a layered one with the same levels;
// tex3DLod on an 8 x 4 x 4 array of 3 levels. Levels
// of detail stay away from x.5, where CUDA's and Metal's rounding of a point mip filter may differ
// (unsure: CUDA does not document it). The level of detail of a gradient is log2 of the longer of
// dPdx and dPdy in texels of level 0 (the gradients here are isotropic: both the same length), plus
// the bias (unsure for CUDA: the H200 run prints the values; a mismatch there names the
// configuration). Prints PASS, or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tex_reference.h"

enum { W = 16, H = 8, LEVELS = 5, NPTS = 96 };

// p[i] = (x, y, lod or g, unused): tex2DLod at lod; tex2DGrad with dPdx = (g, 0), dPdy = (0, 2g)
__global__ void lod2d(cudaTextureObject_t t, const float4 *p, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2DLod<float4>(t, p[i].x, p[i].y, p[i].z);
}
__global__ void lod2dlayered(cudaTextureObject_t t, const float4 *p, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2DLayeredLod<float4>(t, p[i].x, p[i].y, 1, p[i].z); // layer 1
}
__global__ void grad2d(cudaTextureObject_t t, const float4 *p, float4 *out) {
  int i = threadIdx.x;
  float g = p[i].z;
  out[i] = tex2DGrad<float4>(t, p[i].x, p[i].y, make_float2(g, 0.0f), make_float2(0.0f, 2.0f * g));
}

static float4 texels[LEVELS][H][W];   // level l uses the first (W >> l) x (H >> l)
static float4 packed[LEVELS][H * W];  // the same, rows of W >> l texels (tex_reference.h's)
static float4 packed1[LEVELS][H * W]; // layer 1 of the layered array: x + 1000
static float4 value(int x, int y, int l) {
  return make_float4(100.0f * l + 10.0f * y + x, -x - 20.0f * l, y * 3.0f + l, 1.0f + x * y);
}

struct Config {
  const char *name;
  int border; // border colour by hand, else clamp (Metal's sampler)
  int linear, mip_linear;
  float bias, min_clamp, max_clamp;
};

// The levels' sample at `at` (dims coordinates) and level of detail lod (before bias and
// clamps), as CUDA picks levels for the configuration's mip filter.
static void reference_levels(const Config *c, const TexRef *ref, int levels, int dims,
                             const float *at, float lod, float *out, float *tol) {
  lod = fminf(fmaxf(lod + c->bias, c->min_clamp), c->max_clamp);
  float top = levels - 1, l = lod < 0 ? 0 : lod > top ? top : lod;
  if (!c->mip_linear) {
    float n = ceilf(l + 0.5f) - 1.0f;
    int level = n < 0 ? 0 : (int)n;
    tex_ref_sample(&ref[level], dims, at, out);
    for (int k = 0; k < 4; k++)
      tol[k] = tex_ref_tolerance(&ref[level], dims, at, k);
    return;
  }
  int l0 = (int)floorf(l), l1 = l0 + 1 < levels ? l0 + 1 : l0;
  float f = l - l0, v0[4], v1[4];
  tex_ref_sample(&ref[l0], dims, at, v0);
  tex_ref_sample(&ref[l1], dims, at, v1);
  for (int k = 0; k < 4; k++) {
    out[k] = (1.0f - f) * v0[k] + f * v1[k];
    tol[k] = tex_ref_tolerance(&ref[l0], dims, at, k) + tex_ref_tolerance(&ref[l1], dims, at, k) +
             fabsf(v1[k] - v0[k]) / 256.0f + 1e-4f;
  }
}

// 3-D: an 8 x 4 x 4 array, 3 levels (8x4x4, 4x2x2, 2x1x1), tex3DLod
enum { W3 = 8, H3 = 4, D3 = 4, LEVELS3 = 3 };
static float4 packed3[LEVELS3][W3 * H3 * D3]; // level l: (W3 >> l) x (H3 >> l) x (D3 >> l)
__global__ void lod3d(cudaTextureObject_t t, const float4 *p, const float *z, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex3DLod<float4>(t, p[i].x, p[i].y, z[i], p[i].z);
}
static int level_size(int n, int l) {
  return n >> l > 0 ? n >> l : 1;
}

static void reference3(const Config *c, float x, float y, float z, float lod, float *out,
                       float *tol) {
  float at[3] = {x, y, z};
  TexRef ref[LEVELS3];
  int a = c->border ? cudaAddressModeBorder : cudaAddressModeClamp;
  for (int l = 0; l < LEVELS3; l++) {
    TexRef r = {
        &packed3[l][0].x, level_size(W3, l), level_size(H3, l),         level_size(D3, l), 4, 1,
        c->linear,        {a, a, a},         {0.25f, -2.0f, 7.5f, 0.5f}};
    ref[l] = r;
  }
  reference_levels(c, ref, LEVELS3, 3, at, lod, out, tol);
}

// CUDA's sample at (x, y) and level of detail lod (before bias and clamps); *tol: the
// tolerance (filter weights within 1/256 per dimension and between levels).
static void reference(const Config *c, int layer1, float x, float y, float lod, float *out,
                      float *tol) {
  float at[2] = {x, y};
  TexRef ref[LEVELS];
  for (int l = 0; l < LEVELS; l++) {
    int a = c->border ? cudaAddressModeBorder : cudaAddressModeClamp;
    TexRef r = {layer1 ? &packed1[l][0].x : &packed[l][0].x,
                W >> l,
                H >> l > 0 ? H >> l : 1,
                1,
                4,
                1,
                c->linear,
                {a, a, cudaAddressModeClamp},
                {0.25f, -2.0f, 7.5f, 0.5f}};
    ref[l] = r;
  }
  reference_levels(c, ref, LEVELS, 2, at, lod, out, tol);
}

int main(void) {
  for (int l = 0; l < LEVELS; l++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        texels[l][y][x] = value(x, y, l);
  for (int l = 0; l < LEVELS; l++)
    for (int y = 0; y < (H >> l > 0 ? H >> l : 1); y++)
      for (int x = 0; x < W >> l; x++)
        packed[l][y * (W >> l) + x] = texels[l][y][x];
  for (int l = 0; l < LEVELS; l++)
    for (int k = 0; k < H * W; k++) {
      packed1[l][k] = packed[l][k];
      packed1[l][k].x += 1000.0f;
    }
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float4>();
  cudaMipmappedArray_t mip = 0;
  if (cudaMallocMipmappedArray(&mip, &fd, make_cudaExtent(W, H, 0), LEVELS, 0) != cudaSuccess)
    return printf("FAIL: cudaMallocMipmappedArray\n"), 1;
  for (int l = 0; l < LEVELS; l++) {
    cudaArray_t a = 0;
    int w = W >> l, h = H >> l > 0 ? H >> l : 1;
    if (cudaGetMipmappedArrayLevel(&a, mip, l) != cudaSuccess ||
        cudaMemcpy2DToArray(a, 0, 0, texels[l], W * sizeof(float4), w * sizeof(float4), h,
                            cudaMemcpyHostToDevice) != cudaSuccess)
      return printf("FAIL: level %d\n", l), 1;
  }
  // the same levels in a 2-layer layered mipmapped array, layer 0 as above, layer 1 + 1000
  cudaMipmappedArray_t mipl = 0;
  if (cudaMallocMipmappedArray(&mipl, &fd, make_cudaExtent(W, H, 2), LEVELS, cudaArrayLayered) !=
      cudaSuccess)
    return printf("FAIL: cudaMallocMipmappedArray (layered)\n"), 1;
  for (int l = 0; l < LEVELS; l++) {
    static float4 layers[2][H][W];
    int w = W >> l, h = H >> l > 0 ? H >> l : 1;
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        layers[0][y][x] = texels[l][y][x];
        layers[1][y][x] = packed1[l][y * w + x];
      }
    cudaArray_t a = 0;
    cudaMemcpy3DParms p3;
    memset(&p3, 0, sizeof p3);
    p3.srcPtr = make_cudaPitchedPtr(layers, W * sizeof(float4), W, H);
    p3.extent = make_cudaExtent(w, h, 2);
    p3.kind = cudaMemcpyHostToDevice;
    if (cudaGetMipmappedArrayLevel(&a, mipl, l) != cudaSuccess)
      return printf("FAIL: layered level %d\n", l), 1;
    p3.dstArray = a;
    if (cudaMemcpy3D(&p3) != cudaSuccess) return printf("FAIL: layered level %d copy\n", l), 1;
  }
  static const float lods[] = {-0.7f, 0.2f, 0.8f, 1.3f, 1.9f, 2.1f,
                               2.6f,  3.4f, 4.2f, 6.0f, 0.0f, 1.0f};
  const int nlods = sizeof lods / sizeof *lods;
  float4 *pts, *out;
  cudaMallocManaged(&pts, NPTS * sizeof(float4));
  cudaMallocManaged(&out, NPTS * sizeof(float4));
  static const Config configs[] = {
      {"border, point, mip point", 1, 0, 0, 0.0f, 0.0f, 4.0f},
      {"border, linear, mip linear, bias 0.25, clamp [0, 3]", 1, 1, 1, 0.25f, 0.0f, 3.0f},
      {"border, linear, mip point, bias -0.5, clamp [1.25, 4]", 1, 1, 0, -0.5f, 1.25f, 4.0f},
      {"border, point, mip linear, clamp [0, 2.5]", 1, 0, 1, 0.0f, 0.0f, 2.5f},
      {"clamp, linear, mip linear, bias 0.25, clamp [0, 3]", 0, 1, 1, 0.25f, 0.0f, 3.0f},
      {"clamp, point, mip point", 0, 0, 0, 0.0f, 0.0f, 4.0f},
  };
  int failures = 0, checked = 0;
  for (const Config &c : configs) {
    for (int layered = 0; layered < 2; layered++) {
      cudaResourceDesc r;
      memset(&r, 0, sizeof r);
      r.resType = cudaResourceTypeMipmappedArray;
      r.res.mipmap.mipmap = layered ? mipl : mip;
      cudaTextureDesc d;
      memset(&d, 0, sizeof d);
      for (int k = 0; k < 3; k++)
        d.addressMode[k] = c.border ? cudaAddressModeBorder : cudaAddressModeClamp;
      d.filterMode = c.linear ? cudaFilterModeLinear : cudaFilterModePoint;
      d.mipmapFilterMode = c.mip_linear ? cudaFilterModeLinear : cudaFilterModePoint;
      d.readMode = cudaReadModeElementType;
      d.normalizedCoords = 1;
      d.mipmapLevelBias = c.bias;
      d.minMipmapLevelClamp = c.min_clamp;
      d.maxMipmapLevelClamp = c.max_clamp;
      d.borderColor[0] = 0.25f, d.borderColor[1] = -2.0f, d.borderColor[2] = 7.5f,
      d.borderColor[3] = 0.5f;
      cudaTextureObject_t t = 0;
      if (cudaCreateTextureObject(&t, &r, &d, NULL) != cudaSuccess) {
        printf("FAIL: cudaCreateTextureObject (%s)\n", c.name);
        return 1;
      }
      for (int grad = 0; grad < 2 - layered; grad++) {
        for (int k = 0; k < NPTS; k++) {
          float x = -0.2f + 1.4f * (float)((k * 29) % NPTS) / NPTS;
          float y = -0.2f + 1.4f * (float)((k * 43 + 5) % NPTS) / NPTS;
          float lod = lods[k % nlods];
          // tex2DGrad: |dPdx| in texels = 16 g = |dPdy| = 2g * 8, so lod = log2(16 g)
          pts[k] = make_float4(x, y, grad ? exp2f(lod) / W : lod, 0.0f);
        }
        if (grad)
          grad2d<<<1, NPTS>>>(t, pts, out);
        else if (layered)
          lod2dlayered<<<1, NPTS>>>(t, pts, out);
        else
          lod2d<<<1, NPTS>>>(t, pts, out);
        if (cudaDeviceSynchronize() != cudaSuccess) return printf("FAIL: launch (%s)\n", c.name), 1;
        int bad = 0;
        for (int k = 0; k < NPTS; k++) {
          float want[4], tol[4], got[4] = {out[k].x, out[k].y, out[k].z, out[k].w};
          float lod = grad ? log2f(pts[k].z * W) : pts[k].z;
          reference(&c, layered, pts[k].x, pts[k].y, lod, want, tol);
          for (int q = 0; q < 4; q++) {
            checked++;
            if (!(fabsf(got[q] - want[q]) <= tol[q]) && bad++ < 3)
              printf("%s %s at (%g, %g) lod %g channel %d: got %g, want %g\n", c.name,
                     grad      ? "tex2DGrad"
                     : layered ? "tex2DLayeredLod"
                               : "tex2DLod",
                     pts[k].x, pts[k].y, lod, q, got[q], want[q]);
          }
        }
        if (bad) failures++;
      }
      cudaDestroyTextureObject(t);
    }
  }
  // 3-D
  cudaMipmappedArray_t mip3 = 0;
  if (cudaMallocMipmappedArray(&mip3, &fd, make_cudaExtent(W3, H3, D3), LEVELS3, 0) != cudaSuccess)
    return printf("FAIL: cudaMallocMipmappedArray (3-D)\n"), 1;
  for (int l = 0; l < LEVELS3; l++) {
    int w = level_size(W3, l), h = level_size(H3, l), d = level_size(D3, l);
    for (int k = 0; k < w * h * d; k++) {
      int x = k % w, y = k / w % h, z = k / w / h;
      packed3[l][k] = make_float4(100.0f * l + 10.0f * y + x + 1000.0f * z, -x - 20.0f * l,
                                  y * 3.0f + l - z, 1.0f + x * y * z);
    }
    cudaArray_t a = 0;
    cudaMemcpy3DParms p3;
    memset(&p3, 0, sizeof p3);
    p3.srcPtr = make_cudaPitchedPtr(packed3[l], w * sizeof(float4), w, h);
    p3.extent = make_cudaExtent(w, h, d);
    p3.kind = cudaMemcpyHostToDevice;
    if (cudaGetMipmappedArrayLevel(&a, mip3, l) != cudaSuccess)
      return printf("FAIL: 3-D level %d\n", l), 1;
    p3.dstArray = a;
    if (cudaMemcpy3D(&p3) != cudaSuccess) return printf("FAIL: 3-D level %d copy\n", l), 1;
  }
  float *zs;
  cudaMallocManaged(&zs, NPTS * sizeof(float));
  for (const Config &c : configs) {
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeMipmappedArray;
    r.res.mipmap.mipmap = mip3;
    cudaTextureDesc d;
    memset(&d, 0, sizeof d);
    for (int k = 0; k < 3; k++)
      d.addressMode[k] = c.border ? cudaAddressModeBorder : cudaAddressModeClamp;
    d.filterMode = c.linear ? cudaFilterModeLinear : cudaFilterModePoint;
    d.mipmapFilterMode = c.mip_linear ? cudaFilterModeLinear : cudaFilterModePoint;
    d.normalizedCoords = 1;
    d.mipmapLevelBias = c.bias;
    d.minMipmapLevelClamp = c.min_clamp;
    d.maxMipmapLevelClamp = c.max_clamp;
    d.borderColor[0] = 0.25f, d.borderColor[1] = -2.0f, d.borderColor[2] = 7.5f,
    d.borderColor[3] = 0.5f;
    cudaTextureObject_t t = 0;
    if (cudaCreateTextureObject(&t, &r, &d, NULL) != cudaSuccess)
      return printf("FAIL: cudaCreateTextureObject (3-D, %s)\n", c.name), 1;
    for (int k = 0; k < NPTS; k++) {
      pts[k] =
          make_float4(-0.2f + 1.4f * (float)((k * 29) % NPTS) / NPTS,
                      -0.2f + 1.4f * (float)((k * 43 + 5) % NPTS) / NPTS, lods[k % nlods], 0.0f);
      zs[k] = -0.2f + 1.4f * (float)((k * 61 + 11) % NPTS) / NPTS;
    }
    lod3d<<<1, NPTS>>>(t, pts, zs, out);
    if (cudaDeviceSynchronize() != cudaSuccess) return printf("FAIL: launch (3-D %s)\n", c.name), 1;
    int bad = 0;
    for (int k = 0; k < NPTS; k++) {
      float want[4], tol[4], got[4] = {out[k].x, out[k].y, out[k].z, out[k].w};
      reference3(&c, pts[k].x, pts[k].y, zs[k], pts[k].z, want, tol);
      for (int q = 0; q < 4; q++) {
        checked++;
        if (!(fabsf(got[q] - want[q]) <= tol[q]) && bad++ < 3)
          printf("%s tex3DLod at (%g, %g, %g) lod %g channel %d: got %g, want %g\n", c.name,
                 pts[k].x, pts[k].y, zs[k], pts[k].z, q, got[q], want[q]);
      }
    }
    if (bad) failures++;
    cudaDestroyTextureObject(t);
  }
  cudaFreeMipmappedArray(mip3);
  cudaFreeMipmappedArray(mip);
  cudaFreeMipmappedArray(mipl);
  if (failures) return printf("FAIL: %d configurations wrong\n", failures), 1;
  printf("passed: %d values, tex2DLod, tex2DGrad and tex2DLayeredLod on 5 levels, tex3DLod on 3, "
         "by hand (border "
         "colour) and "
         "through the sampler, mip point and linear, bias and level clamps\n",
         checked);
  printf("PASS\n");
  return 0;
}
