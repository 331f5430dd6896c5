/* runtime/core_memops.c — stream memory operations (cuStreamWaitValue32/64,
 * cuStreamWriteValue32/64, cuStreamBatchMemOp; docs/runtime.md, "Driver
 * API"): waits on and writes of 32- and 64-bit words, in a stream's order.
 *
 * CUDA's GPU front end polls the word; Metal has no such command, so the
 * host does it, as for a graph's conditional nodes (core_gate.c): a batch
 * is a completed handler after the stream's earlier work
 * (rt_stream_notify) that performs the operations in order, and a gate the
 * stream's later work waits for, GPU-side, until the last operation is done.
 * A wait whose condition does not hold yet is handed to one poller thread,
 * which looks at the word again (backing off from 1 us to 1 ms between
 * looks) and goes on with the batch when it holds — so neither the thread
 * that enqueued the batch nor Metal's completion thread is held up, and a
 * word written later by another stream's kernel, another stream's
 * cuStreamWriteValue or the host releases the stream. As in CUDA, a wait
 * that is never satisfied holds the stream (and whoever synchronises with
 * it) for ever. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"

typedef struct rt_memop_batch {
  struct rt_memop_batch *next; /* in the poller's list */
  rt_gate *gate;
  uint64_t ticket;
  atomic_int references; /* the enqueueing call's and the batch's own */
  bool skip;             /* a device error: the operations are not performed */
  size_t count, done;    /* operations; the first `done` are performed */
  rt_memop ops[];
} rt_memop_batch;

static pthread_mutex_t rt_poller_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t rt_poller_wake = PTHREAD_COND_INITIALIZER;
static rt_memop_batch *rt_poller_list; /* waiting batches (poller mutex) */
static bool rt_poller_started;

static void rt_batch_release(rt_memop_batch *b) {
  if (atomic_fetch_sub(&b->references, 1) != 1) return;
  rt_gate_destroy(b->gate); /* the command buffer waiting on it keeps what it needs */
  free(b);
}

static uint64_t rt_word_load(const rt_memop *op) {
  if (op->size == 4) return atomic_load((_Atomic uint32_t *)op->cpu);
  return atomic_load((_Atomic uint64_t *)op->cpu);
}

static bool rt_condition_holds(const rt_memop *op) {
  uint64_t word = rt_word_load(op), value = op->value;
  switch (op->condition) {
  case RT_MEMOP_GEQ: /* cyclic: (int32_t)(*addr - value) >= 0 */
    return op->size == 4 ? (int32_t)(uint32_t)(word - value) >= 0 : (int64_t)(word - value) >= 0;
  case RT_MEMOP_EQ: return word == value;
  case RT_MEMOP_AND: return (word & value) != 0;
  case RT_MEMOP_NOR: {
    uint64_t nor = ~(word | value);
    return (op->size == 4 ? (uint32_t)nor : nor) != 0;
  }
  }
  return true;
}

/* Performs b's operations from b->done on; false when a wait must wait. */
static bool rt_batch_advance(rt_memop_batch *b) {
  for (; b->done < b->count; b->done++) {
    const rt_memop *op = &b->ops[b->done];
    if (b->skip) continue;
    if (op->kind == RT_MEMOP_WAIT && !rt_condition_holds(op)) return false;
    if (op->kind == RT_MEMOP_WRITE && op->size == 4)
      atomic_store((_Atomic uint32_t *)op->cpu, (uint32_t)op->value);
    else if (op->kind == RT_MEMOP_WRITE)
      atomic_store((_Atomic uint64_t *)op->cpu, op->value);
    else
      atomic_thread_fence(memory_order_seq_cst); /* a barrier; and after a wait */
  }
  rt_gate_open(b->gate, b->ticket);
  rt_batch_release(b);
  return true;
}

static void rt_sleep_ns(long ns) {
  struct timespec t = {0, ns};
  nanosleep(&t, NULL);
}

/* The poller: advances every waiting batch, sleeps while some still wait
 * (longer the longer nothing changes), and waits for work when none does. */
static void *rt_poller(void *unused) {
  (void)unused;
  long pause = 1000;
  pthread_mutex_lock(&rt_poller_mutex);
  for (;;) {
    while (!rt_poller_list) {
      pause = 1000;
      pthread_cond_wait(&rt_poller_wake, &rt_poller_mutex);
    }
    bool progress = false;
    for (rt_memop_batch **p = &rt_poller_list; *p;) {
      rt_memop_batch *b = *p, *next = b->next;
      size_t before = b->done;
      if (rt_batch_advance(b)) {
        *p = next; /* finished, and released: b is gone */
        progress = true;
        continue;
      }
      progress |= b->done != before;
      p = &b->next;
    }
    if (!rt_poller_list) continue;
    pause = progress ? 1000 : (pause < 1000000 ? pause * 2 : 1000000);
    pthread_mutex_unlock(&rt_poller_mutex);
    rt_sleep_ns(pause);
    pthread_mutex_lock(&rt_poller_mutex);
  }
  return NULL;
}

/* rt_stream_notify's function: the stream's earlier work is done. */
static void rt_batch_start(void *context, cudaError_t status) {
  rt_memop_batch *b = context;
  b->skip = status != cudaSuccess;
  if (rt_batch_advance(b)) return;
  pthread_mutex_lock(&rt_poller_mutex);
  b->next = rt_poller_list;
  rt_poller_list = b;
  pthread_cond_signal(&rt_poller_wake);
  pthread_mutex_unlock(&rt_poller_mutex);
}

static cudaError_t rt_poller_start(void) {
  pthread_mutex_lock(&rt_poller_mutex);
  cudaError_t e = cudaSuccess;
  if (!rt_poller_started) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, rt_poller, NULL) == 0)
      rt_poller_started = true;
    else
      e = cudaErrorMemoryAllocation;
    pthread_attr_destroy(&attributes);
  }
  pthread_mutex_unlock(&rt_poller_mutex);
  return e;
}

cudaError_t rt_memop_target(rt_device *device, const void *address, unsigned size, void **cpu) {
  assert(rt_lock_held() && (size == 4 || size == 8));
  if (!address || (uintptr_t)address % size) return cudaErrorInvalidValue;
  rt_host_range registered;
  if (!rt_memory_find(device, address, size) && !rt_host_find(address, size, &registered))
    return cudaErrorInvalidValue;
  *cpu = rt_host_to_cpu(address);
  return cudaSuccess;
}

cudaError_t rt_stream_memops(rt_device *device, cudaStream_t stream, const rt_memop *ops,
                             size_t count) {
  assert(rt_lock_held() && device && (ops || !count));
  cudaError_t e = rt_poller_start();
  if (e != cudaSuccess) return e;
  rt_memop_batch *b = malloc(sizeof *b + count * sizeof *ops);
  if (!b) return cudaErrorMemoryAllocation;
  *b = (rt_memop_batch){.count = count};
  if (count) memcpy(b->ops, ops, count * sizeof *ops);
  atomic_init(&b->references, 2);
  e = rt_gate_create(device, &b->gate);
  if (e != cudaSuccess) {
    free(b);
    return e;
  }
  b->ticket = rt_gate_ticket(b->gate);
  e = rt_stream_notify(device, stream, rt_batch_start, b);
  if (e != cudaSuccess) { /* never started: open nothing, nobody waits */
    rt_gate_destroy(b->gate);
    free(b);
    return e;
  }
  e = rt_stream_wait_gate(device, stream, b->gate, b->ticket);
  rt_batch_release(b); /* the gate's waiter is committed (or failed) */
  return e;
}
