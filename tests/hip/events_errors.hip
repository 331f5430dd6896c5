// HIP port of event timing, launches and errors: hipEventCreate/Record/
// Synchronize/ElapsedTime around kernels launched with hipLaunchKernelGGL and
// <<<>>> (on the null stream and on a stream), templates and structs as
// kernel arguments; HIP's error codes and names (hipGetErrorName gives
// "hipErrorInvalidValue", as HIP documents), hipGetLastError and
// hipPeekAtLastError after a launch HIP rejects; calls Anchor does not
// implement.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s\n", #call, hipGetErrorName(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

struct Affine {
  float a, b;
};

template <typename T> __global__ void apply(T *x, Affine f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = (T)(f.a * (float)x[i] + f.b);
}

static int expect_error(const char *what, hipError_t got, hipError_t want, const char *name) {
  if (got == want && !strcmp(hipGetErrorName(got), name)) return 1;
  printf("%s: %d (%s), expected %d (%s)\n", what, (int)got, hipGetErrorName(got), (int)want, name);
  return 0;
}

int main() {
  int ok = 1;
  const int n = 1 << 16;
  float *x;
  int *xi;
  CHECK(hipMalloc(&x, n * sizeof(float)));
  CHECK(hipMalloc(&xi, n * sizeof(int)));
  CHECK(hipMemset(x, 0, n * sizeof(float)));
  CHECK(hipMemset(xi, 0, n * sizeof(int)));
  hipEvent_t start, stop;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreateWithFlags(&stop, hipEventDefault));
  hipStream_t stream;
  CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));

  CHECK(hipEventRecord(start, 0));
  hipLaunchKernelGGL(apply<float>, dim3((n + 255) / 256), dim3(256), 0, 0, x, Affine{2, 1}, n);
  apply<float><<<(n + 255) / 256, 256>>>(x, Affine{3, -1}, n);
  CHECK(hipEventRecord(stop, 0));
  CHECK(hipEventSynchronize(stop));
  float ms = -1;
  CHECK(hipEventElapsedTime(&ms, start, stop));
  if (!(ms >= 0)) {
    printf("elapsed %f ms\n", ms);
    ok = 0;
  }
  CHECK(hipEventQuery(stop));

  hipLaunchKernelGGL(HIP_KERNEL_NAME(apply<int>), dim3((n + 127) / 128), dim3(128), 0, stream, xi,
                     Affine{1, 5}, n);
  CHECK(hipStreamSynchronize(stream));

  float hx[n];
  int hi[n];
  CHECK(hipMemcpy(hx, x, sizeof hx, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(hi, xi, sizeof hi, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (hx[i] != 2.0f || hi[i] != 5) {
      printf("x[%d] = %g, xi[%d] = %d\n", i, hx[i], i, hi[i]);
      ok = 0;
      break;
    }

  // Errors: HIP's codes, HIP's names.
  ok &= expect_error("hipSetDevice(99)", hipSetDevice(99), hipErrorInvalidDevice,
                     "hipErrorInvalidDevice");
  ok &= expect_error("hipMemcpy(NULL)", hipMemcpy(NULL, x, 4, hipMemcpyDeviceToHost),
                     hipErrorInvalidValue, "hipErrorInvalidValue");
  (void)hipGetLastError(); // clear
  // More threads than a block may have: on HIP's NVIDIA platform the CUDA
  // runtime's answer, mapped — CUDA 13 gives cudaErrorInvalidValue (observed
  // on an H200, tests/e2e/errors.cu), so hipErrorInvalidValue.
  apply<float><<<1, 4096>>>(x, Affine{1, 0}, n);
  ok &= expect_error("hipPeekAtLastError", hipPeekAtLastError(), hipErrorInvalidValue,
                     "hipErrorInvalidValue");
  ok &= expect_error("hipGetLastError", hipGetLastError(), hipErrorInvalidValue,
                     "hipErrorInvalidValue");
  ok &= expect_error("name of hipErrorInvalidConfiguration", hipErrorInvalidConfiguration,
                     hipErrorInvalidConfiguration, "hipErrorInvalidConfiguration");
  ok &= expect_error("hipGetLastError after", hipGetLastError(), hipSuccess, "hipSuccess");
  ok &= expect_error("name of hipErrorOutOfMemory", hipErrorOutOfMemory, hipErrorOutOfMemory,
                     "hipErrorOutOfMemory");
  ok &= expect_error("name of hipErrorNotSupported", hipErrorNotSupported, hipErrorNotSupported,
                     "hipErrorNotSupported");
  if (strcmp(hipGetErrorName((hipError_t)12345), "hipErrorUnknown")) {
    printf("hipGetErrorName(12345) = %s\n", hipGetErrorName((hipError_t)12345));
    ok = 0;
  }
  // Textures and CUDA arrays exist (issue 15): NULL descriptors and a NULL array are
  // hipErrorInvalidValue, as CUDA's cudaErrorInvalidValue. Multi-device cooperative
  // launch: CUDA 13 reserved the attribute's value (96), which its runtime answers with
  // success (H200, runtime/core_props.c) and Anchor with 0: not available.
  hipTextureObject_t tex = 0;
  ok &= expect_error("hipCreateTextureObject", hipCreateTextureObject(&tex, NULL, NULL, NULL),
                     hipErrorInvalidValue, "hipErrorInvalidValue");
  ok &= expect_error("hipMemcpy2DToArrayAsync",
                     hipMemcpy2DToArrayAsync(NULL, 0, 0, hx, 4, 4, 1, hipMemcpyHostToDevice, 0),
                     hipErrorInvalidValue, "hipErrorInvalidValue");
  int attr = -1;
  ok &= expect_error("hipDeviceGetAttribute(CooperativeMultiDeviceLaunch)",
                     hipDeviceGetAttribute(&attr, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0),
                     hipSuccess, "hipSuccess");
  ok &= attr == 0;
  (void)hipGetLastError();
  const char *s = hipGetErrorString(hipErrorInvalidValue);
  if (!s || !*s) ok = 0;
  printf("elapsed %.3f ms; hipGetErrorString(hipErrorInvalidValue) = \"%s\"\n", ms, s);

  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(stop));
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(x));
  CHECK(hipFree(xi));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
