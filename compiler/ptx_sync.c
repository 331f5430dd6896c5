/* ptx_sync.c — inline PTX warp, barrier and thread-control instructions as
 * the NVVM intrinsics clang gives their CUDA builtins (ptx_xlate.h):
 * shfl.sync (and its predicate), vote.sync, activemask, match.sync,
 * redux.sync, bar/barrier.sync/arrive/red (barrier 0 without a count as Metal's barrier,
 * the others in software), bar.warp.sync, membar/fence, exit, trap,
 * nanosleep and prefetch. */
#include <stdio.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- warps, barriers, fences -------------------------------------------- */

/* shfl's predicate (d|p): whether the source lane is in the segment, from
 * the PTX ISA's definition (the value itself is the intrinsic's). */
static LLVMValueRef shfl_in_range(ptx_xlate *x, int mode, LLVMValueRef bv, LLVMValueRef c) {
  LLVMBuilderRef b = x->b;
  LLVMTypeRef u = ptx_i32(x);
  LLVMValueRef lane = ptx_call_intrinsic(x, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0);
  LLVMValueRef bval = LLVMBuildAnd(b, bv, ptx_cint(x, u, 31), "");
  LLVMValueRef cval = LLVMBuildAnd(b, c, ptx_cint(x, u, 31), "");
  LLVMValueRef seg =
      LLVMBuildAnd(b, LLVMBuildLShr(b, c, ptx_cint(x, u, 8), ""), ptx_cint(x, u, 31), "");
  LLVMValueRef notseg = LLVMBuildNot(b, seg, "");
  LLVMValueRef max =
      LLVMBuildOr(b, LLVMBuildAnd(b, lane, seg, ""), LLVMBuildAnd(b, cval, notseg, ""), "");
  LLVMValueRef j;
  switch (mode) {
  case 1: /* up */
    j = LLVMBuildSub(b, lane, bval, "");
    return LLVMBuildICmp(b, LLVMIntSGE, j, max, "");
  case 2: j = LLVMBuildAdd(b, lane, bval, ""); break;
  case 3: j = LLVMBuildXor(b, lane, bval, ""); break;
  default:
    j = LLVMBuildOr(b, LLVMBuildAnd(b, lane, seg, ""), LLVMBuildAnd(b, bval, notseg, ""), "");
  }
  return LLVMBuildICmp(b, LLVMIntSLE, j, max, "");
}

/* shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c, membermask */
int ptx_op_shfl(ptx_xlate *x) {
  if (!ptx_mod(x, "sync"))
    return ptx_error(x, "'shfl' without .sync (removed on sm_70 and later)%s", "");
  static const char *const modes[] = {"up", "down", "bfly", "idx", NULL};
  int m = ptx_mod_of(x, modes);
  ptx_type t;
  if (!m || !ptx_one_type(x, &t, "b", 32) || t.bits != 32 || !ptx_check_operands(x, 5, 5))
    return x->failed ? 0 : ptx_error(x, "the form of '%s'", "shfl");
  ptx_type u = {'u', 32};
  LLVMValueRef args[4] = {ptx_get(x, 4, u), ptx_get(x, 1, u), ptx_get(x, 2, u), ptx_get(x, 3, u)};
  if (!args[0] || !args[1] || !args[2] || !args[3]) return 0;
  const ptx_operand *d = &x->st->operands[0];
  char name[48];
  snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.i32", modes[m - 1]);
  LLVMValueRef r = ptx_call_intrinsic(x, name, NULL, 0, args, 4);
  if (!d->pair) return ptx_put(x, 0, r, u);
  return ptx_write_reg(x, d->name, r, u) &&
         ptx_write_reg(x, d->name2, shfl_in_range(x, m, args[2], args[3]), (ptx_type){'p', 1});
}

/* vote.sync.{any,all,uni}.pred d, {!}a, mask; vote.sync.ballot.b32 d, {!}a, mask */
int ptx_op_vote(ptx_xlate *x) {
  if (!ptx_mod(x, "sync"))
    return ptx_error(x, "'vote' without .sync (removed on sm_70 and later)%s", "");
  static const char *const modes[] = {"any", "all", "uni", "ballot", NULL};
  int m = ptx_mod_of(x, modes);
  ptx_type t;
  if (!m || !ptx_one_type(x, &t, m == 4 ? "b" : "p", 1) || !ptx_check_operands(x, 3, 3))
    return x->failed ? 0 : ptx_error(x, "the form of '%s'", "vote");
  ptx_type p = {'p', 1};
  LLVMValueRef args[2] = {ptx_get(x, 2, (ptx_type){'u', 32}), ptx_get(x, 1, p)};
  if (!args[0] || !args[1]) return 0;
  char name[48];
  snprintf(name, sizeof name, "llvm.nvvm.vote.%s.sync", modes[m - 1]);
  return ptx_put(x, 0, ptx_call_intrinsic(x, name, NULL, 0, args, 2), t);
}

int ptx_op_activemask(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "b", 32) || !ptx_check_operands(x, 1, 1)) return 0;
  return ptx_put(x, 0, ptx_call_intrinsic(x, "llvm.nvvm.activemask", NULL, 0, NULL, 0), t);
}

/* A call of the device library's warp function `name` (devlib/warp.cu, linked after
 * lower_asm; what __match_any_sync... call too): not pure, so that nothing moves or drops
 * it before it is inlined. */
static LLVMValueRef call_warp(ptx_xlate *x, const char *name, LLVMValueRef *args, unsigned n) {
  LLVMTypeRef params[3];
  for (unsigned k = 0; k < n; k++)
    params[k] = LLVMTypeOf(args[k]);
  LLVMValueRef fn = lower_declare(x->ctx, name, LLVMFunctionType(ptx_i32(x), params, n, 0), 0);
  return LLVMBuildCall2(x->b, LLVMGlobalGetValueType(fn), fn, args, n, "");
}

/* match.sync.any.b32/.b64 d, a, mask; match.sync.all d[|p], a, mask: the device library's
 * __anchor_match_any_sync/_all_sync on the value's two words (all gives mask or 0, and p
 * is whether it is not 0). */
int ptx_op_match(ptx_xlate *x) {
  static const char *const modes[] = {"any", "all", NULL};
  int m = ptx_mod(x, "sync") ? ptx_mod_of(x, modes) : 0;
  ptx_type t;
  if (!m || !ptx_one_type(x, &t, "b", 32) || !ptx_check_operands(x, 3, 3))
    return x->failed ? 0 : ptx_error(x, "the form of '%s'", "match");
  LLVMValueRef mask = ptx_get(x, 2, (ptx_type){'u', 32}), a = ptx_get(x, 1, t);
  if (!mask || !a) return 0;
  LLVMTypeRef u = ptx_i32(x);
  LLVMValueRef hi = ptx_cint(x, u, 0);
  if (t.bits == 64) {
    hi =
        LLVMBuildTrunc(x->b, LLVMBuildLShr(x->b, a, LLVMConstInt(LLVMTypeOf(a), 32, 0), ""), u, "");
    a = LLVMBuildTrunc(x->b, a, u, "");
  }
  LLVMValueRef args[3] = {mask, a, hi};
  LLVMValueRef r =
      call_warp(x, m == 1 ? "__anchor_match_any_sync" : "__anchor_match_all_sync", args, 3);
  ptx_type w = {'u', 32};
  if (m == 1) return ptx_put(x, 0, r, w);
  const ptx_operand *d = &x->st->operands[0];
  if (!ptx_write_reg(x, d->name, r, w)) return 0;
  return !d->pair ||
         ptx_write_reg(x, d->name2, LLVMBuildICmp(x->b, LLVMIntNE, r, ptx_cint(x, u, 0), ""),
                       (ptx_type){'p', 1});
}

/* redux.sync.op.type d, a, mask: the device library's __anchor_reduce_*_sync. */
int ptx_op_redux(ptx_xlate *x) {
  static const char *const ops[] = {"add", "min", "max", "and", "or", "xor", NULL};
  int op = ptx_mod(x, "sync") ? ptx_mod_of(x, ops) : 0;
  ptx_type t;
  if (!op || !ptx_one_type(x, &t, "sub", 32) || t.bits != 32 || !ptx_check_operands(x, 3, 3))
    return x->failed ? 0 : ptx_error(x, "the form of '%s'", "redux");
  const char *names[] = {
      "add", t.kind == 's' ? "min" : "umin", t.kind == 's' ? "max" : "umax", "and", "or", "xor"};
  LLVMValueRef args[2] = {ptx_get(x, 2, (ptx_type){'u', 32}), ptx_get(x, 1, t)};
  if (!args[0] || !args[1]) return 0;
  char name[48];
  snprintf(name, sizeof name, "__anchor_reduce_%s_sync", names[op - 1]);
  return ptx_put(x, 0, call_warp(x, name, args, 2), t);
}

/* A named barrier in software (devlib/named_barrier.cu): __anchor_bar(id, count, op,
 * pred, wait), count 0 for the whole block; convergent, as a barrier is. lower_asm.c
 * zeroes the barriers' words at the start of each kernel that reaches one. */
static LLVMValueRef software_barrier(ptx_xlate *x, LLVMValueRef id, LLVMValueRef count, unsigned op,
                                     LLVMValueRef pred, int wait) {
  LLVMTypeRef u = ptx_i32(x);
  LLVMValueRef args[5] = {id, count ? count : ptx_cint(x, u, 0), ptx_cint(x, u, op),
                          pred ? LLVMBuildZExt(x->b, pred, u, "") : ptx_cint(x, u, 0),
                          ptx_cint(x, u, (unsigned)wait)};
  LLVMTypeRef params[5] = {u, u, u, u, u};
  LLVMValueRef fn = lower_declare(x->ctx, PTX_NAMED_BARRIER, LLVMFunctionType(u, params, 5, 0), 0);
  unsigned kind = LLVMGetEnumAttributeKindForName("convergent", strlen("convergent"));
  if (!LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind))
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(x->ctx->llctx, kind, 0));
  return LLVMBuildCall2(x->b, LLVMGlobalGetValueType(fn), fn, args, 5, "");
}

/* Is operand k the constant 0? (without reporting a register as an error) */
static int is_zero(ptx_xlate *x, int k) {
  const ptx_operand *o = &x->st->operands[k];
  if (o->kind == PTX_IMM) return o->imm == 0;
  if (o->kind != PTX_REG) return 0;
  int j = ptx_operand_index(x, o->name);
  return j >= x->nout && x->op_arg[j] && LLVMIsAConstantInt(x->op_arg[j]) &&
         LLVMConstIntGetZExtValue(x->op_arg[j]) == 0;
}

/* bar/barrier{.cta}.sync{.aligned} a{, b}; bar/barrier.arrive a, b;
 * bar/barrier.red.{popc.u32,and.pred,or.pred} d, a{, b}, {!}c; bar.warp.sync mask.
 * Barrier 0 without a thread count is Metal's threadgroup barrier (__syncthreads,
 * __syncthreads_count/_and/_or's intrinsics); any other barrier, a thread count, or an
 * arrive is the software barrier. */
int ptx_op_bar(ptx_xlate *x) {
  if (ptx_mod(x, "warp")) {
    if (!ptx_mod(x, "sync") || !ptx_check_operands(x, 1, 1))
      return ptx_error(x, "the form of '%s'", "bar.warp");
    LLVMValueRef m = ptx_get(x, 0, (ptx_type){'u', 32});
    return m && ptx_call_intrinsic(x, "llvm.nvvm.bar.warp.sync", NULL, 0, &m, 1);
  }
  ptx_mod(x, "cta");
  ptx_mod(x, "aligned");
  ptx_type u = {'u', 32};
  if (ptx_mod(x, "red")) {
    static const char *const ops[] = {"popc", "and", "or", NULL};
    int op = ptx_mod_of(x, ops);
    ptx_type t;
    if (!op || !ptx_one_type(x, &t, op == 1 ? "u" : "p", 1) || (op == 1 && t.bits != 32) ||
        !ptx_check_operands(x, 3, 4))
      return x->failed ? 0 : ptx_error(x, "the form of '%s'", "bar.red");
    int counted = x->st->noperands == 4;
    LLVMValueRef p = ptx_get(x, counted ? 3 : 2, (ptx_type){'p', 1});
    if (!p) return 0;
    LLVMValueRef r;
    if (!counted && is_zero(x, 1)) {
      static const char *const intr[] = {"llvm.nvvm.barrier0.popc", "llvm.nvvm.barrier0.and",
                                         "llvm.nvvm.barrier0.or"};
      LLVMValueRef arg = LLVMBuildZExt(x->b, p, ptx_i32(x), "");
      r = ptx_call_intrinsic(x, intr[op - 1], NULL, 0, &arg, 1);
    } else {
      LLVMValueRef id = ptx_get(x, 1, u), count = counted ? ptx_get(x, 2, u) : NULL;
      if (!id || (counted && !count)) return 0;
      r = software_barrier(x, id, count, (unsigned)op, p, 1);
    }
    return ptx_put(
        x, 0, op == 1 ? r : LLVMBuildICmp(x->b, LLVMIntNE, r, ptx_cint(x, ptx_i32(x), 0), ""), t);
  }
  int arrive = ptx_mod(x, "arrive");
  if ((!arrive && !ptx_mod(x, "sync")) || !ptx_check_operands(x, arrive ? 2 : 1, 2))
    return x->failed ? 0 : ptx_error(x, "the form of '%s'", x->st->parts[0]);
  if (!arrive && x->st->noperands == 1 && is_zero(x, 0)) {
    ptx_call_intrinsic(x, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
    return 1;
  }
  LLVMValueRef id = ptx_get(x, 0, u), count = x->st->noperands == 2 ? ptx_get(x, 1, u) : NULL;
  if (!id || (x->st->noperands == 2 && !count)) return 0;
  software_barrier(x, id, count, 0, NULL, !arrive);
  return 1;
}

/* membar.{cta,gl,sys}; fence.{sc,acq_rel}.{cta,gpu,sys}: __threadfence_block,
 * __threadfence, __threadfence_system. */
int ptx_op_fence(ptx_xlate *x) {
  static const char *const scopes[] = {"cta", "gl", "gpu", "sys", NULL};
  int membar = x->st->parts[0][0] == 'm';
  if (!membar) {
    static const char *const sems[] = {"sc", "acq_rel", NULL};
    if (!ptx_mod_of(x, sems)) return ptx_error(x, "the form of '%s'", "fence");
  }
  int s = ptx_mod_of(x, scopes);
  if (!s || (membar && s == 3) || (!membar && s == 2) || !ptx_check_operands(x, 0, 0))
    return x->failed ? 0 : ptx_error(x, "the scope of '%s'", x->st->parts[0]);
  static const char *const intr[] = {"llvm.nvvm.membar.cta", "llvm.nvvm.membar.gl",
                                     "llvm.nvvm.membar.gl", "llvm.nvvm.membar.sys"};
  ptx_call_intrinsic(x, intr[s - 1], NULL, 0, NULL, 0);
  return 1;
}

/* nanosleep: PTX allows any sleep in [0, 2t], so none; prefetch(u): a hint
 * with no effect on values. */
int ptx_op_no_effect(ptx_xlate *x) {
  if (!strcmp(x->st->parts[0], "nanosleep")) {
    ptx_type t;
    return ptx_one_type(x, &t, "u", 32) && t.bits == 32 && ptx_check_operands(x, 1, 1);
  }
  static const char *const spaces[] = {"global", "local", "L1", "L2", NULL};
  for (int k = 0; spaces[k]; k++)
    ptx_mod(x, spaces[k]);
  return ptx_check_operands(x, 1, 1) && x->st->operands[0].kind == PTX_ADDR
             ? 1
             : ptx_error(x, "the operand of '%s'", x->st->parts[0]);
}

/* exit: the thread ends — llvm.nvvm.exit (no return) and `unreachable`,
 * which the emitter writes as the kernel's return; what follows in the asm
 * is in a block nothing reaches. */
int ptx_op_exit(ptx_xlate *x) {
  if (!ptx_check_operands(x, 0, 0)) return 0;
  ptx_call_intrinsic(x, "llvm.nvvm.exit", NULL, 0, NULL, 0);
  LLVMBuildUnreachable(x->b);
  LLVMPositionBuilderAtEnd(x->b, ptx_new_block(x, "asm.dead"));
  return 1;
}

int ptx_op_trap(ptx_xlate *x) {
  if (!ptx_check_operands(x, 0, 0)) return 0;
  ptx_call_intrinsic(x, "llvm.trap", NULL, 0, NULL, 0);
  return 1;
}
