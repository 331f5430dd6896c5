/* intrinsics.c — MSL for the calls left after inlining: LLVM and NVVM
 * intrinsics (special registers, barrier, integer and float helpers,
 * memcpy/memset as loops). Anything else is named in an error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* ---- calls: intrinsics only (passes.c inlined everything else) ---------- */

static int has_prefix(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void emit_sreg(msl_inst *in, const char *name) {
  static const char *const regs[][2] = {{"tid.", "anchor_tid"},
                                        {"ctaid.", "anchor_bid"},
                                        {"ntid.", "anchor_bdim"},
                                        {"nctaid.", "anchor_gdim"}};
  const char *rest = name + strlen("llvm.nvvm.read.ptx.sreg.");
  for (unsigned r = 0; r < 4; r++) {
    size_t n = strlen(regs[r][0]);
    if (!strncmp(rest, regs[r][0], n) && strchr("xyz", rest[n]) && rest[n] && !rest[n + 1]) {
      msl_inst_printf(in, "%s.%c", regs[r][1], rest[n]);
      return;
    }
  }
  if (!strcmp(rest, "warpsize")) {
    msl_inst_put(in, MSL_WARP_SIZE);
    return;
  }
  /* Warps are SIMD-groups of 32 consecutive linear thread indices (decision
   * 6), so the lane is the linear index modulo 32. */
  static const char *const lane[][2] = {
      {"laneid", "%s %% " MSL_WARP_SIZE},
      {"lanemask.eq", "1u << (%s %% " MSL_WARP_SIZE ")"},
      {"lanemask.lt", "(1u << (%s %% " MSL_WARP_SIZE ")) - 1u"},
      {"lanemask.le", "(2u << (%s %% " MSL_WARP_SIZE ")) - 1u"},
      {"lanemask.gt", "~((2u << (%s %% " MSL_WARP_SIZE ")) - 1u)"},
      {"lanemask.ge", "~((1u << (%s %% " MSL_WARP_SIZE ")) - 1u)"}};
  const char *linear =
      "((anchor_tid.z * anchor_bdim.y + anchor_tid.y) * anchor_bdim.x + anchor_tid.x)";
  for (unsigned r = 0; r < sizeof lane / sizeof *lane; r++)
    if (!strcmp(rest, lane[r][0])) {
      msl_inst_put(in, "(");
      msl_inst_printf(in, lane[r][1], linear);
      msl_inst_put(in, ")");
      return;
    }
  in->ok = 0;
  msl_error(in->f->ctx, in->i, "CUDA special register '%s' " NOT_SUPPORTED, rest);
}

static void emit_minmax(msl_inst *in, int is_signed, const char *cmp) {
  msl_inst_put(in, "(");
  if (is_signed)
    msl_inst_signed(in, 0), msl_inst_printf(in, " %s ", cmp), msl_inst_signed(in, 1);
  else
    msl_inst_operand(in, 0), msl_inst_printf(in, " %s ", cmp), msl_inst_operand(in, 1);
  msl_inst_put(in, " ? "), msl_inst_operand(in, 0), msl_inst_put(in, " : "),
      msl_inst_operand(in, 1), msl_inst_put(in, ")");
}

static void emit_abs(msl_inst *in, unsigned bits) {
  msl_inst_put(in, "("), msl_inst_signed(in, 0),
      msl_inst_printf(in, " < 0 ? (%s)(0u - (%s)", msl_uint_name(bits), msl_wide_name(bits));
  msl_inst_operand(in, 0), msl_inst_put(in, ") : "), msl_inst_operand(in, 0), msl_inst_put(in, ")");
}

static void emit_bswap(msl_inst *in, unsigned bits) {
  const char *w = msl_wide_name(bits);
  msl_inst_printf(in, "(%s)(", msl_uint_name(bits));
  for (unsigned k = 0; k < bits / 8; k++) {
    int shift = (int)(bits - 8 - 16 * k);
    msl_inst_put(in, k ? " | " : "");
    /* source byte k moves to byte bits/8-1-k: shift, then keep that byte */
    msl_inst_printf(in, "(((%s)", w), msl_inst_operand(in, 0);
    msl_inst_printf(in, " %s %d) & 0x%llx%s)", shift >= 0 ? "<<" : ">>",
                    shift >= 0 ? shift : -shift, 0xffull << (bits - 8 - 8 * k),
                    bits == 64 ? "ul" : "u");
  }
  msl_inst_put(in, ")");
}

/* fshl(a, b, s) = top N bits of (a:b) << (s % N); fshr the bottom N of >>. */
static void emit_funnel(msl_inst *in, unsigned bits, int left) {
  const char *t = msl_uint_name(bits), *w = msl_wide_name(bits);
  msl_inst_put(in, "(("), msl_inst_operand(in, 2), msl_inst_printf(in, " %% %u) == 0 ? ", bits),
      msl_inst_operand(in, left ? 0 : 1);
  msl_inst_printf(in, " : (%s)(((%s)", t, w), msl_inst_operand(in, 0), msl_inst_put(in, " << ");
  if (left)
    msl_inst_put(in, "("), msl_inst_operand(in, 2), msl_inst_printf(in, " %% %u)", bits);
  else
    msl_inst_printf(in, "(%u - ", bits), msl_inst_operand(in, 2),
        msl_inst_printf(in, " %% %u)", bits);
  msl_inst_printf(in, ") | ((%s)", w), msl_inst_operand(in, 1), msl_inst_put(in, " >> ");
  if (left)
    msl_inst_printf(in, "(%u - ", bits), msl_inst_operand(in, 2),
        msl_inst_printf(in, " %% %u)", bits);
  else
    msl_inst_put(in, "("), msl_inst_operand(in, 2), msl_inst_printf(in, " %% %u)", bits);
  msl_inst_put(in, ")))");
}

static unsigned call_align(LLVMValueRef call, unsigned arg) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
  return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

/* Widest unit (1, 2, 4 or 8 bytes) that the alignments and a constant length
 * allow; variable lengths go byte by byte. */
static unsigned copy_unit(LLVMValueRef len, unsigned align) {
  if (!LLVMIsAConstantInt(len)) return 1;
  unsigned long long n = LLVMConstIntGetZExtValue(len);
  unsigned unit = 8;
  while (unit > 1 && (align % unit || n % unit))
    unit /= 2;
  return unit;
}

/* memcpy: a forward loop. memmove between pointers of one space that may
 * overlap: forward when dst <= src, else backward. */
static void emit_memcpy(msl_inst *in, int move) {
  LLVMValueRef dst = LLVMGetOperand(in->i, 0), src = LLVMGetOperand(in->i, 1);
  LLVMValueRef len = LLVMGetOperand(in->i, 2);
  unsigned da = call_align(in->i, 0), sa = call_align(in->i, 1);
  unsigned unit = copy_unit(len, da < sa ? da : sa);
  const char *t = msl_uint_name(unit * 8);
  char k[32];
  snprintf(k, sizeof k, "k%u", in->f->text.next_id++);
  move = move && msl_addrspace_of(in->f, dst) == msl_addrspace_of(in->f, src);
  if (move) {
    msl_inst_put(in, "if ("), msl_inst_operand(in, 0), msl_inst_put(in, " <= ");
    msl_inst_operand(in, 1), msl_inst_put(in, ") { ");
  }
  msl_inst_printf(in, "for (ulong %s = 0; %s < (ulong)", k, k), msl_inst_operand(in, 2);
  msl_inst_printf(in, "; %s += %u) ", k, unit);
  msl_inst_deref(in, dst, t, k);
  msl_inst_put(in, " = ");
  msl_inst_deref(in, src, t, k);
  if (move) {
    msl_inst_printf(in, "; } else { for (ulong %s = (ulong)", k), msl_inst_operand(in, 2);
    msl_inst_printf(in, "; %s != 0;) { %s -= %u; ", k, k, unit);
    msl_inst_deref(in, dst, t, k);
    msl_inst_put(in, " = ");
    msl_inst_deref(in, src, t, k);
    msl_inst_put(in, "; } }");
  }
}

static void emit_memset(msl_inst *in) {
  LLVMValueRef dst = LLVMGetOperand(in->i, 0), len = LLVMGetOperand(in->i, 2);
  unsigned unit = copy_unit(len, call_align(in->i, 0));
  const char *t = msl_uint_name(unit * 8);
  char k[32];
  snprintf(k, sizeof k, "k%u", in->f->text.next_id++);
  msl_inst_printf(in, "for (ulong %s = 0; %s < (ulong)", k, k), msl_inst_operand(in, 2);
  msl_inst_printf(in, "; %s += %u) ", k, unit);
  msl_inst_deref(in, dst, t, k);
  msl_inst_printf(in, " = (%s)((ulong)", t), msl_inst_operand(in, 1),
      msl_inst_put(in, " * 0x0101010101010101ul)");
}

/* ---- warps: SIMD-groups of 32 (decision 6) ------------------------------- */

/* The lane of the calling thread: its linear index in the group mod 32. */
#define LANE                                                                                       \
  "(((anchor_tid.z * anchor_bdim.y + anchor_tid.y) * anchor_bdim.x + anchor_tid.x) "               \
  "% " MSL_WARP_SIZE ")"

/* PTX shfl.sync's source lane: c packs the segment mask (32 - width) << 8
 * and the clamp value; out-of-segment sources read the caller's own value.
 * Appended to the module once (msl_ctx.uses_warp). */
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
    "}\n";

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

/* A call of an anchor_* helper a lowering pass inserted: a plain call, and
 * the prelude that defines it is emitted with the module. */
static int emit_helper_call(msl_inst *in, const char *name) {
  if (!has_prefix(name, "anchor_f32_")) return 0;
  in->f->ctx->uses_math = 1;
  msl_inst_printf(in, "%s(", name);
  unsigned n = (unsigned)LLVMGetNumArgOperands(in->i);
  for (unsigned k = 0; k < n; k++) {
    if (k) msl_inst_put(in, ", ");
    msl_inst_operand(in, k);
  }
  msl_inst_put(in, ")");
  return 1;
}

void msl_emit_fence(msl_inst *in, int device) {
  in->f->ctx->uses_fence = 1;
  msl_inst_put(in, device ? "anchor_threadfence()" : "anchor_threadfence_block()");
}

/* Every warp operation here needs all 32 lanes: Metal's SIMD-group functions
 * cannot honour a partial member mask (decision 6). */
static int full_mask(msl_inst *in, unsigned k) {
  LLVMValueRef mask = LLVMGetOperand(in->i, k);
  if (LLVMIsAConstantInt(mask) && (LLVMConstIntGetZExtValue(mask) & 0xFFFFFFFFu) == 0xFFFFFFFFu)
    return 1;
  return msl_inst_unsupported(in, "warp operation with a member mask other than 0xffffffff");
}

static int emit_warp(msl_inst *in, const char *name) {
  static const char *const shfl[] = {"llvm.nvvm.shfl.sync.idx.", "llvm.nvvm.shfl.sync.up.",
                                     "llvm.nvvm.shfl.sync.down.", "llvm.nvvm.shfl.sync.bfly."};
  for (unsigned mode = 0; mode < 4; mode++)
    if (has_prefix(name, shfl[mode])) {
      const char *rest = name + strlen(shfl[mode]);
      if (strcmp(rest, "i32") && strcmp(rest, "f32"))
        return msl_inst_unsupported(in, "warp shuffle with a predicate result"), 1;
      if (!full_mask(in, 0)) return 1;
      in->f->ctx->uses_warp = 1;
      msl_inst_put(in, "simd_shuffle("), msl_inst_operand(in, 1);
      msl_inst_printf(in, ", (ushort)anchor_shfl_lane(%uu, %s, ", mode, LANE);
      msl_inst_operand(in, 2), msl_inst_put(in, ", "), msl_inst_operand(in, 3);
      msl_inst_put(in, "))");
      return 1;
    }
  static const char *const votes[][2] = {
      {"llvm.nvvm.vote.any.sync", "simd_any("},
      {"llvm.nvvm.vote.all.sync", "simd_all("},
      {"llvm.nvvm.vote.ballot.sync", "(uint)(ulong)simd_ballot("}};
  for (unsigned v = 0; v < 3; v++)
    if (!strcmp(name, votes[v][0])) {
      if (full_mask(in, 0))
        msl_inst_put(in, votes[v][1]), msl_inst_operand(in, 1), msl_inst_put(in, ")");
      return 1;
    }
  if (!strcmp(name, "llvm.nvvm.activemask")) {
    msl_inst_put(in, "(uint)(ulong)simd_active_threads_mask()");
    return 1;
  }
  if (!strcmp(name, "llvm.nvvm.bar.warp.sync")) {
    if (full_mask(in, 0))
      msl_inst_put(in, "simdgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)");
    return 1;
  }
  return 0;
}

/* Intrinsics that are pure annotations for the optimiser. */
int msl_ignored_intrinsic(const char *name) {
  static const char *const prefixes[] = {
      "llvm.lifetime.",      "llvm.assume",
      "llvm.dbg.",           "llvm.experimental.noalias.scope.decl",
      "llvm.invariant.",     "llvm.sideeffect",
      "llvm.var.annotation", "llvm.donothing"};
  for (unsigned i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (has_prefix(name, prefixes[i])) return 1;
  return 0;
}

static const char *callee_name(LLVMValueRef call) {
  size_t len;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
}

int msl_is_barrier_reduction(LLVMValueRef call) {
  const char *name = callee_name(call);
  return !strcmp(name, "llvm.nvvm.barrier0.popc") || !strcmp(name, "llvm.nvvm.barrier0.and") ||
         !strcmp(name, "llvm.nvvm.barrier0.or");
}

/* A barrier that also counts the threads whose predicate is non-zero, on a
 * threadgroup counter (anchor_sync, declared by kernel.c): reset by thread
 * 0, barrier, add, barrier, read, barrier (so the next reset waits for every
 * reader). All threads reach it together, like __syncthreads. */
int msl_emit_barrier_reduction(msl_func *f, LLVMValueRef call) {
  const char *name = callee_name(call);
  const char *barrier = "threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);";
  msl_inst pred = {f, call, {0}, 1};
  msl_inst_operand(&pred, 0);
  if (!pred.ok) {
    strbuf_free(&pred.e);
    return 0;
  }
  int id = msl_value_id(f, call);
  ptrmap_set(&f->text.declared, call, 1);
  strbuf_printf(&f->text.decls, "  uint v%d = 0;\n", id);
  f->text.uses_sync_counter = 1;
  msl_emit_line(f, "%s", barrier);
  msl_emit_line(f, "if (anchor_tid.x == 0 && anchor_tid.y == 0 && anchor_tid.z == 0) "
                   "atomic_store_explicit(&anchor_sync[0], 0u, memory_order_relaxed);");
  msl_emit_line(f, "threadgroup_barrier(mem_flags::mem_threadgroup);");
  msl_emit_line(f,
                "if (%s != 0) atomic_fetch_add_explicit(&anchor_sync[0], 1u, "
                "memory_order_relaxed);",
                pred.e.data);
  msl_emit_line(f, "threadgroup_barrier(mem_flags::mem_threadgroup);");
  msl_emit_line(f, "v%d = atomic_load_explicit(&anchor_sync[0], memory_order_relaxed);", id);
  msl_emit_line(f, "threadgroup_barrier(mem_flags::mem_threadgroup);");
  if (!strcmp(name, "llvm.nvvm.barrier0.and"))
    msl_emit_line(f, "v%d = v%d == anchor_bdim.x * anchor_bdim.y * anchor_bdim.z ? 1u : 0u;", id,
                  id);
  else if (!strcmp(name, "llvm.nvvm.barrier0.or"))
    msl_emit_line(f, "v%d = v%d != 0 ? 1u : 0u;", id, id);
  strbuf_free(&pred.e);
  return 1;
}

int msl_call_only_moves(const char *name) {
  return msl_ignored_intrinsic(name) || has_prefix(name, "llvm.memcpy.") ||
         has_prefix(name, "llvm.memmove.") || has_prefix(name, "llvm.memset.") ||
         has_prefix(name, "llvm.nvvm.ldg.global.");
}

static int emit_math(msl_inst *in, const char *name) {
  static const char *const unary[][2] = {{"llvm.fabs.", "fabs"},      {"llvm.floor.", "floor"},
                                         {"llvm.ceil.", "ceil"},      {"llvm.trunc.", "trunc"},
                                         {"llvm.rint.", "rint"},      {"llvm.nearbyint.", "rint"},
                                         {"llvm.roundeven.", "rint"}, {"llvm.round.", "round"}};
  static const char *const binary[][2] = {
      {"llvm.minnum.", "fmin"}, {"llvm.maxnum.", "fmax"}, {"llvm.copysign.", "copysign"}};
  for (unsigned k = 0; k < sizeof unary / sizeof *unary; k++)
    if (has_prefix(name, unary[k][0])) {
      msl_inst_printf(in, "%s(", unary[k][1]), msl_inst_operand(in, 0), msl_inst_put(in, ")");
      return 1;
    }
  for (unsigned k = 0; k < sizeof binary / sizeof *binary; k++)
    if (has_prefix(name, binary[k][0])) {
      msl_inst_printf(in, "%s(", binary[k][1]), msl_inst_operand(in, 0), msl_inst_put(in, ", "),
          msl_inst_operand(in, 1), msl_inst_put(in, ")");
      return 1;
    }
  if (has_prefix(name, "llvm.fma.") || has_prefix(name, "llvm.fmuladd.")) {
    msl_inst_put(in, "fma("), msl_inst_operand(in, 0), msl_inst_put(in, ", "),
        msl_inst_operand(in, 1), msl_inst_put(in, ", "), msl_inst_operand(in, 2),
        msl_inst_put(in, ")");
    return 1;
  }
  return 0;
}

static int emit_bits(msl_inst *in, const char *name, unsigned bits) {
  const char *t = msl_uint_name(bits);
  if (has_prefix(name, "llvm.smax.")) return emit_minmax(in, 1, ">"), 1;
  if (has_prefix(name, "llvm.smin.")) return emit_minmax(in, 1, "<"), 1;
  if (has_prefix(name, "llvm.umax.")) return emit_minmax(in, 0, ">"), 1;
  if (has_prefix(name, "llvm.umin.")) return emit_minmax(in, 0, "<"), 1;
  if (has_prefix(name, "llvm.abs.")) return emit_abs(in, bits), 1;
  if (has_prefix(name, "llvm.bswap.")) return emit_bswap(in, bits), 1;
  if (has_prefix(name, "llvm.fshl.")) return emit_funnel(in, bits, 1), 1;
  if (has_prefix(name, "llvm.fshr.")) return emit_funnel(in, bits, 0), 1;
  if (has_prefix(name, "llvm.bitreverse.")) {
    msl_inst_printf(in, "(%s)reverse_bits(", t), msl_inst_operand(in, 0), msl_inst_put(in, ")");
    return 1;
  }
  if (has_prefix(name, "llvm.uadd.sat.") || has_prefix(name, "llvm.usub.sat.")) {
    /* saturating unsigned: clamp at the type's range */
    int add = has_prefix(name, "llvm.uadd.sat.");
    const char *w = msl_wide_name(bits);
    if (add) {
      msl_inst_printf(in, "((%s)((%s)", t, w), msl_inst_operand(in, 0);
      msl_inst_printf(in, " + (%s)", w), msl_inst_operand(in, 1);
      msl_inst_put(in, ") < "), msl_inst_operand(in, 0);
      msl_inst_printf(in, " ? (%s)~(%s)0 : (%s)((%s)", t, t, t, w), msl_inst_operand(in, 0);
      msl_inst_printf(in, " + (%s)", w), msl_inst_operand(in, 1), msl_inst_put(in, "))");
    } else {
      msl_inst_put(in, "("), msl_inst_operand(in, 0), msl_inst_put(in, " > "),
          msl_inst_operand(in, 1);
      msl_inst_printf(in, " ? (%s)(", t), msl_inst_operand(in, 0), msl_inst_put(in, " - ");
      msl_inst_operand(in, 1), msl_inst_printf(in, ") : (%s)0)", t);
    }
    return 1;
  }
  if (has_prefix(name, "llvm.scmp.") || has_prefix(name, "llvm.ucmp.")) {
    /* three-way comparison: -1, 0 or 1 in the result type */
    int is_signed = has_prefix(name, "llvm.scmp.");
    msl_inst_printf(in, "(%s)((", t);
    if (is_signed)
      msl_inst_signed(in, 0), msl_inst_put(in, " > "), msl_inst_signed(in, 1);
    else
      msl_inst_operand(in, 0), msl_inst_put(in, " > "), msl_inst_operand(in, 1);
    msl_inst_put(in, ") ? 1 : (");
    if (is_signed)
      msl_inst_signed(in, 0), msl_inst_put(in, " < "), msl_inst_signed(in, 1);
    else
      msl_inst_operand(in, 0), msl_inst_put(in, " < "), msl_inst_operand(in, 1);
    msl_inst_put(in, ") ? -1 : 0)");
    return 1;
  }
  static const char *const counts[][2] = {
      {"llvm.ctpop.", "popcount"}, {"llvm.ctlz.", "clz"}, {"llvm.cttz.", "ctz"}};
  for (unsigned k = 0; k < 3; k++)
    if (has_prefix(name, counts[k][0])) {
      msl_inst_printf(in, "(%s)%s(", t, counts[k][1]), msl_inst_operand(in, 0),
          msl_inst_put(in, ")");
      return 1;
    }
  return 0;
}

void msl_emit_call(msl_inst *in) {
  LLVMValueRef callee = LLVMGetCalledValue(in->i);
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  unsigned bits = msl_int_bits(LLVMTypeOf(in->i));
  if (msl_ignored_intrinsic(name)) return;
  if (has_prefix(name, "llvm.nvvm.read.ptx.sreg.")) return emit_sreg(in, name);
  if (!strcmp(name, "llvm.nvvm.membar.cta")) /* __threadfence_block */
    return msl_emit_fence(in, 0);
  if (!strcmp(name, "llvm.nvvm.membar.gl") || !strcmp(name, "llvm.nvvm.membar.sys"))
    return msl_emit_fence(in, 1); /* __threadfence, __threadfence_system */
  if (!strcmp(name, "llvm.nvvm.barrier0")) {
    msl_inst_put(in, "threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)");
    return;
  }
  if (has_prefix(name, "llvm.nvvm.ldg.global.")) { /* __ldg: a plain load */
    const char *t = msl_memory_type(in, LLVMTypeOf(in->i));
    if (!t) {
      in->ok = 0;
      return;
    }
    msl_inst_deref(in, LLVMGetOperand(in->i, 0), t, NULL);
    return;
  }
  if (emit_helper_call(in, name)) return;
  if (has_prefix(name, "llvm.memcpy.")) return emit_memcpy(in, 0);
  if (has_prefix(name, "llvm.memmove.")) return emit_memcpy(in, 1);
  if (has_prefix(name, "llvm.memset.")) return emit_memset(in);
  if ((bits > 1 && emit_bits(in, name, bits)) || emit_math(in, name) || emit_warp(in, name)) return;
  in->ok = 0;
  msl_error(in->f->ctx, in->i, "%s '%s' " NOT_SUPPORTED,
            has_prefix(name, "llvm.nvvm.") ? "CUDA intrinsic" : "LLVM intrinsic", name);
}
