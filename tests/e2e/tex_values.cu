// tex_values.cu — what textures return where CUDA's documentation leaves room, checked
// against what an NVIDIA H100 (CUDA 13.0, nvcc -O2 -arch=sm_90) returned: (1) linear
// filtering between two texels at 65 positions (CUDA's weights are 9-bit fixed point,
// softmetal's float: checked within 1/256); (2) wrap and mirror address modes with
// unnormalized coordinates act as clamp (as the guide says; the H100 agrees); (3) a layer
// index outside a layered texture: the H100 reads the last layer for any index past it and
// for negative ones (the index as unsigned, clamped); (4) a border colour on an integer
// texture read as elements: the H100 returns the float colour's bits; (5) the alignment of
// small cudaMalloc allocations against cudaDevAttrTextureAlignment (CUB's
// TexObjInputIterator binds a texture over any cudaMalloc'd pointer): every allocation a
// multiple of it, and both as an H100's (512). Each decides PASS.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

__global__ void lerp1d(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex1D<float>(t, 0.5f + i / 64.0f);
}
__global__ void coords(cudaTextureObject_t t, const float *x, float *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, x[i], 0.5f);
}
__global__ void layers(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  out[i] = tex2DLayered<float>(t, 0.5f, 0.5f, i - 2); // -2 .. 3 of 2 layers
}
__global__ void intborder(cudaTextureObject_t t, int *out) {
  int i = threadIdx.x;
  out[i] = tex2D<int>(t, i - 1.5f, 0.5f);
}

static cudaTextureObject_t make(cudaArray_t a, int mode, int linear, float border) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc d;
  memset(&d, 0, sizeof d);
  d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = (cudaTextureAddressMode)mode;
  d.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
  d.readMode = cudaReadModeElementType;
  d.borderColor[0] = d.borderColor[1] = d.borderColor[2] = d.borderColor[3] = border;
  cudaTextureObject_t t = 0;
  cudaError_t e = cudaCreateTextureObject(&t, &r, &d, NULL);
  if (e != cudaSuccess)
    printf("cudaCreateTextureObject (mode %d): %s\n", mode, cudaGetErrorName(e));
  return t;
}

int main(void) {
  float *out;
  int *iout;
  float *xs;
  cudaMallocManaged(&out, 128 * sizeof(float));
  cudaMallocManaged(&iout, 64 * sizeof(int));
  cudaMallocManaged(&xs, 64 * sizeof(float));
  cudaChannelFormatDesc f = cudaCreateChannelDesc<float>(), di = cudaCreateChannelDesc<int>();

  // (1) two texels 0 and 1: the result is the weight of texel 1
  cudaArray_t a2 = 0;
  float two[2] = {0.0f, 1.0f};
  if (cudaMallocArray(&a2, &f, 2, 0, 0) != cudaSuccess ||
      cudaMemcpy2DToArray(a2, 0, 0, two, 8, 8, 1, cudaMemcpyHostToDevice) != cudaSuccess)
    return printf("FAIL: array\n"), 1;
  lerp1d<<<1, 65>>>(make(a2, cudaAddressModeClamp, 1, 0.0f), out);
  if (cudaDeviceSynchronize() != cudaSuccess) return printf("FAIL: lerp1d\n"), 1;
  int bad = 0;
  printf("(1) linear weights: x, got, exact, got*256\n");
  for (int i = 0; i <= 64; i++) {
    float exact = i / 64.0f;
    printf("  %.6f %.8f %.8f %.3f\n", 0.5f + i / 64.0f, out[i], exact, out[i] * 256.0f);
    if (!(fabsf(out[i] - exact) <= 1.0f / 256.0f)) bad++;
  }

  // (2) unnormalized coordinates with wrap and mirror: a 4x1 texture 10, 20, 30, 40
  cudaArray_t a4 = 0;
  float four[4] = {10, 20, 30, 40};
  if (cudaMallocArray(&a4, &f, 4, 1, 0) != cudaSuccess ||
      cudaMemcpy2DToArray(a4, 0, 0, four, 16, 16, 1, cudaMemcpyHostToDevice) != cudaSuccess)
    return printf("FAIL: array\n"), 1;
  float px[8] = {-2.5f, -0.5f, 0.5f, 3.5f, 4.5f, 5.5f, 7.5f, 9.5f};
  memcpy(xs, px, sizeof px);
  const char *names[] = {"wrap", "clamp", "mirror", "border"};
  for (int mode = 0; mode < 4; mode++) {
    cudaTextureObject_t t = make(a4, mode, 0, 0.0f);
    coords<<<1, 8>>>(t, xs, out, 8);
    cudaError_t e = cudaDeviceSynchronize();
    printf("(2) unnormalized %s (%s):", names[mode], cudaGetErrorName(e));
    for (int k = 0; k < 8; k++)
      printf(" %g->%g", px[k], out[k]);
    printf("\n");
    // the H100's answer: clamp for wrap, clamp and mirror; border outside the texture
    for (int k = 0; k < 8; k++) {
      float want = mode == cudaAddressModeBorder && (px[k] < 0 || px[k] >= 4)
                       ? 0.0f
                       : four[px[k] < 0    ? 0
                              : px[k] >= 4 ? 3
                                           : (int)px[k]];
      if (e != cudaSuccess || out[k] != want) {
        printf("FAIL: (2) %s at %g: got %g, want %g (an H100's answer)\n", names[mode], px[k],
               out[k], want);
        bad++;
      }
    }
  }

  // (3) layers out of range: 2 layers of 1x1 texels 5 and 6
  cudaArray_t al = 0;
  if (cudaMalloc3DArray(&al, &f, make_cudaExtent(1, 1, 2), cudaArrayLayered) != cudaSuccess)
    return printf("FAIL: layered array\n"), 1;
  float lv[2] = {5, 6};
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(lv, 4, 1, 1);
  p.dstArray = al;
  p.extent = make_cudaExtent(1, 1, 2);
  p.kind = cudaMemcpyHostToDevice;
  if (cudaMemcpy3D(&p) != cudaSuccess) return printf("FAIL: cudaMemcpy3D\n"), 1;
  layers<<<1, 6>>>(make(al, cudaAddressModeClamp, 0, 0.0f), out);
  printf("(3) layers -2..3 of 2 (%s):", cudaGetErrorName(cudaDeviceSynchronize()));
  for (int k = 0; k < 6; k++)
    printf(" %g", out[k]);
  printf("\n");
  const float want_layers[6] = {6, 6, 5, 6, 6, 6}; // an H100's answer
  for (int k = 0; k < 6; k++)
    if (out[k] != want_layers[k])
      printf("FAIL: (3) layer %d: got %g, want %g (an H100's answer)\n", k - 2, out[k],
             want_layers[k]),
          bad++;

  // (4) border colour 7.75 on an int texture 100, 200 (point, element type)
  cudaArray_t ai = 0;
  int iv[2] = {100, 200};
  if (cudaMallocArray(&ai, &di, 2, 1, 0) != cudaSuccess ||
      cudaMemcpy2DToArray(ai, 0, 0, iv, 8, 8, 1, cudaMemcpyHostToDevice) != cudaSuccess)
    return printf("FAIL: int array\n"), 1;
  intborder<<<1, 5>>>(make(ai, cudaAddressModeBorder, 0, 7.75f), iout);
  printf("(4) int texture, border 7.75, x = -1.5 .. 2.5 (%s):",
         cudaGetErrorName(cudaDeviceSynchronize()));
  for (int k = 0; k < 5; k++)
    printf(" %d (0x%x)", iout[k], (unsigned)iout[k]);
  printf("\n");
  float border = 7.75f;
  int border_bits;
  memcpy(&border_bits, &border, sizeof border_bits); // 0x40f80000, an H100's answer
  const int want_int[5] = {border_bits, border_bits, 100, 200, border_bits};
  for (int k = 0; k < 5; k++)
    if (iout[k] != want_int[k])
      printf("FAIL: (4) x = %g: got 0x%x, want 0x%x (an H100's answer)\n", k - 1.5, iout[k],
             want_int[k]),
          bad++;

  // (5) small allocations against the texture alignment
  int align = 0;
  cudaDeviceGetAttribute(&align, cudaDevAttrTextureAlignment, 0);
  // observed on an H100 (CUDA 13.0): textureAlignment 512, addresses mod 512 all 0
  printf("(5) textureAlignment %d; cudaMalloc(100) addresses mod 512:", align);
  if (align != 512) printf(" FAIL: textureAlignment not an H100's 512"), bad++;
  void *q[6] = {0};
  for (int k = 0; k < 6; k++) {
    cudaMalloc(&q[k], 100);
    printf(" %d", (int)((size_t)q[k] % 512));
    if (!q[k] || align <= 0 || (size_t)q[k] % align || (size_t)q[k] % 512)
      printf(" FAIL: not 512-aligned"), bad++;
  }
  printf("\n");
  // printed only: the distance between consecutive small allocations (Anchor: 512, its
  // arena's unit; what a 100-byte cudaMalloc costs on an NVIDIA GPU is not documented)
  printf("(5) cudaMalloc(100) distances:");
  for (int k = 1; k < 6; k++)
    printf(" %lld", (long long)((char *)q[k] - (char *)q[k - 1]));
  printf("\n");
  for (int k = 0; k < 6; k++)
    cudaFree(q[k]);

  if (bad) return printf("FAIL: %d values unlike an H100's\n", bad), 1;
  printf("PASS\n");
  return 0;
}
