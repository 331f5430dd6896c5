// A driver-API program (issue 9): loads a device module file given on the
// command line (anchorcc -fatbin / -cubin driver_module_kernels.cu; on an
// NVIDIA machine nvcc -fatbin -arch=sm_90 driver_module_kernels.cu), finds
// kernels by name (extern "C" and mangled), launches them with kernelParams
// and with extra (the packed block), reads module variables with
// cuModuleGetGlobal, and checks the context stack, memory, streams, events
// and the codes of bad calls. Lines "call -> CODE" are the API contract, to
// compare with the H200 (nvcc: nvcc driver_module.cpp -lcuda -o dm).
// Prints PASS or FAIL lines; exits non-zero on a failure.
// H200, CUDA 13, 2026-12-01 (nvcc -fatbin): the codes marked "H200" below are what
// CUDA returned there; the `extra` block was a padded struct (32 bytes for 28 of
// parameters), which CUDA refused (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES), and the
// failed cuModuleGetGlobal("nope") reused g_scale's variable, which CUDA changed, so
// the copy of `scale` after it failed: both fixed here.
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <thread>
#include <vector>

static int failures;

static const char *name_of(CUresult r) {
  const char *s = NULL;
  return cuGetErrorName(r, &s) == CUDA_SUCCESS && s ? s : "?";
}

// Prints the contract line; when expect >= 0, checks it.
static CUresult report(const char *call, CUresult r, int expect) {
  printf("%s -> %s (%d)\n", call, name_of(r), (int)r);
  if (expect >= 0 && (int)r != expect) {
    printf("FAIL: %s returned %d, expected %d\n", call, (int)r, expect);
    failures++;
  }
  return r;
}
#define CALL(expr, expect) report(#expr, (expr), (expect))
#define OK(expr) CALL(expr, CUDA_SUCCESS)

static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

static int host_calls;
static void CUDA_CB host_fn(void *p) {
  host_calls += *(int *)p;
}
static void CUDA_CB stream_cb(CUstream, CUresult status, void *p) {
  if (status == CUDA_SUCCESS) host_calls += *(int *)p;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODULE_FILE\n", argv[0]);
    return 2;
  }
  CUdeviceptr dummy = 0;
  CALL(cuMemAlloc(&dummy, 16), CUDA_ERROR_NOT_INITIALIZED);
  OK(cuInit(0));
  CUdevice dev;
  OK(cuDeviceGet(&dev, 0));
  CUuuid uuid;
  OK(cuDeviceGetUuid(&uuid, dev));
  char bus[32] = "";
  OK(cuDeviceGetPCIBusId(bus, sizeof bus, dev));
  printf("cuDeviceGetPCIBusId: %s\n", bus);
  int peer = -1;
  OK(cuDeviceCanAccessPeer(&peer, dev, dev));
  printf("cuDeviceCanAccessPeer(dev, dev) = %d\n", peer);

  // ---- contexts ----
  CUcontext cur = (CUcontext)1;
  OK(cuCtxGetCurrent(&cur));
  check(cur == NULL, "no context is current before one is made current");
  CALL(cuMemAlloc(&dummy, 16), CUDA_ERROR_INVALID_CONTEXT);
  CALL(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
  CUcontext popped = NULL;
  CALL(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);
  unsigned pflags = 99;
  int active = 99;
  OK(cuDevicePrimaryCtxGetState(dev, &pflags, &active));
  printf("primary state before retain: flags %u active %d\n", pflags, active);
  CUcontext primary = NULL;
  OK(cuDevicePrimaryCtxRetain(&primary, dev));
  OK(cuDevicePrimaryCtxGetState(dev, &pflags, &active));
  check(active == 1, "the primary context is active once retained");
  CALL(cuDevicePrimaryCtxRetain(&primary, 1), CUDA_ERROR_INVALID_DEVICE);
  CALL(cuDevicePrimaryCtxSetFlags(dev, 0x7), CUDA_ERROR_INVALID_VALUE);

  CUcontext ctx = NULL;
  OK(cuCtxCreate(&ctx, NULL, 0, dev));
  OK(cuCtxGetCurrent(&cur));
  check(cur == ctx, "cuCtxCreate makes the new context current");
  check(ctx != primary, "a created context is not the primary one");
  OK(cuCtxPushCurrent(primary));
  OK(cuCtxGetCurrent(&cur));
  check(cur == primary, "push makes the pushed context current");
  OK(cuCtxPopCurrent(&popped));
  check(popped == primary, "pop returns the top");
  OK(cuCtxGetCurrent(&cur));
  check(cur == ctx, "pop uncovers the context below");
  CUdevice cdev = -1;
  OK(cuCtxGetDevice(&cdev));
  check(cdev == 0, "the current context's device");
  unsigned api = 0;
  OK(cuCtxGetApiVersion(ctx, &api));
  printf("cuCtxGetApiVersion = %u\n", api);
  size_t limit = 0;
  OK(cuCtxGetLimit(&limit, CU_LIMIT_PRINTF_FIFO_SIZE));
  printf("CU_LIMIT_PRINTF_FIFO_SIZE = %zu\n", limit);
  CALL(cuCtxGetLimit(&limit, (CUlimit)0x7f), CUDA_ERROR_INVALID_VALUE); // H200: not a CUlimit
  int least = 1, greatest = 1;
  OK(cuCtxGetStreamPriorityRange(&least, &greatest));
  printf("stream priorities [%d, %d]\n", least, greatest);
  CALL(cuCtxPushCurrent(NULL), CUDA_ERROR_INVALID_VALUE); // H200

  // the stack is per thread: a new thread starts with none, and may use ctx
  {
    CUresult t_cur = CUDA_ERROR_UNKNOWN, t_alloc = CUDA_ERROR_UNKNOWN, t_push = CUDA_ERROR_UNKNOWN;
    CUresult t_alloc2 = CUDA_ERROR_UNKNOWN;
    CUcontext t_ctx = (CUcontext)1;
    std::thread t([&] {
      t_cur = cuCtxGetCurrent(&t_ctx);
      CUdeviceptr p = 0;
      t_alloc = cuMemAlloc(&p, 64);
      t_push = cuCtxPushCurrent(ctx);
      t_alloc2 = cuMemAlloc(&p, 64);
      if (t_alloc2 == CUDA_SUCCESS) cuMemFree(p);
      cuCtxPopCurrent(NULL);
    });
    t.join();
    report("thread: cuCtxGetCurrent", t_cur, CUDA_SUCCESS);
    check(t_ctx == NULL, "a new thread has no current context");
    report("thread: cuMemAlloc without a context", t_alloc, CUDA_ERROR_INVALID_CONTEXT);
    report("thread: cuCtxPushCurrent(ctx)", t_push, CUDA_SUCCESS);
    report("thread: cuMemAlloc in ctx", t_alloc2, CUDA_SUCCESS);
    OK(cuCtxGetCurrent(&cur));
    check(cur == ctx, "another thread's pushes leave this thread's stack alone");
  }

  // ---- modules ----
  CUmodule mod = NULL;
  CALL(cuModuleLoad(&mod, "/nonexistent/file.fatbin"), CUDA_ERROR_FILE_NOT_FOUND);
  OK(cuModuleLoad(&mod, argv[1]));
  CUfunction axpy = NULL, mixed = NULL, none = NULL;
  OK(cuModuleGetFunction(&axpy, mod, "axpy"));
  OK(cuModuleGetFunction(&mixed, mod, "_Z5mixedcdPi"));
  CALL(cuModuleGetFunction(&none, mod, "no_such_kernel"), CUDA_ERROR_NOT_FOUND);
  CALL(cuModuleGetFunction(&none, mod, "mixed"), CUDA_ERROR_NOT_FOUND); // unmangled C++ name
  CALL(cuModuleGetFunction(NULL, mod, "axpy"), CUDA_ERROR_INVALID_VALUE);
  unsigned count = 0;
  OK(cuModuleGetFunctionCount(&count, mod));
  check(count == 2, "two kernels in the module");
  const char *fname = NULL;
  OK(cuFuncGetName(&fname, mixed));
  check(fname && strcmp(fname, "_Z5mixedcdPi") == 0, "cuFuncGetName gives the mangled name");

  CUdeviceptr g_counter = 0, g_scale = 0;
  size_t g_bytes = 0;
  OK(cuModuleGetGlobal(&g_counter, &g_bytes, mod, "counter"));
  check(g_bytes == sizeof(int), "cuModuleGetGlobal gives the variable's size");
  OK(cuModuleGetGlobal(&g_scale, NULL, mod, "scale"));
  CUdeviceptr g_nope = (CUdeviceptr)0x5a5a;
  size_t nope_bytes = 0x5a5a;
  CALL(cuModuleGetGlobal(&g_nope, &nope_bytes, mod, "nope"), CUDA_ERROR_NOT_FOUND);
  // H200, CUDA 13, 2026-12-01: "changed, changed" (the values were not printed; Anchor
  // writes 0 to both)
  printf("after NOT_FOUND: dptr %s, bytes %s\n", g_nope == 0x5a5a ? "untouched" : "changed",
         nope_bytes == 0x5a5a ? "untouched" : "changed"); // CUDA's way printed
  int counter = 0;
  float scale = 0;
  OK(cuMemcpyDtoH(&counter, g_counter, sizeof counter));
  OK(cuMemcpyDtoH(&scale, g_scale, sizeof scale));
  check(counter == 5 && scale == 2.0f, "module variables start with their initialisers");

  int maxThreads = 0;
  OK(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, axpy));
  check(maxThreads >= 256, "a kernel runs at least 256 threads per block");

  // ---- launches: kernelParams ----
  const int n = 1000;
  std::vector<float> hx(n), hy(n), out(n);
  for (int i = 0; i < n; i++) {
    hx[i] = (float)i;
    hy[i] = 1.0f;
  }
  CUdeviceptr x = 0, y = 0;
  OK(cuMemAlloc(&x, n * sizeof(float)));
  OK(cuMemAlloc(&y, n * sizeof(float)));
  OK(cuMemcpyHtoD(x, hx.data(), n * sizeof(float)));
  OK(cuMemcpyHtoD(y, hy.data(), n * sizeof(float)));
  float a = 3.0f;
  int nn = n;
  void *params[] = {&a, &x, &y, &nn};
  OK(cuLaunchKernel(axpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, params, NULL));
  OK(cuCtxSynchronize());
  OK(cuMemcpyDtoH(out.data(), y, n * sizeof(float)));
  bool good = true;
  for (int i = 0; i < n; i++)
    good = good && out[i] == 3.0f * (float)i * 2.0f + 1.0f;
  check(good, "axpy with kernelParams");

  // ---- launches: extra (the packed block, CUDA's layout) ----
  // axpy(float a, const float *x, float *y, int n): each parameter at its natural
  // alignment (a at 0, x at 8, y at 16, n at 24), the size the end of the last (28).
  unsigned char block_axpy[32];
  auto pack_axpy = [&](float pa, int pn) {
    memset(block_axpy, 0, sizeof block_axpy);
    memcpy(block_axpy + 0, &pa, sizeof pa);
    memcpy(block_axpy + 8, &x, sizeof x);
    memcpy(block_axpy + 16, &y, sizeof y);
    memcpy(block_axpy + 24, &pn, sizeof pn);
  };
  // A size other than the parameters' is refused (H200: 32, a struct's sizeof with its
  // tail padding, gives CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES). One thread and a = 0: a
  // launch CUDA did take would leave y as it is (y[0] = 0 * x[0] + y[0]).
  pack_axpy(0.0f, n);
  size_t block_size = 32;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, block_axpy, CU_LAUNCH_PARAM_BUFFER_SIZE,
                   &block_size, CU_LAUNCH_PARAM_END};
  CALL(cuLaunchKernel(axpy, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra),
       CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
  // Short of the last parameter's end: H200, CUDA 13, 2026-12-01: taken (CUDA_SUCCESS;
  // a = 0, so y is unchanged whatever n's missing byte reads as).
  block_size = 27;
  CALL(cuLaunchKernel(axpy, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra), CUDA_SUCCESS);
  pack_axpy(1.0f, n);
  block_size = 28;
  OK(cuLaunchKernel(axpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, NULL, extra));
  OK(cuMemcpyDtoH(out.data(), y, n * sizeof(float)));
  good = true;
  for (int i = 0; i < n; i++)
    good = good && out[i] == 3.0f * (float)i * 2.0f + 1.0f + (float)i * 2.0f;
  check(good, "axpy with extra");

  CUdeviceptr res = 0;
  OK(cuMemAlloc(&res, 2 * sizeof(int)));
  struct {
    char c;
    char pad[7];
    double d;
    CUdeviceptr out;
  } block_mixed = {'A', {0}, 41.75, res};
  size_t mixed_size = sizeof block_mixed;
  void *extra2[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &block_mixed, CU_LAUNCH_PARAM_BUFFER_SIZE,
                    &mixed_size, CU_LAUNCH_PARAM_END};
  OK(cuLaunchKernel(mixed, 4, 1, 1, 64, 1, 1, 0, NULL, NULL, extra2));
  int r2[2] = {0, 0};
  OK(cuMemcpyDtoH(r2, res, sizeof r2));
  check(r2[0] == 'A' && r2[1] == 41, "mixed parameters through extra");
  OK(cuMemcpyDtoH(&counter, g_counter, sizeof counter));
  check(counter == 5 + 256, "the kernel's atomicAdd on the module variable");

  CALL(cuLaunchKernel(axpy, 1, 1, 1, 128, 1, 1, 0, NULL, params, extra), CUDA_ERROR_INVALID_VALUE);
  CALL(cuLaunchKernel(axpy, 1, 1, 1, 2048, 1, 1, 0, NULL, params, NULL), CUDA_ERROR_INVALID_VALUE);
  CALL(cuLaunchKernel(axpy, 0, 1, 1, 128, 1, 1, 0, NULL, params, NULL), CUDA_ERROR_INVALID_VALUE);
  CALL(cuLaunchKernel(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL), CUDA_ERROR_INVALID_HANDLE);

  // cuLaunchKernelEx with an attribute that asks for nothing special
  CUlaunchAttribute attr;
  memset(&attr, 0, sizeof attr);
  attr.id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
  attr.value.priority = 0;
  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDimX = (n + 127) / 128;
  cfg.gridDimY = cfg.gridDimZ = 1;
  cfg.blockDimX = 128;
  cfg.blockDimY = cfg.blockDimZ = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  float minus = -1.0f;
  void *params2[] = {&minus, &x, &y, &nn};
  OK(cuLaunchKernelEx(&cfg, axpy, params2, NULL));
  OK(cuMemcpyDtoH(out.data(), y, n * sizeof(float)));
  good = true;
  for (int i = 0; i < n; i++)
    good = good && out[i] == 3.0f * (float)i * 2.0f + 1.0f;
  check(good, "axpy with cuLaunchKernelEx");

  // ---- memory ----
  OK(cuMemsetD32(res, 0x01020304u, 2));
  OK(cuMemcpyDtoH(r2, res, sizeof r2));
  check(r2[0] == 0x01020304 && r2[1] == 0x01020304, "cuMemsetD32 with a pattern");
  OK(cuMemsetD16(res, 0xBEEF, 4));
  OK(cuMemcpyDtoH(r2, res, sizeof r2));
  check((unsigned)r2[0] == 0xBEEFBEEFu, "cuMemsetD16");
  OK(cuMemsetD8(res, 0x7f, 8));
  OK(cuMemcpyDtoH(r2, res, sizeof r2));
  check(r2[1] == 0x7f7f7f7f, "cuMemsetD8");
  CUdeviceptr base = 0;
  size_t range = 0;
  OK(cuMemGetAddressRange(&base, &range, y + 100));
  check(base == y && range == n * sizeof(float), "cuMemGetAddressRange");
  unsigned mtype = 0;
  OK(cuPointerGetAttribute(&mtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, y));
  check(mtype == CU_MEMORYTYPE_DEVICE, "device memory's type");
  size_t free_b = 0, total_b = 0;
  OK(cuMemGetInfo(&free_b, &total_b));
  check(free_b > 0 && free_b <= total_b, "cuMemGetInfo");
  CALL(cuMemAlloc(&dummy, 0), CUDA_ERROR_INVALID_VALUE);
  CALL(cuMemFree(x + 4), CUDA_ERROR_INVALID_VALUE);
  void *pinned_dummy = NULL;
  CALL(cuMemFree(0), CUDA_SUCCESS);        // H200: freeing nothing succeeds
  CALL(cuMemFreeHost(NULL), CUDA_SUCCESS); // H200
  CALL(cuMemAllocManaged(&dummy, 64, 0), CUDA_ERROR_INVALID_VALUE);
  CALL(cuMemHostAlloc(&pinned_dummy, 64, 0x80), CUDA_ERROR_INVALID_VALUE);
  CALL(cuMemGetAddressRange(NULL, NULL, (CUdeviceptr)16), CUDA_SUCCESS); // H200: nothing asked
  CALL(cuMemGetAddressRange(&base, NULL, (CUdeviceptr)16), -1); // asked: CUDA's answer printed
  CALL(cuPointerGetAttribute(&mtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)&mtype),
       CUDA_ERROR_INVALID_VALUE);                           // H200: host memory CUDA does not know
  CALL(cuMemsetD32(x + 2, 0, 4), CUDA_ERROR_INVALID_VALUE); // H200: misaligned
  void *pinned = NULL;
  OK(cuMemAllocHost(&pinned, 4096));
  OK(cuPointerGetAttribute(&mtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)pinned));
  check(mtype == CU_MEMORYTYPE_HOST, "pinned memory's type");
  OK(cuMemFreeHost(pinned));

  // ---- pitched memory: cuMemAllocPitch, cuMemsetD2D32, cuMemcpy2D, cuMemcpy3D ----
  {
    const size_t w = 10, h = 6; // w ints per row
    CUdeviceptr pitched = 0;
    size_t pitch = 0;
    OK(cuMemAllocPitch(&pitched, &pitch, w * sizeof(int), h, sizeof(int)));
    check(pitch >= w * sizeof(int) && pitch % 4 == 0, "cuMemAllocPitch's pitch");
    OK(cuMemsetD2D32(pitched, pitch, 0xABCD1234u, w, h));
    int rows[6][10];
    CUDA_MEMCPY2D c2;
    memset(&c2, 0, sizeof c2);
    c2.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    c2.srcDevice = pitched;
    c2.srcPitch = pitch;
    c2.dstMemoryType = CU_MEMORYTYPE_HOST;
    c2.dstHost = rows;
    c2.dstPitch = sizeof rows[0];
    c2.WidthInBytes = w * sizeof(int);
    c2.Height = h;
    OK(cuMemcpy2D(&c2));
    good = true;
    for (size_t r = 0; r < h; r++)
      for (size_t c = 0; c < w; c++)
        good = good && (unsigned)rows[r][c] == 0xABCD1234u;
    check(good, "cuMemsetD2D32 then cuMemcpy2D to the host");
    int src3[2][3][4], dst3[2][3][4];
    for (int i = 0; i < 24; i++)
      (&src3[0][0][0])[i] = i * 7;
    CUDA_MEMCPY3D c3;
    memset(&c3, 0, sizeof c3);
    c3.srcMemoryType = CU_MEMORYTYPE_HOST;
    c3.srcHost = src3;
    c3.srcPitch = sizeof src3[0][0];
    c3.srcHeight = 3;
    c3.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    c3.dstDevice = pitched;
    c3.dstPitch = pitch;
    c3.dstHeight = 3;
    c3.WidthInBytes = sizeof src3[0][0];
    c3.Height = 3;
    c3.Depth = 2;
    OK(cuMemcpy3D(&c3));
    CUDA_MEMCPY3D back = c3;
    back.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    back.srcHost = NULL;
    back.srcDevice = pitched;
    back.srcPitch = pitch;
    back.dstMemoryType = CU_MEMORYTYPE_HOST;
    back.dstDevice = 0;
    back.dstHost = dst3;
    back.dstPitch = sizeof dst3[0][0];
    OK(cuMemcpy3D(&back));
    check(memcmp(src3, dst3, sizeof src3) == 0, "cuMemcpy3D there and back");
    c2.WidthInBytes = pitch + 4;
    CALL(cuMemcpy2D(&c2), CUDA_ERROR_INVALID_VALUE); // wider than the source pitch
    OK(cuMemFree(pitched));
  }

  // ---- streams, events, host functions ----
  CUstream s = NULL;
  OK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  CUevent e0 = NULL, e1 = NULL;
  OK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
  OK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
  OK(cuEventRecord(e0, s));
  OK(cuLaunchKernel(axpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, s, params, NULL));
  OK(cuEventRecord(e1, s));
  int add = 7;
  OK(cuLaunchHostFunc(s, host_fn, &add));
  OK(cuStreamSynchronize(s));
  check(host_calls == 7, "cuLaunchHostFunc ran once, in order");
  OK(cuEventSynchronize(e1));
  float ms = -1;
  OK(cuEventElapsedTime(&ms, e0, e1));
  check(ms >= 0, "elapsed time");
  OK(cuStreamQuery(s));
  OK(cuEventQuery(e1));
  OK(cuEventDestroy(e0));
  int prio = -1;
  OK(cuStreamGetPriority(s, &prio));
  check(prio == 0, "cuStreamGetPriority in a [0, 0] range");
  CUcontext sctx = NULL;
  OK(cuStreamGetCtx(s, &sctx));
  check(sctx == ctx, "cuStreamGetCtx: the stream's context");
  OK(cuStreamAddCallback(s, stream_cb, &add, 0));
  OK(cuStreamSynchronize(s));
  check(host_calls == 14, "cuStreamAddCallback ran once, with success");
  OK(cuEventRecordWithFlags(e1, s, CU_EVENT_RECORD_DEFAULT));
  OK(cuStreamDestroy(s));
  OK(cuEventDestroy(e1));
  CALL(cuStreamDestroy(NULL), CUDA_ERROR_INVALID_HANDLE); // H200
  CALL(cuEventCreate(&e0, 0x80), CUDA_ERROR_INVALID_VALUE);
  CALL(cuStreamCreate(&s, 0x80), CUDA_ERROR_INVALID_VALUE);
  CALL(cuEventCreate(&e0, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  CALL(cuEventRecord(e0, NULL), CUDA_SUCCESS);
  CALL(cuEventSynchronize(e0), CUDA_SUCCESS);
  CALL(cuEventElapsedTime(&ms, e0, e0), CUDA_ERROR_INVALID_HANDLE); // H200: timing disabled
  OK(cuEventDestroy(e0));

  // ---- images in memory ----
  FILE *f = fopen(argv[1], "rb");
  std::vector<char> image;
  if (f) {
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
      image.insert(image.end(), buf, buf + got);
    fclose(f);
  }
  image.push_back(0);
  CUmodule mod2 = NULL;
  OK(cuModuleLoadData(&mod2, image.data()));
  CUfunction axpy2 = NULL;
  OK(cuModuleGetFunction(&axpy2, mod2, "axpy"));
  char log[256] = "untouched";
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)(size_t)sizeof log};
  CUmodule mod3 = NULL;
  OK(cuModuleLoadDataEx(&mod3, image.data(), 2, opts, vals));
  OK(cuModuleUnload(mod3));
  static const char garbage[64] = "this is not a module image at all, nor PTX text";
  CALL(cuModuleLoadData(&mod3, garbage), CUDA_ERROR_INVALID_IMAGE); // H200
  CALL(cuModuleLoadData(NULL, image.data()), CUDA_ERROR_INVALID_VALUE);
  OK(cuModuleUnload(mod2));

  // ---- libraries (CUDA 12): context-independent modules ----
  CUlibrary lib = NULL;
  OK(cuLibraryLoadFromFile(&lib, argv[1], NULL, NULL, 0, NULL, NULL, 0));
  CUkernel kaxpy = NULL;
  OK(cuLibraryGetKernel(&kaxpy, lib, "axpy"));
  CALL(cuLibraryGetKernel(&kaxpy, lib, "nope"), CUDA_ERROR_NOT_FOUND);
  OK(cuLibraryGetKernel(&kaxpy, lib, "axpy"));
  unsigned kcount = 0;
  OK(cuLibraryGetKernelCount(&kcount, lib));
  check(kcount == 2, "two kernels in the library");
  CUfunction faxpy = NULL;
  OK(cuKernelGetFunction(&faxpy, kaxpy));
  CUdeviceptr lib_counter = 0;
  size_t lib_bytes = 0;
  OK(cuLibraryGetGlobal(&lib_counter, &lib_bytes, lib, "counter"));
  check(lib_counter != g_counter && lib_bytes == sizeof(int),
        "a library has its own variables, apart from the module's");
  float two = 2.0f;
  void *params3[] = {&two, &x, &y, &nn};
  OK(cuLaunchKernel(faxpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, params3, NULL));
  OK(cuMemcpyDtoH(out.data(), y, n * sizeof(float)));
  good = true;
  for (int i = 0; i < n; i++)
    good = good && out[i] == 3.0f * (float)i * 2.0f + 1.0f + 2.0f * (float)i * 2.0f +
                                 3.0f * (float)i * 2.0f;
  check(good, "a library kernel launched through cuKernelGetFunction");
  OK(cuLibraryUnload(lib));
  CALL(cuLibraryUnload(NULL), CUDA_ERROR_INVALID_HANDLE);

  // the runtime's cudaLibrary*: a cudaKernel_t launched by cudaLaunchKernel
  cudaLibrary_t rlib = NULL;
  cudaError_t le = cudaLibraryLoadFromFile(&rlib, argv[1], NULL, NULL, 0, NULL, NULL, 0);
  printf("cudaLibraryLoadFromFile -> %d\n", (int)le);
  check(le == cudaSuccess, "cudaLibraryLoadFromFile");
  if (le == cudaSuccess) {
    cudaKernel_t rk = NULL;
    check(cudaLibraryGetKernel(&rk, rlib, "axpy") == cudaSuccess, "cudaLibraryGetKernel");
    float back = -5.0f;
    void *params4[] = {&back, &x, &y, &nn};
    check(cudaLaunchKernel((const void *)rk, dim3((n + 127) / 128), dim3(128), params4, 0, 0) ==
              cudaSuccess,
          "cudaLaunchKernel of a cudaKernel_t");
    check(cudaDeviceSynchronize() == cudaSuccess, "cudaDeviceSynchronize");
    OK(cuMemcpyDtoH(out.data(), y, n * sizeof(float)));
    good = true;
    for (int i = 0; i < n; i++)
      good = good && out[i] == 3.0f * (float)i * 2.0f + 1.0f;
    check(good, "the runtime launch of a library kernel");
    check(cudaLibraryUnload(rlib) == cudaSuccess, "cudaLibraryUnload");
  }

  // ---- names and entry points ----
  const char *str = NULL;
  OK(cuGetErrorName(CUDA_ERROR_INVALID_CONTEXT, &str));
  check(str && strcmp(str, "CUDA_ERROR_INVALID_CONTEXT") == 0, "cuGetErrorName");
  OK(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &str));
  printf("cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY) = %s\n", str ? str : "(null)");
  CALL(cuGetErrorName((CUresult)12345, &str), CUDA_ERROR_INVALID_VALUE);
  void *fn = NULL;
  CUdriverProcAddressQueryResult qr;
  OK(cuGetProcAddress("cuMemAlloc", &fn, 13000, CU_GET_PROC_ADDRESS_DEFAULT, &qr));
  check(fn != NULL && qr == CU_GET_PROC_ADDRESS_SUCCESS, "cuGetProcAddress finds cuMemAlloc");
  if (fn) {
    CUdeviceptr viaproc = 0;
    OK(((CUresult(*)(CUdeviceptr *, size_t))fn)(&viaproc, 64));
    OK(cuMemFree(viaproc));
  }
  // H200: a name not found succeeds, the status says so
  CALL(cuGetProcAddress("cuNoSuchFunction", &fn, 13000, 0, &qr), CUDA_SUCCESS);
  printf("cuGetProcAddress(cuNoSuchFunction): status %d\n", (int)qr);
  check(fn == NULL && qr == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND,
        "cuGetProcAddress: no function, SYMBOL_NOT_FOUND");
  // a version past the driver's (13000 for CUDA 13.0) is a bad value, as documented
  int driver_version = 0;
  OK(cuDriverGetVersion(&driver_version));
  printf("cuDriverGetVersion = %d\n", driver_version);
  CALL(cuGetProcAddress("cuMemAlloc", &fn, driver_version + 1000, 0, &qr),
       CUDA_ERROR_INVALID_VALUE);
  void *rfn = NULL;
  cudaDriverEntryPointQueryResult rq = cudaDriverEntryPointSymbolNotFound;
  cudaError_t ge =
      cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &rfn, 13000, cudaEnableDefault, &rq);
  check(ge == cudaSuccess && rfn && rq == cudaDriverEntryPointSuccess,
        "cudaGetDriverEntryPointByVersion finds cuCtxGetCurrent");
  if (rfn) {
    CUcontext via = NULL;
    OK(((CUresult(*)(CUcontext *))rfn)(&via));
    check(via == ctx, "the entry point is the driver's own cuCtxGetCurrent");
  }
  ge = cudaGetDriverEntryPointByVersion("cuNoSuchFunction", &rfn, 13000, cudaEnableDefault, &rq);
  printf("cudaGetDriverEntryPointByVersion(cuNoSuchFunction) -> %d, status %d\n", (int)ge, (int)rq);
  ge = cudaGetDriverEntryPointByVersion("cuMemAlloc", &rfn, (unsigned)driver_version + 1000,
                                        cudaEnableDefault, &rq);
  printf("cudaGetDriverEntryPointByVersion(version past the driver's) -> %d\n", (int)ge);
  check(ge == cudaErrorInvalidValue, "a version past the driver's is a bad value (documented)");

  // ---- the runtime API next to the driver's ----
  void *rt = NULL;
  cudaError_t re = cudaMalloc(&rt, 64);
  printf("cudaMalloc with a created context current -> %d\n", (int)re);
  if (re == cudaSuccess) {
    OK(cuMemsetD8((CUdeviceptr)rt, 1, 64)); // one address space for both APIs
    cudaFree(rt);
  }

  OK(cuModuleUnload(mod));
  OK(cuMemFree(x));
  OK(cuMemFree(y));
  OK(cuMemFree(res));
  OK(cuCtxDestroy(ctx));
  // A destroyed handle: undefined behaviour (documented). H200, CUDA 13, 2026-12-01: the
  // same program gave CUDA_ERROR_INVALID_CONTEXT (201) on one run and
  // CUDA_ERROR_CONTEXT_IS_DESTROYED (709) on another, so either is accepted (Anchor: 201).
  CUresult again = CALL(cuCtxDestroy(ctx), -1);
  check(again == CUDA_ERROR_INVALID_CONTEXT || again == CUDA_ERROR_CONTEXT_IS_DESTROYED,
        "cuCtxDestroy of a destroyed context: INVALID_CONTEXT or CONTEXT_IS_DESTROYED");
  OK(cuDevicePrimaryCtxRelease(dev));

  if (failures) {
    printf("FAIL: %d checks failed\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
