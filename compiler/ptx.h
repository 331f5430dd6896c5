/* ptx.h — the PTX parser's interface (ptx_parse.c): the text of one inline
 * `asm` statement (as LLVM IR holds it: operands written $0..$n, %% already
 * a single %) as a list of statements lower_asm.c translates. Prefix ptx_.
 * The parser knows PTX's syntax only (statements, declarations, scopes,
 * labels, predicates, operands, the opcode's dot-separated parts); which
 * instructions and modifiers exist is the translation's business
 * (lower_asm.c and ptx_xlate.h's files). */
#ifndef ANCHOR_PTX_H
#define ANCHOR_PTX_H

enum { PTX_MAX_PARTS = 12, PTX_MAX_OPERANDS = 8, PTX_MAX_ELEMS = 8, PTX_NAME = 48 };

typedef enum ptx_operand_kind {
  PTX_REG,   /* %name (a register or a special register) or $k (asm operand k) */
  PTX_IMM,   /* integer literal: imm */
  PTX_FIMM,  /* float literal: fbits 32 (0fXXXXXXXX) or 64 (0dX..., or decimal) */
  PTX_ADDR,  /* [base+offset], [base], [offset]: base (a register, may be "") and imm */
  PTX_VEC,   /* {a, b, ...}: elems, each a PTX_REG, PTX_IMM or PTX_FIMM, or "_" (a sink) */
  PTX_LABEL, /* a bare name (a branch target) */
  PTX_SINK   /* _ */
} ptx_operand_kind;

typedef struct ptx_operand {
  ptx_operand_kind kind;
  char name[PTX_NAME]; /* PTX_REG / PTX_ADDR base / PTX_LABEL; "$3" for asm operand 3 */
  int negated;         /* !%p (a predicate operand of setp/selp/vote) */
  int pair;            /* PTX_REG written d|p: `name` is d, `name2` p */
  char name2[PTX_NAME];
  long long imm;                  /* PTX_IMM value, PTX_ADDR offset */
  double fvalue;                  /* PTX_FIMM decimal value */
  unsigned long long fbits_value; /* PTX_FIMM hex bits (when fbits) */
  int fbits;                      /* PTX_FIMM: 32 or 64 for hex literals, 0 for a decimal */
  int nelems;                     /* PTX_VEC */
  struct ptx_operand *elems;      /* PTX_VEC: nelems, owned by the statement list */
} ptx_operand;

typedef enum ptx_stmt_kind {
  PTX_INSTR,
  PTX_DECL,      /* .reg .TYPE names: parts[0] the type ("b32", "pred"...), operands the names
                  * (PTX_REG; imm > 0 for name<imm>: imm registers name0..name{imm-1}) */
  PTX_LABEL_DEF, /* name: */
  PTX_OPEN,      /* { */
  PTX_CLOSE      /* } */
} ptx_stmt_kind;

typedef struct ptx_stmt {
  ptx_stmt_kind kind;
  char text[160];      /* the statement's text, for messages (shortened) */
  char pred[PTX_NAME]; /* @p / @!p guard, "" when none */
  int pred_negated;
  char label[PTX_NAME]; /* PTX_LABEL_DEF */
  int nparts; /* opcode split at '.': parts[0] the name ("add"), then modifiers and types */
  char parts[PTX_MAX_PARTS][24];
  int noperands;
  ptx_operand operands[PTX_MAX_OPERANDS];
} ptx_stmt;

typedef struct ptx_program {
  ptx_stmt *stmts;
  int count, cap;
} ptx_program;

/* Parse `text` into prog (zeroed before; released with ptx_free even after
 * a failure). Returns 1, or 0 with a message (static or in `error`, size n)
 * naming the construct it could not read. Pure apart from allocation; out of
 * memory aborts. */
int ptx_parse(const char *text, ptx_program *prog, char *error, unsigned n);
void ptx_free(ptx_program *prog);

#endif
