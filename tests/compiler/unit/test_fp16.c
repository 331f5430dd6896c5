/* test_fp16.c — compiler/fp16.c's double->binary16 conversion against the
 * host compiler's _Float16 conversions (libgcc's __truncdfhf2/__truncsfhf2:
 * one IEEE rounding): every half value round-trips, every tie between two
 * adjacent halves goes to the even one and its neighbours to the nearer,
 * floats on a stride over all 2^32 encodings and pseudo-random doubles
 * convert alike, NaNs keep sign and payload. Exit status 0 when all hold. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fp16.h"

static unsigned host_half(double d) {
  _Float16 h = (_Float16)d;
  uint16_t bits;
  memcpy(&bits, &h, 2);
  return bits;
}

static double half_value(unsigned bits) {
  uint16_t b = (uint16_t)bits;
  _Float16 h;
  memcpy(&h, &b, 2);
  return (double)h;
}

static int failures;

static void check(double d, unsigned want, const char *what) {
  unsigned got = fp16_from_double(d);
  if (got == want) return;
  if (failures++ < 10) printf("FAIL %s: %.17g -> 0x%04x, want 0x%04x\n", what, d, got, want);
}

int main(void) {
  for (unsigned h = 0; h < 0x10000; h++) {
    double d = half_value(h);
    if (isnan(d)) {
      check(d, h | 0x200u, "NaN keeps sign and payload, quiet"); /* qNaN or quieted sNaN */
      continue;
    }
    check(d, h, "exact half value");
    if ((h & 0x7fff) >= 0x7c00) continue;
    /* the tie between h and the next half of larger magnitude, and around it */
    double next = (h & 0x7fff) == 0x7bff ? copysign(65536.0, d) : half_value(h + 1);
    double mid = d + (next - d) / 2; /* exact: halves have 11 bits */
    unsigned even = (h & 1) ? h + 1 : h;
    check(mid, even, "tie to even");
    check(nextafter(mid, d), h, "just below the tie");
    check(nextafter(mid, 2 * next), h + 1, "just above the tie");
  }
  for (uint64_t k = 0; k < (UINT64_C(1) << 32); k += 251) {
    uint32_t bits = (uint32_t)k;
    float f;
    memcpy(&f, &bits, 4);
    if (!isnan(f)) check((double)f, host_half(f), "float");
  }
  uint64_t x = 0x9E3779B97F4A7C15u;
  for (int k = 0; k < 5000000; k++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    /* exponents around half's range: 2^-30 .. 2^18 */
    uint64_t bits = (x & 0x800FFFFFFFFFFFFFu) | (uint64_t)(1023 - 30 + (int)((x >> 53) % 48)) << 52;
    double d;
    memcpy(&d, &bits, 8);
    check(d, host_half(d), "double");
  }
  if (failures)
    printf("%d failures\n", failures);
  else
    printf("PASS: fp16\n");
  return failures != 0;
}
