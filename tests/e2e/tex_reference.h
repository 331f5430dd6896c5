// tex_reference.h — CPU reference of CUDA's texture sampling for the texture e2e tests
// (CUDA C++ Programming Guide, "Texture Fetching"): texel centres at i + 0.5,
// normalized coordinates scaled by the size, address modes per dimension (wrap and mirror
// act on normalized coordinates; unnormalized ones clamp), nearest = the texel containing
// the coordinate, linear = the 2^dims texels around (coordinate - 0.5) weighted by its
// fraction. CUDA's weights are 9-bit fixed point (8 fractional bits), Metal's undocumented:
// filtered results are compared within 1/256 of the texel range, nearest ones exactly.
// Plain C++, no CUDA: shared by the programs, also compiled by nvcc.
#ifndef TEX_REFERENCE_H
#define TEX_REFERENCE_H
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>

struct TexRef {
  const float *data; // width * height * depth texels of `channels` floats
  int width, height, depth, channels;
  int normalized;  // cudaTextureDesc.normalizedCoords
  int linear;      // cudaFilterModeLinear
  int address[3];  // cudaTextureAddressMode per dimension
  float border[4]; // cudaTextureDesc.borderColor
};

// Texel index i of a dimension of n texels under mode; -1: the border colour.
static inline int tex_ref_address(int i, int n, int mode, int normalized) {
  if (!normalized && (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror))
    mode = cudaAddressModeClamp;
  switch (mode) {
  case cudaAddressModeWrap: i %= n; return i < 0 ? i + n : i;
  case cudaAddressModeMirror: {
    int p = 2 * n;
    i %= p;
    if (i < 0) i += p;
    return i < n ? i : p - 1 - i;
  }
  case cudaAddressModeBorder: return i < 0 || i >= n ? -1 : i;
  default: return i < 0 ? 0 : i >= n ? n - 1 : i;
  }
}

static inline void tex_ref_texel(const TexRef *t, int dims, const int *at, float *out) {
  int idx[3] = {0, 0, 0}, n[3] = {t->width, t->height, t->depth};
  for (int d = 0; d < dims; d++) {
    idx[d] = tex_ref_address(at[d], n[d], t->address[d], t->normalized);
    if (idx[d] < 0) {
      for (int c = 0; c < t->channels; c++)
        out[c] = t->border[c];
      return;
    }
  }
  const float *p =
      t->data + (((size_t)idx[2] * t->height + idx[1]) * t->width + idx[0]) * t->channels;
  for (int c = 0; c < t->channels; c++)
    out[c] = p[c];
}

// CUDA's sample of a dims-dimensional texture at coordinate x[0..dims-1].
static inline void tex_ref_sample(const TexRef *t, int dims, const float *x, float *out) {
  int n[3] = {t->width, t->height, t->depth};
  float u[3];
  for (int d = 0; d < dims; d++)
    u[d] = t->normalized ? x[d] * n[d] : x[d];
  if (!t->linear) {
    int at[3];
    for (int d = 0; d < dims; d++)
      at[d] = (int)floorf(u[d]);
    tex_ref_texel(t, dims, at, out);
    return;
  }
  int base[3];
  float frac[3];
  for (int d = 0; d < dims; d++) {
    float b = u[d] - 0.5f;
    base[d] = (int)floorf(b);
    frac[d] = b - floorf(b);
  }
  for (int c = 0; c < t->channels; c++)
    out[c] = 0.0f;
  for (int corner = 0; corner < (1 << dims); corner++) {
    int at[3];
    float w = 1.0f, v[4];
    for (int d = 0; d < dims; d++) {
      int up = (corner >> d) & 1;
      at[d] = base[d] + up;
      w *= up ? frac[d] : 1.0f - frac[d];
    }
    tex_ref_texel(t, dims, at, v);
    for (int c = 0; c < t->channels; c++)
      out[c] += w * v[c];
  }
}

// The tolerance of channel c of a linear sample against the reference: CUDA's weights have
// 8 fractional bits, so each dimension's weight is off by up to 1/256, which moves the
// result by up to 1/256 of the spread of the texels it weighs, per dimension; plus float
// rounding. 0 for point sampling.
static inline float tex_ref_tolerance(const TexRef *t, int dims, const float *x, int c) {
  if (!t->linear) return 0.0f;
  int n[3] = {t->width, t->height, t->depth}, base[3];
  for (int d = 0; d < dims; d++)
    base[d] = (int)floorf((t->normalized ? x[d] * n[d] : x[d]) - 0.5f);
  float lo = INFINITY, hi = -INFINITY;
  for (int corner = 0; corner < (1 << dims); corner++) {
    int at[3];
    float v[4];
    for (int d = 0; d < dims; d++)
      at[d] = base[d] + ((corner >> d) & 1);
    tex_ref_texel(t, dims, at, v);
    lo = fminf(lo, v[c]), hi = fmaxf(hi, v[c]);
  }
  return dims * (hi - lo) / 256.0f + 1e-5f * fmaxf(fabsf(lo), fabsf(hi)) + 1e-6f;
}

#endif
