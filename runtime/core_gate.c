/* runtime/core_gate.c — continuations of a stream's work on the host, for
 * graph replay's conditional nodes (docs/runtime.md, "Graphs").
 *
 * Metal cannot branch on the GPU between command buffers (short of
 * indirect command buffers encoded by a kernel), so a decision that depends
 * on a value device code wrote is taken on the host — but without blocking
 * the thread that enqueued the work: rt_stream_notify commits a command
 * buffer whose completed handler calls a function (on Metal's completion
 * thread), and a gate is a shared event that a stream's later work waits
 * for, GPU-side, until that function (or a later one) opens it. The
 * stream's order is kept (its later work waits at the gate), the caller
 * returns at once, as cudaGraphLaunch does in CUDA. */
#include <assert.h>
#include <stdlib.h>

#include "core_mtl.h"

struct rt_gate {
  mtl_id event;    /* retained; its value: the last ticket opened */
  uint64_t issued; /* the last ticket handed out */
};

cudaError_t rt_gate_create(rt_device *d, rt_gate **out) {
  assert(rt_lock_held() && d && out);
  rt_gate *g = calloc(1, sizeof *g);
  if (!g) return cudaErrorMemoryAllocation;
  g->event = mtl_new_shared_event(d->device);
  if (!g->event) {
    free(g);
    return cudaErrorLaunchFailure;
  }
  *out = g;
  return cudaSuccess;
}

void rt_gate_destroy(rt_gate *g) {
  if (!g) return;
  mtl_release(g->event); /* a command buffer still waiting keeps it alive */
  free(g);
}

uint64_t rt_gate_ticket(rt_gate *g) {
  assert(rt_lock_held() && g);
  return ++g->issued;
}

cudaError_t rt_stream_wait_gate(rt_device *d, cudaStream_t stream, rt_gate *g, uint64_t ticket) {
  assert(rt_lock_held() && d && g && ticket && ticket <= g->issued);
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(d, stream, &command_buffer);
  if (e != cudaSuccess) return e;
  mtl_command_buffer_encode_wait_for_event(command_buffer, g->event, ticket);
  rt_stream_commit(d, stream, command_buffer, NULL);
  return cudaSuccess;
}

void rt_gate_open(rt_gate *g, uint64_t ticket) {
  /* tickets open in the order they were issued: each waiter comes after the
   * previous one in its stream, so the event's value only grows */
  mtl_shared_event_set_signaled_value(g->event, ticket);
}

typedef struct {
  rt_notify_fn fn;
  void *context;
} rt_notice;

static void rt_notice_run(void *context, mtl_id command_buffer) {
  rt_notice *n = context;
  cudaError_t status = rt_submit_failure_now();
  if (status == cudaSuccess) status = rt_submit_error_of(command_buffer);
  /* Metal's completion thread: waiting for the device here could wait for
   * this very thread (softmetal runs a queue's handlers on its executor), so
   * the waits answer cudaErrorNotPermitted instead, as in a host function. */
  rt_host_function_begin();
  n->fn(n->context, status);
  rt_host_function_end();
  free(n);
}

cudaError_t rt_stream_notify(rt_device *d, cudaStream_t stream, rt_notify_fn fn, void *context) {
  assert(rt_lock_held() && d && fn);
  rt_notice *n = malloc(sizeof *n);
  if (!n) return cudaErrorMemoryAllocation;
  *n = (rt_notice){fn, context};
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(d, stream, &command_buffer);
  if (e != cudaSuccess) {
    free(n);
    return e;
  }
  mtl_command_buffer_add_completed_handler(command_buffer, rt_notice_run, n);
  rt_stream_commit(d, stream, command_buffer, NULL);
  return cudaSuccess;
}
