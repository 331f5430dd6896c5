// tests/runtime/cuda/texture_codes.cu — the codes of the array, texture and surface calls
// where CUDA's documentation leaves room (issue 15), one line each: "call = code name".
// A line ending in " ?" is Anchor's choice, printed so that the H200's output (nvcc -O2
// -arch=sm_90 texture_codes.cu && ./a.out) settles it; the others are checked and print
// FAIL when they differ. Built by anchorcc in CTest (runtime.cuda.texture_codes).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures;

static void report(const char *text, cudaError_t got, int want) {
  // want < 0: printed only
  printf("%-72s = %d %s%s\n", text, (int)got, cudaGetErrorName(got), want < 0 ? " ?" : "");
  if (want >= 0 && (int)got != want) {
    printf("FAIL: %s: want %d\n", text, want);
    failures++;
  }
  (void)cudaGetLastError();
}
#define SHOW(call) report(#call, (call), -1)
#define CHECKED(want, call) report(#call, (call), (int)(want))

int main() {
  cudaArray_t a = nullptr, b = nullptr, s = nullptr;
  cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
  cudaChannelFormatDesc u8x4 = cudaCreateChannelDesc<uchar4>();
  cudaChannelFormatDesc i32 = cudaCreateChannelDesc<int>();
  cudaChannelFormatDesc three = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  cudaChannelFormatDesc none = cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
  cudaChannelFormatDesc float8 = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaDeviceProp p;
  CHECKED(cudaSuccess, cudaGetDeviceProperties(&p, 0));
  printf("textureAlignment %zu texturePitchAlignment %zu surfaceAlignment %zu ?\n",
         p.textureAlignment, p.texturePitchAlignment, p.surfaceAlignment);
  printf("maxTexture1D %d maxTexture2D %d x %d maxTexture3D %d maxTexture2DLayered layers %d ?\n",
         p.maxTexture1D, p.maxTexture2D[0], p.maxTexture2D[1], p.maxTexture3D[0],
         p.maxTexture2DLayered[2]);

  // cudaCreateChannelDesc<T>: CUDA 13 has none for the 3-component types or __half (kind
  // None, as nvcc 13.0 gives); the half descriptors are functions
  cudaChannelFormatDesc c3 = cudaCreateChannelDesc<uchar3>(), h4 = cudaCreateChannelDescHalf4();
  cudaChannelFormatDesc s2 = cudaCreateChannelDesc<short2>(), c1 = cudaCreateChannelDesc<char>();
  bool descs = c3.x == 0 && c3.f == cudaChannelFormatKindNone && h4.x == 16 && h4.w == 16 &&
               h4.f == cudaChannelFormatKindFloat && s2.x == 16 && s2.y == 16 && s2.z == 0 &&
               s2.f == cudaChannelFormatKindSigned && c1.x == 8 && c1.y == 0;
  printf("cudaCreateChannelDesc<T>: %s\n", descs ? "as CUDA 13" : "FAIL");
  failures += !descs;

  // channel formats and extents
  SHOW(cudaMallocArray(&b, &three, 16, 16));
  SHOW(cudaMallocArray(&b, &none, 16, 16));
  SHOW(cudaMallocArray(&b, &float8, 16, 16));
  SHOW(cudaMallocArray(&b, &f1, 0, 16));
  SHOW(cudaMallocArray(&b, &f1, 16, 16, cudaArrayLayered));
  SHOW(cudaMallocArray(&b, &f1, 16, 16, 0x100));
  SHOW(cudaMalloc3DArray(&b, &f1, make_cudaExtent(8, 4, 6), cudaArrayCubemap));
  SHOW(cudaMalloc3DArray(&b, &f1, make_cudaExtent(8, 8, 5), cudaArrayCubemap));
  SHOW(cudaMalloc3DArray(&b, &f1, make_cudaExtent(8, 8, 8), cudaArrayTextureGather));
  SHOW(cudaMalloc3DArray(&b, &f1, make_cudaExtent(4, 0, 4), 0));
  SHOW(cudaMallocArray(&b, &f1, (size_t)p.maxTexture1D + 1, 0));

  // copies
  CHECKED(cudaSuccess, cudaMallocArray(&a, &f1, 8, 8));
  float host[64] = {0};
  CHECKED(cudaErrorInvalidPitchValue,
          cudaMemcpy2DToArray(a, 0, 0, host, 16, 32, 2, cudaMemcpyHostToDevice));
  SHOW(cudaMemcpy2DToArray(a, 2, 0, host, 32, 4, 1, cudaMemcpyHostToDevice));    // not a texel
  SHOW(cudaMemcpy2DToArray(a, 8, 0, host, 32, 32, 1, cudaMemcpyHostToDevice));   // past the row
  SHOW(cudaMemcpy2DToArray(a, 0, 1, host, 32, 32, 8, cudaMemcpyHostToDevice));   // past the end
  SHOW(cudaMemcpy2DToArray(a, 0, 0, host, 32, 32, 8, cudaMemcpyDeviceToDevice)); // host memory
  cudaMemcpy3DParms c;
  memset(&c, 0, sizeof c);
  c.srcPtr = make_cudaPitchedPtr(host, 32, 8, 8);
  c.dstArray = a;
  c.extent = make_cudaExtent(8, 8, 0);
  c.kind = cudaMemcpyHostToDevice;
  SHOW(cudaMemcpy3D(&c)); // depth 0 with an array
  c.extent = make_cudaExtent(8, 8, 2);
  SHOW(cudaMemcpy3D(&c)); // depth 2 into a 2-D array
  // cudaMemcpyToArray runs across rows in row-major order
  for (int i = 0; i < 64; i++)
    host[i] = (float)i;
  CHECKED(cudaSuccess, cudaMemcpyToArray(a, 0, 0, host, sizeof host, cudaMemcpyHostToDevice));
  float row[3] = {-1, -2, -3}, back[64];
  CHECKED(cudaSuccess, cudaMemcpyToArray(a, 7 * 4, 2, row, sizeof row, cudaMemcpyHostToDevice));
  CHECKED(cudaSuccess, cudaMemcpyFromArray(back, a, 0, 0, sizeof back, cudaMemcpyDeviceToHost));
  bool wrapped = back[23] == -1 && back[24] == -2 && back[25] == -3 && back[22] == 22;
  printf("cudaMemcpyToArray across rows: %s\n", wrapped ? "row-major" : "FAIL");
  failures += !wrapped;

  // texture objects
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  CHECKED(cudaSuccess, cudaMallocArray(&b, &i32, 8, 8));
  res.res.array.array = b;
  cudaTextureDesc t;
  memset(&t, 0, sizeof t);
  cudaTextureObject_t obj = 0;
  t.filterMode = cudaFilterModeLinear; // integers read as integers, filtered
  SHOW(cudaCreateTextureObject(&obj, &res, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  t.filterMode = cudaFilterModePoint;
  t.readMode = cudaReadModeNormalizedFloat; // 32-bit integers as normalized floats
  SHOW(cudaCreateTextureObject(&obj, &res, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  t.readMode = cudaReadModeElementType;
  CHECKED(cudaSuccess, cudaCreateTextureObject(&obj, &res, &t, nullptr));
  cudaResourceViewDesc view;
  SHOW(cudaGetTextureObjectResourceViewDesc(&view, obj)); // made without a view
  CHECKED(cudaSuccess, cudaDestroyTextureObject(obj));
  SHOW(cudaDestroyTextureObject(0));
  cudaSurfaceObject_t surf = 0;
  SHOW(cudaCreateSurfaceObject(&surf, &res)); // no cudaArraySurfaceLoadStore
  CHECKED(cudaSuccess, cudaMallocArray(&s, &u8x4, 8, 8, cudaArraySurfaceLoadStore));
  res.res.array.array = s;
  CHECKED(cudaSuccess, cudaCreateSurfaceObject(&surf, &res));
  CHECKED(cudaSuccess, cudaDestroySurfaceObject(surf));
  // linear memory at an offset of 256 and 4 bytes into an allocation
  char *mem = nullptr;
  CHECKED(cudaSuccess, cudaMalloc(&mem, 1 << 16));
  cudaResourceDesc lin;
  memset(&lin, 0, sizeof lin);
  lin.resType = cudaResourceTypeLinear;
  lin.res.linear.desc = f1;
  lin.res.linear.sizeInBytes = 1024;
  lin.res.linear.devPtr = mem + 256;
  SHOW(cudaCreateTextureObject(&obj, &lin, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  lin.res.linear.devPtr = mem + 4;
  SHOW(cudaCreateTextureObject(&obj, &lin, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  // mipmapped arrays: levels clamped; a level is no array to free
  cudaMipmappedArray_t m = nullptr;
  CHECKED(cudaSuccess, cudaMallocMipmappedArray(&m, &f1, make_cudaExtent(64, 32, 0), 10));
  cudaArray_t level = nullptr;
  CHECKED(cudaSuccess, cudaGetMipmappedArrayLevel(&level, m, 6));
  SHOW(cudaGetMipmappedArrayLevel(&level, m, 7));
  CHECKED(cudaSuccess, cudaGetMipmappedArrayLevel(&level, m, 1));
  SHOW(cudaFreeArray(level));
  CHECKED(cudaSuccess, cudaFreeMipmappedArray(m));

  cudaFree(mem);
  cudaFreeArray(a);
  cudaFreeArray(b);
  cudaFreeArray(s);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
