/* softmetal/fiber.c — the threads of a threadgroup.
 *
 * A kernel that never synchronizes runs its threads one after another on the
 * worker's own stack. A kernel that uses threadgroup_barrier/simdgroup_barrier
 * runs each thread as a fiber: its own stack and a user-space context switch
 * (callee-saved registers and the stack pointer, hand-written for x86-64 and
 * AArch64; no system call per switch). Whether a kernel needs fibers is
 * decided per kernel when its library is compiled (translate.c). The worker's scheduler resumes
 * every runnable fiber in turn until it finishes or waits at a barrier; a threadgroup barrier opens
 * when every thread of the group waits at one; a SIMD-group barrier (also the heart of every simd_*
 * function) when no lane of its SIMD-group can run any more: the lanes waiting at the same call
 * site (the lowest address first, so divergent lanes reconverge) are released together and form the
 * active-lane mask. Threads that have exited no longer take part in threadgroup barriers (as on
 * an NVIDIA GPU); a group in which no fiber can run and no barrier can open fails.
 */
#include "sm.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum fiber_state { FIBER_READY, FIBER_WAIT_GROUP, FIBER_WAIT_SIMD, FIBER_DONE };
/* Each fiber's stack top is moved down by a different number of cache lines:
 * tops exactly STACK_SIZE apart would all map to the same cache sets and evict
 * each other on every switch. At least 128 KiB remain usable. */
enum { STACK_SIZE = 160 * 1024, STACK_STAGGER = 32 * 1024 };

static unsigned char *stack_top(unsigned char *stacks, int i) {
  size_t stagger = (size_t)i * 17 * 64 % STACK_STAGGER;
  return stacks + (size_t)(i + 1) * STACK_SIZE - stagger;
}

/* A fiber running a SIMD-group's vector code holds 32 lanes' private memory and spills of
 * 32-lane values: when the group has at most VECTOR_STACKS SIMD-group fibers, each gets a
 * stack of 32 threads' size (vstacks, mapped on first use; guard page below each). */
enum {
  VECTOR_STACKS = AC_MAX_THREADS_PER_THREADGROUP / AC_SIMD_WIDTH,
  VECTOR_STACK_SIZE = STACK_SIZE * AC_SIMD_WIDTH
};
static unsigned char *vector_stack_top(unsigned char *vstacks, int i) {
  size_t stagger = (size_t)i * 17 * 64 % STACK_STAGGER;
  return vstacks + (size_t)(i + 1) * VECTOR_STACK_SIZE - stagger;
}

struct fiber {
  void *sp; /* saved stack pointer while switched out */
  enum fiber_state state;
  const void *site;    /* the barrier call it waits at (see sm_rt_*_barrier) */
  unsigned steps;      /* device steps of its thread since it started or was resumed */
  unsigned iterations; /* interleaved vector code: loop iterations since its last yield */
};

struct sm_group_runner {
  unsigned char *stacks; /* AC_MAX_THREADS_PER_THREADGROUP stacks, each with a guard page */
  void *scheduler_sp;
  struct fiber fibers[AC_MAX_THREADS_PER_THREADGROUP];
  struct sm_kernel_thread threads[AC_MAX_THREADS_PER_THREADGROUP];
  unsigned char simd_slots[AC_MAX_THREADS_PER_THREADGROUP][16]; /* SIMD-group value exchange */
  uint64_t simd_active[AC_MAX_THREADS_PER_THREADGROUP / AC_SIMD_WIDTH];
  const struct sm_dispatch *dispatch;
  unsigned char *threadgroup_base;
  int current, count;
  bool fibers_on;
  bool lockstep;          /* threads step together at threadgroup accesses (lockstep.c) */
  bool barrier_misuse;    /* barrier called by a kernel run without fibers */
  bool group_fiber;       /* a loop-mode group running on fiber 0 so that it can park */
  int group_threads;      /* group_fiber: the group's threads, run one after another */
  bool parkable;          /* the group runs on fibers: it can be parked (sm_group_run) */
  bool vector_fibers;     /* vector mode: each fiber runs a SIMD-group's lanes as vector code */
  unsigned lanes_missing; /* vector_fibers: lanes absent at the barrier about to open */
  bool interleave;        /* vector_fibers of a barrier-free kernel: yield at loop back edges */
  struct {
    unsigned x0, index0, count;
  } chunk[AC_MAX_THREADS_PER_THREADGROUP / AC_SIMD_WIDTH]; /* vector_fibers: fiber i's lanes */
  bool park;              /* a device step asked to park the group at the end of the round */
  int guarded;            /* stacks [0, guarded) have their guard page (or budget ran out) */
  int guards;             /* guard pages installed, returned to the budget when freed */
  unsigned char *vstacks; /* NULL or VECTOR_STACKS stacks of VECTOR_STACK_SIZE, guarded */
};

/* initial-exec: libsoftmetal is loaded with the program, and this is read on
 * every barrier (the default model would call __tls_get_addr). */
static _Thread_local struct sm_group_runner *current_runner
    __attribute__((tls_model("initial-exec")));

/* Whether this thread runs kernel code now (sm_group_in_kernel): set on every
 * entry into kernel code (a group loop, a fiber's start or resumption) and
 * cleared on every return into softmetal (barrier calls, the scheduler). The
 * watchdog's signal handler (pool.c) reads it on the same thread. */
static _Thread_local volatile sig_atomic_t in_kernel __attribute__((tls_model("initial-exec")));

bool sm_group_in_kernel(void) {
  return in_kernel != 0;
}
void sm_group_abandon(void) {
  in_kernel = 0;
}

/* ---- context switch ---------------------------------------------------------------- */
/* void sm_fiber_switch(void **save_sp, void *load_sp): saves the callee-saved
 * state on the current stack, stores the stack pointer in *save_sp, switches
 * to load_sp and restores the state saved there. sm_fiber_boot is where a new
 * fiber starts: it calls fn(arg) from the two registers the initial frame set. */
void sm_fiber_switch(void **save_sp, void *load_sp);
void sm_fiber_boot(void);
#if defined(__x86_64__)
__asm__(".text\n"
        ".globl sm_fiber_switch\n.hidden sm_fiber_switch\n.type sm_fiber_switch,@function\n"
        "sm_fiber_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size sm_fiber_switch, .-sm_fiber_switch\n"
        ".globl sm_fiber_boot\n.hidden sm_fiber_boot\n.type sm_fiber_boot,@function\n"
        "sm_fiber_boot:\n"
        "  movq %r12, %rdi\n  callq *%r13\n  ud2\n"
        ".size sm_fiber_boot, .-sm_fiber_boot\n");
/* Frame: r15, r14, r13, r12, rbx, rbp, return address. The FP control state
 * (MXCSR, x87 control word) is not switched: all fibers of a worker share it,
 * and MSL code cannot change it. */
static void *initial_frame(unsigned char *top, void (*fn)(void *), void *arg) {
  uint64_t *sp = (uint64_t *)((uintptr_t)top & ~(uintptr_t)15) - 1; /* return address slot */
  *sp = (uint64_t)(uintptr_t)sm_fiber_boot;
  sp -= 6;
  sp[0] = 0, sp[1] = 0;             /* r15, r14 */
  sp[2] = (uint64_t)(uintptr_t)fn;  /* r13 */
  sp[3] = (uint64_t)(uintptr_t)arg; /* r12 */
  sp[4] = 0, sp[5] = 0;             /* rbx, rbp */
  return sp;
}
#elif defined(__aarch64__)
__asm__(".text\n"
        ".globl sm_fiber_switch\n.hidden sm_fiber_switch\n.type sm_fiber_switch,%function\n"
        "sm_fiber_switch:\n"
        "  sub sp, sp, #176\n"
        "  stp x19, x20, [sp, #0]\n  stp x21, x22, [sp, #16]\n  stp x23, x24, [sp, #32]\n"
        "  stp x25, x26, [sp, #48]\n  stp x27, x28, [sp, #64]\n  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n  stp d10, d11, [sp, #112]\n  stp d12, d13, [sp, #128]\n"
        "  stp d14, d15, [sp, #144]\n"
        "  mov x9, sp\n  str x9, [x0]\n"
        "  mov sp, x1\n"
        "  ldp x19, x20, [sp, #0]\n  ldp x21, x22, [sp, #16]\n  ldp x23, x24, [sp, #32]\n"
        "  ldp x25, x26, [sp, #48]\n  ldp x27, x28, [sp, #64]\n  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n  ldp d10, d11, [sp, #112]\n  ldp d12, d13, [sp, #128]\n"
        "  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #176\n"
        "  ret\n"
        ".size sm_fiber_switch, .-sm_fiber_switch\n"
        ".globl sm_fiber_boot\n.hidden sm_fiber_boot\n.type sm_fiber_boot,%function\n"
        "sm_fiber_boot:\n"
        "  mov x0, x19\n  blr x20\n  brk #0\n"
        ".size sm_fiber_boot, .-sm_fiber_boot\n");

static void *initial_frame(unsigned char *top, void (*fn)(void *), void *arg) {
  uint64_t *sp = (uint64_t *)(((uintptr_t)top & ~(uintptr_t)15) - 176);
  for (int i = 0; i < 22; i++)
    sp[i] = 0;
  sp[0] = (uint64_t)(uintptr_t)arg;            /* x19 */
  sp[1] = (uint64_t)(uintptr_t)fn;             /* x20 */
  sp[11] = (uint64_t)(uintptr_t)sm_fiber_boot; /* x30 */
  return sp;
}
#else
#error "softmetal fibers: no context switch for this architecture"
#endif

/* ---- runner ---------------------------------------------------------------------- */
/* ---- guard pages ----------------------------------------------------------------
 * Each guard page splits the stack mapping, costing two of the process's
 * vm.max_map_count mappings (65530 by default). Guards are therefore added
 * only for fibers actually used, within a process-wide budget of a quarter of
 * that limit; stacks beyond the budget have no guard (an overflow then goes
 * undetected). A 2-CPU machine needs 2 x 1024 guards at most; a 128-CPU one
 * running 1024-thread groups would otherwise need 131072. */
static atomic_long guard_budget = -1;

static long initial_guard_budget(void) {
  long max_maps = 65530;
  FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
  if (f) {
    if (fscanf(f, "%ld", &max_maps) != 1) max_maps = 65530;
    fclose(f);
  }
  return max_maps / 4 / 2;
}

/* Gives fibers [r->guarded, count) their guard pages while the budget lasts. */
static void add_guards(struct sm_group_runner *r, int count) {
  long expected = -1;
  atomic_compare_exchange_strong(&guard_budget, &expected, initial_guard_budget());
  long page = sysconf(_SC_PAGESIZE);
  for (; r->guarded < count; r->guarded++) {
    if (atomic_fetch_sub(&guard_budget, 1) <= 0) {
      atomic_fetch_add(&guard_budget, 1);
      r->guarded = AC_MAX_THREADS_PER_THREADGROUP; /* out of budget: stop trying */
      return;
    }
    mprotect(r->stacks + (size_t)r->guarded * STACK_SIZE, (size_t)page, PROT_NONE);
    r->guards++;
  }
}

/* Maps the vector fibers' stacks with their guard pages; false when it cannot (no memory
 * or no guard budget left): they then use the ordinary stacks. */
static bool map_vector_stacks(struct sm_group_runner *r) {
  if (r->vstacks) return true;
  long expected = -1;
  atomic_compare_exchange_strong(&guard_budget, &expected, initial_guard_budget());
  if (atomic_fetch_sub(&guard_budget, VECTOR_STACKS) < VECTOR_STACKS) {
    atomic_fetch_add(&guard_budget, VECTOR_STACKS);
    return false;
  }
  size_t total = (size_t)VECTOR_STACK_SIZE * VECTOR_STACKS;
  unsigned char *v =
      mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (v == MAP_FAILED) {
    atomic_fetch_add(&guard_budget, VECTOR_STACKS);
    return false;
  }
  long page = sysconf(_SC_PAGESIZE);
  for (int i = 0; i < VECTOR_STACKS; i++)
    mprotect(v + (size_t)i * VECTOR_STACK_SIZE, (size_t)page, PROT_NONE);
  r->guards += VECTOR_STACKS;
  r->vstacks = v;
  return true;
}

struct sm_group_runner *sm_group_runner_new(void) {
  struct sm_group_runner *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  size_t total = (size_t)STACK_SIZE * AC_MAX_THREADS_PER_THREADGROUP;
  /* Committed lazily; the lowest page of each used stack becomes a guard. */
  r->stacks =
      mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (r->stacks == MAP_FAILED) {
    free(r);
    return NULL;
  }
  return r;
}

void sm_group_runner_free(struct sm_group_runner *r) {
  if (!r) return;
  atomic_fetch_add(&guard_budget, r->guards);
  munmap(r->stacks, (size_t)STACK_SIZE * AC_MAX_THREADS_PER_THREADGROUP);
  if (r->vstacks) munmap(r->vstacks, (size_t)VECTOR_STACK_SIZE * VECTOR_STACKS);
  free(r);
}

bool sm_group_runner_is_guard(const struct sm_group_runner *r, const void *addr) {
  uintptr_t a = (uintptr_t)addr, base = (uintptr_t)r->stacks, v = (uintptr_t)r->vstacks;
  if (v && a >= v && a < v + (uintptr_t)VECTOR_STACK_SIZE * VECTOR_STACKS)
    return (a - v) % VECTOR_STACK_SIZE < (uintptr_t)sysconf(_SC_PAGESIZE);
  if (a < base || a >= base + (uintptr_t)STACK_SIZE * AC_MAX_THREADS_PER_THREADGROUP) return false;
  return (a - base) % STACK_SIZE < (uintptr_t)sysconf(_SC_PAGESIZE);
}

/* Leaves fiber `me` (which just blocked or finished): straight into the next
 * runnable fiber of this round if there is one (one switch instead of two
 * through the scheduler), else back to the scheduler. The scheduler's round
 * skips fibers that already ran, as they are no longer ready. */
static void yield_from(struct sm_group_runner *r, int me) {
  void *target = r->scheduler_sp;
  for (int i = me + 1; i < r->count; i++)
    if (r->fibers[i].state == FIBER_READY) {
      r->current = i;
      target = r->fibers[i].sp;
      break;
    }
  sm_fiber_switch(&r->fibers[me].sp, target);
}

static void fiber_main(void *arg) {
  struct sm_group_runner *r = arg;
  int me = r->current;
  in_kernel = 1;      /* started by the scheduler or by another fiber's yield */
  if (r->group_fiber) /* the whole group, one thread after another */
    for (int t = 0; t < r->group_threads; t++) {
      r->fibers[me].steps = 0;
      r->dispatch->kernel->entry(&r->threads[t]);
    }
  else if (r->vector_fibers)
    r->dispatch->kernel->simd_entry(&r->threads[me], r->chunk[me].x0, r->chunk[me].index0,
                                    r->chunk[me].count);
  else
    r->dispatch->kernel->entry(&r->threads[me]);
  in_kernel = 0;
  r->fibers[me].state = FIBER_DONE;
  yield_from(r, me);
  __builtin_unreachable(); /* a finished fiber is never resumed */
}

/* Suspends the current fiber in `state` at `site` until the scheduler resumes it. */
static void wait_at_barrier(enum fiber_state state, const void *site) {
  struct sm_group_runner *r = current_runner;
  if (!r->fibers_on) {
    if (r->count > 1 || (r->group_fiber && r->group_threads > 1)) r->barrier_misuse = true;
    return;
  }
  in_kernel = 0;
  int me = r->current;
  r->fibers[me].state = state;
  r->fibers[me].site = site;
  yield_from(r, me);
  r->current = me; /* resumed: by the scheduler or by another fiber */
  in_kernel = 1;
}

/* The call site is recorded for SOFTMETAL_DEBUG_BARRIERS: threads waiting at
 * different threadgroup_barrier calls are a divergent barrier. */
void sm_rt_threadgroup_barrier(unsigned flags, const void *site) {
  (void)flags; /* all memory is coherent on one CPU thread: order is all that matters */
  wait_at_barrier(FIBER_WAIT_GROUP, site);
}
/* The call site tells apart SIMD operations in divergent branches: only lanes
 * waiting at the same one are released together (they are the active lanes). */
void sm_rt_simdgroup_barrier(unsigned flags, const void *site) {
  (void)flags;
  wait_at_barrier(FIBER_WAIT_SIMD, site);
}
unsigned char *sm_rt_threadgroup_base(void) {
  return current_runner->threadgroup_base;
}
unsigned sm_rt_thread_index(void) {
  return (unsigned)current_runner->current;
}
unsigned char *sm_rt_simd_slots(void) {
  return &current_runner->simd_slots[0][0];
}
uint64_t sm_rt_simd_active_mask(void) {
  struct sm_group_runner *r = current_runner;
  if (!r->fibers_on) return 1; /* cannot happen: SIMD functions imply fibers */
  return r->simd_active[r->current / AC_SIMD_WIDTH];
}

/* How many iterations of its outermost loop an interleaved SIMD-group runs between yields.
 * Each yield is a fiber switch, and each round a park and resume of the group in pool.c:
 * yielding at every iteration (32 lanes, 384 bytes of bench/vector_add's grid-stride loop)
 * cost about as much as the iteration's memory traffic. The more iterations, the further
 * apart the worker's accesses between switches (a SIMD-group's iterations are a grid's
 * width apart): bench/vector_add's grid_stride, CPU time per launch on the 2-vCPU VM (load
 * ~11, so ±30 %): 1: 185-192 ms, 2: 131, 4: 108-113, 8: 154, 16: 197-221; plain C 52. */
enum { YIELD_ITERATIONS = 4 };

void sm_rt_loop_yield(void) {
  struct sm_group_runner *r = current_runner;
  if (!r->interleave) return;
  struct fiber *f = &r->fibers[r->current];
  if (++f->iterations < YIELD_ITERATIONS) return;
  f->iterations = 0;
  r->park = true; /* at the end of this round: the worker's other groups take their turn */
  in_kernel = 0;
  int me = r->current;
  yield_from(r, me);
  r->current = me;
  in_kernel = 1;
}

void sm_rt_barrier_lanes(unsigned missing) {
  current_runner->lanes_missing += missing;
}

/* Lockstep: the caller stays runnable and yields; every runnable fiber makes one step
 * per round, in thread order (run_fibers), so the lanes of a SIMD-group perform their
 * threadgroup accesses together. */
void sm_rt_lockstep_step(void) {
  struct sm_group_runner *r = current_runner;
  if (!r->lockstep) return;
  int me = r->current;
  yield_from(r, me);
  r->current = me;
}

/* Residency (docs/softmetal.md): a thread that keeps making atomic or volatile accesses
 * to device memory may be spinning, waiting for another group of its dispatch, which a
 * GPU would run beside it on the same core. When one thread of a group that can park has
 * made SM_SPIN_QUANTUM device steps since it started (or its group was resumed), the
 * group yields to the end of its scheduler round and sm_group_run returns with *parked
 * set: pool.c runs another resident group and resumes this one later. Parking never
 * changes results (resident groups may interleave anywhere on a GPU); counting per
 * thread keeps it away from kernels whose threads make a few atomic accesses each. */
void sm_rt_device_step(void) {
  struct sm_group_runner *r = current_runner;
  struct fiber *f = &r->fibers[r->current];
  if (++f->steps >= SM_SPIN_QUANTUM) {
    f->steps = 0;
    r->park = r->parkable;
  }
  if (!r->lockstep && !r->park) return;
  in_kernel = 0;
  int me = r->current;
  yield_from(r, me); /* stays ready: the scheduler ends its round and parks the group */
  r->current = me;
  in_kernel = 1;
}

/* Threads in lockstep: a kernel with threadgroup memory (the only memory through which
 * the lanes of a group observe each other between barriers, device memory aside), or one
 * whose threads wait for each other in a loop on device memory (the vectorizer found a spin
 * loop: run one after another, a thread waiting for a later one would never finish; in
 * lockstep each atomic or volatile access is a step, so the others advance). */
static bool runs_in_lockstep(const struct sm_kernel *k) {
  return sm_lane_mode() != SM_MODE_FIBER &&
         (k->static_threadgroup_bytes || k->threadgroup_mask || k->spins);
}

/* Whether a kernel with barriers or threadgroup memory must run its SIMD-groups as
 * fibers that meet at barriers (and see each other's threadgroup writes between them). */
static bool needs_fibers(const struct sm_kernel *k) {
  return k->uses_barriers || runs_in_lockstep(k);
}

/* Whether each vector of simd_width lanes (along x, a row at a time) is one SIMD-group of
 * the group: a row holds whole SIMD-groups, or the group is one row. Otherwise a
 * SIMD-group spans rows, and a kernel whose SIMD-groups meet (needs_fibers) keeps the
 * scalar fibers, so that warp-synchronous code sees its real warps. */
static bool rows_hold_simdgroups(const struct sm_kernel *k, const unsigned threads[3]) {
  return threads[0] % k->simd_width == 0 || (threads[1] == 1 && threads[2] == 1);
}

/* Vector mode: the kernel's vectorized function runs the group, simd_width lanes of a row
 * at a time (softmetal/vectorize/): one after another, or as one fiber per SIMD-group when
 * the kernel has barriers or threadgroup memory. */
static bool runs_vectorized(const struct sm_kernel *k, const unsigned threads[3]) {
  return sm_lane_mode() == SM_MODE_VECTOR && k->simd_entry &&
         (!needs_fibers(k) || rows_hold_simdgroups(k, threads));
}

bool sm_kernel_interleaves(const struct sm_kernel *k, const unsigned threads[3]) {
  return k->simd_yields && runs_vectorized(k, threads) && !needs_fibers(k);
}

const char *sm_kernel_mode_name(const struct sm_kernel *k, const unsigned threads[3], char *buf,
                                size_t size) {
  if (sm_kernel_interleaves(k, threads)) return "vector interleaved";
  if (runs_vectorized(k, threads)) return needs_fibers(k) ? "vector fibers" : "vector";
  const char *mode = runs_in_lockstep(k) ? "lockstep" : k->uses_barriers ? "fibers" : "loop";
  if (sm_lane_mode() != SM_MODE_VECTOR) return mode;
  snprintf(buf, size, "%s (not vectorized: %s)", mode,
           k->simd_entry       ? "SIMD-groups span rows of the threadgroup"
           : k->not_vectorized ? k->not_vectorized
                               : "no vectorizer output");
  return buf;
}

/* SOFTMETAL_DEBUG_BARRIERS: the error for a threadgroup barrier about to be
 * released that not every thread reached — some exited, or they wait at
 * different barrier calls. NULL when all threads wait at one call. */
static char *divergent_barrier(struct sm_group_runner *r, int done, int group) {
  int sites = 0;
  const void *first = NULL;
  for (int i = 0; i < r->count; i++) {
    if (r->fibers[i].state != FIBER_WAIT_GROUP) continue;
    if (!sites)
      first = r->fibers[i].site, sites = 1;
    else if (r->fibers[i].site != first)
      sites = 2;
  }
  if (r->vector_fibers) { /* fibers are SIMD-groups: count their lanes */
    done = group = 0;
    for (int i = 0; i < r->count; i++) {
      if (r->fibers[i].state == FIBER_DONE) done += (int)r->chunk[i].count;
      if (r->fibers[i].state == FIBER_WAIT_GROUP) group += (int)r->chunk[i].count;
    }
    unsigned missing = r->lanes_missing;
    r->lanes_missing = 0;
    if (missing) /* a SIMD-group's vector code cannot tell exited lanes from lanes elsewhere */
      return sm_strdup_printf(
          "softmetal: kernel %s: divergent threadgroup_barrier (SOFTMETAL_DEBUG_BARRIERS): only "
          "some lanes of a SIMD-group reach it: %u threads exited without reaching it or wait at "
          "different threadgroup_barrier calls (%d threads of whole SIMD-groups exited)",
          r->dispatch->kernel->name, missing, done);
  }
  if (done == 0 && sites == 1) return NULL;
  return sm_strdup_printf("softmetal: kernel %s: divergent threadgroup_barrier (SOFTMETAL_DEBUG_"
                          "BARRIERS): %d threads wait at %s, %d threads exited without reaching "
                          "it",
                          r->dispatch->kernel->name, group,
                          sites > 1 ? "different threadgroup_barrier calls" : "one barrier", done);
}

/* Opens barriers after a round. Returns NULL, or an error when no fiber can run. */
static char *open_barriers(struct sm_group_runner *r, bool *all_done) {
  int done = 0, group = 0, released = 0;
  /* SIMD-group barriers: after a round no fiber is runnable, so every lane that
   * will reach a SIMD barrier has. Lanes at the same call site are released
   * together and become the active lanes. Of several sites (divergent lanes),
   * the lowest code address goes first ("min-PC"): code after an if/else or a
   * loop lies above it, so lanes still inside run before those that left, and
   * the SIMD-group reconverges as on a GPU. */
  for (int s = 0; s < r->count; s += AC_SIMD_WIDTH) {
    int end = s + AC_SIMD_WIDTH < r->count ? s + AC_SIMD_WIDTH : r->count;
    uintptr_t site = UINTPTR_MAX;
    for (int i = s; i < end; i++)
      if (r->fibers[i].state == FIBER_WAIT_SIMD && (uintptr_t)r->fibers[i].site < site)
        site = (uintptr_t)r->fibers[i].site;
    if (site == UINTPTR_MAX) continue;
    uint64_t mask = 0;
    for (int i = s; i < end; i++) {
      if (r->fibers[i].state != FIBER_WAIT_SIMD || (uintptr_t)r->fibers[i].site != site) continue;
      r->fibers[i].state = FIBER_READY;
      mask |= 1ull << (i - s);
      released++;
    }
    r->simd_active[s / AC_SIMD_WIDTH] = mask;
  }
  for (int i = 0; i < r->count; i++) {
    done += r->fibers[i].state == FIBER_DONE;
    group += r->fibers[i].state == FIBER_WAIT_GROUP;
  }
  *all_done = done == r->count;
  if (released || *all_done) return NULL;
  /* Every thread that has not exited waits at a threadgroup barrier: release
   * them. Threads that returned early no longer take part in barriers (an
   * NVIDIA GPU does the same: tests/e2e/early_exit_barrier.cu passes there,
   * compute-sanitizer's synccheck included), so `if (i >= n) return;` before
   * __syncthreads() works. */
  if (group > 0 && group == r->count - done) {
    if (sm_debug_barriers()) {
      char *error = divergent_barrier(r, done, group);
      if (error) return error;
    }
    for (int i = 0; i < r->count; i++)
      if (r->fibers[i].state == FIBER_WAIT_GROUP) r->fibers[i].state = FIBER_READY;
    r->lanes_missing = 0;
    return NULL;
  }
  return sm_strdup_printf(
      "softmetal: kernel %s: threadgroup_barrier was not reached by all threads "
      "of the threadgroup (%d threads exited, %d wait at a threadgroup barrier, "
      "%d at a SIMD-group barrier); this hangs or is undefined on a GPU",
      r->dispatch->kernel->name, done, group, r->count - done - group);
}

static char *barrier_misuse_error(const struct sm_dispatch *d) {
  return sm_strdup_printf("softmetal: kernel %s called a barrier that softmetal did not detect "
                          "when compiling it",
                          d->kernel->name);
}

static void set_thread(struct sm_group_runner *r, const struct sm_dispatch *d,
                       const unsigned bid[3], void *const *threadgroups, int i) {
  struct sm_kernel_thread *t = &r->threads[i];
  unsigned x = d->threads[0], y = d->threads[1];
  t->buffers = d->buffers;
  t->threadgroups = threadgroups;
  t->tid[0] = (unsigned)i % x, t->tid[1] = (unsigned)i / x % y, t->tid[2] = (unsigned)i / x / y;
  for (int k = 0; k < 3; k++)
    t->bid[k] = bid[k], t->bdim[k] = d->threads[k], t->gdim[k] = d->groups[k];
  t->index = (unsigned)i;
}

/* Runs the group's fibers until they are all done, an error, a stop of the dispatch,
 * or a park request (*parked; the fibers keep their state for sm_group_resume). */
static char *schedule(struct sm_group_runner *r, bool *parked) {
  for (;;) {
    bool stepped = false; /* a lockstep fiber is still runnable after this round */
    for (int i = 0; i < r->count; i++) {
      if (r->fibers[i].state != FIBER_READY) continue;
      r->current = i;
      in_kernel = 1; /* the switch itself only moves registers: safe to leave by siglongjmp */
      sm_fiber_switch(&r->scheduler_sp, r->fibers[i].sp);
      in_kernel = 0;
      i = r->current; /* the round went on from fiber to fiber up to this one */
    }
    /* A stopped dispatch (watchdog, another group's fault) abandons the group here
     * when its threads keep meeting at barriers or lockstep steps (a spin loop
     * around __syncthreads()); one spinning inside kernel code is interrupted by
     * pool.c. */
    if (__atomic_load_n(&r->dispatch->stop, __ATOMIC_RELAXED)) return NULL;
    if (r->park) {
      r->park = false;
      *parked = true;
      return NULL;
    }
    for (int i = 0; r->lockstep && i < r->count && !stepped; i++)
      stepped = r->fibers[i].state == FIBER_READY;
    if (stepped) continue; /* barriers open only when no fiber can run */
    bool all_done;
    char *error = open_barriers(r, &all_done);
    if (error || all_done) return error;
  }
}

static char *run_fibers(struct sm_group_runner *r, bool *parked) {
  bool wide = r->vector_fibers && r->count <= VECTOR_STACKS && map_vector_stacks(r);
  if (!wide && r->guarded < r->count) add_guards(r, r->count);
  for (int i = 0; i < r->count; i++) {
    unsigned char *top = wide ? vector_stack_top(r->vstacks, i) : stack_top(r->stacks, i);
    r->fibers[i].sp = initial_frame(top, fiber_main, r);
    r->fibers[i].state = FIBER_READY;
    r->fibers[i].steps = 0;
    r->fibers[i].iterations = 0;
  }
  return schedule(r, parked);
}

/* Vector mode: the group's vectors, simd_width lanes of a row at a time (chunk i on
 * threads[i]). Returns their number. */
static int set_vectors(struct sm_group_runner *r, const struct sm_dispatch *d,
                       const unsigned bid[3], void *const *threadgroups) {
  int n = 0;
  unsigned x = d->threads[0], index = 0, w = d->kernel->simd_width;
  for (unsigned z = 0; z < d->threads[2]; z++)
    for (unsigned y = 0; y < d->threads[1]; y++)
      for (unsigned x0 = 0; x0 < x; x0 += w, n++) {
        unsigned count = x - x0 < w ? x - x0 : w;
        set_thread(r, d, bid, threadgroups, n);
        r->threads[n].tid[0] = x0, r->threads[n].tid[1] = y, r->threads[n].tid[2] = z;
        r->threads[n].index = index;
        r->chunk[n].x0 = x0, r->chunk[n].index0 = index, r->chunk[n].count = count;
        index += count;
      }
  return n;
}

/* Runs the group's r->count vectors one after another. */
static void run_vectors(struct sm_group_runner *r, const struct sm_dispatch *d) {
  in_kernel = 1;
  for (int i = 0; i < r->count; i++)
    d->kernel->simd_entry(&r->threads[i], r->chunk[i].x0, r->chunk[i].index0, r->chunk[i].count);
  in_kernel = 0;
}

bool sm_kernel_runs_through(const struct sm_kernel *k, const unsigned threads[3]) {
  if (runs_vectorized(k, threads)) return !needs_fibers(k) && !sm_kernel_interleaves(k, threads);
  return !needs_fibers(k) && !k->may_spin;
}

char *sm_group_run_range(struct sm_group_runner *r, const struct sm_dispatch *d, uint64_t first,
                         uint64_t last, unsigned bid[3], void *const *threadgroups,
                         unsigned char *threadgroup_base, size_t poison) {
  assert(first < last && sm_kernel_runs_through(d->kernel, d->threads));
  unsigned gx = d->groups[0], gy = d->groups[1];
  bid[0] = (unsigned)(first % gx), bid[1] = (unsigned)(first / gx % gy);
  bid[2] = (unsigned)(first / gx / gy);
  r->dispatch = d;
  r->threadgroup_base = threadgroup_base;
  r->lockstep = r->fibers_on = r->barrier_misuse = r->park = r->parkable = false;
  r->group_fiber = r->vector_fibers = r->interleave = false;
  r->lanes_missing = 0;
  r->fibers[0].steps = 0;
  r->current = 0;
  current_runner = r;
  bool vectorized = runs_vectorized(d->kernel, d->threads);
  if (vectorized) {
    r->count = set_vectors(r, d, bid, threadgroups);
  } else {
    r->count = (int)(d->threads[0] * d->threads[1] * d->threads[2]);
    set_thread(r, d, bid, threadgroups, 0); /* the library loops over the threads */
  }
  int records = vectorized ? r->count : 1;
  for (uint64_t g = first;;) {
    if (__atomic_load_n(&d->stop, __ATOMIC_RELAXED)) return NULL;
    if (poison) memset(threadgroup_base, SM_THREADGROUP_POISON, poison);
    if (vectorized)
      run_vectors(r, d);
    else {
      in_kernel = 1;
      d->kernel->group_entry(&r->threads[0]);
      in_kernel = 0;
    }
    if (r->barrier_misuse) return barrier_misuse_error(d);
    if (++g == last) return NULL;
    /* The next group: only its position changes. */
    if (++bid[0] == gx) {
      bid[0] = 0;
      if (++bid[1] == gy) bid[1] = 0, bid[2]++;
    }
    for (int i = 0; i < records; i++)
      for (int k = 0; k < 3; k++)
        r->threads[i].bid[k] = bid[k];
  }
}

char *sm_group_run(struct sm_group_runner *r, const struct sm_dispatch *d, const unsigned bid[3],
                   void *const *threadgroups, unsigned char *threadgroup_base, bool *parked) {
  r->dispatch = d;
  r->threadgroup_base = threadgroup_base;
  r->count = (int)(d->threads[0] * d->threads[1] * d->threads[2]);
  assert(r->count >= 1 && r->count <= AC_MAX_THREADS_PER_THREADGROUP); /* validated at encoding */
  r->lockstep = runs_in_lockstep(d->kernel);
  r->fibers_on = d->kernel->uses_barriers || r->lockstep;
  r->barrier_misuse = false;
  r->park = false;
  r->fibers[0].steps = 0; /* counted by sm_rt_device_step on the worker's stack too */
  *parked = false;
  current_runner = r;
  bool vectorized = runs_vectorized(d->kernel, d->threads);
  r->interleave = sm_kernel_interleaves(d->kernel, d->threads);
  r->vector_fibers = vectorized && (needs_fibers(d->kernel) || r->interleave);
  r->lanes_missing = 0;
  /* A group loop that may spin runs on fiber 0, so that it can park. */
  r->group_fiber = !vectorized && !r->fibers_on && d->kernel->may_spin;
  if (r->vector_fibers) r->fibers_on = true, r->lockstep = false;
  r->parkable = r->fibers_on || r->group_fiber;
  if (vectorized) {
    /* One fiber per SIMD-group, each running its lanes as vector code (which makes no
     * lockstep steps: its lanes advance together by construction), or one after another. */
    r->count = set_vectors(r, d, bid, threadgroups);
    if (r->vector_fibers) return run_fibers(r, parked);
    r->current = 0;
    run_vectors(r, d);
  } else if (r->group_fiber) {
    r->group_threads = r->count;
    for (int i = 0; i < r->count; i++)
      set_thread(r, d, bid, threadgroups, i);
    r->count = 1; /* one fiber runs the group's threads */
    char *error = run_fibers(r, parked);
    if (!error && r->barrier_misuse) error = barrier_misuse_error(d);
    r->count = r->group_threads;
    return error;
  } else if (!r->fibers_on) {
    /* One call runs the whole group; the library loops over the threads. */
    set_thread(r, d, bid, threadgroups, 0);
    r->current = 0;
    in_kernel = 1;
    d->kernel->group_entry(&r->threads[0]);
    in_kernel = 0;
  } else {
    for (int i = 0; i < r->count; i++)
      set_thread(r, d, bid, threadgroups, i);
    return run_fibers(r, parked);
  }
  if (r->barrier_misuse) return barrier_misuse_error(d);
  return NULL;
}

char *sm_group_resume(struct sm_group_runner *r, bool *parked) {
  assert(r->parkable && r->dispatch);
  *parked = false;
  current_runner = r;
  int fibers = r->group_fiber ? 1 : r->count;
  for (int i = 0; i < fibers; i++)
    r->fibers[i].steps = 0;
  if (!r->group_fiber) return schedule(r, parked);
  r->count = 1;
  char *error = schedule(r, parked);
  if (!error && r->barrier_misuse) error = barrier_misuse_error(r->dispatch);
  r->count = r->group_threads;
  return error;
}
