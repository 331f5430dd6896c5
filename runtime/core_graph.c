/* runtime/core_graph.c — CUDA graphs: graphs of nodes and edges, their
 * executable instances and replay (docs/runtime.md, "Graphs").
 *
 * A graph owns its nodes (creation order) and its edges (a list of
 * from -> to pairs). Every node keeps its parameters as a generic
 * cudaGraphNodeParams whose pointers are owned copies: a kernel node's
 * argument values (one block, args[i] pointing into it, copied from
 * kernelParams or the extra buffer when the node is set), a child graph
 * node's graph (a clone), a conditional node's body graphs. Memory a graph
 * allocates (alloc nodes, conditional handles' cells) is a shared,
 * reference-counted arena block: the graph and every instance hold it.
 *
 * Instantiation clones the graph (so later edits of the graph leave the
 * instance alone, as in CUDA), sorts the clone topologically, looks up every
 * kernel (library, pipeline: the costs of a first launch), instantiates
 * child and body graphs recursively and schedules the replay
 * (rt_exec_schedule): every node gets a lane — lane 0 the launch stream,
 * the others the instance's own streams, separate Metal queues — so that
 * independent branches run concurrently, and a GPU-side wait for each
 * dependency that crosses lanes and is not implied by another. A replay
 * follows the schedule, each node one core operation on its lane: a run of
 * consecutive kernel nodes one command buffer of dispatches of their
 * prepared parameter blocks (rt_launch_batch_add), a copy or memset a blit
 * where one can do it, an event record a marker, a host node a host
 * function of the lane. A conditional node is a continuation (core_gate.c)
 * after the work before it: on Metal's completion thread it reads its
 * handle's cell (device memory that cudaGraphSetConditional wrote) and
 * enqueues a body, while the lane's later work waits at the node's gate;
 * the launching thread never waits for it (unless a body holds a node that
 * waits for the device: then on that thread, one round trip per
 * evaluation). Nothing here touches Metal. */
#include <assert.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* A block of arena memory shared by a graph, its clones and instances. */
typedef struct {
  void *pointer;
  size_t size;
  int references;
} rt_graph_memory;

typedef struct {
  rt_graph_memory *cell; /* 4 bytes: the handle's value */
  unsigned default_value, flags;
} rt_graph_handle;

struct CUgraphNode_st {
  cudaGraph_t graph;
  cudaGraphNode_t origin; /* the node this one was cloned from, or NULL */
  struct cudaGraphNodeParams params;
  unsigned char *arguments;         /* kernel: the argument values */
  void **argument_pointers;         /* kernel: one per parameter, into arguments */
  rt_kernel kernel;                 /* kernel: found when the node is set */
  cudaGraph_t child;                /* graph node: the owned clone */
  cudaGraph_t *bodies;              /* conditional: params.conditional.size graphs */
  rt_graph_memory *memory;          /* alloc node */
  rt_memop *memops;                 /* batch-memop node: the operations */
  unsigned char *memop_description; /* and the API's description of them */
  size_t order_index;               /* scratch of instantiation: its index in the order */
  /* kernel: its attributes by cudaLaunchAttributeID (cudaGraphKernelNodeSetAttribute, a
   * captured launch's); all zero is CUDA's default (not cooperative, priority 0) */
  cudaLaunchAttributeValue attributes[RT_KERNEL_NODE_ATTRIBUTES];
};

typedef struct {
  cudaGraphNode_t from, to;
} rt_edge;

struct CUgraph_st {
  cudaGraphNode_t *nodes;
  size_t count, allocated;
  rt_edge *edges;
  size_t edge_count, edge_allocated;
  rt_graph_handle *handles;
  size_t handle_count;
  unsigned long long id; /* a process-wide serial number (its DOT name graph_<id>) */
  cudaGraphNode_t owner; /* a conditional node's body: owned by that node */
  bool internal;         /* a node's child or body, an instance's clone */
};

/* The streams a replay spreads independent branches over: lane 0 is the
 * launch stream, the others the instance's own (non-blocking) streams. */
enum { RT_GRAPH_LANES = 4 };

/* One node of an instance, in replay order, with its place in the schedule
 * (computed at instantiation, rt_exec_schedule). */
typedef struct {
  cudaGraphNode_t node; /* in the instance's private clone */
  bool enabled;
  cudaGraphExec_t child; /* graph node: the child's instance */
  cudaGraphExec_t *bodies;
  unsigned lane;       /* the lane it runs on */
  bool signals;        /* a node of another lane waits for this one */
  size_t *waits;       /* indices in the order of nodes of other lanes to wait for */
  size_t wait_count;   /* first (GPU-side, one command buffer) */
  uint64_t position;   /* at replay, when signals: its lane's position after it */
  cudaStream_t branch; /* conditional, run asynchronously: where its bodies go */
  rt_gate *gate;       /* and what its lane's later work waits for */
} rt_exec_node;

struct CUgraphExec_st {
  cudaGraph_t graph; /* private clone */
  rt_exec_node *order;
  size_t count;
  unsigned long long flags;
  bool nested;                        /* a child's or body's instance, freed with its parent */
  unsigned lane_count;                /* lanes the schedule uses (at least 1) */
  cudaStream_t lanes[RT_GRAPH_LANES]; /* lanes 1..: made at the first launch */
  /* the last launch's stream (by id) and its position after the launch */
  cudaStream_t last_stream;
  unsigned long long last_id;
  uint64_t last_position;
};

/* ---- live handles ------------------------------------------------------------------ */

typedef struct {
  void **items;
  size_t count, allocated;
} rt_live;

static rt_live rt_graphs, rt_nodes, rt_execs;

static bool rt_live_add(rt_live *h, void *item) {
  if (h->count == h->allocated) {
    size_t grown = h->allocated ? h->allocated * 2 : 64;
    void **items = realloc(h->items, grown * sizeof *items);
    if (!items) return false;
    h->items = items;
    h->allocated = grown;
  }
  h->items[h->count++] = item;
  return true;
}

static bool rt_live_has(const rt_live *h, const void *item) {
  if (!item) return false;
  for (size_t i = h->count; i-- > 0;)
    if (h->items[i] == item) return true;
  return false;
}

static void rt_live_remove(rt_live *h, const void *item) {
  for (size_t i = h->count; i-- > 0;)
    if (h->items[i] == item) {
      h->items[i] = h->items[--h->count];
      return;
    }
}

bool rt_graph_valid(cudaGraph_t graph) {
  assert(rt_lock_held());
  return rt_live_has(&rt_graphs, graph);
}
bool rt_graph_node_valid(cudaGraphNode_t node) {
  assert(rt_lock_held());
  return rt_live_has(&rt_nodes, node);
}
bool rt_graph_exec_valid(cudaGraphExec_t exec) {
  assert(rt_lock_held());
  return rt_live_has(&rt_execs, exec);
}

/* ---- shared memory blocks ------------------------------------------------------------ */

static rt_graph_memory *rt_memory_retain(rt_graph_memory *m) {
  if (m) m->references++;
  return m;
}

static void rt_memory_release(rt_graph_memory *m) {
  if (!m || --m->references > 0) return;
  rt_device *d = rt_device_current();
  if (d && m->pointer) rt_memory_free(d, m->pointer, RT_BLOCK_DEVICE, RT_BLOCK_DEVICE);
  free(m);
}

static cudaError_t rt_memory_new(size_t size, rt_graph_memory **out) {
  rt_device *d;
  cudaError_t e = rt_device_ready(&d);
  if (e != cudaSuccess) return e;
  rt_graph_memory *m = calloc(1, sizeof *m);
  if (!m) return cudaErrorMemoryAllocation;
  e = rt_memory_alloc(d, size, RT_BLOCK_DEVICE, &m->pointer);
  if (e != cudaSuccess || !m->pointer) {
    free(m);
    return e != cudaSuccess ? e : cudaErrorInvalidValue;
  }
  m->size = size;
  m->references = 1;
  *out = m;
  return cudaSuccess;
}

/* ---- graphs -------------------------------------------------------------------------- */

cudaError_t rt_graph_create(cudaGraph_t *out) {
  assert(rt_lock_held() && out);
  static unsigned long long serial;
  cudaGraph_t g = calloc(1, sizeof *g);
  if (!g || !rt_live_add(&rt_graphs, g)) {
    free(g);
    return cudaErrorMemoryAllocation;
  }
  g->id = ++serial;
  *out = g;
  return cudaSuccess;
}

static void rt_node_free_contents(cudaGraphNode_t n);

static void rt_graph_free(cudaGraph_t g) {
  for (size_t i = 0; i < g->count; i++) {
    rt_node_free_contents(g->nodes[i]);
    rt_live_remove(&rt_nodes, g->nodes[i]);
    rt_handle_retire(g->nodes[i]); /* destroyed handles stay unknown a while (retire.c) */
  }
  for (size_t i = 0; i < g->handle_count; i++)
    rt_memory_release(g->handles[i].cell);
  rt_live_remove(&rt_graphs, g);
  free(g->nodes);
  free(g->edges);
  free(g->handles);
  rt_handle_retire(g);
}

bool rt_graph_owned(cudaGraph_t graph) {
  assert(rt_lock_held() && rt_graph_valid(graph));
  /* a child node's graph (cudaGraphChildGraphNodeGetGraph hands it out), a body, an
   * instance's clone (whose freed predecessor's stale handle it may be): the owner
   * frees it, cudaGraphDestroy must not (issue 10: a double free, found by fuzzing) */
  return graph->owner != NULL || graph->internal;
}

void rt_graph_destroy(cudaGraph_t graph) {
  assert(rt_lock_held() && rt_graph_valid(graph));
  rt_graph_free(graph);
}

static bool rt_graph_has_node(cudaGraph_t g, cudaGraphNode_t n) {
  return rt_graph_node_valid(n) && n->graph == g;
}

static bool rt_graph_append(cudaGraph_t g, cudaGraphNode_t n) {
  if (g->count == g->allocated) {
    size_t grown = g->allocated ? g->allocated * 2 : 8;
    cudaGraphNode_t *nodes = realloc(g->nodes, grown * sizeof *nodes);
    if (!nodes) return false;
    g->nodes = nodes;
    g->allocated = grown;
  }
  g->nodes[g->count++] = n;
  return true;
}

static bool rt_edge_exists(cudaGraph_t g, cudaGraphNode_t from, cudaGraphNode_t to) {
  for (size_t i = 0; i < g->edge_count; i++)
    if (g->edges[i].from == from && g->edges[i].to == to) return true;
  return false;
}

static bool rt_edge_append(cudaGraph_t g, cudaGraphNode_t from, cudaGraphNode_t to) {
  if (g->edge_count == g->edge_allocated) {
    size_t grown = g->edge_allocated ? g->edge_allocated * 2 : 8;
    rt_edge *edges = realloc(g->edges, grown * sizeof *edges);
    if (!edges) return false;
    g->edges = edges;
    g->edge_allocated = grown;
  }
  g->edges[g->edge_count++] = (rt_edge){from, to};
  return true;
}

/* ---- node parameters ------------------------------------------------------------------ */

static void rt_node_free_contents(cudaGraphNode_t n) {
  free(n->arguments);
  free(n->argument_pointers);
  n->arguments = NULL;
  n->argument_pointers = NULL;
  if (n->child) rt_graph_free(n->child);
  n->child = NULL;
  if (n->bodies) {
    for (unsigned i = 0; i < n->params.conditional.size; i++)
      rt_graph_free(n->bodies[i]);
    free(n->bodies);
    n->bodies = NULL;
  }
  rt_memory_release(n->memory);
  n->memory = NULL;
  free(n->memops);
  free(n->memop_description);
  n->memops = NULL;
  n->memop_description = NULL;
}

/* Owned copies of a batch-memop node's operations and description into n,
 * and the stored parameters pointing at them. */
static cudaError_t rt_memop_node_copy(cudaGraphNode_t n, const rt_memop_node *from,
                                      struct cudaGraphNodeParams *stored) {
  rt_memop *ops = malloc(from->count ? from->count * sizeof *ops : 1);
  unsigned char *description = malloc(from->description_bytes ? from->description_bytes : 1);
  if (!ops || !description) {
    free(ops);
    free(description);
    return cudaErrorMemoryAllocation;
  }
  if (from->count) memcpy(ops, from->ops, from->count * sizeof *ops);
  if (from->description_bytes) memcpy(description, from->description, from->description_bytes);
  n->memops = ops;
  n->memop_description = description;
  rt_memop_node *to = rt_graph_memop_params(stored);
  *to = *from;
  to->ops = ops;
  to->description = description;
  return cudaSuccess;
}

/* CUDA's launch-parameter-buffer markers of the "extra" array. */
#define RT_EXTRA_END ((void *)0)
#define RT_EXTRA_BUFFER_POINTER ((void *)1)
#define RT_EXTRA_BUFFER_SIZE ((void *)2)

/* The argument values of a kernel node, copied: from kernelParams (one
 * pointer per parameter) or from extra's packed buffer. */
static cudaError_t rt_copy_arguments(const rt_kernel *k, const struct cudaKernelNodeParamsV2 *p,
                                     unsigned char **block_out, void ***pointers_out) {
  const ac_kernel *desc = k->desc;
  size_t bytes = desc->param_bytes ? (size_t)desc->param_bytes : 1;
  const unsigned char *packed = NULL;
  size_t packed_size = 0;
  if (p->kernelParams && p->extra) return cudaErrorInvalidValue;
  if (p->extra) {
    for (void **x = p->extra; *x != RT_EXTRA_END; x += 2) {
      if (x[0] == RT_EXTRA_BUFFER_POINTER)
        packed = x[1];
      else if (x[0] == RT_EXTRA_BUFFER_SIZE && x[1])
        packed_size = *(const size_t *)x[1];
      else
        return cudaErrorInvalidValue;
    }
    if (desc->param_count && (!packed || packed_size < desc->param_bytes))
      return cudaErrorInvalidValue;
  } else if (desc->param_count && !p->kernelParams) {
    return cudaErrorInvalidValue;
  }
  unsigned char *block = calloc(1, bytes);
  void **pointers = calloc(desc->param_count ? desc->param_count : 1, sizeof *pointers);
  if (!block || !pointers) {
    free(block);
    free(pointers);
    return cudaErrorMemoryAllocation;
  }
  for (size_t i = 0; i < desc->param_count; i++) {
    const void *from = packed ? packed + desc->params[i].offset : p->kernelParams[i];
    memcpy(block + desc->params[i].offset, from, (size_t)desc->params[i].size);
    pointers[i] = block + desc->params[i].offset;
  }
  *block_out = block;
  *pointers_out = pointers;
  return cudaSuccess;
}

static bool rt_memset_valid(const struct cudaMemsetParamsV2 *m) {
  if (!m->dst || (m->elementSize != 1 && m->elementSize != 2 && m->elementSize != 4)) return false;
  if (m->height > 1 && m->pitch < m->width * m->elementSize) return false;
  return true;
}

static bool rt_copy_valid(const struct cudaMemcpy3DParms *c) {
  /* each side an array (live now; one destroyed before a replay is the program's error,
   * which the replay reports) or a pointer */
  if (c->srcArray ? !rt_array_valid(c->srcArray) || c->srcPtr.ptr : !c->srcPtr.ptr) return false;
  if (c->dstArray ? !rt_array_valid(c->dstArray) || c->dstPtr.ptr : !c->dstPtr.ptr) return false;
  if ((unsigned)c->kind > cudaMemcpyDefault) return false;
  return true;
}

/* Checks params for a node of its type and stores owned copies into n
 * (whose old contents the caller has freed or moves to). Fills the
 * outputs of alloc and conditional parameters. */
static cudaError_t rt_node_set(cudaGraph_t g, cudaGraphNode_t n, struct cudaGraphNodeParams *p) {
  struct cudaGraphNodeParams stored = {.type = p->type};
  switch ((int)p->type) { /* int: RT_GRAPH_NODE_MEM_OP is no enumerator */
  case cudaGraphNodeTypeKernel: {
    rt_launch_config config = {p->kernel.gridDim, p->kernel.blockDim, p->kernel.sharedMemBytes,
                               NULL};
    cudaError_t e = rt_launch_check_config(&config);
    rt_kernel k;
    if (e == cudaSuccess) e = rt_module_kernel_by_stub(p->kernel.func, &k);
    unsigned char *block = NULL;
    void **pointers = NULL;
    if (e == cudaSuccess) e = rt_copy_arguments(&k, &p->kernel, &block, &pointers);
    if (e != cudaSuccess) return e;
    rt_node_free_contents(n);
    n->kernel = k;
    n->arguments = block;
    n->argument_pointers = pointers;
    stored.kernel = p->kernel;
    stored.kernel.kernelParams = k.desc->param_count ? pointers : NULL;
    stored.kernel.extra = NULL;
    break;
  }
  case cudaGraphNodeTypeMemcpy:
    if (!rt_copy_valid(&p->memcpy.copyParams) || p->memcpy.flags) return cudaErrorInvalidValue;
    rt_node_free_contents(n);
    stored.memcpy = p->memcpy;
    break;
  case cudaGraphNodeTypeMemset:
    if (!rt_memset_valid(&p->memset)) return cudaErrorInvalidValue;
    rt_node_free_contents(n);
    stored.memset = p->memset;
    break;
  case cudaGraphNodeTypeHost:
    if (!p->host.fn) return cudaErrorInvalidValue;
    rt_node_free_contents(n);
    stored.host = p->host;
    break;
  case cudaGraphNodeTypeGraph: {
    if (!rt_graph_valid(p->graph.graph) || p->graph.graph == g) return cudaErrorInvalidValue;
    if (p->graph.ownership != cudaGraphChildGraphOwnershipClone) return cudaErrorNotSupported;
    cudaGraph_t clone;
    cudaError_t e = rt_graph_clone(p->graph.graph, &clone);
    if (e != cudaSuccess) return e;
    rt_node_free_contents(n);
    clone->internal = true;
    n->child = clone;
    stored.graph.graph = clone;
    break;
  }
  case cudaGraphNodeTypeEmpty: rt_node_free_contents(n); break;
  case cudaGraphNodeTypeEventRecord:
  case cudaGraphNodeTypeWaitEvent:
    if (!rt_event_valid(p->eventRecord.event)) return cudaErrorInvalidValue;
    rt_node_free_contents(n);
    stored.eventRecord = p->eventRecord;
    break;
  case cudaGraphNodeTypeMemAlloc: {
    if (p->alloc.bytesize == 0 || p->alloc.poolProps.allocType != cudaMemAllocationTypePinned ||
        p->alloc.poolProps.location.type != cudaMemLocationTypeDevice ||
        p->alloc.poolProps.location.id != 0)
      return cudaErrorInvalidValue;
    if (n->memory) return cudaErrorInvalidValue; /* an alloc node's parameters are fixed */
    rt_graph_memory *m;
    cudaError_t e = rt_memory_new(p->alloc.bytesize, &m);
    if (e != cudaSuccess) return e;
    n->memory = m;
    stored.alloc = p->alloc;
    stored.alloc.accessDescs = NULL;
    stored.alloc.accessDescCount = 0;
    stored.alloc.dptr = p->alloc.dptr = m->pointer;
    break;
  }
  case cudaGraphNodeTypeMemFree: {
    rt_device *d;
    cudaError_t e = rt_device_ready(&d);
    if (e != cudaSuccess) return e;
    if (!p->free.dptr || !rt_memory_find(d, p->free.dptr, 0)) return cudaErrorInvalidValue;
    rt_node_free_contents(n);
    stored.free = p->free;
    break;
  }
  case cudaGraphNodeTypeConditional: {
    const struct cudaConditionalNodeParams *c = &p->conditional;
    bool known = false;
    for (size_t i = 0; i < g->handle_count; i++)
      known |= (cudaGraphConditionalHandle)(uintptr_t)g->handles[i].cell->pointer == c->handle;
    if (!known || n->bodies) return cudaErrorInvalidValue; /* the body graphs are fixed */
    if ((c->type == cudaGraphCondTypeWhile && c->size != 1) ||
        (c->type == cudaGraphCondTypeIf && c->size != 1 && c->size != 2) ||
        (c->type == cudaGraphCondTypeSwitch && c->size == 0) || (unsigned)c->type > 2)
      return cudaErrorInvalidValue;
    cudaGraph_t *bodies = calloc(c->size, sizeof *bodies);
    if (!bodies) return cudaErrorMemoryAllocation;
    for (unsigned i = 0; i < c->size; i++) {
      cudaError_t e = rt_graph_create(&bodies[i]);
      if (e != cudaSuccess) {
        while (i-- > 0)
          rt_graph_free(bodies[i]);
        free(bodies);
        return e;
      }
      bodies[i]->owner = n;
      bodies[i]->internal = true;
      /* the body sees its parent's conditional handles (nested conditionals) */
      bodies[i]->handles = calloc(g->handle_count ? g->handle_count : 1, sizeof(rt_graph_handle));
      for (size_t h = 0; bodies[i]->handles && h < g->handle_count; h++) {
        bodies[i]->handles[h] = g->handles[h];
        rt_memory_retain(g->handles[h].cell);
        bodies[i]->handle_count++;
      }
    }
    n->bodies = bodies;
    stored.conditional = *c;
    stored.conditional.phGraph_out = bodies;
    if (p->conditional.phGraph_out == NULL) p->conditional.phGraph_out = bodies;
    break;
  }
  case RT_GRAPH_NODE_MEM_OP: {
    const rt_memop_node *m = rt_graph_memop_params(p);
    if (m->count && !m->ops) return cudaErrorInvalidValue;
    rt_device *d;
    cudaError_t e = rt_device_ready(&d);
    if (e != cudaSuccess) return e;
    for (size_t i = 0; i < m->count; i++) /* each word checked before anything changes */
      if (m->ops[i].kind != RT_MEMOP_BARRIER) {
        void *cpu;
        e = rt_memop_target(d, m->ops[i].address, m->ops[i].size, &cpu);
        if (e != cudaSuccess) return e;
      }
    rt_node_free_contents(n);
    e = rt_memop_node_copy(n, m, &stored);
    for (size_t i = 0; e == cudaSuccess && i < m->count; i++)
      if (n->memops[i].kind != RT_MEMOP_BARRIER)
        e = rt_memop_target(d, n->memops[i].address, n->memops[i].size, &n->memops[i].cpu);
    if (e != cudaSuccess) return e;
    break;
  }
  default: return cudaErrorInvalidValue; /* external semaphores: none in Anchor */
  }
  n->params = stored;
  return cudaSuccess;
}

static bool rt_dependencies_valid(cudaGraph_t g, const cudaGraphNode_t *deps, size_t count) {
  if (count && !deps) return false;
  for (size_t i = 0; i < count; i++) {
    if (!rt_graph_has_node(g, deps[i])) return false;
    for (size_t j = 0; j < i; j++)
      if (deps[j] == deps[i]) return false;
  }
  return true;
}

cudaError_t rt_graph_add_node(cudaGraph_t graph, const cudaGraphNode_t *deps, size_t count,
                              struct cudaGraphNodeParams *params, cudaGraphNode_t *out) {
  assert(rt_lock_held() && rt_graph_valid(graph) && params && out);
  if (!rt_dependencies_valid(graph, deps, count)) return cudaErrorInvalidValue;
  cudaGraphNode_t n = calloc(1, sizeof *n);
  if (!n) return cudaErrorMemoryAllocation;
  n->graph = graph;
  cudaError_t e = rt_node_set(graph, n, params);
  if (e == cudaSuccess && !rt_live_add(&rt_nodes, n)) e = cudaErrorMemoryAllocation;
  if (e == cudaSuccess && !rt_graph_append(graph, n)) {
    rt_live_remove(&rt_nodes, n);
    e = cudaErrorMemoryAllocation;
  }
  for (size_t i = 0; e == cudaSuccess && i < count; i++)
    if (!rt_edge_append(graph, deps[i], n)) e = cudaErrorMemoryAllocation;
  if (e != cudaSuccess) {
    if (graph->count && graph->nodes[graph->count - 1] == n) {
      graph->count--;
      rt_live_remove(&rt_nodes, n);
      while (graph->edge_count && graph->edges[graph->edge_count - 1].to == n)
        graph->edge_count--;
    }
    rt_node_free_contents(n);
    free(n);
    return e;
  }
  *out = n;
  return cudaSuccess;
}

cudaError_t rt_graph_node_params(cudaGraphNode_t node, struct cudaGraphNodeParams *out) {
  assert(rt_lock_held() && rt_graph_node_valid(node) && out);
  *out = node->params;
  return cudaSuccess;
}

cudaError_t rt_graph_node_set_params(cudaGraphNode_t node, struct cudaGraphNodeParams *params) {
  assert(rt_lock_held() && rt_graph_node_valid(node) && params);
  if (params->type != node->params.type) return cudaErrorInvalidValue;
  if (params->type == cudaGraphNodeTypeMemAlloc || params->type == cudaGraphNodeTypeConditional)
    return cudaErrorInvalidValue; /* CUDA: these nodes' parameters cannot change */
  return rt_node_set(node->graph, node, params);
}

static bool rt_node_cooperative(cudaGraphNode_t n) {
  return n->params.type == cudaGraphNodeTypeKernel &&
         n->attributes[cudaLaunchAttributeCooperative].cooperative != 0;
}

/* The attributes a kernel node takes, those CUDA 13 names cudaKernelNodeAttribute*
 * (driver_types.h); what Metal has no control for (an L2 access-policy window, a
 * memory synchronisation domain, a carveout, a priority: Metal queues have none, an
 * NVLink scheduling hint) is kept and read back as a hint. */
static cudaError_t rt_node_attribute_check(cudaLaunchAttributeID id,
                                           const cudaLaunchAttributeValue *v) {
  switch (id) {
  case cudaLaunchAttributeAccessPolicyWindow:
  case cudaLaunchAttributeCooperative:
  case cudaLaunchAttributeClusterSchedulingPolicyPreference:
  case cudaLaunchAttributePriority:
  case cudaLaunchAttributeMemSyncDomainMap:
  case cudaLaunchAttributeMemSyncDomain:
  case cudaLaunchAttributePreferredSharedMemoryCarveout:
  case cudaLaunchAttributeNvlinkUtilCentricScheduling: return cudaSuccess;
  case cudaLaunchAttributeClusterDimension:
  case cudaLaunchAttributePreferredClusterDimension:
    /* no thread-block clusters: only 1x1x1 (or 0, unset) */
    if (!v) return cudaSuccess;
    return v->clusterDim.x * v->clusterDim.y * v->clusterDim.z <= 1 ? cudaSuccess
                                                                    : cudaErrorNotSupported;
  case cudaLaunchAttributeDeviceUpdatableKernelNode:
    /* device-side graph updates need device launch, which Anchor has not */
    return v && v->deviceUpdatableKernelNode.deviceUpdatable ? cudaErrorNotSupported : cudaSuccess;
  default: return cudaErrorInvalidValue; /* stream-only or unknown */
  }
}

cudaError_t rt_graph_kernel_node_attribute(cudaGraphNode_t node, cudaLaunchAttributeID id,
                                           cudaLaunchAttributeValue *value, bool set) {
  assert(rt_lock_held() && rt_graph_node_valid(node) && value);
  if (node->params.type != cudaGraphNodeTypeKernel) return cudaErrorInvalidValue;
  if ((unsigned)id >= RT_KERNEL_NODE_ATTRIBUTES) return cudaErrorInvalidValue;
  cudaError_t e = rt_node_attribute_check(id, set ? value : NULL);
  if (e != cudaSuccess) return e;
  if (set)
    node->attributes[id] = *value;
  else
    *value = node->attributes[id];
  return cudaSuccess;
}

cudaError_t rt_graph_kernel_node_copy_attributes(cudaGraphNode_t to, cudaGraphNode_t from) {
  assert(rt_lock_held() && rt_graph_node_valid(to) && rt_graph_node_valid(from));
  if (to->params.type != cudaGraphNodeTypeKernel || from->params.type != cudaGraphNodeTypeKernel)
    return cudaErrorInvalidValue;
  memcpy(to->attributes, from->attributes, sizeof to->attributes);
  return cudaSuccess;
}

enum cudaGraphNodeType rt_graph_node_type(cudaGraphNode_t node) {
  assert(rt_lock_held() && rt_graph_node_valid(node));
  return node->params.type;
}

cudaGraph_t rt_graph_node_graph(cudaGraphNode_t node) {
  assert(rt_lock_held() && rt_graph_node_valid(node));
  return node->graph;
}

size_t rt_graph_nodes(cudaGraph_t graph, cudaGraphNode_t *out, size_t capacity, bool roots) {
  assert(rt_lock_held() && rt_graph_valid(graph));
  size_t found = 0;
  for (size_t i = 0; i < graph->count; i++) {
    bool root = true;
    for (size_t j = 0; roots && root && j < graph->edge_count; j++)
      root = graph->edges[j].to != graph->nodes[i];
    if (!root) continue;
    if (out && found < capacity) out[found] = graph->nodes[i];
    found++;
  }
  return found;
}

size_t rt_graph_edges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                      size_t capacity) {
  assert(rt_lock_held() && rt_graph_valid(graph));
  for (size_t i = 0; from && to && i < graph->edge_count && i < capacity; i++) {
    from[i] = graph->edges[i].from;
    to[i] = graph->edges[i].to;
  }
  return graph->edge_count;
}

size_t rt_graph_node_neighbours(cudaGraphNode_t node, bool dependents, cudaGraphNode_t *out,
                                size_t capacity) {
  assert(rt_lock_held() && rt_graph_node_valid(node));
  cudaGraph_t g = node->graph;
  size_t found = 0;
  for (size_t i = 0; i < g->edge_count; i++) {
    const rt_edge *edge = &g->edges[i];
    cudaGraphNode_t other = dependents ? edge->to : edge->from;
    if ((dependents ? edge->from : edge->to) != node) continue;
    if (out && found < capacity) out[found] = other;
    found++;
  }
  return found;
}

cudaError_t rt_graph_edges_change(cudaGraph_t graph, const cudaGraphNode_t *from,
                                  const cudaGraphNode_t *to, size_t count, bool add) {
  assert(rt_lock_held() && rt_graph_valid(graph));
  for (size_t i = 0; i < count; i++) {
    if (!rt_graph_has_node(graph, from[i]) || !rt_graph_has_node(graph, to[i]) || from[i] == to[i])
      return cudaErrorInvalidValue;
    bool exists = rt_edge_exists(graph, from[i], to[i]);
    if (add == exists) return cudaErrorInvalidValue; /* duplicate / missing edge */
  }
  for (size_t i = 0; i < count; i++) {
    if (add) {
      if (!rt_edge_append(graph, from[i], to[i])) return cudaErrorMemoryAllocation;
      continue;
    }
    for (size_t j = 0; j < graph->edge_count; j++)
      if (graph->edges[j].from == from[i] && graph->edges[j].to == to[i]) {
        memmove(&graph->edges[j], &graph->edges[j + 1],
                (graph->edge_count - j - 1) * sizeof *graph->edges);
        graph->edge_count--;
        break;
      }
  }
  return cudaSuccess;
}

void rt_graph_node_destroy(cudaGraphNode_t node) {
  assert(rt_lock_held() && rt_graph_node_valid(node));
  cudaGraph_t g = node->graph;
  size_t kept = 0;
  for (size_t i = 0; i < g->edge_count; i++)
    if (g->edges[i].from != node && g->edges[i].to != node) g->edges[kept++] = g->edges[i];
  g->edge_count = kept;
  for (size_t i = 0; i < g->count; i++)
    if (g->nodes[i] == node) {
      memmove(&g->nodes[i], &g->nodes[i + 1], (g->count - i - 1) * sizeof *g->nodes);
      g->count--;
      break;
    }
  rt_node_free_contents(node);
  rt_live_remove(&rt_nodes, node);
  rt_handle_retire(node);
}

/* A copy of n's parameters into c (a node of the clone): shares the
 * kernel's lookup, copies the arguments, clones child and body graphs. */
static cudaError_t rt_node_copy(cudaGraphNode_t n, cudaGraphNode_t c) {
  c->params = n->params;
  c->kernel = n->kernel;
  memcpy(c->attributes, n->attributes, sizeof c->attributes);
  c->memory = rt_memory_retain(n->memory);
  if ((int)n->params.type == RT_GRAPH_NODE_MEM_OP) {
    cudaError_t e = rt_memop_node_copy(c, rt_graph_memop_params(&n->params), &c->params);
    if (e != cudaSuccess) return e;
  }
  if (n->params.type == cudaGraphNodeTypeKernel) {
    size_t bytes = n->kernel.desc->param_bytes ? (size_t)n->kernel.desc->param_bytes : 1;
    size_t count = n->kernel.desc->param_count ? n->kernel.desc->param_count : 1;
    c->arguments = malloc(bytes);
    c->argument_pointers = calloc(count, sizeof *c->argument_pointers);
    if (!c->arguments || !c->argument_pointers) return cudaErrorMemoryAllocation;
    memcpy(c->arguments, n->arguments, bytes);
    for (size_t i = 0; i < n->kernel.desc->param_count; i++)
      c->argument_pointers[i] = c->arguments + n->kernel.desc->params[i].offset;
    if (n->kernel.desc->param_count) c->params.kernel.kernelParams = c->argument_pointers;
  }
  if (n->child) {
    cudaError_t e = rt_graph_clone(n->child, &c->child);
    if (e != cudaSuccess) return e;
    c->child->internal = true;
    c->params.graph.graph = c->child;
  }
  if (n->bodies) {
    unsigned size = n->params.conditional.size;
    c->bodies = calloc(size, sizeof *c->bodies);
    if (!c->bodies) return cudaErrorMemoryAllocation;
    c->params.conditional.size = 0; /* counts the bodies made, for the cleanup */
    for (unsigned i = 0; i < size; i++) {
      cudaError_t e = rt_graph_clone(n->bodies[i], &c->bodies[i]);
      if (e != cudaSuccess) return e;
      c->bodies[i]->owner = c;
      c->bodies[i]->internal = true;
      c->params.conditional.size++;
    }
    c->params.conditional.phGraph_out = c->bodies;
  }
  return cudaSuccess;
}

cudaError_t rt_graph_clone(cudaGraph_t graph, cudaGraph_t *out) {
  assert(rt_lock_held() && rt_graph_valid(graph) && out);
  cudaGraph_t c;
  cudaError_t e = rt_graph_create(&c);
  if (e != cudaSuccess) return e;
  c->handles = calloc(graph->handle_count ? graph->handle_count : 1, sizeof *c->handles);
  if (!c->handles) e = cudaErrorMemoryAllocation;
  for (size_t i = 0; e == cudaSuccess && i < graph->handle_count; i++) {
    c->handles[i] = graph->handles[i];
    rt_memory_retain(c->handles[i].cell);
    c->handle_count++;
  }
  for (size_t i = 0; e == cudaSuccess && i < graph->count; i++) {
    cudaGraphNode_t n = calloc(1, sizeof *n);
    if (!n || !rt_live_add(&rt_nodes, n)) {
      free(n);
      e = cudaErrorMemoryAllocation;
      break;
    }
    n->graph = c;
    n->origin = graph->nodes[i];
    if (!rt_graph_append(c, n)) {
      rt_live_remove(&rt_nodes, n);
      free(n);
      e = cudaErrorMemoryAllocation;
      break;
    }
    e = rt_node_copy(graph->nodes[i], n);
  }
  for (size_t i = 0; e == cudaSuccess && i < graph->edge_count; i++) {
    size_t from = 0, to = 0;
    while (graph->nodes[from] != graph->edges[i].from)
      from++;
    while (graph->nodes[to] != graph->edges[i].to)
      to++;
    if (!rt_edge_append(c, c->nodes[from], c->nodes[to])) e = cudaErrorMemoryAllocation;
  }
  if (e != cudaSuccess) {
    rt_graph_free(c);
    return e;
  }
  *out = c;
  return cudaSuccess;
}

cudaGraphNode_t rt_graph_find_in_clone(cudaGraphNode_t original, cudaGraph_t clone) {
  assert(rt_lock_held() && rt_graph_valid(clone));
  for (size_t i = 0; i < clone->count; i++)
    if (clone->nodes[i]->origin == original) return clone->nodes[i];
  return NULL;
}

cudaError_t rt_graph_conditional_handle(cudaGraph_t graph, unsigned default_value, unsigned flags,
                                        cudaGraphConditionalHandle *out) {
  assert(rt_lock_held() && rt_graph_valid(graph) && out);
  rt_graph_handle *handles =
      realloc(graph->handles, (graph->handle_count + 1) * sizeof *graph->handles);
  if (!handles) return cudaErrorMemoryAllocation;
  graph->handles = handles;
  rt_graph_memory *cell;
  cudaError_t e = rt_memory_new(sizeof(unsigned), &cell);
  if (e != cudaSuccess) return e;
  e = rt_memory_copy(rt_device_current(), cell->pointer, &default_value, sizeof default_value,
                     cudaMemcpyHostToDevice);
  if (e != cudaSuccess) {
    rt_memory_release(cell);
    return e;
  }
  graph->handles[graph->handle_count++] = (rt_graph_handle){cell, default_value, flags};
  *out = (cudaGraphConditionalHandle)(uintptr_t)cell->pointer;
  return cudaSuccess;
}

/* ---- instantiation ------------------------------------------------------------------- */

static cudaError_t rt_graph_settle(void);

static void rt_exec_free(cudaGraphExec_t x) {
  for (size_t i = 0; i < x->count; i++) {
    rt_exec_node *xn = &x->order[i];
    if (xn->child) rt_exec_free(xn->child);
    if (xn->bodies) {
      for (unsigned b = 0; b < xn->node->params.conditional.size; b++)
        if (xn->bodies[b]) rt_exec_free(xn->bodies[b]);
      free(xn->bodies);
    }
    free(xn->waits);
    if (xn->branch) rt_stream_destroy(xn->branch); /* its work completes */
    rt_gate_destroy(xn->gate);
  }
  for (unsigned k = 1; k < RT_GRAPH_LANES; k++)
    if (x->lanes[k]) rt_stream_destroy(x->lanes[k]);
  free(x->order);
  if (x->graph) rt_graph_free(x->graph);
  rt_live_remove(&rt_execs, x);
  rt_handle_retire(x);
}

static cudaError_t rt_exec_build(cudaGraph_t clone, unsigned long long flags, cudaGraphExec_t *out,
                                 cudaGraphNode_t *error_node, cudaGraphInstantiateResult *result);

/* Kahn's algorithm, ties in creation order. false: a cycle. */
static bool rt_topological_order(cudaGraph_t g, cudaGraphNode_t *order) {
  size_t *pending = calloc(g->count ? g->count : 1, sizeof *pending);
  bool *placed = calloc(g->count ? g->count : 1, sizeof *placed);
  bool ok = pending && placed;
  for (size_t i = 0; ok && i < g->count; i++)
    for (size_t e = 0; e < g->edge_count; e++)
      pending[i] += g->edges[e].to == g->nodes[i];
  size_t done = 0;
  while (ok && done < g->count) {
    size_t pick = g->count;
    for (size_t i = 0; i < g->count && pick == g->count; i++)
      if (!placed[i] && pending[i] == 0) pick = i;
    if (pick == g->count) {
      ok = false;
      break;
    }
    placed[pick] = true;
    order[done++] = g->nodes[pick];
    for (size_t e = 0; e < g->edge_count; e++)
      if (g->edges[e].from == g->nodes[pick])
        for (size_t i = 0; i < g->count; i++)
          if (g->nodes[i] == g->edges[e].to) pending[i]--;
  }
  free(pending);
  free(placed);
  return ok;
}

/* The schedule of a replay, from x->order (a topological order): each node
 * gets a lane, greedily — the lane whose last node is one of its
 * predecessors (the lowest such lane), else an unused lane while there are
 * any, else the lane whose last node came first — so that a chain of
 * dependent nodes stays on one lane and independent branches spread over
 * up to RT_GRAPH_LANES. A lane runs its nodes in order; a predecessor on
 * another lane becomes a wait for that lane's position after it, unless
 * what the node already knows to be done covers it: known[i][l] is how many
 * of lane l's nodes are done when node i is (a vector clock), so a wait is
 * kept only for the last predecessor on each lane, and only when neither
 * the lane's earlier nodes nor another kept wait imply it. */
static cudaError_t rt_exec_schedule(cudaGraphExec_t x) {
  cudaGraph_t g = x->graph;
  size_t n = x->count, lanes = RT_GRAPH_LANES;
  x->lane_count = 1;
  if (n == 0) return cudaSuccess;
  size_t *first = calloc(n + 1, sizeof *first); /* predecessors: CSR by node */
  size_t *from = calloc(g->edge_count + 1, sizeof *from);
  size_t *known = calloc(n * lanes, sizeof *known);
  size_t *position = calloc(n, sizeof *position); /* 1-based place in its lane */
  size_t *filled = calloc(n, sizeof *filled);
  cudaError_t e =
      first && from && known && position && filled ? cudaSuccess : cudaErrorMemoryAllocation;
  for (size_t i = 0; i < n; i++)
    x->order[i].node->order_index = i;
  for (size_t k = 0; e == cudaSuccess && k < g->edge_count; k++)
    first[g->edges[k].to->order_index + 1]++;
  for (size_t i = 0; e == cudaSuccess && i < n; i++)
    first[i + 1] += first[i];
  for (size_t k = 0; e == cudaSuccess && k < g->edge_count; k++) {
    size_t to = g->edges[k].to->order_index;
    from[first[to] + filled[to]++] = g->edges[k].from->order_index;
  }
  size_t tail[RT_GRAPH_LANES], length[RT_GRAPH_LANES] = {0};
  for (size_t l = 0; l < lanes; l++)
    tail[l] = SIZE_MAX;
  for (size_t i = 0; e == cudaSuccess && i < n; i++) {
    rt_exec_node *xn = &x->order[i];
    size_t lane = lanes;
    for (size_t k = first[i]; k < first[i + 1]; k++) {
      size_t p = from[k], l = x->order[p].lane;
      if (tail[l] == p && l < lane) lane = l;
    }
    if (lane == lanes && i == 0) lane = 0;
    if (lane == lanes && x->lane_count < lanes) lane = x->lane_count++;
    if (lane == lanes) {
      lane = 0;
      for (size_t l = 1; l < x->lane_count; l++)
        if (tail[l] < tail[lane]) lane = l;
    }
    xn->lane = (unsigned)lane;
    position[i] = ++length[lane];
    /* the last predecessor on each other lane */
    size_t need[RT_GRAPH_LANES] = {0}, by[RT_GRAPH_LANES];
    for (size_t k = first[i]; k < first[i + 1]; k++) {
      size_t p = from[k], l = x->order[p].lane;
      if (l != lane && position[p] > need[l]) {
        need[l] = position[p];
        by[l] = p;
      }
    }
    size_t *mine = &known[i * lanes];
    if (length[lane] > 1) memcpy(mine, &known[tail[lane] * lanes], lanes * sizeof *mine);
    bool keep[RT_GRAPH_LANES] = {false};
    for (size_t l = 0; l < lanes; l++)
      keep[l] = need[l] > mine[l];
    for (size_t l = 0; l < lanes; l++)
      for (size_t m = 0; keep[l] && m < lanes; m++)
        if (m != l && keep[m] && known[by[m] * lanes + l] >= need[l]) keep[l] = false;
    for (size_t l = 0; l < lanes; l++) {
      if (!keep[l]) continue;
      size_t *waits = realloc(xn->waits, (xn->wait_count + 1) * sizeof *waits);
      if (!waits) {
        e = cudaErrorMemoryAllocation;
        break;
      }
      xn->waits = waits;
      xn->waits[xn->wait_count++] = by[l];
      x->order[by[l]].signals = true;
      for (size_t m = 0; m < lanes; m++)
        if (known[by[l] * lanes + m] > mine[m]) mine[m] = known[by[l] * lanes + m];
    }
    mine[lane] = position[i];
    tail[lane] = i;
  }
  free(first);
  free(from);
  free(known);
  free(position);
  free(filled);
  return e;
}

static cudaError_t rt_exec_build(cudaGraph_t clone, unsigned long long flags, cudaGraphExec_t *out,
                                 cudaGraphNode_t *error_node, cudaGraphInstantiateResult *result) {
  cudaGraphExec_t x = calloc(1, sizeof *x);
  cudaGraphNode_t *order = calloc(clone->count ? clone->count : 1, sizeof *order);
  if (!x || !order || !rt_live_add(&rt_execs, x)) {
    free(x);
    free(order);
    rt_graph_free(clone);
    return cudaErrorMemoryAllocation;
  }
  x->graph = clone;
  clone->internal = true;
  x->flags = flags;
  x->order = calloc(clone->count ? clone->count : 1, sizeof *x->order);
  cudaError_t e = x->order ? cudaSuccess : cudaErrorMemoryAllocation;
  if (e == cudaSuccess && !rt_topological_order(clone, order)) {
    *result = cudaGraphInstantiateInvalidStructure;
    e = cudaErrorInvalidValue;
  }
  for (size_t i = 0; e == cudaSuccess && i < clone->count; i++) {
    rt_exec_node *xn = &x->order[i];
    xn->node = order[i];
    xn->enabled = true;
    x->count++;
    cudaGraphNode_t n = order[i];
    if (n->child) {
      cudaGraph_t child;
      e = rt_graph_clone(n->child, &child);
      if (e == cudaSuccess) e = rt_exec_build(child, flags, &xn->child, error_node, result);
      if (e == cudaSuccess) xn->child->nested = true;
    }
    if (e == cudaSuccess && n->bodies) {
      xn->bodies = calloc(n->params.conditional.size, sizeof *xn->bodies);
      if (!xn->bodies) e = cudaErrorMemoryAllocation;
      for (unsigned b = 0; e == cudaSuccess && b < n->params.conditional.size; b++) {
        cudaGraph_t body;
        e = rt_graph_clone(n->bodies[b], &body);
        if (e == cudaSuccess) e = rt_exec_build(body, flags, &xn->bodies[b], error_node, result);
        if (e == cudaSuccess) xn->bodies[b]->nested = true;
      }
    }
    if (e != cudaSuccess && error_node && !*error_node) *error_node = n->origin;
  }
  free(order);
  if (e == cudaSuccess) e = rt_exec_schedule(x);
  if (e != cudaSuccess) {
    rt_exec_free(x);
    return e;
  }
  *out = x;
  return cudaSuccess;
}

cudaError_t rt_graph_instantiate(cudaGraph_t graph, unsigned long long flags, cudaGraphExec_t *out,
                                 cudaGraphNode_t *error_node, cudaGraphInstantiateResult *result) {
  assert(rt_lock_held() && rt_graph_valid(graph) && out && result);
  *result = cudaGraphInstantiateSuccess;
  if (error_node) *error_node = NULL;
  cudaGraph_t clone;
  cudaError_t e = rt_graph_clone(graph, &clone);
  if (e == cudaSuccess) e = rt_exec_build(clone, flags, out, error_node, result);
  if (e != cudaSuccess && *result == cudaGraphInstantiateSuccess)
    *result = cudaGraphInstantiateError;
  return e;
}

cudaError_t rt_graph_exec_destroy(cudaGraphExec_t exec) {
  assert(rt_lock_held() && rt_graph_exec_valid(exec));
  cudaError_t e = rt_graph_settle(); /* a conditional evaluation in flight may use it */
  if (e == cudaSuccess) rt_exec_free(exec);
  return e;
}

unsigned long long rt_graph_exec_flags(cudaGraphExec_t exec) {
  assert(rt_lock_held() && rt_graph_exec_valid(exec));
  return exec->flags;
}

static rt_exec_node *rt_exec_find(cudaGraphExec_t x, cudaGraphNode_t original) {
  for (size_t i = 0; i < x->count; i++)
    if (x->order[i].node->origin == original) return &x->order[i];
  return NULL;
}

cudaError_t rt_graph_exec_set_params(cudaGraphExec_t exec, cudaGraphNode_t node,
                                     struct cudaGraphNodeParams *params) {
  assert(rt_lock_held() && rt_graph_exec_valid(exec) && params);
  cudaError_t settled = rt_graph_settle(); /* a launch in flight keeps its parameters */
  if (settled != cudaSuccess) return settled;
  rt_exec_node *xn = rt_exec_find(exec, node);
  if (!xn || xn->node->params.type != params->type) return cudaErrorInvalidValue;
  cudaGraphNode_t n = xn->node;
  switch (params->type) {
  case cudaGraphNodeTypeKernel: break; /* CUDA 12+: the function may change too */
  case cudaGraphNodeTypeMemAlloc:
  case cudaGraphNodeTypeMemFree:
  case cudaGraphNodeTypeConditional: return cudaErrorInvalidValue;
  case cudaGraphNodeTypeGraph: {
    /* the new child must have the instantiated child's topology */
    cudaGraphExec_t child = xn->child;
    if (!rt_graph_valid(params->graph.graph)) return cudaErrorInvalidValue;
    cudaGraphExecUpdateResultInfo info;
    return rt_graph_exec_update(child, params->graph.graph, &info);
  }
  default: break;
  }
  return rt_node_set(n->graph, n, params);
}

cudaError_t rt_graph_exec_enable(cudaGraphExec_t exec, cudaGraphNode_t node, bool enable,
                                 bool *enabled_out) {
  assert(rt_lock_held() && rt_graph_exec_valid(exec));
  cudaError_t settled = enabled_out ? cudaSuccess : rt_graph_settle();
  if (settled != cudaSuccess) return settled;
  rt_exec_node *xn = rt_exec_find(exec, node);
  if (!xn) return cudaErrorInvalidValue;
  enum cudaGraphNodeType t = xn->node->params.type;
  if (t != cudaGraphNodeTypeKernel && t != cudaGraphNodeTypeMemcpy && t != cudaGraphNodeTypeMemset)
    return cudaErrorInvalidValue; /* CUDA: only kernel, memcpy and memset nodes */
  if (enabled_out)
    *enabled_out = xn->enabled;
  else
    xn->enabled = enable;
  return cudaSuccess;
}

/* Whether two graphs have the same shape: node counts, types per position
 * in creation order, and edges by position. */
static enum cudaGraphExecUpdateResult rt_same_topology(cudaGraph_t a, cudaGraph_t b,
                                                       cudaGraphNode_t *error_node) {
  if (a->count != b->count || a->edge_count != b->edge_count)
    return cudaGraphExecUpdateErrorTopologyChanged;
  for (size_t i = 0; i < a->count; i++)
    if (a->nodes[i]->params.type != b->nodes[i]->params.type) {
      *error_node = b->nodes[i];
      return cudaGraphExecUpdateErrorNodeTypeChanged;
    }
  for (size_t e = 0; e < a->edge_count; e++) {
    size_t from = 0, to = 0;
    while (a->nodes[from] != a->edges[e].from)
      from++;
    while (a->nodes[to] != a->edges[e].to)
      to++;
    if (!rt_edge_exists(b, b->nodes[from], b->nodes[to]))
      return cudaGraphExecUpdateErrorTopologyChanged;
  }
  return cudaGraphExecUpdateSuccess;
}

cudaError_t rt_graph_exec_update(cudaGraphExec_t exec, cudaGraph_t graph,
                                 cudaGraphExecUpdateResultInfo *info) {
  assert(rt_lock_held() && rt_graph_exec_valid(exec) && rt_graph_valid(graph) && info);
  info->errorNode = info->errorFromNode = NULL;
  info->result = cudaGraphExecUpdateError;
  cudaError_t settled = rt_graph_settle();
  if (settled != cudaSuccess) return settled;
  cudaGraph_t mine = exec->graph;
  info->result = rt_same_topology(mine, graph, &info->errorNode);
  for (size_t i = 0; info->result == cudaGraphExecUpdateSuccess && i < mine->count; i++) {
    cudaGraphNode_t from = graph->nodes[i], to = mine->nodes[i];
    enum cudaGraphNodeType t = from->params.type;
    if (t == cudaGraphNodeTypeMemAlloc || t == cudaGraphNodeTypeMemFree) {
      if (memcmp(&from->params, &to->params, sizeof from->params) != 0) {
        info->result = cudaGraphExecUpdateErrorNotSupported;
        info->errorNode = from;
      }
      continue;
    }
    if (t == cudaGraphNodeTypeGraph || t == cudaGraphNodeTypeConditional) {
      for (size_t x = 0; x < exec->count; x++) {
        rt_exec_node *xn = &exec->order[x];
        if (xn->node != to) continue;
        if (xn->child && rt_graph_exec_update(xn->child, from->child, info) != cudaSuccess)
          info->errorNode = from;
        for (unsigned b = 0; xn->bodies && info->result == cudaGraphExecUpdateSuccess &&
                             b < to->params.conditional.size;
             b++)
          if (from->params.conditional.size != to->params.conditional.size ||
              rt_graph_exec_update(xn->bodies[b], from->bodies[b], info) != cudaSuccess)
            info->errorNode = from;
      }
      if (t == cudaGraphNodeTypeConditional && info->result == cudaGraphExecUpdateSuccess &&
          from->params.conditional.handle != to->params.conditional.handle) {
        info->result = cudaGraphExecUpdateErrorParametersChanged;
        info->errorNode = from;
      }
      continue;
    }
    if (t == cudaGraphNodeTypeKernel) {
      /* CUDA: "a cooperative node cannot be updated to a non-cooperative node, and
       * vice-versa"; the other attributes are updated with the parameters */
      if (rt_node_cooperative(from) != rt_node_cooperative(to)) {
        info->result = cudaGraphExecUpdateErrorAttributesChanged;
        info->errorNode = from;
        continue;
      }
      memcpy(to->attributes, from->attributes, sizeof to->attributes);
    }
    struct cudaGraphNodeParams p = from->params;
    if (rt_node_set(mine, to, &p) != cudaSuccess) {
      info->result = cudaGraphExecUpdateErrorParametersChanged;
      info->errorNode = from;
    }
  }
  /* the instance's nodes stay those of the graph it was instantiated from */
  return info->result == cudaGraphExecUpdateSuccess ? cudaSuccess : cudaErrorGraphExecUpdateFailure;
}

/* ---- replay ---------------------------------------------------------------------------- */

static cudaError_t rt_run_copy(rt_device *d, const struct cudaMemcpy3DParms *c,
                               cudaStream_t stream) {
  if (c->srcArray || c->dstArray) /* CUDA arrays (core_texture.c) */
    return (c->srcArray && !rt_array_valid(c->srcArray)) ||
                   (c->dstArray && !rt_array_valid(c->dstArray))
               ? cudaErrorInvalidValue
               : rt_array_copy(d, c, stream);
  size_t width = c->extent.width, height = c->extent.height ? c->extent.height : 1;
  size_t depth = c->extent.depth ? c->extent.depth : 1;
  size_t spitch = c->srcPtr.pitch ? c->srcPtr.pitch : width;
  size_t dpitch = c->dstPtr.pitch ? c->dstPtr.pitch : width;
  size_t sslice = spitch * (c->srcPtr.ysize ? c->srcPtr.ysize : height);
  size_t dslice = dpitch * (c->dstPtr.ysize ? c->dstPtr.ysize : height);
  const char *src =
      (const char *)c->srcPtr.ptr + c->srcPos.z * sslice + c->srcPos.y * spitch + c->srcPos.x;
  char *dst = (char *)c->dstPtr.ptr + c->dstPos.z * dslice + c->dstPos.y * dpitch + c->dstPos.x;
  if (width == 0) return cudaSuccess;
  if (height == 1 && depth == 1) /* a blit on the launch stream where one can do it */
    return rt_memory_copy_async(d, dst, src, width, c->kind, stream);
  /* 2-D/3-D: blits on the launch stream where they can (rt_memory_copy_3d) */
  rt_region to = {dst, dpitch, dslice}, from = {(void *)(uintptr_t)src, spitch, sslice};
  return rt_memory_copy_3d(d, &to, &from, width, height, depth, c->kind, stream);
}

static cudaError_t rt_run_memset(rt_device *d, const struct cudaMemsetParamsV2 *m,
                                 cudaStream_t stream) {
  size_t height = m->height ? m->height : 1, bytes = m->width * m->elementSize;
  size_t pitch = height > 1 ? m->pitch : bytes;
  unsigned char b = (unsigned char)m->value;
  bool bytewise = m->elementSize == 1 ||
                  (m->elementSize == 2 && (m->value & 0xffff) == b * 0x0101u) ||
                  (m->elementSize == 4 && m->value == b * 0x01010101u);
  if (bytewise && height == 1) return rt_memory_fill_async(d, m->dst, b, bytes, stream);
  if (bytewise) {
    rt_region r = {m->dst, pitch, 0};
    return rt_memory_fill_3d(d, &r, b, bytes, height, 1, stream);
  }
  /* a 16/32-bit pattern: the host writes it in order (CUDA pointers are
   * the arena's CPU addresses), after the work before it */
  for (size_t y = 0; y < height; y++)
    if (!rt_memory_find(d, (char *)m->dst + y * pitch, bytes)) return cudaErrorInvalidValue;
  cudaError_t e = rt_wait_all();
  for (size_t y = 0; e == cudaSuccess && y < height; y++) {
    char *row = (char *)m->dst + y * pitch;
    for (size_t x = 0; x < m->width; x++) {
      if (m->elementSize == 2) {
        unsigned short v = (unsigned short)m->value;
        memcpy(row + x * 2, &v, 2);
      } else {
        memcpy(row + x * 4, &m->value, 4);
      }
    }
  }
  return e;
}

static cudaError_t rt_exec_run(rt_device *d, cudaGraphExec_t x, cudaStream_t stream, bool async);

/* The body a conditional node's value chooses: -1 for none. */
static int rt_conditional_choice(const struct cudaConditionalNodeParams *c, unsigned value) {
  if (c->type == cudaGraphCondTypeSwitch) return value < c->size ? (int)value : -1;
  if (value) return 0;
  return c->type == cudaGraphCondTypeIf && c->size == 2 ? 1 : -1;
}

/* Synchronously, on the launching thread: waits for the work before the
 * node, reads the handle's cell and runs the chosen body's instance, again
 * after each body of a while node. For the bodies rt_exec_asynchronous
 * rejects (their nodes wait for the device themselves). */
static cudaError_t rt_run_conditional(rt_device *d, const rt_exec_node *xn, cudaStream_t stream) {
  const struct cudaConditionalNodeParams *c = &xn->node->params.conditional;
  const volatile unsigned *cell = (const volatile unsigned *)(uintptr_t)c->handle;
  for (;;) {
    cudaError_t e = rt_wait_all(); /* the value the work before it wrote */
    if (e != cudaSuccess) return e;
    int body = rt_conditional_choice(c, *cell);
    if (body < 0) return cudaSuccess;
    e = rt_exec_run(d, xn->bodies[body], stream, false);
    if (e != cudaSuccess || c->type != cudaGraphCondTypeWhile) return e;
  }
}

/* Conditional evaluations in flight (rt_graph_settle waits for them). */
static unsigned rt_continuations;

/* One asynchronous evaluation of a conditional node: the node's lane waits
 * at its gate for ticket, which the last continuation opens. */
typedef struct {
  rt_device *device;
  rt_exec_node *node;
  uint64_t ticket;
} rt_evaluation;

static void rt_evaluation_end(rt_evaluation *v, cudaError_t e) {
  if (e != cudaSuccess) rt_set_sticky_error(e); /* the graph's work did not all run */
  rt_gate_open(v->node->gate, v->ticket);
  rt_continuations--;
  free(v);
}

/* After a body of an if or switch node: the node is done. */
static void rt_conditional_done(void *context, cudaError_t status) {
  (void)status; /* a failure is the sticky error already, or will be when retired */
  rt_enter();
  rt_evaluation_end(context, cudaSuccess);
  rt_leave_unrecorded(cudaSuccess);
}

/* A continuation (rt_stream_notify) after the work before the node, and
 * after each body of a while node: reads the cell (device code wrote it,
 * the command buffers before have completed), enqueues the chosen body on
 * the node's branch stream followed by the next continuation, or opens the
 * gate. Runs on Metal's completion thread, never waits. */
static void rt_conditional_evaluate(void *context, cudaError_t status) {
  rt_evaluation *v = context;
  rt_enter();
  const struct cudaConditionalNodeParams *c = &v->node->node->params.conditional;
  cudaError_t e = cudaSuccess;
  int body = status == cudaSuccess ? rt_conditional_choice(c, *(volatile unsigned *)c->handle) : -1;
  if (body >= 0) {
    e = rt_exec_run(v->device, v->node->bodies[body], v->node->branch, true);
    rt_notify_fn next =
        c->type == cudaGraphCondTypeWhile ? rt_conditional_evaluate : rt_conditional_done;
    if (e == cudaSuccess) e = rt_stream_notify(v->device, v->node->branch, next, v);
    if (e == cudaSuccess) {
      rt_leave_unrecorded(e);
      return;
    }
  }
  rt_evaluation_end(v, e);
  rt_leave_unrecorded(e);
}

/* Asynchronously: a continuation after the work before the node on its
 * lane, and a gate the lane's later work waits for (core_gate.c). The
 * launching thread goes on at once. */
static cudaError_t rt_launch_conditional(rt_device *d, rt_exec_node *xn, cudaStream_t lane) {
  cudaError_t e = cudaSuccess;
  if (!xn->branch)
    e = rt_stream_create(cudaStreamNonBlocking, RT_STREAM_PRIORITY_LEAST, &xn->branch);
  if (e == cudaSuccess && !xn->gate) e = rt_gate_create(d, &xn->gate);
  rt_evaluation *v = e == cudaSuccess ? malloc(sizeof *v) : NULL;
  if (!v) return e != cudaSuccess ? e : cudaErrorMemoryAllocation;
  *v = (rt_evaluation){d, xn, rt_gate_ticket(xn->gate)};
  e = rt_stream_notify(d, lane, rt_conditional_evaluate, v);
  if (e != cudaSuccess) {
    rt_gate_open(xn->gate, v->ticket); /* keep the tickets in order */
    free(v);
    return e;
  }
  rt_continuations++; /* v is the continuation's from here on */
  return rt_stream_wait_gate(d, lane, xn->gate, v->ticket);
}

/* Waits (lock held) until no conditional evaluation is in flight, so that
 * an instance can change or go; cudaErrorNotPermitted (and no wait) when
 * some are and the caller is a host function, which must not wait. */
static cudaError_t rt_graph_settle(void) {
  while (rt_continuations) {
    if (rt_wait_all() == cudaErrorNotPermitted) return cudaErrorNotPermitted;
    if (rt_continuations && rt_all_completed()) { /* one about to take the lock */
      rt_unlock();
      sched_yield();
      rt_lock();
    }
  }
  return cudaSuccess;
}

/* Whether every node of x, and of its children and bodies, is one an
 * asynchronous evaluation can enqueue without waiting for the device:
 * host nodes are (a host function on the stream), and so are copies and
 * memsets a blit does (1-D, both sides in the arena, 4-byte aligned);
 * the others (a 2-D copy, a 16-bit pattern, pageable memory) wait for the
 * device on the host (core_memory.c). */
static bool rt_exec_asynchronous(rt_device *d, cudaGraphExec_t x) {
  for (size_t i = 0; i < x->count; i++) {
    const rt_exec_node *xn = &x->order[i];
    const struct cudaGraphNodeParams *p = &xn->node->params;
    if (!xn->enabled) continue;
    if (xn->child && !rt_exec_asynchronous(d, xn->child)) return false;
    for (unsigned b = 0; xn->bodies && b < p->conditional.size; b++)
      if (!rt_exec_asynchronous(d, xn->bodies[b])) return false;
    if (p->type == cudaGraphNodeTypeMemset) {
      const struct cudaMemsetParamsV2 *m = &p->memset;
      size_t bytes = m->width * m->elementSize;
      unsigned char b = (unsigned char)m->value;
      bool bytewise = m->elementSize == 1 ||
                      (m->elementSize == 2 && (m->value & 0xffff) == b * 0x0101u) ||
                      (m->elementSize == 4 && m->value == b * 0x01010101u);
      if (!bytewise || m->height > 1 || bytes % 4 || (uintptr_t)m->dst % 4 ||
          !rt_memory_find(d, m->dst, bytes))
        return false;
    }
    if (p->type == cudaGraphNodeTypeMemcpy) {
      const struct cudaMemcpy3DParms *c = &p->memcpy.copyParams;
      const char *src = (const char *)c->srcPtr.ptr + c->srcPos.x;
      const char *dst = (const char *)c->dstPtr.ptr + c->dstPos.x;
      size_t width = c->extent.width;
      if (c->extent.height > 1 || c->extent.depth > 1 || c->srcPos.y || c->srcPos.z ||
          c->dstPos.y || c->dstPos.z || width % 4 || (uintptr_t)src % 4 || (uintptr_t)dst % 4 ||
          (width && (!rt_memory_find(d, src, width) || !rt_memory_find(d, dst, width))))
        return false;
    }
  }
  return true;
}

/* Whether the conditional nodes of x (and of its children) can be evaluated
 * asynchronously: their bodies are rt_exec_asynchronous. */
static bool rt_exec_conditionals_asynchronous(rt_device *d, cudaGraphExec_t x) {
  for (size_t i = 0; i < x->count; i++) {
    const rt_exec_node *xn = &x->order[i];
    if (xn->child && !rt_exec_conditionals_asynchronous(d, xn->child)) return false;
    for (unsigned b = 0; xn->bodies && b < xn->node->params.conditional.size; b++)
      if (!rt_exec_asynchronous(d, xn->bodies[b])) return false;
  }
  return true;
}

static cudaError_t rt_run_node(rt_device *d, rt_exec_node *xn, cudaStream_t stream, bool async) {
  cudaGraphNode_t n = xn->node;
  const struct cudaGraphNodeParams *p = &n->params;
  switch ((int)p->type) {
  case cudaGraphNodeTypeKernel: {
    rt_launch_config config = {p->kernel.gridDim, p->kernel.blockDim, p->kernel.sharedMemBytes,
                               stream};
    if (rt_node_cooperative(n))
      return rt_launch_cooperative(d, &n->kernel, &config, n->argument_pointers);
    return rt_launch(d, &n->kernel, &config, n->argument_pointers);
  }
  case cudaGraphNodeTypeMemcpy: return rt_run_copy(d, &p->memcpy.copyParams, stream);
  case cudaGraphNodeTypeMemset: return rt_run_memset(d, &p->memset, stream);
  case cudaGraphNodeTypeHost: /* after the work before it, on a runtime thread */
    return rt_stream_host_function(d, stream, p->host.fn, NULL, p->host.userData);
  case cudaGraphNodeTypeGraph: return rt_exec_run(d, xn->child, stream, async);
  case cudaGraphNodeTypeEventRecord:
    return rt_event_valid(p->eventRecord.event) ? rt_event_record(d, p->eventRecord.event, stream)
                                                : cudaErrorInvalidResourceHandle;
  case cudaGraphNodeTypeWaitEvent: /* a GPU-side wait of the node's lane */
    if (!rt_event_valid(p->eventWait.event)) return cudaErrorInvalidResourceHandle;
    return rt_stream_wait_event(d, stream, p->eventWait.event);
  case cudaGraphNodeTypeConditional:
    return async ? rt_launch_conditional(d, xn, stream) : rt_run_conditional(d, xn, stream);
  case RT_GRAPH_NODE_MEM_OP: { /* on the host, in the lane's order (core_memops.c) */
    const rt_memop_node *m = rt_graph_memop_params(&n->params);
    return rt_stream_memops(d, stream, m->ops, m->count);
  }
  default: /* empty; memory alloc/free: the memory is reserved for the graph */ return cudaSuccess;
  }
}

/* Makes lane wait for the nodes of other lanes xn depends on (their
 * positions, recorded when they were enqueued). */
static cudaError_t rt_exec_wait(rt_device *d, cudaGraphExec_t x, const rt_exec_node *xn,
                                const cudaStream_t *lanes) {
  cudaStream_t waited[RT_GRAPH_LANES];
  uint64_t positions[RT_GRAPH_LANES];
  assert(xn->wait_count < RT_GRAPH_LANES);
  for (size_t k = 0; k < xn->wait_count; k++) {
    const rt_exec_node *before = &x->order[xn->waits[k]];
    waited[k] = lanes[before->lane];
    positions[k] = before->position;
  }
  return rt_stream_wait_streams(d, lanes[xn->lane], waited, positions, xn->wait_count);
}

/* A replay of x on stream, following the schedule (rt_exec_schedule). With
 * more than one lane the launch stream first commits a mark (its earlier
 * work, CUDA's legacy-stream waits) that every other lane waits for, and at
 * the end waits for every lane: the graph starts after the stream's earlier
 * work and its later work waits for the whole graph. On each lane a run of
 * consecutive kernel nodes is one command buffer (rt_launch_batch_add: the
 * arena's hazard tracking orders its encoders); a wait for another lane,
 * and any other node, commits it first (any other node commits every open
 * batch: it may wait for the device, when no command buffer may be open). */
static cudaError_t rt_exec_run(rt_device *d, cudaGraphExec_t x, cudaStream_t stream, bool async) {
  cudaStream_t lanes[RT_GRAPH_LANES] = {stream};
  cudaError_t e = cudaSuccess;
  for (unsigned k = 1; e == cudaSuccess && k < x->lane_count; k++) {
    if (!x->lanes[k])
      e = rt_stream_create(cudaStreamNonBlocking, RT_STREAM_PRIORITY_LEAST, &x->lanes[k]);
    lanes[k] = x->lanes[k];
  }
  if (e == cudaSuccess && x->lane_count > 1) { /* fork */
    e = rt_stream_wait_streams(d, stream, NULL, NULL, 0);
    uint64_t start = rt_stream_position(stream);
    for (unsigned k = 1; e == cudaSuccess && k < x->lane_count; k++)
      e = rt_stream_wait_streams(d, lanes[k], &lanes[0], &start, 1);
  }
  if (e != cudaSuccess) return e;
  rt_launch_batch batches[RT_GRAPH_LANES] = {{0}};
  for (size_t i = 0; e == cudaSuccess && i < x->count; i++) {
    rt_exec_node *xn = &x->order[i];
    cudaStream_t lane = lanes[xn->lane];
    if (xn->wait_count) {
      rt_launch_batch_commit(&batches[xn->lane]);
      e = rt_exec_wait(d, x, xn, lanes);
    }
    const struct cudaGraphNodeParams *p = &xn->node->params;
    if (e == cudaSuccess && xn->enabled && p->type == cudaGraphNodeTypeKernel) {
      rt_launch_config config = {p->kernel.gridDim, p->kernel.blockDim, p->kernel.sharedMemBytes,
                                 lane};
      e = rt_launch_batch_add(d, &batches[xn->lane], &xn->node->kernel, &config,
                              xn->node->arguments, rt_node_cooperative(xn->node));
    } else if (e == cudaSuccess && xn->enabled) {
      for (unsigned k = 0; k < x->lane_count; k++)
        rt_launch_batch_commit(&batches[k]);
      e = rt_run_node(d, xn, lane, async);
    }
    if (xn->signals) {
      rt_launch_batch_commit(&batches[xn->lane]);
      xn->position = rt_stream_position(lane);
    }
  }
  for (unsigned k = 0; k < x->lane_count; k++)
    rt_launch_batch_commit(&batches[k]);
  if (x->lane_count > 1) { /* join, also after an error: the stream's order stays */
    uint64_t ends[RT_GRAPH_LANES];
    for (unsigned k = 1; k < x->lane_count; k++)
      ends[k] = rt_stream_position(lanes[k]);
    cudaError_t joined = rt_stream_wait_streams(d, stream, &lanes[1], &ends[1], x->lane_count - 1);
    if (e == cudaSuccess) e = joined;
  }
  return e;
}

cudaError_t rt_graph_launch(rt_device *device, cudaGraphExec_t exec, cudaStream_t stream) {
  assert(rt_lock_held() && device && rt_graph_exec_valid(exec));
  cudaError_t e = cudaSuccess;
  /* CUDA orders each launch after the instance's previous one, even on
   * another stream (the lanes are the instance's, lane 0 is not) */
  unsigned long long id = rt_stream_id(stream);
  if (exec->last_id && exec->last_id != id && rt_stream_valid(exec->last_stream) &&
      rt_stream_id(exec->last_stream) == exec->last_id)
    e = rt_stream_wait_streams(device, stream, &exec->last_stream, &exec->last_position, 1);
  /* cudaGraphCondAssignDefault: the handle's default at the start of each launch */
  for (size_t i = 0; e == cudaSuccess && i < exec->graph->handle_count; i++) {
    const rt_graph_handle *h = &exec->graph->handles[i];
    if (h->flags & cudaGraphCondAssignDefault)
      e = rt_memory_copy_async(device, h->cell->pointer, &h->default_value, sizeof h->default_value,
                               cudaMemcpyHostToDevice, stream);
  }
  if (e == cudaSuccess)
    e = rt_exec_run(device, exec, stream, rt_exec_conditionals_asynchronous(device, exec));
  exec->last_stream = stream;
  exec->last_id = id;
  exec->last_position = rt_stream_position(stream);
  return e;
}

/* ---- DOT output ------------------------------------------------------------------------- */

static const char *rt_node_type_name(enum cudaGraphNodeType t) {
  static const char *const names[] = {
      "KERNEL",       "MEMCPY",       "MEMSET",           "HOST",           "GRAPH",     "EMPTY",
      "WAIT_EVENT",   "EVENT_RECORD", "EXT_SEMAS_SIGNAL", "EXT_SEMAS_WAIT", "MEM_ALLOC", "MEM_FREE",
      "BATCH_MEM_OP", "CONDITIONAL"};
  return (unsigned)t < sizeof names / sizeof *names ? names[t] : "UNKNOWN";
}

/* CUDA's layout (docs/runtime.md, "cudaGraphDebugDotPrint"): a dashed cluster per graph,
 * named graph_<id>; node statements "graph_<id>_node_<index>"; a plain kernel node is a
 * bold octagon labelled with its index and function name, a child graph node a rectangle
 * naming its graph; a detailed node (Verbose, or its type's flag) is a record whose first
 * field is the type, then ID (topoId: its position from the end of a topological order),
 * handles and parameters. */
static unsigned long long rt_ptr(const void *p) {
  return (unsigned long long)(uintptr_t)p;
}

static const char *rt_dot_copy_kind(enum cudaMemcpyKind kind) {
  switch (kind) {
  case cudaMemcpyHostToHost: return "HtoH (HOST to HOST)";
  case cudaMemcpyHostToDevice: return "HtoD (HOST to DEVICE)";
  case cudaMemcpyDeviceToHost: return "DtoH (DEVICE to HOST)";
  case cudaMemcpyDeviceToDevice: return "DtoD (DEVICE to DEVICE)";
  default: return "DEFAULT (UNIFIED)";
  }
}

/* The short kind of the plain memcpy label, "(DtoH,128)". */
static const char *rt_dot_copy_short(enum cudaMemcpyKind kind) {
  switch (kind) {
  case cudaMemcpyHostToHost: return "HtoH";
  case cudaMemcpyHostToDevice: return "HtoD";
  case cudaMemcpyDeviceToHost: return "DtoH";
  case cudaMemcpyDeviceToDevice: return "DtoD";
  default: return "DEFAULT";
  }
}

static void rt_dot_dim(FILE *f, dim3 d) {
  if (d.y == 1 && d.z == 1)
    fprintf(f, "%u", d.x);
  else
    fprintf(f, "(%u,%u,%u)", d.x, d.y, d.z);
}

static bool rt_dot_detailed(enum cudaGraphNodeType t, unsigned flags) {
  if (flags & cudaGraphDebugDotFlagsVerbose) return true;
  switch (t) {
  case cudaGraphNodeTypeKernel: return flags & cudaGraphDebugDotFlagsKernelNodeParams;
  case cudaGraphNodeTypeMemcpy: return flags & cudaGraphDebugDotFlagsMemcpyNodeParams;
  case cudaGraphNodeTypeMemset: return flags & cudaGraphDebugDotFlagsMemsetNodeParams;
  case cudaGraphNodeTypeHost: return flags & cudaGraphDebugDotFlagsHostNodeParams;
  case cudaGraphNodeTypeEventRecord:
  case cudaGraphNodeTypeWaitEvent: return flags & cudaGraphDebugDotFlagsEventNodeParams;
  case cudaGraphNodeTypeConditional: return flags & cudaGraphDebugDotFlagsConditionalNodeParams;
  default: return flags & cudaGraphDebugDotFlagsHandles;
  }
}

static void rt_dot_node(FILE *f, cudaGraph_t g, size_t i, size_t topo_id, unsigned flags) {
  cudaGraphNode_t n = g->nodes[i];
  const struct cudaGraphNodeParams *p = &n->params;
  bool kernel = p->type == cudaGraphNodeTypeKernel;
  fprintf(f, "\"graph_%llu_node_%zu\"[style=\"%s\" ", g->id, i, kernel ? "bold" : "solid");
  bool detailed = rt_dot_detailed(p->type, flags);
  /* H200, CUDA 13, 2026-12-01 (tests/e2e/graph_dot.cu): a plain memset node is an
   * invtrapezium "(value,bytes)", a plain memcpy a trapezium "(kind,bytes)" (no space
   * before label=, as CUDA writes it); a detailed memset one record line, a detailed host
   * or empty node a rectangle of "key: value" lines. */
  if (!detailed && p->type == cudaGraphNodeTypeMemset) {
    const struct cudaMemsetParamsV2 *m = &p->memset;
    fprintf(f, "shape=\"invtrapezium\"label=\"%zu\nMEMSET\n(%u,%zu)\n\"];\n\n", i, m->value,
            (size_t)m->elementSize * m->width * m->height);
    return;
  }
  if (!detailed && p->type == cudaGraphNodeTypeMemcpy) {
    const struct cudaMemcpy3DParms *c = &p->memcpy.copyParams;
    fprintf(f, "shape=\"trapezium\"label=\"%zu\nMEMCPY\n(%s,%zu)\n\"];\n\n", i,
            rt_dot_copy_short(c->kind), c->extent.width * c->extent.height * c->extent.depth);
    return;
  }
  if (detailed && p->type == cudaGraphNodeTypeMemset) {
    const struct cudaMemsetParamsV2 *m = &p->memset;
    fprintf(f,
            "style=\"solid\" shape=\"record\" label=\"{MEMSET\n| {{ID | node handle | dptr | "
            "pitch | value | elementSize | width | height} | {%zu (topoId: %zu) | 0x%016llX | "
            "0x%016llX | %zu | %u | %u | %zu | %zu}}}\"];\n\n",
            i, topo_id, rt_ptr(n), rt_ptr(m->dst), m->pitch, m->value, m->elementSize, m->width,
            m->height);
    return;
  }
  if (detailed && (p->type == cudaGraphNodeTypeHost || p->type == cudaGraphNodeTypeEmpty)) {
    fprintf(f, "shape=\"rectangle\" label=\"%zu (topoId: %zu)\n%s\nnode handle: 0x%016llX\n", i,
            topo_id, rt_node_type_name(p->type), rt_ptr(n));
    if (p->type == cudaGraphNodeTypeHost)
      fprintf(f, "fn: 0x%016llX\nuserData: 0x%016llX\n", (unsigned long long)(uintptr_t)p->host.fn,
              rt_ptr(p->host.userData));
    fprintf(f, "\"];\n\n");
    return;
  }
  if (!detailed) {
    fprintf(f, "shape=\"%s\" label=\"%zu\n", kernel ? "octagon" : "rectangle", i);
    if (kernel)
      fprintf(f, "%s", n->kernel.desc->name);
    else if (n->child)
      fprintf(f, "graph_%llu", n->child->id);
    else
      fprintf(f, "%s", rt_node_type_name(p->type));
    fprintf(f, "\n\"];\n\n");
    return;
  }
  fprintf(f, "shape=\"record\" label=\"{");
  if (kernel) {
    fprintf(f, "KERNEL\n| {ID | %zu (topoId: %zu) | %s\\<\\<\\<", i, topo_id, n->kernel.desc->name);
    rt_dot_dim(f, p->kernel.gridDim);
    fprintf(f, ",");
    rt_dot_dim(f, p->kernel.blockDim);
    fprintf(f, ",%u\\>\\>\\>}\n", p->kernel.sharedMemBytes);
    fprintf(f, "| {{node handle | func handle} | {0x%016llX | 0x%016llX}}\n", rt_ptr(n),
            rt_ptr(p->kernel.func));
    fprintf(f,
            "| {accessPolicyWindow | {base_ptr | num_bytes | hitRatio | hitProp | missProp} | "
            "{0x0000000000000000 | 0 | 0.000000 | N | N}}\n| {cooperative | %d}\n"
            "| {priority | %d}\n}\"];\n\n",
            n->attributes[cudaLaunchAttributeCooperative].cooperative,
            n->attributes[cudaLaunchAttributePriority].priority);
    return;
  }
  fprintf(f, "\n%s\n| {{ID | node handle} | {%zu (topoId: %zu) | 0x%016llX}}\n",
          rt_node_type_name(p->type), i, topo_id, rt_ptr(n));
  switch (p->type) {
  case cudaGraphNodeTypeMemcpy: {
    const struct cudaMemcpy3DParms *c = &p->memcpy.copyParams;
    fprintf(f, "| {kind | %s}\n", rt_dot_copy_kind(c->kind));
    fprintf(f,
            "| {{srcPtr | dstPtr} | {pitch | ptr | xsize | ysize | pitch | ptr | xsize | ysize} | "
            "{%zu | 0x%016llX | %zu | %zu | %zu | 0x%016llX | %zu | %zu}}\n",
            c->srcPtr.pitch, rt_ptr(c->srcPtr.ptr), c->srcPtr.xsize, c->srcPtr.ysize,
            c->dstPtr.pitch, rt_ptr(c->dstPtr.ptr), c->dstPtr.xsize, c->dstPtr.ysize);
    fprintf(f,
            "| {{srcPos | {{x | %zu} | {y | %zu} | {z | %zu}}} | {dstPos | {{x | %zu} | {y | %zu} "
            "| {z | %zu}}} | {Extent | {{Width | %zu} | {Height | %zu} | {Depth | %zu}}}}\n",
            c->srcPos.x, c->srcPos.y, c->srcPos.z, c->dstPos.x, c->dstPos.y, c->dstPos.z,
            c->extent.width, c->extent.height, c->extent.depth);
    break;
  }
  case cudaGraphNodeTypeMemset:
    fprintf(f,
            "| {{dst | pitch | value | elementSize | width | height} | "
            "{0x%016llX | %zu | %u | %u | %zu | %zu}}\n",
            rt_ptr(p->memset.dst), p->memset.pitch, p->memset.value, p->memset.elementSize,
            p->memset.width, p->memset.height);
    break;
  case cudaGraphNodeTypeHost:
    fprintf(f, "| {{fn | userData} | {0x%016llX | 0x%016llX}}\n",
            (unsigned long long)(uintptr_t)p->host.fn, rt_ptr(p->host.userData));
    break;
  case cudaGraphNodeTypeGraph: fprintf(f, "| {graph | graph_%llu}\n", n->child->id); break;
  case cudaGraphNodeTypeEventRecord:
  case cudaGraphNodeTypeWaitEvent:
    fprintf(f, "| {event | 0x%016llX}\n", rt_ptr(p->eventRecord.event));
    break;
  case cudaGraphNodeTypeMemAlloc:
    fprintf(f, "| {{dptr | bytesize} | {0x%016llX | %zu}}\n", rt_ptr(p->alloc.dptr),
            p->alloc.bytesize);
    break;
  case cudaGraphNodeTypeMemFree: fprintf(f, "| {dptr | 0x%016llX}\n", rt_ptr(p->free.dptr)); break;
  case cudaGraphNodeTypeConditional:
    fprintf(f, "| {{type | size | handle} | {%d | %u | 0x%016llX}}\n| {bodies |",
            (int)p->conditional.type, p->conditional.size, p->conditional.handle);
    for (unsigned b = 0; b < p->conditional.size; b++)
      fprintf(f, " graph_%llu", n->bodies[b]->id);
    fprintf(f, "}\n");
    break;
  default: break;
  }
  fprintf(f, "}\"];\n\n");
}

static void rt_dot_graph(FILE *f, cudaGraph_t g, unsigned flags) {
  fprintf(f, "subgraph cluster_%llu {\nlabel=\"graph_%llu\" graph[style=\"dashed\"];\n", g->id,
          g->id);
  /* topoId: the position counted from the end of a topological order (creation order
   * when there is a cycle) */
  cudaGraphNode_t *order = calloc(g->count ? g->count : 1, sizeof *order);
  bool sorted = order && rt_topological_order(g, order);
  for (size_t i = 0; i < g->count; i++) {
    size_t position = i;
    for (size_t k = 0; sorted && k < g->count; k++)
      if (order[k] == g->nodes[i]) position = k;
    rt_dot_node(f, g, i, g->count - 1 - position, flags);
  }
  free(order);
  /* Edges by their source's index, each source's in the order they were added; only a
   * detailed dump labels them, with the edge's index among its source's (H200, CUDA 13). */
  bool labelled = flags & cudaGraphDebugDotFlagsVerbose;
  for (size_t from = 0; from < g->count; from++) {
    size_t out = 0;
    for (size_t e = 0; e < g->edge_count; e++) {
      if (g->edges[e].from != g->nodes[from]) continue;
      size_t to = 0;
      while (g->nodes[to] != g->edges[e].to)
        to++;
      fprintf(f, "\"graph_%llu_node_%zu\" -> \"graph_%llu_node_%zu\"", g->id, from, g->id, to);
      if (labelled) fprintf(f, " [headlabel=%zu]", out);
      fprintf(f, ";\n");
      out++;
    }
  }
  fprintf(f, "}\n");
  /* child and body graphs: clusters of their own after this one */
  for (size_t i = 0; i < g->count; i++) {
    cudaGraphNode_t n = g->nodes[i];
    size_t bodies = n->child ? 1 : n->bodies ? n->params.conditional.size : 0;
    for (size_t b = 0; b < bodies; b++)
      rt_dot_graph(f, n->child ? n->child : n->bodies[b], flags);
  }
}

cudaError_t rt_graph_dot(cudaGraph_t graph, const char *path, unsigned flags) {
  assert(rt_lock_held() && rt_graph_valid(graph) && path);
  FILE *f = fopen(path, "w");
  if (!f) return cudaErrorOperatingSystem;
  fprintf(f, "digraph dot {\n");
  rt_dot_graph(f, graph, flags);
  fprintf(f, "}\n");
  return fclose(f) == 0 ? cudaSuccess : cudaErrorOperatingSystem;
}

/* ---- cudaDeviceReset ------------------------------------------------------------------ */

void rt_graph_reset(void) {
  assert(rt_lock_held());
  (void)rt_graph_settle();
  for (size_t i = rt_execs.count; i-- > 0;)
    if (i < rt_execs.count && !((cudaGraphExec_t)rt_execs.items[i])->nested) {
      rt_exec_free(rt_execs.items[i]);
      i = rt_execs.count; /* freeing changed the list: start again from its end */
    }
  for (size_t i = rt_graphs.count; i-- > 0;)
    if (i < rt_graphs.count && !((cudaGraph_t)rt_graphs.items[i])->internal) {
      rt_graph_free(rt_graphs.items[i]);
      i = rt_graphs.count;
    }
  assert(rt_execs.count == 0 && rt_graphs.count == 0 && rt_nodes.count == 0);
}
