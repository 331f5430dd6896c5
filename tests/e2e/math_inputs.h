// math_inputs.h — the float inputs of the math_* end-to-end tests: special
// values (signed zeros, the smallest and largest subnormals and normals,
// powers of two and their neighbours, infinities, NaN), a dense sweep of
// [1, 4) (every float of one binade pair at a fixed stride) and random bit
// patterns (xorshift, fixed seed: runs are reproducible). Host only.
#ifndef MATH_INPUTS_H
#define MATH_INPUTS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline float math_bits_float(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline uint32_t math_float_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline uint32_t math_xorshift(uint32_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

// Fills a malloc'd array (returned, *n its length) with the inputs; `nrandom`
// random bit patterns, `nsweep` floats stepping through [1, 4).
static inline float *math_inputs(unsigned nrandom, unsigned nsweep, uint32_t seed, unsigned *n) {
  static const uint32_t special[] = {
      0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x00000002u, 0x007fffffu, 0x807fffffu,
      0x00400000u, 0x00800000u, 0x80800000u, 0x00800001u, 0x3f800000u, 0xbf800000u, 0x3f800001u,
      0x3f7fffffu, 0x40000000u, 0x40400000u, 0x40800000u, 0x3effffffu, 0x7f7fffffu, 0xff7fffffu,
      0x7f000000u, 0x7e800000u, 0x7e800001u, 0x7e7fffffu, 0x02800000u, 0x01000000u, 0x7f800000u,
      0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x3fb504f3u, 0x3fb504f4u, 0x4b000000u,
      0x4b7fffffu, 0x33800000u, 0x34000000u, 0x5f3759dfu, 0x1f800000u, 0x21800000u, 0x60000000u};
  unsigned nspecial = sizeof special / sizeof *special;
  float *v = (float *)malloc(sizeof(float) * (nspecial + nsweep + nrandom));
  unsigned k = 0;
  for (unsigned i = 0; i < nspecial; i++)
    v[k++] = math_bits_float(special[i]);
  uint32_t lo = 0x3f800000u, hi = 0x40800000u; // [1, 4)
  for (unsigned i = 0; i < nsweep; i++)
    v[k++] = math_bits_float(lo + (uint32_t)((uint64_t)(hi - lo) * i / nsweep));
  uint32_t s = seed;
  for (unsigned i = 0; i < nrandom; i++)
    v[k++] = math_bits_float(math_xorshift(&s));
  *n = k;
  return v;
}

// The distance between a and b in units in the last place of the float
// nearest ref (the double-precision reference): |a - ref| / ulp(ref).
static inline double math_ulp_error(float a, double ref) {
  double r = ref < 0 ? -ref : ref;
  int e;
  frexp(r, &e); // r = m * 2^e, m in [0.5, 1): ulp is 2^(e-24), at least 2^-149
  double ulp = ldexp(1.0, (e - 24) < -149 ? -149 : e - 24);
  double d = (double)a - ref;
  return (d < 0 ? -d : d) / ulp;
}

#endif
