/* runtime/core_capture.c — stream capture (docs/runtime.md, "Graphs").
 *
 * A capture sequence records into a graph (core_graph.c) instead of
 * executing. Its state lives here, keyed by handle: each capturing stream
 * has its capture and its current dependency set (the nodes the next
 * captured operation depends on); each event recorded in a capturing
 * stream keeps the dependency set of that moment, so a stream that waits on
 * it joins the capture with those dependencies (fork/join across streams).
 * The enqueueing calls of the API files ask rt_capture_node first; the
 * calls that are unsafe during capture ask rt_capture_unsafe or
 * rt_capture_sync, which refuse (and invalidate the capture) as CUDA does.
 * The calling thread's capture-interaction mode is thread-local. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

typedef struct {
  cudaGraph_t graph;
  bool own_graph; /* made by cudaStreamBeginCapture (else the caller's) */
  enum cudaStreamCaptureMode mode;
  cudaStream_t origin;
  const void *thread; /* the beginning thread's token */
  bool invalidated;
  unsigned long long id;
  int references; /* streams and events that point here */
} rt_capture;

typedef struct {
  cudaGraphNode_t *items;
  size_t count, allocated;
} rt_node_set;

typedef struct {
  const void *key; /* stream or event */
  rt_capture *capture;
  rt_node_set dependencies;
} rt_member;

typedef struct {
  rt_member *items;
  size_t count, allocated;
} rt_members;

static rt_members rt_capturing_streams, rt_captured_events;
static unsigned long long rt_next_capture_id = 1;
static _Thread_local enum cudaStreamCaptureMode rt_thread_mode = cudaStreamCaptureModeGlobal;
static _Thread_local char rt_thread_token;

static bool rt_set_add(rt_node_set *s, cudaGraphNode_t n) {
  for (size_t i = 0; i < s->count; i++)
    if (s->items[i] == n) return true;
  if (s->count == s->allocated) {
    size_t grown = s->allocated ? s->allocated * 2 : 4;
    cudaGraphNode_t *items = realloc(s->items, grown * sizeof *items);
    if (!items) return false;
    s->items = items;
    s->allocated = grown;
  }
  s->items[s->count++] = n;
  return true;
}

static rt_member *rt_member_find(rt_members *m, const void *key) {
  for (size_t i = 0; i < m->count; i++)
    if (m->items[i].key == key) return &m->items[i];
  return NULL;
}

static void rt_capture_release(rt_capture *c) {
  if (--c->references > 0) return;
  if (c->own_graph && rt_graph_valid(c->graph)) rt_graph_destroy(c->graph);
  free(c);
}

static void rt_member_remove(rt_members *m, const void *key) {
  rt_member *x = rt_member_find(m, key);
  if (!x) return;
  free(x->dependencies.items);
  rt_capture_release(x->capture);
  *x = m->items[--m->count];
}

static rt_member *rt_member_add(rt_members *m, const void *key, rt_capture *c) {
  if (m->count == m->allocated) {
    size_t grown = m->allocated ? m->allocated * 2 : 8;
    rt_member *items = realloc(m->items, grown * sizeof *items);
    if (!items) return NULL;
    m->items = items;
    m->allocated = grown;
  }
  rt_member *x = &m->items[m->count++];
  *x = (rt_member){key, c, {NULL, 0, 0}};
  c->references++;
  return x;
}

static bool rt_legacy(cudaStream_t stream) {
  return stream == NULL || stream == cudaStreamLegacy;
}

/* Whether legacy-stream work would depend implicitly on a capture: a
 * capturing stream that synchronises with the legacy stream. */
static bool rt_implicit_dependency(void) {
  for (size_t i = 0; i < rt_capturing_streams.count; i++) {
    cudaStream_t s = (cudaStream_t)rt_capturing_streams.items[i].key;
    if (s != cudaStreamPerThread && !(rt_stream_flags(s) & cudaStreamNonBlocking)) return true;
  }
  return false;
}

static void rt_invalidate_implicit(void) {
  for (size_t i = 0; i < rt_capturing_streams.count; i++) {
    cudaStream_t s = (cudaStream_t)rt_capturing_streams.items[i].key;
    if (s != cudaStreamPerThread && !(rt_stream_flags(s) & cudaStreamNonBlocking))
      rt_capturing_streams.items[i].capture->invalidated = true;
  }
}

/* params as a node of s's capture after s's dependencies, which it then replaces. */
static cudaError_t rt_capture_add(rt_member *s, struct cudaGraphNodeParams *params) {
  if (!rt_graph_valid(s->capture->graph)) s->capture->invalidated = true; /* destroyed */
  if (s->capture->invalidated) return cudaErrorStreamCaptureInvalidated;
  cudaGraphNode_t node;
  cudaError_t e = rt_graph_add_node(s->capture->graph, s->dependencies.items, s->dependencies.count,
                                    params, &node);
  if (e != cudaSuccess) {
    s->capture->invalidated = true; /* CUDA: an error during capture invalidates it */
    return e;
  }
  s->dependencies.count = 0;
  return rt_set_add(&s->dependencies, node) ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t rt_capture_node(cudaStream_t stream, struct cudaGraphNodeParams *params,
                            bool *captured) {
  assert(rt_lock_held() && params && captured);
  *captured = false;
  if (rt_legacy(stream)) {
    if (params->type == cudaGraphNodeTypeEventRecord)
      rt_member_remove(&rt_captured_events, params->eventRecord.event);
    if (!rt_implicit_dependency()) return cudaSuccess;
    rt_invalidate_implicit();
    return cudaErrorStreamCaptureImplicit;
  }
  rt_member *s = rt_member_find(&rt_capturing_streams, stream);
  if (params->type == cudaGraphNodeTypeEventRecord) {
    rt_member_remove(&rt_captured_events, params->eventRecord.event);
    if (!s) return cudaSuccess; /* an ordinary record */
    *captured = true;
    if (s->capture->invalidated) return cudaErrorStreamCaptureInvalidated;
    rt_member *ev = rt_member_add(&rt_captured_events, params->eventRecord.event, s->capture);
    for (size_t i = 0; ev && i < s->dependencies.count; i++)
      if (!rt_set_add(&ev->dependencies, s->dependencies.items[i])) ev = NULL;
    return ev ? cudaSuccess : cudaErrorMemoryAllocation;
  }
  if (params->type == cudaGraphNodeTypeWaitEvent) {
    rt_member *ev = rt_member_find(&rt_captured_events, params->eventWait.event);
    if (!ev) return s && s->capture->invalidated ? cudaErrorStreamCaptureInvalidated : cudaSuccess;
    *captured = true;
    if (ev->capture->invalidated) return cudaErrorStreamCaptureInvalidated;
    if (s && s->capture != ev->capture) return cudaErrorStreamCaptureMerge;
    if (!s) { /* the stream joins the capture */
      s = rt_member_add(&rt_capturing_streams, stream, ev->capture);
      ev = rt_member_find(&rt_captured_events, params->eventWait.event);
      if (!s) return cudaErrorMemoryAllocation;
    }
    for (size_t i = 0; i < ev->dependencies.count; i++)
      if (!rt_set_add(&s->dependencies, ev->dependencies.items[i]))
        return cudaErrorMemoryAllocation;
    return cudaSuccess;
  }
  if (!s) return cudaSuccess;
  *captured = true;
  return rt_capture_add(s, params);
}

cudaError_t rt_capture_kernel(cudaStream_t stream, struct cudaGraphNodeParams *params,
                              bool cooperative, bool *captured) {
  assert(rt_lock_held() && params && params->type == cudaGraphNodeTypeKernel && captured);
  cudaError_t e = rt_capture_node(stream, params, captured);
  if (e != cudaSuccess || !*captured || !cooperative) return e;
  /* the node just added is the stream's one dependency now */
  rt_member *s = rt_member_find(&rt_capturing_streams, stream);
  assert(s && s->dependencies.count == 1);
  cudaLaunchAttributeValue v = {.cooperative = 1};
  e = rt_graph_kernel_node_attribute(s->dependencies.items[0], cudaLaunchAttributeCooperative, &v,
                                     true);
  if (e != cudaSuccess) s->capture->invalidated = true;
  return e;
}

cudaError_t rt_capture_copy_3d(cudaStream_t stream, const rt_region *dst, const rt_region *src,
                               size_t width, size_t height, size_t depth, enum cudaMemcpyKind kind,
                               bool *captured) {
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemcpy};
  node.memcpy.copyParams = rt_memory_copy_params(dst, src, width, height, depth, kind);
  return rt_capture_node(stream, &node, captured);
}

cudaError_t rt_capture_copy(cudaStream_t stream, void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind, bool *captured) {
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemcpy};
  node.memcpy.copyParams = rt_memory_copy_params_1d(dst, src, count, kind);
  return rt_capture_node(stream, &node, captured);
}

cudaError_t rt_capture_external(cudaStream_t stream, struct cudaGraphNodeParams *params) {
  assert(rt_lock_held() && params);
  bool record = params->type == cudaGraphNodeTypeEventRecord;
  assert(record || params->type == cudaGraphNodeTypeWaitEvent);
  if (rt_legacy(stream) && rt_implicit_dependency()) {
    rt_invalidate_implicit();
    return cudaErrorStreamCaptureImplicit;
  }
  /* CUDA: the external flags are invalid outside capture. */
  rt_member *s = rt_legacy(stream) ? NULL : rt_member_find(&rt_capturing_streams, stream);
  if (!s) return cudaErrorIllegalState;
  if (record) /* no longer a capture's fork point */
    rt_member_remove(&rt_captured_events, params->eventRecord.event);
  return rt_capture_add(s, params);
}

/* Captures the calling thread may not make an unsafe call under: its own
 * non-relaxed ones, and (in Global mode) any other thread's Global ones. */
static bool rt_prohibits(const rt_capture *c) {
  if (rt_thread_mode == cudaStreamCaptureModeRelaxed) return false;
  if (c->thread == &rt_thread_token) return c->mode != cudaStreamCaptureModeRelaxed;
  return rt_thread_mode == cudaStreamCaptureModeGlobal && c->mode == cudaStreamCaptureModeGlobal;
}

cudaError_t rt_capture_unsafe(void) {
  assert(rt_lock_held());
  bool refused = false;
  for (size_t i = 0; i < rt_capturing_streams.count; i++) {
    rt_capture *c = rt_capturing_streams.items[i].capture;
    if (rt_prohibits(c)) {
      c->invalidated = true;
      refused = true;
    }
  }
  return refused ? cudaErrorStreamCaptureUnsupported : cudaSuccess;
}

cudaError_t rt_capture_sync(cudaStream_t stream) {
  assert(rt_lock_held());
  if (rt_legacy(stream)) {
    if (!rt_implicit_dependency()) return cudaSuccess;
    rt_invalidate_implicit();
    return cudaErrorStreamCaptureImplicit;
  }
  rt_member *s = rt_member_find(&rt_capturing_streams, stream);
  if (!s) return cudaSuccess;
  s->capture->invalidated = true;
  return cudaErrorStreamCaptureUnsupported;
}

bool rt_capture_event_captured(cudaEvent_t event) {
  assert(rt_lock_held());
  rt_member *ev = rt_member_find(&rt_captured_events, event);
  if (ev) ev->capture->invalidated = true; /* a refused call invalidates it (H200) */
  return ev != NULL;
}

cudaError_t rt_capture_begin(cudaStream_t stream, cudaGraph_t graph,
                             const cudaGraphNode_t *dependencies, size_t count,
                             enum cudaStreamCaptureMode mode) {
  assert(rt_lock_held());
  if (rt_legacy(stream)) return cudaErrorStreamCaptureUnsupported;
  if (rt_member_find(&rt_capturing_streams, stream)) return cudaErrorIllegalState;
  rt_capture *c = calloc(1, sizeof *c);
  if (!c) return cudaErrorMemoryAllocation;
  cudaError_t e = cudaSuccess;
  if (graph) {
    c->graph = graph;
  } else {
    e = rt_graph_create(&c->graph);
    c->own_graph = true;
  }
  if (e != cudaSuccess) {
    free(c);
    return e;
  }
  c->mode = mode;
  c->origin = stream;
  c->thread = &rt_thread_token;
  c->id = rt_next_capture_id++;
  rt_member *s = rt_member_add(&rt_capturing_streams, stream, c);
  for (size_t i = 0; s && i < count; i++)
    if (!rt_set_add(&s->dependencies, dependencies[i])) {
      rt_member_remove(&rt_capturing_streams, stream);
      return cudaErrorMemoryAllocation;
    }
  if (!s) {
    c->references = 1;
    rt_capture_release(c);
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

/* Every node of the capture reaches the origin's current dependencies:
 * each forked stream has been joined back. */
static bool rt_all_joined(rt_capture *c, const rt_node_set *origin) {
  size_t count = rt_graph_nodes(c->graph, NULL, 0, false);
  cudaGraphNode_t *nodes = calloc(count ? count : 1, sizeof *nodes);
  bool *reached = calloc(count ? count : 1, sizeof *reached);
  cudaGraphNode_t *stack = calloc(count ? count : 1, sizeof *stack);
  bool joined = nodes && reached && stack;
  if (joined) rt_graph_nodes(c->graph, nodes, count, false);
  size_t top = 0;
  for (size_t i = 0; joined && i < origin->count; i++)
    stack[top++] = origin->items[i];
  while (joined && top > 0) {
    cudaGraphNode_t n = stack[--top];
    size_t index = 0;
    while (index < count && nodes[index] != n)
      index++;
    if (index == count || reached[index]) continue;
    reached[index] = true;
    size_t deps = rt_graph_node_neighbours(n, false, NULL, 0);
    cudaGraphNode_t *from = calloc(deps ? deps : 1, sizeof *from);
    if (!from) {
      joined = false;
      break;
    }
    rt_graph_node_neighbours(n, false, from, deps);
    for (size_t i = 0; i < deps && top < count; i++)
      stack[top++] = from[i];
    free(from);
  }
  for (size_t i = 0; joined && i < count; i++)
    joined = reached[i];
  free(nodes);
  free(reached);
  free(stack);
  return joined;
}

/* Ends c for every stream and event in it. */
static void rt_capture_finish(rt_capture *c) {
  c->references++;
  for (size_t i = rt_capturing_streams.count; i-- > 0;)
    if (rt_capturing_streams.items[i].capture == c)
      rt_member_remove(&rt_capturing_streams, rt_capturing_streams.items[i].key);
  for (size_t i = rt_captured_events.count; i-- > 0;)
    if (rt_captured_events.items[i].capture == c)
      rt_member_remove(&rt_captured_events, rt_captured_events.items[i].key);
  c->own_graph = false; /* the caller decides */
  rt_capture_release(c);
}

cudaError_t rt_capture_end(cudaStream_t stream, cudaGraph_t *out) {
  assert(rt_lock_held() && out);
  *out = NULL;
  rt_member *s = rt_legacy(stream) ? NULL : rt_member_find(&rt_capturing_streams, stream);
  if (!s) return cudaErrorIllegalState;
  rt_capture *c = s->capture;
  /* H200, CUDA 13, 2026-12-01: ending from a forked stream invalidates the capture
   * (the origin's end then gives cudaErrorStreamCaptureInvalidated); ending a Global
   * capture from another thread ends it (the origin's end then gives
   * cudaErrorIllegalState). */
  if (c->origin != stream) {
    c->invalidated = true;
    return cudaErrorStreamCaptureUnmatched;
  }
  cudaError_t e = cudaSuccess;
  if (c->mode != cudaStreamCaptureModeRelaxed && c->thread != &rt_thread_token)
    e = cudaErrorStreamCaptureWrongThread;
  else if (c->invalidated || !rt_graph_valid(c->graph))
    e = cudaErrorStreamCaptureInvalidated;
  else if (!rt_all_joined(c, &s->dependencies))
    e = cudaErrorStreamCaptureUnjoined;
  cudaGraph_t graph = c->graph;
  bool own = c->own_graph;
  rt_capture_finish(c);
  if (e != cudaSuccess) {
    if (own && rt_graph_valid(graph)) rt_graph_destroy(graph);
    return e;
  }
  *out = graph;
  return cudaSuccess;
}

enum cudaStreamCaptureStatus rt_capture_status(cudaStream_t stream, unsigned long long *id,
                                               cudaGraph_t *graph,
                                               const cudaGraphNode_t **dependencies,
                                               size_t *count) {
  assert(rt_lock_held());
  rt_member *s = rt_legacy(stream) ? NULL : rt_member_find(&rt_capturing_streams, stream);
  if (!s) return cudaStreamCaptureStatusNone;
  if (id) *id = s->capture->id;
  if (graph) *graph = s->capture->graph;
  if (dependencies) *dependencies = s->dependencies.items;
  if (count) *count = s->dependencies.count;
  return s->capture->invalidated ? cudaStreamCaptureStatusInvalidated
                                 : cudaStreamCaptureStatusActive;
}

bool rt_capture_legacy_blocked(void) {
  assert(rt_lock_held());
  return rt_implicit_dependency();
}

cudaError_t rt_capture_update_dependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                           size_t count, bool replace) {
  assert(rt_lock_held());
  rt_member *s = rt_legacy(stream) ? NULL : rt_member_find(&rt_capturing_streams, stream);
  if (!s) return cudaErrorIllegalState;
  if (s->capture->invalidated || !rt_graph_valid(s->capture->graph))
    return cudaErrorStreamCaptureInvalidated;
  for (size_t i = 0; i < count; i++)
    if (!rt_graph_node_valid(dependencies[i]) ||
        rt_graph_node_graph(dependencies[i]) != s->capture->graph)
      return cudaErrorInvalidValue;
  if (replace) s->dependencies.count = 0;
  for (size_t i = 0; i < count; i++)
    if (!rt_set_add(&s->dependencies, dependencies[i])) return cudaErrorMemoryAllocation;
  return cudaSuccess;
}

enum cudaStreamCaptureMode rt_capture_exchange_mode(enum cudaStreamCaptureMode mode) {
  enum cudaStreamCaptureMode old = rt_thread_mode;
  rt_thread_mode = mode;
  return old;
}

void rt_capture_forget_stream(cudaStream_t stream) {
  assert(rt_lock_held());
  rt_member *s = rt_member_find(&rt_capturing_streams, stream);
  if (!s) return;
  s->capture->invalidated = true;
  rt_member_remove(&rt_capturing_streams, stream);
}

void rt_capture_reset(void) {
  assert(rt_lock_held());
  while (rt_capturing_streams.count) {
    rt_capture *c = rt_capturing_streams.items[0].capture;
    bool own = c->own_graph;
    cudaGraph_t graph = c->graph;
    rt_capture_finish(c);
    if (own && rt_graph_valid(graph)) rt_graph_destroy(graph);
  }
  while (rt_captured_events.count)
    rt_member_remove(&rt_captured_events, rt_captured_events.items[0].key);
}
