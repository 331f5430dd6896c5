/* test_ptx_parse.c — compiler/ptx_parse.c alone (it is LLVM-free): the
 * statements, declarations, scopes, labels, guards, opcode parts and
 * operands it reads from asm strings as LLVM IR holds them ($k operands),
 * and the messages of what it cannot read. Exit status 0 when all hold. */
#include <stdio.h>
#include <string.h>

#include "ptx.h"

static int failures;

#define EXPECT(cond)                                                                               \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                       \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int parse(const char *text, ptx_program *p, char *error) {
  memset(p, 0, sizeof *p);
  return ptx_parse(text, p, error, 256);
}

static void statements(void) {
  ptx_program p;
  char error[256];
  EXPECT(parse("{ .reg .pred p, q; .reg .b32 r<3>;\n\tsetp.lt.u32 p|q, $1, 0x10; // c;\n"
               "@!p add.cc.u32 $0, r2, -5; /* c */ }",
               &p, error));
  EXPECT(p.count == 6);
  EXPECT(p.stmts[0].kind == PTX_OPEN && p.stmts[5].kind == PTX_CLOSE);
  const ptx_stmt *d = &p.stmts[1];
  EXPECT(d->kind == PTX_DECL && !strcmp(d->parts[0], "pred") && d->noperands == 2);
  EXPECT(!strcmp(d->operands[1].name, "q"));
  /* the second declaration is r<3>: three registers r0..r2 */
  EXPECT(p.stmts[2].kind == PTX_DECL && !strcmp(p.stmts[2].operands[0].name, "r") &&
         p.stmts[2].operands[0].imm == 3);
  ptx_stmt *s = &p.stmts[3];
  EXPECT(s->kind == PTX_INSTR && s->nparts == 3 && !strcmp(s->parts[0], "setp") &&
         !strcmp(s->parts[1], "lt") && !strcmp(s->parts[2], "u32"));
  EXPECT(s->noperands == 3 && s->operands[0].pair && !strcmp(s->operands[0].name, "p") &&
         !strcmp(s->operands[0].name2, "q"));
  EXPECT(s->operands[1].kind == PTX_REG && !strcmp(s->operands[1].name, "$1"));
  EXPECT(s->operands[2].kind == PTX_IMM && s->operands[2].imm == 16);
  s = &p.stmts[4];
  EXPECT(!strcmp(s->pred, "p") && s->pred_negated && !strcmp(s->parts[1], "cc"));
  EXPECT(s->operands[2].kind == PTX_IMM && s->operands[2].imm == -5);
  ptx_free(&p);
  EXPECT(parse(".reg .b32 r<3>;", &p, error) && p.stmts[0].operands[0].imm == 3);
  ptx_free(&p);
}

static void operands(void) {
  ptx_program p;
  char error[256];
  EXPECT(
      parse("ld.global.nc.v4.f32 {$0, $1, _, $3}, [$4+-16]; st.shared.u32 [%r], 0f3F800000;"
            "mov.f64 $0, 0dBFF0000000000000; mov.u32 $0, 0b101; mov.u32 $0, 017; mov.f32 $0, 1.5e3;"
            "$L1: bra.uni $L1; mov.u32 $0, %tid.x;",
            &p, error));
  EXPECT(p.count == 9);
  const ptx_stmt *s = &p.stmts[0];
  EXPECT(s->nparts == 5 && !strcmp(s->parts[3], "v4"));
  EXPECT(s->operands[0].kind == PTX_VEC && s->operands[0].nelems == 4 &&
         s->operands[0].elems[2].kind == PTX_SINK && !strcmp(s->operands[0].elems[3].name, "$3"));
  EXPECT(s->operands[1].kind == PTX_ADDR && !strcmp(s->operands[1].name, "$4") &&
         s->operands[1].imm == -16);
  s = &p.stmts[1];
  EXPECT(s->operands[0].kind == PTX_ADDR && !strcmp(s->operands[0].name, "%r") &&
         !s->operands[0].imm);
  EXPECT(s->operands[1].kind == PTX_FIMM && s->operands[1].fbits == 32 &&
         s->operands[1].fbits_value == 0x3F800000u);
  EXPECT(p.stmts[2].operands[1].fbits == 64 &&
         p.stmts[2].operands[1].fbits_value == 0xBFF0000000000000ull);
  EXPECT(p.stmts[3].operands[1].imm == 5 && p.stmts[4].operands[1].imm == 15);
  EXPECT(p.stmts[5].operands[1].kind == PTX_FIMM && !p.stmts[5].operands[1].fbits &&
         p.stmts[5].operands[1].fvalue == 1500.0);
  EXPECT(p.stmts[6].kind == PTX_LABEL_DEF && !strcmp(p.stmts[6].label, "$L1"));
  EXPECT(!strcmp(p.stmts[7].parts[0], "bra") && !strcmp(p.stmts[7].operands[0].name, "$L1"));
  EXPECT(!strcmp(p.stmts[8].operands[1].name, "%tid.x"));
  ptx_free(&p);
  /* comments, .pragma and empty statements leave nothing */
  EXPECT(parse("// only a comment\n ; ; .pragma \"nounroll\"; /* x */", &p, error) && p.count == 0);
  ptx_free(&p);
}

static void errors(void) {
  ptx_program p;
  char error[256];
  static const struct {
    const char *text, *message;
  } cases[] = {{".global .u32 g;", "the directive in '.global .u32 g' is not supported"},
               {"mov.u32 $0, [$1;", "cannot read the address '[$1'"},
               {"ld.u32 $0, [$1+$2];", "cannot read the address offset in '[$1+$2]'"},
               {"mov.u32 $0, 0f3F80;", "cannot read the operand '0f3F80'"},
               {"mov.u32 $0,;", "an empty operand"},
               {"@ mov.u32 $0, 1;", "cannot read the guard of '@ mov.u32 $0, 1'"},
               {".reg .b32 r<0>;", "cannot read the declaration '.reg .b32 r<0>'"}};
  for (unsigned k = 0; k < sizeof cases / sizeof *cases; k++) {
    int ok = parse(cases[k].text, &p, error);
    EXPECT(!ok);
    if (!ok && strcmp(error, cases[k].message)) {
      printf("FAIL: '%s': message '%s', want '%s'\n", cases[k].text, error, cases[k].message);
      failures++;
    }
    ptx_free(&p);
  }
}

int main(void) {
  statements();
  operands();
  errors();
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
