/* tests/runtime/test_driver_services.c — the driver functions of issue 9 that CUDA 13
 * answers on an H100 (tests/runtime/cuda/driver_issue9_codes.cpp, 2026-12-07) and
 * Anchor implements over the core: cuGetExportTable (no table), cuDeviceGetDevResource
 * (the SM resource), cuCheckpointProcessGetState (running), the core-dump settings
 * (kept, sizes checked), cuDeviceGetTexture1DLinearMaxWidth, cuCtxGetExecAffinity (the
 * whole device), cuFlushGPUDirectRDMAWrites (nothing to flush), cuCtxRecordEvent /
 * cuCtxWaitEvent (every stream of the context, seen through stream memory operations on
 * pinned host words) and cuCtxAttach / cuCtxDetach (usage counts). */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cuda.h"

#define CHECK_CU CHECK_DRV

static void pause_ms(int ms) {
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

static void store(volatile uint32_t *word, uint32_t value) {
  atomic_store((_Atomic uint32_t *)(uintptr_t)word, value);
}

static void device_queries(void) {
  int sms = 0, linear = 0;
  CHECK_CU(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGetAttribute(&linear, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH, 0),
           CUDA_SUCCESS);
  CHECK(sms > 0 && linear > 0);

  /* export tables: none (an H100: an all-zero id is CUDA_ERROR_INVALID_VALUE) */
  const void *table = NULL;
  CUuuid zero;
  memset(&zero, 0, sizeof zero);
  CHECK_CU(cuGetExportTable(&table, &zero), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGetExportTable(NULL, NULL), CUDA_ERROR_INVALID_VALUE);

  /* the device's SM resource */
  CUdevResource res;
  memset(&res, 0xff, sizeof res);
  CHECK_CU(cuDeviceGetDevResource(0, &res, CU_DEV_RESOURCE_TYPE_SM), CUDA_SUCCESS);
  CHECK(res.type == CU_DEV_RESOURCE_TYPE_SM && res.sm.smCount == (unsigned)sms);
  CHECK(res.sm.minSmPartitionSize == (unsigned)sms && res.sm.smCoscheduledAlignment == 1);
  CHECK(res.sm.smCount % res.sm.smCoscheduledAlignment == 0);
  CHECK_CU(cuDeviceGetDevResource(0, &res, CU_DEV_RESOURCE_TYPE_INVALID), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceGetDevResource(0, NULL, CU_DEV_RESOURCE_TYPE_SM), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceGetDevResource(1, &res, CU_DEV_RESOURCE_TYPE_SM), CUDA_ERROR_INVALID_DEVICE);

  /* the process's checkpoint state */
  CUprocessState state = CU_PROCESS_STATE_FAILED;
  CHECK_CU(cuCheckpointProcessGetState((int)getpid(), &state), CUDA_SUCCESS);
  CHECK(state == CU_PROCESS_STATE_RUNNING);
  CHECK_CU(cuCheckpointProcessGetState((int)getpid(), NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCheckpointProcessGetState(1, &state), CUDA_ERROR_INVALID_VALUE);

  /* 1-D linear textures: Metal's texture buffers, any format */
  size_t width = 0;
  CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 1, 0), CUDA_SUCCESS);
  CHECK(width == (size_t)linear);
  width = 0;
  CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_UNSIGNED_INT8, 4, 0),
           CUDA_SUCCESS);
  CHECK(width == (size_t)linear);
  CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 3, 0),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(NULL, CU_AD_FORMAT_FLOAT, 1, 0),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 1, 1),
           CUDA_ERROR_INVALID_DEVICE);

  /* execution affinity: every context has the whole device */
  CUexecAffinityParam affinity;
  memset(&affinity, 0xff, sizeof affinity);
  CHECK_CU(cuCtxGetExecAffinity(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT), CUDA_SUCCESS);
  CHECK(affinity.type == CU_EXEC_AFFINITY_TYPE_SM_COUNT &&
        affinity.param.smCount.val == (unsigned)sms);

  /* GPUDirect RDMA: nothing to flush, arguments checked */
  CHECK_CU(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                      CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER),
           CUDA_SUCCESS);
  CHECK_CU(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                      CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES),
           CUDA_SUCCESS);
  CHECK_CU(cuFlushGPUDirectRDMAWrites((CUflushGPUDirectRDMAWritesTarget)1,
                                      CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                      (CUflushGPUDirectRDMAWritesScope)0),
           CUDA_ERROR_INVALID_VALUE);
}

static void coredump_settings(void) {
  /* an int for a bool attribute: CUDA_ERROR_INVALID_VALUE (the H100's answer) */
  int as_int = 0;
  size_t size = sizeof as_int;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &as_int, &size),
           CUDA_ERROR_INVALID_VALUE);
  bool flag = true;
  size = 0;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, NULL, &size), CUDA_SUCCESS);
  CHECK(size == sizeof(bool));
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &flag, &size), CUDA_SUCCESS);
  CHECK(flag == false); /* the defaults CUDA documents */
  CHECK_CU(cuCoredumpGetAttributeGlobal(CU_COREDUMP_TRIGGER_HOST, &flag, &size), CUDA_SUCCESS);
  CHECK(flag == true);
  CHECK_CU(cuCoredumpGetAttribute((CUcoredumpSettings)0, &flag, &size), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_MAX, &flag, &size), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_TRIGGER_HOST, &flag, NULL), CUDA_ERROR_INVALID_VALUE);

  /* generation flags: the process's, inherited by a context until it sets its own */
  int flags = -1;
  size = sizeof flags;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size), CUDA_SUCCESS);
  CHECK(flags == CU_COREDUMP_DEFAULT_FLAGS);
  flags = CU_COREDUMP_LIGHTWEIGHT_FLAGS;
  CHECK_CU(cuCoredumpSetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &flags, &size), CUDA_SUCCESS);
  flags = -1;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size), CUDA_SUCCESS);
  CHECK(flags == CU_COREDUMP_LIGHTWEIGHT_FLAGS);
  flags = CU_COREDUMP_SKIP_ABORT;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size), CUDA_SUCCESS);
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size), CUDA_SUCCESS);
  CHECK(flags == CU_COREDUMP_SKIP_ABORT);
  CHECK_CU(cuCoredumpGetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &flags, &size), CUDA_SUCCESS);
  CHECK(flags == CU_COREDUMP_LIGHTWEIGHT_FLAGS);
  flags = 1 << 10;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size),
           CUDA_ERROR_INVALID_VALUE);
  size = 2;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size),
           CUDA_ERROR_INVALID_VALUE);

  /* the file: core.cuda.HOSTNAME.PID by default, then what was set */
  char host[256] = "", want[1100], file[1024];
  gethostname(host, sizeof host - 1);
  snprintf(want, sizeof want, "core.cuda.%s.%d", host, (int)getpid());
  size = 0;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_FILE, NULL, &size), CUDA_SUCCESS);
  CHECK(size == strlen(want) + 1);
  size = sizeof file;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_FILE, file, &size), CUDA_SUCCESS);
  CHECK(strcmp(file, want) == 0);
  char path[] = "/tmp/anchor.core";
  size = sizeof path;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_FILE, path, &size), CUDA_SUCCESS);
  size = sizeof file;
  memset(file, 0, sizeof file);
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_FILE, file, &size), CUDA_SUCCESS);
  CHECK(strcmp(file, path) == 0);
  size = 4; /* too small for the path */
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_FILE, file, &size), CUDA_ERROR_INVALID_VALUE);
  size = 4; /* unterminated in its size */
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_FILE, path, &size), CUDA_ERROR_INVALID_VALUE);
  /* the pipe and the user trigger are the process's only */
  size = sizeof path;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_PIPE, path, &size), CUDA_ERROR_NOT_PERMITTED);
  CHECK_CU(cuCoredumpSetAttributeGlobal(CU_COREDUMP_PIPE, path, &size), CUDA_SUCCESS);

  /* no GPU core dump can be written: enabling one is not supported, off is fine */
  size = sizeof flag;
  flag = true;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &flag, &size),
           CUDA_ERROR_NOT_SUPPORTED);
  CHECK_CU(cuCoredumpSetAttributeGlobal(CU_COREDUMP_ENABLE_USER_TRIGGER, &flag, &size),
           CUDA_ERROR_NOT_SUPPORTED);
  flag = false;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &flag, &size), CUDA_SUCCESS);
  flag = false;
  CHECK_CU(cuCoredumpSetAttributeGlobal(CU_COREDUMP_TRIGGER_HOST, &flag, &size), CUDA_SUCCESS);
  flag = true;
  CHECK_CU(cuCoredumpGetAttribute(CU_COREDUMP_TRIGGER_HOST, &flag, &size), CUDA_SUCCESS);
  CHECK(flag == false);
  size = 0;
  CHECK_CU(cuCoredumpSetAttribute(CU_COREDUMP_TRIGGER_HOST, NULL, &size), CUDA_SUCCESS);
  CHECK(size == sizeof(bool));
}

/* cuCtxRecordEvent waits for every stream of the context; cuCtxWaitEvent holds every
 * stream back. The words are pinned host memory, so the host releases the waits. */
static void context_events(CUcontext ctx) {
  volatile uint32_t *words = NULL;
  CHECK_CU(cuMemAllocHost((void **)&words, 64), CUDA_SUCCESS);
  if (!words) return;
  memset((void *)words, 0, 64);
  CUdeviceptr gate = (CUdeviceptr)(uintptr_t)&words[0];
  CUdeviceptr gate2 = (CUdeviceptr)(uintptr_t)&words[1];
  CUdeviceptr flag = (CUdeviceptr)(uintptr_t)&words[2];
  CUstream a, b;
  CHECK_CU(cuStreamCreate(&a, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CHECK_CU(cuStreamCreate(&b, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUevent whole, on_b, on_a;
  CHECK_CU(cuEventCreate(&whole, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  CHECK_CU(cuEventCreate(&on_b, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  CHECK_CU(cuEventCreate(&on_a, CU_EVENT_DEFAULT), CUDA_SUCCESS);

  /* record: stream a waits for the host; the context's event waits for a */
  CHECK_CU(cuStreamWaitValue32(a, gate, 1, CU_STREAM_WAIT_VALUE_EQ), CUDA_SUCCESS);
  CHECK_CU(cuCtxRecordEvent(ctx, whole), CUDA_SUCCESS);
  CHECK_CU(cuEventRecord(on_b, b), CUDA_SUCCESS);
  CHECK_CU(cuEventSynchronize(on_b), CUDA_SUCCESS); /* b's order is not a's */
  pause_ms(30);
  CHECK_CU(cuEventQuery(whole), CUDA_ERROR_NOT_READY);
  store(&words[0], 1);
  CHECK_CU(cuEventSynchronize(whole), CUDA_SUCCESS);
  CHECK_CU(cuEventQuery(whole), CUDA_SUCCESS);

  /* wait: a blocks on the host again, its event makes every stream of the context
   * wait; b's write is held back until the host lets a go */
  CHECK_CU(cuStreamWaitValue32(a, gate2, 1, CU_STREAM_WAIT_VALUE_EQ), CUDA_SUCCESS);
  CHECK_CU(cuEventRecord(on_a, a), CUDA_SUCCESS);
  CHECK_CU(cuCtxWaitEvent(ctx, on_a), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(b, flag, 7, 0), CUDA_SUCCESS);
  /* "all future work": a stream made afterwards waits too */
  CUstream later;
  CHECK_CU(cuStreamCreate(&later, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(later, flag + 4, 9, 0), CUDA_SUCCESS);
  pause_ms(30);
  CHECK(words[2] == 0 && words[3] == 0);
  CHECK_CU(cuStreamQuery(b), CUDA_ERROR_NOT_READY);
  CHECK_CU(cuStreamQuery(later), CUDA_ERROR_NOT_READY);
  store(&words[1], 1);
  CHECK_CU(cuStreamSynchronize(b), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(later), CUDA_SUCCESS);
  CHECK(words[2] == 7 && words[3] == 9);
  CHECK_CU(cuStreamDestroy(later), CUDA_SUCCESS);

  CHECK_CU(cuCtxRecordEvent(ctx, (CUevent)(uintptr_t)0x10), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuCtxWaitEvent(ctx, (CUevent)(uintptr_t)0x10), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuCtxRecordEvent((CUcontext)(uintptr_t)0xa0, whole), CUDA_ERROR_INVALID_CONTEXT);
  /* a stream capturing in the context: not while it captures */
  CUgraph graph = NULL;
  CHECK_CU(cuStreamBeginCapture(b, CU_STREAM_CAPTURE_MODE_RELAXED), CUDA_SUCCESS);
  CHECK_CU(cuCtxRecordEvent(ctx, whole), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  CHECK_CU(cuStreamEndCapture(b, &graph), CUDA_SUCCESS);
  if (graph) CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);

  CHECK_CU(cuEventDestroy(whole), CUDA_SUCCESS);
  CHECK_CU(cuEventDestroy(on_b), CUDA_SUCCESS);
  CHECK_CU(cuEventDestroy(on_a), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(a), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(b), CUDA_SUCCESS);
  CHECK_CU(cuMemFreeHost((void *)words), CUDA_SUCCESS);
}

static void usage_counts(CUcontext primary) {
  CUcontext got = NULL;
  CHECK_CU(cuCtxAttach(&got, 0), CUDA_SUCCESS);
  CHECK(got == primary);
  CHECK_CU(cuCtxAttach(&got, 1), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCtxAttach(NULL, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCtxDetach(got), CUDA_SUCCESS);
  CHECK_CU(cuCtxDetach(primary), CUDA_ERROR_INVALID_CONTEXT); /* no attach left */

  /* a created context: 1 from cuCtxCreate, +1 attached; gone at 0 */
  CUcontext c = NULL, current = NULL;
  unsigned long long id = 0;
  CHECK_CU(cuCtxCreate(&c, NULL, 0, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxAttach(&got, 0), CUDA_SUCCESS);
  CHECK(got == c);
  CHECK_CU(cuCtxDetach(c), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetId(c, &id), CUDA_SUCCESS); /* still alive */
  CHECK_CU(cuCtxPushCurrent(primary), CUDA_SUCCESS);
  CHECK_CU(cuCtxDetach(c), CUDA_ERROR_INVALID_CONTEXT); /* not current */
  CHECK_CU(cuCtxPopCurrent(&current), CUDA_SUCCESS);
  CHECK_CU(cuCtxDetach(c), CUDA_SUCCESS);                   /* destroyed */
  CHECK_CU(cuCtxGetId(c, &id), CUDA_ERROR_INVALID_CONTEXT); /* and popped */
  CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  CHECK(current != c);
  CHECK_CU(cuCtxDetach(NULL), CUDA_ERROR_INVALID_CONTEXT);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
}

int main(void) {
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CUcontext primary;
  CHECK_CU(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  device_queries();
  coredump_settings();
  context_events(primary);
  usage_counts(primary);
  CHECK_CU(cuDevicePrimaryCtxRelease(0), CUDA_SUCCESS);
  return check_finish("test_driver_services");
}
