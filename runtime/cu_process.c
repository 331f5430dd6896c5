/* runtime/cu_process.c — the driver API's process-wide services: export tables,
 * checkpoint states, GPU core-dump settings (kept by the core, core_coredump.c)
 * and GPUDirect RDMA flushes. Anchor exports no internal tables, cannot be
 * checkpointed (cuCheckpointProcessLock & co. are not supported), writes no GPU
 * core dumps and has no RDMA writes (docs/runtime.md, "Driver API"). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cu_internal.h"

/* "Export tables" are NVIDIA's internal interfaces, looked up by id: Anchor
 * has none, so every id is unknown (an H100, CUDA 13: an all-zero id is
 * CUDA_ERROR_INVALID_VALUE). */
CUresult cuGetExportTable(const void **ppExportTable, const CUuuid *pExportTableId) {
  RT_CU_CHECK_INIT();
  (void)ppExportTable, (void)pExportTableId; /* NULL or not: no table to give */
  rt_enter();
  return rt_cu_leave(CUDA_ERROR_INVALID_VALUE);
}

/* The process's own state: running (it can be neither locked nor checkpointed:
 * cuCheckpointProcessLock/Checkpoint are not supported). Another process is
 * none that this driver knows: CUDA_ERROR_INVALID_VALUE. */
CUresult cuCheckpointProcessGetState(int pid, CUprocessState *state) {
  RT_CU_CHECK_INIT();
  CUresult r = CUDA_SUCCESS;
  if (!state || pid != (int)getpid())
    r = CUDA_ERROR_INVALID_VALUE;
  else
    *state = CU_PROCESS_STATE_RUNNING;
  rt_enter();
  return rt_cu_leave(r);
}

/* No GPUDirect RDMA writes reach Metal memory, so there is nothing to flush:
 * the arguments are checked as CUDA's enums allow, and a context must be
 * current (an H100, CUDA 13: CUDA_SUCCESS for the current context, to owner). */
CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target,
                                    CUflushGPUDirectRDMAWritesScope scope) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (target != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX ||
                            (scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER &&
                             scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES)))
    r = CUDA_ERROR_INVALID_VALUE;
  return rt_cu_leave(r);
}

/* ---- GPU core-dump settings ----------------------------------------------------------- */

/* The attributes' kinds: CUDA's bools are one byte, the generation flags an
 * int, the file and pipe strings of up to 1023 characters. */
typedef enum { RT_DUMP_BOOL, RT_DUMP_INT, RT_DUMP_STRING } rt_dump_kind;

static rt_dump_kind rt_dump_kind_of(CUcoredumpSettings attrib) {
  switch (attrib) {
  case CU_COREDUMP_FILE:
  case CU_COREDUMP_PIPE: return RT_DUMP_STRING;
  case CU_COREDUMP_GENERATION_FLAGS: return RT_DUMP_INT;
  default: return RT_DUMP_BOOL;
  }
}

static bool rt_dump_attrib_ok(CUcoredumpSettings attrib) {
  return attrib >= CU_COREDUMP_ENABLE_ON_EXCEPTION && attrib < CU_COREDUMP_MAX;
}

/* The value of attrib when none was set: CUDA's documented defaults (the
 * host trigger on, the other bools off, flags 0, core.cuda.HOSTNAME.PID and
 * corepipe.cuda.HOSTNAME.PID). */
static size_t rt_dump_default(CUcoredumpSettings attrib, unsigned char *out) {
  switch (rt_dump_kind_of(attrib)) {
  case RT_DUMP_BOOL: out[0] = attrib == CU_COREDUMP_TRIGGER_HOST; return 1;
  case RT_DUMP_INT: memset(out, 0, sizeof(int)); return sizeof(int);
  default: break;
  }
  char host[256] = "";
  if (gethostname(host, sizeof host - 1) != 0) host[0] = 0;
  int n = snprintf((char *)out, RT_COREDUMP_VALUE_MAX, "%s.cuda.%s.%d",
                   attrib == CU_COREDUMP_FILE ? "core" : "corepipe", host, (int)getpid());
  return n < 0 ? 1 : (size_t)n + 1 > RT_COREDUMP_VALUE_MAX ? RT_COREDUMP_VALUE_MAX : (size_t)n + 1;
}

/* cuCoredumpGetAttribute{,Global}'s work (lock held; ctx NULL: the process's):
 * value NULL asks for the size (a string's: its length and the NUL); a bool's or
 * the flags' *size must be exactly theirs, a string's at least its own. */
static CUresult rt_dump_get(const rt_ctx *ctx, CUcoredumpSettings attrib, void *value,
                            size_t *size) {
  if (!rt_dump_attrib_ok(attrib) || !size) return CUDA_ERROR_INVALID_VALUE;
  unsigned char current[RT_COREDUMP_VALUE_MAX];
  size_t have = sizeof current;
  if (!rt_coredump_get(ctx, (unsigned)attrib, current, &have))
    have = rt_dump_default(attrib, current);
  if (!value) {
    *size = have;
    return CUDA_SUCCESS;
  }
  if (rt_dump_kind_of(attrib) == RT_DUMP_STRING ? *size < have : *size != have)
    return CUDA_ERROR_INVALID_VALUE;
  memcpy(value, current, have);
  return CUDA_SUCCESS;
}

/* cuCoredumpSetAttribute{,Global}'s work (lock held). Anchor writes no GPU core
 * dumps: enabling one (on exceptions, or by the user's pipe) is
 * CUDA_ERROR_NOT_SUPPORTED, turning it off succeeds; the other settings only
 * shape a dump, and are kept. A context cannot set the user trigger or its pipe
 * ("cannot be set on a per-context basis"): CUDA_ERROR_NOT_PERMITTED. */
static CUresult rt_dump_set(const rt_ctx *ctx, bool global, CUcoredumpSettings attrib, void *value,
                            size_t *size) {
  if (!rt_dump_attrib_ok(attrib) || !size) return CUDA_ERROR_INVALID_VALUE;
  rt_dump_kind kind = rt_dump_kind_of(attrib);
  if (!value) { /* the size a value of attrib takes */
    *size = kind == RT_DUMP_BOOL ? 1 : kind == RT_DUMP_INT ? sizeof(int) : RT_COREDUMP_VALUE_MAX;
    return CUDA_SUCCESS;
  }
  if (!global && (attrib == CU_COREDUMP_ENABLE_USER_TRIGGER || attrib == CU_COREDUMP_PIPE))
    return CUDA_ERROR_NOT_PERMITTED;
  size_t bytes = *size;
  unsigned char stored[RT_COREDUMP_VALUE_MAX];
  switch (kind) {
  case RT_DUMP_BOOL:
    if (bytes != 1) return CUDA_ERROR_INVALID_VALUE;
    stored[0] = *(const unsigned char *)value != 0;
    if (stored[0] &&
        (attrib == CU_COREDUMP_ENABLE_ON_EXCEPTION || attrib == CU_COREDUMP_ENABLE_USER_TRIGGER))
      return CUDA_ERROR_NOT_SUPPORTED;
    break;
  case RT_DUMP_INT: {
    int flags;
    if (bytes != sizeof flags) return CUDA_ERROR_INVALID_VALUE;
    memcpy(&flags, value, sizeof flags);
    const int known = CU_COREDUMP_LIGHTWEIGHT_FLAGS | CU_COREDUMP_SKIP_ABORT;
    if (flags & ~known) return CUDA_ERROR_INVALID_VALUE;
    memcpy(stored, &flags, sizeof flags);
    break;
  }
  default: {
    size_t length =
        strnlen((const char *)value, bytes < RT_COREDUMP_VALUE_MAX ? bytes : RT_COREDUMP_VALUE_MAX);
    if (length == 0 || length >= bytes || length >= RT_COREDUMP_VALUE_MAX)
      return CUDA_ERROR_INVALID_VALUE; /* empty, unterminated or over 1023 characters */
    bytes = length + 1;
    memcpy(stored, value, bytes);
    break;
  }
  }
  return rt_cu_result(rt_coredump_put(ctx, (unsigned)attrib, stored, bytes));
}

CUresult cuCoredumpGetAttribute(CUcoredumpSettings attrib, void *value, size_t *size) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) r = rt_dump_get(rt_context_current(), attrib, value, size);
  return rt_cu_leave(r);
}

CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings attrib, void *value, size_t *size) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS) r = rt_dump_get(NULL, attrib, value, size);
  return rt_cu_leave(r);
}

CUresult cuCoredumpSetAttribute(CUcoredumpSettings attrib, void *value, size_t *size) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS) r = rt_dump_set(rt_context_current(), false, attrib, value, size);
  return rt_cu_leave(r);
}

CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings attrib, void *value, size_t *size) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS) r = rt_dump_set(NULL, true, attrib, value, size);
  return rt_cu_leave(r);
}
