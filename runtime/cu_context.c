/* runtime/cu_context.c — the driver API's contexts: the primary context,
 * cuCtxCreate/Destroy and the per-thread current-context stack (the core's,
 * core_context.c). One Metal device: every context shares the core's device,
 * arena and modules, so a created context is flags and a place on the stack;
 * destroying one frees nothing else (docs/runtime.md, "Driver API"). */
#include <stdlib.h>
#include <string.h>

#include "cu_internal.h"

static CUresult rt_cu_check_device(CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

static const unsigned rt_ctx_known_flags = CU_CTX_FLAGS_MASK;

/* Scheduling flags are one of spin/yield/blocking-sync (or auto). */
static bool rt_ctx_flags_ok(unsigned flags) {
  unsigned sched = flags & CU_CTX_SCHED_MASK;
  return !(flags & ~rt_ctx_known_flags) &&
         (sched == 0 || sched == CU_CTX_SCHED_SPIN || sched == CU_CTX_SCHED_YIELD ||
          sched == CU_CTX_SCHED_BLOCKING_SYNC);
}

/* ---- the primary context ------------------------------------------------------------ */

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  CUresult r = rt_cu_check_device(dev);
  if (r != CUDA_SUCCESS) return r;
  if (!pctx) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_context_primary_retain();
  *pctx = (CUcontext)(void *)rt_context_primary();
  return rt_cu_leave(CUDA_SUCCESS);
}

CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
  CUresult r = rt_cu_check_device(dev);
  if (r != CUDA_SUCCESS) return r;
  rt_enter();
  return rt_cu_leave(rt_context_primary_release() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT);
}

/* "Destroys all allocations and resets all state on the primary context":
 * the runtime's cudaDeviceReset, the same work on the one device. */
CUresult cuDevicePrimaryCtxReset(CUdevice dev) {
  CUresult r = rt_cu_check_device(dev);
  if (r != CUDA_SUCCESS) return r;
  rt_enter();
  rt_reset();
  rt_context_primary_reset();
  return rt_cu_leave(CUDA_SUCCESS);
}

CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
  CUresult r = rt_cu_check_device(dev);
  if (r != CUDA_SUCCESS) return r;
  if (!flags || !active) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  *flags = rt_context_flags(rt_context_primary());
  *active = rt_context_primary_active();
  return rt_cu_leave(CUDA_SUCCESS);
}

CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags) {
  CUresult r = rt_cu_check_device(dev);
  if (r != CUDA_SUCCESS) return r;
  if (!rt_ctx_flags_ok(flags)) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_context_set_flags(rt_context_primary(), flags);
  return rt_cu_leave(CUDA_SUCCESS);
}

/* ---- created contexts --------------------------------------------------------------- */

/* CUDA 13's cuCtxCreate (v4): ctxCreateParams may be NULL; execution
 * affinity and CIG sharing are not offered (one device, no partitions). */
CUresult cuCtxCreate(CUcontext *pctx, CUctxCreateParams *ctxCreateParams, unsigned int flags,
                     CUdevice dev) {
  CUresult r = rt_cu_check_device(dev);
  if (r != CUDA_SUCCESS) return r;
  if (!pctx || !rt_ctx_flags_ok(flags)) return CUDA_ERROR_INVALID_VALUE;
  if (ctxCreateParams && (ctxCreateParams->execAffinityParams ||
                          ctxCreateParams->numExecAffinityParams || ctxCreateParams->cigParams))
    return CUDA_ERROR_NOT_SUPPORTED;
  rt_enter();
  rt_ctx *ctx = NULL;
  cudaError_t e = rt_context_create(flags, &ctx);
  if (e == cudaSuccess && !rt_context_push(ctx)) {
    rt_context_destroy(ctx);
    e = cudaErrorMemoryAllocation;
  }
  if (e == cudaSuccess) *pctx = (CUcontext)(void *)ctx;
  return rt_cu_leave(rt_cu_result(e));
}

/* A live created context destroyed (lock held): cuCtxDestroy's work, and
 * cuCtxDetach's when the usage count reaches 0. */
static void rt_cu_context_destroy(rt_ctx *c) {
  rt_wait_all(); /* "blocks until the context's work is done" */
  /* CUDA frees what the context owns: its streams and events, the modules
   * loaded in it, its arrays and texture and surface objects, its allocations
   * (core_stream.c, core_module.c, core_texture.c, core_memory.c) */
  rt_stream_destroy_owned(c);
  rt_module_unload_owned(c);
  rt_device *d = rt_device_current();
  if (d) rt_texture_destroy_owned(d, c);
  if (d) rt_memory_free_owned(d, c);
  rt_coredump_forget(c);
  rt_context_destroy(c);
}

CUresult cuCtxDestroy(CUcontext ctx) {
  RT_CU_CHECK_INIT();
  if (!ctx) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_ctx *c = (rt_ctx *)(void *)ctx;
  CUresult r = CUDA_SUCCESS;
  if (c == rt_context_primary())
    r = CUDA_ERROR_INVALID_CONTEXT; /* the primary context is released, not destroyed */
  else if (!rt_context_valid(c))
    r = CUDA_ERROR_INVALID_CONTEXT;
  else
    rt_cu_context_destroy(c);
  return rt_cu_leave(r);
}

/* ---- the current-context stack ------------------------------------------------------ */

CUresult cuCtxPushCurrent(CUcontext ctx) {
  RT_CU_CHECK_INIT();
  rt_enter();
  rt_ctx *c = (rt_ctx *)(void *)ctx;
  CUresult r = CUDA_SUCCESS;
  if (!c)
    r = CUDA_ERROR_INVALID_VALUE; /* H200, CUDA 13, 2026-12-01: NULL is a bad value */
  else if (!rt_context_valid(c))
    r = CUDA_ERROR_INVALID_CONTEXT;
  else if (!rt_context_push(c))
    r = CUDA_ERROR_OUT_OF_MEMORY;
  return rt_cu_leave(r);
}

CUresult cuCtxPopCurrent(CUcontext *pctx) {
  RT_CU_CHECK_INIT();
  rt_enter();
  rt_ctx *c = rt_context_pop();
  if (pctx) *pctx = (CUcontext)(void *)c;
  return rt_cu_leave(c ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT);
}

CUresult cuCtxSetCurrent(CUcontext ctx) {
  RT_CU_CHECK_INIT();
  rt_enter();
  rt_ctx *c = (rt_ctx *)(void *)ctx;
  CUresult r = CUDA_SUCCESS;
  if (c && !rt_context_valid(c))
    r = CUDA_ERROR_INVALID_CONTEXT;
  else
    rt_context_set(c);
  return rt_cu_leave(r);
}

CUresult cuCtxGetCurrent(CUcontext *pctx) {
  RT_CU_CHECK_INIT();
  if (!pctx) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  *pctx = (CUcontext)(void *)rt_context_current();
  return rt_cu_leave(CUDA_SUCCESS);
}

CUresult cuCtxGetDevice(CUdevice *device) {
  if (!device)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) *device = 0;
  return rt_cu_leave(r);
}

CUresult cuCtxGetFlags(unsigned int *flags) {
  if (!flags)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) *flags = rt_context_flags(rt_context_current());
  return rt_cu_leave(r);
}

CUresult cuCtxSetFlags(unsigned int flags) {
  if (!rt_ctx_flags_ok(flags))
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) rt_context_set_flags(rt_context_current(), flags);
  return rt_cu_leave(r);
}

CUresult cuCtxSynchronize(void) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) {
    cudaError_t e = rt_sticky_error();
    if (e == cudaSuccess && rt_device_current()) e = rt_wait_all();
    rt_services_flush(); /* device printf's output, as CUDA flushes it here */
    r = rt_cu_result(e);
  }
  return rt_cu_leave(r);
}

/* The API version of a context: 3020, what CUDA has reported for every
 * context since the v2 API (CUDA 3.2). */
CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) {
  RT_CU_CHECK_INIT();
  if (!version) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_ctx *c = ctx ? (rt_ctx *)(void *)ctx : rt_context_current();
  CUresult r = c && rt_context_valid(c) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
  if (r == CUDA_SUCCESS) *version = 3020;
  return rt_cu_leave(r);
}

/* Limits are the device's (one device), the core's record that the runtime's
 * cudaDeviceGet/SetLimit share (core_services.c). A CUlimit that CUDA 13
 * does not define is a bad value (H200, CUDA 13, 2026-12-01:
 * cuCtxGetLimit(0x7f) gives CUDA_ERROR_INVALID_VALUE); one it defines that
 * Anchor does not keep is CUDA_ERROR_UNSUPPORTED_LIMIT. */
static CUresult rt_cu_limit_check(CUlimit limit) {
  if ((int)limit < 0 || limit >= CU_LIMIT_MAX) return CUDA_ERROR_INVALID_VALUE;
  return rt_limit_kept((enum cudaLimit)limit) ? CUDA_SUCCESS : CUDA_ERROR_UNSUPPORTED_LIMIT;
}

CUresult cuCtxGetLimit(size_t *pvalue, CUlimit limit) {
  if (!pvalue)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) r = rt_cu_limit_check(limit);
  if (r == CUDA_SUCCESS) *pvalue = rt_limit_get((enum cudaLimit)limit);
  return rt_cu_leave(r);
}

CUresult cuCtxSetLimit(CUlimit limit, size_t value) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) r = rt_cu_limit_check(limit);
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_limit_set((enum cudaLimit)limit, value));
  return rt_cu_leave(r);
}

/* One queue, no priorities: [0, 0], as the runtime reports. */
CUresult cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) {
    if (leastPriority) *leastPriority = RT_STREAM_PRIORITY_LEAST;
    if (greatestPriority) *greatestPriority = RT_STREAM_PRIORITY_GREATEST;
  }
  return rt_cu_leave(r);
}

/* A preference without effect on Metal (threadgroup memory and cache are not
 * traded): recorded and answered. */
static CUfunc_cache rt_cu_cache_config = CU_FUNC_CACHE_PREFER_NONE;

CUresult cuCtxGetCacheConfig(CUfunc_cache *pconfig) {
  if (!pconfig)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) *pconfig = rt_cu_cache_config;
  return rt_cu_leave(r);
}

CUresult cuCtxSetCacheConfig(CUfunc_cache config) {
  if ((unsigned)config > CU_FUNC_CACHE_PREFER_EQUAL)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) rt_cu_cache_config = config;
  return rt_cu_leave(r);
}

/* ---- more of contexts (issue 9) ------------------------------------------------------ */

/* A context argument of CUDA 12/13's calls: NULL means the calling thread's
 * current context (none: CUDA_ERROR_INVALID_CONTEXT); else a live one. */
static CUresult rt_cu_context_arg(CUcontext ctx, rt_ctx **out) {
  rt_ctx *c = ctx ? (rt_ctx *)(void *)ctx : rt_context_current();
  if (!c || !rt_context_valid(c)) return CUDA_ERROR_INVALID_CONTEXT;
  *out = c;
  return CUDA_SUCCESS;
}

/* Unique in the process: 1 the primary context, then in order of creation. */
CUresult cuCtxGetId(CUcontext ctx, unsigned long long *ctxId) {
  CUresult r = rt_cu_enter_initialised();
  rt_ctx *c = NULL;
  if (r == CUDA_SUCCESS && !ctxId) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_context_arg(ctx, &c);
  if (r == CUDA_SUCCESS) *ctxId = rt_context_id(c);
  return rt_cu_leave(r);
}

CUresult cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx) {
  CUresult r = rt_cu_enter_initialised();
  rt_ctx *c = NULL;
  if (r == CUDA_SUCCESS && !device) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_context_arg(ctx, &c);
  if (r == CUDA_SUCCESS) *device = 0; /* every context is the one device's */
  return rt_cu_leave(r);
}

/* Every context shares the one device's streams: the whole device. */
CUresult cuCtxSynchronize_v2(CUcontext ctx) {
  CUresult r = rt_cu_enter_initialised();
  rt_ctx *c = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_context_arg(ctx, &c);
  if (r == CUDA_SUCCESS) {
    cudaError_t e = rt_sticky_error();
    if (e == cudaSuccess && rt_device_current()) e = rt_wait_all();
    rt_services_flush();
    r = rt_cu_result(e);
  }
  return rt_cu_leave(r);
}

/* Shared-memory bank size (deprecated): Apple GPUs' threadgroup memory has no
 * configurable banks; 4-byte banks are reported and a setting is accepted, as
 * CUDA does on GPUs with fixed banks. */
CUresult cuCtxGetSharedMemConfig(CUsharedconfig *pConfig) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !pConfig) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) *pConfig = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
  return rt_cu_leave(r);
}

CUresult cuCtxSetSharedMemConfig(CUsharedconfig config) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (unsigned)config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    r = CUDA_ERROR_INVALID_VALUE;
  return rt_cu_leave(r);
}

/* Peer access between contexts: every context is the one device's, which is
 * never its own peer (the runtime's cudaDeviceEnablePeerAccess(0) on the H200:
 * cudaErrorPeerAccessUnsupported; disabling: cudaErrorPeerAccessNotEnabled). */
CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && Flags != 0) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && (!peerContext || !rt_context_valid((rt_ctx *)(void *)peerContext)))
    r = CUDA_ERROR_INVALID_CONTEXT;
  if (r == CUDA_SUCCESS) r = CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
  return rt_cu_leave(r);
}

CUresult cuCtxDisablePeerAccess(CUcontext peerContext) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!peerContext || !rt_context_valid((rt_ctx *)(void *)peerContext)))
    r = CUDA_ERROR_INVALID_CONTEXT;
  if (r == CUDA_SUCCESS) r = CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
  return rt_cu_leave(r);
}

/* No context is limited to part of the device (no affinity can be set:
 * cuDeviceGetExecAffinitySupport 0, cuCtxCreate refuses affinity parameters), so
 * every context may use all of it: CU_EXEC_AFFINITY_TYPE_SM_COUNT is the
 * device's multiprocessor count (an H100, CUDA 13: CUDA_SUCCESS for a context
 * without an affinity). */
CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity, CUexecAffinityType type) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!pExecAffinity || (unsigned)type >= CU_EXEC_AFFINITY_TYPE_MAX))
    r = CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_device_properties(0, &p));
  if (r == CUDA_SUCCESS) {
    memset(pExecAffinity, 0, sizeof *pExecAffinity);
    pExecAffinity->type = CU_EXEC_AFFINITY_TYPE_SM_COUNT;
    pExecAffinity->param.smCount.val = (unsigned)p.multiProcessorCount;
  }
  return rt_cu_leave(r);
}

/* ---- usage counts (deprecated) ------------------------------------------------------- */

/* "Increments the usage count of the context and passes back a context handle
 * ... fails if there is no context current"; flags must be 0. */
CUresult cuCtxAttach(CUcontext *pctx, unsigned int flags) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!pctx || flags != 0)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    rt_ctx *c = rt_context_current();
    rt_context_attach(c);
    *pctx = (CUcontext)(void *)c;
  }
  return rt_cu_leave(r);
}

/* "Decrements the usage count of the context ctx, and destroys the context if
 * the usage count goes to 0. The context must be a handle that was passed back
 * by cuCtxCreate() or cuCtxAttach(), and must be current to the calling
 * thread." A created context starts at 1 (its cuCtxCreate); the primary
 * context counts only its attaches and is never destroyed. */
CUresult cuCtxDetach(CUcontext ctx) {
  RT_CU_CHECK_INIT();
  rt_enter();
  rt_ctx *c = (rt_ctx *)(void *)ctx;
  CUresult r = CUDA_SUCCESS;
  if (!c || !rt_context_valid(c) || c != rt_context_current())
    r = CUDA_ERROR_INVALID_CONTEXT;
  else {
    int left = rt_context_detach(c);
    if (left < 0)
      r = CUDA_ERROR_INVALID_CONTEXT; /* not attached (the primary context) */
    else if (left == 0 && c != rt_context_primary())
      rt_cu_context_destroy(c);
  }
  return rt_cu_leave(r);
}

/* ---- context-wide events (CUDA 12.5) ------------------------------------------------- */

/* The streams of ctx (its own, and the default streams every context shares:
 * rt_stream_context_streams), in a malloc'd array; CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
 * when one of them is capturing, as CUDA documents. */
static CUresult rt_cu_context_streams(rt_ctx *c, cudaStream_t **out, size_t *count) {
  const rt_ctx *owner = c == rt_context_primary() ? NULL : c;
  size_t n = rt_stream_context_streams(owner, NULL, 0);
  cudaStream_t *streams = malloc(n * sizeof *streams);
  if (!streams) return CUDA_ERROR_OUT_OF_MEMORY;
  rt_stream_context_streams(owner, streams, n);
  for (size_t i = 0; i < n; i++)
    if (rt_capture_status(streams[i], NULL, NULL, NULL, NULL) != cudaStreamCaptureStatusNone) {
      free(streams);
      return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
    }
  *out = streams;
  *count = n;
  return CUDA_SUCCESS;
}

/* "Captures in hEvent all the activities of the context hCtx at the time of
 * this call": the event completes when the work queued so far on every
 * stream of the context has (rt_event_record_streams: no stream's order
 * changes). */
CUresult cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  rt_ctx *c = NULL;
  cudaEvent_t event = (cudaEvent_t)(void *)hEvent;
  if (r == CUDA_SUCCESS) r = rt_cu_context_arg(hCtx, &c);
  if (r == CUDA_SUCCESS && !rt_event_valid(event)) r = CUDA_ERROR_INVALID_HANDLE;
  cudaStream_t *streams = NULL;
  size_t count = 0;
  if (r == CUDA_SUCCESS) r = rt_cu_context_streams(c, &streams, &count);
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_event_record_streams(d, event, streams, count));
  free(streams);
  return rt_cu_leave(r);
}

/* "Makes all future work submitted to context hCtx wait for all work captured
 * in hEvent", GPU-side: every stream of the context waits for it (as
 * cuStreamWaitEvent), and a stream made in the context later waits for it
 * before its first work (rt_stream_context_wait). */
CUresult cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  rt_ctx *c = NULL;
  cudaEvent_t event = (cudaEvent_t)(void *)hEvent;
  if (r == CUDA_SUCCESS) r = rt_cu_context_arg(hCtx, &c);
  if (r == CUDA_SUCCESS && !rt_event_valid(event)) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && rt_capture_event_captured(event))
    r = CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  cudaStream_t *streams = NULL;
  size_t count = 0;
  if (r == CUDA_SUCCESS) r = rt_cu_context_streams(c, &streams, &count);
  for (size_t i = 0; r == CUDA_SUCCESS && i < count; i++)
    r = rt_cu_result(rt_stream_wait_event(d, streams[i], event));
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_stream_context_wait(c == rt_context_primary() ? NULL : c, event));
  free(streams);
  return rt_cu_leave(r);
}
