// HIP port of a 2-D stencil on a stream: pitched input (hipMallocPitch,
// hipMemcpy2DAsync in and out), managed output (hipMallocManaged with
// hipMemAdvise and hipMemPrefetchAsync by device number, read by the
// host after hipStreamSynchronize), a 2-D grid launched on a non-default
// stream with <<<>>>, and hipMemsetAsync. Checked against a CPU stencil.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s\n", #call, hipGetErrorName(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

// out = 5-point average of in (edges clamped), written densely.
__global__ void stencil(const float *in, size_t pitch, float *out, int w, int h) {
  int x = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  int y = hipBlockIdx_y * hipBlockDim_y + hipThreadIdx_y;
  if (x >= w || y >= h) return;
  auto at = [&](int xx, int yy) {
    xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx;
    yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
    return ((const float *)((const char *)in + yy * pitch))[xx];
  };
  out[y * w + x] = 0.2f * (at(x, y) + at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1));
}

int main() {
  const int w = 300, h = 200;
  std::vector<float> host(w * h), back(w * h);
  for (int i = 0; i < w * h; i++) host[i] = (float)((i * 37) % 101) * 0.25f;

  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  float *d_in, *managed;
  size_t pitch = 0;
  CHECK(hipMallocPitch((void **)&d_in, &pitch, w * sizeof(float), h));
  CHECK(hipMallocManaged(&managed, w * h * sizeof(float)));
  int ok = pitch >= w * sizeof(float);
  // unified-memory hints with a device number (HIP's form; CUDA 13's takes a
  // location: Anchor's cuda_runtime.h keeps CUDA 12's)
  CHECK(hipMemAdvise(managed, w * h * sizeof(float), hipMemAdviseSetPreferredLocation, 0));
  CHECK(hipMemPrefetchAsync(managed, w * h * sizeof(float), 0, stream));
  CHECK(hipMemsetAsync(managed, 0, w * h * sizeof(float), stream));
  CHECK(hipMemcpy2DAsync(d_in, pitch, host.data(), w * sizeof(float), w * sizeof(float), h,
                         hipMemcpyHostToDevice, stream));
  dim3 block(16, 8), grid((w + 15) / 16, (h + 7) / 8);
  stencil<<<grid, block, 0, stream>>>(d_in, pitch, managed, w, h);
  CHECK(hipGetLastError());
  // the input back through the pitched copy, in the same stream
  CHECK(hipMemcpy2DAsync(back.data(), w * sizeof(float), d_in, pitch, w * sizeof(float), h,
                         hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipStreamQuery(stream));

  int bad = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      auto at = [&](int xx, int yy) {
        xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx;
        yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
        return host[yy * w + xx];
      };
      float expect =
          0.2f * (at(x, y) + at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1));
      float got = managed[y * w + x];
      if (std::fabs(got - expect) > 1e-5f * std::fabs(expect) + 1e-6f || back[y * w + x] != host[y * w + x]) {
        if (bad++ < 5) printf("(%d,%d): %g expected %g\n", x, y, got, expect);
      }
    }
  ok &= bad == 0;
  printf("pitch %zu, %d mismatches\n", pitch, bad);
  CHECK(hipFree(d_in));
  CHECK(hipFree(managed));
  CHECK(hipStreamDestroy(stream));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
