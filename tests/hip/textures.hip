// tests/hip/textures.hip — a HIP program over CUDA arrays and texture objects (issue 15):
// hipMallocArray, hipMemcpy2DToArray, hipCreateTextureObject and tex2D<float> in a kernel,
// through HIP's NVIDIA-platform headers onto Anchor's CUDA runtime; the texels read back
// are the ones copied in.
#include <cstdio>
#include <hip/hip_runtime.h>
__global__ void k(hipTextureObject_t t, float *out) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * 8 + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}
int main() {
  hipChannelFormatDesc d = hipCreateChannelDesc<float>();
  hipArray_t a;
  if (hipMallocArray(&a, &d, 8, 4) != hipSuccess) {
    printf("FAIL malloc\n");
    return 1;
  }
  float h[32];
  for (int i = 0; i < 32; i++)
    h[i] = i * 1.5f;
  hipMemcpy2DToArray(a, 0, 0, h, 32, 32, 4, hipMemcpyHostToDevice);
  hipResourceDesc r = {};
  r.resType = hipResourceTypeArray;
  r.res.array.array = a;
  hipTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = hipAddressModeClamp;
  td.filterMode = hipFilterModePoint;
  td.readMode = hipReadModeElementType;
  hipTextureObject_t t;
  if (hipCreateTextureObject(&t, &r, &td, nullptr) != hipSuccess) {
    printf("FAIL tex\n");
    return 1;
  }
  float *out;
  hipMallocManaged(&out, 32 * sizeof(float));
  hipLaunchKernelGGL(k, dim3(4), dim3(8), 0, 0, t, out);
  hipDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < 32; i++)
    bad += out[i] != h[i];
  hipDestroyTextureObject(t);
  hipFreeArray(a);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
