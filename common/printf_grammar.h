/* common/printf_grammar.h — one conversion of CUDA's device printf grammar, for the two
 * walks of a format that must agree argument for argument: the compiler's, for a
 * constant format (compiler/lower_libcalls.c), and the device library's, for a format
 * chosen at run time (devlib/printf.cu). Plain C that CUDA C++ compiles as device code
 * too; header only, no state. (The host's formatter, runtime/printf_format.c, reads the
 * record's arguments in C's own grammar, as CUDA's host side does.) */
#ifndef ANCHOR_COMMON_PRINTF_GRAMMAR_H
#define ANCHOR_COMMON_PRINTF_GRAMMAR_H

#ifdef __CUDACC__
#define AC_PRINTF_FN __device__ static inline
#else
#define AC_PRINTF_FN static inline
#endif

/* What one conversion consumes: type is 0 when it consumes nothing ("%%", or a
 * conversion outside the grammar), else its type character; star whether an int width
 * argument comes first; bytes the value's size in the argument buffer (4 or 8). */
typedef struct {
  char type;
  unsigned char star, bytes;
} ac_printf_conversion;

/* Reads the conversion at p, the character after its '%'. The grammar is the
 * Programming Guide's %[flags][width][.precision][size]type: flags of "-+ #0", width `*`
 * or digits, precision digits only (no `.*`), size h, l or ll (L j z t read too), type
 * one of diuxXoc, fFeEgGaA, p, s; "%%" a literal %. A conversion outside it consumes no
 * argument, its `*` neither ("%hhd" and "%.*f" took none on an H200, nvcc 13.0,
 * 2026-12-01). Fills *c; returns the character after the conversion, or 0 (a null
 * pointer) when the format ends inside it. */
AC_PRINTF_FN const char *ac_printf_read_conversion(const char *p, ac_printf_conversion *c) {
  c->type = 0, c->star = 0, c->bytes = 0;
  if (*p == '%') return p + 1;
  while (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0')
    p++;
  int star = *p == '*';
  if (star)
    p++;
  else
    while (*p >= '0' && *p <= '9')
      p++;
  if (*p == '.')
    for (p++; *p >= '0' && *p <= '9'; p++)
      ;
  unsigned bytes = 4; /* h and none: an int, as promoted */
  if (*p == 'h' || *p == 'L')
    p++;
  else if (*p == 'l' || *p == 'j' || *p == 'z' || *p == 't') {
    bytes = 8;
    if (*p++ == 'l' && *p == 'l') p++;
  }
  char t = *p;
  if (!t) return 0;
  p++;
  int integer = t == 'd' || t == 'i' || t == 'u' || t == 'x' || t == 'X' || t == 'o' || t == 'c';
  int real =
      t == 'f' || t == 'F' || t == 'e' || t == 'E' || t == 'g' || t == 'G' || t == 'a' || t == 'A';
  if (!(integer || real || t == 'p' || t == 's')) return p;
  c->type = t;
  c->star = (unsigned char)star;
  c->bytes = (unsigned char)(t == 'c' ? 4 : integer ? bytes : 8);
  return p;
}

#endif
