// tex2d_modes.cu — end-to-end test of tex2D<T> on texture objects over a 2D CUDA array
// (issue 15): a 7x5 float texture and a 6x4 uchar4 texture read as normalized floats,
// sampled at coordinates inside and outside the texture with every combination of point
// and linear filtering, unnormalized and normalized coordinates and the address modes
// clamp, border (zero), wrap and mirror (the last two with normalized coordinates only,
// as CUDA allows), at points off texel boundaries. Checks each sample against
// tex_reference.h (CUDA's documented sampling): point sampling exactly, linear within 1/256 of the
// texel range (CUDA's 9-bit weights: tex_ref_tolerance). Also tex2D through the pointer form, and
// handles passed in a struct, in an array in device memory and chosen at run time. Prints PASS, or
// FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tex_reference.h"

#define W 7
#define H 5
#define NPTS 96

struct Handles {
  cudaTextureObject_t a, b;
};

__global__ void sample_float(cudaTextureObject_t t, const float2 *pts, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, pts[i].x, pts[i].y);
}

__global__ void sample_uchar4(cudaTextureObject_t t, const float2 *pts, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tex2D(&out[i], t, pts[i].x, pts[i].y); // the pointer form
}

// The handle travels: a struct parameter, an array in device memory, a choice at run time.
__global__ void sample_travel(Handles h, const cudaTextureObject_t *table, const float2 *pts,
                              float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cudaTextureObject_t t = (i & 1) ? h.b : table[i % 3 == 0];
  out[i] = tex2D<float>(t, pts[i].x, pts[i].y);
}

static int failures = 0;
static int check(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  failures++;
  return 1;
}

static float tex_values[H][W];
static unsigned char rgba[4][6][4];

// A coordinate (in texels) 1/16 texel or more away from a texel boundary: point sampling
// at a boundary picks the texel on either side by rounding that CUDA leaves to the
// hardware (an H100 turns normalized coordinates into fixed point and picks the lower
// texel at x = 1/7 of a 7-texel row, where float arithmetic gives the upper one).
static float off_boundary(float x) {
  float f = x - floorf(x);
  return f < 0.0625f || f > 0.9375f ? x + 0.125f : x;
}

static void points(float2 *p, int normalized, int w, int h) {
  for (int k = 0; k < NPTS; k++) {
    // from 1.5 texels before the texture to 1.5 after, at odd steps, plus texel centres
    float x = off_boundary(-1.5f + (w + 3.0f) * (float)((k * 37) % NPTS) / NPTS);
    float y = off_boundary(-1.5f + (h + 3.0f) * (float)((k * 53 + 11) % NPTS) / NPTS);
    if (k < 8) x = k + 0.5f, y = (k % h) + 0.5f;
    p[k] = normalized ? make_float2(x / w, y / h) : make_float2(x, y);
  }
}

static cudaTextureObject_t make_texture(cudaArray_t array, int normalized, int linear, int mode,
                                        int read_normalized) {
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.addressMode[0] = desc.addressMode[1] = (cudaTextureAddressMode)mode;
  desc.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
  desc.readMode = read_normalized ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  desc.normalizedCoords = normalized;
  cudaTextureObject_t t = 0;
  check(cudaCreateTextureObject(&t, &res, &desc, NULL), "cudaCreateTextureObject");
  return t;
}

static const char *mode_name(int m) {
  static const char *const names[] = {"wrap", "clamp", "mirror", "border"};
  return names[m];
}

int main(void) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      tex_values[y][x] = (float)((x * 7 + y * 13) % 11) - 3.25f * y;
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 6; x++)
      for (int c = 0; c < 4; c++)
        rgba[y][x][c] = (unsigned char)((x * 41 + y * 67 + c * 29) & 255);
  float rgba_f[4][6][4];
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 6; x++)
      for (int c = 0; c < 4; c++)
        rgba_f[y][x][c] = rgba[y][x][c] / 255.0f;

  cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
  cudaChannelFormatDesc cdesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t farr = 0, carr = 0;
  if (check(cudaMallocArray(&farr, &fdesc, W, H, 0), "cudaMallocArray float") ||
      check(cudaMallocArray(&carr, &cdesc, 6, 4, 0), "cudaMallocArray uchar4") ||
      check(cudaMemcpy2DToArray(farr, 0, 0, tex_values, W * sizeof(float), W * sizeof(float), H,
                                cudaMemcpyHostToDevice),
            "cudaMemcpy2DToArray float") ||
      check(cudaMemcpy2DToArray(carr, 0, 0, rgba, 6 * 4, 6 * 4, 4, cudaMemcpyHostToDevice),
            "cudaMemcpy2DToArray uchar4"))
    return 1;

  float2 *pts;
  float *out;
  float4 *out4;
  cudaMallocManaged(&pts, NPTS * sizeof(float2));
  cudaMallocManaged(&out, NPTS * sizeof(float));
  cudaMallocManaged(&out4, NPTS * sizeof(float4));

  int combos = 0;
  for (int normalized = 0; normalized < 2; normalized++)
    for (int linear = 0; linear < 2; linear++)
      for (int mode = 0; mode < 4; mode++) {
        if (!normalized && (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror))
          continue; // CUDA: unnormalized coordinates clamp or border only
        combos++;
        TexRef ref = {&tex_values[0][0],  W,           H, 1, 1, normalized, linear,
                      {mode, mode, mode}, {0, 0, 0, 0}};
        cudaTextureObject_t t = make_texture(farr, normalized, linear, mode, 0);
        points(pts, normalized, W, H);
        sample_float<<<2, 64>>>(t, pts, out, NPTS);
        if (check(cudaDeviceSynchronize(), "sample_float")) return 1;
        int bad = 0;
        for (int k = 0; k < NPTS; k++) {
          float x[2] = {pts[k].x, pts[k].y}, want;
          tex_ref_sample(&ref, 2, x, &want);
          float tol = tex_ref_tolerance(&ref, 2, x, 0);
          if (!(fabsf(out[k] - want) <= tol)) {
            if (bad++ < 3)
              printf("float %s %s %s at (%g, %g): got %.6f, want %.6f\n",
                     normalized ? "normalized" : "texels", linear ? "linear" : "point",
                     mode_name(mode), x[0], x[1], out[k], want);
          }
        }
        if (bad) failures++, printf("FAIL: float texture, %d of %d samples wrong\n", bad, NPTS);

        TexRef cref = {&rgba_f[0][0][0],   6,           4, 1, 4, normalized, linear,
                       {mode, mode, mode}, {0, 0, 0, 0}};
        cudaTextureObject_t ct = make_texture(carr, normalized, linear, mode, 1);
        points(pts, normalized, 6, 4);
        sample_uchar4<<<2, 64>>>(ct, pts, out4, NPTS);
        if (check(cudaDeviceSynchronize(), "sample_uchar4")) return 1;
        bad = 0;
        for (int k = 0; k < NPTS; k++) {
          float x[2] = {pts[k].x, pts[k].y}, want[4];
          tex_ref_sample(&cref, 2, x, want);
          float got[4] = {out4[k].x, out4[k].y, out4[k].z, out4[k].w};
          for (int c = 0; c < 4; c++)
            if (!(fabsf(got[c] - want[c]) <= tex_ref_tolerance(&cref, 2, x, c) + 1e-6f)) {
              if (bad++ < 3)
                printf("uchar4 %s %s %s at (%g, %g) channel %d: got %.6f, want %.6f\n",
                       normalized ? "normalized" : "texels", linear ? "linear" : "point",
                       mode_name(mode), x[0], x[1], c, got[c], want[c]);
            }
        }
        if (bad) failures++, printf("FAIL: uchar4 texture, %d samples wrong\n", bad);
        cudaDestroyTextureObject(t);
        cudaDestroyTextureObject(ct);
      }

  // handles travelling: a (point, clamp) and b (linear, clamp), unnormalized
  cudaTextureObject_t a = make_texture(farr, 0, 0, cudaAddressModeClamp, 0);
  cudaTextureObject_t b = make_texture(farr, 0, 1, cudaAddressModeClamp, 0);
  cudaTextureObject_t *table;
  cudaMallocManaged(&table, 2 * sizeof *table);
  table[0] = b;
  table[1] = a;
  Handles h = {a, b};
  points(pts, 0, W, H);
  sample_travel<<<2, 64>>>(h, table, pts, out, NPTS);
  if (check(cudaDeviceSynchronize(), "sample_travel")) return 1;
  for (int k = 0, bad = 0; k < NPTS; k++) {
    int linear = (k & 1) ? 1 : (k % 3 == 0 ? 0 : 1);
    TexRef ref = {&tex_values[0][0], W, H, 1, 1, 0, linear, {1, 1, 1}, {0, 0, 0, 0}};
    float x[2] = {pts[k].x, pts[k].y}, want;
    tex_ref_sample(&ref, 2, x, &want);
    if (!(fabsf(out[k] - want) <= tex_ref_tolerance(&ref, 2, x, 0)) && bad++ == 0) {
      printf("FAIL: travelling handle %d at (%g, %g): got %g, want %g\n", k, x[0], x[1], out[k],
             want);
      failures++;
    }
  }
  if (failures) {
    printf("FAIL: %d failures\n", failures);
    return 1;
  }
  printf("passed: tex2D, %d filter/coordinate/address combinations on float and uchar4 textures, "
         "travelling handles\n",
         combos);
  printf("PASS\n");
  return 0;
}
