/* softmetal/lockstep.c — SIMD-groups in lockstep (the first step of softmetal's SIMT
 * execution; docs/softmetal.md, "Vector mode and lockstep").
 *
 * A GPU runs the 32 lanes of a SIMD-group together, so warp-synchronous CUDA code (a
 * volatile shared-memory reduction without __syncwarp, lanes exchanging values through
 * threadgroup memory without a barrier) sees its warp-mates' writes. Fibers run a thread
 * until it blocks, which breaks such code. In lockstep mode every access to threadgroup
 * memory is preceded by a step: the fiber yields, and the group's fibers advance one
 * step each, in thread order, round after round (fiber.c). Only a kernel's threadgroup
 * accesses can observe another lane of its group between barriers (besides device
 * memory, see the documentation's gaps), so interleaving the group there gives the
 * results of lockstep execution. Atomic and volatile accesses to device memory are
 * steps too: threads wait for each other there (spin locks), and a spinning thread
 * must let the others step.
 *
 * This file holds the mode switch (SOFTMETAL_MODE) and the IR pass that inserts the
 * steps, run on the unoptimized IR between softmetal's two clang steps (compile.c).
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum sm_lane_mode sm_lane_mode(void) {
  static atomic_int cached = -1;
  int mode = atomic_load_explicit(&cached, memory_order_relaxed);
  if (mode >= 0) return (enum sm_lane_mode)mode;
  const char *env = getenv("SOFTMETAL_MODE");
  mode = SM_MODE_VECTOR; /* the default: SIMD-groups as vector code (docs/softmetal.md) */
  if (env && !strcmp(env, "fiber"))
    mode = SM_MODE_FIBER;
  else if (env && !strcmp(env, "lockstep"))
    mode = SM_MODE_LOCKSTEP;
  else if (env && *env && strcmp(env, "vector") != 0) {
    /* Said once per process (the value is read once): never a silent substitute. */
    fprintf(stderr, "softmetal: SOFTMETAL_MODE=%s: %s; using vector (the default)\n", env,
            "unknown mode (vector, lockstep or fiber)");
  }
  atomic_store_explicit(&cached, mode, memory_order_relaxed);
  return (enum sm_lane_mode)mode;
}

/* ---- the IR pass ---------------------------------------------------------------------- */
static bool starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The first `needle` in the n characters at s, or NULL: every search of the pass stays
 * inside its line (an unbounded strstr would scan the rest of a module of hundreds of
 * MB for each line lacking the needle: quadratic on CCCL's modules). */
static const char *find_in(const char *s, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (s[i] == needle[0] && !memcmp(s + i, needle, k)) return s + i;
  return NULL;
}

/* The address space of an address operand (text after `ptr `): 0..3. */
static int address_space(const char *p) {
  return starts_with(p, "addrspace(") ? p[10] - '0' : 0;
}

/* The address space of a load's or store's address (op: the instruction from its
 * opcode): the last `, ptr` operand before `, align` (a loaded or stored value may
 * itself be a pointer: `store ptr addrspace(3) %v, ptr %slot` writes private memory). */
static int load_store_space(const char *op, size_t n) {
  const char *end = op + n, *address = NULL;
  for (const char *p = op; p < end; p++) {
    if (!strncmp(p, ", align", 7) || !strncmp(p, ", !", 3)) break;
    if (!strncmp(p, ", ptr ", 6)) address = p + 6;
  }
  return address ? address_space(address) : 0;
}

/* What kind of step an instruction (from its opcode) is: an access to threadgroup
 * memory (address space 3), or an atomic or volatile access to device memory (1). The
 * latter are how threads wait for each other (spin locks, flags, grid barriers): a
 * thread spinning on one must let the others (the lock's holder) step too, or lockstep
 * would never end, and a group spinning there may be waiting for another group (a
 * device step is where pool.c may park it: docs/softmetal.md "Residency"). */
enum step_kind { STEP_NONE, STEP_THREADGROUP, STEP_DEVICE };
static enum step_kind step_of(const char *op, size_t n) {
  if (starts_with(op, "load ") || starts_with(op, "store ")) {
    int space = load_store_space(op, n);
    const char *q = strchr(op, ' ') + 1;
    bool special = starts_with(q, "volatile ") || starts_with(q, "atomic ");
    return space == 3 ? STEP_THREADGROUP : space == 1 && special ? STEP_DEVICE : STEP_NONE;
  }
  if (starts_with(op, "atomicrmw ") || starts_with(op, "cmpxchg ")) {
    const char *p = strchr(op, ' ') + 1;
    if (starts_with(p, "weak ")) p += 5;
    if (starts_with(p, "volatile ")) p += 9;
    while (*p && *p != ' ' && !starts_with(p, "ptr ")) /* atomicrmw's operation */
      p++;
    if (*p == ' ') p++;
    if (!starts_with(p, "ptr ")) return STEP_NONE;
    int space = address_space(p + 4);
    return space == 3 ? STEP_THREADGROUP : space == 1 ? STEP_DEVICE : STEP_NONE;
  }
  if (starts_with(op, "call void @llvm.memcpy.") || starts_with(op, "call void @llvm.memmove.") ||
      starts_with(op, "call void @llvm.memset.")) {
    const char *paren = memchr(op, '(', n);
    const char *p3 = find_in(op, n, ".p3");
    return p3 && paren && p3 < paren ? STEP_THREADGROUP : STEP_NONE;
  }
  return STEP_NONE;
}

/* A plain or volatile (not atomic) load from threadgroup memory. */
static bool is_threadgroup_read(const char *op, size_t n) {
  return starts_with(op, "load ") && !starts_with(op, "load atomic ") &&
         load_store_space(op, n) == 3;
}

/* Steps go before accesses, except before a threadgroup read that directly follows
 * another in the same basic block (nothing but non-step instructions and no call in
 * between): lanes in lockstep execute both reads before any lane's next write, so
 * they need no step between them (n-body's inner loop reads a shared tile four floats
 * at a time). A label (a new block) or a call ends such a run. */
char *sm_lockstep_instrument(const char *ir) {
  struct sm_text out = {0};
  bool in_function = false, after_read = false;
  for (const char *line = ir; *line;) {
    const char *eol = strchr(line, '\n');
    size_t n = eol ? (size_t)(eol - line) + 1 : strlen(line);
    if (starts_with(line, "define "))
      in_function = true, after_read = false;
    else if (line[0] == '}')
      in_function = false;
    else if (in_function && line[0] != ' ' && line[0] != '\n')
      after_read = false; /* a block label */
    else if (in_function && line[0] == ' ') {
      const char *op = line;
      while (*op == ' ')
        op++;
      if (*op == '%') { /* %x = ... */
        const char *eq = find_in(op, (size_t)(line + n - op), " = ");
        op = eq ? eq + 3 : line + n;
      }
      size_t rest = op < line + n ? (size_t)(line + n - op) : 0;
      enum step_kind kind = rest ? step_of(op, rest) : STEP_NONE;
      bool step = kind != STEP_NONE;
      bool read = step && is_threadgroup_read(op, rest);
      if (step && read && after_read) step = false;
      if (rest && (step || starts_with(op, "call ") || starts_with(op, "tail call ") ||
                   starts_with(op, "invoke ")))
        after_read = read;
      if (step) {
        /* The step takes the access's source location (a call of a function with
         * debug information needs one; __sm_lockstep_step has none, but a location
         * keeps traces and profiles pointing at the MSL line). */
        const char *dbg = find_in(line, n, ", !dbg !");
        size_t dbg_len = 0;
        if (dbg) {
          dbg_len = 8;
          while (dbg + dbg_len < line + n && dbg[dbg_len] >= '0' && dbg[dbg_len] <= '9')
            dbg_len++;
        } else {
          dbg = "";
        }
        sm_text_printf(&out, "  call void @%s()%.*s\n",
                       kind == STEP_DEVICE ? "__sm_device_step" : "__sm_lockstep_step",
                       (int)dbg_len, dbg);
      }
    }
    sm_text_append(&out, line, n);
    line += n;
  }
  return out.data ? out.data : strdup("");
}
