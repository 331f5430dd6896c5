/* anchor/math/integer.h — part of anchor/math_functions.h: integer intrinsics (devlib/integer.cu).
 */
#ifndef ANCHOR_MATH_INTEGER_H
#define ANCHOR_MATH_INTEGER_H

ANCHOR_DEVLIB unsigned int __anchor_brev(unsigned int x);
ANCHOR_DEVLIB unsigned long long __anchor_brevll(unsigned long long x);
ANCHOR_DEVLIB unsigned int __anchor_byte_perm(unsigned int x, unsigned int y, unsigned int s);

/* The bits of x in reverse order. */
ANCHOR_MATH unsigned int __brev(unsigned int x) {
  return __anchor_brev(x);
}
ANCHOR_MATH unsigned long long __brevll(unsigned long long x) {
  return __anchor_brevll(x);
}
/* Byte n of the result is byte s<4n+2:4n> of the 8 bytes y:x (x<7:0> is byte 0,
 * y<31:24> byte 7); the other bits of s are ignored. */
ANCHOR_MATH unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  return __anchor_byte_perm(x, y, s);
}

#endif
