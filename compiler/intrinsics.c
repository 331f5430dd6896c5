/* intrinsics.c — the rows of the emitter's table for calls (msl_row,
 * msl_internal.h): LLVM and NVVM intrinsics (special registers, barriers,
 * integer and float helpers, warp operations) and the anchor_* helpers
 * lowering passes insert (memcpy/memmove/memset loops, float sqrt); the MSL preludes those call
 * into. A call without a row is an error naming it (emit.c). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static int has_prefix(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* ---- builders: what a template cannot say ------------------------------ */

/* The lane of the calling thread: its linear index in the group mod 32,
 * spelled for a template. */
#define LANE                                                                                       \
  "(((anchor_tid.z * anchor_bdim.y + anchor_tid.y) * anchor_bdim.x + anchor_tid.x) "               \
  "%% " MSL_WARP_SIZE ")"

/* Special registers: the thread's and group's indices and sizes
 * (anchor_tid.x ...), the warp size; warps are SIMD-groups of 32
 * consecutive linear thread indices (decision 6), so the lane is the
 * linear index modulo 32. %smid/%nsmid: Metal tells a kernel nothing about the
 * GPU core it runs on; PTX promises only an identifier below %nsmid that may
 * change during execution (for profiling), so every thread reports SM 0 of 1. */
static void emit_sreg(msl_inst *in) {
  static const char *const regs[][2] = {{"tid.", "anchor_tid"},
                                        {"ctaid.", "anchor_bid"},
                                        {"ntid.", "anchor_bdim"},
                                        {"nctaid.", "anchor_gdim"}};
  static const char *const named[][2] = {{"warpsize", MSL_WARP_SIZE},
                                         {"smid", "0u"},
                                         {"nsmid", "1u"},
                                         {"laneid", LANE},
                                         {"lanemask.eq", "(1u << " LANE ")"},
                                         {"lanemask.lt", "((1u << " LANE ") - 1u)"},
                                         {"lanemask.le", "((2u << " LANE ") - 1u)"},
                                         {"lanemask.gt", "(~((2u << " LANE ") - 1u))"},
                                         {"lanemask.ge", "(~((1u << " LANE ") - 1u))"}};
  const char *rest = ir_callee_name(in->i) + strlen("llvm.nvvm.read.ptx.sreg.");
  for (unsigned r = 0; r < sizeof regs / sizeof *regs; r++) {
    size_t n = strlen(regs[r][0]);
    if (!strncmp(rest, regs[r][0], n) && strchr("xyz", rest[n]) && rest[n] && !rest[n + 1]) {
      msl_inst_template_args(in, "%a0.%a1", (const char *const[]){regs[r][1], rest + n});
      return;
    }
  }
  for (unsigned r = 0; r < sizeof named / sizeof *named; r++)
    if (!strcmp(rest, named[r][0])) {
      msl_inst_template(in, named[r][1]);
      return;
    }
  in->ok = 0;
  diag_error(in->f->ctx, in->i, "CUDA special register '%s' " NOT_SUPPORTED, rest);
}

/* bswap: source byte k moves to byte bits/8-1-k: shifted (left for the
 * low half, right for the high half), then that byte kept; one template
 * per byte, ORed. */
static void emit_bswap(msl_inst *in) {
  unsigned bits = msl_int_bits(LLVMTypeOf(in->i));
  msl_inst x = {in->f, in->i, {0}, in->ok, MSL_SPACE_NONE, 0, 0};
  for (unsigned k = 0; k < bits / 8; k++) {
    int shift = (int)(bits - 8 - 16 * k);
    char amount[16], mask[32];
    snprintf(amount, sizeof amount, "%d", shift >= 0 ? shift : -shift);
    snprintf(mask, sizeof mask, "0x%llx%s", 0xffull << (bits - 8 - 8 * k), bits == 64 ? "ul" : "u");
    msl_inst_template_args(&x, k ? " | (((%W)%0 %a0 %a1) & %a2)" : "(((%W)%0 %a0 %a1) & %a2)",
                           (const char *const[]){shift >= 0 ? "<<" : ">>", amount, mask});
  }
  in->ok = x.ok;
  msl_inst_template_args(in, "(%T)(%a0)", (const char *const[]){x.e.data ? x.e.data : ""});
  strbuf_free(&x.e);
}

/* The copy unit of a memory helper, anchor_mem*.U.* (lower_memory.c). */
static unsigned helper_unit(LLVMValueRef call) {
  const char *dot = strchr(ir_callee_name(call), '.');
  assert(dot);
  unsigned unit = (unsigned)strtoul(dot + 1, NULL, 10);
  assert(unit == 1 || unit == 2 || unit == 4 || unit == 8);
  return unit;
}

/* The loops of the memory helpers (dst %0, src %1 or byte %1, length %2):
 * %a0 the loop variable, %a1 the unit in bytes, %a2 its uint type; the
 * lvalues as in emit.c (%Q, %D) at offset %a0. anchor_memcpy: a forward
 * loop of U-byte accesses. anchor_memmove between pointers of one space
 * that may overlap: forward when dst <= src, else backward (between two
 * spaces they cannot overlap: a memcpy). anchor_memset: the byte repeated
 * in every byte of the unit. */
#define MEM_DST "*reinterpret_cast<%Q0 %a2*>(%0 + %a0%D0)"
#define MEM_SRC "*reinterpret_cast<%Q1 %a2*>(%1 + %a0%D1)"
#define MEM_FORWARD "for (ulong %a0 = 0; %a0 < (ulong)%2; %a0 += %a1) "
static const char memcpy_text[] = MEM_FORWARD MEM_DST " = " MEM_SRC;
static const char memmove_text[] =
    "if (%0 <= %1) { " MEM_FORWARD MEM_DST " = " MEM_SRC "; } else { for (ulong %a0 = (ulong)%2; "
    "%a0 != 0;) { %a0 -= %a1; " MEM_DST " = " MEM_SRC "; } }";
static const char memset_text[] = MEM_FORWARD MEM_DST " = (%a2)((ulong)%1 * 0x0101010101010101ul)";
#undef MEM_FORWARD
#undef MEM_SRC
#undef MEM_DST

static void emit_mem_loop(msl_inst *in, const char *text) {
  unsigned unit = helper_unit(in->i);
  char k[32], bytes[16];
  snprintf(k, sizeof k, "k%u", in->f->text.next_id++);
  snprintf(bytes, sizeof bytes, "%u", unit);
  msl_inst_template_args(in, text, (const char *const[]){k, bytes, msl_uint_name(unit * 8)});
}

/* Through a generic pointer (addrspace.c: one that may point into several spaces,
 * e.g. a loaded pointer in a kernel that stores private addresses): one case per
 * space of each generic operand, testing the tags, each the loop above with that
 * space's lvalue. A memmove tests the direction once on the generic values (of one
 * space they compare as offsets; of two they cannot overlap). */
static const struct {
  const char *tag, *qualifier, *base;
} mem_spaces[] = {[MSL_SPACE_DEVICE] = {"0", "device", NULL},
                  [MSL_SPACE_PRIVATE] = {"1", "thread", "(thread uchar*)anchor_priv"},
                  [MSL_SPACE_PARAM] = {"2", "constant", "anchor_params"},
                  [MSL_SPACE_SHARED] = {"3", "threadgroup", "(threadgroup uchar*)anchor_smem"},
                  [MSL_SPACE_DYN_SHARED] = {"4", "threadgroup", "anchor_dyn_smem"}};

/* The lvalue of operand k (as a digit) in space s (MSL_SPACE_GENERIC: its own,
 * not generic) at offset %a0. */
static void mem_lvalue(strbuf *t, char k, int s) {
  if (s == MSL_SPACE_GENERIC)
    strbuf_printf(t, "*reinterpret_cast<%%Q%c %%a2*>(%%%c + %%a0%%D%c)", k, k, k);
  else if (s == MSL_SPACE_DEVICE)
    strbuf_printf(t, "*reinterpret_cast<device %%a2*>(%%H%c + %%a0 + " MSL_DELTA ")", k);
  else
    strbuf_printf(t, "*reinterpret_cast<%s %%a2*>(%s + (%%H%c & 0xFFFFFFFFFFFFFFul) + %%a0)",
                  mem_spaces[s].qualifier, mem_spaces[s].base, k);
}

/* The spaces operand k is taken in: a generic one's (a mask), else MSL_SPACE_GENERIC
 * alone (meaning: as it is). */
static unsigned mem_cases(msl_inst *in, unsigned k) {
  LLVMValueRef v = LLVMGetOperand(in->i, k);
  if (msl_addrspace_of(in->f, v) != MSL_SPACE_GENERIC) return 1u << MSL_SPACE_GENERIC;
  return msl_addrspace_mask(in->f, v) & ~(1u << MSL_SPACE_GENERIC);
}

/* kind: 0 memcpy, 1 memmove, 2 memset */
static void emit_mem_generic(msl_inst *in, int kind) {
  unsigned dst = mem_cases(in, 0), src = kind == 2 ? 1u << MSL_SPACE_GENERIC : mem_cases(in, 1);
  strbuf t = {0};
  for (int backward = 0; backward < (kind == 1 ? 2 : 1); backward++) {
    if (kind == 1) strbuf_put(&t, backward ? " else { " : "if (%H0 <= %H1) { ");
    int n = 0;
    for (int d = MSL_SPACE_DEVICE; d <= MSL_SPACE_GENERIC; d++)
      for (int s = MSL_SPACE_DEVICE; s <= MSL_SPACE_GENERIC; s++) {
        if (!(dst & (1u << d)) || !(src & (1u << s))) continue;
        strbuf_put(&t, n++ ? " else if (true" : "if (true");
        if (d != MSL_SPACE_GENERIC) strbuf_printf(&t, " && (%%H0 >> 56) == %s", mem_spaces[d].tag);
        if (s != MSL_SPACE_GENERIC) strbuf_printf(&t, " && (%%H1 >> 56) == %s", mem_spaces[s].tag);
        strbuf_put(&t, ") { ");
        strbuf_put(&t, backward ? "for (ulong %a0 = (ulong)%2; %a0 != 0;) { %a0 -= %a1; "
                                : "for (ulong %a0 = 0; %a0 < (ulong)%2; %a0 += %a1) { ");
        mem_lvalue(&t, '0', d);
        strbuf_put(&t, " = ");
        if (kind == 2)
          strbuf_put(&t, "(%a2)((ulong)%1 * 0x0101010101010101ul)");
        else
          mem_lvalue(&t, '1', s);
        strbuf_put(&t, "; } }");
      }
    if (kind == 1) strbuf_put(&t, " }");
  }
  in->space = MSL_SPACE_GENERIC; /* %H: the operands as generic pointers */
  emit_mem_loop(in, t.data ? t.data : "");
  strbuf_free(&t);
}

static int mem_generic(msl_inst *in, int kind) {
  return msl_addrspace_of(in->f, LLVMGetOperand(in->i, 0)) == MSL_SPACE_GENERIC ||
         (kind != 2 && msl_addrspace_of(in->f, LLVMGetOperand(in->i, 1)) == MSL_SPACE_GENERIC);
}

static void emit_memcpy(msl_inst *in) {
  if (mem_generic(in, 0))
    emit_mem_generic(in, 0);
  else
    emit_mem_loop(in, memcpy_text);
}

static void emit_memmove(msl_inst *in) {
  LLVMValueRef dst = LLVMGetOperand(in->i, 0), src = LLVMGetOperand(in->i, 1);
  int one_space = msl_addrspace_of(in->f, dst) == msl_addrspace_of(in->f, src);
  if (mem_generic(in, 1))
    emit_mem_generic(in, 1);
  else
    emit_mem_loop(in, one_space ? memmove_text : memcpy_text);
}

static void emit_memset(msl_inst *in) {
  if (mem_generic(in, 2))
    emit_mem_generic(in, 2);
  else
    emit_mem_loop(in, memset_text);
}

/* anchor_load16(slot, p) / anchor_store16(p, slot): one volatile 16-byte access of
 * p (ptx_memory.c: a .v2 of 64-bit or .v4 of 32-bit ld/st, which code relies on being
 * indivisible), the private 16-byte slot read or written as two ulongs. A generic p
 * takes one case per space it may be in, as the memory helpers above. */
static void emit_ldst16(msl_inst *in) {
  int store = has_prefix(ir_callee_name(in->i), "anchor_store16");
  char m = store ? '0' : '1', slot = store ? '1' : '0';
  unsigned cases = mem_cases(in, (unsigned)(m - '0'));
  strbuf t = {0};
  int n = 0;
  for (int s = MSL_SPACE_DEVICE; s <= MSL_SPACE_GENERIC; s++) {
    if (!(cases & (1u << s))) continue;
    if (s != MSL_SPACE_GENERIC)
      strbuf_printf(&t, "%sif ((%%H%c >> 56) == %s) ", n++ ? " else " : "", m, mem_spaces[s].tag);
    strbuf_put(&t, "{ ");
    if (store) {
      mem_lvalue(&t, m, s);
      strbuf_printf(&t,
                    " = ulong2(reinterpret_cast<thread ulong*>(%%%c)[0], "
                    "reinterpret_cast<thread ulong*>(%%%c)[1]); }",
                    slot, slot);
    } else {
      strbuf_put(&t, "ulong2 %a1 = ");
      mem_lvalue(&t, m, s);
      strbuf_printf(&t,
                    "; reinterpret_cast<thread ulong*>(%%%c)[0] = %%a1.x; "
                    "reinterpret_cast<thread ulong*>(%%%c)[1] = %%a1.y; }",
                    slot, slot);
    }
  }
  if (cases != 1u << MSL_SPACE_GENERIC) in->space = MSL_SPACE_GENERIC; /* %H */
  char value[32];
  snprintf(value, sizeof value, "w%u", in->f->text.next_id++);
  msl_inst_template_args(in, t.data ? t.data : "",
                         (const char *const[]){"0ul", value, "volatile ulong2"});
  strbuf_free(&t);
}

static void emit_ldg(msl_inst *in) {
  const char *t = msl_memory_type(in, LLVMTypeOf(in->i));
  if (!t) {
    in->ok = 0;
    return;
  }
  msl_inst_template_args(in, "*reinterpret_cast<%Q0 %a0*>(%0%D0)", (const char *const[]){t});
}

/* ---- warps ---------------------------------------------------------------
 * A warp is a SIMD-group of 32 consecutive linear thread indices (decision
 * 6). Apple GPUs have no independent thread scheduling: the lanes of a
 * SIMD-group run in lockstep, so the lanes that execute a warp operation
 * together are exactly simd_active_threads_mask(). A member mask m is
 * honoured when every existing lane it names is active and it names the
 * caller (anchor_warp_mask in the prelude checks both at run time); then the
 * operation is the SIMD-group function over the active lanes, restricted
 * to m. A constant 0xffffffff is not checked (the SIMD-group function acts
 * on the lanes present: exited lanes and those past a partial last warp are
 * not, as in CUDA); a constant 0 names no caller and is an error (emit.c).
 * Every warp builder picks the full-mask template for a constant all-ones
 * mask and the masked one otherwise. */
#define LINEAR_TID "((anchor_tid.z * anchor_bdim.y + anchor_tid.y) * anchor_bdim.x + anchor_tid.x)"
#define WARP_MASK                                                                                  \
  "anchor_warp_mask(%0, " LINEAR_TID ", anchor_bdim.x * anchor_bdim.y * anchor_bdim.z, "           \
  "(uint)(ulong)simd_active_threads_mask(), " AC_ABI_CONTEXT ")"

static int full_mask(msl_inst *in) {
  LLVMValueRef mask = LLVMGetOperand(in->i, 0);
  return LLVMIsAConstantInt(mask) && (LLVMConstIntGetZExtValue(mask) & 0xFFFFFFFFu) == 0xFFFFFFFFu;
}

/* shfl.sync.MODE.{i32,f32}: the mode is the prefix's index, the suffix must
 * be a value type (not the predicate-returning .p variants). Under a mask, a
 * source lane outside it reads the caller's own value (CUDA: undefined). */
static void emit_shfl(msl_inst *in) {
  static const char *const modes[] = {"llvm.nvvm.shfl.sync.idx.", "llvm.nvvm.shfl.sync.up.",
                                      "llvm.nvvm.shfl.sync.down.", "llvm.nvvm.shfl.sync.bfly."};
  static const char *const text[] = {"0u", "1u", "2u", "3u"};
  const char *name = ir_callee_name(in->i);
  for (unsigned mode = 0; mode < 4; mode++) {
    if (!has_prefix(name, modes[mode])) continue;
    const char *rest = name + strlen(modes[mode]);
    if (strcmp(rest, "i32") && strcmp(rest, "f32")) {
      msl_inst_unsupported(in, "warp shuffle with a predicate result");
      return;
    }
    msl_inst_template_args(in,
                           full_mask(in) ? "simd_shuffle(%1, (ushort)anchor_shfl_lane(%a0, " LANE
                                           ", %2, %3))"
                                         : "simd_shuffle(%1, (ushort)anchor_shfl_lane_in(%a0, " LANE
                                           ", %2, %3, " WARP_MASK "))",
                           (const char *const[]){text[mode]});
    return;
  }
  msl_inst_unsupported(in, "this warp shuffle");
}

/* vote.{any,all,uni,ballot}.sync and bar.warp.sync: full-mask and masked
 * templates by callee. MSL allows simdgroup_barrier only where every lane of
 * the SIMD-group reaches it: under a mask it runs when all existing lanes are
 * active (a condition uniform over the SIMD-group); lanes in divergent code
 * rely on running in lockstep. */
static void emit_warp(msl_inst *in) {
  static const char *const text[][3] = {
      {"llvm.nvvm.vote.any.sync", "simd_any(%1)",
       "(((uint)(ulong)simd_ballot(%1) & " WARP_MASK ") != 0u)"},
      {"llvm.nvvm.vote.all.sync", "simd_all(%1)",
       "(((uint)(ulong)simd_ballot(!%1) & " WARP_MASK ") == 0u)"},
      {"llvm.nvvm.vote.uni.sync",
       "anchor_vote_uni((uint)(ulong)simd_ballot(%1), (uint)(ulong)simd_active_threads_mask())",
       "anchor_vote_uni((uint)(ulong)simd_ballot(%1), " WARP_MASK ")"},
      {"llvm.nvvm.vote.ballot.sync", "(uint)(ulong)simd_ballot(%1)",
       "((uint)(ulong)simd_ballot(%1) & " WARP_MASK ")"},
      {"llvm.nvvm.bar.warp.sync",
       "simdgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)",
       "(void)" WARP_MASK
       ", ((uint)(ulong)simd_active_threads_mask() == anchor_warp_lanes(" LINEAR_TID
       ", anchor_bdim.x * anchor_bdim.y * anchor_bdim.z) ? "
       "simdgroup_barrier(mem_flags::mem_threadgroup "
       "| mem_flags::mem_device) : (void)0)"}};
  const char *name = ir_callee_name(in->i);
  for (unsigned r = 0; r < sizeof text / sizeof *text; r++)
    if (!strcmp(name, text[r][0])) {
      msl_inst_template(in, text[r][full_mask(in) ? 1 : 2]);
      return;
    }
  assert(!"a warp row without its text");
}
#undef WARP_MASK
#undef LINEAR_TID

/* A call of an anchor_* helper a lowering pass inserted (lower_math.c):
 * a plain call, by its number of arguments. */
static void emit_helper_call(msl_inst *in) {
  static const char *const text[] = {"%a0()", "%a0(%0)", "%a0(%0, %1)", "%a0(%0, %1, %2)",
                                     "%a0(%0, %1, %2, %3)"};
  unsigned n = (unsigned)LLVMGetNumArgOperands(in->i);
  assert(n < sizeof text / sizeof *text);
  msl_inst_template_args(in, text[n], (const char *const[]){ir_callee_name(in->i)});
}

/* ---- preludes ---------------------------------------------------------- */

/* PTX shfl.sync's source lane: c packs the segment mask (32 - width) << 8
 * and the clamp value; out-of-segment sources read the caller's own value.
 * anchor_shfl_lane_in: the same under member mask m (a source outside it
 * reads the caller's own value). anchor_warp_lanes: the lanes of the
 * caller's SIMD-group that exist. anchor_warp_mask: the member mask m of the
 * caller at linear index tid of a group of `threads`, checked against the
 * active lanes (see intrinsics.c's warps section); it returns the lanes of m
 * that take part, m & active. A mask that does not name the caller is
 * reported in the status block (AC_ABI_FAILURE_WARP_MASK: the launch fails
 * with cudaErrorIllegalInstruction, docs/compiler.md "Warps"); a mask naming
 * existing lanes that are not active is not: those lanes may have exited,
 * which CUDA allows, and an Apple SIMD-group cannot tell exited lanes from
 * diverged ones. anchor_vote_uni: vote.uni over ballot b.
 * Appended to the module once (MSL_PRELUDE_WARP). */
#define WARP_STATUS AC_ABI_STR(AC_ABI_CONTEXT_STATUS)
#define WARP_DELTA AC_ABI_STR(AC_ABI_CONTEXT_DELTA)
#define WARP_FAILURE AC_ABI_STR(AC_ABI_STATUS_FAILURE)
#define WARP_MASK_FAILURE AC_ABI_STR(AC_ABI_FAILURE_WARP_MASK)
const char msl_warp_prelude[] =
    "inline uint anchor_shfl_lane(uint mode, uint lane, uint b, uint c) {\n"
    "  uint seg = (c >> 8) & 0x1Fu, clamp = c & 0x1Fu;\n"
    "  uint min_lane = lane & seg, max_lane = min_lane | (clamp & ~seg), j;\n"
    "  bool ok;\n"
    "  if (mode == 0) { j = min_lane | (b & 0x1Fu & ~seg); ok = j <= max_lane; }\n"
    "  else if (mode == 1) { j = lane - b; ok = (int)j >= (int)max_lane; }\n"
    "  else if (mode == 2) { j = lane + b; ok = j <= max_lane; }\n"
    "  else { j = lane ^ b; ok = j <= max_lane; }\n"
    "  return ok ? j : lane;\n"
    "}\n"
    "inline uint anchor_shfl_lane_in(uint mode, uint lane, uint b, uint c, uint m) {\n"
    "  uint j = anchor_shfl_lane(mode, lane, b, c);\n"
    "  return ((m >> j) & 1u) != 0u ? j : lane;\n"
    "}\n"
    "inline uint anchor_warp_lanes(uint tid, uint threads) {\n"
    "  uint left = threads - (tid - tid % 32u);\n"
    "  return left >= 32u ? 0xFFFFFFFFu : (1u << left) - 1u;\n"
    "}\n"
    "inline uint anchor_warp_mask(uint m, uint tid, uint threads, uint active,\n"
    "                             constant ulong *ctx) {\n"
    "  uint lane = tid % 32u;\n"
    "  if (((m >> lane) & 1u) == 0u) {\n"
    "    // ANCHOR_WARP_MASK_UNHONOURED: the mask does not name the caller (CUDA:\n"
    "    // undefined). The first failure wins the status word; the operation runs\n"
    "    // on over the lanes of m that are present, and the launch fails.\n"
    "    device atomic_uint *status = reinterpret_cast<device atomic_uint*>(\n"
    "        ctx[" WARP_STATUS "] + ctx[" WARP_DELTA "]);\n"
    "    uint none = 0u;\n"
    "    while (!atomic_compare_exchange_weak_explicit(status + " WARP_FAILURE ", &none,\n"
    "               " WARP_MASK_FAILURE "u, memory_order_relaxed, memory_order_relaxed) &&\n"
    "           none == 0u) {}\n"
    "  }\n"
    "  // An existing lane of m that is not active (exited, which CUDA allows, or\n"
    "  // diverged, which Anchor cannot honour and cannot tell apart): the operation\n"
    "  // runs over the lanes of m that are present.\n"
    "  (void)threads;\n"
    "  return m & active;\n"
    "}\n"
    "inline bool anchor_vote_uni(uint b, uint m) {\n"
    "  return (b & m) == 0u || (b & m) == m;\n"
    "}\n";

#undef WARP_STATUS
#undef WARP_DELTA
#undef WARP_FAILURE
#undef WARP_MASK_FAILURE

const char msl_fence_prelude[] =
    "// __threadfence_block / __threadfence: MSL 3.2's fence. MSL 3.1 has no\n"
    "// standalone fence, so a module that uses one asks for MSL 3.2 (the\n"
    "// table's language line) and never compiles without it.\n"
    "#if __METAL_VERSION__ >= " MSL_FENCE_VERSION "\n"
    "inline void anchor_threadfence_block() {\n"
    "  atomic_thread_fence(mem_flags::mem_device | mem_flags::mem_threadgroup,\n"
    "                      memory_order_seq_cst, thread_scope_threadgroup);\n"
    "}\n"
    "inline void anchor_threadfence() {\n"
    "  atomic_thread_fence(mem_flags::mem_device | mem_flags::mem_threadgroup,\n"
    "                      memory_order_seq_cst, thread_scope_device);\n"
    "}\n"
    "#else\n"
    "#error \"__threadfence() and __threadfence_block() need MSL 3.2 (macOS 15 or later)\"\n"
    "#endif\n";

/* Helpers that lowering passes call (lower_math.c). Correctly rounded float
 * square root from float operations only (no sqrt, no double): an estimate
 * of 1/sqrt from the bits, three Newton steps and one on the root itself
 * (within an ulp or two), then Tuckerman's test: y is the rounded root iff
 * y * pred(y) < x <= y * succ(y), the products' signs exact through fma.
 * Tiny x is scaled by 2^100 (root by 2^-50) so that no residual is
 * subnormal. */
const char msl_math_prelude[] =
    "inline float anchor_f32_sqrt(float x) {\n"
    "  if (!(x > 0.0f) || isinf(x)) return x < 0.0f ? as_type<float>(0x7fc00000u) : x;\n"
    "  bool tiny = x < as_type<float>(0x21800000u); // 2^-60\n"
    "  float a = tiny ? x * as_type<float>(0x71800000u) : x; // 2^100\n"
    "  float h = 0.5f * a;\n"
    "  float r = as_type<float>(0x5f3759dfu - (as_type<uint>(a) >> 1));\n"
    "  for (int k = 0; k < 3; k++) r = r * (1.5f - (h * r) * r);\n"
    "  float y = a * r;\n"
    "  y = fma(fma(-y, y, a), 0.5f * r, y);\n"
    "  for (int k = 0; k < 2; k++) {\n"
    "    float up = as_type<float>(as_type<uint>(y) + 1u);\n"
    "    float down = as_type<float>(as_type<uint>(y) - 1u);\n"
    "    if (fma(-y, up, a) > 0.0f) y = up;\n"
    "    else if (fma(-y, down, a) <= 0.0f) y = down;\n"
    "  }\n"
    "  return tiny ? y * as_type<float>(0x26800000u) : y; // 2^-50\n"
    "}\n";

/* A barrier that also counts the threads whose predicate (%0) is non-zero,
 * on a threadgroup counter (anchor_sync, declared by kernel.c): reset by
 * thread 0, barrier, add, barrier, read, barrier (so the next reset waits
 * for every reader). All threads reach it together, like __syncthreads.
 * __syncthreads_and/_or then compare the count. */
#define BARRIER_COUNT                                                                              \
  "threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);\n"                     \
  "if (anchor_tid.x == 0 && anchor_tid.y == 0 && anchor_tid.z == 0) "                              \
  "atomic_store_explicit(&anchor_sync[0], 0u, memory_order_relaxed);\n"                            \
  "threadgroup_barrier(mem_flags::mem_threadgroup);\n"                                             \
  "if (%0 != 0) atomic_fetch_add_explicit(&anchor_sync[0], 1u, memory_order_relaxed);\n"           \
  "threadgroup_barrier(mem_flags::mem_threadgroup);\n"                                             \
  "%V = atomic_load_explicit(&anchor_sync[0], memory_order_relaxed);\n"                            \
  "threadgroup_barrier(mem_flags::mem_threadgroup);"
static const char *const barrier_text[][2] = {
    {"llvm.nvvm.barrier0.popc", BARRIER_COUNT},
    {"llvm.nvvm.barrier0.and",
     BARRIER_COUNT "\n%V = %V == anchor_bdim.x * anchor_bdim.y * anchor_bdim.z ? 1u : 0u;"},
    {"llvm.nvvm.barrier0.or", BARRIER_COUNT "\n%V = %V != 0 ? 1u : 0u;"}};
#undef BARRIER_COUNT

static int emit_barrier_reduction(msl_func *f, LLVMValueRef call) {
  const char *name = ir_callee_name(call);
  msl_inst in = {f, call, {0}, 1, MSL_SPACE_NONE, 0, 0};
  for (unsigned r = 0; r < sizeof barrier_text / sizeof *barrier_text; r++) {
    if (strcmp(name, barrier_text[r][0])) continue;
    ptrmap_set(&f->text.declared, call, 1);
    strbuf_printf(&f->text.decls, "  uint v%d = 0;\n", msl_value_id(f, call));
    f->text.uses_sync_counter = 1;
    msl_inst_template_lines(&in, barrier_text[r][1], NULL);
    return in.ok;
  }
  assert(!"a barrier row without its text");
  return 0;
}

/* __isGlobal, __isShared, __isLocal, __isConstant (llvm.nvvm.isspacep.*): whether a
 * generic pointer points into that PTX state space. A pointer whose space the analysis
 * knows answers at compile time; a generic one tests its tag (emit.c). PTX's .local is
 * the thread's own memory: private memory, and parameter memory (nvcc gives a kernel
 * parameter whose address is taken a local copy). .const is __constant__ memory, which
 * Anchor keeps in device memory: a pointer the IR shows comes from a __constant__
 * variable is .const and not .global; one that reached the call through memory counts
 * as .global (its tag is device memory's). */
static int from_constant_space(LLVMValueRef p) {
  for (int depth = 0; depth < 16 && p; depth++) {
    LLVMTypeRef ty = LLVMTypeOf(p);
    if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind &&
        LLVMGetPointerAddressSpace(ty) == AC_NVPTX_CONSTANT)
      return 1;
    LLVMOpcode op = LLVMIsAInstruction(p)    ? LLVMGetInstructionOpcode(p)
                    : LLVMIsAConstantExpr(p) ? LLVMGetConstOpcode(p)
                                             : (LLVMOpcode)0;
    if (op != LLVMAddrSpaceCast && op != LLVMGetElementPtr && op != LLVMBitCast) return 0;
    p = LLVMGetOperand(p, 0);
  }
  return 0;
}

static void emit_isspacep(msl_inst *in) {
  static const struct {
    const char *name;
    unsigned spaces; /* 1 << msl_space */
  } states[] = {{"global", 1u << MSL_SPACE_DEVICE},
                {"shared", 1u << MSL_SPACE_SHARED | 1u << MSL_SPACE_DYN_SHARED},
                {"local", 1u << MSL_SPACE_PRIVATE | 1u << MSL_SPACE_PARAM},
                {"const", 0}};
  static const char *const tags[] = {[MSL_SPACE_DEVICE] = "0ul",
                                     [MSL_SPACE_PRIVATE] = "1ul",
                                     [MSL_SPACE_PARAM] = "2ul",
                                     [MSL_SPACE_SHARED] = "3ul",
                                     [MSL_SPACE_DYN_SHARED] = "4ul"};
  const char *which = ir_callee_name(in->i) + strlen("llvm.nvvm.isspacep.");
  unsigned wanted = 0;
  int known = 0;
  for (unsigned k = 0; k < sizeof states / sizeof *states; k++)
    if (!strcmp(which, states[k].name)) wanted = states[k].spaces, known = 1;
  if (!known) {
    in->ok = 0;
    diag_error(in->f->ctx, in->i, "PTX state space test 'isspacep.%s' " NOT_SUPPORTED, which);
    return;
  }
  LLVMValueRef p = LLVMGetOperand(in->i, 0);
  if (from_constant_space(p)) {
    msl_inst_template(in, !strcmp(which, "const") ? "true" : "false");
    return;
  }
  msl_space s = msl_addrspace_of(in->f, p);
  if (s != MSL_SPACE_GENERIC) {
    msl_inst_template(in, wanted & (1u << s) ? "true" : "false");
    return;
  }
  unsigned mask = msl_addrspace_mask(in->f, p) & wanted;
  strbuf e = {0};
  strbuf_put(&e, "(false");
  for (int k = MSL_SPACE_DEVICE; k <= MSL_SPACE_DYN_SHARED; k++)
    if (mask & (1u << k)) strbuf_printf(&e, " || (%%H0 >> 56) == %s", tags[k]);
  strbuf_put(&e, ")");
  in->space = MSL_SPACE_GENERIC;
  msl_inst_template(in, e.data);
  strbuf_free(&e);
}

/* ---- the table ------------------------------------------------------- */

/* Rows by callee name: exact, or a prefix (ending in '.'), searched in
 * order. */
typedef struct call_row {
  const char *name;
  int prefix;
  msl_row row;
} call_row;

#define ANNOTATION {NULL, NULL, NULL, NULL, MSL_ROW_NO_CODE | MSL_ROW_DOUBLE_OK, 0}
#define TEXT(t) {t, NULL, NULL, NULL, 0, 0}
#define INT_TEXT(t) {t, NULL, NULL, NULL, MSL_ROW_INT_RESULT, 0}
#define BUILD(fn, flags) {NULL, NULL, fn, NULL, flags, 0}

static const call_row rows[] = {
    /* pure annotations for the optimiser: no code */
    {"llvm.lifetime.", 1, ANNOTATION},
    {"llvm.assume", 1, ANNOTATION},
    {"llvm.dbg.", 1, ANNOTATION},
    {"llvm.experimental.noalias.scope.decl", 1, ANNOTATION},
    {"llvm.invariant.", 1, ANNOTATION},
    {"llvm.sideeffect", 1, ANNOTATION},
    {"llvm.var.annotation", 1, ANNOTATION},
    {"llvm.donothing", 1, ANNOTATION},
    {"llvm.nvvm.read.ptx.sreg.", 1, BUILD(emit_sreg, 0)},
    {"llvm.nvvm.isspacep.", 1, BUILD(emit_isspacep, MSL_ROW_PURE)},
    /* the device services' addresses (include/anchor/device_context.h) */
    {"__anchor_context_locks", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_LOCKS) "]")},
    {"__anchor_context_status", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_STATUS) "]")},
    {"__anchor_context_printf", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_PRINTF) "]")},
    {"__anchor_context_heap", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_HEAP) "]")},
    /* PTX exit (lower_asm.c): no code of its own; the `unreachable` after it returns */
    {"llvm.nvvm.exit", 0, {NULL, NULL, NULL, NULL, MSL_ROW_NO_CODE, 0}},
    {"__anchor_context_time", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_TIME) "]")},
    {"__anchor_context_grid", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_GRID) "]")},
    {"__anchor_context_shared", 0, TEXT(AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_SHARED) "]")},
    /* a thread that traps or fails an assert stops (devlib/printf.cu) */
    {"__anchor_exit_thread", 0, TEXT("return")},
    /* __threadfence_block; __threadfence, __threadfence_system */
    {"llvm.nvvm.membar.cta",
     0,
     {"anchor_threadfence_block()", NULL, NULL, NULL, 0, MSL_PRELUDE_FENCE}},
    {"llvm.nvvm.membar.gl", 0, {"anchor_threadfence()", NULL, NULL, NULL, 0, MSL_PRELUDE_FENCE}},
    {"llvm.nvvm.membar.sys", 0, {"anchor_threadfence()", NULL, NULL, NULL, 0, MSL_PRELUDE_FENCE}},
    {"llvm.nvvm.barrier0", 0,
     TEXT("threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)")},
    /* __syncthreads_count/_and/_or: lines on a threadgroup counter */
    {"llvm.nvvm.barrier0.popc", 0, {NULL, NULL, NULL, emit_barrier_reduction, 0, 0}},
    {"llvm.nvvm.barrier0.and", 0, {NULL, NULL, NULL, emit_barrier_reduction, 0, 0}},
    {"llvm.nvvm.barrier0.or", 0, {NULL, NULL, NULL, emit_barrier_reduction, 0, 0}},
    /* textures and surfaces (include/anchor/texture.h; texture.c) */
    {"__anchor_tex_", 1, BUILD(msl_emit_texture, 0)},
    {"__anchor_surf_", 1, BUILD(msl_emit_texture, 0)},
    /* warp matrix operations: one simdgroup_multiply_accumulate (include/mma.h; wmma.c) */
    {"__anchor_sgmma_",
     1,
     {NULL, NULL, msl_emit_simdgroup_mma, NULL, 0, MSL_PRELUDE_SIMDGROUP_MATRIX}},
    /* relaxed 32-bit atomics, lowered by lower_atomics.c (atomics.c) */
    {"anchor_atomic_", 1, {NULL, NULL, NULL, msl_emit_atomic, 0, 0}},
    {"llvm.nvvm.ldg.global.", 1, BUILD(emit_ldg, MSL_ROW_DOUBLE_OK)}, /* __ldg: a plain load */
    {"anchor_f32_", 1, {NULL, NULL, emit_helper_call, NULL, MSL_ROW_PURE, MSL_PRELUDE_MATH}},
    /* memory intrinsics, lowered by lower_memory.c */
    {"anchor_memcpy.", 1, BUILD(emit_memcpy, MSL_ROW_DOUBLE_OK)},
    {"anchor_memmove.", 1, BUILD(emit_memmove, MSL_ROW_DOUBLE_OK)},
    {"anchor_memset.", 1, BUILD(emit_memset, MSL_ROW_DOUBLE_OK)},
    /* indivisible 16-byte vector ld/st of inline PTX (ptx_memory.c) */
    {"anchor_load16.", 1, BUILD(emit_ldst16, MSL_ROW_DOUBLE_OK)},
    {"anchor_store16.", 1, BUILD(emit_ldst16, MSL_ROW_DOUBLE_OK)},
    /* integers (results wider than i1) */
    {"llvm.smax.", 1, INT_TEXT("(%s0 > %s1 ? %0 : %1)")},
    {"llvm.smin.", 1, INT_TEXT("(%s0 < %s1 ? %0 : %1)")},
    {"llvm.umax.", 1, INT_TEXT("(%0 > %1 ? %0 : %1)")},
    {"llvm.umin.", 1, INT_TEXT("(%0 < %1 ? %0 : %1)")},
    {"llvm.abs.", 1, INT_TEXT("(%s0 < 0 ? (%T)(0u - (%W)%0) : %0)")},
    {"llvm.bswap.", 1, BUILD(emit_bswap, MSL_ROW_INT_RESULT)},
    /* fshl(a, b, s) = top N bits of (a:b) << (s % N); fshr the bottom N of >> */
    {"llvm.fshl.", 1,
     INT_TEXT(
         "((%2 %% %B) == 0 ? %0 : (%T)(((%W)%0 << (%2 %% %B)) | ((%W)%1 >> (%B - %2 %% %B))))")},
    {"llvm.fshr.", 1,
     INT_TEXT(
         "((%2 %% %B) == 0 ? %1 : (%T)(((%W)%0 << (%B - %2 %% %B)) | ((%W)%1 >> (%2 %% %B))))")},
    {"llvm.bitreverse.", 1, INT_TEXT("(%T)reverse_bits(%0)")},
    /* saturating unsigned: clamp at the type's range */
    {"llvm.uadd.sat.", 1,
     INT_TEXT("((%T)((%W)%0 + (%W)%1) < %0 ? (%T)~(%T)0 : (%T)((%W)%0 + (%W)%1))")},
    {"llvm.usub.sat.", 1, INT_TEXT("(%0 > %1 ? (%T)(%0 - %1) : (%T)0)")},
    /* three-way comparison: -1, 0 or 1 in the result type */
    {"llvm.scmp.", 1, INT_TEXT("(%T)((%s0 > %s1) ? 1 : (%s0 < %s1) ? -1 : 0)")},
    {"llvm.ucmp.", 1, INT_TEXT("(%T)((%0 > %1) ? 1 : (%0 < %1) ? -1 : 0)")},
    {"llvm.ctpop.", 1, INT_TEXT("(%T)popcount(%0)")},
    {"llvm.ctlz.", 1, INT_TEXT("(%T)clz(%0)")},
    {"llvm.cttz.", 1, INT_TEXT("(%T)ctz(%0)")},
    /* float math (double is lowered to anchor_f64_* before) */
    {"llvm.fabs.", 1, TEXT("fabs(%0)")},
    {"llvm.floor.", 1, TEXT("floor(%0)")},
    {"llvm.ceil.", 1, TEXT("ceil(%0)")},
    {"llvm.trunc.", 1, TEXT("trunc(%0)")},
    {"llvm.rint.", 1, TEXT("rint(%0)")},
    {"llvm.nearbyint.", 1, TEXT("rint(%0)")},
    {"llvm.roundeven.", 1, TEXT("rint(%0)")},
    {"llvm.round.", 1, TEXT("round(%0)")},
    {"llvm.minnum.", 1, TEXT("fmin(%0, %1)")},
    {"llvm.maxnum.", 1, TEXT("fmax(%0, %1)")},
    {"llvm.copysign.", 1, TEXT("copysign(%0, %1)")},
    {"llvm.fma.", 1, TEXT("fma(%0, %1, %2)")},
    {"llvm.fmuladd.", 1, TEXT("fma(%0, %1, %2)")},
    /* warps: SIMD-groups of 32 (decision 6), masks as in the warps section */
    {"llvm.nvvm.shfl.sync.", 1, {NULL, NULL, emit_shfl, NULL, MSL_ROW_WARP_MASK, MSL_PRELUDE_WARP}},
    {"llvm.nvvm.vote.", 1, {NULL, NULL, emit_warp, NULL, MSL_ROW_WARP_MASK, MSL_PRELUDE_WARP}},
    {"llvm.nvvm.activemask", 0, TEXT("(uint)(ulong)simd_active_threads_mask()")},
    {"llvm.nvvm.bar.warp.sync",
     0,
     {NULL, NULL, emit_warp, NULL, MSL_ROW_WARP_MASK, MSL_PRELUDE_WARP}},
};

const msl_row *msl_call_row(LLVMValueRef call) {
  const char *name = ir_callee_name(call);
  unsigned bits = msl_int_bits(LLVMTypeOf(call));
  const msl_row *fp64 = msl_fp64_row(name);
  if (fp64) return fp64;
  for (unsigned k = 0; k < sizeof rows / sizeof *rows; k++) {
    const call_row *r = &rows[k];
    if (r->prefix ? !has_prefix(name, r->name) : strcmp(name, r->name)) continue;
    if ((r->row.flags & MSL_ROW_INT_RESULT) && bits <= 1) continue;
    return &r->row;
  }
  return NULL;
}
