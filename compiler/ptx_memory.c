/* ptx_memory.c — inline PTX memory instructions as IR (ptx_xlate.h): ld/st
 * with state spaces, cache hints, orderings and vectors; atom/red as
 * atomicrmw/cmpxchg; cp.async as a synchronous copy. Addresses keep the
 * provenance of the pointer an asm operand came from. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- memory ------------------------------------------------------------- */

typedef enum {
  SPACE_GENERIC,
  SPACE_GLOBAL,
  SPACE_SHARED,
  SPACE_LOCAL,
  SPACE_CONST,
  SPACE_PARAM
} space;

static space state_space(ptx_xlate *x) {
  static const char *const names[] = {"global", "shared", "local", "const", "param", NULL};
  int k = ptx_mod_of(x, names);
  if (k == 5) ptx_error(x, "the state space of '%s'", x->st->parts[0]);
  return (space)k;
}

/* The opcode of an instruction or constant expression; 0 for other values. */
static LLVMOpcode opcode_of(LLVMValueRef v) {
  if (LLVMIsAInstruction(v)) return LLVMGetInstructionOpcode(v);
  if (LLVMIsAConstantExpr(v)) return LLVMGetConstOpcode(v);
  return (LLVMOpcode)0;
}

/* The pointer an integer asm operand was computed from — (trunc/ext of)
 * ptrtoint P, with integers added or subtracted — NULL if none; pure. So
 * `"r"(__cvta_generic_to_shared(p) + 4 * i)` as an address is p + 4 * i.
 * Other arithmetic on an address (xor swizzles...) has no pointer form: the
 * caller reports it. */
static LLVMValueRef pointer_origin(LLVMValueRef v, int depth) {
  if (depth > 16) return NULL;
  LLVMOpcode op = opcode_of(v);
  if (op == LLVMPtrToInt) return LLVMGetOperand(v, 0);
  if (op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt)
    return pointer_origin(LLVMGetOperand(v, 0), depth + 1);
  if (op != LLVMAdd && op != LLVMSub) return NULL;
  LLVMValueRef p = pointer_origin(LLVMGetOperand(v, 0), depth + 1);
  return p || op == LLVMSub ? p : pointer_origin(LLVMGetOperand(v, 1), depth + 1);
}

/* The byte offset (i64, built before the asm) from pointer_origin(v) to v;
 * NULL for none. */
static LLVMValueRef origin_offset(ptx_xlate *x, LLVMValueRef v) {
  LLVMOpcode op = opcode_of(v);
  if (op == LLVMPtrToInt) return NULL;
  if (op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt)
    return origin_offset(x, LLVMGetOperand(v, 0));
  int side = pointer_origin(LLVMGetOperand(v, 0), 1) ? 0 : 1;
  LLVMValueRef inner = origin_offset(x, LLVMGetOperand(v, (unsigned)side));
  LLVMValueRef o = ptx_cast(x, LLVMGetOperand(v, (unsigned)!side), ptx_int_type(x, 64), 1);
  if (op == LLVMSub) o = LLVMBuildNeg(x->b, o, "");
  return inner ? LLVMBuildAdd(x->b, inner, o, "") : o;
}

/* The pointer an address operand names: its base register's pointer (an
 * asm operand bound to a pointer, or to an integer computed from one that
 * the asm does not write, keeps its provenance) plus the offset, or an
 * integer register as a global / generic address. NULL after an error. */
static LLVMValueRef address(ptx_xlate *x, const ptx_operand *o, space s) {
  if (o->kind != PTX_ADDR)
    return ptx_error(x, "the address operand of '%s'", x->st->parts[0]), NULL;
  if (!o->name[0]) return ptx_error(x, "an absolute address in '%s'", x->st->parts[0]), NULL;
  LLVMValueRef base = ptx_read_reg(x, o->name);
  if (!base) return NULL;
  LLVMTypeRef ptr = LLVMPointerTypeInContext(x->ctx->llctx, 0);
  int k = ptx_operand_index(x, o->name);
  LLVMValueRef origin =
      k >= x->nout && !x->written[k] && LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind
          ? pointer_origin(x->op_arg[k], 0)
          : NULL;
  /* a C pointer bound straight to a .shared/.local address is a generic address, which
   * PTX leaves undefined there (nvcc's programs read garbage or fault): the state-space
   * address is __cvta_generic_to_shared(p) (cvta.to.shared) */
  if ((s == SPACE_SHARED || s == SPACE_LOCAL) && k >= x->nout && !x->written[k] && x->op_arg[k] &&
      LLVMGetTypeKind(LLVMTypeOf(x->op_arg[k])) == LLVMPointerTypeKind)
    return ptx_error(x, "a generic address (a pointer operand) as a %s address",
                     s == SPACE_SHARED ? ".shared" : ".local"),
           NULL;
  if (origin) {
    LLVMValueRef off = origin_offset(x, x->op_arg[k]);
    base = off ? LLVMBuildGEP2(x->b, ptx_int_type(x, 8), origin, &off, 1, "") : origin;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind) {
    if (s != SPACE_GENERIC && s != SPACE_GLOBAL)
      return ptx_error(x, "a %s address held in an integer register", "state-space"), NULL;
    base = ptx_cast(x, base, ptr, 0);
  }
  if (!o->imm) return base;
  LLVMValueRef off = LLVMConstInt(ptx_int_type(x, 64), (unsigned long long)o->imm, 1);
  return LLVMBuildGEP2(x->b, ptx_int_type(x, 8), base, &off, 1, "");
}

/* The cache, ordering and scope modifiers of ld/st/atom: consumed (caching
 * is a hint; a scope at least as wide as asked); the ordering's index. */
static int memory_modifiers(ptx_xlate *x) {
  static const char *const hints[] = {"ca", "cg",   "cs",  "lu",  "cv",  "wb", "wt",
                                      "nc", "weak", "cta", "gpu", "sys", NULL};
  for (int k = 0; hints[k]; k++)
    ptx_mod(x, hints[k]);
  /* eviction priorities and prefetch sizes (L1::evict_last, L2::128B...) are hints too;
   * L2::cache_hint takes a policy operand this translation does not read */
  for (int k = 1; k < x->st->nparts; k++) {
    const char *part = x->st->parts[k];
    if (!strcmp(part, "L2::cache_hint")) return ptx_error(x, "the modifier '.%s'", part), 0;
    if (!strncmp(part, "L1::", 4) || !strncmp(part, "L2::", 4)) x->used |= 1u << k;
  }
  static const char *const orders[] = {"relaxed", "acquire", "release", "acq_rel", NULL};
  return ptx_mod_of(x, orders);
}

static LLVMAtomicOrdering ordering(int k) {
  static const LLVMAtomicOrdering o[] = {LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic,
                                         LLVMAtomicOrderingAcquire, LLVMAtomicOrderingRelease,
                                         LLVMAtomicOrderingAcquireRelease};
  return o[k];
}

/* A 16-byte vector ld/st (.v2 of 64-bit, .v4 of 32-bit elements) is one access on
 * NVIDIA GPUs, and code relies on it although PTX's memory model does not promise it:
 * CUB's single-pass scans publish a tile's status and value together in one
 * st.cg.v2.u64 that other blocks poll with ld.cg.v2.u64 (a torn read sees the new
 * status with the old value). So it stays one 16-byte volatile access
 * (anchor_load16/anchor_store16, intrinsics.c), the elements going through a private
 * 16-byte slot. */
static int ldst_16_bytes(ptx_xlate *x, int store, LLVMValueRef p, const ptx_operand *val,
                         ptx_type t) {
  LLVMTypeRef lt = ptx_ltype(x, t), i8 = ptx_int_type(x, 8), i64 = ptx_int_type(x, 64);
  LLVMValueRef slot = ptx_new_slot(x, LLVMArrayType2(i8, 16));
  LLVMSetAlignment(slot, 16);
  unsigned size = t.bits / 8, n = 16 / size;
  LLVMValueRef dst = store ? p : slot, src = store ? slot : p;
  char name[64];
  snprintf(name, sizeof name, "anchor_%s16.p%up%u", store ? "store" : "load",
           LLVMGetPointerAddressSpace(LLVMTypeOf(dst)),
           LLVMGetPointerAddressSpace(LLVMTypeOf(src)));
  LLVMTypeRef params[2] = {LLVMTypeOf(dst), LLVMTypeOf(src)};
  LLVMValueRef copy = lower_declare(
      x->ctx, name, LLVMFunctionType(LLVMVoidTypeInContext(x->ctx->llctx), params, 2, 0), 0);
  LLVMValueRef args[2] = {dst, src};
  for (unsigned k = 0; store && k < n; k++) {
    LLVMValueRef v = ptx_value_of(x, &val->elems[k], t), off = LLVMConstInt(i64, size * k, 0);
    if (!v) return 0;
    LLVMSetAlignment(LLVMBuildStore(x->b, v, LLVMBuildGEP2(x->b, i8, slot, &off, 1, "")), size);
  }
  LLVMBuildCall2(x->b, LLVMGlobalGetValueType(copy), copy, args, 2, "");
  for (unsigned k = 0; !store && k < n; k++) {
    LLVMValueRef off = LLVMConstInt(i64, size * k, 0);
    LLVMValueRef m = LLVMBuildLoad2(x->b, lt, LLVMBuildGEP2(x->b, i8, slot, &off, 1, ""), "");
    LLVMSetAlignment(m, size);
    if (!ptx_put_operand(x, &val->elems[k], m, t)) return 0;
  }
  return 1;
}

/* ld / st {.space}{.cache}{.v2,.v4}.type */
int ptx_op_ldst(ptx_xlate *x) {
  int store = x->st->parts[0][0] == 's';
  space s = state_space(x);
  int order = memory_modifiers(x), vol = ptx_mod(x, "volatile");
  static const char *const vecs[] = {"v2", "v4", NULL};
  int vec = ptx_mod_of(x, vecs), n = vec ? 2 * vec : 1;
  ptx_type t;
  if (x->failed || !ptx_one_type(x, &t, "subf", 8) || !ptx_check_operands(x, 2, 2)) return 0;
  if (order && (vec || (order == 2 && store) || (order == 3 && !store) || order == 4))
    return ptx_error(x, "the memory ordering of '%s'", x->st->parts[0]);
  const ptx_operand *addr = &x->st->operands[store ? 0 : 1], *val = &x->st->operands[store ? 1 : 0];
  if ((val->kind == PTX_VEC) != (vec != 0) || (vec && val->nelems != n))
    return ptx_error(x, "the vector operand of '%s'", x->st->parts[0]);
  LLVMValueRef p = address(x, addr, s);
  if (!p) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  unsigned size = t.bits / 8;
  if (vec && size * (unsigned)n == 16) return ldst_16_bytes(x, store, p, val, t);
  for (int k = 0; k < n; k++) {
    const ptx_operand *e = vec ? &val->elems[k] : val;
    LLVMValueRef off =
        LLVMConstInt(ptx_int_type(x, 64), (unsigned long long)(size * (unsigned)k), 0);
    LLVMValueRef pk = k ? LLVMBuildGEP2(x->b, ptx_int_type(x, 8), p, &off, 1, "") : p;
    LLVMValueRef m;
    if (store) {
      LLVMValueRef v = ptx_value_of(x, e, t);
      if (!v) return 0;
      m = LLVMBuildStore(x->b, v, pk);
    } else {
      m = LLVMBuildLoad2(x->b, lt, pk, "");
      if (!ptx_put_operand(x, e, m, t)) return 0;
    }
    LLVMSetAlignment(m, k ? size : size * (unsigned)n);
    /* an access of an asm volatile happens each time and in order, as the
     * opaque asm does under nvcc; atomic ones are ordered by their ordering */
    if (vol || (x->side_effects && !order)) LLVMSetVolatile(m, 1);
    if (order) LLVMSetOrdering(m, ordering(order));
  }
  return 1;
}

/* atom / red {.sem}{.scope}{.space}.op.type */
int ptx_op_atom(ptx_xlate *x) {
  int red = x->st->parts[0][0] == 'r';
  space s = state_space(x);
  int order = memory_modifiers(x);
  static const char *const ops[] = {"add", "and", "or",  "xor", "exch", "min",
                                    "max", "inc", "dec", "cas", NULL};
  int op = ptx_mod_of(x, ops);
  ptx_type t;
  if (x->failed || !op) return ptx_error(x, "the operation of '%s'", x->st->parts[0]);
  if (!ptx_one_type(x, &t, "subf", 32)) return 0;
  int cas = op == 10, nsrc = cas ? 2 : 1, first = red ? 0 : 1;
  if (red && cas) return ptx_error(x, "the operation of '%s'", "red");
  if (!ptx_check_operands(x, first + 1 + nsrc, first + 1 + nsrc)) return 0;
  LLVMValueRef p = address(x, &x->st->operands[first], s);
  LLVMValueRef v = p ? ptx_get(x, first + 1, t) : NULL;
  if (!v) return 0;
  LLVMAtomicOrdering o = ordering(order);
  LLVMValueRef r;
  if (cas) {
    LLVMValueRef nv = ptx_get(x, first + 2, t);
    if (!nv || t.kind == 'f') return nv ? ptx_error(x, "the type of '%s'", "atom.cas") : 0;
    LLVMAtomicOrdering fail =
        o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingAcquireRelease
            ? LLVMAtomicOrderingAcquire
            : LLVMAtomicOrderingMonotonic;
    r = LLVMBuildExtractValue(x->b, LLVMBuildAtomicCmpXchg(x->b, p, v, nv, o, fail, 0), 0, "");
  } else {
    LLVMAtomicRMWBinOp bin;
    int f = t.kind == 'f', sg = t.kind == 's';
    switch (op) {
    case 1: bin = f ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; break;
    case 2: bin = LLVMAtomicRMWBinOpAnd; break;
    case 3: bin = LLVMAtomicRMWBinOpOr; break;
    case 4: bin = LLVMAtomicRMWBinOpXor; break;
    case 5: bin = LLVMAtomicRMWBinOpXchg; break;
    case 6:
      bin = f ? LLVMAtomicRMWBinOpFMin : sg ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
      break;
    case 7:
      bin = f ? LLVMAtomicRMWBinOpFMax : sg ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
      break;
    case 8: bin = LLVMAtomicRMWBinOpUIncWrap; break;
    default: bin = LLVMAtomicRMWBinOpUDecWrap; break;
    }
    if (f && op != 1 && op != 5) return ptx_error(x, "the type of '%s'", x->st->parts[0]);
    if (!f && t.kind == 'b' && (op == 1 || op >= 6))
      return ptx_error(x, "the type of '%s'", x->st->parts[0]);
    r = LLVMBuildAtomicRMW(x->b, bin, p, v, o, 0);
  }
  LLVMSetAlignment(r, t.bits / 8);
  return red ? 1 : ptx_put(x, 0, r, t);
}

/* One unit (1 or 4 bytes) of a cp.async at byte offset k: src's or zero. */
static void copy_unit(ptx_xlate *x, LLVMValueRef dst, LLVMValueRef src, unsigned k, unsigned unit,
                      int zero) {
  LLVMTypeRef t = ptx_int_type(x, 8 * unit), i8 = ptx_int_type(x, 8);
  LLVMValueRef off = LLVMConstInt(ptx_int_type(x, 64), k, 0);
  LLVMValueRef v = zero ? LLVMConstNull(t)
                        : LLVMBuildLoad2(x->b, t, LLVMBuildGEP2(x->b, i8, src, &off, 1, ""), "");
  if (!zero) LLVMSetAlignment(v, unit), LLVMSetVolatile(v, x->side_effects);
  LLVMValueRef st = LLVMBuildStore(x->b, v, LLVMBuildGEP2(x->b, i8, dst, &off, 1, ""));
  LLVMSetAlignment(st, unit);
  LLVMSetVolatile(st, x->side_effects);
}

/* cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size}: a
 * synchronous copy (the group instructions then have nothing to wait for);
 * bytes past src-size are zero. A src-size in a register (the zero-fill
 * idiom: p ? 16 : 0) is tested at run time: the whole copy when it is at
 * least size, else byte by byte, reading only the bytes below it. */
int ptx_op_cp(ptx_xlate *x) {
  if (!ptx_mod(x, "async")) return ptx_unsupported(x);
  if (ptx_mod(x, "commit_group") || ptx_mod(x, "wait_group") || ptx_mod(x, "wait_all"))
    return 1; /* done already */
  static const char *const cache[] = {"ca", "cg", NULL};
  if (!ptx_mod_of(x, cache) || !ptx_mod(x, "shared") || !ptx_mod(x, "global") ||
      !ptx_check_operands(x, 3, 4))
    return ptx_error(x, "the form of '%s'", "cp.async");
  memory_modifiers(x); /* L2::128B... */
  if (x->failed) return 0;
  long long size, src_size;
  if (!ptx_immediate(x, 2, &size)) return 0;
  if (size != 4 && size != 8 && size != 16) return ptx_error(x, "the size of '%s'", "cp.async");
  src_size = size;
  LLVMValueRef runtime = NULL;
  const ptx_operand *n = x->st->noperands == 4 ? &x->st->operands[3] : NULL;
  if (n && n->kind == PTX_IMM)
    src_size = n->imm;
  else if (n && n->kind == PTX_REG) {
    int k = ptx_operand_index(x, n->name);
    if (k >= x->nout && x->op_arg[k] && LLVMIsAConstantInt(x->op_arg[k]))
      src_size = LLVMConstIntGetSExtValue(x->op_arg[k]);
    else if (!(runtime = ptx_get(x, 3, (ptx_type){'u', 32})))
      return 0;
  } else if (n) {
    return ptx_error(x, "the src-size of '%s'", "cp.async");
  }
  LLVMValueRef dst = address(x, &x->st->operands[0], SPACE_SHARED);
  LLVMValueRef src = dst ? address(x, &x->st->operands[1], SPACE_GLOBAL) : NULL;
  if (!src) return 0;
  if (!runtime) {
    unsigned unit = src_size % 4 ? 1 : 4;
    for (unsigned k = 0; k < (unsigned)size; k += unit)
      copy_unit(x, dst, src, k, unit, (long long)k >= src_size);
    return 1;
  }
  assert(x->cfg && "lower_asm.c gives a cp.async with a src-size blocks");
  LLVMBasicBlockRef full = ptx_new_block(x, "cp.full"), part = ptx_new_block(x, "cp.part"),
                    done = ptx_new_block(x, "cp.done");
  LLVMTypeRef u = ptx_i32(x);
  LLVMBuildCondBr(
      x->b, LLVMBuildICmp(x->b, LLVMIntUGE, runtime, ptx_cint(x, u, (unsigned long long)size), ""),
      full, part);
  LLVMPositionBuilderAtEnd(x->b, full);
  for (unsigned k = 0; k < (unsigned)size; k += 4)
    copy_unit(x, dst, src, k, 4, 0);
  LLVMBuildBr(x->b, done);
  LLVMPositionBuilderAtEnd(x->b, part);
  for (unsigned k = 0; k < (unsigned)size; k++) {
    LLVMBasicBlockRef load = ptx_new_block(x, "cp.byte"), zero = ptx_new_block(x, "cp.zero"),
                      next = ptx_new_block(x, "cp.next");
    LLVMBuildCondBr(x->b, LLVMBuildICmp(x->b, LLVMIntULT, ptx_cint(x, u, k), runtime, ""), load,
                    zero);
    LLVMPositionBuilderAtEnd(x->b, load);
    copy_unit(x, dst, src, k, 1, 0);
    LLVMBuildBr(x->b, next);
    LLVMPositionBuilderAtEnd(x->b, zero);
    copy_unit(x, dst, src, k, 1, 1);
    LLVMBuildBr(x->b, next);
    LLVMPositionBuilderAtEnd(x->b, next);
  }
  LLVMBuildBr(x->b, done);
  LLVMPositionBuilderAtEnd(x->b, done);
  return 1;
}
