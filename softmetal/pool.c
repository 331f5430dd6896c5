/* softmetal/pool.c — the worker pool that runs dispatches' threadgroups.
 *
 * Every dispatch in progress is a job on the pool's list: dispatches of
 * different queues run at the same time, as on a GPU with several queues.
 * The thread that submits a dispatch (its queue's executor) runs groups of
 * that dispatch only, until none are left; one persistent pool thread per
 * further CPU (SOFTMETAL_WORKERS sets the total) serves all jobs, taking a
 * chunk of groups at a time from a job's atomic counter and, while more than
 * one job has groups left, the next job in turn after each chunk. So every
 * running dispatch always has a thread of its own (a kernel of queue A that
 * spins until a kernel of queue B writes a flag cannot starve B), and the
 * shared workers are split fairly. Residency of buffers is the union of the
 * running dispatches' sets. Each worker is a GPU core that holds up to
 * residency() groups of a dispatch resident (docs/softmetal.md "Residency"),
 * each in a slot with its threadgroup storage (32 KiB) and group runner (the
 * fibers of fiber.c): it runs one at a time, and when the running group parks
 * (one of its threads spins on device memory) it starts another group of the
 * dispatch in a free slot, or resumes the next parked one.
 *
 * Faults: a SIGSEGV/SIGBUS/SIGFPE raised by kernel code on a worker is caught
 * (sigsetjmp/siglongjmp on an alternate signal stack) and becomes the
 * dispatch's page-fault error instead of killing the process; faults outside
 * kernels go to the previously installed handler.
 *
 * The watchdog: a dispatch running longer than sm_watchdog_limit() is timed
 * out by its watch (watchdog.c): its error becomes MTLCommandBufferErrorTimeout,
 * no more groups are handed out, and every thread running its groups gets
 * SIGURG every KICK_SECONDS until the dispatch is over. The handler
 * siglongjmps out of the group, like a fault, when the thread is inside
 * kernel code (sm_group_in_kernel: no lock held, nothing allocated) and
 * otherwise returns: a thread in softmetal's own code reaches a check of
 * d->stop soon (fiber.c's scheduler, the group loop below). The abandoned
 * group's fibers are reset by the next sm_group_run, so the pool stays usable.
 */
#include "sm.h"

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct job;

/* A threadgroup slot of a worker: one group resident at a time, with its fibers
 * and threadgroup memory. Made on first use, kept for the worker's life. */
struct resident {
  struct sm_group_runner *runner;
  unsigned char *threadgroup_memory; /* AC_MAX_THREADGROUP_MEMORY bytes, 64-aligned */
  void *slots[AC_MAX_BUFFER_SLOTS];  /* the group's [[threadgroup(n)]] pointers */
  unsigned bid[3];                   /* the group it holds */
  bool busy;                         /* holds a started group (running or parked) */
};

struct worker {
  pthread_t thread;
  struct resident residents[AC_CORE_RESIDENT_GROUPS]; /* [0] made at start */
  void *signal_stack;           /* ours, if the thread had no alternate stack */
  struct job *volatile running; /* the job whose groups it runs now (set under
                                   pool.lock by the thread itself) */
  unsigned queue;               /* submitting threads: their queue's number */
};

/* One dispatch in progress. Lives on its submitting thread's stack. */
struct job {
  struct sm_dispatch *d;
  uint64_t group_count, chunk;
  atomic_uint_fast64_t next_group;
  int active;           /* threads running its groups, the submitter included (pool.lock) */
  bool finished;        /* no thread runs its groups any more (pool.lock) */
  struct worker *owner; /* the submitting thread's */
  struct job *next;     /* pool.jobs */
  struct sm_watch watch;
  double start;
};

static struct {
  pthread_mutex_t lock; /* the job list, workers' running, residency */
  pthread_cond_t work, done;
  struct job *jobs;
  atomic_int job_count; /* written under lock; read by workers between chunks */
  uint64_t turn;        /* round-robin position among jobs with groups left */
  int count;
  struct worker *workers;
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER,
          .work = PTHREAD_COND_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

/* The calling thread's worker record, read by the signal handler. */
static _Thread_local struct worker *self;

/* How often a timed-out dispatch's threads are signalled again, for a thread
 * that was in softmetal's own code at the first signal and went back into an
 * endless kernel loop. */
static const double KICK_SECONDS = 0.02;
#define WATCHDOG_SIGNAL SIGURG /* ignored by default: harmless if it strays */

/* ---- faults and the watchdog's signal ------------------------------------------------ */
static _Thread_local sigjmp_buf *fault_jump; /* set while this worker runs kernel code */
static _Thread_local void *fault_address;
static struct sigaction previous_segv, previous_bus, previous_fpe, previous_urg;

static void on_fault(int sig, siginfo_t *info, void *context) {
  (void)context;
  if (fault_jump) {
    fault_address = info->si_addr;
    sm_group_abandon();
    siglongjmp(*fault_jump, sig);
  }
  /* Not ours: restore the previous disposition; the fault re-raises on return. */
  sigaction(sig,
            sig == SIGSEGV  ? &previous_segv
            : sig == SIGBUS ? &previous_bus
                            : &previous_fpe,
            NULL);
}

/* The watchdog's signal: leaves the group when its dispatch is stopped and
 * the thread is in kernel code; else passes a stray SIGURG on. */
static void on_kick(int sig, siginfo_t *info, void *context) {
  struct worker *w = self;
  struct job *j = w ? w->running : NULL;
  if (j && fault_jump && __atomic_load_n(&j->d->stop, __ATOMIC_RELAXED)) {
    if (sm_group_in_kernel()) {
      sm_group_abandon();
      siglongjmp(*fault_jump, sig);
    }
    return; /* in softmetal's code: it checks d->stop shortly */
  }
  if (previous_urg.sa_flags & SA_SIGINFO) {
    if (previous_urg.sa_sigaction) previous_urg.sa_sigaction(sig, info, context);
  } else if (previous_urg.sa_handler != SIG_DFL && previous_urg.sa_handler != SIG_IGN) {
    previous_urg.sa_handler(sig);
  }
}

static void install_signal_handlers(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previous_segv);
  sigaction(SIGBUS, &sa, &previous_bus);
  /* x86 traps on integer division by zero and INT_MIN / -1; a GPU does not. */
  sigaction(SIGFPE, &sa, &previous_fpe);
  sa.sa_sigaction = on_kick;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
  sigaction(WATCHDOG_SIGNAL, &sa, &previous_urg);
}

/* ---- running groups ---------------------------------------------------------------- */
/* Lays out group storage: static part first, then each dynamic [[threadgroup(n)]].
 * Returns the bytes used. */
static uint64_t threadgroup_layout(const struct sm_dispatch *d, unsigned char *base, void **slots) {
  uint64_t offset = sm_kernel_static_threadgroup_span(d->kernel);
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++) {
    slots[i] = base + offset;
    if (d->kernel->threadgroup_mask & (1u << i)) offset += d->dynamic_threadgroup[i];
  }
  return offset;
}

/* Records j's first failure (later ones are freed) and stops it: no more
 * groups are handed out, and the threads running it leave at their next check
 * of d->stop. Lock held. */
static void fail_locked(struct job *j, char *error, long code) {
  struct sm_dispatch *d = j->d;
  if (!d->error)
    d->error = error, d->error_code = code;
  else
    free(error);
  __atomic_store_n(&d->stop, true, __ATOMIC_RELAXED);
  atomic_store(&j->next_group, j->group_count); /* stop handing out groups */
}

static void fail(struct job *j, char *error, long code) {
  pthread_mutex_lock(&pool.lock);
  fail_locked(j, error, code);
  pthread_mutex_unlock(&pool.lock);
}

/* How many groups a worker claims per visit to the shared counter. One at a
 * time makes every worker hit the same cache line once per group, which
 * dominates short groups (bench/vector_add: 0.44 -> 0.79 of plain C on 16
 * workers with chunks); chunks stay small enough (about 16 claims per worker)
 * that uneven groups still balance. */
static uint64_t claim_chunk(const struct sm_dispatch *d, uint64_t group_count) {
  if (sm_kernel_interleaves(d->kernel, d->threads)) {
    /* Groups that interleave (sm_pool_residency) all start at once on their worker, so a
     * worker claiming them one at a time would take every group of a small grid before
     * the others wake up (a grid-stride kernel of 8 groups ran on one of 2 workers): each
     * worker claims an equal share of consecutive groups (their iteration k is then one
     * contiguous range of a grid-stride loop), at most the groups it holds resident. */
    uint64_t share = (group_count + (uint64_t)pool.count - 1) / (uint64_t)pool.count;
    return share < AC_CORE_RESIDENT_GROUPS ? share : AC_CORE_RESIDENT_GROUPS;
  }
  uint64_t chunk = group_count / ((uint64_t)pool.count * 16);
  return chunk < 1 ? 1 : chunk > 64 ? 64 : chunk;
}

/* How many groups of d a worker holds resident at once: Anchor's model of a GPU core
 * (common/target.h), AC_CORE_RESIDENT_THREADS threads in whole SIMD-groups and at most
 * AC_CORE_RESIDENT_GROUPS groups, which is what libanchor's occupancy calculation
 * reports per multiprocessor for a kernel without threadgroup memory (with it, libanchor
 * reports fewer: each resident group here has threadgroup memory of its own). */
int sm_pool_residency(const struct sm_kernel *kernel, const unsigned size[3]) {
  /* Vector code that cannot spin (it has no atomics) and interleaves its groups at loop
   * back edges: as many as the worker has slots, whatever their size (nothing observable
   * depends on it, and more groups advancing together walk memory more contiguously). */
  if (sm_kernel_interleaves(kernel, size)) return AC_CORE_RESIDENT_GROUPS;
  uint64_t threads = (uint64_t)size[0] * size[1] * size[2];
  threads = (threads + AC_SIMD_WIDTH - 1) / AC_SIMD_WIDTH * AC_SIMD_WIDTH;
  uint64_t groups = AC_CORE_RESIDENT_THREADS / threads;
  if (groups > AC_CORE_RESIDENT_GROUPS) groups = AC_CORE_RESIDENT_GROUPS;
  return groups < 1 ? 1 : (int)groups;
}

static int residency(const struct sm_dispatch *d) {
  return sm_pool_residency(d->kernel, d->threads);
}

static bool resident_init(struct resident *r) {
  if (r->runner) return true;
  r->runner = sm_group_runner_new();
  r->threadgroup_memory = aligned_alloc(64, AC_MAX_THREADGROUP_MEMORY);
  return r->runner && r->threadgroup_memory;
}

static void resident_free(struct resident *r) {
  sm_group_runner_free(r->runner);
  free(r->threadgroup_memory);
  memset(r, 0, sizeof *r);
}

/* Whether addr is in a guard page of one of w's fiber stacks. */
static bool worker_is_guard(const struct worker *w, const void *addr) {
  for (int i = 0; i < AC_CORE_RESIDENT_GROUPS; i++)
    if (w->residents[i].runner && sm_group_runner_is_guard(w->residents[i].runner, addr))
      return true;
  return false;
}

/* The error of a fault (signal sig at fault_address) in group bid. Caller frees. */
static char *fault_error(const struct worker *w, const struct sm_dispatch *d, int sig,
                         const unsigned bid[3], long *code) {
  *code = SM_CMDBUF_ERROR_INTERNAL;
  if (sig == SIGFPE)
    return sm_strdup_printf("softmetal: kernel %s, threadgroup (%u, %u, %u): integer division "
                            "by zero or overflow (INT_MIN / -1); the result is undefined on a "
                            "GPU and a CPU traps",
                            d->kernel->name, bid[0], bid[1], bid[2]);
  char *where = worker_is_guard(w, fault_address)
                    ? sm_strdup_printf("stack overflow: a thread used more than %d KiB of "
                                       "private (thread) memory",
                                       128)
                    : sm_resource_describe_fault(fault_address);
  if (!where) where = sm_buffer_describe_gpu_address(fault_address);
  char *error = sm_strdup_printf(
      "Execution of the command buffer was aborted due to an error during "
      "execution. Caused GPU Address Fault Error "
      "(kIOGPUCommandBufferCallbackErrorPageFault): kernel %s, "
      "threadgroup (%u, %u, %u), %s at address %p%s%s",
      d->kernel->name, bid[0], bid[1], bid[2], sig == SIGBUS ? "bus error" : "invalid access",
      fault_address, where ? "; " : "", where ? where : "");
  free(where);
  *code = SM_CMDBUF_ERROR_PAGE_FAULT;
  return error;
}

/* A worker's groups of one job: those it claimed (a chunk of the job's counter at a
 * time) and those it holds resident. */
struct claims {
  uint64_t next, last; /* claimed, not started: [next, last) */
  bool exhausted;      /* the job's counter has no group left */
  int busy;            /* resident groups started and not finished */
  int turn;            /* the resident slot resumed last (round robin) */
};

/* The slot to run next: a new group in a free slot while fewer than `limit` are
 * resident and groups are left (claimed or claimable), else the next parked group in
 * turn; -1 when there is neither. *fresh tells which. */
static int next_slot(struct worker *w, struct job *j, struct claims *c, int limit, bool *fresh) {
  if (c->busy < limit) {
    if (c->next == c->last && !c->exhausted) {
      uint64_t first = atomic_fetch_add(&j->next_group, j->chunk);
      if (first < j->group_count) {
        c->next = first;
        c->last = first + j->chunk < j->group_count ? first + j->chunk : j->group_count;
      } else {
        c->exhausted = true;
      }
    }
    if (c->next < c->last)
      for (int i = 0; i < limit; i++)
        if (!w->residents[i].busy) {
          *fresh = true;
          return i;
        }
  }
  *fresh = false;
  for (int k = 1; c->busy > 0 && k <= limit; k++) {
    int i = (c->turn + k) % limit;
    if (w->residents[i].busy) return c->turn = i;
  }
  return -1;
}

/* run_resident_groups for a kernel whose groups never park: one slot, each claimed chunk
 * run by one sm_group_run_range call. */
static void run_groups_through(struct worker *w, struct job *j, bool share, volatile int *running) {
  struct sm_dispatch *d = j->d;
  struct resident *r = &w->residents[0];
  if (!resident_init(r)) {
    fault_jump = NULL;
    fail(j, strdup("softmetal: out of memory for a resident threadgroup"),
         SM_CMDBUF_ERROR_INTERNAL);
    return;
  }
  *running = 0;
  uint64_t used = threadgroup_layout(d, r->threadgroup_memory, r->slots);
  for (;;) {
    if (__atomic_load_n(&d->stop, __ATOMIC_RELAXED)) break;
    uint64_t first = atomic_fetch_add(&j->next_group, j->chunk);
    if (first >= j->group_count) break;
    uint64_t last = first + j->chunk < j->group_count ? first + j->chunk : j->group_count;
    r->busy = true;
    char *error = sm_group_run_range(r->runner, d, first, last, r->bid, r->slots,
                                     r->threadgroup_memory, used);
    r->busy = false;
    if (error) {
      fault_jump = NULL;
      fail(j, error, SM_CMDBUF_ERROR_INTERNAL);
      break;
    }
    if (share && atomic_load_explicit(&pool.job_count, memory_order_relaxed) > 1) break;
  }
}

/* Runs groups of j until none are left, or, when `share` (a pool thread) and
 * other jobs are running, until the end of one chunk with no group of j resident,
 * so that the caller can turn to the next job. Up to residency(d) groups are
 * resident at once: a group that parks (it spins on device memory, fiber.c) makes
 * room for a new group of the job, or for the next parked one in turn — as a GPU
 * core interleaves its resident groups; beyond that, a group waits for a resident
 * one to finish, as on a GPU. *running: the slot whose group runs. */
static void run_resident_groups(struct worker *w, struct job *j, bool share,
                                volatile int *running) {
  struct sm_dispatch *d = j->d;
  if (sm_kernel_runs_through(d->kernel, d->threads)) {
    run_groups_through(w, j, share, running);
    return;
  }
  int limit = residency(d);
  /* Interleaved groups: each worker holds one chunk of consecutive groups (claim_chunk). */
  if (sm_kernel_interleaves(d->kernel, d->threads) && (uint64_t)limit > j->chunk)
    limit = (int)j->chunk;
  uint64_t gx = d->groups[0], gy = d->groups[1];
  struct claims c = {0, 0, false, 0, 0};
  for (;;) {
    if (__atomic_load_n(&d->stop, __ATOMIC_RELAXED)) break;
    bool fresh, parked;
    int i = next_slot(w, j, &c, limit, &fresh);
    if (i < 0) break;
    struct resident *r = &w->residents[i];
    if (!resident_init(r)) {
      fault_jump = NULL;
      fail(j, strdup("softmetal: out of memory for a resident threadgroup"),
           SM_CMDBUF_ERROR_INTERNAL);
      break;
    }
    *running = i;
    char *error;
    if (fresh) {
      uint64_t g = c.next++;
      r->bid[0] = (unsigned)(g % gx), r->bid[1] = (unsigned)(g / gx % gy);
      r->bid[2] = (unsigned)(g / gx / gy);
      r->busy = true;
      c.busy++;
      uint64_t used = threadgroup_layout(d, r->threadgroup_memory, r->slots);
      memset(r->threadgroup_memory, SM_THREADGROUP_POISON, used);
      error = sm_group_run(r->runner, d, r->bid, r->slots, r->threadgroup_memory, &parked);
    } else {
      error = sm_group_resume(r->runner, &parked);
    }
    if (error) {
      fault_jump = NULL;
      fail(j, error, SM_CMDBUF_ERROR_INTERNAL);
      break;
    }
    if (!parked) r->busy = false, c.busy--;
    if (share && c.busy == 0 && c.next == c.last &&
        atomic_load_explicit(&pool.job_count, memory_order_relaxed) > 1)
      break;
  }
}

/* run_resident_groups under a sigsetjmp frame that stays live across all groups:
 * after a fault (SIGSEGV, SIGBUS, SIGFPE) or the watchdog's signal the worker
 * resumes here and stops. Either way, the groups still resident are abandoned
 * (a stopped dispatch; sm_group_run resets a runner). */
static void run_groups(struct worker *w, struct job *j, bool share) {
  sigjmp_buf jump;
  volatile int running = 0;
  int sig = sigsetjmp(jump, 1);
  if (!sig) {
    fault_jump = &jump;
    run_resident_groups(w, j, share, &running);
  }
  fault_jump = NULL;
  if (sig && sig != WATCHDOG_SIGNAL) { /* a timeout: the watch recorded it */
    long code;
    char *error = fault_error(w, j->d, sig, w->residents[running].bid, &code);
    fail(j, error, code);
  }
  for (int i = 0; i < AC_CORE_RESIDENT_GROUPS; i++)
    w->residents[i].busy = false;
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

/* Lets the watchdog's signal and kernel faults reach the calling thread, which
 * may have inherited a mask that blocks them from the application thread that
 * started it (a blocked SIGSEGV would kill the process at a kernel's fault). */
static void accept_signals(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, WATCHDOG_SIGNAL);
  sigaddset(&set, SIGSEGV);
  sigaddset(&set, SIGBUS);
  sigaddset(&set, SIGFPE);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static void drop_alternate_signal_stack(struct worker *w) {
  if (!w->signal_stack) return;
  stack_t off = {.ss_flags = SS_DISABLE};
  sigaltstack(&off, NULL);
  free(w->signal_stack);
  w->signal_stack = NULL;
}

static bool worker_init(struct worker *w) {
  return resident_init(&w->residents[0]);
}

/* A job with groups left, the next one in turn; NULL if there is none. Lock held. */
static struct job *pick_job(void) {
  int n = atomic_load_explicit(&pool.job_count, memory_order_relaxed);
  if (n == 0) return NULL;
  struct job *j = pool.jobs;
  for (uint64_t skip = pool.turn++ % (uint64_t)n; skip > 0; skip--)
    j = j->next;
  for (int tried = 0; tried < n; tried++, j = j->next ? j->next : pool.jobs)
    if (atomic_load(&j->next_group) < j->group_count) return j;
  return NULL;
}

/* Leaves j after running its groups; the last one out wakes its submitter
 * (which leaves last but one only when no groups are left to hand out).
 * Lock held. */
static void leave_job(struct worker *w, struct job *j) {
  w->running = NULL;
  if (--j->active == 0) pthread_cond_broadcast(&pool.done);
}

/* A pool worker: runs chunks of the jobs with groups left, taking turns
 * between them, and sleeps while there are none. */
static void *worker_main(void *arg) {
  struct worker *w = arg;
  self = w;
  use_alternate_signal_stack(w);
  accept_signals();
  pthread_mutex_lock(&pool.lock);
  for (;;) {
    struct job *j = pick_job();
    if (!j) {
      pthread_cond_wait(&pool.work, &pool.lock);
      continue;
    }
    j->active++;
    w->running = j;
    pthread_mutex_unlock(&pool.lock);
    run_groups(w, j, true);
    pthread_mutex_lock(&pool.lock);
    leave_job(w, j);
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
  install_signal_handlers();
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
static _Thread_local unsigned thread_queue; /* sm_pool_thread_start */

void sm_pool_thread_start(unsigned queue) {
  thread_queue = queue;
}

unsigned sm_pool_thread_queue(void) {
  return thread_queue;
}

void sm_pool_thread_exit(void) {
  if (!submitter) return;
  drop_alternate_signal_stack(submitter);
  for (int i = 0; i < AC_CORE_RESIDENT_GROUPS; i++)
    resident_free(&submitter->residents[i]);
  free(submitter);
  submitter = NULL;
  self = NULL;
}

static char *prepare_submitter(void) {
  if (submitter) return NULL;
  submitter = calloc(1, sizeof *submitter);
  if (!submitter || !worker_init(submitter)) {
    sm_pool_thread_exit();
    return strdup("softmetal: out of memory for a dispatch's threadgroup runner");
  }
  submitter->thread = pthread_self();
  use_alternate_signal_stack(submitter);
  accept_signals();
  self = submitter;
  return NULL;
}

/* Makes the union of the running jobs' residency sets resident (buffers in
 * several sets are listed once per set, which sm_buffers_make_resident
 * allows). Lock held. */
static bool update_residency(void) {
  int total = 0;
  for (struct job *j = pool.jobs; j; j = j->next)
    total += j->d->resident_count;
  struct sm_buffer **all = malloc(((size_t)total + 1) * sizeof *all);
  if (!all) return false;
  int n = 0;
  for (struct job *j = pool.jobs; j; j = j->next)
    for (int i = 0; i < j->d->resident_count; i++)
      all[n++] = j->d->resident[i];
  bool ok = sm_buffers_make_resident(all, n);
  free(all);
  return ok;
}

/* The watch of a running job (watchdog thread): times the dispatch out and
 * signals each thread still running its groups; called again every
 * KICK_SECONDS until the job is over. */
static double job_expired(void *arg) {
  struct job *j = arg;
  pthread_mutex_lock(&pool.lock);
  if (!j->finished) {
    if (!__atomic_load_n(&j->d->stop, __ATOMIC_RELAXED))
      fail_locked(j,
                  sm_strdup_printf("Execution of the command buffer was aborted due to an error "
                                   "during execution. Caused GPU Timeout Error "
                                   "(kIOGPUCommandBufferCallbackErrorTimeout): kernel %s ran "
                                   "longer than the watchdog's limit of %g s "
                                   "(SOFTMETAL_WATCHDOG_SECONDS)",
                                   j->d->kernel->name, sm_watchdog_limit()),
                  SM_CMDBUF_ERROR_TIMEOUT);
    for (int i = 1; i < pool.count; i++)
      if (pool.workers[i].running == j) pthread_kill(pool.workers[i].thread, WATCHDOG_SIGNAL);
    if (j->owner->running == j) pthread_kill(j->owner->thread, WATCHDOG_SIGNAL);
  }
  pthread_mutex_unlock(&pool.lock);
  return KICK_SECONDS;
}

static void trace_start(const struct sm_dispatch *d) {
  char mode[320];
  fprintf(stderr,
          "softmetal: queue %u: dispatch %s: %u x %u x %u groups of %u x %u x %u threads (%s)\n",
          thread_queue, d->kernel->name, d->groups[0], d->groups[1], d->groups[2], d->threads[0],
          d->threads[1], d->threads[2],
          sm_kernel_mode_name(d->kernel, d->threads, mode, sizeof mode));
}

/* `concurrent`: the most dispatches that ran at once, this one included, as
 * seen at its start and end. */
static void trace_end(const struct job *j, int concurrent) {
  const struct sm_dispatch *d = j->d;
  fprintf(stderr, "softmetal: queue %u: dispatch %s done in %.3f ms%s%s\n", thread_queue,
          d->kernel->name, (sm_now_seconds() - j->start) * 1e3,
          concurrent > 1 ? " (beside other queues' dispatches)" : "",
          d->error_code == SM_CMDBUF_ERROR_TIMEOUT ? ": timed out (watchdog)"
          : d->error                               ? ": failed"
                                                   : "");
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
  if (sm_trace()) trace_start(d);
  struct job j = {.d = d, .owner = submitter, .start = sm_now_seconds()};
  j.group_count = (uint64_t)d->groups[0] * d->groups[1] * d->groups[2];
  j.chunk = claim_chunk(d, j.group_count);
  atomic_init(&j.next_group, 0);
  pthread_mutex_lock(&pool.lock);
  j.next = pool.jobs;
  pool.jobs = &j;
  atomic_store(&pool.job_count, atomic_load(&pool.job_count) + 1);
  if (!update_residency()) {
    d->error = sm_strdup_printf("softmetal: cannot make buffers resident: %s", strerror(errno));
    d->error_code = SM_CMDBUF_ERROR_INTERNAL;
    atomic_store(&j.next_group, j.group_count);
  }
  j.active = 1; /* this thread */
  submitter->running = &j;
  int concurrent = atomic_load(&pool.job_count);
  pthread_cond_broadcast(&pool.work);
  pthread_mutex_unlock(&pool.lock);
  double limit = sm_watchdog_limit();
  if (limit > 0) sm_watch_arm(&j.watch, limit, job_expired, &j);
  run_groups(submitter, &j, false); /* small dispatches often finish before a worker wakes */
  pthread_mutex_lock(&pool.lock);
  leave_job(submitter, &j);
  while (j.active > 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  j.finished = true; /* the watch does nothing more */
  pthread_mutex_unlock(&pool.lock);
  if (limit > 0) sm_watch_disarm(&j.watch);
  pthread_mutex_lock(&pool.lock);
  for (struct job **p = &pool.jobs; *p; p = &(*p)->next)
    if (*p == &j) {
      *p = j.next;
      break;
    }
  int running = atomic_load(&pool.job_count);
  if (running > concurrent) concurrent = running;
  atomic_store(&pool.job_count, running - 1);
  /* Best effort: a buffer left accessible only loosens the residency check. With no job
   * left, the residency stays as it is: the next dispatch's start makes its own set
   * resident and revokes the rest. Revoking all here made every dispatch flip the whole
   * arena's GPU view to PROT_NONE and back, and a mapping whose protection changed is
   * faulted in again page by page on some hypervisors (not in the guest's fault count):
   * vector_add ran at 1.2 GB/s against 41 GB/s for C on this VM. */
  if (pool.jobs) (void)update_residency();
  pthread_mutex_unlock(&pool.lock);
  if (sm_trace()) trace_end(&j, concurrent);
}
