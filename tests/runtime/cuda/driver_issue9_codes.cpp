// tests/runtime/cuda/driver_issue9_codes.cpp — what CUDA 13's driver answers where
// Anchor's issue-9 functions had to choose without a GPU (docs/runtime.md, "Driver
// API" and the "declared, not supported" table): one `call -> CODE` line each, plus
// a few values. Built with nvcc (-lcuda) on the H200/H100 and with anchorcc (-lcuda is
// libanchor) here; driver_issue9_codes.sh builds and runs both and diffs them. Lines
// marked "(Anchor: ...)" state Anchor's answer where it differs on purpose.
#include <cuda.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void show(const char *call, CUresult r) {
  const char *name = NULL;
  if (cuGetErrorName(r, &name) != CUDA_SUCCESS) name = "?";
  printf("%s -> %s\n", call, name);
}
#define SHOW(call) show(#call, (call))

static void CUDA_CB on_log(void *, CUlogLevel, char *message, size_t) {
  printf("log callback: %s\n", message);
}

int main() {
  /* unbuffered: on the H100 (2026-12-07) a call crashed NVIDIA's driver and the buffered
   * lines before it were lost; now the last line names the call before the crash */
  setvbuf(stdout, NULL, _IONBF, 0);
  CUlogIterator it = 0;
  SHOW(cuLogsCurrent(&it, 0)); /* before cuInit */
  SHOW(cuInit(0));
  CUcontext primary = NULL, other = NULL;
  SHOW(cuDevicePrimaryCtxRetain(&primary, 0));
  SHOW(cuCtxSetCurrent(primary));
  CUstream s = NULL;
  SHOW(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  CUdeviceptr word = 0;
  SHOW(cuMemAlloc(&word, 64));
  SHOW(cuMemsetD32(word, 0, 16));

  /* stream memory operations */
  static const CUdevice_attribute attrs[] = {
      (CUdevice_attribute)92, (CUdevice_attribute)93, (CUdevice_attribute)94,
      CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS,
      CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR, CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES};
  for (CUdevice_attribute a : attrs) {
    int v = -1;
    CUresult r = cuDeviceGetAttribute(&v, a, 0);
    printf("cuDeviceGetAttribute(%d) -> %d, value %d\n", (int)a, (int)r, v);
  }
  SHOW(cuStreamWriteValue32(s, word, 1, CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER));
  SHOW(cuStreamWaitValue32(s, word, 0, CU_STREAM_WAIT_VALUE_GEQ | CU_STREAM_WAIT_VALUE_FLUSH));
  SHOW(cuStreamWaitValue32(s, word, 0, 4));
  SHOW(cuStreamWaitValue32(s, word + 2, 0, 0));
  SHOW(cuStreamWaitValue64(s, word + 4, 0, 0));
  SHOW(cuStreamWriteValue32(s, word + 4096, 0, 0));
  SHOW(cuStreamBatchMemOp(s, 0, NULL, 0));
  CUstreamBatchMemOpParams op;
  memset(&op, 0, sizeof op);
  op.flushRemoteWrites.operation = CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES;
  SHOW(cuStreamBatchMemOp(s, 1, &op, 0));
  SHOW(cuStreamSynchronize(s));
  SHOW(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
  SHOW(cuStreamWriteValue32(s, word, 1, 0)); /* (Anchor: STREAM_CAPTURE_UNSUPPORTED) */
  CUgraph g = NULL;
  SHOW(cuStreamEndCapture(s, &g));
  if (g) SHOW(cuGraphDestroy(g));

  /* peers with one device */
  SHOW(cuCtxEnablePeerAccess(primary, 0));
  SHOW(cuCtxDisablePeerAccess(primary));
  int p2p = -1;
  SHOW(cuDeviceGetP2PAttribute(&p2p, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0));
  SHOW(cuMemcpyPeer(word + 32, primary, word, primary, 16));

  /* contexts, modules, pointers */
  unsigned long long id = 0, id2 = 0;
  SHOW(cuCtxGetId(primary, &id));
  SHOW(cuCtxCreate(&other, NULL, 0, 0));
  SHOW(cuCtxGetId(NULL, &id2));
  printf("context ids: primary %llu, created %llu\n", id, id2);
  SHOW(cuCtxDestroy(other));
  SHOW(cuCtxSetCurrent(primary));
  CUsharedconfig config = (CUsharedconfig)-1;
  SHOW(cuCtxGetSharedMemConfig(&config));
  printf("shared mem config %d\n", (int)config);
  SHOW(cuCtxSetSharedMemConfig(CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE));
  CUmoduleLoadingMode mode = (CUmoduleLoadingMode)0;
  SHOW(cuModuleGetLoadingMode(&mode));
  printf("loading mode %d (Anchor: eager, %d)\n", (int)mode, (int)CU_MODULE_EAGER_LOADING);
  unsigned one = 1;
  SHOW(cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, word));
  SHOW(cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, word));
  CUmemoryPool pool = NULL;
  CUmemLocation host = {CU_MEM_LOCATION_TYPE_HOST, 0};
  SHOW(cuMemGetDefaultMemPool(&pool, &host, CU_MEM_ALLOCATION_TYPE_PINNED)); /* (Anchor: NOT_SUPPORTED) */
  CUmemLocation dev0 = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  SHOW(cuMemGetDefaultMemPool(&pool, &dev0, CU_MEM_ALLOCATION_TYPE_MANAGED)); /* (Anchor: NOT_SUPPORTED) */
  SHOW(cuDeviceGetMemPool(&pool, 1));

  /* the error log: a failing call's line, a buffer too small, a file dumped twice */
  CUlogsCallbackHandle handle = NULL;
  SHOW(cuLogsRegisterCallback(on_log, NULL, &handle));
  SHOW(cuLogsCurrent(&it, 0));
  CUdeviceptr none = 0;
  SHOW(cuMemAlloc(&none, 0));
  char text[4096];
  size_t size = sizeof text;
  CUlogIterator start = it;
  SHOW(cuLogsDumpToMemory(&it, text, &size, 0));
  printf("dumped %zu bytes, iterator +%u: %s", size, it - start, text);
  SHOW(cuMemAlloc(&none, 0));
  size = 8;
  SHOW(cuLogsDumpToMemory(&it, text, &size, 0));
  printf("small buffer: size %zu\n", size);
  char path[] = "/tmp/issue9_logs_XXXXXX";
  int fd = mkstemp(path);
  if (fd >= 0) close(fd);
  SHOW(cuLogsDumpToFile(NULL, path, 0));
  SHOW(cuLogsDumpToFile(NULL, path, 0));
  FILE *f = fopen(path, "r");
  int lines = 0;
  char line[512];
  while (f && fgets(line, sizeof line, f)) { /* which errors the log has: the first dump's */
    lines++;
    const char *message = strstr(line, "[CUDA][");
    if (lines <= 64) printf("  log: %s", message ? message : line);
  }
  if (f) fclose(f);
  printf("lines after two dumps of everything: %d (twice the log: appended)\n", lines);
  remove(path);
  SHOW(cuLogsDumpToFile(NULL, "/nonexistent-dir/x.log", 0));
  SHOW(cuLogsUnregisterCallback(handle));
  /* Unregistering the same handle twice: NVIDIA's driver crashes (Segmentation fault on
   * an H100, CUDA 13.0, driver 580.159.04, 2026-12-07); Anchor answers
   * CUDA_ERROR_INVALID_VALUE (runtime.test_bad_args). Not asked here. */

  /* what Anchor declares, not supported: CUDA's answers on this GPU */
  char luid[8];
  unsigned mask = 0;
  SHOW(cuDeviceGetLuid(luid, &mask, 0));
  const void *table = NULL;
  CUuuid zero;
  memset(&zero, 0, sizeof zero);
  SHOW(cuGetExportTable(&table, &zero));
  CUmulticastObjectProp mc;
  memset(&mc, 0, sizeof mc);
  mc.numDevices = 1;
  mc.size = 2 << 20;
  size_t granularity = 0;
  SHOW(cuMulticastGetGranularity(&granularity, &mc, CU_MULTICAST_GRANULARITY_MINIMUM));
  CUdevResource resource;
  SHOW(cuDeviceGetDevResource(0, &resource, CU_DEV_RESOURCE_TYPE_SM));
  CUgreenCtx green = NULL;
  SHOW(cuStreamGetGreenCtx(s, &green));
  CUprocessState state;
  SHOW(cuCheckpointProcessGetState((int)getpid(), &state));
  int enabled = 0;
  size_t enabled_size = sizeof enabled;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &enabled, &enabled_size));
  size_t width = 0;
  SHOW(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 1, 0));
  int affinity = -1;
  SHOW(cuDeviceGetExecAffinitySupport(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT, 0));
  CUexecAffinityParam ap;
  SHOW(cuCtxGetExecAffinity(&ap, CU_EXEC_AFFINITY_TYPE_SM_COUNT));
  SHOW(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                  CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER));
  CUevent event = NULL;
  SHOW(cuEventCreate(&event, 0));
  SHOW(cuCtxRecordEvent(primary, event));
  SHOW(cuCtxWaitEvent(primary, event));
  CUcontext attached = NULL;
  SHOW(cuCtxAttach(&attached, 0));
  if (attached) SHOW(cuCtxDetach(attached));

  /* the values behind the answers above, and what Anchor chose where the docs are silent
   * (Anchor implements these since 2026-12-07: runtime.test_driver_services) */
  int sms = 0;
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0);
  printf("multiprocessors %d; SM resource: smCount %u minSmPartitionSize %u "
         "smCoscheduledAlignment %u (Anchor: count, count, 1)\n",
         sms, resource.sm.smCount, resource.sm.minSmPartitionSize,
         resource.sm.smCoscheduledAlignment);
  printf("exec affinity support %d, context affinity type %d smCount %u (Anchor: 0, 0, count)\n",
         affinity, (int)ap.type, ap.param.smCount.val);
  int linear = 0;
  cuDeviceGetAttribute(&linear, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH, 0);
  printf("1-D linear max width: float1 %zu; attribute %d\n", width, linear);
  SHOW(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_UNSIGNED_INT8, 4, 0));
  printf("  uchar4 %zu (Anchor: the attribute for every format)\n", width);
  SHOW(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT, 3, 0));
  printf("checkpoint state of this process %d (RUNNING 0)\n", (int)state);
  SHOW(cuCheckpointProcessGetState(1, &state)); /* Anchor: INVALID_VALUE */
  SHOW(cuGetExportTable(NULL, NULL));
  bool flag = true;
  size_t dsize = 0;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, NULL, &dsize));
  printf("  bool size %zu (Anchor 1)\n", dsize);
  dsize = sizeof flag;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &flag, &dsize));
  printf("  enabled %d\n", (int)flag);
  dsize = sizeof flag;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_TRIGGER_HOST, &flag, &dsize));
  printf("  trigger host %d (Anchor 1)\n", (int)flag);
  dsize = 0;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_FILE, NULL, &dsize));
  printf("  file size %zu (Anchor: its length + 1)\n", dsize);
  char file[1024] = "";
  dsize = sizeof file;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_FILE, file, &dsize));
  printf("  file \"%s\" size %zu\n", file, dsize);
  dsize = 4;
  SHOW(cuCoredumpGetAttribute(CU_COREDUMP_FILE, file, &dsize)); /* Anchor: INVALID_VALUE */
  dsize = 0;
  SHOW(cuCoredumpSetAttribute(CU_COREDUMP_FILE, NULL, &dsize));
  printf("  set size of a file %zu (Anchor 1024)\n", dsize);
  char pipe[] = "/tmp/issue9.core";
  dsize = sizeof pipe;
  SHOW(cuCoredumpSetAttribute(CU_COREDUMP_PIPE, pipe, &dsize)); /* Anchor: NOT_PERMITTED */
  int gen = 1 << 10;
  dsize = sizeof gen;
  SHOW(cuCoredumpSetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &gen, &dsize)); /* INVALID_VALUE */
  gen = CU_COREDUMP_SKIP_ABORT;
  SHOW(cuCoredumpSetAttribute(CU_COREDUMP_GENERATION_FLAGS, &gen, &dsize));
  gen = -1;
  SHOW(cuCoredumpGetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &gen, &dsize));
  printf("  global flags %d after a context's (Anchor 0)\n", gen);
  flag = false;
  dsize = sizeof flag;
  SHOW(cuCoredumpSetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &flag, &dsize));
  SHOW(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                  (CUflushGPUDirectRDMAWritesScope)7)); /* INVALID_VALUE */
  SHOW(cuCtxDetach(primary)); /* nothing attached: Anchor INVALID_CONTEXT */
  CUcontext made = NULL;
  SHOW(cuCtxCreate(&made, NULL, 0, 0));
  SHOW(cuCtxAttach(&attached, 0));
  printf("  attached the created context: %s\n", attached == made ? "yes" : "no");
  SHOW(cuCtxDetach(made));
  SHOW(cuCtxDetach(made)); /* the count reaches 0: destroyed */
  unsigned long long made_id = 0;
  SHOW(cuCtxGetId(made, &made_id)); /* Anchor: INVALID_CONTEXT */
  SHOW(cuCtxSetCurrent(primary));

  SHOW(cuEventDestroy(event));
  SHOW(cuMemFree(word));
  SHOW(cuStreamDestroy(s));
  return 0;
}
