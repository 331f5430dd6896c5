// nvrtc_launch.cu — NVRTC end to end: a templated kernel compiled at run time with a
// name expression, its lowered name looked up, the image loaded with cuModuleLoadData,
// the kernel found by that name and launched with cuLaunchKernel (kernelParams, then
// the packed `extra` form), values checked. A __device__ variable found by its lowered
// name with cuModuleGetGlobal.
//
// Anchor: anchorcc -O2 nvrtc_launch.cu -lnvrtc -lcuda -o nvrtc_launch
// nvcc:   nvcc -O2 -arch=sm_90 nvrtc_launch.cu -lnvrtc -lcuda -o nvrtc_launch
// Every call's result is printed ("call -> result") so runs can be compared.
// H200, CUDA 13, 2026-12-01: all as Anchor but the `extra` launch, whose block (a struct
// padded to 32 bytes) CUDA refused with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES; the block
// is now 28 bytes (pack_axpy), and the 32-byte one is checked for that refusal.
#include <cuda.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static bool nv(const char *what, nvrtcResult r) {
  printf("%s -> %s\n", what, nvrtcGetErrorString(r));
  if (r != NVRTC_SUCCESS) failures++;
  return r == NVRTC_SUCCESS;
}

static bool cu(const char *what, CUresult r) {
  const char *name = NULL;
  cuGetErrorName(r, &name);
  printf("%s -> %s\n", what, name ? name : "?");
  if (r != CUDA_SUCCESS) failures++;
  return r == CUDA_SUCCESS;
}

// A call that must fail with `expect`; expect < 0: only printed (CUDA's answer unknown).
static void cu_expect(const char *what, CUresult r, int expect) {
  const char *name = NULL;
  cuGetErrorName(r, &name);
  printf("%s -> %s\n", what, name ? name : "?");
  if (expect >= 0 && (int)r != expect) {
    printf("FAIL: %s, expected %d\n", what, expect);
    failures++;
  }
}

// The packed block of axpy<float>(float a, const float *x, float *y, int n): each
// parameter at its natural alignment (a at 0, x at 8, y at 16, n at 24), the size the
// end of the last one (28), no tail padding: what CUDA takes for `extra`.
static void pack_axpy(unsigned char block[28], float a, CUdeviceptr x, CUdeviceptr y, int n) {
  memset(block, 0, 28);
  memcpy(block + 0, &a, sizeof a);
  memcpy(block + 8, &x, sizeof x);
  memcpy(block + 16, &y, sizeof y);
  memcpy(block + 24, &n, sizeof n);
}

static const char source[] =
    "template <typename T> __global__ void axpy(T a, const T *x, T *y, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = a * x[i] + y[i];\n"
    "}\n"
    "namespace lib {\n"
    "__device__ int launches;\n"
    "__global__ void count() { atomicAdd(&launches, 1); }\n"
    "}\n";

int main() {
  nvrtcProgram prog;
  if (!nv("nvrtcCreateProgram", nvrtcCreateProgram(&prog, source, "axpy.cu", 0, NULL, NULL)))
    return 1;
  nv("nvrtcAddNameExpression(&axpy<float>)", nvrtcAddNameExpression(prog, "&axpy<float>"));
  nv("nvrtcAddNameExpression(&lib::count)", nvrtcAddNameExpression(prog, "&lib::count"));
  nv("nvrtcAddNameExpression(&lib::launches)", nvrtcAddNameExpression(prog, "&lib::launches"));
  const char *opts[] = {"--std=c++17", "-default-device"};
  bool compiled = nv("nvrtcCompileProgram", nvrtcCompileProgram(prog, 2, opts));
  size_t log_size = 0;
  nvrtcGetProgramLogSize(prog, &log_size);
  char *log = (char *)malloc(log_size);
  nvrtcGetProgramLog(prog, log);
  if (log_size > 1) printf("log:\n%s\n", log);
  free(log);
  if (!compiled) return 1;
  const char *axpy = NULL, *count = NULL, *launches = NULL;
  nv("nvrtcGetLoweredName(&axpy<float>)", nvrtcGetLoweredName(prog, "&axpy<float>", &axpy));
  nv("nvrtcGetLoweredName(&lib::count)", nvrtcGetLoweredName(prog, "&lib::count", &count));
  nv("nvrtcGetLoweredName(&lib::launches)", nvrtcGetLoweredName(prog, "&lib::launches", &launches));
  printf("lowered: %s %s %s\n", axpy, count, launches);
  if (!axpy || strcmp(axpy, "_Z4axpyIfEvT_PKS0_PS0_i") || !count ||
      strcmp(count, "_ZN3lib5countEv") || !launches || strcmp(launches, "_ZN3lib8launchesE")) {
    printf("FAIL: lowered names\n");
    failures++;
  }
  size_t image_size = 0;
  nv("nvrtcGetPTXSize", nvrtcGetPTXSize(prog, &image_size));
  char *image = (char *)malloc(image_size);
  nv("nvrtcGetPTX", nvrtcGetPTX(prog, image));

  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn, fn_count;
  if (!cu("cuInit", cuInit(0)) || !cu("cuDeviceGet", cuDeviceGet(&dev, 0)) ||
      !cu("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&ctx, dev)) ||
      !cu("cuCtxSetCurrent", cuCtxSetCurrent(ctx)) ||
      !cu("cuModuleLoadData", cuModuleLoadData(&mod, image)) ||
      !cu("cuModuleGetFunction(axpy)", cuModuleGetFunction(&fn, mod, axpy)) ||
      !cu("cuModuleGetFunction(count)", cuModuleGetFunction(&fn_count, mod, count))) {
    printf("FAIL (%d failures)\n", failures);
    return 1;
  }
  const int n = 1000;
  size_t bytes = n * sizeof(float);
  float *hx = (float *)malloc(bytes), *hy = (float *)malloc(bytes);
  for (int i = 0; i < n; i++)
    hx[i] = (float)i, hy[i] = 1.0f;
  CUdeviceptr dx, dy;
  cu("cuMemAlloc(x)", cuMemAlloc(&dx, bytes));
  cu("cuMemAlloc(y)", cuMemAlloc(&dy, bytes));
  cu("cuMemcpyHtoD(x)", cuMemcpyHtoD(dx, hx, bytes));
  cu("cuMemcpyHtoD(y)", cuMemcpyHtoD(dy, hy, bytes));

  // y = 2x + 1 (kernelParams), then y = 0.5x + y (extra: the packed parameter block).
  float a = 2.0f;
  int count_n = n;
  void *params[] = {&a, &dx, &dy, &count_n};
  cu("cuLaunchKernel(kernelParams)",
     cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, params, NULL));
  // A block whose size is not the parameters' is refused. H200, CUDA 13, 2026-12-01: a
  // struct's sizeof (32, tail padding included) gives CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES.
  // One thread and a = 0: a launch that CUDA did take would leave y as it is (y[0] =
  // 0 * x[0] + y[0]), whatever it made of a short block's last bytes.
  unsigned char probe[32];
  memset(probe, 0, sizeof probe);
  pack_axpy(probe, 0.0f, dx, dy, n);
  size_t probe_size = 32;
  void *extra_probe[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, probe, CU_LAUNCH_PARAM_BUFFER_SIZE,
                         &probe_size, CU_LAUNCH_PARAM_END};
  cu_expect("cuLaunchKernel(extra, size 32)",
            cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra_probe),
            CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
  probe_size = 27; // short of the last parameter's end: CUDA's answer printed
  cu_expect("cuLaunchKernel(extra, size 27)",
            cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra_probe), -1);
  unsigned char packed[28];
  pack_axpy(packed, 0.5f, dx, dy, n);
  size_t packed_size = sizeof packed;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, packed, CU_LAUNCH_PARAM_BUFFER_SIZE,
                   &packed_size, CU_LAUNCH_PARAM_END};
  cu("cuLaunchKernel(extra)",
     cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, NULL, extra));
  cu("cuLaunchKernel(count)", cuLaunchKernel(fn_count, 3, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL));
  cu("cuCtxSynchronize", cuCtxSynchronize());
  cu("cuMemcpyDtoH(y)", cuMemcpyDtoH(hy, dy, bytes));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float want = 2.0f * (float)i + 1.0f + 0.5f * (float)i;
    if (hy[i] != want && bad++ < 5) printf("y[%d] = %g, want %g\n", i, hy[i], want);
  }
  if (bad) {
    printf("FAIL: %d wrong values\n", bad);
    failures++;
  }
  CUdeviceptr dlaunches;
  size_t launches_bytes = 0;
  int counted = 0;
  if (cu("cuModuleGetGlobal(launches)",
         cuModuleGetGlobal(&dlaunches, &launches_bytes, mod, launches)) &&
      cu("cuMemcpyDtoH(launches)", cuMemcpyDtoH(&counted, dlaunches, sizeof counted))) {
    printf("launches = %d (%zu bytes)\n", counted, launches_bytes);
    if (counted != 3 * 32 || launches_bytes != sizeof(int)) {
      printf("FAIL: launches\n");
      failures++;
    }
  }
  cu("cuMemFree(x)", cuMemFree(dx));
  cu("cuMemFree(y)", cuMemFree(dy));
  cu("cuModuleUnload", cuModuleUnload(mod));
  cu("cuDevicePrimaryCtxRelease", cuDevicePrimaryCtxRelease(dev));
  nv("nvrtcDestroyProgram", nvrtcDestroyProgram(&prog));
  free(image);
  free(hx);
  free(hy);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
