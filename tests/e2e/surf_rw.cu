// surf_rw.cu — end-to-end test of surface objects (issue 15): surf2Dread/surf2Dwrite on
// uchar4, short2, float, half-as-ushort and int4 arrays (x in bytes; the texel's bytes move
// whatever the format), surf1D, surf3D, surf1DLayered, surf2DLayered, surfCubemap and
// surfCubemapLayered read-modify-write, the pointer form of the reads, and the boundary
// modes: cudaBoundaryModeClamp clamps, cudaBoundaryModeZero reads zeros and drops writes
// (the trap mode is surf_trap.cu). Results are read back with cudaMemcpy from the arrays
// and compared exactly with the CPU's. Prints PASS, or FAIL: <details>.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
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

enum { W = 8, H = 4 };

// out(x, y) = f(in(x, y)) for every texel, in(x, y) read with clamp at x + dx.
__global__ void rw_uchar4(cudaSurfaceObject_t s, int dx) {
  int x = threadIdx.x, y = threadIdx.y;
  uchar4 v = surf2Dread<uchar4>(s, (x + dx) * 4, y, cudaBoundaryModeClamp);
  surf2Dwrite(make_uchar4(v.w, v.z + 1, v.y, v.x), s, x * 4, y + H); // rows H.. of 2H
}
__global__ void rw_short2(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = threadIdx.y;
  short2 v;
  surf2Dread(&v, s, x * 4, y); // the pointer form
  surf2Dwrite(make_short2(-v.y, v.x), s, x * 4, y);
}
__global__ void rw_float(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = threadIdx.y;
  float v = surf2Dread<float>(s, x * 4, y);
  // out-of-range reads with Zero give 0, out-of-range writes are dropped
  float z = surf2Dread<float>(s, (x + W) * 4, y, cudaBoundaryModeZero);
  surf2Dwrite(-100.0f, s, (x - W) * 4, y, cudaBoundaryModeZero);
  surf2Dwrite(v * 2.0f + z, s, x * 4, y);
}
__global__ void rw_half(cudaSurfaceObject_t s) { // a half surface moved as its bits
  int x = threadIdx.x, y = threadIdx.y;
  unsigned short b = surf2Dread<unsigned short>(s, x * 2, y);
  surf2Dwrite((unsigned short)(b ^ 0x8000u), s, x * 2, y); // negate
}
__global__ void rw_int4(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = threadIdx.y;
  int4 v = surf2Dread<int4>(s, x * 16, y);
  surf2Dwrite(make_int4(v.x + 1, v.y - 1, v.z * 2, ~v.w), s, x * 16, y);
}
__global__ void rw_shapes(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t s1l,
                          cudaSurfaceObject_t s2l, cudaSurfaceObject_t sc,
                          cudaSurfaceObject_t scl) {
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z; // 4 x 4 x 6
  if (y == 0 && z == 0) surf1Dwrite(surf1Dread<int>(s1, x * 4) + 1, s1, x * 4);
  if (z < 2) surf3Dwrite(surf3Dread<int>(s3, x * 4, y, z) + 2, s3, x * 4, y, z);
  if (y == 0 && z < 3) surf1DLayeredwrite(surf1DLayeredread<int>(s1l, x * 4, z) + 3, s1l, x * 4, z);
  if (z < 3) surf2DLayeredwrite(surf2DLayeredread<int>(s2l, x * 4, y, z) + 4, s2l, x * 4, y, z);
  surfCubemapwrite(surfCubemapread<int>(sc, x * 4, y, z) + 5, sc, x * 4, y, z);
  for (int layer = 0; layer < 2; layer++)
    surfCubemapLayeredwrite(surfCubemapLayeredread<int>(scl, x * 4, y, layer * 6 + z) + 6 + layer,
                            scl, x * 4, y, layer * 6 + z);
}

static cudaSurfaceObject_t surface(cudaArray_t a) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  if (cudaCreateSurfaceObject(&s, &r) != cudaSuccess) printf("FAIL: cudaCreateSurfaceObject\n"), failures++;
  return s;
}

static void expect_bytes(const char *what, const void *got, const void *want, size_t n) {
  if (memcmp(got, want, n) == 0) return;
  const unsigned char *g = (const unsigned char *)got, *w = (const unsigned char *)want;
  for (size_t k = 0; k < n; k++)
    if (g[k] != w[k]) {
      printf("%s: byte %zu got 0x%02x, want 0x%02x\n", what, k, g[k], w[k]);
      break;
    }
  failures++;
}

// A 2D array of `bytes`-byte texels (w x h) with surface load/store, filled from host.
static cudaArray_t array2d(cudaChannelFormatDesc d, int w, int h, const void *host, size_t bytes) {
  cudaArray_t a = 0;
  if (cudaMallocArray(&a, &d, w, h, cudaArraySurfaceLoadStore) != cudaSuccess) return 0;
  if (cudaMemcpy2DToArray(a, 0, 0, host, w * bytes, w * bytes, h, cudaMemcpyHostToDevice) !=
      cudaSuccess)
    return 0;
  return a;
}

static int back(cudaArray_t a, void *host, int w, int h, size_t bytes) {
  return cudaMemcpy2DFromArray(host, w * bytes, a, 0, 0, w * bytes, h, cudaMemcpyDeviceToHost) ==
         cudaSuccess;
}

static cudaArray_t array3d(int w, int h, int d, unsigned flags, int *host) {
  cudaChannelFormatDesc f = cudaCreateChannelDesc<int>();
  cudaArray_t a = 0;
  if (cudaMalloc3DArray(&a, &f, make_cudaExtent(w, h, d), flags | cudaArraySurfaceLoadStore) !=
      cudaSuccess)
    return 0;
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h ? h : 1);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h ? h : 1, d ? d : 1);
  p.kind = cudaMemcpyHostToDevice;
  return cudaMemcpy3D(&p) == cudaSuccess ? a : 0;
}

static int read3d(cudaArray_t a, int w, int h, int d, int *host) {
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.dstPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h ? h : 1);
  p.srcArray = a;
  p.extent = make_cudaExtent(w, h ? h : 1, d ? d : 1);
  p.kind = cudaMemcpyDeviceToHost;
  return cudaMemcpy3D(&p) == cudaSuccess;
}

int main(void) {
  dim3 block(W, H);
  // uchar4, 8 x 8: rows 0..3 the input, rows 4..7 written
  uchar4 c[2 * H][W], cw[2 * H][W];
  for (int y = 0; y < 2 * H; y++)
    for (int x = 0; x < W; x++) c[y][x] = make_uchar4(x * 30 + y, y * 40 + 1, 200 + x, 255 - x * y);
  memcpy(cw, c, sizeof c);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int sx = x + 3 > W - 1 ? W - 1 : x + 3; // clamped
      uchar4 v = c[y][sx];
      cw[y + H][x] = make_uchar4(v.w, (unsigned char)(v.z + 1), v.y, v.x);
    }
  cudaArray_t a = array2d(cudaCreateChannelDesc<uchar4>(), W, 2 * H, c, 4);
  if (!a) return printf("FAIL: uchar4 array\n"), 1;
  rw_uchar4<<<1, block>>>(surface(a), 3);
  CHECK(cudaDeviceSynchronize());
  uchar4 cb[2 * H][W];
  if (!back(a, cb, W, 2 * H, 4)) return printf("FAIL: read back\n"), 1;
  expect_bytes("uchar4 (clamp)", cb, cw, sizeof cb);

  short2 s[H][W], sw[H][W], sb[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) s[y][x] = make_short2(x - 100 * y, -x * 1000 + y), sw[y][x] = make_short2(-s[y][x].y, s[y][x].x);
  a = array2d(cudaCreateChannelDesc<short2>(), W, H, s, 4);
  if (!a) return printf("FAIL: short2 array\n"), 1;
  rw_short2<<<1, block>>>(surface(a));
  CHECK(cudaDeviceSynchronize());
  if (!back(a, sb, W, H, 4)) return printf("FAIL: read back\n"), 1;
  expect_bytes("short2", sb, sw, sizeof sb);

  float f[H][W], fw[H][W], fb[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) f[y][x] = x * 0.75f - y * 3.5f, fw[y][x] = f[y][x] * 2.0f;
  a = array2d(cudaCreateChannelDesc<float>(), W, H, f, 4);
  if (!a) return printf("FAIL: float array\n"), 1;
  rw_float<<<1, block>>>(surface(a));
  CHECK(cudaDeviceSynchronize());
  if (!back(a, fb, W, H, 4)) return printf("FAIL: read back\n"), 1;
  expect_bytes("float (zero mode)", fb, fw, sizeof fb);

  unsigned short hb[H][W], hw[H][W], hr[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      __half h = __float2half(x * 0.5f - y);
      memcpy(&hb[y][x], &h, 2);
      hw[y][x] = hb[y][x] ^ 0x8000u;
    }
  a = array2d(cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat), W, H, hb, 2);
  if (!a) return printf("FAIL: half array\n"), 1;
  rw_half<<<1, block>>>(surface(a));
  CHECK(cudaDeviceSynchronize());
  if (!back(a, hr, W, H, 2)) return printf("FAIL: read back\n"), 1;
  expect_bytes("half bits", hr, hw, sizeof hr);

  int4 i4[H][W], i4w[H][W], i4b[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      i4[y][x] = make_int4(x, -y, x * y - 7, 0x12345678 + x);
      i4w[y][x] = make_int4(x + 1, -y - 1, (x * y - 7) * 2, ~(0x12345678 + x));
    }
  a = array2d(cudaCreateChannelDesc<int4>(), W, H, i4, 16);
  if (!a) return printf("FAIL: int4 array\n"), 1;
  rw_int4<<<1, block>>>(surface(a));
  CHECK(cudaDeviceSynchronize());
  if (!back(a, i4b, W, H, 16)) return printf("FAIL: read back\n"), 1;
  expect_bytes("int4", i4b, i4w, sizeof i4b);

  // the other shapes: int texels, 4 wide
  static int h1[4], h3[4 * 4 * 2], h1l[4 * 3], h2l[4 * 4 * 3], hc[4 * 4 * 6], hcl[4 * 4 * 12];
  int *bufs[] = {h1, h3, h1l, h2l, hc, hcl};
  int sizes[] = {4, 32, 12, 48, 96, 192}, adds[] = {1, 2, 3, 4, 5, 6};
  for (int b = 0; b < 6; b++)
    for (int k = 0; k < sizes[b]; k++) bufs[b][k] = k * 10 + b;
  cudaArray_t a1 = array3d(4, 0, 0, 0, h1), a3 = array3d(4, 4, 2, 0, h3),
              a1l = array3d(4, 0, 3, cudaArrayLayered, h1l),
              a2l = array3d(4, 4, 3, cudaArrayLayered, h2l), ac = array3d(4, 4, 6, cudaArrayCubemap, hc),
              acl = array3d(4, 4, 12, cudaArrayCubemap | cudaArrayLayered, hcl);
  if (!a1 || !a3 || !a1l || !a2l || !ac || !acl) return printf("FAIL: 3D arrays\n"), 1;
  rw_shapes<<<1, dim3(4, 4, 6)>>>(surface(a1), surface(a3), surface(a1l), surface(a2l), surface(ac),
                                  surface(acl));
  CHECK(cudaDeviceSynchronize());
  cudaArray_t arrays[] = {a1, a3, a1l, a2l, ac, acl};
  int dims[][3] = {{4, 0, 0}, {4, 4, 2}, {4, 0, 3}, {4, 4, 3}, {4, 4, 6}, {4, 4, 12}};
  const char *names[] = {"surf1D", "surf3D", "surf1DLayered", "surf2DLayered", "surfCubemap",
                         "surfCubemapLayered"};
  for (int b = 0; b < 6; b++) {
    static int got[192];
    if (!read3d(arrays[b], dims[b][0], dims[b][1], dims[b][2], got))
      return printf("FAIL: read back %s\n", names[b]), 1;
    for (int k = 0; k < sizes[b]; k++) {
      int add = adds[b] + (b == 5 ? k / 96 : 0); // layer 1 of the layered cubemap: +7
      if (got[k] != bufs[b][k] + add) {
        printf("%s [%d]: got %d, want %d\n", names[b], k, got[k], bufs[b][k] + add);
        failures++;
        break;
      }
    }
  }
  if (failures) {
    printf("FAIL: %d wrong results\n", failures);
    return 1;
  }
  printf("passed: surface reads and writes of 1/2/4/16-byte texels in every shape, clamp and zero "
         "boundary modes\n");
  printf("PASS\n");
  return 0;
}
