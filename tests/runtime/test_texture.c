/* tests/runtime/test_texture.c — CUDA arrays, mipmapped arrays, texture and surface
 * objects in libanchor (docs/textures.md; softmetal on Linux): round trips through
 * arrays of every channel format and shape (2-D, 1-D, 3-D, layered, cubemap, mipmap
 * levels) between host, device and pinned memory and other arrays, blocking and on
 * streams, captured into a graph; the descriptors the getters return; the records of
 * texture and surface objects read back through their handles (docs/textures.md's
 * layout); and the error codes of bad calls. Codes marked "?" in docs/runtime.md are
 * CUDA's documented ones, not yet observed on the H200 (tests/runtime/texture_h200.cu). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime.h"

/* The record of docs/textures.md, as the kernel reads it. */
typedef struct {
  uint64_t texture, sampler;
  uint32_t kind, format, flags, texel_bytes;
  uint32_t extent[3];
  uint32_t address_mode[3];
  float border[4];
  float level_bias;
  uint32_t levels;
  float lod_min, lod_max;
  uint32_t reserved[10];
} record;

static record read_record(unsigned long long handle) {
  record r;
  memset(&r, 0xff, sizeof r);
  CHECK_ERR(cudaMemcpy(&r, (void *)(uintptr_t)handle, sizeof r, cudaMemcpyDeviceToHost),
            cudaSuccess);
  return r;
}

/* Every channel format CUDA arrays take. */
typedef struct {
  int bits, channels;
  enum cudaChannelFormatKind kind;
} format;
static const format formats[] = {
    {8, 1, cudaChannelFormatKindUnsigned},  {8, 2, cudaChannelFormatKindUnsigned},
    {8, 4, cudaChannelFormatKindUnsigned},  {8, 1, cudaChannelFormatKindSigned},
    {8, 2, cudaChannelFormatKindSigned},    {8, 4, cudaChannelFormatKindSigned},
    {16, 1, cudaChannelFormatKindUnsigned}, {16, 2, cudaChannelFormatKindUnsigned},
    {16, 4, cudaChannelFormatKindUnsigned}, {16, 1, cudaChannelFormatKindSigned},
    {16, 2, cudaChannelFormatKindSigned},   {16, 4, cudaChannelFormatKindSigned},
    {16, 1, cudaChannelFormatKindFloat},    {16, 2, cudaChannelFormatKindFloat},
    {16, 4, cudaChannelFormatKindFloat},    {32, 1, cudaChannelFormatKindUnsigned},
    {32, 2, cudaChannelFormatKindUnsigned}, {32, 4, cudaChannelFormatKindUnsigned},
    {32, 1, cudaChannelFormatKindSigned},   {32, 2, cudaChannelFormatKindSigned},
    {32, 4, cudaChannelFormatKindSigned},   {32, 1, cudaChannelFormatKindFloat},
    {32, 2, cudaChannelFormatKindFloat},    {32, 4, cudaChannelFormatKindFloat},
};

static struct cudaChannelFormatDesc desc_of(format f) {
  return cudaCreateChannelDesc(f.bits, f.channels > 1 ? f.bits : 0, f.channels > 2 ? f.bits : 0,
                               f.channels > 3 ? f.bits : 0, f.kind);
}

static void fill(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char)(i * 131u + seed * 7u + (i >> 8));
}

/* Host -> 2-D array (spitch > width) -> host, device memory both ways, pinned memory, an
 * array-to-array copy with offsets, for one format. */
static void round_trip_2d(format f) {
  enum { W = 13, H = 7 };
  size_t texel = (size_t)f.bits / 8 * (size_t)f.channels, row = W * texel, pitch = row + 24;
  struct cudaChannelFormatDesc desc = desc_of(f);
  cudaArray_t a = NULL, b = NULL;
  CHECK_ERR(cudaMallocArray(&a, &desc, W, H, 0), cudaSuccess);
  CHECK_ERR(cudaMallocArray(&b, &desc, W, H, cudaArraySurfaceLoadStore), cudaSuccess);
  unsigned char *host = malloc(pitch * H), *back = calloc(pitch, H);
  fill(host, pitch * H, (unsigned)f.bits * 3u + (unsigned)f.channels);
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, pitch, row, H, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy2DFromArray(back, pitch, a, 0, 0, row, H, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int y = 0; y < H; y++)
    CHECK(memcmp(host + y * pitch, back + y * pitch, row) == 0);
  /* device memory (blits) both ways, through array b */
  void *dev = NULL, *dev2 = NULL;
  size_t dpitch = 0;
  CHECK_ERR(cudaMallocPitch(&dev, &dpitch, row, H), cudaSuccess);
  CHECK_ERR(cudaMalloc(&dev2, dpitch * H), cudaSuccess);
  CHECK_ERR(cudaMemcpy2D(dev, dpitch, host, pitch, row, H, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy2DToArray(b, 0, 0, dev, dpitch, row, H, cudaMemcpyDeviceToDevice),
            cudaSuccess);
  CHECK_ERR(cudaMemcpy2DFromArray(dev2, dpitch, b, 0, 0, row, H, cudaMemcpyDeviceToDevice),
            cudaSuccess);
  memset(back, 0, pitch * H);
  CHECK_ERR(cudaMemcpy2D(back, pitch, dev2, dpitch, row, H, cudaMemcpyDeviceToHost), cudaSuccess);
  for (int y = 0; y < H; y++)
    CHECK(memcmp(host + y * pitch, back + y * pitch, row) == 0);
  /* array to array, a 5 x 3 block from (2, 1) to (6, 4) */
  CHECK_ERR(cudaMemcpy2DArrayToArray(b, 6 * texel, 4, a, 2 * texel, 1, 5 * texel, 3,
                                     cudaMemcpyDeviceToDevice),
            cudaSuccess);
  memset(back, 0, pitch * H);
  CHECK_ERR(cudaMemcpy2DFromArray(back, pitch, b, 0, 0, row, H, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      bool moved = x >= 6 && x < 11 && y >= 4 && y < 7;
      const unsigned char *want =
          moved ? host + (y - 3) * pitch + (x - 4) * texel : host + y * pitch + x * texel;
      CHECK(memcmp(back + y * pitch + x * texel, want, texel) == 0);
    }
  /* pinned host memory on a stream (blits), and a sub-rectangle at an offset */
  unsigned char *pinned = NULL;
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  CHECK_ERR(cudaMallocHost((void **)&pinned, row * H), cudaSuccess);
  fill(pinned, row * H, 99);
  CHECK_ERR(
      cudaMemcpy2DToArrayAsync(a, texel, 2, pinned, row, 4 * texel, 3, cudaMemcpyHostToDevice, s),
      cudaSuccess);
  memset(back, 0, pitch * H);
  CHECK_ERR(cudaMemcpy2DFromArrayAsync(back, 4 * texel, a, texel, 2, 4 * texel, 3,
                                       cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  for (int y = 0; y < 3; y++)
    CHECK(memcmp(back + y * 4 * texel, pinned + y * row, 4 * texel) == 0);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaFreeHost(pinned), cudaSuccess);
  CHECK_ERR(cudaFree(dev), cudaSuccess);
  CHECK_ERR(cudaFree(dev2), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  CHECK_ERR(cudaFreeArray(b), cudaSuccess);
  free(host);
  free(back);
}

static void test_formats(void) {
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    round_trip_2d(formats[i]);
}

static void test_info(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
  struct cudaChannelFormatDesc got;
  struct cudaExtent e;
  unsigned flags = 99;
  cudaArray_t a;
  CHECK_ERR(cudaMallocArray(&a, &d, 100, 0, cudaArraySurfaceLoadStore), cudaSuccess);
  CHECK_ERR(cudaArrayGetInfo(&got, &e, &flags, a), cudaSuccess);
  CHECK(got.x == 16 && got.y == 16 && got.z == 0 && got.w == 0 &&
        got.f == cudaChannelFormatKindFloat);
  CHECK(e.width == 100 && e.height == 0 && e.depth == 0 && flags == cudaArraySurfaceLoadStore);
  memset(&got, 0, sizeof got);
  CHECK_ERR(cudaGetChannelDesc(&got, a), cudaSuccess);
  CHECK(got.x == 16 && got.y == 16 && got.f == cudaChannelFormatKindFloat);
  CHECK_ERR(cudaArrayGetInfo(NULL, NULL, NULL, a), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  CHECK_ERR(cudaArrayGetInfo(&got, &e, &flags, a), cudaErrorInvalidValue); /* destroyed */
  CHECK_ERR(cudaFreeArray(a), cudaErrorInvalidValue);
  CHECK_ERR(cudaFreeArray(NULL), cudaSuccess);
  cudaArray_t l;
  CHECK_ERR(cudaMalloc3DArray(&l, &d, make_cudaExtent(8, 4, 5), cudaArrayLayered), cudaSuccess);
  CHECK_ERR(cudaArrayGetInfo(NULL, &e, &flags, l), cudaSuccess);
  CHECK(e.width == 8 && e.height == 4 && e.depth == 5 && flags == cudaArrayLayered);
  CHECK_ERR(cudaFreeArray(l), cudaSuccess);
}

static void test_bad_arrays(void) {
  cudaArray_t a = NULL;
  struct cudaChannelFormatDesc ok = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  struct cudaChannelFormatDesc three =
      cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  struct cudaChannelFormatDesc none = cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
  struct cudaChannelFormatDesc float8 =
      cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
  struct cudaChannelFormatDesc odd =
      cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindSigned);
  CHECK_ERR(cudaMallocArray(&a, &three, 16, 16, 0), cudaErrorInvalidChannelDescriptor);
  CHECK_ERR(cudaMallocArray(&a, &none, 16, 16, 0), cudaErrorInvalidChannelDescriptor);
  CHECK_ERR(cudaMallocArray(&a, &float8, 16, 16, 0), cudaErrorInvalidChannelDescriptor);
  CHECK_ERR(cudaMallocArray(&a, &odd, 16, 16, 0), cudaErrorInvalidChannelDescriptor);
  CHECK_ERR(cudaMallocArray(NULL, &ok, 16, 16, 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMallocArray(&a, NULL, 16, 16, 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMallocArray(&a, &ok, 0, 16, 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMallocArray(&a, &ok, 16385, 0, 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMallocArray(&a, &ok, 16, 16385, 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMallocArray(&a, &ok, 16, 16, cudaArrayLayered), cudaErrorInvalidValue);
  /* 0x100 (CUDA_ARRAY3D_VIDEO_ENCODE_DECODE): an H100 takes it; an ordinary array here */
  CHECK_ERR(cudaMallocArray(&a, &ok, 16, 16, 0x100), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  CHECK_ERR(cudaMallocArray(&a, &ok, 16, 16, 0x10), cudaErrorInvalidValue);
  CHECK_ERR(cudaMalloc3DArray(&a, &ok, make_cudaExtent(2049, 4, 4), 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMalloc3DArray(&a, &ok, make_cudaExtent(4, 0, 4), 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaMalloc3DArray(&a, &ok, make_cudaExtent(4, 4, 2049), cudaArrayLayered),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaMalloc3DArray(&a, &ok, make_cudaExtent(8, 4, 6), cudaArrayCubemap),
            cudaErrorInvalidValue); /* not square */
  CHECK_ERR(cudaMalloc3DArray(&a, &ok, make_cudaExtent(8, 8, 5), cudaArrayCubemap),
            cudaErrorInvalidValue); /* not 6 faces */
  CHECK_ERR(
      cudaMalloc3DArray(&a, &ok, make_cudaExtent(8, 8, 13), cudaArrayCubemap | cudaArrayLayered),
      cudaErrorInvalidValue);
  CHECK_ERR(cudaMalloc3DArray(&a, &ok, make_cudaExtent(8, 8, 8), cudaArrayTextureGather),
            cudaErrorInvalidValue); /* gather: 2-D only */
  int local;
  CHECK_ERR(cudaFreeArray((cudaArray_t)&local), cudaErrorInvalidValue);
  /* the limits the device reports are the ones checked */
  struct cudaDeviceProp p;
  CHECK_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  CHECK(p.maxTexture1D == 16384 && p.maxTexture2D[0] == 16384 && p.maxTexture2D[1] == 16384);
  CHECK(p.maxTexture3D[0] == 2048 && p.maxTexture2DLayered[2] == 2048);
  /* textureAlignment and surfaceAlignment 512, an H100's (texture_codes.cu) */
  CHECK(p.maxSurface2D[0] == 16384 && p.textureAlignment == 512 && p.texturePitchAlignment == 32);
  CHECK(p.surfaceAlignment == 512);
  int v = 0;
  CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrMaxTexture3DDepth, 0), cudaSuccess);
  CHECK(v == 2048);
}

/* 3-D, layered, 1-D layered, cubemap and layered cubemap arrays: cudaMemcpy3D of the whole
 * array from host memory, then a box from the middle back, and a box between arrays. */
static void round_trip_3d(struct cudaExtent extent, unsigned flags) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindSigned);
  size_t texel = 4, w = extent.width, h = extent.height ? extent.height : 1,
         z = extent.depth ? extent.depth : 1;
  cudaArray_t a, b;
  CHECK_ERR(cudaMalloc3DArray(&a, &d, extent, flags), cudaSuccess);
  CHECK_ERR(cudaMalloc3DArray(&b, &d, extent, flags), cudaSuccess);
  size_t pitch = w * texel + 8, bytes = pitch * h * z;
  unsigned char *host = malloc(bytes), *back = calloc(1, bytes);
  fill(host, bytes, (unsigned)(w + h + z + flags));
  struct cudaMemcpy3DParms p = {0};
  p.srcPtr = make_cudaPitchedPtr(host, pitch, w * texel, h);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h, z);
  p.kind = cudaMemcpyHostToDevice;
  CHECK_ERR(cudaMemcpy3D(&p), cudaSuccess);
  /* array to array (whole), then a box back from b: x 1..w-1, y 1.., z 1.. */
  struct cudaMemcpy3DParms q = {0};
  q.srcArray = a;
  q.dstArray = b;
  q.extent = make_cudaExtent(w, h, z);
  q.kind = cudaMemcpyDeviceToDevice;
  CHECK_ERR(cudaMemcpy3D(&q), cudaSuccess);
  size_t x0 = 1, y0 = h > 1 ? 1 : 0, z0 = z > 1 ? 1 : 0;
  size_t bw = w - x0, bh = h - y0, bz = z - z0;
  struct cudaMemcpy3DParms r = {0};
  r.srcArray = b;
  r.srcPos = make_cudaPos(x0, y0, z0);
  r.dstPtr = make_cudaPitchedPtr(back, bw * texel, bw * texel, bh);
  r.extent = make_cudaExtent(bw, bh, bz);
  r.kind = cudaMemcpyDeviceToHost;
  CHECK_ERR(cudaMemcpy3D(&r), cudaSuccess);
  int bad = 0;
  for (size_t k = 0; k < bz; k++)
    for (size_t y = 0; y < bh; y++)
      bad += memcmp(back + (k * bh + y) * bw * texel,
                    host + ((k + z0) * h + y + y0) * pitch + x0 * texel, bw * texel) != 0;
  CHECK(bad == 0);
  /* outside the array: cudaErrorInvalidValue */
  r.srcPos = make_cudaPos(x0 + 1, y0, z0);
  CHECK_ERR(cudaMemcpy3D(&r), cudaErrorInvalidValue);
  r.srcPos = make_cudaPos(x0, y0, z0 + 1);
  CHECK_ERR(cudaMemcpy3D(&r), cudaErrorInvalidValue);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  CHECK_ERR(cudaFreeArray(b), cudaSuccess);
  free(host);
  free(back);
}

static void test_shapes(void) {
  round_trip_3d(make_cudaExtent(9, 0, 0), 0);                /* 1-D */
  round_trip_3d(make_cudaExtent(9, 5, 4), 0);                /* 3-D */
  round_trip_3d(make_cudaExtent(9, 5, 3), cudaArrayLayered); /* 2-D layered */
  round_trip_3d(make_cudaExtent(9, 0, 3), cudaArrayLayered); /* 1-D layered */
  round_trip_3d(make_cudaExtent(6, 6, 6), cudaArrayCubemap); /* cubemap */
  round_trip_3d(make_cudaExtent(4, 4, 12), cudaArrayCubemap | cudaArrayLayered);
  round_trip_3d(make_cudaExtent(5, 3, 2), cudaArraySurfaceLoadStore); /* 3-D surface */
}

/* cudaMemcpy3D between an array and device memory (blits), and the rules of its sides. */
static void test_3d_device(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  struct cudaExtent e = make_cudaExtent(16, 8, 4);
  cudaArray_t a;
  CHECK_ERR(cudaMalloc3DArray(&a, &d, e, 0), cudaSuccess);
  struct cudaPitchedPtr dev, dev2;
  CHECK_ERR(cudaMalloc3D(&dev, make_cudaExtent(16 * 4, 8, 4)), cudaSuccess);
  CHECK_ERR(cudaMalloc3D(&dev2, make_cudaExtent(16 * 4, 8, 4)), cudaSuccess);
  float *host = malloc(16 * 8 * 4 * sizeof *host), *back = calloc(16 * 8 * 4, sizeof *back);
  for (int i = 0; i < 16 * 8 * 4; i++)
    host[i] = (float)i * 0.5f - 3;
  struct cudaMemcpy3DParms p = {0};
  p.srcPtr = make_cudaPitchedPtr(host, 16 * 4, 16 * 4, 8);
  p.dstPtr = dev;
  p.extent = make_cudaExtent(16 * 4, 8, 4);
  p.kind = cudaMemcpyHostToDevice;
  CHECK_ERR(cudaMemcpy3D(&p), cudaSuccess);
  struct cudaMemcpy3DParms to = {0};
  to.srcPtr = dev;
  to.dstArray = a;
  to.extent = e;
  to.kind = cudaMemcpyDeviceToDevice;
  CHECK_ERR(cudaMemcpy3D(&to), cudaSuccess);
  struct cudaMemcpy3DParms from = {0};
  from.srcArray = a;
  from.dstPtr = dev2;
  from.extent = e;
  from.kind = cudaMemcpyDeviceToDevice;
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  CHECK_ERR(cudaMemcpy3DAsync(&from, s), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  struct cudaMemcpy3DParms out = {0};
  out.srcPtr = dev2;
  out.dstPtr = make_cudaPitchedPtr(back, 16 * 4, 16 * 4, 8);
  out.extent = make_cudaExtent(16 * 4, 8, 4);
  out.kind = cudaMemcpyDeviceToHost;
  CHECK_ERR(cudaMemcpy3D(&out), cudaSuccess);
  CHECK(memcmp(host, back, 16 * 8 * 4 * sizeof *host) == 0);
  /* a side with both an array and a pointer, or neither */
  struct cudaMemcpy3DParms both = to;
  both.dstPtr = dev2;
  CHECK_ERR(cudaMemcpy3D(&both), cudaErrorInvalidValue);
  struct cudaMemcpy3DParms neither = to;
  neither.srcPtr.ptr = NULL;
  CHECK_ERR(cudaMemcpy3D(&neither), cudaErrorInvalidValue);
  /* a destroyed array */
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  CHECK_ERR(cudaMemcpy3D(&to), cudaErrorInvalidValue);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaFree(dev.ptr), cudaSuccess);
  CHECK_ERR(cudaFree(dev2.ptr), cudaSuccess);
  free(host);
  free(back);
}

/* The deprecated 1-D copies run across rows in the array's row-major order. */
static void test_linear_copies(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t a;
  CHECK_ERR(cudaMallocArray(&a, &d, 10, 4, 0), cudaSuccess);
  unsigned char all[40] = {0}, part[23], back[40];
  CHECK_ERR(cudaMemcpyToArray(a, 0, 0, all, 40, cudaMemcpyHostToDevice), cudaSuccess);
  for (int i = 0; i < 23; i++)
    part[i] = (unsigned char)(100 + i);
  CHECK_ERR(cudaMemcpyToArray(a, 7, 1, part, 23, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpyFromArray(back, a, 0, 0, 40, cudaMemcpyDeviceToHost), cudaSuccess);
  for (int i = 0; i < 40; i++)
    CHECK(back[i] == (i >= 17 && i < 40 ? 100 + i - 17 : 0));
  CHECK_ERR(cudaMemcpyToArray(a, 7, 3, part, 23, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
}

static void test_copy_errors(void) {
  struct cudaChannelFormatDesc d =
      cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t a;
  CHECK_ERR(cudaMallocArray(&a, &d, 8, 8, 0), cudaSuccess);
  unsigned short host[64] = {0};
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, 8, 16, 8, cudaMemcpyHostToDevice),
            cudaErrorInvalidPitchValue);
  CHECK_ERR(cudaMemcpy2DToArray(a, 2, 0, host, 16, 16, 8, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue); /* past the row's end */
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 1, host, 16, 16, 8, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue); /* past the last row */
  /* bytes that are not whole texels, as an H100 takes them: the bytes between */
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, 16, 16, 8, cudaMemcpyHostToDevice), cudaSuccess);
  const unsigned char two[2] = {0xab, 0xcd};
  CHECK_ERR(cudaMemcpy2DToArray(a, 1, 0, two, 16, 2, 1, cudaMemcpyHostToDevice), cudaSuccess);
  unsigned short row[8];
  CHECK_ERR(cudaMemcpy2DFromArray(row, 16, a, 0, 0, 16, 1, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(row[0] == 0xab00 && row[1] == 0x00cd && row[2] == 0); /* little-endian texels */
  unsigned char mid[3] = {0};
  CHECK_ERR(cudaMemcpy2DFromArray(mid, 3, a, 1, 0, 3, 1, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(mid[0] == 0xab && mid[1] == 0xcd && mid[2] == 0);
  CHECK_ERR(cudaMemcpy2DToArray(a, 15, 0, two, 16, 2, 1, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue); /* a byte past the row */
  CHECK_ERR(cudaMemcpy2DToArray(NULL, 0, 0, host, 16, 16, 8, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, NULL, 16, 16, 8, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, 16, 16, 8, (enum cudaMemcpyKind)7),
            cudaErrorInvalidMemcpyDirection);
  /* host memory where the kind says device memory */
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, 16, 16, 8, cudaMemcpyDeviceToDevice),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, 16, 0, 8, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
}

static void test_mipmaps(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaMipmappedArray_t m;
  CHECK_ERR(cudaMallocMipmappedArray(&m, &d, make_cudaExtent(64, 32, 0), 10, 0), cudaSuccess);
  cudaArray_t level[7], again;
  struct cudaExtent e;
  for (unsigned i = 0; i < 7; i++) { /* 10 levels asked, 1 + log2(64) = 7 exist */
    CHECK_ERR(cudaGetMipmappedArrayLevel(&level[i], m, i), cudaSuccess);
    CHECK_ERR(cudaArrayGetInfo(NULL, &e, NULL, level[i]), cudaSuccess);
    size_t w = 64 >> i, h = 32 >> i;
    CHECK(e.width == w && e.height == (h ? h : 1) && e.depth == 0);
  }
  CHECK_ERR(cudaGetMipmappedArrayLevel(&again, m, 7), cudaErrorInvalidValue);
  CHECK_ERR(cudaGetMipmappedArrayLevel(&again, m, 2), cudaSuccess);
  CHECK(again == level[2]);
  /* each level keeps its own texels */
  float a[64 * 32], b[16 * 8], back[64 * 32];
  for (int i = 0; i < 64 * 32; i++)
    a[i] = (float)i;
  for (int i = 0; i < 16 * 8; i++)
    b[i] = -(float)i;
  CHECK_ERR(cudaMemcpy2DToArray(level[0], 0, 0, a, 64 * 4, 64 * 4, 32, cudaMemcpyHostToDevice),
            cudaSuccess);
  CHECK_ERR(cudaMemcpy2DToArray(level[2], 0, 0, b, 16 * 4, 16 * 4, 8, cudaMemcpyHostToDevice),
            cudaSuccess);
  CHECK_ERR(cudaMemcpy2DFromArray(back, 16 * 4, level[2], 0, 0, 16 * 4, 8, cudaMemcpyDeviceToHost),
            cudaSuccess);
  CHECK(memcmp(back, b, sizeof b) == 0);
  CHECK_ERR(cudaMemcpy2DFromArray(back, 64 * 4, level[0], 0, 0, 64 * 4, 32, cudaMemcpyDeviceToHost),
            cudaSuccess);
  CHECK(memcmp(back, a, sizeof a) == 0);
  /* a level is the mipmapped array's: freeing it succeeds (an H100) and changes nothing */
  CHECK_ERR(cudaFreeArray(level[1]), cudaSuccess);
  cudaArray_t level1;
  CHECK_ERR(cudaGetMipmappedArrayLevel(&level1, m, 1), cudaSuccess);
  CHECK(level1 == level[1]);
  /* a texture object over the mipmapped array */
  struct cudaResourceDesc res = {.resType = cudaResourceTypeMipmappedArray};
  res.res.mipmap.mipmap = m;
  struct cudaTextureDesc t = {.filterMode = cudaFilterModeLinear,
                              .normalizedCoords = 1,
                              .mipmapFilterMode = cudaFilterModeLinear,
                              .mipmapLevelBias = 0.5f,
                              .maxMipmapLevelClamp = 6};
  cudaTextureObject_t obj = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj, &res, &t, NULL), cudaSuccess);
  record r = read_record(obj);
  CHECK(r.kind == 2 && r.extent[0] == 64 && r.extent[1] == 32 && r.level_bias == 0.5f);
  /* normalized, linear, the bias for the kernel, linear between levels */
  CHECK(r.flags == (1u | 4u | 64u | 128u));
  CHECK(r.levels == 7 && r.lod_min == 0.0f && r.lod_max == 6.0f); /* for sampling by hand */
  CHECK_ERR(cudaDestroyTextureObject(obj), cudaSuccess);
  CHECK_ERR(cudaFreeMipmappedArray(m), cudaSuccess);
  CHECK_ERR(cudaFreeMipmappedArray(m), cudaErrorInvalidValue);
  CHECK_ERR(cudaGetMipmappedArrayLevel(&again, m, 0), cudaErrorInvalidValue);
  /* a cubemap mipmapped array's levels stay square, with 6 faces */
  CHECK_ERR(cudaMallocMipmappedArray(&m, &d, make_cudaExtent(16, 16, 6), 3, cudaArrayCubemap),
            cudaSuccess);
  CHECK_ERR(cudaGetMipmappedArrayLevel(&again, m, 2), cudaSuccess);
  CHECK_ERR(cudaArrayGetInfo(NULL, &e, NULL, again), cudaSuccess);
  CHECK(e.width == 4 && e.height == 4 && e.depth == 6);
  CHECK_ERR(cudaFreeMipmappedArray(m), cudaSuccess);
}

static void test_texture_objects(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
  cudaArray_t a;
  CHECK_ERR(cudaMallocArray(&a, &d, 32, 16, 0), cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeArray};
  res.res.array.array = a;
  struct cudaTextureDesc t = {0};
  t.addressMode[0] = cudaAddressModeWrap;
  t.addressMode[1] = cudaAddressModeBorder;
  t.filterMode = cudaFilterModeLinear;
  t.readMode = cudaReadModeNormalizedFloat;
  t.sRGB = 1;
  t.normalizedCoords = 1;
  t.borderColor[3] = 1; /* opaque black: a Metal border colour */
  cudaTextureObject_t obj = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj, &res, &t, NULL), cudaSuccess);
  CHECK(obj != 0);
  record r = read_record(obj);
  CHECK(r.texture != 0 && r.sampler != 0);
  CHECK(r.kind == 2 && r.format == (8u | 4u << 8 | 1u << 12) && r.texel_bytes == 4);
  CHECK(r.flags == (1u | 2u | 4u | 8u)); /* normalized coords, normalized read, linear, sRGB */
  CHECK(r.extent[0] == 32 && r.extent[1] == 16 && r.extent[2] == 0);
  CHECK(r.address_mode[0] == cudaAddressModeWrap && r.address_mode[1] == cudaAddressModeBorder);
  CHECK(r.border[0] == 0 && r.border[3] == 1);
  CHECK(r.levels == 1 && r.lod_min == 0.0f && r.lod_max == 0.0f);
  uint32_t zeros[10] = {0};
  CHECK(memcmp(r.reserved, zeros, sizeof zeros) == 0);
  /* the getters give back what was set */
  struct cudaResourceDesc res_back;
  struct cudaTextureDesc t_back;
  struct cudaResourceViewDesc v_back;
  CHECK_ERR(cudaGetTextureObjectResourceDesc(&res_back, obj), cudaSuccess);
  CHECK(res_back.resType == cudaResourceTypeArray && res_back.res.array.array == a);
  CHECK_ERR(cudaGetTextureObjectTextureDesc(&t_back, obj), cudaSuccess);
  CHECK(memcmp(&t_back, &t, sizeof t) == 0);
  memset(&v_back, 0x5a, sizeof v_back);
  CHECK_ERR(cudaGetTextureObjectResourceViewDesc(&v_back, obj), cudaSuccess); /* as an H100 */
  static const struct cudaResourceViewDesc no_view;
  CHECK(memcmp(&v_back, &no_view, sizeof v_back) == 0); /* made without one: zeros */
  /* a border colour Metal's samplers lack: the kernel applies it (flag bit 4) */
  t.borderColor[0] = 0.25f;
  cudaTextureObject_t obj2 = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, &t, NULL), cudaSuccess);
  r = read_record(obj2);
  CHECK((r.flags & 16u) && r.border[0] == 0.25f && obj2 != obj);
  /* an element-type read of integers cannot be filtered; unnormalized ElementType works */
  t.readMode = cudaReadModeElementType;
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, &t, NULL), cudaErrorInvalidFilterSetting);
  t.filterMode = cudaFilterModePoint;
  t.normalizedCoords = 0;
  cudaTextureObject_t obj3 = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj3, &res, &t, NULL), cudaSuccess);
  r = read_record(obj3);
  CHECK(r.flags == 16u && r.sampler != 0);
  /* bad descriptors */
  t.addressMode[2] = (enum cudaTextureAddressMode)9;
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, &t, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaCreateTextureObject(NULL, &res, &t, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaCreateTextureObject(&obj2, NULL, &t, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, NULL, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaDestroyTextureObject(obj), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(obj), cudaErrorInvalidValue);
  CHECK_ERR(cudaGetTextureObjectTextureDesc(&t_back, obj), cudaErrorInvalidValue);
  CHECK_ERR(cudaDestroyTextureObject(obj3), cudaSuccess);
  /* 32-bit integers have no normalized-float read */
  struct cudaChannelFormatDesc i32 =
      cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
  cudaArray_t b;
  CHECK_ERR(cudaMallocArray(&b, &i32, 8, 8, 0), cudaSuccess);
  res.res.array.array = b;
  struct cudaTextureDesc tn = {.readMode = cudaReadModeNormalizedFloat};
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, &tn, NULL), cudaErrorInvalidNormSetting);
  tn.readMode = cudaReadModeElementType;
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, &tn, NULL), cudaSuccess);
  r = read_record(obj2);
  CHECK(r.format == (32u | 1u << 8 | 0u << 12) && r.texel_bytes == 4 && r.flags == 0);
  /* destroying an array its texture object uses is the program's error; the runtime
   * survives it and the object can still be destroyed */
  CHECK_ERR(cudaFreeArray(b), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(obj2), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  /* a destroyed array is no resource */
  CHECK_ERR(cudaCreateTextureObject(&obj2, &res, &tn, NULL), cudaErrorInvalidValue);
}

/* What a Metal sampler cannot do is marked for the kernel (record flag bit 4): unnormalized
 * coordinates on a 3-D texture, and border colours other than zero with pixel coordinates;
 * a zero border with pixel coordinates is Metal's clampToZero. */
static void test_samplers(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t a3, a2;
  CHECK_ERR(cudaMalloc3DArray(&a3, &d, make_cudaExtent(4, 4, 4), 0), cudaSuccess);
  CHECK_ERR(cudaMallocArray(&a2, &d, 4, 4, 0), cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeArray};
  struct cudaTextureDesc t = {0};
  t.filterMode = cudaFilterModeLinear;
  t.addressMode[0] = t.addressMode[1] = t.addressMode[2] = cudaAddressModeBorder;
  cudaTextureObject_t obj[4] = {0};
  res.res.array.array = a2;
  CHECK_ERR(cudaCreateTextureObject(&obj[0], &res, &t, NULL), cudaSuccess);
  CHECK(read_record(obj[0]).flags == 4u); /* pixel coordinates, zero border: a sampler */
  t.borderColor[3] = 1;
  CHECK_ERR(cudaCreateTextureObject(&obj[1], &res, &t, NULL), cudaSuccess);
  CHECK(read_record(obj[1]).flags == (4u | 16u)); /* pixel coordinates, opaque black */
  t.normalizedCoords = 1;
  CHECK_ERR(cudaCreateTextureObject(&obj[2], &res, &t, NULL), cudaSuccess);
  CHECK(read_record(obj[2]).flags == (1u | 4u)); /* normalized: Metal's opaque black */
  t.normalizedCoords = 0;
  t.borderColor[3] = 0;
  res.res.array.array = a3;
  CHECK_ERR(cudaCreateTextureObject(&obj[3], &res, &t, NULL), cudaSuccess);
  CHECK(read_record(obj[3]).flags == (4u | 16u) && read_record(obj[3]).kind == 3);
  for (int i = 0; i < 4; i++)
    CHECK_ERR(cudaDestroyTextureObject(obj[i]), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a3), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a2), cudaSuccess);
}

/* Views of layers of a layered array. */
static void test_views(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t a;
  CHECK_ERR(cudaMalloc3DArray(&a, &d, make_cudaExtent(8, 8, 6), cudaArrayLayered), cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeArray};
  res.res.array.array = a;
  struct cudaTextureDesc t = {0};
  struct cudaResourceViewDesc v = {
      .width = 8, .height = 8, .depth = 6, .firstLayer = 2, .lastLayer = 4};
  cudaTextureObject_t obj = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj, &res, &t, &v), cudaSuccess);
  record r = read_record(obj);
  CHECK(r.kind == 5 && r.extent[2] == 3);
  struct cudaResourceViewDesc back;
  CHECK_ERR(cudaGetTextureObjectResourceViewDesc(&back, obj), cudaSuccess);
  CHECK(back.firstLayer == 2 && back.lastLayer == 4);
  v.lastLayer = 6;
  cudaTextureObject_t bad = 0;
  CHECK_ERR(cudaCreateTextureObject(&bad, &res, &t, &v), cudaErrorInvalidValue);
  /* layers of a resource without layers */
  cudaArray_t flat;
  CHECK_ERR(cudaMallocArray(&flat, &d, 8, 8, 0), cudaSuccess);
  struct cudaResourceDesc flat_res = {.resType = cudaResourceTypeArray};
  flat_res.res.array.array = flat;
  struct cudaResourceViewDesc v1 = {.width = 8, .height = 8, .firstLayer = 1, .lastLayer = 1};
  CHECK_ERR(cudaCreateTextureObject(&bad, &flat_res, &t, &v1), cudaErrorInvalidValue);
  /* another format of the same texel size: the texels reinterpreted; the record's format
   * word is the view's (32-bit, 1 channel, signed), the texel size unchanged */
  struct cudaResourceViewDesc vf = {.format = cudaResViewFormatSignedInt1, .width = 8, .height = 8};
  cudaTextureObject_t as_int = 0;
  CHECK_ERR(cudaCreateTextureObject(&as_int, &flat_res, &t, &vf), cudaSuccess);
  r = read_record(as_int);
  CHECK(r.format == (32u | 1u << 8 | (unsigned)cudaChannelFormatKindSigned << 12) &&
        r.texel_bytes == 4 && r.kind == 2);
  CHECK_ERR(cudaGetTextureObjectResourceViewDesc(&back, as_int), cudaSuccess);
  CHECK(back.format == cudaResViewFormatSignedInt1);
  CHECK_ERR(cudaDestroyTextureObject(as_int), cudaSuccess);
  vf.format = cudaResViewFormatUnsignedChar4; /* 4 bytes too, read as normalized floats */
  struct cudaTextureDesc nt = {.readMode = cudaReadModeNormalizedFloat};
  CHECK_ERR(cudaCreateTextureObject(&as_int, &flat_res, &nt, &vf), cudaSuccess);
  CHECK(read_record(as_int).flags == 2u); /* read mode normalized: the Unorm view */
  CHECK_ERR(cudaDestroyTextureObject(as_int), cudaSuccess);
  vf.format = cudaResViewFormatHalf4; /* 8 bytes a texel: not a reinterpretation */
  CHECK_ERR(cudaCreateTextureObject(&bad, &flat_res, &t, &vf), cudaErrorInvalidValue);
  vf.format = cudaResViewFormatFloat1;
  vf.width = 4; /* CUDA: the view's width is the array's for formats not block-compressed */
  CHECK_ERR(cudaCreateTextureObject(&bad, &flat_res, &t, &vf), cudaErrorInvalidValue);
  vf.width = 8;
  vf.format = cudaResViewFormatUnsignedBlockCompressed1; /* over a float array: not CUDA's */
  CHECK_ERR(cudaCreateTextureObject(&bad, &flat_res, &t, &vf), cudaErrorInvalidValue);
  vf.format = (enum cudaResourceViewFormat)0x40; /* no such format */
  CHECK_ERR(cudaCreateTextureObject(&bad, &flat_res, &t, &vf), cudaErrorInvalidValue);
  /* block-compressed views of 32-bit unsigned arrays are CUDA's, not Anchor's */
  struct cudaChannelFormatDesc u2 =
      cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindUnsigned);
  cudaArray_t words;
  CHECK_ERR(cudaMallocArray(&words, &u2, 8, 8, 0), cudaSuccess);
  flat_res.res.array.array = words;
  vf.format = cudaResViewFormatUnsignedBlockCompressed1;
  vf.width = 32, vf.height = 32;
  CHECK_ERR(cudaCreateTextureObject(&bad, &flat_res, &t, &vf), cudaErrorNotSupported);
  CHECK_ERR(cudaFreeArray(words), cudaSuccess);
  CHECK_ERR(cudaFreeArray(flat), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(obj), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
}

/* Texture objects over linear and pitched memory: CUDA's alignment rules. */
static void test_memory_textures(void) {
  float *p = NULL;
  CHECK_ERR(cudaMalloc((void **)&p, 1 << 16), cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeLinear};
  res.res.linear.devPtr = p;
  res.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  res.res.linear.sizeInBytes = 1000 * sizeof(float);
  struct cudaTextureDesc t = {0};
  cudaTextureObject_t obj = 0, bad = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj, &res, &t, NULL), cudaSuccess);
  record r = read_record(obj);
  CHECK(r.kind == 8 && r.extent[0] == 1000 && r.extent[1] == 0 && r.texture && !r.sampler);
  res.res.linear.devPtr = p + 1; /* not textureAlignment-aligned */
  CHECK_ERR(cudaCreateTextureObject(&bad, &res, &t, NULL), cudaErrorInvalidValue);
  res.res.linear.devPtr = p + 64; /* 256 bytes in: not a multiple of 512 (an H100 refuses) */
  CHECK_ERR(cudaCreateTextureObject(&bad, &res, &t, NULL), cudaErrorInvalidValue);
  res.res.linear.devPtr = p + 128; /* 512 bytes in: binds */
  CHECK_ERR(cudaCreateTextureObject(&bad, &res, &t, NULL), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(bad), cudaSuccess);
  bad = 0;
  res.res.linear.devPtr = p;
  res.res.linear.sizeInBytes = 1 << 17; /* past the allocation */
  CHECK_ERR(cudaCreateTextureObject(&bad, &res, &t, NULL), cudaErrorInvalidValue);
  float local[4];
  res.res.linear.devPtr = local;
  res.res.linear.sizeInBytes = sizeof local;
  CHECK_ERR(cudaCreateTextureObject(&bad, &res, &t, NULL), cudaErrorInvalidValue);
  struct cudaResourceDesc pitched = {.resType = cudaResourceTypePitch2D};
  pitched.res.pitch2D.devPtr = p;
  pitched.res.pitch2D.desc = cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
  pitched.res.pitch2D.width = 30;
  pitched.res.pitch2D.height = 20;
  pitched.res.pitch2D.pitchInBytes = 256;
  cudaTextureObject_t obj2 = 0;
  t.filterMode = cudaFilterModeLinear;
  CHECK_ERR(cudaCreateTextureObject(&obj2, &pitched, &t, NULL), cudaSuccess);
  r = read_record(obj2);
  CHECK(r.kind == 9 && r.extent[0] == 30 && r.extent[1] == 20 && r.texel_bytes == 8 && r.sampler);
  pitched.res.pitch2D.devPtr = p + 64; /* pitched memory: devPtr aligned as linear memory's */
  CHECK_ERR(cudaCreateTextureObject(&bad, &pitched, &t, NULL), cudaErrorInvalidValue);
  pitched.res.pitch2D.devPtr = p;
  pitched.res.pitch2D.pitchInBytes = 250; /* not a multiple of texturePitchAlignment */
  CHECK_ERR(cudaCreateTextureObject(&bad, &pitched, &t, NULL), cudaErrorInvalidValue);
  pitched.res.pitch2D.pitchInBytes = 224; /* under a row */
  CHECK_ERR(cudaCreateTextureObject(&bad, &pitched, &t, NULL), cudaErrorInvalidValue);
  /* linear memory read as normalized floats: a Unorm view of the memory's texture */
  struct cudaResourceDesc bytes = {.resType = cudaResourceTypeLinear};
  bytes.res.linear.devPtr = p;
  bytes.res.linear.desc = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
  bytes.res.linear.sizeInBytes = 4096;
  struct cudaTextureDesc normalized = {.readMode = cudaReadModeNormalizedFloat};
  cudaTextureObject_t obj3 = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj3, &bytes, &normalized, NULL), cudaSuccess);
  r = read_record(obj3);
  CHECK(r.kind == 8 && r.extent[0] == 1024 && r.flags == 2u && r.texture);
  CHECK_ERR(cudaDestroyTextureObject(obj3), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(obj), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(obj2), cudaSuccess);
  CHECK_ERR(cudaFree(p), cudaSuccess);
}

static void test_surfaces(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t plain, surf;
  CHECK_ERR(cudaMallocArray(&plain, &d, 16, 16, 0), cudaSuccess);
  CHECK_ERR(cudaMallocArray(&surf, &d, 16, 16, cudaArraySurfaceLoadStore), cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeArray};
  res.res.array.array = plain;
  cudaSurfaceObject_t s = 0;
  /* without cudaArraySurfaceLoadStore too, as an H100 */
  CHECK_ERR(cudaCreateSurfaceObject(&s, &res), cudaSuccess);
  CHECK_ERR(cudaDestroySurfaceObject(s), cudaSuccess);
  res.res.array.array = surf;
  CHECK_ERR(cudaCreateSurfaceObject(&s, &res), cudaSuccess);
  record r = read_record(s);
  CHECK(r.texture && !r.sampler && r.kind == 2 && r.flags == 32u && r.texel_bytes == 8);
  CHECK(r.format == (32u | 2u << 8 | 2u << 12) && r.extent[0] == 16 && r.extent[1] == 16);
  struct cudaResourceDesc back;
  CHECK_ERR(cudaGetSurfaceObjectResourceDesc(&back, s), cudaSuccess);
  CHECK(back.resType == cudaResourceTypeArray && back.res.array.array == surf);
  /* a surface handle is no texture object, and the reverse */
  CHECK_ERR(cudaDestroyTextureObject(s), cudaErrorInvalidValue);
  CHECK_ERR(cudaDestroySurfaceObject(s), cudaSuccess);
  CHECK_ERR(cudaDestroySurfaceObject(s), cudaErrorInvalidValue);
  struct cudaResourceDesc linear = {.resType = cudaResourceTypeLinear};
  CHECK_ERR(cudaCreateSurfaceObject(&s, &linear), cudaErrorInvalidValue);
  CHECK_ERR(cudaFreeArray(plain), cudaSuccess);
  CHECK_ERR(cudaFreeArray(surf), cudaSuccess);
}

/* An asynchronous copy into an array captured from a stream, replayed by a graph. */
static void test_graph_copy(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
  cudaArray_t a;
  CHECK_ERR(cudaMallocArray(&a, &d, 8, 4, 0), cudaSuccess);
  int *src = NULL;
  CHECK_ERR(cudaMallocHost((void **)&src, 32 * sizeof *src), cudaSuccess);
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  cudaGraph_t g;
  cudaGraphExec_t x;
  CHECK_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
  CHECK_ERR(cudaMemcpy2DToArrayAsync(a, 0, 0, src, 32, 32, 4, cudaMemcpyHostToDevice, s),
            cudaSuccess);
  CHECK_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  for (int i = 0; i < 32; i++)
    src[i] = i * i - 5;
  CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  int back[32] = {0};
  CHECK_ERR(cudaMemcpy2DFromArray(back, 32, a, 0, 0, 32, 4, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(memcmp(back, src, sizeof back) == 0);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  /* a memcpy node made by hand: array to array, texels (2..5, 1..2) to (0, 0) */
  cudaArray_t b2;
  CHECK_ERR(cudaMallocArray(&b2, &d, 8, 4, 0), cudaSuccess);
  struct cudaMemcpy3DParms p = {0};
  p.srcArray = a;
  p.srcPos = make_cudaPos(2, 1, 0);
  p.dstArray = b2;
  p.extent = make_cudaExtent(4, 2, 1);
  p.kind = cudaMemcpyDeviceToDevice;
  cudaGraphNode_t node;
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphAddMemcpyNode(&node, g, NULL, 0, &p), cudaSuccess);
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  CHECK_ERR(cudaMemcpy2DFromArray(back, 32, b2, 0, 0, 16, 2, cudaMemcpyDeviceToHost), cudaSuccess);
  for (int y = 0; y < 2; y++)
    for (int x = 0; x < 4; x++)
      CHECK(back[y * 8 + x] == src[(y + 1) * 8 + x + 2]);
  p.dstArray = (cudaArray_t)&node; /* no array */
  cudaGraphNode_t bad_node;
  CHECK_ERR(cudaGraphAddMemcpyNode(&bad_node, g, NULL, 0, &p), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  CHECK_ERR(cudaFreeArray(b2), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaFreeHost(src), cudaSuccess);
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
}

/* cudaDeviceReset frees every array and object: their handles are unknown afterwards. */
static void test_reset(void) {
  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindSigned);
  cudaArray_t a;
  CHECK_ERR(cudaMallocArray(&a, &d, 8, 0, 0), cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeArray};
  res.res.array.array = a;
  struct cudaTextureDesc t = {0};
  cudaTextureObject_t obj = 0;
  CHECK_ERR(cudaCreateTextureObject(&obj, &res, &t, NULL), cudaSuccess);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  CHECK_ERR(cudaArrayGetInfo(NULL, NULL, NULL, a), cudaErrorInvalidValue);
  CHECK_ERR(cudaDestroyTextureObject(obj), cudaErrorInvalidValue);
}

/* The driver API's forms: arrays by format and channel count, cuMemcpy2D/3D with array
 * operands (x in bytes), texture objects whose integers read as normalized floats unless
 * CU_TRSF_READ_AS_INTEGER, surface objects. */
static void test_driver(void) {
  CHECK_DRV(cuInit(0), CUDA_SUCCESS);
  CUDA_ARRAY3D_DESCRIPTOR d3 = {
      6, 4, 3, CU_AD_FORMAT_UNSIGNED_INT16, 2, CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST};
  CUarray a = NULL;
  CHECK_DRV(cuArray3DCreate(&a, &d3), CUDA_SUCCESS);
  CUDA_ARRAY3D_DESCRIPTOR back3;
  memset(&back3, 0, sizeof back3);
  CHECK_DRV(cuArray3DGetDescriptor(&back3, a), CUDA_SUCCESS);
  CHECK(back3.Width == 6 && back3.Height == 4 && back3.Depth == 3 &&
        back3.Format == CU_AD_FORMAT_UNSIGNED_INT16 && back3.NumChannels == 2 &&
        back3.Flags == (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST));
  unsigned short host[3][4][12], got[3][4][12];
  fill((unsigned char *)host, sizeof host, 5);
  memset(got, 0, sizeof got);
  CUDA_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = CU_MEMORYTYPE_HOST;
  c.srcHost = host;
  c.srcPitch = sizeof host[0][0];
  c.srcHeight = 4;
  c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  c.dstArray = a;
  c.WidthInBytes = sizeof host[0][0];
  c.Height = 4;
  c.Depth = 3;
  CHECK_DRV(cuMemcpy3D(&c), CUDA_SUCCESS);
  /* layer 2, rows 1..3, texels 2..5 back with cuMemcpy2D of layer... through 3-D */
  memset(&c, 0, sizeof c);
  c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
  c.srcArray = a;
  c.srcXInBytes = 2 * 4;
  c.srcY = 1;
  c.srcZ = 2;
  c.dstMemoryType = CU_MEMORYTYPE_HOST;
  c.dstHost = got;
  c.dstPitch = sizeof got[0][0];
  c.dstHeight = 4;
  c.WidthInBytes = 4 * 4;
  c.Height = 3;
  c.Depth = 1;
  CHECK_DRV(cuMemcpy3D(&c), CUDA_SUCCESS);
  for (int y = 0; y < 3; y++)
    CHECK(memcmp(got[0][y], &host[2][y + 1][4], 16) == 0);
  c.srcXInBytes = 3; /* not a whole texel */
  CHECK_DRV(cuMemcpy3D(&c), CUDA_ERROR_INVALID_VALUE);
  /* a texture object: 16-bit integers read as normalized floats by default */
  CUDA_RESOURCE_DESC res;
  memset(&res, 0, sizeof res);
  res.resType = CU_RESOURCE_TYPE_ARRAY;
  res.res.array.hArray = a;
  CUDA_TEXTURE_DESC tex;
  memset(&tex, 0, sizeof tex);
  tex.flags = CU_TRSF_NORMALIZED_COORDINATES;
  CUtexObject t = 0;
  CHECK_DRV(cuTexObjectCreate(&t, &res, &tex, NULL), CUDA_SUCCESS);
  record r = read_record(t);
  CHECK(r.kind == 5 && r.flags == (1u | 2u) && r.extent[2] == 3);
  CUDA_TEXTURE_DESC tex_back;
  CHECK_DRV(cuTexObjectGetTextureDesc(&tex_back, t), CUDA_SUCCESS);
  CHECK(tex_back.flags == CU_TRSF_NORMALIZED_COORDINATES);
  CUDA_RESOURCE_DESC res_back;
  CHECK_DRV(cuTexObjectGetResourceDesc(&res_back, t), CUDA_SUCCESS);
  CHECK(res_back.resType == CU_RESOURCE_TYPE_ARRAY && res_back.res.array.hArray == a);
  tex.flags |= CU_TRSF_READ_AS_INTEGER;
  CUtexObject ti = 0;
  CHECK_DRV(cuTexObjectCreate(&ti, &res, &tex, NULL), CUDA_SUCCESS);
  CHECK(read_record(ti).flags == 1u);
  CUsurfObject surf = 0;
  CHECK_DRV(cuSurfObjectCreate(&surf, &res), CUDA_SUCCESS);
  CHECK(read_record(surf).flags == 32u);
  CHECK_DRV(cuSurfObjectGetResourceDesc(&res_back, surf), CUDA_SUCCESS);
  CHECK_DRV(cuSurfObjectDestroy(surf), CUDA_SUCCESS);
  CHECK_DRV(cuTexObjectDestroy(t), CUDA_SUCCESS);
  CHECK_DRV(cuTexObjectDestroy(ti), CUDA_SUCCESS);
  CHECK_DRV(cuTexObjectDestroy(ti), CUDA_ERROR_INVALID_VALUE);
  /* linear memory by format and channels */
  CUdeviceptr p = 0;
  CHECK_DRV(cuMemAlloc(&p, 4096), CUDA_SUCCESS);
  memset(&res, 0, sizeof res);
  res.resType = CU_RESOURCE_TYPE_LINEAR;
  res.res.linear.devPtr = p;
  res.res.linear.format = CU_AD_FORMAT_FLOAT;
  res.res.linear.numChannels = 4;
  res.res.linear.sizeInBytes = 4096;
  memset(&tex, 0, sizeof tex);
  CHECK_DRV(cuTexObjectCreate(&t, &res, &tex, NULL), CUDA_SUCCESS);
  r = read_record(t);
  CHECK(r.kind == 8 && r.extent[0] == 256 && r.texel_bytes == 16);
  CHECK_DRV(cuTexObjectDestroy(t), CUDA_SUCCESS);
  res.res.linear.numChannels = 3;
  CHECK_DRV(cuTexObjectCreate(&t, &res, &tex, NULL), CUDA_ERROR_INVALID_VALUE);
  res.res.linear.numChannels = 4; /* 256 bytes in: not aligned to the device's 512 */
  res.res.linear.devPtr = p + 256;
  res.res.linear.sizeInBytes = 1024;
  CHECK_DRV(cuTexObjectCreate(&t, &res, &tex, NULL), CUDA_ERROR_INVALID_VALUE);
  int alignment = 0;
  CHECK_DRV(cuDeviceGetAttribute(&alignment, CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, 0),
            CUDA_SUCCESS);
  CHECK(alignment == 512 && p % 512 == 0); /* cuMemAlloc's pointers are aligned to it */
  CHECK_DRV(cuMemFree(p), CUDA_SUCCESS);
  /* 2-D arrays and mipmapped arrays */
  CUDA_ARRAY_DESCRIPTOR d2 = {8, 8, CU_AD_FORMAT_HALF, 1}, back2;
  CUarray b = NULL;
  CHECK_DRV(cuArrayCreate(&b, &d2), CUDA_SUCCESS);
  CHECK_DRV(cuArrayGetDescriptor(&back2, b), CUDA_SUCCESS);
  CHECK(back2.Width == 8 && back2.Height == 8 && back2.Format == CU_AD_FORMAT_HALF &&
        back2.NumChannels == 1);
  d2.NumChannels = 3;
  CUarray bad = NULL;
  CHECK_DRV(cuArrayCreate(&bad, &d2), CUDA_ERROR_INVALID_VALUE);
  CUmipmappedArray m = NULL;
  CUDA_ARRAY3D_DESCRIPTOR dm = {16, 16, 0, CU_AD_FORMAT_FLOAT, 1, 0};
  CHECK_DRV(cuMipmappedArrayCreate(&m, &dm, 4), CUDA_SUCCESS);
  CUarray level = NULL;
  CHECK_DRV(cuMipmappedArrayGetLevel(&level, m, 3), CUDA_SUCCESS);
  CHECK_DRV(cuArray3DGetDescriptor(&back3, level), CUDA_SUCCESS);
  CHECK(back3.Width == 2 && back3.Height == 2);
  CHECK_DRV(cuArrayDestroy(level), CUDA_SUCCESS); /* as cudaFreeArray: the level stays */
  CHECK_DRV(cuMipmappedArrayDestroy(m), CUDA_SUCCESS);
  /* the 1-D copies: bytes in row-major order across rows, host and device memory */
  unsigned short halves[64], halves_back[64] = {0};
  for (int i = 0; i < 64; i++)
    halves[i] = (unsigned short)(1000 + i);
  CHECK_DRV(cuMemcpyHtoA(b, 0, halves, sizeof halves), CUDA_SUCCESS);
  CUdeviceptr dv = 0;
  CHECK_DRV(cuMemAlloc(&dv, 256), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyAtoD(dv, b, 2 * 5, 2 * 20), CUDA_SUCCESS); /* texels 5..24: three rows */
  CHECK_DRV(cuMemcpyDtoA(b, 2 * 40, dv, 2 * 20), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyAtoH(halves_back, b, 0, sizeof halves_back), CUDA_SUCCESS);
  int wrong = 0;
  for (int i = 0; i < 64; i++)
    wrong += halves_back[i] != (i >= 40 && i < 60 ? 1000 + i - 35 : 1000 + i);
  CHECK(wrong == 0);
  CHECK_DRV(cuMemcpyHtoA(b, 1, halves, 2), CUDA_ERROR_INVALID_VALUE);    /* not a whole texel */
  CHECK_DRV(cuMemcpyHtoA(b, 120, halves, 16), CUDA_ERROR_INVALID_VALUE); /* past the end */
  CHECK_DRV(cuMemFree(dv), CUDA_SUCCESS);
  CHECK_DRV(cuArrayDestroy(b), CUDA_SUCCESS);
  CHECK_DRV(cuArrayDestroy(a), CUDA_SUCCESS);
  CHECK_DRV(cuArrayDestroy(a), CUDA_ERROR_INVALID_HANDLE);
}

/* cuMemcpyAtoA: bytes in each array's row-major order, arrays of different formats with
 * elements of one size, pieces across rows of both; CUDA's checks copy nothing. */
static void test_driver_atoa(void) {
  CUDA_ARRAY_DESCRIPTOR d1 = {100, 0, CU_AD_FORMAT_FLOAT, 1};
  CUDA_ARRAY_DESCRIPTOR d2 = {8, 4, CU_AD_FORMAT_UNSIGNED_INT32, 1};
  CUDA_ARRAY_DESCRIPTOR d3 = {16, 0, CU_AD_FORMAT_HALF, 2};          /* 4-byte elements too */
  CUDA_ARRAY_DESCRIPTOR d4 = {16, 0, CU_AD_FORMAT_UNSIGNED_INT8, 1}; /* 1-byte elements */
  CUarray a1 = NULL, a2 = NULL, a3 = NULL, a4 = NULL;
  CHECK_DRV(cuArrayCreate(&a1, &d1), CUDA_SUCCESS);
  CHECK_DRV(cuArrayCreate(&a2, &d2), CUDA_SUCCESS);
  CHECK_DRV(cuArrayCreate(&a3, &d3), CUDA_SUCCESS);
  CHECK_DRV(cuArrayCreate(&a4, &d4), CUDA_SUCCESS);
  float f[100], f_back[100];
  uint32_t u[32], u_back[32];
  for (int i = 0; i < 100; i++)
    f[i] = 0.5f + (float)i;
  for (int i = 0; i < 32; i++)
    u[i] = 0xA0000000u + (uint32_t)i;
  CHECK_DRV(cuMemcpyHtoA(a1, 0, f, sizeof f), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyHtoA(a2, 0, u, sizeof u), CUDA_SUCCESS);
  /* 1-D float elements 10..29 to 2-D uint elements 6..25: rows 0 to 3 of 8 */
  CHECK_DRV(cuMemcpyAtoA(a2, 4 * 6, a1, 4 * 10, 4 * 20), CUDA_SUCCESS);
  CHECK_DRV(cuCtxSynchronize(), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyAtoH(u_back, a2, 0, sizeof u_back), CUDA_SUCCESS);
  int wrong = 0;
  for (int i = 0; i < 32; i++) {
    uint32_t want = u[i];
    if (i >= 6 && i < 26) memcpy(&want, &f[10 + i - 6], 4);
    wrong += u_back[i] != want;
  }
  CHECK(wrong == 0);
  /* back: 2-D elements 14..16 (across a row: they hold 1-D's 18..20) to 1-D's 97..99 */
  CHECK_DRV(cuMemcpyAtoA(a1, 4 * 97, a2, 4 * 14, 4 * 3), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyAtoA(a3, 0, a1, 0, 4 * 16), CUDA_SUCCESS); /* float to half2: the bytes */
  CHECK_DRV(cuMemcpyAtoH(f_back, a1, 0, sizeof f_back), CUDA_SUCCESS);
  CHECK(f_back[96] == f[96] && f_back[97] == f[18] && f_back[98] == f[19] && f_back[99] == f[20]);
  CHECK(memcmp(f_back, f, 97 * sizeof *f) == 0);
  CHECK_DRV(cuMemcpyAtoH(f_back, a3, 0, 4 * 16), CUDA_SUCCESS);
  CHECK(memcmp(f_back, f, 16 * sizeof *f) == 0);
  /* CUDA's checks: nothing copied */
  CHECK_DRV(cuMemcpyAtoA(a1, 0, a1, 0, 0), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyAtoA(NULL, 0, a1, 0, 4), CUDA_ERROR_INVALID_VALUE);
  CHECK_DRV(cuMemcpyAtoA(a1, 0, NULL, 0, 4), CUDA_ERROR_INVALID_VALUE);
  CHECK_DRV(cuMemcpyAtoA(a4, 0, a1, 0, 4), CUDA_ERROR_INVALID_VALUE); /* element sizes */
  CHECK_DRV(cuMemcpyAtoA(a2, 0, a1, 0, 6), CUDA_ERROR_INVALID_VALUE); /* not whole elements */
  CHECK_DRV(cuMemcpyAtoA(a2, 2, a1, 0, 4), CUDA_ERROR_INVALID_VALUE); /* nor the offsets */
  CHECK_DRV(cuMemcpyAtoA(a2, 0, a1, 2, 4), CUDA_ERROR_INVALID_VALUE);
  CHECK_DRV(cuMemcpyAtoA(a2, 0, a1, 4 * 90, 4 * 12), CUDA_ERROR_INVALID_VALUE); /* source end */
  CHECK_DRV(cuMemcpyAtoA(a2, 4 * 30, a1, 0, 4 * 4), CUDA_ERROR_INVALID_VALUE);  /* destination */
  CHECK_DRV(cuMemcpyAtoA(a2, 4 * 40, a1, 0, 0), CUDA_ERROR_INVALID_VALUE); /* offset past the end */
  CHECK_DRV(cuMemcpyAtoH(u_back + 28, a2, 4 * 28, 16), CUDA_SUCCESS);
  CHECK(u_back[28] == u[28] && u_back[31] == u[31]);
  CHECK_DRV(cuArrayDestroy(a4), CUDA_SUCCESS);
  CHECK_DRV(cuArrayDestroy(a3), CUDA_SUCCESS);
  CHECK_DRV(cuMemcpyAtoA(a3, 0, a1, 0, 4), CUDA_ERROR_INVALID_VALUE); /* destroyed */
  CHECK_DRV(cuArrayDestroy(a2), CUDA_SUCCESS);
  CHECK_DRV(cuArrayDestroy(a1), CUDA_SUCCESS);
}

int main(void) {
  test_info();
  test_bad_arrays();
  test_formats();
  test_shapes();
  test_3d_device();
  test_linear_copies();
  test_copy_errors();
  test_mipmaps();
  test_texture_objects();
  test_samplers();
  test_views();
  test_memory_textures();
  test_surfaces();
  test_graph_copy();
  test_driver();
  test_driver_atoa();
  test_reset();
  return check_finish("test_texture");
}
