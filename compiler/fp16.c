/* fp16.c — double to IEEE binary16 bits, rounded to nearest even, in
 * integer arithmetic (the host's own conversion may not exist, or may round
 * twice through float). */
#include "fp16.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

/* m >> shift rounded to nearest, ties to even (0 < shift < 64). */
static uint64_t round_shift(uint64_t m, unsigned shift) {
  assert(shift > 0 && shift < 64);
  uint64_t q = m >> shift, rem = m & ((UINT64_C(1) << shift) - 1);
  uint64_t half = UINT64_C(1) << (shift - 1);
  return q + (rem > half || (rem == half && (q & 1)));
}

unsigned fp16_from_double(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  unsigned sign = (unsigned)(b >> 48) & 0x8000u;
  int exp = (int)((b >> 52) & 0x7ff);
  uint64_t man = b & ((UINT64_C(1) << 52) - 1);
  if (exp == 0x7ff) /* inf; NaN: quiet, payload's top bits */
    return sign | 0x7c00u | (man ? 0x200u | (unsigned)(man >> 42) : 0);
  if (exp == 0) return sign; /* zero or a double subnormal: far below half's range */
  int e = exp - 1023;
  if (e > 15) return sign | 0x7c00u;
  uint64_t m = man | UINT64_C(1) << 52; /* value = m * 2^(e - 52) */
  if (e >= -14) {
    /* 11 significant bits; a carry out of them bumps the exponent, up to
     * infinity (0x7c00) when it overflows. */
    uint64_t q = round_shift(m, 42);
    return sign | (((unsigned)(e + 14) << 10) + (unsigned)q);
  }
  /* subnormal: units of 2^-24; q == 0x400 is the smallest normal */
  unsigned shift = (unsigned)(28 - e);
  return shift > 60 ? sign : sign | (unsigned)round_shift(m, shift);
}
