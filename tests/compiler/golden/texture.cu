// Texture and surface objects (issue 15): each call reads the 128-byte record through
// the handle as an argument-buffer struct (anchor_tex_2d_f ...) and calls sample, read,
// gather or write on its texture field; the header (anchor/texture.h) checks the
// record's kind and class, tex1Dfetch's range and the surface's boundary mode.
struct Params {
  cudaTextureObject_t tex; // a handle inside a struct
  int n;
};

__global__ void sample2d(cudaTextureObject_t t, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2DLod<float4>(t, i + 0.5f, 0.5f, 1.0f);
}

__global__ void fetch(Params p, int *out) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch<int>(p.tex, i);
}

__global__ void gather(const cudaTextureObject_t *handles, int which, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2Dgather<float4>(handles[which], i + 0.5f, 0.5f, 1);
}

__global__ void layered(cudaTextureObject_t t, uint2 *out) {
  int i = threadIdx.x;
  tex2DLayered(&out[i], t, i + 0.5f, 0.5f, 3);
}

__global__ void surface(cudaSurfaceObject_t s) {
  int i = threadIdx.x;
  float2 v = surf2Dread<float2>(s, i * 8, 0, cudaBoundaryModeClamp);
  surf2Dwrite(make_float2(v.y, v.x), s, i * 8, 1, cudaBoundaryModeZero);
}
