/* runtime/core_context.c — the driver API's contexts: the primary context,
 * created contexts and the per-thread current-context stack.
 *
 * Anchor has one Metal device and one arena (docs/design.md), so every
 * context, primary or created, shares the core's device; what a context is
 * here is its handle, its flags and its place on each thread's stack. What a
 * created context owns (allocations, modules, streams, events: CUDA frees
 * them with it) is marked with it where they are made (rt_context_owner),
 * and cuCtxDestroy frees them through the core file of each. The runtime API uses the
 * primary context, made current on a thread whose stack is empty when that
 * thread calls the runtime (rt_device_take_runtime_entry), as CUDA's runtime
 * does. Everything runs with the lock held except where noted. */
#include <assert.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core.h"

enum { RT_CONTEXT_DEPTH = 64 };

struct rt_ctx {
  rt_ctx *next; /* created contexts, live */
  unsigned flags;
  bool primary;
  unsigned long long id; /* unique in the process (cuCtxGetId) */
  unsigned usage;        /* cuCtxAttach's usage count: 1 at cuCtxCreate (primary: attaches) */
};

static rt_ctx rt_primary = {NULL, 0, true, 1, 0};
static unsigned long long rt_last_id = 1;
static unsigned rt_primary_retains;
static bool rt_primary_used; /* made current through the runtime */
static rt_ctx *rt_created;

static _Thread_local rt_ctx *rt_stack[RT_CONTEXT_DEPTH];
static _Thread_local int rt_depth;

rt_ctx *rt_context_primary(void) {
  return &rt_primary;
}

cudaError_t rt_context_create(unsigned flags, rt_ctx **out) {
  assert(rt_lock_held() && out);
  rt_ctx *ctx = calloc(1, sizeof *ctx);
  if (!ctx) return cudaErrorMemoryAllocation;
  ctx->flags = flags;
  ctx->usage = 1;
  ctx->id = ++rt_last_id;
  ctx->next = rt_created;
  rt_created = ctx;
  *out = ctx;
  return cudaSuccess;
}

unsigned long long rt_context_id(const rt_ctx *ctx) {
  assert(ctx);
  return ctx->id;
}

bool rt_context_valid(const rt_ctx *ctx) {
  assert(rt_lock_held());
  if (ctx == &rt_primary) return true;
  for (const rt_ctx *c = rt_created; c; c = c->next)
    if (c == ctx) return true;
  return false;
}

bool rt_context_destroy(rt_ctx *ctx) {
  assert(rt_lock_held());
  if (!ctx || ctx == &rt_primary) return false;
  for (rt_ctx **p = &rt_created; *p; p = &(*p)->next)
    if (*p == ctx) {
      *p = ctx->next;
      /* "If the context is current to the calling thread, it is popped." */
      int kept = 0;
      for (int i = 0; i < rt_depth; i++)
        if (rt_stack[i] != ctx) rt_stack[kept++] = rt_stack[i];
      rt_depth = kept;
      rt_handle_retire(ctx); /* a destroyed handle stays unknown a while (retire.c) */
      return true;
    }
  return false;
}

const rt_ctx *rt_context_owner(void) {
  assert(rt_lock_held());
  const rt_ctx *top = rt_depth ? rt_stack[rt_depth - 1] : NULL;
  return top && top != &rt_primary && rt_context_valid(top) ? top : NULL;
}

/* The runtime's use of this thread: the primary context becomes current on
 * an empty stack. */
static void rt_context_bind_runtime(void) {
  if (!rt_device_take_runtime_entry() || rt_depth > 0) return;
  rt_stack[rt_depth++] = &rt_primary;
  rt_primary_used = true;
}

rt_ctx *rt_context_current(void) {
  assert(rt_lock_held());
  rt_context_bind_runtime();
  if (rt_depth == 0) return NULL;
  rt_ctx *top = rt_stack[rt_depth - 1];
  return rt_context_valid(top) ? top : NULL;
}

bool rt_context_push(rt_ctx *ctx) {
  assert(rt_lock_held() && ctx);
  rt_context_bind_runtime();
  if (rt_depth == RT_CONTEXT_DEPTH) return false;
  rt_stack[rt_depth++] = ctx;
  return true;
}

rt_ctx *rt_context_pop(void) {
  assert(rt_lock_held());
  rt_context_bind_runtime();
  return rt_depth ? rt_stack[--rt_depth] : NULL;
}

void rt_context_set(rt_ctx *ctx) {
  assert(rt_lock_held());
  rt_context_bind_runtime();
  if (!ctx) {
    if (rt_depth) rt_depth--;
  } else if (rt_depth) {
    rt_stack[rt_depth - 1] = ctx;
  } else {
    rt_stack[rt_depth++] = ctx;
  }
}

unsigned rt_context_flags(const rt_ctx *ctx) {
  assert(ctx);
  return ctx->flags;
}

void rt_context_set_flags(rt_ctx *ctx, unsigned flags) {
  assert(ctx);
  ctx->flags = flags;
}

void rt_context_attach(rt_ctx *ctx) {
  assert(rt_lock_held() && rt_context_valid(ctx));
  ctx->usage++;
}

int rt_context_detach(rt_ctx *ctx) {
  assert(rt_lock_held() && rt_context_valid(ctx));
  if (ctx->usage == 0) return -1; /* the primary context, never attached */
  return (int)--ctx->usage;
}

unsigned rt_context_primary_retain(void) {
  assert(rt_lock_held());
  return ++rt_primary_retains;
}

bool rt_context_primary_release(void) {
  assert(rt_lock_held());
  if (rt_primary_retains == 0) return false;
  rt_primary_retains--;
  return true;
}

bool rt_context_primary_active(void) {
  assert(rt_lock_held());
  return rt_primary_retains > 0 || rt_primary_used;
}

void rt_context_primary_reset(void) {
  assert(rt_lock_held());
  rt_primary.flags = 0;
  rt_primary_used = false;
}

/* cuInit's success, process-wide (no lock: an atomic). */
static atomic_bool rt_driver_initialised;

void rt_context_mark_initialised(void) {
  atomic_store(&rt_driver_initialised, true);
}

bool rt_context_initialised(void) {
  return atomic_load(&rt_driver_initialised);
}
