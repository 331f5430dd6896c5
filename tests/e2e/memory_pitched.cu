// Pitched memory: cudaMallocPitch / cudaMalloc3D, cudaMemcpy2D/2DAsync and
// cudaMemcpy3D/3DAsync (host<->device, device<->device, sub-regions,
// widths that are not multiples of 4), cudaMemset2D/3D(Async), a kernel
// reading pitched rows, peer copies on device 0. Every result is checked
// against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

// out[y * w + x] = pitched[y][x] + 1 (bytes)
__global__ void read_pitched(const unsigned char *p, size_t pitch, unsigned char *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) out[y * w + x] = (unsigned char)(p[y * pitch + x] + 1);
}

static unsigned char pattern(size_t x, size_t y, size_t z) {
  return (unsigned char)(x * 7 + y * 13 + z * 29 + 1);
}

int main() {
  int align = 0;
  cudaDeviceGetAttribute(&align, cudaDevAttrTexturePitchAlignment, 0);
  // ---- 2-D: a width of 37 bytes (not a multiple of 4), 23 rows
  const size_t W = 37, H = 23;
  unsigned char *d2;
  size_t pitch = 0;
  cudaError_t e = cudaMallocPitch((void **)&d2, &pitch, W, H);
  printf("cudaMallocPitch(37, 23) = %d pitch=%zu texturePitchAlignment=%d\n", (int)e, pitch, align);
  CHECK(e == cudaSuccess && pitch >= W && align > 0 && pitch % align == 0, "pitch %zu", pitch);
  unsigned char host[H][W], back[H][W];
  for (size_t y = 0; y < H; y++)
    for (size_t x = 0; x < W; x++) host[y][x] = pattern(x, y, 0);
  e = cudaMemcpy2D(d2, pitch, host, W, W, H, cudaMemcpyHostToDevice);
  CHECK(e == cudaSuccess, "2D H2D %d", (int)e);
  memset(back, 0, sizeof back);
  e = cudaMemcpy2D(back, W, d2, pitch, W, H, cudaMemcpyDeviceToHost);
  CHECK(e == cudaSuccess && memcmp(host, back, sizeof host) == 0, "2D round trip %d", (int)e);

  // a kernel reads the pitched rows
  unsigned char *dflat;
  cudaMalloc(&dflat, W * H);
  read_pitched<<<dim3(1, H), 64>>>(d2, pitch, dflat, (int)W, (int)H);
  cudaMemcpy(back, dflat, W * H, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (size_t y = 0; y < H; y++)
    for (size_t x = 0; x < W; x++)
      if (back[y][x] != (unsigned char)(host[y][x] + 1)) bad++;
  CHECK(bad == 0, "kernel over pitched rows: %d wrong", bad);

  // D2D sub-region (async): rows 3..12, bytes 5..(5+11) into a second pitched buffer at (2, 1)
  unsigned char *d2b;
  size_t pitch_b;
  cudaMallocPitch((void **)&d2b, &pitch_b, W, H);
  cudaMemset2D(d2b, pitch_b, 0xEE, W, H);
  cudaStream_t s;
  cudaStreamCreate(&s);
  e = cudaMemcpy2DAsync(d2b + 1 * pitch_b + 2, pitch_b, d2 + 3 * pitch + 5, pitch, 11, 10,
                        cudaMemcpyDeviceToDevice, s);
  CHECK(e == cudaSuccess, "2D D2D async %d", (int)e);
  cudaStreamSynchronize(s);
  cudaMemcpy2D(back, W, d2b, pitch_b, W, H, cudaMemcpyDeviceToHost);
  bad = 0;
  for (size_t y = 0; y < H; y++)
    for (size_t x = 0; x < W; x++) {
      bool in = y >= 1 && y < 11 && x >= 2 && x < 13;
      unsigned char want = in ? host[y - 1 + 3][x - 2 + 5] : 0xEE;
      if (back[y][x] != want) bad++;
    }
  CHECK(bad == 0, "2D D2D sub-region: %d wrong", bad);

  // memset2D on a sub-region (width 5, odd), then async on another
  e = cudaMemset2D(d2 + 2 * pitch + 3, pitch, 0x11, 5, 4);
  CHECK(e == cudaSuccess, "memset2D %d", (int)e);
  e = cudaMemset2DAsync(d2 + 10 * pitch, pitch, 0x22, W, 2, s);
  CHECK(e == cudaSuccess, "memset2DAsync %d", (int)e);
  cudaStreamSynchronize(s);
  cudaMemcpy2D(back, W, d2, pitch, W, H, cudaMemcpyDeviceToHost);
  bad = 0;
  for (size_t y = 0; y < H; y++)
    for (size_t x = 0; x < W; x++) {
      unsigned char want = host[y][x];
      if (y >= 2 && y < 6 && x >= 3 && x < 8) want = 0x11;
      if (y >= 10 && y < 12) want = 0x22;
      if (back[y][x] != want) bad++;
    }
  CHECK(bad == 0, "memset2D regions: %d wrong", bad);

  // ---- 3-D: 13 x 7 x 5 bytes
  const size_t X = 13, Y = 7, Z = 5;
  cudaExtent ext = make_cudaExtent(X, Y, Z);
  cudaPitchedPtr p3;
  e = cudaMalloc3D(&p3, ext);
  printf("cudaMalloc3D(13,7,5) = %d pitch=%zu xsize=%zu ysize=%zu\n", (int)e, p3.pitch, p3.xsize,
         p3.ysize);
  CHECK(e == cudaSuccess && p3.pitch >= X && p3.xsize == X && p3.ysize == Y, "malloc3D");
  static unsigned char h3[Z][Y][X], b3[Z][Y][X];
  for (size_t z = 0; z < Z; z++)
    for (size_t y = 0; y < Y; y++)
      for (size_t x = 0; x < X; x++) h3[z][y][x] = pattern(x, y, z);
  cudaMemcpy3DParms up = {0};
  up.srcPtr = make_cudaPitchedPtr(h3, X, X, Y);
  up.dstPtr = p3;
  up.extent = ext;
  up.kind = cudaMemcpyHostToDevice;
  e = cudaMemcpy3D(&up);
  CHECK(e == cudaSuccess, "3D H2D %d", (int)e);
  cudaMemcpy3DParms down = {0};
  down.srcPtr = p3;
  down.dstPtr = make_cudaPitchedPtr(b3, X, X, Y);
  down.extent = ext;
  down.kind = cudaMemcpyDeviceToHost;
  e = cudaMemcpy3D(&down);
  CHECK(e == cudaSuccess && memcmp(h3, b3, sizeof h3) == 0, "3D round trip %d", (int)e);

  // 3-D sub-box D2D (async) at positions, into a second volume memset to 0x5A
  cudaPitchedPtr q3;
  cudaMalloc3D(&q3, ext);
  e = cudaMemset3D(q3, 0x5A, ext);
  CHECK(e == cudaSuccess, "memset3D %d", (int)e);
  cudaMemcpy3DParms box = {0};
  box.srcPtr = p3;
  box.srcPos = make_cudaPos(2, 1, 1);
  box.dstPtr = q3;
  box.dstPos = make_cudaPos(5, 3, 0);
  box.extent = make_cudaExtent(7, 3, 3);
  box.kind = cudaMemcpyDeviceToDevice;
  e = cudaMemcpy3DAsync(&box, s);
  CHECK(e == cudaSuccess, "3D D2D async %d", (int)e);
  cudaStreamSynchronize(s);
  down.srcPtr = q3;
  cudaMemcpy3D(&down);
  bad = 0;
  for (size_t z = 0; z < Z; z++)
    for (size_t y = 0; y < Y; y++)
      for (size_t x = 0; x < X; x++) {
        bool in = x >= 5 && x < 12 && y >= 3 && y < 6 && z < 3;
        unsigned char want = in ? h3[z + 1][y - 3 + 1][x - 5 + 2] : 0x5A;
        if (b3[z][y][x] != want) bad++;
      }
  CHECK(bad == 0, "3D sub-box: %d wrong", bad);

  // memset3DAsync of a sub-box (pointer offset into the volume)
  cudaPitchedPtr sub = q3;
  sub.ptr = (char *)q3.ptr + 1 * q3.pitch * q3.ysize + 2 * q3.pitch + 1;
  e = cudaMemset3DAsync(sub, 0x33, make_cudaExtent(3, 2, 2), s);
  CHECK(e == cudaSuccess, "memset3DAsync %d", (int)e);
  cudaStreamSynchronize(s);
  unsigned char before[Z][Y][X];
  memcpy(before, b3, sizeof b3);
  cudaMemcpy3D(&down);
  bad = 0;
  for (size_t z = 0; z < Z; z++)
    for (size_t y = 0; y < Y; y++)
      for (size_t x = 0; x < X; x++) {
        bool in = z >= 1 && z < 3 && y >= 2 && y < 4 && x >= 1 && x < 4;
        if (b3[z][y][x] != (in ? 0x33 : before[z][y][x])) bad++;
      }
  CHECK(bad == 0, "memset3DAsync sub-box: %d wrong", bad);

  // 3-D host to host (cudaMemcpyDefault) and peer copies on device 0
  static unsigned char c3[Z][Y][X];
  cudaMemcpy3DParms hh = {0};
  hh.srcPtr = make_cudaPitchedPtr(h3, X, X, Y);
  hh.dstPtr = make_cudaPitchedPtr(c3, X, X, Y);
  hh.extent = ext;
  hh.kind = cudaMemcpyDefault;
  e = cudaMemcpy3D(&hh);
  CHECK(e == cudaSuccess && memcmp(h3, c3, sizeof h3) == 0, "3D H2H default %d", (int)e);

  cudaMemcpy3DPeerParms peer = {0};
  peer.srcPtr = p3;
  peer.dstPtr = q3;
  peer.extent = ext;
  e = cudaMemcpy3DPeer(&peer);
  CHECK(e == cudaSuccess, "3D peer %d", (int)e);
  down.srcPtr = q3;
  cudaMemcpy3D(&down);
  CHECK(memcmp(h3, b3, sizeof h3) == 0, "3D peer contents");

  unsigned char *a, *b, ref[1001];
  for (int i = 0; i < 1001; i++) ref[i] = pattern(i, 3, 0);
  cudaMalloc(&a, 1001);
  cudaMalloc(&b, 1001);
  cudaMemcpy(a, ref, 1001, cudaMemcpyHostToDevice);
  e = cudaMemcpyPeer(b, 0, a, 0, 1001);
  CHECK(e == cudaSuccess, "peer %d", (int)e);
  e = cudaMemcpyPeerAsync(b + 1, 0, a, 0, 999, s);
  CHECK(e == cudaSuccess, "peer async %d", (int)e);
  unsigned char flat[1001];
  cudaMemcpy(flat, b, 1001, cudaMemcpyDeviceToHost);
  CHECK(flat[0] == ref[0] && memcmp(flat + 1, ref, 999) == 0 && flat[1000] == ref[1000],
        "peer contents");

  cudaStreamDestroy(s);
  cudaFree(a);
  cudaFree(b);
  cudaFree(d2);
  cudaFree(d2b);
  cudaFree(dflat);
  cudaFree(p3.ptr);
  cudaFree(q3.ptr);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
