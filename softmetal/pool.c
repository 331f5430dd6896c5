/* softmetal/pool.c — the worker pool that runs a dispatch's threadgroups.
 *
 * The thread that submits a dispatch (a queue's executor) runs threadgroups
 * too, with one persistent pool thread per further CPU (SOFTMETAL_WORKERS sets
 * the total). A dispatch is published to all
 * workers at once; each takes threadgroups from a shared atomic counter until
 * none are left, so groups run in parallel and load-balance by themselves.
 * Each worker owns its threadgroup storage (32 KiB) and a group runner (the
 * fibers of fiber.c). A SIGSEGV/SIGBUS raised by kernel code on a worker is
 * caught (sigsetjmp/siglongjmp on an alternate signal stack) and becomes the
 * dispatch's page-fault error instead of killing the process; faults outside
 * kernels go to the previously installed handler.
 */
#include "sm.h"

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct worker {
  pthread_t thread;
  struct sm_group_runner *runner;
  unsigned char *threadgroup_memory; /* AC_MAX_THREADGROUP_MEMORY bytes, 64-aligned */
  void *signal_stack;                /* ours, if the thread had no alternate stack */
};

static struct {
  pthread_mutex_t dispatch_lock; /* one dispatch at a time */
  pthread_mutex_t lock;
  pthread_cond_t work, done;
  uint64_t generation;
  struct sm_dispatch *job;
  uint64_t group_count;
  atomic_uint_fast64_t next_group;
  int active;
  int count;
  struct worker *workers;
} pool = {.dispatch_lock = PTHREAD_MUTEX_INITIALIZER,
          .lock = PTHREAD_MUTEX_INITIALIZER,
          .work = PTHREAD_COND_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

/* ---- faults --------------------------------------------------------------------- */
static _Thread_local sigjmp_buf *fault_jump; /* set while this worker runs kernel code */
static _Thread_local void *fault_address;
static struct sigaction previous_segv, previous_bus, previous_fpe;

static void on_fault(int sig, siginfo_t *info, void *context) {
  (void)context;
  if (fault_jump) {
    fault_address = info->si_addr;
    siglongjmp(*fault_jump, sig);
  }
  /* Not ours: restore the previous disposition; the fault re-raises on return. */
  sigaction(sig,
            sig == SIGSEGV  ? &previous_segv
            : sig == SIGBUS ? &previous_bus
                            : &previous_fpe,
            NULL);
}

static void install_fault_handler(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previous_segv);
  sigaction(SIGBUS, &sa, &previous_bus);
  /* x86 traps on integer division by zero and INT_MIN / -1; a GPU does not. */
  sigaction(SIGFPE, &sa, &previous_fpe);
}

/* ---- running groups ---------------------------------------------------------------- */
/* Lays out group storage: static part first, then each dynamic [[threadgroup(n)]].
 * Returns the bytes used. */
/* Not inlined: its locals would sit in run_groups across sigsetjmp. */
__attribute__((noinline)) static uint64_t threadgroup_layout(const struct sm_dispatch *d,
                                                             unsigned char *base, void **slots) {
  uint64_t offset = sm_kernel_static_threadgroup_span(d->kernel);
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++) {
    slots[i] = base + offset;
    if (d->kernel->threadgroup_mask & (1u << i)) offset += d->dynamic_threadgroup[i];
  }
  return offset;
}

/* Threadgroup memory is uninitialized on a GPU. Each group starts with every
 * byte 0xff (float NaN, integer -1), so a kernel that reads before writing
 * fails here too instead of seeing convenient zeros. */
enum { THREADGROUP_POISON = 0xff };

static void fail(struct sm_dispatch *d, char *error, long code) {
  pthread_mutex_lock(&pool.lock);
  if (!d->error)
    d->error = error, d->error_code = code;
  else
    free(error);
  pthread_mutex_unlock(&pool.lock);
  atomic_store(&pool.next_group, pool.group_count); /* stop handing out groups */
}

/* How many groups a worker claims per visit to the shared counter. One at a
 * time makes every worker hit the same cache line once per group, which
 * dominates short groups (bench/vector_add: 0.44 -> 0.79 of plain C on 16
 * workers with chunks); chunks stay small enough (about 16 claims per worker)
 * that uneven groups still balance. */
static uint64_t claim_chunk(uint64_t group_count) {
  uint64_t chunk = group_count / ((uint64_t)pool.count * 16);
  return chunk < 1 ? 1 : chunk > 64 ? 64 : chunk;
}

/* Runs groups until none are left. The sigsetjmp frame stays live across all
 * groups; after a fault (SIGSEGV, SIGBUS, SIGFPE) the worker resumes here
 * and stops. */
static void run_groups(struct worker *w, struct sm_dispatch *d) {
  void *slots[AC_MAX_BUFFER_SLOTS];
  uint64_t used = threadgroup_layout(d, w->threadgroup_memory, slots);
  sigjmp_buf jump;
  volatile unsigned bid[3] = {0, 0, 0};
  int sig = sigsetjmp(jump, 1);
  if (sig) {
    fault_jump = NULL;
    if (sig == SIGFPE) {
      fail(d,
           sm_strdup_printf("softmetal: kernel %s, threadgroup (%u, %u, %u): integer division "
                            "by zero or overflow (INT_MIN / -1); the result is undefined on a "
                            "GPU and a CPU traps",
                            d->kernel->name, bid[0], bid[1], bid[2]),
           SM_CMDBUF_ERROR_INTERNAL);
      return;
    }
    char *where = sm_group_runner_is_guard(w->runner, fault_address)
                      ? sm_strdup_printf("stack overflow: a thread used more than %d KiB of "
                                         "private (thread) memory",
                                         128)
                      : sm_buffer_describe_gpu_address(fault_address);
    fail(d,
         sm_strdup_printf("Execution of the command buffer was aborted due to an error during "
                          "execution. Caused GPU Address Fault Error "
                          "(kIOGPUCommandBufferCallbackErrorPageFault): kernel %s, "
                          "threadgroup (%u, %u, %u), %s at address %p%s%s",
                          d->kernel->name, bid[0], bid[1], bid[2],
                          sig == SIGBUS ? "bus error" : "invalid access", fault_address,
                          where ? "; " : "", where ? where : ""),
         SM_CMDBUF_ERROR_PAGE_FAULT);
    free(where);
    return;
  }
  fault_jump = &jump;
  uint64_t gx = d->groups[0], gy = d->groups[1], count = pool.group_count;
  uint64_t chunk = claim_chunk(count);
  for (;;) {
    uint64_t first = atomic_fetch_add(&pool.next_group, chunk);
    if (first >= count) break;
    uint64_t last = first + chunk < count ? first + chunk : count;
    for (uint64_t g = first; g < last; g++) {
      unsigned b[3] = {(unsigned)(g % gx), (unsigned)(g / gx % gy), (unsigned)(g / gx / gy)};
      bid[0] = b[0], bid[1] = b[1], bid[2] = b[2];
      memset(w->threadgroup_memory, THREADGROUP_POISON, used);
      char *error = sm_group_run(w->runner, d, b, slots, w->threadgroup_memory);
      if (error) {
        fail(d, error, SM_CMDBUF_ERROR_INTERNAL);
        fault_jump = NULL;
        return;
      }
    }
  }
  fault_jump = NULL;
}

/* Gives the calling thread an alternate signal stack, so that a fiber's stack
 * overflow (a fault on the guard page) can still be handled. One the thread
 * already has (a sanitizer's, say) is kept; otherwise ours is recorded in w. */
static void use_alternate_signal_stack(struct worker *w) {
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE) &&
      current.ss_size >= 16384)
    return;
  stack_t alt = {.ss_sp = malloc(1 << 16), .ss_size = 1 << 16};
  if (alt.ss_sp && sigaltstack(&alt, NULL) == 0)
    w->signal_stack = alt.ss_sp;
  else
    free(alt.ss_sp);
}

static void drop_alternate_signal_stack(struct worker *w) {
  if (!w->signal_stack) return;
  stack_t off = {.ss_flags = SS_DISABLE};
  sigaltstack(&off, NULL);
  free(w->signal_stack);
  w->signal_stack = NULL;
}

static bool worker_init(struct worker *w) {
  w->runner = sm_group_runner_new();
  w->threadgroup_memory = aligned_alloc(64, AC_MAX_THREADGROUP_MEMORY);
  return w->runner && w->threadgroup_memory;
}

/* A pool worker: joins each published dispatch that is still running. A worker
 * that wakes after the dispatch finished finds no job and sleeps again; one
 * that found the job is counted in `active`, so the job is not retired until
 * it is done. */
static void *worker_main(void *arg) {
  struct worker *w = arg;
  use_alternate_signal_stack(w);
  uint64_t seen = 0;
  pthread_mutex_lock(&pool.lock);
  for (;;) {
    while (pool.generation == seen)
      pthread_cond_wait(&pool.work, &pool.lock);
    seen = pool.generation;
    struct sm_dispatch *d = pool.job;
    if (!d) continue;
    pool.active++;
    pthread_mutex_unlock(&pool.lock);
    run_groups(w, d);
    pthread_mutex_lock(&pool.lock);
    if (--pool.active == 0) pthread_cond_signal(&pool.done);
  }
  return NULL;
}

/* Participants: SOFTMETAL_WORKERS or the online CPUs. The thread submitting a
 * dispatch (a queue's executor) is one of them, so count - 1 pool threads. */
static void pool_start(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  const char *env = getenv("SOFTMETAL_WORKERS"); /* for debugging: e.g. 1 = serial */
  if (env && atoi(env) > 0) n = atoi(env);
  pool.count = n > 0 ? (int)n : 1;
  pool.workers = calloc((size_t)pool.count, sizeof *pool.workers);
  if (!pool.workers) abort();
  install_fault_handler();
  for (int i = 1; i < pool.count; i++) {
    struct worker *w = &pool.workers[i];
    if (!worker_init(w) || pthread_create(&w->thread, NULL, worker_main, w) != 0) {
      fprintf(stderr, "softmetal: cannot start worker %d\n", i);
      abort(); /* without workers no command buffer can ever complete */
    }
  }
}

int sm_pool_workers(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, pool_start);
  return pool.count;
}

/* The submitting thread's own runner and threadgroup memory (made on first use). */
static _Thread_local struct worker *submitter;

void sm_pool_thread_exit(void) {
  if (!submitter) return;
  drop_alternate_signal_stack(submitter);
  sm_group_runner_free(submitter->runner);
  free(submitter->threadgroup_memory);
  free(submitter);
  submitter = NULL;
}

static char *prepare_submitter(void) {
  if (submitter) return NULL;
  submitter = calloc(1, sizeof *submitter);
  if (!submitter || !worker_init(submitter)) {
    sm_pool_thread_exit();
    return strdup("softmetal: out of memory for a dispatch's threadgroup runner");
  }
  use_alternate_signal_stack(submitter);
  return NULL;
}

void sm_pool_run(struct sm_dispatch *d) {
  assert(d && d->kernel && !d->error);
  assert(d->groups[0] && d->groups[1] && d->groups[2]); /* empty dispatches are not submitted */
  sm_pool_workers();
  char *error = prepare_submitter();
  if (error) {
    d->error = error, d->error_code = SM_CMDBUF_ERROR_INTERNAL;
    return;
  }
  pthread_mutex_lock(&pool.dispatch_lock);
  /* Dispatches run one at a time, so residency is simply this dispatch's set. */
  if (!sm_buffers_make_resident(d->resident, d->resident_count)) {
    d->error = sm_strdup_printf("softmetal: cannot make buffers resident: %s", strerror(errno));
    d->error_code = SM_CMDBUF_ERROR_INTERNAL;
    pthread_mutex_unlock(&pool.dispatch_lock);
    return;
  }
  pthread_mutex_lock(&pool.lock);
  pool.job = d;
  pool.group_count = (uint64_t)d->groups[0] * d->groups[1] * d->groups[2];
  atomic_store(&pool.next_group, 0);
  pool.active = 1; /* this thread */
  pool.generation++;
  pthread_cond_broadcast(&pool.work);
  pthread_mutex_unlock(&pool.lock);
  run_groups(submitter, d); /* small dispatches often finish before a worker wakes */
  pthread_mutex_lock(&pool.lock);
  pool.active--;
  while (pool.active > 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  pool.job = NULL;
  pthread_mutex_unlock(&pool.lock);
  pthread_mutex_unlock(&pool.dispatch_lock);
}
