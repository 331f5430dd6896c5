// tests/runtime/cuda/texture_codes.cu — the codes of the array, texture and surface calls
// where CUDA's documentation leaves room (issue 15), one line each: "call = code name".
// Every code is checked against what CUDA 13.0 answered on an NVIDIA H100 (driver 580,
// nvcc -O2 -arch=sm_90 texture_codes.cu && ./a.out; "observed on an H100" below) and prints
// FAIL when it differs; a line ending in " ?" is printed only. Built by anchorcc in CTest
// (runtime.cuda.texture_codes).
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
#define H100(want, call) CHECKED(want, call) // observed on an H100

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
  // observed on an H100: 512, 32, 512 (and every cudaMalloc pointer 512-aligned, tex_values)
  bool aligned =
      p.textureAlignment == 512 && p.texturePitchAlignment == 32 && p.surfaceAlignment == 512;
  printf("textureAlignment %zu texturePitchAlignment %zu surfaceAlignment %zu%s\n",
         p.textureAlignment, p.texturePitchAlignment, p.surfaceAlignment, aligned ? "" : " FAIL");
  failures += !aligned;
  // Metal's limits, the device's real ones (the H100 reports 131072, 131072 x 65536, 16384,
  // 2048): printed only
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
  H100(cudaErrorInvalidChannelDescriptor, cudaMallocArray(&b, &three, 16, 16));
  H100(cudaErrorInvalidChannelDescriptor, cudaMallocArray(&b, &none, 16, 16));
  H100(cudaErrorInvalidChannelDescriptor, cudaMallocArray(&b, &float8, 16, 16));
  H100(cudaErrorInvalidValue, cudaMallocArray(&b, &f1, 0, 16));
  H100(cudaErrorInvalidValue, cudaMallocArray(&b, &f1, 16, 16, cudaArrayLayered));
  // 0x100: the driver's CUDA_ARRAY3D_VIDEO_ENCODE_DECODE; an ordinary array in Anchor
  H100(cudaSuccess, cudaMallocArray(&b, &f1, 16, 16, 0x100));
  cudaFreeArray(b), b = nullptr;
  H100(cudaErrorInvalidValue,
       cudaMalloc3DArray(&b, &f1, make_cudaExtent(8, 4, 6), cudaArrayCubemap));
  H100(cudaErrorInvalidValue,
       cudaMalloc3DArray(&b, &f1, make_cudaExtent(8, 8, 5), cudaArrayCubemap));
  H100(cudaErrorInvalidValue,
       cudaMalloc3DArray(&b, &f1, make_cudaExtent(8, 8, 8), cudaArrayTextureGather));
  H100(cudaErrorInvalidValue, cudaMalloc3DArray(&b, &f1, make_cudaExtent(4, 0, 4), 0));
  H100(cudaErrorInvalidValue, cudaMallocArray(&b, &f1, (size_t)p.maxTexture1D + 1, 0));

  // copies
  CHECKED(cudaSuccess, cudaMallocArray(&a, &f1, 8, 8));
  float host[64] = {0};
  CHECKED(cudaErrorInvalidPitchValue,
          cudaMemcpy2DToArray(a, 0, 0, host, 16, 32, 2, cudaMemcpyHostToDevice));
  H100(cudaSuccess,
       cudaMemcpy2DToArray(a, 2, 0, host, 32, 4, 1, cudaMemcpyHostToDevice)); // not a texel
  H100(cudaErrorInvalidValue,
       cudaMemcpy2DToArray(a, 8, 0, host, 32, 32, 1, cudaMemcpyHostToDevice)); // past the row
  H100(cudaErrorInvalidValue,
       cudaMemcpy2DToArray(a, 0, 1, host, 32, 32, 8, cudaMemcpyHostToDevice)); // past the end
  H100(cudaErrorInvalidValue,
       cudaMemcpy2DToArray(a, 0, 0, host, 32, 32, 8, cudaMemcpyDeviceToDevice)); // host memory
  cudaMemcpy3DParms c;
  memset(&c, 0, sizeof c);
  c.srcPtr = make_cudaPitchedPtr(host, 32, 8, 8);
  c.dstArray = a;
  c.extent = make_cudaExtent(8, 8, 0);
  c.kind = cudaMemcpyHostToDevice;
  H100(cudaSuccess, cudaMemcpy3D(&c)); // depth 0 with an array
  c.extent = make_cudaExtent(8, 8, 2);
  H100(cudaErrorInvalidValue, cudaMemcpy3D(&c)); // depth 2 into a 2-D array
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
  H100(cudaErrorInvalidFilterSetting, cudaCreateTextureObject(&obj, &res, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  t.filterMode = cudaFilterModePoint;
  t.readMode = cudaReadModeNormalizedFloat; // 32-bit integers as normalized floats
  H100(cudaErrorInvalidNormSetting, cudaCreateTextureObject(&obj, &res, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  t.readMode = cudaReadModeElementType;
  CHECKED(cudaSuccess, cudaCreateTextureObject(&obj, &res, &t, nullptr));
  cudaResourceViewDesc view;
  memset(&view, 0x5a, sizeof view);
  H100(cudaSuccess, cudaGetTextureObjectResourceViewDesc(&view, obj)); // made without a view
  // what it gives: Anchor all zeros (the H100's is not yet known)
  printf("  view: format %d %zu x %zu x %zu, levels %u..%u, layers %u..%u ?\n", (int)view.format,
         view.width, view.height, view.depth, view.firstMipmapLevel, view.lastMipmapLevel,
         view.firstLayer, view.lastLayer);
  CHECKED(cudaSuccess, cudaDestroyTextureObject(obj));
  H100(cudaSuccess, cudaDestroyTextureObject(0));
  cudaSurfaceObject_t surf = 0;
  H100(cudaSuccess, cudaCreateSurfaceObject(&surf, &res)); // no cudaArraySurfaceLoadStore
  CHECKED(cudaSuccess, cudaMallocArray(&s, &u8x4, 8, 8, cudaArraySurfaceLoadStore));
  res.res.array.array = s;
  CHECKED(cudaSuccess, cudaCreateSurfaceObject(&surf, &res));
  CHECKED(cudaSuccess, cudaDestroySurfaceObject(surf));
  // linear memory at offsets of 256, 4 and 512 bytes into an allocation: CUDA's documentation
  // asks for a devPtr aligned to textureAlignment (512 on an H100)
  char *mem = nullptr;
  CHECKED(cudaSuccess, cudaMalloc(&mem, 1 << 16));
  cudaResourceDesc lin;
  memset(&lin, 0, sizeof lin);
  lin.resType = cudaResourceTypeLinear;
  lin.res.linear.desc = f1;
  lin.res.linear.sizeInBytes = 1024;
  lin.res.linear.devPtr = mem + 256;
  H100(cudaErrorInvalidValue, cudaCreateTextureObject(&obj, &lin, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  lin.res.linear.devPtr = mem + 4;
  H100(cudaErrorInvalidValue, cudaCreateTextureObject(&obj, &lin, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  lin.res.linear.devPtr = mem + 512; // aligned: documented to bind
  CHECKED(cudaSuccess, cudaCreateTextureObject(&obj, &lin, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  // pitched memory: the same rule for devPtr (CUDA's documentation), 8 rows of 64 floats
  cudaResourceDesc pitched;
  memset(&pitched, 0, sizeof pitched);
  pitched.resType = cudaResourceTypePitch2D;
  pitched.res.pitch2D.desc = f1;
  pitched.res.pitch2D.width = 64;
  pitched.res.pitch2D.height = 8;
  pitched.res.pitch2D.pitchInBytes = 256;
  pitched.res.pitch2D.devPtr = mem + 256;
  CHECKED(cudaErrorInvalidValue, cudaCreateTextureObject(&obj, &pitched, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  pitched.res.pitch2D.devPtr = mem + 1024;
  CHECKED(cudaSuccess, cudaCreateTextureObject(&obj, &pitched, &t, nullptr));
  if (obj) cudaDestroyTextureObject(obj), obj = 0;
  // mipmapped arrays: levels clamped; a level is no array to free
  cudaMipmappedArray_t m = nullptr;
  CHECKED(cudaSuccess, cudaMallocMipmappedArray(&m, &f1, make_cudaExtent(64, 32, 0), 10));
  cudaArray_t level = nullptr;
  CHECKED(cudaSuccess, cudaGetMipmappedArrayLevel(&level, m, 6));
  H100(cudaErrorInvalidValue, cudaGetMipmappedArrayLevel(&level, m, 7));
  CHECKED(cudaSuccess, cudaGetMipmappedArrayLevel(&level, m, 1));
  H100(cudaSuccess, cudaFreeArray(level));
  // the mipmapped array after that (Anchor: unchanged, the level still its own)
  cudaArray_t again = nullptr;
  SHOW(cudaGetMipmappedArrayLevel(&again, m, 1));
  printf("  the same level again: %s ?\n", again == level ? "yes" : "no");
  if (again) SHOW(cudaMemcpy2DToArray(again, 0, 0, host, 32, 32, 4, cudaMemcpyHostToDevice));
  CHECKED(cudaSuccess, cudaFreeMipmappedArray(m));

  cudaFree(mem);
  cudaFreeArray(a);
  cudaFreeArray(b);
  cudaFreeArray(s);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
