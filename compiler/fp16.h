/* fp16.h — IEEE binary16 conversion: the one float->half the backend has,
 * used for half constants in code (operand.c) and in initialisers of device
 * variables (module.c). No LLVM here, so it is tested alone
 * (tests/compiler/test_fp16.c). */
#ifndef ANCHOR_FP16_H
#define ANCHOR_FP16_H

/* The binary16 bits of d rounded to nearest, ties to even (IEEE 754
 * convertFormat): overflow gives infinity, tiny values subnormals or zero,
 * signs are kept (-0 included), a NaN stays a quiet NaN with its sign and
 * the top 9 bits of its payload. Pure function: thread-safe, no errors. */
unsigned fp16_from_double(double d);

#endif
