/* tests/e2e/api_bad_args_table.h — the bad-argument table (issue 10, "the runtime
 * under bad input"): runtime and driver API calls with NULL outputs, freed and
 * foreign pointers (stack and malloc memory given as device pointers), zero and huge
 * sizes, unaligned pointers, out-of-range enums and flags and wrong devices (-1, 1,
 * 99), each with the code CUDA returns.
 *
 * Written in the common subset of C17 and C++ so that two programs share it:
 *   tests/e2e/api_bad_args.cu       built by nvcc (the H200 run) and by anchorcc;
 *   tests/runtime/test_bad_args.c   libanchor alone, under ASan/UBSan in CI, which
 *                                   defines BAD_ARGS_ANCHOR_ONLY for the calls whose
 *                                   behaviour CUDA leaves undefined (NULL, destroyed or
 *                                   foreign handles: CUDA may crash there; Anchor must
 *                                   return an error).
 * Every line printed is "call = code name"; a trailing " ?" marks a code that is only
 * printed (not documented precisely: the H200's output settles it), "FAIL" marks a
 * checked code that differs. Codes marked "H200" were observed there (CUDA 13.0,
 * driver 580.159.04, 2026-12-01: /work/h200/issue9.log of the issue-9 programs).
 * H200 run 3 (2026-12-02, /work/h200/run3/issue9.log): every call up to
 * cudaMallocManaged(&p, 64, 0x10) is checked with the code CUDA returned there; the run
 * crashed (exit 139) somewhere after it, its stdout block-buffered, so the NULL outputs and
 * inputs of bad_args_host/bad_args_pools after it are ANCHOR_ONLY now and stdout is
 * line-buffered (api_bad_args.cu).
 *
 * The includer provides a kernel (void kernel(int *)) as `const void *kernel` and
 * calls bad_args_run(kernel); bad_args_failures counts the mismatches. */
#ifndef ANCHOR_API_BAD_ARGS_TABLE_H
#define ANCHOR_API_BAD_ARGS_TABLE_H

#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad_args_failures;
static int bad_args_calls;

/* A function name of the table: the identifier that starts a call's text. */
static void bad_args_note_name(const char *text) {
  extern void bad_args_covered(const char *name, size_t length);
  size_t n = 0;
  while (text[n] == '_' || (text[n] >= 'a' && text[n] <= 'z') ||
         (text[n] >= 'A' && text[n] <= 'Z') || (text[n] >= '0' && text[n] <= '9'))
    n++;
  bad_args_covered(text, n);
}

static void bad_args_report(const char *text, int got, int want, int checked, int driver,
                            int line) {
  const char *got_name = "?";
  bad_args_calls++;
  bad_args_note_name(text);
  if (driver) {
    if (cuGetErrorName((CUresult)got, &got_name) != CUDA_SUCCESS) got_name = "(unnamed)";
  } else {
    got_name = cudaGetErrorName((cudaError_t)got);
  }
  printf("%-78s = %d %s%s\n", text, got, got_name, checked ? "" : " ?");
  if (checked && got != want) {
    printf("FAIL: line %d: %s: want %d\n", line, text, want);
    bad_args_failures++;
  }
}

/* A NULL name, path, image or output that CUDA may dereference without a check (its
 * documentation gives no code): only in the C test (libanchor must answer with an
 * error), not run on a real GPU. */
#ifdef BAD_ARGS_ANCHOR_ONLY
#define ANCHOR_ONLY(call) call
#else
#define ANCHOR_ONLY(call) ((void)0)
#endif

/* RT(want, call): a runtime call whose code is checked; RT_ANY(call): printed only.
 * DRV / DRV_ANY: the same for driver calls. */
#ifdef BAD_ARGS_GUARD
/* BAD_ARGS_GUARD (api_bad_args.cu): each call under a SIGSEGV/SIGBUS guard, so that a call
 * CUDA itself crashes in is printed as "= CRASH" and the table goes on (the H200 crashed
 * on several NULL outputs its documentation gives no code for). Built by nvcc, a crash is
 * CUDA's and only counted; built by anchorcc, it is a failure. */
#include <setjmp.h>
#include <signal.h>
static sigjmp_buf bad_args_jmp;
static volatile sig_atomic_t bad_args_guarded;
static int bad_args_crashes;
static void bad_args_on_signal(int sig) {
  if (!bad_args_guarded) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  siglongjmp(bad_args_jmp, 1);
}
#define BAD_ARGS_DO(text, call, want, checked, driver)                                             \
  do {                                                                                             \
    signal(SIGSEGV, bad_args_on_signal);                                                           \
    signal(SIGBUS, bad_args_on_signal);                                                            \
    bad_args_guarded = 1;                                                                          \
    if (!sigsetjmp(bad_args_jmp, 1)) {                                                             \
      int bad_args_got = (int)(call);                                                              \
      bad_args_guarded = 0;                                                                        \
      bad_args_report(text, bad_args_got, (int)(want), checked, driver, __LINE__);                 \
    } else {                                                                                       \
      bad_args_guarded = 0;                                                                        \
      bad_args_crashes++;                                                                          \
      printf("%-78s = CRASH (a signal inside the call)\n", text);                                  \
    }                                                                                              \
  } while (0)
#else
#define BAD_ARGS_DO(text, call, want, checked, driver)                                             \
  bad_args_report(text, (int)(call), (int)(want), checked, driver, __LINE__)
#endif
#define RT(want, call) BAD_ARGS_DO(#call, call, want, 1, 0)
#define RT_ANY(call) BAD_ARGS_DO(#call, call, 0, 0, 0)
#define DRV(want, call) BAD_ARGS_DO(#call, call, want, 1, 1)
#define DRV_ANY(call) BAD_ARGS_DO(#call, call, 0, 0, 1)

static dim3 bad_args_dim3(unsigned x, unsigned y, unsigned z) {
  dim3 d;
  d.x = x;
  d.y = y;
  d.z = z;
  return d;
}

static void CUDART_CB bad_args_host_fn(void *data) {
  (void)data;
}

static const size_t HUGE_SIZE = (size_t)1 << 60; /* 1 EiB: no device has it */

/* ---- devices ------------------------------------------------------------------- */
static void bad_args_devices(void) {
  int v = 0, d = 0;
  struct cudaDeviceProp prop;
  char bus[64];
  size_t limit = 0;
  unsigned flags = 0;
  enum cudaFuncCache cache;
  enum cudaSharedMemConfig bank;
  RT(cudaErrorInvalidValue, cudaGetDeviceCount(NULL));
  RT(cudaErrorInvalidValue, cudaGetDevice(NULL));
  RT(cudaErrorInvalidDevice, cudaSetDevice(-1));
  RT(cudaErrorInvalidDevice, cudaSetDevice(1));
  RT(cudaErrorInvalidDevice, cudaSetDevice(99));
  RT(cudaErrorInvalidValue, cudaGetDeviceProperties(NULL, 0));
  RT(cudaErrorInvalidDevice, cudaGetDeviceProperties(&prop, -1));
  RT(cudaErrorInvalidDevice, cudaGetDeviceProperties(&prop, 1));
  RT(cudaErrorInvalidDevice, cudaGetDeviceProperties(&prop, 99));
  RT(cudaErrorInvalidValue, cudaDeviceGetAttribute(NULL, cudaDevAttrMaxThreadsPerBlock, 0));
  RT(cudaErrorInvalidValue, cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)0, 0));      /* H200 */
  RT(cudaErrorInvalidValue, cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)100000, 0)); /* H200 */
  RT(cudaErrorInvalidDevice, cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, -1));
  RT(cudaErrorInvalidDevice, cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, 1));
  RT(cudaErrorInvalidDevice, cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, 99));
  RT(cudaErrorInvalidValue, cudaDeviceGetLimit(NULL, cudaLimitStackSize));
  RT(cudaErrorInvalidValue, cudaDeviceGetLimit(&limit, (enum cudaLimit)99));
  RT(cudaErrorInvalidValue, cudaDeviceSetLimit((enum cudaLimit)99, 0));
  RT(cudaErrorInvalidValue, cudaDeviceGetPCIBusId(NULL, 64, 0));
  RT(cudaErrorInvalidDevice, cudaDeviceGetPCIBusId(bus, 64, 99));
  RT(cudaErrorInvalidValue, cudaDeviceGetPCIBusId(bus, 0, 0));
  RT(cudaErrorInvalidValue, cudaDeviceGetByPCIBusId(NULL, "0000:00:00.0"));
  RT(cudaErrorInvalidValue, cudaDeviceGetByPCIBusId(&d, "not a bus id"));
  RT(cudaErrorInvalidDevice, cudaDeviceGetByPCIBusId(&d, "ffff:ff:1f.7"));
  RT(cudaErrorInvalidValue, cudaChooseDevice(NULL, &prop));
  RT(cudaErrorInvalidValue, cudaChooseDevice(&d, NULL));
  RT(cudaErrorInvalidValue, cudaDeviceCanAccessPeer(NULL, 0, 0));
  RT(cudaErrorInvalidDevice, cudaDeviceCanAccessPeer(&v, 0, 99));
  RT(cudaErrorInvalidDevice, cudaDeviceCanAccessPeer(&v, -1, 0));
  RT(cudaErrorInvalidDevice, cudaDeviceEnablePeerAccess(99, 0));
  RT(cudaErrorPeerAccessUnsupported, cudaDeviceEnablePeerAccess(0, 0)); /* itself */
  RT(cudaErrorInvalidValue, cudaDeviceEnablePeerAccess(0, 1));          /* flags must be 0 */
  RT(cudaErrorInvalidDevice, cudaDeviceDisablePeerAccess(99));
  RT(cudaErrorPeerAccessNotEnabled, cudaDeviceDisablePeerAccess(0));
  RT(cudaErrorInvalidDevice, cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 99));
  RT(cudaErrorInvalidValue, cudaDeviceGetP2PAttribute(NULL, cudaDevP2PAttrAccessSupported, 0, 0));
  RT(cudaErrorInvalidValue, cudaSetDeviceFlags(0x10000));
  RT(cudaErrorInvalidValue, cudaGetDeviceFlags(NULL));
  RT(cudaErrorInvalidValue, cudaDeviceGetCacheConfig(NULL));
  RT(cudaErrorInvalidValue, cudaDeviceSetCacheConfig((enum cudaFuncCache)9));
  RT(cudaSuccess, cudaDeviceGetCacheConfig(&cache));
  RT(cudaErrorInvalidValue, cudaDeviceGetSharedMemConfig(NULL));
  RT(cudaSuccess, cudaDeviceGetSharedMemConfig(&bank));
  RT(cudaErrorInvalidValue, cudaDeviceSetSharedMemConfig((enum cudaSharedMemConfig)5));
  RT(cudaErrorInvalidValue, cudaDriverGetVersion(NULL));
  RT(cudaErrorInvalidValue, cudaRuntimeGetVersion(NULL));
  RT(cudaSuccess, cudaDeviceGetStreamPriorityRange(NULL, NULL)); /* H200 */
  RT(cudaErrorInvalidDevice, cudaInitDevice(99, 0, 0));
  RT(cudaErrorInvalidDevice, cudaInitDevice(-1, 0, 0));
  RT(cudaSuccess, cudaInitDevice(0, 0x10000, 0));
  RT(cudaErrorInvalidValue, cudaSetValidDevices(NULL, 1));
  d = 99;
  RT(cudaErrorInvalidDevice, cudaSetValidDevices(&d, 1));
  RT(cudaSuccess, cudaGetDeviceFlags(&flags));
  RT(cudaSuccess, cudaGetDevice(&d));
  if (d != 0) {
    printf("FAIL: a failed cudaSetDevice changed the device to %d\n", d);
    bad_args_failures++;
  }
  (void)cudaGetLastError();
}

/* ---- device memory: cudaMalloc/cudaFree, copies, sets ---------------------------- */
static void bad_args_memory(void) {
  char stack[256];
  char *heap = (char *)malloc(256);
  char *d = NULL, *freed = NULL, *p = NULL;
  size_t pitch = 0, free_b = 0, total_b = 0;
  unsigned char back[16];
  memset(stack, 1, sizeof stack);
  RT(cudaErrorInvalidValue, cudaMalloc(NULL, 16));
  RT(cudaSuccess, cudaMalloc((void **)&p, 0));
  if (p != NULL) {
    printf("FAIL: cudaMalloc of 0 bytes gave %p, want NULL\n", (void *)p);
    bad_args_failures++;
  }
  RT(cudaErrorMemoryAllocation, cudaMalloc((void **)&p, HUGE_SIZE));
  RT(cudaErrorMemoryAllocation, cudaMalloc((void **)&p, SIZE_MAX));
  RT(cudaSuccess, cudaMalloc((void **)&d, 4096));
  RT(cudaSuccess, cudaMalloc((void **)&freed, 4096));
  RT(cudaSuccess, cudaFree(freed));
  RT(cudaSuccess, cudaFree(NULL));
  RT(cudaErrorInvalidValue, cudaFree(freed));  /* double free: H200 (errors.cu) */
  RT(cudaErrorInvalidValue, cudaFree(stack));  /* foreign: stack memory */
  RT(cudaErrorInvalidValue, cudaFree(heap));   /* foreign: malloc memory */
  RT(cudaErrorInvalidValue, cudaFree(d + 16)); /* interior */
  RT(cudaErrorInvalidValue, cudaFree((void *)16));
  /* copies */
  RT(cudaSuccess, cudaMemcpy(d, stack, 0, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidMemcpyDirection, cudaMemcpy(d, stack, 16, (enum cudaMemcpyKind)7));
  RT(cudaErrorInvalidMemcpyDirection, cudaMemcpy(d, stack, 16, (enum cudaMemcpyKind) - 1));
  RT(cudaErrorInvalidValue, cudaMemcpy(d, stack, HUGE_SIZE, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidValue, cudaMemcpy(d, stack, 4097, cudaMemcpyHostToDevice)); /* past the end */
  RT(cudaErrorInvalidValue, cudaMemcpy(stack, d + 4000, 200, cudaMemcpyDeviceToHost));
  RT(cudaErrorInvalidValue, cudaMemcpy(NULL, stack, 16, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidValue, cudaMemcpy(stack, NULL, 16, cudaMemcpyDeviceToHost));
  RT(cudaErrorInvalidValue, cudaMemcpy(freed, stack, 16, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidValue, cudaMemcpy(stack, freed, 16, cudaMemcpyDeviceToHost));
  RT(cudaErrorInvalidValue,
     cudaMemcpy(heap, stack, 16, cudaMemcpyHostToDevice)); /* host memory as dst */
  RT(cudaErrorInvalidValue, cudaMemcpy(stack, heap, 16, cudaMemcpyDeviceToHost));
  RT(cudaErrorInvalidValue, cudaMemcpy(heap, stack, 16, cudaMemcpyDeviceToDevice));
  RT(cudaSuccess, cudaMemcpy(heap, stack, 16, cudaMemcpyDefault)); /* UVA: host to host */
  RT(cudaSuccess, cudaMemcpy(heap, stack, 16, cudaMemcpyHostToHost));
  /* unaligned pointers are legal for copies and byte sets: the bytes must land */
  RT(cudaSuccess, cudaMemset(d, 0, 64));
  RT(cudaSuccess, cudaMemcpy(d + 3, stack + 1, 13, cudaMemcpyHostToDevice));
  RT(cudaSuccess, cudaMemset(d + 1, 7, 2));
  RT(cudaSuccess, cudaMemcpy(back, d, 16, cudaMemcpyDeviceToHost));
  if (back[0] != 0 || back[1] != 7 || back[2] != 7 || back[3] != 1 || back[15] != 1) {
    printf("FAIL: unaligned copy and set: %d %d %d %d %d\n", back[0], back[1], back[2], back[3],
           back[15]);
    bad_args_failures++;
  }
  RT(cudaSuccess, cudaMemcpy(d + 1, d + 2, 5, cudaMemcpyDeviceToDevice));
  /* sets */
  RT(cudaSuccess, cudaMemset(d, 0, 0));
  RT(cudaErrorInvalidValue, cudaMemset(NULL, 0, 16));
  RT(cudaErrorInvalidValue, cudaMemset(d, 0, HUGE_SIZE));
  RT(cudaErrorInvalidValue, cudaMemset(d, 0, 4097));
  RT(cudaErrorInvalidValue, cudaMemset(stack, 0, 16));
  RT(cudaErrorInvalidValue, cudaMemset(heap, 0, 16));
  RT(cudaErrorInvalidValue, cudaMemset(freed, 0, 16));
  RT(cudaErrorInvalidValue, cudaMemsetAsync(stack, 0, 16, 0));
  RT(cudaErrorInvalidMemcpyDirection, cudaMemcpyAsync(d, stack, 16, (enum cudaMemcpyKind)7, 0));
  RT(cudaErrorInvalidValue, cudaMemcpyAsync(d, stack, HUGE_SIZE, cudaMemcpyHostToDevice, 0));
  /* symbols: only registered variables are symbols */
  RT(cudaErrorInvalidSymbol, cudaMemcpyToSymbol(stack, stack, 4, 0, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidSymbol, cudaMemcpyFromSymbol(stack, heap, 4, 0, cudaMemcpyDeviceToHost));
  RT(cudaErrorInvalidSymbol,
     cudaMemcpyToSymbolAsync(stack, stack, 4, 0, cudaMemcpyHostToDevice, 0));
  RT(cudaErrorInvalidSymbol,
     cudaMemcpyFromSymbolAsync(stack, heap, 4, 0, cudaMemcpyDeviceToHost, 0));
  RT(cudaErrorInvalidSymbol, cudaGetSymbolAddress((void **)&p, stack));
  RT(cudaErrorInvalidSymbol, cudaGetSymbolSize(&pitch, stack));
  RT(cudaErrorInvalidSymbol, cudaGetSymbolAddress((void **)&p, NULL));
  /* pitched and 3-D */
  RT(cudaErrorInvalidValue, cudaMallocPitch(NULL, &pitch, 10, 10));      /* H200 */
  RT(cudaErrorInvalidValue, cudaMallocPitch((void **)&p, NULL, 10, 10)); /* H200 */
  RT(cudaErrorMemoryAllocation, cudaMallocPitch((void **)&p, &pitch, HUGE_SIZE, 4));
  RT(cudaSuccess, cudaMallocPitch((void **)&p, &pitch, 0, 10));
  RT(cudaErrorInvalidPitchValue, cudaMemcpy2D(d, 8, stack, 16, 16, 2, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidPitchValue, cudaMemcpy2D(d, 16, stack, 8, 16, 2, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidMemcpyDirection,
     cudaMemcpy2D(d, 16, stack, 16, 16, 2, (enum cudaMemcpyKind)7)); /* H200 */
  /* pitch < width: H200 cudaErrorInvalidValue (Anchor: 12 until the h200q part's fix) */
  RT(cudaErrorInvalidValue, cudaMemset2D(d, 8, 0, 16, 2));
  RT(cudaErrorInvalidValue, cudaMemset2D(stack, 16, 0, 16, 2));
  RT(cudaErrorInvalidValue,
     cudaMemset3D(make_cudaPitchedPtr(NULL, 64, 16, 2), 0, make_cudaExtent(16, 2, 2)));
  /* pitch < width: as cudaMemset2D's (H200 1 there; Anchor 12) */
  RT(cudaErrorInvalidValue,
     cudaMemset3D(make_cudaPitchedPtr(d, 8, 16, 2), 0, make_cudaExtent(16, 2, 2)));
  RT(cudaErrorInvalidValue,
     cudaMemset3DAsync(make_cudaPitchedPtr(stack, 64, 16, 2), 0, make_cudaExtent(16, 2, 2), 0));
  RT(cudaErrorInvalidValue, cudaMemcpy3D(NULL));
  RT(cudaErrorInvalidValue, cudaMemcpy3DAsync(NULL, 0));
  RT(cudaErrorInvalidValue, cudaMemcpy3DPeer(NULL));
  RT(cudaErrorInvalidValue, cudaMemcpy3DPeerAsync(NULL, 0));
  RT(cudaErrorInvalidValue, cudaMalloc3D(NULL, make_cudaExtent(16, 2, 2)));
  RT(cudaErrorInvalidDevice, cudaMemcpyPeer(d, 1, d + 64, 0, 16)); /* H200 */
  RT(cudaErrorInvalidDevice, cudaMemcpyPeer(d, 0, d + 64, 99, 16));
  RT(cudaErrorInvalidDevice, cudaMemcpyPeerAsync(d, -1, d + 64, 0, 16, 0));
  /* pointer queries */
  RT(cudaErrorInvalidValue, cudaPointerGetAttributes(NULL, d));
  RT(cudaSuccess, cudaMemGetInfo(NULL, &total_b));
  RT(cudaSuccess, cudaMemGetInfo(&free_b, NULL));
  RT(cudaSuccess, cudaFree(d));
  free(heap);
  (void)cudaGetLastError();
}

/* ---- host memory: pinned, registered, managed ------------------------------------ */
static void bad_args_host(void) {
  char stack[64];
  char *heap = (char *)malloc(8192);
  void *p = NULL, *h = NULL;
  unsigned flags = 0;
  struct cudaMemLocation loc;
  loc.type = cudaMemLocationTypeDevice;
  loc.id = 99;
  RT(cudaErrorInvalidValue, cudaMallocHost(NULL, 16));
  RT(cudaErrorMemoryAllocation, cudaMallocHost(&p, HUGE_SIZE));
  RT(cudaErrorInvalidValue, cudaHostAlloc(NULL, 16, 0));  /* H200 */
  RT(cudaErrorInvalidValue, cudaHostAlloc(&p, 16, 0x80)); /* H200 */
  RT(cudaErrorMemoryAllocation, cudaHostAlloc(&p, HUGE_SIZE, 0));
  RT(cudaSuccess, cudaFreeHost(NULL));
  RT(cudaErrorInvalidValue, cudaFreeHost(stack));
  RT(cudaErrorInvalidValue, cudaFreeHost(heap));
  RT(cudaSuccess, cudaMallocHost(&h, 64));
  RT(cudaErrorInvalidValue, cudaFreeHost((char *)h + 8)); /* interior */
  RT(cudaSuccess, cudaFreeHost(h));
  RT(cudaErrorInvalidValue, cudaFreeHost(h));                         /* twice */
  RT(cudaErrorInvalidValue, cudaHostRegister(NULL, 100, 0));          /* H200 */
  RT(cudaErrorInvalidValue, cudaHostRegister(heap, 0, 0));            /* H200 */
  RT(cudaErrorInvalidValue, cudaHostRegister(heap, 4096, 0x100));     /* H200 */
  RT(cudaErrorHostMemoryNotRegistered, cudaHostUnregister(heap));     /* H200 */
  RT(cudaErrorInvalidValue, cudaHostUnregister(NULL));                /* H200 */
  RT(cudaErrorInvalidValue, cudaHostGetFlags(NULL, heap));            /* H200 */
  RT(cudaErrorInvalidValue, cudaHostGetFlags(&flags, heap));          /* H200 */
  RT(cudaErrorInvalidValue, cudaHostGetDevicePointer(NULL, heap, 0)); /* H200 */
  RT(cudaErrorInvalidValue, cudaHostGetDevicePointer(&p, heap, 0));   /* H200 */
  RT(cudaErrorInvalidValue, cudaHostGetDevicePointer(&p, heap, 1));   /* H200 */
  RT(cudaErrorInvalidValue, cudaMallocManaged(NULL, 64, cudaMemAttachGlobal));
  RT(cudaSuccess, cudaMallocManaged(&p, 0, cudaMemAttachGlobal));
  RT(cudaErrorInvalidValue, cudaMallocManaged(&p, 64, 0)); /* cuMemAllocManaged: H200 */
  /* H200 run 3: returned (code lost: stdout was cut by a later crash): printed only */
  RT_ANY(cudaMallocManaged(&p, 64, 0x10));
  RT_ANY(cudaMallocManaged(&p, HUGE_SIZE, cudaMemAttachGlobal));
  RT(cudaSuccess, cudaMallocManaged(&h, 4096, cudaMemAttachGlobal));
  RT(cudaErrorInvalidValue, cudaMemAdvise(h, 4096, (enum cudaMemoryAdvise)99, loc));
  RT_ANY(cudaMemAdvise(h, 4096, cudaMemAdviseSetReadMostly, loc));   /* device 99 */
  RT_ANY(cudaMemAdvise(stack, 64, cudaMemAdviseSetReadMostly, loc)); /* HMM may allow it */
  loc.id = 0;
  RT(cudaErrorInvalidValue, cudaMemAdvise(NULL, 64, cudaMemAdviseSetReadMostly, loc));
  RT_ANY(cudaMemPrefetchAsync(stack, 64, loc, 0, 0));
  RT_ANY(cudaMemPrefetchAsync(h, 4096, loc, 0x10, 0));
  loc.id = 99;
  RT_ANY(cudaMemPrefetchAsync(h, 4096, loc, 0, 0));
  loc.type = (enum cudaMemLocationType)77;
  RT(cudaErrorInvalidValue, cudaMemPrefetchAsync(h, 4096, loc, 0, 0));
  /* NULL outputs/inputs below marked ANCHOR_ONLY: CUDA crashed (exit 139) within this
   * stretch on the H200 (run 3); CUDA documents no code for them */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue,
                 cudaMemRangeGetAttribute(NULL, 4, cudaMemRangeAttributeReadMostly, h, 4096)));
  RT(cudaErrorInvalidValue,
     cudaMemRangeGetAttribute(&flags, 4, (enum cudaMemRangeAttribute)99, h, 4096));
  ANCHOR_ONLY(RT_ANY(cudaMemRangeGetAttributes(NULL, NULL, NULL, 0, h, 4096)));
  RT(cudaErrorInvalidValue, cudaStreamAttachMemAsync(0, h, 0, 0x10)); /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamAttachMemAsync(0, h, 100, cudaMemAttachGlobal));
  RT(cudaSuccess, cudaFree(h));
  free(heap);
  (void)cudaGetLastError();
}

/* ---- memory pools and stream-ordered allocation --------------------------------- */
static void bad_args_pools(void) {
  cudaMemPool_t def = NULL, created = NULL;
  struct cudaMemPoolProps props;
  struct cudaMemAccessDesc desc;
  struct cudaMemLocation loc;
  enum cudaMemAccessFlags access = cudaMemAccessFlagsProtNone;
  char stack[64];
  void *p = NULL;
  uint64_t value = 0;
  memset(&props, 0, sizeof props);
  RT(cudaErrorInvalidValue, cudaMallocAsync(NULL, 16, 0)); /* H200 */
  RT(cudaErrorMemoryAllocation, cudaMallocAsync(&p, HUGE_SIZE, 0));
  RT_ANY(cudaMallocAsync(&p, 0, 0));
  RT(cudaErrorInvalidValue, cudaFreeAsync(stack, 0));                /* H200 */
  RT(cudaErrorInvalidValue, cudaDeviceGetDefaultMemPool(NULL, 0));   /* H200 */
  RT(cudaErrorInvalidDevice, cudaDeviceGetDefaultMemPool(&def, 99)); /* H200 */
  RT(cudaErrorInvalidDevice, cudaDeviceGetDefaultMemPool(&def, -1));
  RT(cudaSuccess, cudaDeviceGetDefaultMemPool(&def, 0));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaDeviceGetMemPool(NULL, 0))); /* see bad_args_host */
  RT(cudaErrorInvalidValue, cudaDeviceGetMemPool(&created, 99));         /* H100, 2026-12-06 */
  RT_ANY(cudaDeviceSetMemPool(99, def)); /* H200: cudaErrorInvalidValue (h200q part) */
  loc.type = cudaMemLocationTypeHost;
  loc.id = 0;
  RT(cudaErrorInvalidValue, cudaMemGetDefaultMemPool(NULL, &loc, cudaMemAllocationTypePinned));
  RT(cudaErrorInvalidValue, cudaMemGetDefaultMemPool(&created, NULL, cudaMemAllocationTypePinned));
  RT(cudaErrorInvalidValue,
     cudaMemGetMemPool(&created, &loc, (enum cudaMemAllocationType)0)); /* documented */
  RT(cudaErrorInvalidValue, cudaMemSetMemPool(&loc, cudaMemAllocationTypePinned, def));
  loc.type = cudaMemLocationTypeNone;
  RT(cudaErrorInvalidValue, cudaMemGetMemPool(&created, &loc, cudaMemAllocationTypePinned));
  RT(cudaErrorInvalidValue, cudaMemPoolCreate(&created, NULL)); /* H200 */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaMemPoolCreate(NULL, &props)));
  RT(cudaErrorInvalidValue, cudaMemPoolCreate(&created, &props)); /* allocType invalid: H200 */
  RT(cudaErrorInvalidValue, cudaMemPoolGetAttribute(def, cudaMemPoolAttrReleaseThreshold, NULL));
  RT_ANY(cudaMemPoolGetAttribute(def, (enum cudaMemPoolAttr)99, &value));
  RT(cudaErrorInvalidValue, cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &value));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue,
                 cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, NULL)));
  ANCHOR_ONLY(RT_ANY(cudaMemPoolSetAccess(def, NULL, 1)));
  memset(&desc, 0, sizeof desc);
  desc.location.type = cudaMemLocationTypeDevice;
  desc.location.id = 99;
  desc.flags = cudaMemAccessFlagsProtReadWrite;
  RT(cudaErrorInvalidDevice, cudaMemPoolSetAccess(def, &desc, 1)); /* H200 */
  loc.type = cudaMemLocationTypeDevice;
  loc.id = 0;
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaMemPoolGetAccess(NULL, def, &loc)));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaMemPoolGetAccess(&access, def, NULL)));
  RT(cudaErrorInvalidValue, cudaMallocFromPoolAsync(&p, 16, NULL, 0)); /* H200 */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaMallocFromPoolAsync(NULL, 16, def, 0)));
  RT(cudaErrorInvalidValue, cudaMemPoolDestroy(def)); /* the default pool: H200 */
  RT(cudaSuccess, cudaMemPoolTrimTo(def, 0));
  (void)access;
  (void)cudaGetLastError();
}

/* ---- streams and events ------------------------------------------------------------ */
static void bad_args_streams(void) {
  cudaStream_t s = NULL;
  cudaEvent_t e = NULL, untimed = NULL;
  int prio = 0;
  unsigned flags = 0;
  unsigned long long id = 0;
  float ms = 0;
  cudaGraph_t graph = NULL;
  RT(cudaErrorInvalidValue, cudaStreamCreate(NULL));                   /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamCreateWithFlags(NULL, 0));       /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamCreateWithFlags(&s, 0x80));      /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamCreateWithPriority(NULL, 0, 0)); /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamCreateWithPriority(&s, 0x80, 0));
  RT(cudaSuccess, cudaStreamCreate(&s));
  RT(cudaErrorInvalidValue, cudaStreamGetPriority(s, NULL)); /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamGetFlags(s, NULL));    /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamGetId(s, NULL));       /* H200 */
  /* crashes CUDA 13 (H200, 2026-12-02: the last line printed was cudaStreamGetId's) */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaStreamGetDevice(s, NULL)));
  RT(cudaErrorInvalidValue, cudaEventCreate(NULL));                               /* H200 */
  RT(cudaErrorInvalidValue, cudaEventCreateWithFlags(&e, 0x80));                  /* H200 */
  RT(cudaErrorInvalidValue, cudaEventCreateWithFlags(&e, cudaEventInterprocess)); /* H200 */
  RT(cudaSuccess, cudaEventCreate(&e));
  RT(cudaSuccess, cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
  RT(cudaErrorInvalidValue, cudaEventRecordWithFlags(e, s, 0x80));     /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamWaitEvent(s, e, 0x80));          /* H200 */
  RT(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&ms, e, e)); /* never recorded */
  RT(cudaSuccess, cudaEventRecord(e, s));
  RT(cudaSuccess, cudaEventRecord(untimed, s));
  RT(cudaSuccess, cudaEventSynchronize(untimed));
  RT(cudaErrorInvalidValue, cudaEventElapsedTime(NULL, e, e));
  RT(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&ms, untimed, untimed));
  RT(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&ms, e, untimed));
  RT(cudaErrorInvalidValue, cudaLaunchHostFunc(s, NULL, NULL));       /* H200 */
  RT(cudaErrorInvalidValue, cudaStreamAddCallback(s, NULL, NULL, 0)); /* H200 */
  RT(cudaErrorInvalidValue, cudaLaunchHostFunc(0, NULL, NULL));
  RT(cudaSuccess, cudaLaunchHostFunc(s, bad_args_host_fn, NULL));
  RT(cudaSuccess, cudaStreamSynchronize(s));
  RT(cudaSuccess, cudaStreamQuery(s));
  RT(cudaSuccess, cudaStreamGetPriority(s, &prio));
  RT(cudaSuccess, cudaStreamGetFlags(s, &flags));
  RT(cudaSuccess, cudaStreamGetId(s, &id));
  /* capture state queries on a stream that is not capturing */
  RT(cudaErrorInvalidValue, cudaStreamIsCapturing(s, NULL));
  RT(cudaErrorIllegalState, cudaStreamEndCapture(s, NULL));   /* H200 */
  RT(cudaErrorIllegalState, cudaStreamEndCapture(s, &graph)); /* not capturing */
  RT(cudaErrorInvalidValue, cudaStreamBeginCapture(s, (enum cudaStreamCaptureMode)7)); /* H200 */
  /* crashes CUDA 13 (H200, 2026-12-02: the last line printed was the one before) */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaThreadExchangeStreamCaptureMode(NULL)));
  RT(cudaErrorIllegalState, cudaStreamUpdateCaptureDependencies(s, NULL, NULL, 0, 0)); /* H200 */
  RT(cudaErrorIllegalState, cudaStreamUpdateCaptureDependencies(
                                s, NULL, NULL, 0, 7)); /* H200: not capturing, before the flags */
  RT(cudaSuccess, cudaEventDestroy(e));
  RT(cudaSuccess, cudaEventDestroy(untimed));
  RT(cudaSuccess, cudaStreamDestroy(s));
  (void)cudaGetLastError();
}

/* ---- launches and function queries ------------------------------------------------- */
static void bad_args_launch(const void *kernel) {
  int *out = NULL;
  void *args[1];
  struct cudaFuncAttributes fa;
  int blocks = 0;
  size_t smem = 0;
  const char *name = NULL;
  cudaFunction_t f = NULL;
  char stack[16];
  dim3 one = bad_args_dim3(1, 1, 1);
  RT(cudaSuccess, cudaMalloc((void **)&out, 64 * sizeof(int)));
  args[0] = &out;
  RT(cudaErrorInvalidValue, cudaLaunchKernel(kernel, bad_args_dim3(0, 1, 1), one, args, 0, 0));
  RT(cudaErrorInvalidValue, cudaLaunchKernel(kernel, one, bad_args_dim3(0, 1, 1), args, 0, 0));
  RT(cudaErrorInvalidValue, cudaLaunchKernel(kernel, one, bad_args_dim3(2048, 1, 1), args, 0, 0));
  RT(cudaErrorInvalidValue, cudaLaunchKernel(kernel, one, bad_args_dim3(1, 1, 128), args, 0, 0));
  RT(cudaErrorInvalidValue, cudaLaunchKernel(kernel, bad_args_dim3(1, 65536, 1), one, args, 0, 0));
  RT(cudaErrorInvalidValue, cudaLaunchKernel(kernel, one, one, args, (size_t)1 << 30, 0));
  RT(cudaErrorInvalidValue, cudaGetLastError()); /* recorded, cleared, */
  RT(cudaSuccess, cudaGetLastError());           /* not sticky */
  RT(cudaErrorInvalidDeviceFunction, cudaLaunchKernel(NULL, one, one, args, 0, 0));
  RT_ANY(cudaLaunchKernel((const void *)stack, one, one, args, 0, 0));
  RT_ANY(cudaLaunchCooperativeKernel(kernel, bad_args_dim3(1u << 20, 1, 1),
                                     bad_args_dim3(1024, 1, 1), args, 0, 0));
  (void)cudaGetLastError();
  RT(cudaSuccess, cudaLaunchKernel(kernel, one, bad_args_dim3(64, 1, 1), args, 0, 0));
  RT(cudaSuccess, cudaDeviceSynchronize());
  RT(cudaErrorInvalidValue, cudaFuncGetAttributes(NULL, kernel));       /* H200 */
  RT(cudaErrorInvalidDeviceFunction, cudaFuncGetAttributes(&fa, NULL)); /* H200 */
  RT(cudaErrorInvalidValue,
     cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, -1)); /* H200 */
  RT(cudaErrorInvalidValue, cudaFuncSetAttribute(kernel, cudaFuncAttributeMax, 0));  /* H200 */
  RT(cudaErrorInvalidValue, cudaFuncSetAttribute(kernel, (enum cudaFuncAttribute)1000, 0));
  RT(cudaErrorInvalidDeviceFunction,
     cudaFuncSetAttribute(NULL, cudaFuncAttributeMaxDynamicSharedMemorySize, 0));   /* H200 */
  RT(cudaErrorInvalidValue, cudaFuncSetCacheConfig(kernel, (enum cudaFuncCache)7)); /* H200 */
  RT(cudaErrorInvalidDeviceFunction, cudaFuncSetCacheConfig(NULL, cudaFuncCachePreferNone));
  RT(cudaErrorInvalidValue, cudaFuncSetSharedMemConfig(kernel, (enum cudaSharedMemConfig)5));
  RT(cudaErrorInvalidValue, cudaFuncGetName(NULL, kernel));                 /* H200 */
  RT(cudaErrorInvalidDeviceFunction, cudaFuncGetName(&name, NULL));         /* H200 */
  RT(cudaErrorInvalidValue, cudaFuncGetParamInfo(kernel, 1, &smem, &smem)); /* H200 */
  RT(cudaErrorInvalidValue, cudaFuncGetParamInfo(kernel, 0, NULL, &smem));  /* H200 */
  RT(cudaSuccess, cudaFuncGetParamInfo(kernel, 0, &smem, NULL)); /* H200: size optional */
  ANCHOR_ONLY(RT_ANY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      NULL, kernel, 128, 0))); /* NULL output: as in device_queries_contract */
  RT_ANY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, NULL, 128, 0));
  RT_ANY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 2048, 0));
  RT_ANY(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, kernel, 128, 0, 99));
  ANCHOR_ONLY(RT_ANY(cudaOccupancyAvailableDynamicSMemPerBlock(
      NULL, kernel, 1, 128))); /* NULL output: as in device_queries_contract */
  RT_ANY(cudaOccupancyAvailableDynamicSMemPerBlock(&smem, kernel, 1, 2048));
  RT(cudaSuccess, cudaGetFuncBySymbol(NULL, kernel));                 /* H200 */
  RT(cudaErrorInvalidDeviceFunction, cudaGetFuncBySymbol(&f, stack)); /* H200: 98 */
  RT(cudaSuccess, cudaGetFuncBySymbol(&f, kernel));
  RT(cudaSuccess, cudaFree(out));
  (void)cudaGetLastError();
}

/* ---- graphs ------------------------------------------------------------------------ */
static void bad_args_graphs(void) {
  cudaGraph_t g = NULL, clone = NULL;
  cudaGraphNode_t n = NULL, empty = NULL;
  cudaGraphExec_t exec = NULL;
  struct cudaHostNodeParams host;
  struct cudaMemsetParams ms;
  size_t count = 0;
  enum cudaGraphNodeType type;
  unsigned long long flags = 0;
  RT(cudaErrorInvalidValue, cudaGraphCreate(NULL, 0));
  RT(cudaErrorInvalidValue, cudaGraphCreate(&g, 1));
  RT(cudaSuccess, cudaGraphCreate(&g, 0));
  RT(cudaErrorInvalidValue, cudaGraphAddEmptyNode(NULL, g, NULL, 0));      /* H200 */
  RT(cudaErrorInvalidValue, cudaGraphAddEmptyNode(&n, g, NULL, 1));        /* H200 */
  RT(cudaErrorInvalidValue, cudaGraphAddKernelNode(&n, g, NULL, 0, NULL)); /* H200 */
  RT(cudaErrorInvalidValue, cudaGraphAddMemsetNode(&n, g, NULL, 0, NULL));
  RT(cudaErrorInvalidValue, cudaGraphAddMemcpyNode(&n, g, NULL, 0, NULL));
  RT(cudaErrorInvalidValue, cudaGraphAddHostNode(&n, g, NULL, 0, NULL));
  host.fn = NULL;
  host.userData = NULL;
  RT(cudaErrorInvalidValue, cudaGraphAddHostNode(&n, g, NULL, 0, &host));
  memset(&ms, 0, sizeof ms);
  ms.elementSize = 3;
  ms.width = 1;
  ms.height = 1;
  RT(cudaErrorInvalidValue, cudaGraphAddMemsetNode(&n, g, NULL, 0, &ms)); /* dst NULL, size 3 */
  RT(cudaSuccess, cudaGraphAddEmptyNode(&empty, g, NULL, 0));
  RT(cudaErrorInvalidValue, cudaGraphGetNodes(g, NULL, NULL));
  RT(cudaErrorInvalidValue, cudaGraphGetRootNodes(g, NULL, NULL));
  RT(cudaErrorInvalidValue, cudaGraphGetEdges(g, NULL, NULL, NULL, NULL));
  RT(cudaSuccess, cudaGraphGetNodes(g, NULL, &count));
  RT(cudaErrorInvalidValue, cudaGraphNodeGetType(empty, NULL));
  RT(cudaSuccess, cudaGraphNodeGetType(empty, &type));
  RT(cudaErrorInvalidValue, cudaGraphNodeGetDependencies(empty, NULL, NULL, NULL));
  RT(cudaErrorInvalidValue, cudaGraphNodeGetDependentNodes(empty, NULL, NULL, NULL));
  RT(cudaErrorInvalidValue, cudaGraphAddDependencies(g, &empty, &empty, NULL, 1)); /* self edge */
  RT(cudaErrorInvalidValue, cudaGraphAddDependencies(g, NULL, NULL, NULL, 1));
  RT(cudaErrorInvalidValue, cudaGraphRemoveDependencies(g, &empty, &empty, NULL, 1));
  RT(cudaErrorInvalidValue, cudaGraphClone(NULL, g));
  RT(cudaErrorInvalidValue, cudaGraphInstantiate(NULL, g, 0));
  RT(cudaErrorInvalidValue, cudaGraphInstantiate(&exec, g, 0x100));
  RT(cudaErrorInvalidValue, cudaGraphInstantiateWithFlags(&exec, g, 0x100));
  RT(cudaErrorInvalidValue, cudaGraphInstantiateWithParams(&exec, g, NULL));
  RT(cudaErrorInvalidValue, cudaGraphConditionalHandleCreate(NULL, g, 0, 0));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaGraphDebugDotPrint(g, NULL, 0)));
  RT_ANY(cudaGraphDebugDotPrint(g, "/nonexistent-dir/graph.dot", 0));
  RT(cudaSuccess, cudaGraphClone(&clone, g));
  RT(cudaErrorInvalidValue, cudaGraphNodeFindInClone(NULL, empty, clone));
  RT(cudaSuccess, cudaGraphInstantiate(&exec, g, 0));
  RT(cudaErrorInvalidValue, cudaGraphExecGetFlags(exec, NULL));
  RT(cudaSuccess, cudaGraphExecGetFlags(exec, &flags));
  RT(cudaSuccess, cudaGraphUpload(exec, 0));
  RT(cudaSuccess, cudaGraphLaunch(exec, 0));
  RT(cudaSuccess, cudaDeviceSynchronize());
  RT(cudaSuccess, cudaGraphExecDestroy(exec));
  RT(cudaSuccess, cudaGraphDestroy(clone));
  RT(cudaSuccess, cudaGraphDestroy(g));
  (void)cudaGetLastError();
}

/* Each node kind's calls on a node of another kind (an empty node) and with NULL
 * parameters; printed only where CUDA documents no code. */
static void bad_args_graph_nodes(void) {
  cudaGraph_t g = NULL, child = NULL, got_graph = NULL;
  cudaGraphNode_t n = NULL, empty = NULL;
  cudaGraphExec_t exec = NULL;
  cudaEvent_t e = NULL, got_event = NULL;
  struct cudaKernelNodeParams kp;
  struct cudaMemcpy3DParms cp;
  struct cudaMemsetParams mp;
  struct cudaHostNodeParams hp;
  struct cudaMemAllocNodeParams ap;
  cudaKernelNodeAttrValue av;
  char host[16];
  void *dptr = NULL;
  memset(&av, 0, sizeof av);
  memset(&kp, 0, sizeof kp);
  memset(&cp, 0, sizeof cp);
  memset(&mp, 0, sizeof mp);
  memset(&ap, 0, sizeof ap);
  RT(cudaSuccess, cudaGraphCreate(&g, 0));
  RT(cudaSuccess, cudaGraphCreate(&child, 0));
  RT(cudaSuccess, cudaEventCreate(&e));
  RT(cudaSuccess, cudaGraphAddEmptyNode(&empty, g, NULL, 0));
  RT(cudaErrorInvalidValue, cudaGraphAddChildGraphNode(&n, g, NULL, 0, NULL));
  RT(cudaErrorInvalidValue, cudaGraphAddChildGraphNode(NULL, g, NULL, 0, child));
  RT(cudaErrorInvalidValue, cudaGraphAddEventRecordNode(NULL, g, NULL, 0, e));
  RT(cudaErrorInvalidValue, cudaGraphAddEventWaitNode(NULL, g, NULL, 0, e));
  RT(cudaErrorInvalidValue, cudaGraphAddMemAllocNode(&n, g, NULL, 0, NULL));
  RT_ANY(cudaGraphAddMemAllocNode(&n, g, NULL, 0, &ap)); /* size 0, no location */
  RT(cudaErrorInvalidValue, cudaGraphAddMemFreeNode(&n, g, NULL, 0, NULL));
  RT_ANY(cudaGraphAddMemFreeNode(&n, g, NULL, 0, host)); /* not graph memory */
  RT(cudaErrorInvalidMemcpyDirection,                    /* H100, 2026-12-06 */
     cudaGraphAddMemcpyNode1D(&n, g, NULL, 0, host, host + 8, 8, (enum cudaMemcpyKind)7));
  RT(cudaErrorInvalidValue, cudaGraphAddNode(&n, g, NULL, NULL, 0, NULL));
  RT_ANY(cudaGraphKernelNodeGetParams(empty, &kp));
  /* kernel-node attributes of a node of another kind (issue 9) */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue,
                 cudaGraphKernelNodeGetAttribute(empty, cudaKernelNodeAttributeCooperative, NULL)));
  RT_ANY(cudaGraphKernelNodeGetAttribute(empty, cudaKernelNodeAttributeCooperative, &av));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue,
                 cudaGraphKernelNodeSetAttribute(empty, cudaKernelNodeAttributePriority, NULL)));
  RT_ANY(cudaGraphKernelNodeSetAttribute(empty, cudaKernelNodeAttributePriority, &av));
  RT_ANY(cudaGraphKernelNodeCopyAttributes(empty, empty));
  RT(cudaErrorInvalidValue, cudaGraphKernelNodeSetParams(empty, NULL));
  RT(cudaErrorInvalidValue, cudaGraphHostNodeSetParams(empty, NULL));
  RT_ANY(cudaGraphHostNodeGetParams(empty, &hp));
  RT_ANY(cudaGraphMemcpyNodeGetParams(empty, &cp));
  RT(cudaErrorInvalidValue, cudaGraphMemcpyNodeSetParams(empty, NULL));
  RT_ANY(cudaGraphMemcpyNodeSetParams1D(empty, host, host + 8, 8, cudaMemcpyHostToHost));
  RT_ANY(cudaGraphMemsetNodeGetParams(empty, &mp));
  RT(cudaErrorInvalidValue, cudaGraphMemsetNodeSetParams(empty, NULL));
  RT_ANY(cudaGraphMemAllocNodeGetParams(empty, &ap));
  RT_ANY(cudaGraphMemFreeNodeGetParams(empty, &dptr));
  RT_ANY(cudaGraphChildGraphNodeGetGraph(empty, &got_graph));
  RT_ANY(cudaGraphEventRecordNodeGetEvent(empty, &got_event));
  RT_ANY(cudaGraphEventRecordNodeSetEvent(empty, e));
  RT_ANY(cudaGraphEventWaitNodeGetEvent(empty, &got_event));
  RT_ANY(cudaGraphEventWaitNodeSetEvent(empty, e));
  RT(cudaErrorInvalidValue, cudaGraphNodeSetParams(empty, NULL));
  RT(cudaSuccess, cudaGraphInstantiate(&exec, g, 0));
  /* crashes CUDA 13 (H200, 2026-12-02) */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaGraphExecKernelNodeSetParams(exec, empty, NULL)));
  RT(cudaErrorInvalidValue, cudaGraphExecMemcpyNodeSetParams(exec, empty, NULL));
  RT_ANY(cudaGraphExecMemcpyNodeSetParams1D(exec, empty, host, host + 8, 8, cudaMemcpyHostToHost));
  RT(cudaErrorInvalidValue, cudaGraphExecMemsetNodeSetParams(exec, empty, NULL));
  RT(cudaErrorInvalidValue, cudaGraphExecHostNodeSetParams(exec, empty, NULL));
  RT_ANY(cudaGraphExecChildGraphNodeSetParams(exec, empty, child));
  RT_ANY(cudaGraphExecEventRecordNodeSetEvent(exec, empty, e));
  RT_ANY(cudaGraphExecEventWaitNodeSetEvent(exec, empty, e));
  RT(cudaErrorInvalidValue, cudaGraphExecNodeSetParams(exec, empty, NULL));
  RT(cudaSuccess, cudaGraphLaunch(exec, 0));
  RT(cudaSuccess, cudaStreamSynchronize(0));
  RT(cudaSuccess, cudaGraphExecDestroy(exec));
  RT(cudaSuccess, cudaGraphDestroy(child));
  RT(cudaSuccess, cudaGraphDestroy(g));
  RT(cudaSuccess, cudaEventDestroy(e));
  (void)cudaGetLastError();
}

/* ---- libraries (runtime) ----------------------------------------------------------- */
static void bad_args_libraries(void) {
  cudaLibrary_t lib = NULL;
  static const char garbage[64] = "not a module image, not a fat binary, not anything";
  RT(cudaErrorInvalidValue, cudaLibraryLoadData(NULL, garbage, NULL, NULL, 0, NULL, NULL, 0));
  ANCHOR_ONLY(
      RT(cudaErrorInvalidValue, cudaLibraryLoadData(&lib, NULL, NULL, NULL, 0, NULL, NULL, 0)));
  RT_ANY(cudaLibraryLoadData(&lib, garbage, NULL, NULL, 0, NULL, NULL, 0));
  /* print-only: CUDA 13 answers success (H100, 2026-12-06: its libraries load lazily, the
   * image is read at first use); Anchor reads the image at once and refuses it. */
  RT(cudaErrorInvalidValue, cudaLibraryLoadFromFile(NULL, "x", NULL, NULL, 0, NULL, NULL, 0));
  ANCHOR_ONLY(
      RT(cudaErrorInvalidValue, cudaLibraryLoadFromFile(&lib, NULL, NULL, NULL, 0, NULL, NULL, 0)));
  RT_ANY(cudaLibraryLoadFromFile(&lib, "/nonexistent/lib.fatbin", NULL, NULL, 0, NULL, NULL, 0));
  (void)cudaGetLastError();
}

/* ---- errors and entry points --------------------------------------------------------- */
static void bad_args_errors(void) {
  void *fn = NULL;
  enum cudaDriverEntryPointQueryResult q;
  const char *a = cudaGetErrorName((cudaError_t)12345);
  const char *b = cudaGetErrorString((cudaError_t)-7);
  printf("cudaGetErrorName(12345) = %s; cudaGetErrorString(-7) = %s\n", a ? a : "(null)",
         b ? b : "(null)");
  if (!a || !b) {
    printf("FAIL: an error name or string of an unknown code is NULL\n");
    bad_args_failures++;
  }
  ANCHOR_ONLY(RT_ANY(cudaGetDriverEntryPoint(NULL, &fn, cudaEnableDefault, &q)));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue,
                 cudaGetDriverEntryPoint("cuMemAlloc", NULL, cudaEnableDefault, &q)));
  RT_ANY(cudaGetDriverEntryPoint("cuMemAlloc", &fn, 0x100, &q));
  RT_ANY(cudaGetDriverEntryPointByVersion("cuMemAlloc", &fn, 1, cudaEnableDefault, &q));
  RT(cudaSuccess, cudaProfilerStart());
  RT(cudaSuccess, cudaProfilerStop());
}

/* ---- the driver API ------------------------------------------------------------------ */
static void bad_args_driver(void) {
  CUdevice dev = 0;
  CUcontext ctx = NULL;
  CUdeviceptr d = 0, freed = 0, base = 0;
  size_t size = 0, pitch = 0;
  int v = 0;
  unsigned flags = 0;
  int active = 0;
  char name[64];
  char stack[256];
  char *heap = (char *)malloc(4096);
  void *hp = NULL;
  CUuuid uuid;
  CUmodule mod = NULL;
  CUlibrary lib = NULL;
  CUstream s = NULL;
  CUevent e = NULL;
  float ms = 0;
  CUmemorytype mtype;
  const char *str = NULL;
  CUfunc_cache cache;
  static const char garbage[64] = "not a module image, not a fat binary, not anything";
  memset(stack, 0, sizeof stack);
  DRV(CUDA_ERROR_INVALID_VALUE, cuInit(1));
  DRV(CUDA_SUCCESS, cuInit(0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDriverGetVersion(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetCount(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGet(NULL, 0));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGet(&dev, -1));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGet(&dev, 1));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGet(&dev, 99));
  DRV(CUDA_SUCCESS, cuDeviceGet(&dev, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetName(NULL, 64, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetName(name, 64, 99));
  /* crashes CUDA 13 (H200, 2026-12-02) */
  ANCHOR_ONLY(DRV_ANY(cuDeviceGetName(name, 0, dev)));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceTotalMem(NULL, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceTotalMem(&size, 99));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetAttribute(NULL, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetAttribute(&v, (CUdevice_attribute)0, dev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetAttribute(&v, (CUdevice_attribute)100000, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 99));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, -1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetUuid(NULL, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetUuid(&uuid, 99));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetPCIBusId(NULL, 64, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetPCIBusId(name, 64, 99));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceCanAccessPeer(NULL, dev, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceCanAccessPeer(&v, dev, 99));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDevicePrimaryCtxGetState(dev, NULL, &active));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDevicePrimaryCtxGetState(dev, &flags, NULL));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDevicePrimaryCtxGetState(99, &flags, &active));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDevicePrimaryCtxRetain(NULL, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDevicePrimaryCtxRetain(&ctx, 1)); /* H200 */
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDevicePrimaryCtxRetain(&ctx, 99));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDevicePrimaryCtxSetFlags(dev, 0x7)); /* H200 */
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDevicePrimaryCtxSetFlags(99, 0));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDevicePrimaryCtxRelease(99));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDevicePrimaryCtxReset(99));
  /* the primary context current (the runtime made it so) */
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRetain(&ctx, dev));
  DRV(CUDA_SUCCESS, cuCtxSetCurrent(ctx));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetCurrent(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetDevice(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetApiVersion(ctx, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetLimit(NULL, CU_LIMIT_STACK_SIZE));
  DRV_ANY(cuCtxGetLimit(&size, (CUlimit)0x7f)); /* H200: CUDA_ERROR_INVALID_VALUE (h200d part) */
  DRV_ANY(cuCtxSetLimit((CUlimit)0x7f, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetCacheConfig(NULL));
  DRV(CUDA_SUCCESS, cuCtxGetCacheConfig(&cache));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxSetCacheConfig((CUfunc_cache)9));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetFlags(NULL));
  DRV_ANY(cuCtxSetFlags(0x10000));
  DRV(CUDA_SUCCESS, cuCtxGetStreamPriorityRange(NULL, NULL));
  DRV_ANY(cuCtxPopCurrent(NULL)); /* pops the primary context without returning it */
  DRV(CUDA_SUCCESS, cuCtxSetCurrent(ctx));
  DRV_ANY(cuCtxPushCurrent(NULL)); /* H200: CUDA_ERROR_INVALID_VALUE (h200d part) */
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxCreate(NULL, NULL, 0, dev));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuCtxCreate(&ctx, NULL, 0, 99));
  DRV_ANY(cuCtxCreate(&ctx, NULL, 0x10000, dev)); /* on success a second context ... */
  DRV_ANY(cuCtxSetCurrent(NULL));                 /* ... left current, so: none */
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRetain(&ctx, dev));
  DRV(CUDA_SUCCESS, cuCtxSetCurrent(ctx));
  /* memory */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAlloc(NULL, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAlloc(&d, 0)); /* H200 */
  DRV(CUDA_ERROR_OUT_OF_MEMORY, cuMemAlloc(&d, HUGE_SIZE));
  /* d before freed: CUDA gives a freed block's address to the next allocation (H100,
   * CUDA 13, 2026-12-06: d == freed made cuMemFree(freed) free d, and the copies into d
   * below then failed and crashed inside the driver) */
  DRV(CUDA_SUCCESS, cuMemAlloc(&d, 4096));
  DRV(CUDA_SUCCESS, cuMemAlloc(&freed, 256));
  DRV(CUDA_SUCCESS, cuMemFree(freed));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemFree(freed)); /* double free: H100, 2026-12-06 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemFree((CUdeviceptr)(uintptr_t)stack));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemFree((CUdeviceptr)(uintptr_t)heap));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemFree(d + 4)); /* H200 */
  DRV(CUDA_SUCCESS, cuMemFree(0));                 /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocHost(NULL, 16));
  DRV(CUDA_ERROR_OUT_OF_MEMORY, cuMemAllocHost(&hp, HUGE_SIZE));
  DRV(CUDA_SUCCESS, cuMemFreeHost(NULL)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemFreeHost(stack));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostAlloc(&hp, 64, 0x80)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostAlloc(NULL, 64, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocManaged(&base, 64, 0)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocManaged(&base, 0, CU_MEM_ATTACH_GLOBAL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocManaged(NULL, 64, CU_MEM_ATTACH_GLOBAL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocPitch(NULL, &pitch, 16, 4, 4));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocPitch(&base, NULL, 16, 4, 4));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocPitch(&base, &pitch, 16, 4, 3));
  DRV(CUDA_SUCCESS, cuMemGetInfo(NULL, NULL)); /* H100, 2026-12-06 */
  DRV_ANY(cuMemGetAddressRange(&base, &size, (CUdeviceptr)(uintptr_t)stack));
  DRV_ANY(cuMemGetAddressRange(&base, &size, freed));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoD(0, stack, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyDtoH(stack, 0, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoD(d, NULL, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyDtoH(NULL, d, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoD(d, stack, HUGE_SIZE));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoD(d + 4000, stack, 200));
  DRV_ANY(cuMemcpyHtoD(freed, stack, 16));
  DRV_ANY(cuMemcpyDtoD(d, freed, 16));
  DRV(CUDA_SUCCESS, cuMemcpyHtoD(d + 1, stack + 3, 7)); /* H100, 2026-12-06 */
  DRV(CUDA_SUCCESS, cuMemcpyDtoD(d + 3, d + 1, 7));     /* H100, 2026-12-06 */
  DRV(CUDA_SUCCESS, cuMemcpy(d + 5, d + 9, 3));         /* H100, 2026-12-06 */
  DRV(CUDA_SUCCESS, cuMemcpyHtoD(d, stack, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD8(0, 0, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD8(d, 0, HUGE_SIZE));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD8((CUdeviceptr)(uintptr_t)stack, 0, 16));
  DRV(CUDA_SUCCESS, cuMemsetD8(d + 1, 0, 3)); /* H100, 2026-12-06 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD16(d + 1, 0, 4));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD32(d + 2, 0, 4)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD32Async(d + 2, 0, 4, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD2D32(d + 2, 64, 0, 4, 4));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD2D8(d, 4, 0, 16, 2)); /* pitch < width */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyAsync(0, d, 16, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyDtoDAsync(0, d, 16, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyDtoHAsync(NULL, d, 16, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoDAsync(d, stack, HUGE_SIZE, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD16Async(d + 1, 0, 4, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD8Async(0, 0, 4, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD2D16(d + 1, 64, 0, 4, 4));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD2D16Async(d + 1, 64, 0, 4, 4, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD2D32Async(d + 2, 64, 0, 4, 4, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemsetD2D8Async(d, 4, 0, 16, 2, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpy2DUnaligned(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpy2D(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpy3D(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpy2DAsync(NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpy3DAsync(NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostRegister(NULL, 100, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostRegister(heap, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostRegister(heap, 4096, 0x100));
  DRV(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, cuMemHostUnregister(heap));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostGetDevicePointer(NULL, heap, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostGetDevicePointer(&base, heap, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuPointerGetAttribute(NULL, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d));
  DRV(CUDA_ERROR_INVALID_VALUE, cuPointerGetAttribute(&mtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                                      (CUdeviceptr)(uintptr_t)stack)); /* H200 */
  DRV_ANY(cuPointerGetAttribute(&mtype, (CUpointer_attribute)999, d));
  DRV_ANY(cuPointerGetAttributes(0, NULL, NULL, d));
  /* streams and events */
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamCreate(NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamCreate(&s, 0x80)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamCreateWithPriority(NULL, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamCreateWithPriority(&s, 0x80, 0));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuStreamDestroy(NULL)); /* H200 */
  DRV(CUDA_SUCCESS, cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamGetPriority(s, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamGetFlags(s, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamGetId(s, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamGetCtx(s, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuEventCreate(NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuEventCreate(&e, 0x80)); /* H200 */
  DRV(CUDA_SUCCESS, cuEventCreate(&e, CU_EVENT_DISABLE_TIMING));
  DRV(CUDA_ERROR_INVALID_VALUE, cuEventRecordWithFlags(e, s, 0x80));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamWaitEvent(s, e, 0x80));
  DRV(CUDA_SUCCESS, cuEventRecord(e, s));
  DRV(CUDA_SUCCESS, cuEventSynchronize(e));
  DRV(CUDA_ERROR_INVALID_HANDLE, /* e has no timing: checked before the output (H100, 2026-12-06) */
      cuEventElapsedTime(NULL, e, e));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuEventElapsedTime(&ms, e, e)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuLaunchHostFunc(s, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamAddCallback(s, NULL, NULL, 0));
  DRV(CUDA_SUCCESS, cuStreamSynchronize(s));
  DRV(CUDA_SUCCESS, cuStreamQuery(s));
  DRV(CUDA_SUCCESS, cuEventQuery(e));
  DRV(CUDA_SUCCESS, cuEventDestroy(e));
  DRV(CUDA_SUCCESS, cuStreamDestroy(s));
  /* modules and libraries */
  DRV(CUDA_ERROR_INVALID_VALUE, cuModuleLoad(NULL, "/nonexistent/file.fatbin"));
  DRV(CUDA_ERROR_FILE_NOT_FOUND, cuModuleLoad(&mod, "/nonexistent/file.fatbin")); /* H200 */
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuModuleLoad(&mod, NULL)));
  DRV(CUDA_ERROR_INVALID_VALUE, cuModuleLoadData(NULL, garbage)); /* H200 */
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuModuleLoadData(&mod, NULL)));
  DRV(CUDA_ERROR_INVALID_IMAGE, cuModuleLoadData(&mod, garbage)); /* H200 */
  DRV(CUDA_ERROR_INVALID_IMAGE, cuModuleLoadDataEx(&mod, garbage, 0, NULL, NULL));
  DRV_ANY(cuModuleLoadFatBinary(&mod, garbage));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLibraryLoadData(NULL, garbage, NULL, NULL, 0, NULL, NULL, 0));
  DRV_ANY(cuLibraryLoadData(&lib, garbage, NULL, NULL, 0, NULL, NULL, 0));
  /* print-only: CUDA 13 answers success (H100, 2026-12-06: its libraries load lazily, the
   * image is read at first use); Anchor reads the image at once and refuses it. */
  DRV_ANY(cuLibraryLoadFromFile(&lib, "/nonexistent/lib.fatbin", NULL, NULL, 0, NULL, NULL, 0));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuLibraryUnload(NULL)); /* H200 */
  DRV(CUDA_ERROR_INVALID_HANDLE,
      cuLaunchKernel(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL)); /* H200 */
  /* error names */
  DRV(CUDA_ERROR_INVALID_VALUE, cuGetErrorName((CUresult)12345, &str)); /* H200 */
  DRV(CUDA_ERROR_INVALID_VALUE, cuGetErrorString((CUresult)12345, &str));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuGetErrorName(CUDA_SUCCESS, NULL)));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuGetErrorString(CUDA_SUCCESS, NULL)));
  ANCHOR_ONLY(DRV_ANY(cuGetProcAddress(NULL, &hp, 13000, CU_GET_PROC_ADDRESS_DEFAULT, NULL)));
  ANCHOR_ONLY(
      DRV_ANY(cuGetProcAddress("cuMemAlloc", NULL, 13000, CU_GET_PROC_ADDRESS_DEFAULT, NULL)));
  DRV(CUDA_SUCCESS, cuMemFree(d)); /* H100, 2026-12-06 */
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRelease(dev));
  free(heap);
}

/* The driver API's capture, graphs, occupancy and virtual memory (issue 9): codes
 * Anchor returns are checked where CUDA documents them, printed only ("?") where not. */
static void bad_args_driver_more(const void *kernel) {
  CUcontext ctx = NULL;
  CUstream s = NULL;
  CUgraph g = NULL;
  CUgraphNode node = NULL, memop_node = NULL;
  CUgraphExec x = NULL;
  CUkernelNodeAttrValue cav;
  CUDA_BATCH_MEM_OP_NODE_PARAMS bp;
  CUstreamCaptureStatus status;
  CUstreamCaptureMode mode = (CUstreamCaptureMode)9;
  cuuint64_t id = 0;
  size_t n = 0, gran = 0;
  int blocks = 0, grid = 0, block = 0;
  CUfunction f = NULL;
  CUdeviceptr va = 0;
  CUmemGenericAllocationHandle h = 0;
  unsigned long long access = 0;
  CUmemAllocationProp prop;
  CUmemAccessDesc desc;
  CUDA_KERNEL_NODE_PARAMS kp;
  CUDA_MEMSET_NODE_PARAMS mp;
  CUDA_HOST_NODE_PARAMS hp;
  memset(&prop, 0, sizeof prop);
  memset(&desc, 0, sizeof desc);
  memset(&kp, 0, sizeof kp);
  memset(&mp, 0, sizeof mp);
  memset(&hp, 0, sizeof hp);
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRetain(&ctx, 0));
  DRV(CUDA_SUCCESS, cuCtxPushCurrent(ctx));
  DRV(CUDA_SUCCESS, cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  /* capture */
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamIsCapturing(s, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamGetCaptureInfo(s, NULL, &id, NULL, NULL, NULL, NULL));
  DRV(CUDA_ERROR_ILLEGAL_STATE, cuStreamEndCapture(s, &g));
  DRV(CUDA_ERROR_ILLEGAL_STATE, cuStreamEndCapture(s, NULL));
  DRV(CUDA_ERROR_ILLEGAL_STATE, cuStreamUpdateCaptureDependencies(s, NULL, NULL, 0, 0));
  DRV_ANY(cuStreamBeginCapture(s, (CUstreamCaptureMode)9));
  DRV_ANY(cuStreamBeginCaptureToGraph(s, NULL, NULL, NULL, 0, CU_STREAM_CAPTURE_MODE_GLOBAL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuThreadExchangeStreamCaptureMode(NULL));
  DRV_ANY(cuThreadExchangeStreamCaptureMode(&mode));
  DRV(CUDA_SUCCESS, cuStreamGetCaptureInfo(s, &status, &id, NULL, NULL, NULL, NULL));
  /* graphs */
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphCreate(NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphCreate(&g, 1));
  DRV(CUDA_SUCCESS, cuGraphCreate(&g, 0));
  DRV_ANY(cuGraphClone(NULL, g));
  DRV_ANY(cuGraphAddEmptyNode(NULL, g, NULL, 0));
  DRV_ANY(cuGraphAddKernelNode(&node, g, NULL, 0, NULL));
  DRV_ANY(cuGraphAddMemsetNode(&node, g, NULL, 0, NULL, ctx));
  DRV_ANY(cuGraphAddMemsetNode(&node, g, NULL, 0, &mp, ctx)); /* dst 0 */
  DRV_ANY(cuGraphAddMemcpyNode(&node, g, NULL, 0, NULL, ctx));
  DRV_ANY(cuGraphAddHostNode(&node, g, NULL, 0, NULL));
  DRV_ANY(cuGraphAddHostNode(&node, g, NULL, 0, &hp)); /* no function */
  DRV_ANY(cuGraphAddEventRecordNode(&node, g, NULL, 0, NULL));
  DRV_ANY(cuGraphAddEventWaitNode(&node, g, NULL, 0, NULL));
  DRV(CUDA_SUCCESS, cuGraphAddEmptyNode(&node, g, NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeGetType(node, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphGetNodes(g, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphGetRootNodes(g, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphGetEdges(g, NULL, NULL, NULL, NULL));
  DRV_ANY(cuGraphAddDependencies(g, &node, &node, NULL, 1)); /* a self edge */
  DRV_ANY(cuGraphKernelNodeGetParams(node, &kp));            /* not a kernel node */
  memset(&cav, 0, sizeof cav);
  memset(&bp, 0, sizeof bp);
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE,
                  cuGraphKernelNodeGetAttribute(node, CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, NULL)));
  DRV_ANY(cuGraphKernelNodeGetAttribute(node, CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, &cav));
  DRV_ANY(cuGraphKernelNodeSetAttribute(node, CU_KERNEL_NODE_ATTRIBUTE_PRIORITY, &cav));
  DRV_ANY(cuGraphKernelNodeCopyAttributes(node, node));
  ANCHOR_ONLY(
      DRV(CUDA_ERROR_INVALID_VALUE, cuGraphAddBatchMemOpNode(&memop_node, g, NULL, 0, NULL)));
  DRV_ANY(cuGraphAddBatchMemOpNode(&memop_node, g, NULL, 0, &bp)); /* no operations */
  DRV_ANY(cuGraphBatchMemOpNodeGetParams(node, &bp));              /* not a memop node */
  DRV_ANY(cuGraphBatchMemOpNodeSetParams(node, &bp));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphKernelNodeSetParams(node, NULL));
  DRV_ANY(cuGraphKernelNodeSetParams(node, &kp)); /* not a kernel node, no function */
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphInstantiate(NULL, g, 0));
  DRV_ANY(cuGraphInstantiateWithFlags(&x, g, 0x1000)); /* cuGraphInstantiate in cuda.h */
  DRV(CUDA_SUCCESS, cuGraphInstantiate(&x, g, 0));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_HANDLE, cuGraphUpload(x, (CUstream)(uintptr_t)8)));
  DRV(CUDA_SUCCESS, cuGraphUpload(x, s));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecKernelNodeSetParams(x, node, NULL));
  DRV_ANY(cuGraphExecKernelNodeSetParams(x, node, &kp));     /* not a kernel node */
  DRV_ANY(cuGraphExecBatchMemOpNodeSetParams(x, node, &bp)); /* not a memop node */
  DRV(CUDA_SUCCESS, cuGraphLaunch(x, s));
  DRV(CUDA_SUCCESS, cuStreamSynchronize(s));
  DRV(CUDA_SUCCESS, cuGraphExecDestroy(x));
  DRV(CUDA_SUCCESS, cuGraphDestroyNode(node));
  DRV(CUDA_SUCCESS, cuGraphDestroy(g));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuGraphDestroy(g)));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecDestroy(x)));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuGraphDestroyNode(node)));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuGraphLaunch(NULL, s)));
  /* occupancy */
  if (cudaGetFuncBySymbol((cudaFunction_t *)&f, kernel) != cudaSuccess) f = NULL;
  DRV(CUDA_ERROR_INVALID_VALUE, cuOccupancyMaxActiveBlocksPerMultiprocessor(NULL, f, 32, 0));
  DRV_ANY(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 0, 0));
  DRV_ANY(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, f, 32, 0, 0x80));
  DRV(CUDA_ERROR_INVALID_VALUE, cuOccupancyMaxPotentialBlockSize(NULL, &block, f, NULL, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuOccupancyMaxPotentialBlockSizeWithFlags(&grid, NULL, f, NULL, 0, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuOccupancyAvailableDynamicSMemPerBlock(NULL, f, 1, 32));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_HANDLE,
                  cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, NULL, 32, 0)));
  /* virtual memory */
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuMemGetAllocationGranularity(NULL, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  DRV_ANY(cuMemGetAllocationGranularity(&gran, NULL, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  DRV(CUDA_SUCCESS, cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAddressReserve(NULL, gran, 0, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAddressReserve(&va, gran, 0, 0, 1));
  DRV_ANY(cuMemAddressReserve(&va, 0, 0, 0, 0));
  DRV_ANY(cuMemAddressFree(0, gran));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemCreate(NULL, gran, &prop, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemCreate(&h, gran, &prop, 1));
  DRV_ANY(cuMemCreate(&h, gran / 2 + 1, &prop, 0));
  DRV_ANY(cuMemMap(0, gran, 0, 0, 0));
  DRV_ANY(cuMemUnmap(0, gran));
  DRV_ANY(cuMemSetAccess(0, gran, &desc, 1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemSetAccess(0, gran, NULL, 1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemGetAccess(NULL, &desc.location, 0));
  DRV_ANY(cuMemGetAccess(&access, &desc.location, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemRetainAllocationHandle(NULL, NULL));
  DRV_ANY(cuMemRetainAllocationHandle(&h, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemGetAllocationPropertiesFromHandle(NULL, 0));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuMemGetAllocationPropertiesFromHandle(&prop, 0)));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuMemRelease(0)));
  DRV(CUDA_SUCCESS, cuStreamDestroy(s));
  DRV(CUDA_SUCCESS, cuCtxPopCurrent(&ctx));
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRelease(0));
  (void)n;
}

/* The whole table; then the process must still work and hold no sticky error. */
/* ---- CUDA arrays, texture and surface objects (issue 15) ----------------------------------
 * Codes CUDA documents (cudaErrorInvalidValue for NULL outputs and bad handles) are
 * checked; the others are printed for the H200 to settle. */
static void bad_args_arrays(void) {
  struct cudaChannelFormatDesc f1 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  struct cudaChannelFormatDesc three =
      cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  struct cudaChannelFormatDesc got;
  struct cudaExtent extent = make_cudaExtent(16, 4, 0);
  struct cudaResourceDesc res, res_back;
  struct cudaTextureDesc tex, tex_back;
  struct cudaResourceViewDesc view_back;
  struct cudaMemcpy3DParms copy;
  cudaArray_t a = NULL, bad = NULL, level = NULL;
  cudaMipmappedArray_t m = NULL;
  cudaTextureObject_t t = 0;
  cudaSurfaceObject_t surf = 0;
  float host[64] = {0};
  unsigned flags = 0;
  memset(&res, 0, sizeof res);
  memset(&tex, 0, sizeof tex);
  memset(&copy, 0, sizeof copy);
  RT(cudaSuccess, cudaMallocArray(&a, &f1, 16, 4, 0));
  RT(cudaErrorInvalidValue, cudaMallocArray(NULL, &f1, 16, 4, 0));
  RT_ANY(cudaMallocArray(&bad, &three, 16, 4, 0));
  RT_ANY(cudaMallocArray(&bad, &f1, 0, 4, 0));
  RT_ANY(cudaMallocArray(&bad, &f1, 1 << 20, 4, 0));
  RT_ANY(cudaMalloc3DArray(&bad, &f1, make_cudaExtent(8, 4, 6), cudaArrayCubemap));
  RT(cudaErrorInvalidValue, cudaMalloc3DArray(NULL, &f1, extent, 0));
  RT(cudaSuccess, cudaArrayGetInfo(&got, &extent, &flags, a));
  RT(cudaSuccess, cudaGetChannelDesc(&got, a));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaGetChannelDesc(NULL, a)));
  RT(cudaErrorInvalidPitchValue,
     cudaMemcpy2DToArray(a, 0, 0, host, 8, 16, 2, cudaMemcpyHostToDevice));
  RT_ANY(cudaMemcpy2DToArray(a, 0, 3, host, 64, 64, 2, cudaMemcpyHostToDevice));
  RT_ANY(cudaMemcpy2DToArrayAsync(a, 0, 0, host, 64, 64, 2, (enum cudaMemcpyKind)7, 0));
  RT_ANY(cudaMemcpy2DFromArray(host, 8, a, 0, 0, 16, 2, cudaMemcpyDeviceToHost));
  RT_ANY(cudaMemcpy2DFromArrayAsync(host, 64, a, 60, 0, 64, 1, cudaMemcpyDeviceToHost, 0));
  RT_ANY(cudaMemcpy2DArrayToArray(a, 0, 0, a, 0, 3, 64, 2, cudaMemcpyDeviceToDevice));
  RT_ANY(cudaMemcpyToArray(a, 0, 0, host, 1024, cudaMemcpyHostToDevice));
  RT_ANY(cudaMemcpyToArrayAsync(a, 0, 0, host, 1024, cudaMemcpyHostToDevice, 0));
  RT_ANY(cudaMemcpyFromArray(host, a, 0, 0, 1024, cudaMemcpyDeviceToHost));
  RT_ANY(cudaMemcpyFromArrayAsync(host, a, 0, 0, 1024, cudaMemcpyDeviceToHost, 0));
  copy.srcArray = a;
  copy.dstPtr = make_cudaPitchedPtr(host, 64, 64, 4);
  copy.dstArray = a; /* both an array and a pointer */
  copy.extent = make_cudaExtent(16, 4, 1);
  copy.kind = cudaMemcpyDeviceToHost;
  RT(cudaErrorInvalidValue, cudaMemcpy3D(&copy));
  RT(cudaSuccess, cudaMallocMipmappedArray(&m, &f1, make_cudaExtent(16, 16, 0), 3, 0));
  RT(cudaErrorInvalidValue, cudaMallocMipmappedArray(NULL, &f1, extent, 3, 0));
  RT(cudaSuccess, cudaGetMipmappedArrayLevel(&level, m, 2));
  RT(cudaErrorInvalidValue, cudaGetMipmappedArrayLevel(&level, m, 9));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  RT(cudaSuccess, cudaCreateTextureObject(&t, &res, &tex, NULL));
  RT(cudaErrorInvalidValue, cudaCreateTextureObject(NULL, &res, &tex, NULL));
  RT(cudaSuccess, cudaGetTextureObjectResourceDesc(&res_back, t));
  RT(cudaSuccess, cudaGetTextureObjectTextureDesc(&tex_back, t));
  RT_ANY(cudaGetTextureObjectResourceViewDesc(&view_back, t)); /* made without a view */
  RT(cudaSuccess, cudaDestroyTextureObject(t));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaDestroyTextureObject(t))); /* destroyed */
  RT_ANY(cudaCreateSurfaceObject(&surf, &res)); /* no cudaArraySurfaceLoadStore */
  RT(cudaErrorInvalidValue, cudaCreateSurfaceObject(NULL, &res));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaGetSurfaceObjectResourceDesc(&res_back, 12345)));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaDestroySurfaceObject(12345)));
  RT(cudaSuccess, cudaFreeMipmappedArray(m));
  RT(cudaSuccess, cudaFreeArray(a));
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaFreeArray(a)));          /* destroyed */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaFreeMipmappedArray(m))); /* destroyed */
  ANCHOR_ONLY(RT(cudaErrorInvalidValue, cudaArrayGetInfo(NULL, NULL, NULL, a)));
  RT(cudaSuccess, cudaFreeArray(NULL));
  /* the driver's forms */
  CUDA_ARRAY_DESCRIPTOR d2 = {16, 4, CU_AD_FORMAT_FLOAT, 1}, d2_back;
  CUDA_ARRAY3D_DESCRIPTOR d3 = {16, 4, 2, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_LAYERED}, d3_back;
  CUDA_RESOURCE_DESC cres, cres_back;
  CUDA_TEXTURE_DESC ctex, ctex_back;
  CUDA_RESOURCE_VIEW_DESC cview_back;
  CUarray ca = NULL, cl = NULL;
  CUmipmappedArray cm = NULL;
  CUtexObject ct = 0;
  CUsurfObject cs = 0;
  memset(&cres, 0, sizeof cres);
  memset(&ctex, 0, sizeof ctex);
  DRV(CUDA_ERROR_INVALID_VALUE, cuArrayCreate(NULL, &d2));
  DRV(CUDA_ERROR_INVALID_VALUE, cuArray3DCreate(NULL, &d3));
  d2.NumChannels = 3;
  DRV_ANY(cuArrayCreate(&ca, &d2));
  d2.NumChannels = 1;
  DRV(CUDA_SUCCESS, cuArrayCreate(&ca, &d2));
  DRV(CUDA_SUCCESS, cuArrayGetDescriptor(&d2_back, ca));
  DRV(CUDA_SUCCESS, cuArray3DGetDescriptor(&d3_back, ca));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuArrayGetDescriptor(NULL, ca)));
  cres.resType = CU_RESOURCE_TYPE_ARRAY;
  cres.res.array.hArray = ca;
  DRV(CUDA_SUCCESS, cuTexObjectCreate(&ct, &cres, &ctex, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuTexObjectCreate(NULL, &cres, &ctex, NULL));
  DRV(CUDA_SUCCESS, cuTexObjectGetResourceDesc(&cres_back, ct));
  DRV(CUDA_SUCCESS, cuTexObjectGetTextureDesc(&ctex_back, ct));
  DRV_ANY(cuTexObjectGetResourceViewDesc(&cview_back, ct));
  DRV(CUDA_SUCCESS, cuTexObjectDestroy(ct));
  DRV_ANY(cuSurfObjectCreate(&cs, &cres)); /* no CUDA_ARRAY3D_SURFACE_LDST */
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuSurfObjectGetResourceDesc(&cres_back, 12345)));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_VALUE, cuSurfObjectDestroy(12345)));
  DRV(CUDA_SUCCESS, cuMipmappedArrayCreate(&cm, &d3, 2));
  DRV(CUDA_SUCCESS, cuMipmappedArrayGetLevel(&cl, cm, 1));
  DRV_ANY(cuMipmappedArrayGetLevel(&cl, cm, 7));
  DRV(CUDA_SUCCESS, cuMipmappedArrayDestroy(cm));
  DRV(CUDA_SUCCESS, cuMemcpyHtoA(ca, 0, host, 64));
  DRV_ANY(cuMemcpyHtoA(ca, 2, host, 4));    /* not a whole texel */
  DRV_ANY(cuMemcpyHtoA(ca, 240, host, 32)); /* past the end */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoAAsync(ca, 0, NULL, 4, 0));
  DRV(CUDA_SUCCESS, cuMemcpyAtoH(host, ca, 0, 64));
  DRV_ANY(cuMemcpyAtoHAsync(host, ca, 256, 4, 0));
  DRV(CUDA_SUCCESS, cuMemcpyAtoA(ca, 64, ca, 0, 64));
  DRV_ANY(cuMemcpyAtoA(ca, 240, ca, 0, 32)); /* past the end */
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyDtoA(ca, 0, 0, 4));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpyAtoD(0, ca, 0, 4));
  DRV(CUDA_SUCCESS, cuArrayDestroy(ca));
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_HANDLE, cuArrayDestroy(ca))); /* destroyed */
  ANCHOR_ONLY(DRV(CUDA_ERROR_INVALID_HANDLE, cuMipmappedArrayDestroy(cm)));
}

static void bad_args_run(const void *kernel) {
  int *p = NULL;
  int v = 41;
  bad_args_devices();
  bad_args_memory();
  bad_args_host();
  bad_args_pools();
  bad_args_streams();
  bad_args_launch(kernel);
  bad_args_graphs();
  bad_args_graph_nodes();
  bad_args_libraries();
  bad_args_errors();
  bad_args_driver();
  bad_args_driver_more(kernel);
  bad_args_arrays();
  (void)cudaGetLastError();
  RT(cudaSuccess, cudaDeviceSynchronize());
  RT(cudaSuccess, cudaGetLastError());
  RT(cudaSuccess, cudaMalloc((void **)&p, sizeof v));
  RT(cudaSuccess, cudaMemcpy(p, &v, sizeof v, cudaMemcpyHostToDevice));
  v = 0;
  RT(cudaSuccess, cudaMemcpy(&v, p, sizeof v, cudaMemcpyDeviceToHost));
  RT(cudaSuccess, cudaFree(p));
  if (v != 41) {
    printf("FAIL: a round trip after the table read %d\n", v);
    bad_args_failures++;
  }
}

#endif
