/* lower_asm.c — IR->IR, early (after lower_ftz, before lower_div and
 * devlib_link): every inline PTX `asm` call is translated into the LLVM IR
 * clang produces for the equivalent CUDA code — plain arithmetic, NVVM
 * intrinsics (special registers, shuffles, votes, barriers, fences),
 * atomicrmw/cmpxchg, loads and stores, and calls of Anchor's device library
 * (__anchor_byte_perm for prmt, __anchor_fadd_rz for add.rz.f32...) — so the
 * later lowerings and the emitter's rows handle the rest, and the library's
 * integer and rounding intrinsics are the one implementation of both.
 *
 * Every PTX register (declared with .reg, or asm operand $k) is an alloca in
 * the function's entry block, read with a load and written with a store, so
 * straight-line code, predicated instructions (@p: a branch around the
 * instruction) and labels with bra (basic blocks) all translate the same way;
 * the pipeline's sroa turns the registers into SSA values. The carry flag
 * of add.cc/addc... is an i1 register of its own. A register read as another
 * type is converted as PTX says (a wider register truncated, a narrower one
 * extended by the instruction type's signedness, same-size types bit-cast).
 *
 * An instruction, modifier, type or operand this file does not translate is
 * a compile-time error quoting the PTX statement, at the asm's source line.
 * Parsing is ptx_parse.c's (ptx.h); the instructions' translations are the
 * ptx_*.c files of ptx_xlate.h; this file binds the asm call's operands,
 * gives the code its blocks and dispatches each statement. */
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- the statement table ------------------------------------------------ */

static const struct {
  const char *name;
  int (*translate)(ptx_xlate *x);
} instructions[] = {
    {"mov", ptx_op_mov},
    {"add", ptx_op_add},
    {"sub", ptx_op_add},
    {"addc", ptx_op_add},
    {"subc", ptx_op_add},
    {"mul", ptx_op_mul},
    {"mad", ptx_op_mul},
    {"madc", ptx_op_mul},
    {"mul24", ptx_op_mul24},
    {"mad24", ptx_op_mul24},
    {"sad", ptx_op_sad},
    {"div", ptx_op_div},
    {"rem", ptx_op_div},
    {"min", ptx_op_minmax},
    {"max", ptx_op_minmax},
    {"abs", ptx_op_absneg},
    {"neg", ptx_op_absneg},
    {"and", ptx_op_logic},
    {"or", ptx_op_logic},
    {"xor", ptx_op_logic},
    {"not", ptx_op_logic},
    {"cnot", ptx_op_logic},
    {"shl", ptx_op_shift},
    {"shr", ptx_op_shift},
    {"bfe", ptx_op_bfe},
    {"bfi", ptx_op_bfi},
    {"bfind", ptx_op_bfind},
    {"popc", ptx_op_bits},
    {"clz", ptx_op_bits},
    {"brev", ptx_op_bits},
    {"prmt", ptx_op_prmt},
    {"lop3", ptx_op_lop3},
    {"shf", ptx_op_shf},
    {"dp4a", ptx_op_dp},
    {"dp2a", ptx_op_dp},
    {"vadd", ptx_op_video},
    {"vsub", ptx_op_video},
    {"vabsdiff", ptx_op_video},
    {"vmin", ptx_op_video},
    {"vmax", ptx_op_video},
    {"vshl", ptx_op_video},
    {"vshr", ptx_op_video},
    {"setp", ptx_op_setp},
    {"set", ptx_op_set},
    {"selp", ptx_op_selp},
    {"slct", ptx_op_slct},
    {"testp", ptx_op_testp},
    {"copysign", ptx_op_copysign},
    {"fma", ptx_op_mul},
    {"rcp", ptx_op_float_unary},
    {"sqrt", ptx_op_float_unary},
    {"rsqrt", ptx_op_float_unary},
    {"ex2", ptx_op_float_unary},
    {"lg2", ptx_op_float_unary},
    {"sin", ptx_op_float_unary},
    {"cos", ptx_op_float_unary},
    {"tanh", ptx_op_float_unary},
    {"cvt", ptx_op_cvt},
    {"cvta", ptx_op_cvta},
    {"ld", ptx_op_ldst},
    {"st", ptx_op_ldst},
    {"atom", ptx_op_atom},
    {"red", ptx_op_atom},
    {"cp", ptx_op_cp},
    {"shfl", ptx_op_shfl},
    {"vote", ptx_op_vote},
    {"activemask", ptx_op_activemask},
    {"match", ptx_op_match},
    {"redux", ptx_op_redux},
    {"bar", ptx_op_bar},
    {"barrier", ptx_op_bar},
    {"membar", ptx_op_fence},
    {"fence", ptx_op_fence},
    {"trap", ptx_op_trap},
    {"brkpt", ptx_op_trap}, /* no debugger: the launch fails as __brkpt()'s does */
    {"exit", ptx_op_exit},
    {"nanosleep", ptx_op_no_effect},
    {"prefetch", ptx_op_no_effect},
    {"prefetchu", ptx_op_no_effect},
};

static LLVMBasicBlockRef label_block(ptx_xlate *x, const char *name) {
  for (int k = 0; k < x->nlabels; k++)
    if (!strcmp(x->labels[k].name, name)) return x->labels[k].block;
  return NULL;
}

/* bra{.uni} label (guarded: a conditional branch). */
static int op_bra(ptx_xlate *x, LLVMValueRef guard) {
  ptx_mod(x, "uni");
  if (!ptx_check_operands(x, 1, 1) || x->st->operands[0].kind != PTX_REG)
    return ptx_error(x, "the target of '%s'", "bra");
  LLVMBasicBlockRef target = label_block(x, x->st->operands[0].name);
  if (!target) return ptx_error(x, "the label '%s'", x->st->operands[0].name);
  LLVMBasicBlockRef next = ptx_new_block(x, "asm.next");
  if (guard)
    LLVMBuildCondBr(x->b, guard, target, next);
  else
    LLVMBuildBr(x->b, target);
  LLVMPositionBuilderAtEnd(x->b, next);
  return 1;
}

static int translate_instruction(ptx_xlate *x) {
  const ptx_stmt *st = x->st;
  x->used = 1;
  LLVMValueRef guard = NULL;
  if (st->pred[0]) {
    LLVMValueRef v = ptx_read_reg(x, st->pred);
    if (!v) return 0;
    guard = ptx_cast(x, v, ptx_int_type(x, 1), 0);
    if (st->pred_negated) guard = LLVMBuildNot(x->b, guard, "");
  }
  if (!strcmp(st->parts[0], "bra")) {
    if (!op_bra(x, guard)) return 0;
  } else {
    int (*translate)(ptx_xlate *) = NULL;
    for (unsigned k = 0; k < sizeof instructions / sizeof *instructions; k++)
      if (!strcmp(instructions[k].name, st->parts[0])) translate = instructions[k].translate;
    if (!translate) return ptx_unsupported(x);
    LLVMBasicBlockRef after = NULL;
    if (guard) {
      LLVMBasicBlockRef then = ptx_new_block(x, "asm.then");
      after = ptx_new_block(x, "asm.after");
      LLVMBuildCondBr(x->b, guard, then, after);
      LLVMPositionBuilderAtEnd(x->b, then);
    }
    if (!translate(x)) return 0;
    if (after) {
      LLVMBuildBr(x->b, after);
      LLVMPositionBuilderAtEnd(x->b, after);
    }
  }
  for (int k = 1; k < st->nparts; k++)
    if (!(x->used >> k & 1)) return ptx_error(x, "the modifier '.%s'", st->parts[k]);
  return 1;
}

static int translate(ptx_xlate *x, const ptx_program *prog) {
  for (int s = 0; s < prog->count && !x->failed; s++) {
    const ptx_stmt *st = x->st = &prog->stmts[s];
    switch (st->kind) {
    case PTX_OPEN: x->depth++; break;
    case PTX_CLOSE:
      if (!x->depth) return ptx_error(x, "an unbalanced '%s'", "}");
      while (x->nregs && x->regs[x->nregs - 1].depth == x->depth)
        x->nregs--;
      x->depth--;
      break;
    case PTX_LABEL_DEF: {
      LLVMBasicBlockRef bb = label_block(x, st->label);
      ptx_label *l = NULL;
      for (int k = 0; k < x->nlabels; k++)
        if (x->labels[k].block == bb) l = &x->labels[k];
      if (!l) return ptx_error(x, "more than 64 labels in one %s statement", "asm");
      if (l->placed) return ptx_error(x, "the label '%s' defined twice", st->label);
      l->placed = 1;
      LLVMBuildBr(x->b, bb);
      LLVMPositionBuilderAtEnd(x->b, bb);
      break;
    }
    case PTX_DECL: {
      ptx_type t;
      if (!ptx_type_named(st->parts[0], &t))
        return ptx_error(x, "the register type '.%s'", st->parts[0]);
      for (int k = 0; k < st->noperands; k++) {
        const ptx_operand *o = &st->operands[k];
        if (!o->imm) {
          ptx_declare_reg(x, o->name, ptx_ltype(x, t));
          continue;
        }
        for (long long j = 0; j < o->imm; j++) {
          char name[PTX_NAME + 24]; /* the name and any long long */
          snprintf(name, sizeof name, "%s%lld", o->name, j);
          ptx_declare_reg(x, name, ptx_ltype(x, t));
        }
      }
      break;
    }
    case PTX_INSTR:
      if (!translate_instruction(x)) return 0;
      break;
    }
  }
  x->st = NULL;
  if (!x->failed && x->depth) return ptx_error(x, "an unclosed '%s'", "{");
  return !x->failed;
}

/* ---- binding the asm call ----------------------------------------------- */

/* Split the constraint string into x's operand slots; 0 after an error. */
static int bind_operands(ptx_xlate *x, const char *constraints, size_t len) {
  LLVMTypeRef result = LLVMTypeOf(x->call);
  unsigned nres = LLVMGetTypeKind(result) == LLVMStructTypeKind
                      ? LLVMCountStructElementTypes(result)
                  : LLVMGetTypeKind(result) == LLVMVoidTypeKind ? 0
                                                                : 1;
  int nargs = LLVMGetNumArgOperands(x->call), arg = 0, index = 0;
  char buf[512];
  if (len >= sizeof buf)
    return ptx_error(x, "the operand list of an %s statement (too long)", "asm");
  memcpy(buf, constraints, len);
  buf[len] = 0;
  for (char *c = strtok(buf, ","); c; c = strtok(NULL, ",")) {
    if (c[0] == '~') continue; /* clobbers ("memory"): no effect on the translation */
    if (index >= PTX_MAX_ASM_OPERANDS)
      return ptx_error(x, "more than 32 operands of an %s statement", "asm");
    int out = c[0] == '=';
    if (out) c++;
    while (*c == '&')
      c++;
    if (*c == '*') return ptx_error(x, "the memory operand constraint '%s'", c);
    LLVMTypeRef t;
    if (out) {
      t = nres == 1 && LLVMGetTypeKind(result) != LLVMStructTypeKind
              ? result
              : LLVMStructGetTypeAtIndex(result, (unsigned)x->nout);
      x->op_arg[index] = NULL;
      x->nout++;
    } else {
      if (arg >= nargs) return ptx_error(x, "the operands of an %s statement", "asm");
      LLVMValueRef v = LLVMGetOperand(x->call, (unsigned)arg++);
      if (c[0] >= '0' && c[0] <= '9') { /* "+r": the initial value of output c */
        int k = atoi(c);
        if (k >= x->nout) return ptx_error(x, "the tied operand '%s'", c);
        LLVMBuildStore(x->b, v, x->op_slot[k]);
        continue;
      }
      if (!strchr("rlhfdnc", c[0]) || c[1]) return ptx_error(x, "the operand constraint '%s'", c);
      t = LLVMTypeOf(v);
      x->op_arg[index] = v;
      x->nargs++;
    }
    if (out && !strchr("rlhfdc", c[0])) return ptx_error(x, "the operand constraint '%s'", c);
    x->op_type[index] = t;
    x->op_slot[index] = ptx_new_slot(x, t);
    if (!out) LLVMBuildStore(x->b, x->op_arg[index], x->op_slot[index]);
    index++;
  }
  if ((unsigned)x->nout != nres) return ptx_error(x, "the outputs of an %s statement", "asm");
  return 1;
}

/* Move the instructions before the asm call into a block of their own
 * before its block (predecessors now branch there), so the asm's code can
 * have blocks between the two. */
static void split_before(ptx_xlate *x) {
  LLVMBasicBlockRef orig = LLVMGetInstructionParent(x->call);
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(x->ctx->llctx, orig, "asm.head");
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(x->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (!term || bb == head) continue;
    for (unsigned k = 0, n = LLVMGetNumSuccessors(term); k < n; k++)
      if (LLVMGetSuccessor(term, k) == orig) LLVMSetSuccessor(term, k, head);
  }
  LLVMBuilderRef mover = LLVMCreateBuilderInContext(x->ctx->llctx);
  LLVMPositionBuilderAtEnd(mover, head);
  for (LLVMValueRef i = LLVMGetFirstInstruction(orig), next; i != x->call; i = next) {
    next = LLVMGetNextInstruction(i);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(mover, i);
  }
  LLVMDisposeBuilder(mover);
  x->tail = orig;
  LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(x->ctx->llctx, orig, "asm.body");
  LLVMPositionBuilderAtEnd(x->b, head);
  LLVMBuildBr(x->b, body);
  LLVMPositionBuilderAtEnd(x->b, body);
}

static int needs_blocks(const ptx_program *prog) {
  for (int s = 0; s < prog->count; s++)
    if (prog->stmts[s].pred[0] || prog->stmts[s].kind == PTX_LABEL_DEF ||
        (prog->stmts[s].kind == PTX_INSTR && !strcmp(prog->stmts[s].parts[0], "exit")) ||
        (prog->stmts[s].kind == PTX_INSTR && !strcmp(prog->stmts[s].parts[0], "cp") &&
         prog->stmts[s].noperands == 4))
      return 1;
  return 0;
}

static void lower_one(msl_ctx *ctx, LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  size_t len, clen;
  const char *text = LLVMGetInlineAsmAsmString(callee, &len);
  const char *constraints = LLVMGetInlineAsmConstraintString(callee, &clen);
  ptx_xlate x = {.ctx = ctx,
                 .call = call,
                 .fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)),
                 .side_effects = LLVMGetInlineAsmHasSideEffects(callee)};
  char *copy = malloc(len + 1), message[256] = "";
  if (!copy) abort();
  memcpy(copy, text, len);
  copy[len] = 0;
  ptx_program prog = {0};
  if (!ptx_parse(copy, &prog, message, sizeof message)) {
    for (char *c = message; *c; c++) /* operands as the user wrote them */
      if (c[0] == '$' && c[1] >= '0' && c[1] <= '9') *c = '%';
    diag_error(ctx, call, "cannot translate inline PTX: %s", message);
    ptx_free(&prog);
    free(copy);
    return;
  }
  x.b = LLVMCreateBuilderInContext(ctx->llctx);
  x.entry = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMSetCurrentDebugLocation2(x.b, LLVMInstructionGetDebugLoc(call));
  if (needs_blocks(&prog))
    x.cfg = 1, split_before(&x);
  else
    LLVMPositionBuilderBefore(x.b, call);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(x.fn);
  LLVMPositionBuilderBefore(x.entry, LLVMGetFirstInstruction(entry));
  x.carry = ptx_new_slot(&x, LLVMInt1TypeInContext(ctx->llctx));
  for (int s = 0; s < prog.count; s++)
    if (prog.stmts[s].kind == PTX_LABEL_DEF && x.nlabels < 64 &&
        !label_block(&x, prog.stmts[s].label)) {
      snprintf(x.labels[x.nlabels].name, PTX_NAME, "%s", prog.stmts[s].label);
      x.labels[x.nlabels++].block = ptx_new_block(&x, "asm.label");
    }
  int ok = bind_operands(&x, constraints, clen) && translate(&x, &prog);
  if (ok) {
    if (x.cfg) {
      LLVMBuildBr(x.b, x.tail);
      LLVMPositionBuilderBefore(x.b, call);
    }
    LLVMValueRef result = NULL;
    LLVMTypeRef rt = LLVMTypeOf(call);
    if (x.nout == 1 && LLVMGetTypeKind(rt) != LLVMStructTypeKind)
      result = LLVMBuildLoad2(x.b, x.op_type[0], x.op_slot[0], "");
    else if (x.nout) {
      result = LLVMGetUndef(rt);
      for (int k = 0; k < x.nout; k++)
        result = LLVMBuildInsertValue(
            x.b, result, LLVMBuildLoad2(x.b, x.op_type[k], x.op_slot[k], ""), (unsigned)k, "");
    }
    lower_replace(call, result);
  }
  LLVMDisposeBuilder(x.b);
  LLVMDisposeBuilder(x.entry);
  free(x.regs);
  ptx_free(&prog);
  free(copy);
}

int lower_asm(msl_ctx *ctx) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        if (!LLVMIsACallInst(i) || !LLVMIsAInlineAsm(LLVMGetCalledValue(i))) continue;
        lower_one(ctx, i);
        if (ctx->failed) return 0;
        /* the asm may have split its block: go on after it, in the block it is now in */
        bb = next ? LLVMGetInstructionParent(next) : bb;
      }
  /* The software named barriers (ptx_sync.c) keep their state in threadgroup memory,
   * which nothing zeroes: each kernel that reaches one starts with __anchor_bar_init(),
   * a block barrier after the zeroing (every thread starts there). */
  static const char *const barrier[] = {PTX_NAMED_BARRIER, NULL};
  lower_start_kernels_reaching(ctx, barrier, PTX_NAMED_BARRIER_INIT);
  return 1;
}
