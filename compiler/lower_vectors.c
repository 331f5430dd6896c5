/* lower_vectors.c — vector loads and stores, one element at a time (an
 * IR->IR pass that pipeline_run runs just before LLVM's scalarizer).
 *
 * MSL code reads and writes device memory one scalar at a time, so vector
 * loads and stores are split into one per element. LLVM's scalarizer does
 * that only under the option -scalarize-load-store, which LLVM 19 takes from
 * the process-wide command line alone (pipeline text "scalarizer<load-store>"
 * arrives with LLVM 20): setting it would change every scalarizer that runs
 * later in the process, the library's users' included. So the split is done
 * by this pass, just before the scalarizer, the way the scalarizer would do it: the
 * element pointers are GEPs placed right after the pointer's definition (at
 * the top of the entry block for an argument), the element accesses take the
 * vector access's place, alignment, debug location and memory metadata. The
 * scalarizer then sees through the insertelement chains (loads) and replaces
 * the extractelements (stores) by the scalars it made, so the IR it leaves
 * is the one the option gave. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* calloc/realloc that never return NULL: out of memory, there is nothing
 * sensible to report. */
static void *alloc_zeroed(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p) abort();
  return p;
}
static void *grow(void *p, size_t size) {
  p = realloc(p, size);
  if (!p) abort();
  return p;
}

typedef struct pointer_split {
  LLVMValueRef pointer;
  LLVMTypeRef element;
  LLVMValueRef *parts; /* parts[i] addresses element i; parts[0] = pointer */
  unsigned count;
  LLVMValueRef insert_before; /* where the GEPs go, fixed when first made */
} pointer_split;

typedef struct split_state {
  msl_ctx *ctx;
  LLVMBuilderRef builder;
  pointer_split *splits; /* element pointers made so far, reused per pointer */
  unsigned nsplits;
} split_state;

/* The memory metadata the scalarizer copies to the element accesses. */
static int is_transferable_metadata(msl_ctx *ctx, unsigned kind) {
  static const char *const names[] = {"tbaa",
                                      "fpmath",
                                      "tbaa.struct",
                                      "invariant.load",
                                      "alias.scope",
                                      "noalias",
                                      "llvm.mem.parallel_loop_access",
                                      "llvm.access.group"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (kind == LLVMGetMDKindIDInContext(ctx->llctx, names[i], (unsigned)strlen(names[i])))
      return 1;
  return 0;
}

static void copy_memory_metadata(msl_ctx *ctx, LLVMValueRef from, LLVMValueRef to) {
  size_t count = 0;
  LLVMValueMetadataEntry *entries = LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &count);
  for (unsigned i = 0; i < count; i++) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, i);
    if (is_transferable_metadata(ctx, kind))
      LLVMSetMetadata(
          to, kind,
          LLVMMetadataAsValue(ctx->llctx, LLVMValueMetadataEntriesGetMetadata(entries, i)));
  }
  if (entries) LLVMDisposeValueMetadataEntries(entries);
}

/* "<name of v><suffix><index>", in buf (size bytes). */
static const char *part_name(char *buf, size_t size, LLVMValueRef v, const char *suffix,
                             unsigned index) {
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  snprintf(buf, size, "%.*s%s%u", (int)len, name, suffix, index);
  return buf;
}

/* Where the scalarizer puts the scattered form of v: right after its
 * definition (past phis and debug intrinsics), at the top of the entry block
 * for an argument, and just before `use` for a constant. */
static LLVMValueRef scatter_point(LLVMValueRef v, LLVMValueRef use) {
  if (LLVMIsAArgument(v)) {
    LLVMValueRef fn = LLVMGetParamParent(v);
    return LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  }
  if (!LLVMIsAInstruction(v)) return use;
  LLVMValueRef next = LLVMGetNextInstruction(v);
  while (next && (LLVMIsAPHINode(next) || LLVMIsADbgInfoIntrinsic(next)))
    next = LLVMGetNextInstruction(next);
  assert(next && "a value-defining instruction is never last in its block");
  return next;
}

/* The element pointers of the vector at `pointer`, made once per (pointer,
 * element type) and function, as the scalarizer caches them. Called before
 * anything is inserted for `use`, so that the insertion point is the one the
 * scalarizer computes when it starts on that access. */
static pointer_split *split_pointer(split_state *st, LLVMValueRef pointer, LLVMTypeRef element,
                                    unsigned count, LLVMValueRef use) {
  for (unsigned k = 0; k < st->nsplits; k++)
    if (st->splits[k].pointer == pointer && st->splits[k].element == element) {
      assert(st->splits[k].count == count);
      return &st->splits[k];
    }
  st->splits = grow(st->splits, (st->nsplits + 1) * sizeof *st->splits);
  pointer_split *split = &st->splits[st->nsplits++];
  *split = (pointer_split){pointer, element, alloc_zeroed(count, sizeof *split->parts), count,
                           scatter_point(pointer, use)};
  split->parts[0] = pointer;
  return split;
}

/* The address of element i, made on first use right before the split's
 * insertion point. */
static LLVMValueRef element_pointer(split_state *st, pointer_split *split, unsigned i) {
  assert(i < split->count);
  if (!split->parts[i]) {
    char name[256];
    LLVMBuilderRef b = LLVMCreateBuilderInContext(st->ctx->llctx);
    LLVMPositionBuilderBefore(b, split->insert_before);
    LLVMValueRef index = LLVMConstInt(LLVMInt32TypeInContext(st->ctx->llctx), i, 0);
    split->parts[i] = LLVMBuildGEP2(b, split->element, split->pointer, &index, 1,
                                    part_name(name, sizeof name, split->pointer, ".i", i));
    LLVMDisposeBuilder(b);
  }
  return split->parts[i];
}

/* True for a load/store of a value of `type` that is split: a non-atomic
 * access of a fixed vector of whole-byte elements. The scalarizer would
 * split only simple ones; a volatile one is split here too, each element
 * access volatile (PTX's memory model treats a vector access as accesses of
 * its elements, in no specified order, and MSL has no volatile vectors in
 * device memory that Anchor could use). */
static int is_splittable(msl_ctx *ctx, LLVMValueRef access, LLVMTypeRef type) {
  if (LLVMGetTypeKind(type) != LLVMVectorTypeKind) return 0;
  if (LLVMGetOrdering(access) != LLVMAtomicOrderingNotAtomic) return 0;
  LLVMTypeRef element = LLVMGetElementType(type);
  return LLVMSizeOfTypeInBits(ctx->layout, element) ==
         8 * LLVMStoreSizeOfType(ctx->layout, element);
}

/* The alignment of element i: the largest power of two dividing both the
 * vector's alignment and the element's offset. */
static unsigned element_alignment(msl_ctx *ctx, LLVMValueRef access, LLVMTypeRef element,
                                  unsigned i) {
  unsigned long long align = LLVMGetAlignment(access);
  assert(align && "LLVM 19 IR gives every load and store an alignment");
  unsigned long long bits = align | (i * LLVMStoreSizeOfType(ctx->layout, element));
  return (unsigned)(bits & (~bits + 1));
}

static void split_load(split_state *st, LLVMValueRef load) {
  LLVMTypeRef type = LLVMTypeOf(load);
  LLVMTypeRef element = LLVMGetElementType(type);
  unsigned count = LLVMGetVectorSize(type);
  LLVMValueRef pointer = LLVMGetOperand(load, 0);
  LLVMValueRef vector = LLVMGetPoison(type);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(st->ctx->llctx);
  pointer_split *split = split_pointer(st, pointer, element, count, load);
  LLVMPositionBuilderBefore(st->builder, load);
  LLVMValueRef *parts = alloc_zeroed(count, sizeof *parts);
  char name[256];
  for (unsigned i = 0; i < count; i++) {
    LLVMValueRef at = element_pointer(st, split, i);
    parts[i] =
        LLVMBuildLoad2(st->builder, element, at, part_name(name, sizeof name, load, ".i", i));
    LLVMSetAlignment(parts[i], element_alignment(st->ctx, load, element, i));
    LLVMSetVolatile(parts[i], LLVMGetVolatile(load));
    copy_memory_metadata(st->ctx, load, parts[i]);
  }
  for (unsigned i = 0; i < count; i++)
    vector = LLVMBuildInsertElement(st->builder, vector, parts[i], LLVMConstInt(i64, i, 0),
                                    part_name(name, sizeof name, load, ".upto", i));
  free(parts);
  size_t len;
  const char *load_name = LLVMGetValueName2(load, &len);
  char *kept = alloc_zeroed(len + 1, 1);
  memcpy(kept, load_name, len);
  LLVMSetValueName2(load, "", 0);
  LLVMSetValueName2(vector, kept, len);
  free(kept);
  LLVMReplaceAllUsesWith(load, vector);
  LLVMInstructionEraseFromParent(load);
}

static void split_store(split_state *st, LLVMValueRef store) {
  LLVMValueRef value = LLVMGetOperand(store, 0), pointer = LLVMGetOperand(store, 1);
  LLVMTypeRef type = LLVMTypeOf(value);
  LLVMTypeRef element = LLVMGetElementType(type);
  unsigned count = LLVMGetVectorSize(type);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(st->ctx->llctx);
  pointer_split *split = split_pointer(st, pointer, element, count, store);
  char name[256];
  for (unsigned i = 0; i < count; i++) {
    LLVMPositionBuilderBefore(st->builder, store);
    LLVMValueRef part = LLVMBuildExtractElement(st->builder, value, LLVMConstInt(i64, i, 0),
                                                part_name(name, sizeof name, value, ".i", i));
    LLVMValueRef at = element_pointer(st, split, i);
    LLVMPositionBuilderBefore(st->builder, store);
    LLVMValueRef s = LLVMBuildStore(st->builder, part, at);
    LLVMSetAlignment(s, element_alignment(st->ctx, store, element, i));
    LLVMSetVolatile(s, LLVMGetVolatile(store));
    copy_memory_metadata(st->ctx, store, s);
  }
  LLVMInstructionEraseFromParent(store);
}

/* The blocks of fn reachable from its entry, in reverse post-order (the
 * order the scalarizer visits them in); *count receives how many. The
 * array is malloc'd; the caller frees it. */
static LLVMBasicBlockRef *reverse_post_order(LLVMValueRef fn, unsigned *count) {
  unsigned n = LLVMCountBasicBlocks(fn), done = 0, depth = 0;
  LLVMBasicBlockRef *order = alloc_zeroed(n, sizeof *order);
  LLVMBasicBlockRef *stack = alloc_zeroed(n, sizeof *stack);
  unsigned *next_successor = alloc_zeroed(n, sizeof *next_successor);
  ptrmap visited = {0};
  stack[depth++] = LLVMGetEntryBasicBlock(fn);
  ptrmap_set(&visited, stack[0], 1);
  while (depth) {
    LLVMBasicBlockRef bb = stack[depth - 1];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
    if (next_successor[depth - 1] < nsucc) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(term, next_successor[depth - 1]++);
      if (ptrmap_get(&visited, succ, 0)) continue;
      ptrmap_set(&visited, succ, 1);
      assert(depth < n);
      next_successor[depth] = 0;
      stack[depth++] = succ;
    } else {
      order[done++] = bb;
      depth--;
    }
  }
  for (unsigned i = 0; i < done / 2; i++) {
    LLVMBasicBlockRef t = order[i];
    order[i] = order[done - 1 - i];
    order[done - 1 - i] = t;
  }
  ptrmap_free(&visited);
  free(stack);
  free(next_successor);
  *count = done;
  return order;
}

static void split_function(split_state *st, LLVMValueRef fn) {
  unsigned nblocks;
  LLVMBasicBlockRef *blocks = reverse_post_order(fn, &nblocks);
  for (unsigned b = 0; b < nblocks; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(blocks[b]), next; i; i = next) {
      next = LLVMGetNextInstruction(i);
      if (LLVMIsALoadInst(i) && is_splittable(st->ctx, i, LLVMTypeOf(i)))
        split_load(st, i);
      else if (LLVMIsAStoreInst(i) && is_splittable(st->ctx, i, LLVMTypeOf(LLVMGetOperand(i, 0))))
        split_store(st, i);
    }
  free(blocks);
  for (unsigned k = 0; k < st->nsplits; k++)
    free(st->splits[k].parts);
  st->nsplits = 0;
}

/* Every simple vector load and store of the module's functions becomes one
 * per element (see above). Cannot fail: returns 1. */
int lower_vector_memory(msl_ctx *ctx) {
  split_state st = {ctx, LLVMCreateBuilderInContext(ctx->llctx), NULL, 0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn)) split_function(&st, fn);
  free(st.splits);
  LLVMDisposeBuilder(st.builder);
  return 1;
}

/* ---- after LLVM's load-store vectorizer (passes.c, pipeline_vectorize) ----
 * The emitter spells a vector access as one MSL vector access (float4, uint2,
 * ushort4, ulong2 for doubles ...): 2 or 4 elements of an integer of 8 to 64
 * bits, half, float or double. The vectorizer may also make 3-element vectors
 * (MSL's float3 occupies 16 bytes: not CUDA's 12), vectors of 8 or 16 small
 * elements (MSL has none) and vectors of pointers: those are split here, into
 * 4-element pieces or elements. The vectorizer's loads are used only by
 * extractelements of constant index, its stored values are insertelement
 * chains or constants. */

/* The elements of the MSL vector a piece of `type` may be: 4, 2 or 1. */
static unsigned msl_piece(LLVMTypeRef type) {
  LLVMTypeRef element = LLVMGetElementType(type);
  unsigned n = LLVMGetVectorSize(type), bits = msl_int_bits(element);
  LLVMTypeKind kind = LLVMGetTypeKind(element);
  int typed = (bits >= 8 && bits <= 64 && !(bits & (bits - 1))) || kind == LLVMHalfTypeKind ||
              kind == LLVMFloatTypeKind || kind == LLVMDoubleTypeKind;
  if (!typed || n % 2 || n > 16) return 1;
  return n % 4 == 0 ? 4 : 2;
}

/* Element k of the vector value v (an insertelement chain, a constant), or NULL. */
static LLVMValueRef vector_element(LLVMValueRef v, unsigned k) {
  while (LLVMIsAInsertElementInst(v)) {
    LLVMValueRef index = LLVMGetOperand(v, 2);
    if (!LLVMIsAConstantInt(index)) return NULL;
    if (LLVMConstIntGetZExtValue(index) == k) return LLVMGetOperand(v, 1);
    v = LLVMGetOperand(v, 0);
  }
  if (LLVMIsUndef(v) || LLVMIsPoison(v)) return LLVMGetPoison(LLVMGetElementType(LLVMTypeOf(v)));
  if (LLVMIsAConstant(v)) return LLVMGetAggregateElement(v, k);
  return NULL;
}

static LLVMTypeRef piece_type(LLVMTypeRef type, unsigned piece) {
  LLVMTypeRef element = LLVMGetElementType(type);
  return piece == 1 ? element : LLVMVectorType(element, piece);
}

static int legalize_load(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef load, unsigned piece) {
  LLVMTypeRef type = LLVMTypeOf(load);
  unsigned n = LLVMGetVectorSize(type),
           size = (unsigned)LLVMStoreSizeOfType(ctx->layout, LLVMGetElementType(type));
  for (LLVMUseRef u = LLVMGetFirstUse(load); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAExtractElementInst(user) || !LLVMIsAConstantInt(LLVMGetOperand(user, 1)))
      return diag_error(ctx, load, "internal error: a vector load used other than by its elements");
  }
  LLVMValueRef pieces[16];
  LLVMPositionBuilderBefore(b, load);
  for (unsigned p = 0; p < n / piece; p++) {
    LLVMValueRef at = lower_byte_pointer(ctx, b, LLVMGetOperand(load, 0), p * piece * size);
    pieces[p] = LLVMBuildLoad2(b, piece_type(type, piece), at, "");
    LLVMSetAlignment(pieces[p], element_alignment(ctx, load, LLVMGetElementType(type), p * piece));
    LLVMInstructionSetDebugLoc(pieces[p], LLVMInstructionGetDebugLoc(load));
    copy_memory_metadata(ctx, load, pieces[p]);
  }
  for (LLVMUseRef u = LLVMGetFirstUse(load), next; u; u = next) {
    next = LLVMGetNextUse(u);
    LLVMValueRef user = LLVMGetUser(u);
    unsigned k = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(user, 1));
    LLVMValueRef v = pieces[k / piece];
    if (piece > 1) {
      LLVMPositionBuilderBefore(b, user);
      LLVMValueRef index = LLVMConstInt(LLVMInt32TypeInContext(ctx->llctx), k % piece, 0);
      v = LLVMBuildExtractElement(b, v, index, "");
    }
    lower_replace(user, v);
  }
  LLVMInstructionEraseFromParent(load);
  return 1;
}

/* Erases v and the insertelements that only fed it, once unused. */
static void erase_dead_chain(LLVMValueRef v) {
  while (v && LLVMIsAInsertElementInst(v) && !LLVMGetFirstUse(v)) {
    LLVMValueRef prev = LLVMGetOperand(v, 0);
    LLVMInstructionEraseFromParent(v);
    v = prev;
  }
}

static int legalize_store(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef store, unsigned piece) {
  LLVMValueRef value = LLVMGetOperand(store, 0);
  LLVMTypeRef type = LLVMTypeOf(value), element = LLVMGetElementType(type);
  unsigned n = LLVMGetVectorSize(type), size = (unsigned)LLVMStoreSizeOfType(ctx->layout, element);
  LLVMValueRef elements[16];
  for (unsigned k = 0; k < n; k++)
    if (!(elements[k] = vector_element(value, k)))
      return diag_error(ctx, store,
                        "internal error: a vector store of a value not built from elements");
  LLVMPositionBuilderBefore(b, store);
  for (unsigned p = 0; p < n / piece; p++) {
    LLVMValueRef v = elements[p * piece];
    if (piece > 1) {
      v = LLVMGetPoison(piece_type(type, piece));
      for (unsigned k = 0; k < piece; k++)
        v = LLVMBuildInsertElement(b, v, elements[p * piece + k],
                                   LLVMConstInt(LLVMInt32TypeInContext(ctx->llctx), k, 0), "");
    }
    LLVMValueRef at = lower_byte_pointer(ctx, b, LLVMGetOperand(store, 1), p * piece * size);
    LLVMValueRef s = LLVMBuildStore(b, v, at);
    LLVMSetAlignment(s, element_alignment(ctx, store, element, p * piece));
    LLVMInstructionSetDebugLoc(s, LLVMInstructionGetDebugLoc(store));
    copy_memory_metadata(ctx, store, s);
  }
  LLVMInstructionEraseFromParent(store);
  erase_dead_chain(value);
  return 1;
}

/* Every vector load and store MSL has no vector type for, in pieces it has
 * (see above). Returns 0 after an internal error. */
int lower_vector_legalize(msl_ctx *ctx) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMValueRef *found = NULL;
  size_t count = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int load = LLVMIsALoadInst(i) != NULL;
        if (!load && !LLVMIsAStoreInst(i)) continue;
        LLVMTypeRef type = LLVMTypeOf(load ? i : LLVMGetOperand(i, 0));
        if (LLVMGetTypeKind(type) != LLVMVectorTypeKind) continue;
        if (msl_piece(type) == LLVMGetVectorSize(type)) continue;
        found = grow(found, (count + 1) * sizeof *found);
        found[count++] = i;
      }
  int ok = 1;
  for (size_t k = 0; ok && k < count; k++) {
    int load = LLVMIsALoadInst(found[k]) != NULL;
    unsigned piece = msl_piece(LLVMTypeOf(load ? found[k] : LLVMGetOperand(found[k], 0)));
    ok = load ? legalize_load(ctx, b, found[k], piece) : legalize_store(ctx, b, found[k], piece);
  }
  free(found);
  LLVMDisposeBuilder(b);
  return ok;
}
