/* anchor/curand_core.h — cuRAND's generators and distributions, one implementation for
 * the three places that need them: curand_kernel.h (the device API, CUDA/HIP device
 * code), libcurand's kernels (device generation) and libcurand's host generators (C17).
 * Hence plain C with __host__ __device__ functions (empty keywords in C).
 *
 * Written for Anchor from the published algorithms (Marsaglia's xorwow, Salmon et al.'s
 * Philox4x32-10, L'Ecuyer's MRG32k3a) and NVIDIA's documented behaviour of cuRAND
 * (seeding, subsequence strides, output transforms), checked bit for bit against values
 * recorded from NVIDIA's cuRAND (tests/libraries/curand/, docs/curand.md). rocRAND's
 * device functions (Debian's librocrand-dev) are not cuRAND's sequences for these
 * generators (different seeding and transforms: docs/curand.md), so they are not used.
 *
 * The state structures have NVIDIA's names and layouts (programs allocate them, and
 * hipRAND's NVIDIA header aliases them).
 *
 * Skipping ahead is computed, not tabulated: XORWOW jumps by x^n mod P(x) with P the
 * characteristic polynomial of its xorshift (computed by
 * libraries/curand/tools/xorwow_charpoly.c, rechecked by the test curand.xorwow_charpoly),
 * MRG32k3a by powers of its 3x3 transition matrices modulo m1, m2. */
#ifndef ANCHOR_CURAND_CORE_H
#define ANCHOR_CURAND_CORE_H
#pragma GCC system_header

#include "qualifiers.h"
#include "vector_types.h"
#ifndef __CUDA__
#include <math.h>
#endif

#define ANCHOR_CURAND_FN static __inline__ __host__ __device__

/* cuRAND's constants (the values of its documentation; floats as cuRAND rounds them). */
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831855f)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define ANCHOR_MRG32K3A_M1 4294967087u
#define ANCHOR_MRG32K3A_M2 4294944443u
#define ANCHOR_MRG32K3A_NORM (2.3283065498378288e-10)
#define ANCHOR_MRG32K3A_BITS_NORM 1.000000048662

/* boxmuller_flag values: which distribution left a value in boxmuller_extra. */
#define ANCHOR_CURAND_EXTRA_NORMAL 1
#define ANCHOR_CURAND_EXTRA_LOG_NORMAL 2

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* ---- output transforms (cuRAND's: never 0, 1 included for floats) ---- */

ANCHOR_CURAND_FN float anchor_curand_uniform_bits(unsigned int x) {
  return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}
ANCHOR_CURAND_FN double anchor_curand_uniform_double_bits(unsigned int x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
/* 53 bits from two 32-bit values, as cuRAND combines them (x ^ y << 21). */
ANCHOR_CURAND_FN double anchor_curand_uniform_double_hq(unsigned int x, unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
  return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

/* Box–Muller's last step, shared by every generator: the radius sqrt(-2 ln u) times the
 * sine and cosine of the angle. On the device cuRAND uses __sincosf (and so does Anchor:
 * the device's fast sine/cosine, not bit-equal across GPUs); on the host sinf and cosf. */
ANCHOR_CURAND_FN float2 anchor_curand_polar(float u, float angle) {
  float2 result;
  float s = sqrtf(-2.0f * logf(u));
#ifdef __CUDA_ARCH__
  __sincosf(angle, &result.x, &result.y);
#else
  result.x = sinf(angle);
  result.y = cosf(angle);
#endif
  result.x *= s;
  result.y *= s;
  return result;
}

/* The same in double, the angle in half turns (sincospi on the device). */
ANCHOR_CURAND_FN double2 anchor_curand_polar_double(double u, double half_turns) {
  double2 result;
  double s = sqrt(-2.0 * log(u));
#ifdef __CUDA_ARCH__
  sincospi(half_turns, &result.x, &result.y);
#else
  result.x = sin(half_turns * CURAND_PI_DOUBLE);
  result.y = cos(half_turns * CURAND_PI_DOUBLE);
#endif
  result.x *= s;
  result.y *= s;
  return result;
}

/* Box–Muller on two 32-bit values. */
ANCHOR_CURAND_FN float2 anchor_curand_box_muller(unsigned int x, unsigned int y) {
  float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
  float v = y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2);
  return anchor_curand_polar(u, v);
}

ANCHOR_CURAND_FN double2 anchor_curand_box_muller_double(unsigned int x0, unsigned int x1,
                                                         unsigned int y0, unsigned int y1) {
  unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
  double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
  double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
  return anchor_curand_polar_double(u, v);
}

/* MRG32k3a's Box–Muller works on its uniform values (x, y in (0, 1]). */
ANCHOR_CURAND_FN float2 anchor_curand_box_muller_mrg(float x, float y) {
  return anchor_curand_polar(x, y * CURAND_2PI);
}

ANCHOR_CURAND_FN double2 anchor_curand_box_muller_mrg_double(double x, double y) {
  return anchor_curand_polar_double(x, y * 2.0);
}

/* ---- XORWOW ---- */

/* Coefficients of x^0..x^159 of P(x), the characteristic polynomial of the xorshift
 * (x^160's is 1): libraries/curand/tools/xorwow_charpoly.c. */
#define ANCHOR_XORWOW_CHARPOLY {0x00060001u, 0x08610030u, 0x00062121u, 0x0f3c0035u, 0x00000f0eu}

ANCHOR_CURAND_FN void anchor_xorwow_shift(unsigned int v[5]) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

ANCHOR_CURAND_FN unsigned int anchor_xorwow_next(curandStateXORWOW_t *state) {
  anchor_xorwow_shift(state->v);
  state->d += 362437;
  return state->v[4] + state->d;
}

/* r = r * r mod P, polynomials of degree < 160 in five words. */
ANCHOR_CURAND_FN void anchor_xorwow_poly_square(unsigned int r[5]) {
  const unsigned int p[5] = ANCHOR_XORWOW_CHARPOLY;
  unsigned int wide[10];
  for (int i = 0; i < 5; i++) { /* squaring over GF(2) spreads the bits */
    unsigned int lo = 0, hi = 0;
    for (int b = 0; b < 16; b++) {
      lo |= ((r[i] >> b) & 1u) << (2 * b);
      hi |= ((r[i] >> (b + 16)) & 1u) << (2 * b);
    }
    wide[2 * i] = lo;
    wide[2 * i + 1] = hi;
  }
  for (int k = 319; k >= 160; k--) { /* x^k = x^(k-160) * (P - x^160) */
    if (!((wide[k / 32] >> (k % 32)) & 1u)) continue;
    wide[k / 32] ^= 1u << (k % 32);
    int shift = k - 160;
    for (int w = 0; w < 5; w++) {
      if (!p[w]) continue;
      int bit = 32 * w + shift;
      wide[bit / 32] ^= p[w] << (bit % 32);
      if (bit % 32) wide[bit / 32 + 1] ^= p[w] >> (32 - bit % 32);
    }
  }
  for (int i = 0; i < 5; i++)
    r[i] = wide[i];
}

/* r = r * x mod P. */
ANCHOR_CURAND_FN void anchor_xorwow_poly_times_x(unsigned int r[5]) {
  const unsigned int p[5] = ANCHOR_XORWOW_CHARPOLY;
  unsigned int top = r[4] >> 31;
  for (int i = 4; i > 0; i--)
    r[i] = (r[i] << 1) | (r[i - 1] >> 31);
  r[0] <<= 1;
  if (top)
    for (int i = 0; i < 5; i++)
      r[i] ^= p[i];
}

/* r = x^n mod P, n = n[0] + n[1] 2^64 + n[2] 2^128. */
ANCHOR_CURAND_FN void anchor_xorwow_poly_power(const unsigned long long n[3], unsigned int r[5]) {
  r[0] = 1u;
  r[1] = r[2] = r[3] = r[4] = 0;
  for (int bit = 191; bit >= 0; bit--) {
    if (r[0] != 1u || r[1] | r[2] | r[3] | r[4]) /* squaring 1 is 1 */
      anchor_xorwow_poly_square(r);
    if ((n[bit / 64] >> (bit % 64)) & 1u) anchor_xorwow_poly_times_x(r);
  }
}

/* v = r(L) v, L the one-step map of the xorshift (Horner: acc = L(acc) + r_i v). */
ANCHOR_CURAND_FN void anchor_xorwow_poly_apply(const unsigned int r[5], unsigned int v[5]) {
  unsigned int acc[5] = {0, 0, 0, 0, 0};
  for (int i = 159; i >= 0; i--) {
    anchor_xorwow_shift(acc);
    if ((r[i / 32] >> (i % 32)) & 1u)
      for (int w = 0; w < 5; w++)
        acc[w] ^= v[w];
  }
  for (int w = 0; w < 5; w++)
    v[w] = acc[w];
}

/* Advances the xorshift words by n steps, n = n[0] + n[1] 2^64 + n[2] 2^128 (the
 * period is 2^160 - 1). The Weyl counter d is the caller's. */
ANCHOR_CURAND_FN void anchor_xorwow_jump(unsigned int v[5], const unsigned long long n[3]) {
  if (!n[1] && !n[2] && n[0] < 160) { /* short jumps: just step */
    for (unsigned int i = 0; i < (unsigned int)n[0]; i++)
      anchor_xorwow_shift(v);
    return;
  }
  unsigned int r[5];
  anchor_xorwow_poly_power(n, r);
  anchor_xorwow_poly_apply(r, v);
}

/* Advances by subsequence * 2^67 + offset values, as curand_init's skips do. */
ANCHOR_CURAND_FN void anchor_xorwow_skip(unsigned long long subsequence, unsigned long long offset,
                                         curandStateXORWOW_t *state) {
  unsigned long long n[3] = {offset, subsequence << 3, subsequence >> 61};
  anchor_xorwow_jump(state->v, n);
  state->d += 362437u * (unsigned int)offset; /* 2^67 steps move d by a multiple of 2^32 */
}

ANCHOR_CURAND_FN void anchor_xorwow_init(unsigned long long seed, unsigned long long subsequence,
                                         unsigned long long offset, curandStateXORWOW_t *state) {
  unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
  unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  anchor_xorwow_skip(subsequence, offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

/* ---- Philox4x32-10 ---- */

ANCHOR_CURAND_FN uint4 anchor_philox4x32_10(uint4 c, uint2 k) {
  for (int round = 0; round < 10; round++) {
    unsigned long long p0 = (unsigned long long)0xD2511F53u * c.x;
    unsigned long long p1 = (unsigned long long)0xCD9E8D57u * c.z;
    uint4 next = {(unsigned int)(p1 >> 32) ^ c.y ^ k.x, (unsigned int)p1,
                  (unsigned int)(p0 >> 32) ^ c.w ^ k.y, (unsigned int)p0};
    c = next;
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return c;
}

/* ctr += n (128-bit counter) */
ANCHOR_CURAND_FN void anchor_philox_counter_add(uint4 *ctr, unsigned long long n) {
  unsigned long long low = ((unsigned long long)ctr->y << 32 | ctr->x) + n;
  unsigned int carry = low < n;
  ctr->x = (unsigned int)low;
  ctr->y = (unsigned int)(low >> 32);
  if (carry && !++ctr->z) ++ctr->w;
}

ANCHOR_CURAND_FN void anchor_philox_skipahead(unsigned long long n, curandStatePhilox4_32_10_t *s) {
  s->STATE += (unsigned int)(n & 3);
  n /= 4;
  if (s->STATE > 3) {
    n += 1;
    s->STATE -= 4;
  }
  anchor_philox_counter_add(&s->ctr, n);
  s->output = anchor_philox4x32_10(s->ctr, s->key);
}

/* n subsequences of 2^66 values: the counter's high 64 bits. */
ANCHOR_CURAND_FN void anchor_philox_skipahead_sequence(unsigned long long n,
                                                       curandStatePhilox4_32_10_t *s) {
  unsigned long long high = ((unsigned long long)s->ctr.w << 32 | s->ctr.z) + n;
  s->ctr.z = (unsigned int)high;
  s->ctr.w = (unsigned int)(high >> 32);
  s->output = anchor_philox4x32_10(s->ctr, s->key);
}

ANCHOR_CURAND_FN void anchor_philox_init(unsigned long long seed, unsigned long long subsequence,
                                         unsigned long long offset, curandStatePhilox4_32_10_t *s) {
  uint4 zero = {0, 0, 0, 0};
  s->ctr = zero;
  s->key.x = (unsigned int)seed;
  s->key.y = (unsigned int)(seed >> 32);
  s->STATE = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
  anchor_philox_skipahead_sequence(subsequence, s);
  anchor_philox_skipahead(offset, s);
}

ANCHOR_CURAND_FN unsigned int anchor_philox_next(curandStatePhilox4_32_10_t *s) {
  unsigned int index = s->STATE++;
  unsigned int ret = index == 0   ? s->output.x
                     : index == 1 ? s->output.y
                     : index == 2 ? s->output.z
                                  : s->output.w;
  if (s->STATE == 4) {
    anchor_philox_counter_add(&s->ctr, 1);
    s->output = anchor_philox4x32_10(s->ctr, s->key);
    s->STATE = 0;
  }
  return ret;
}

/* Four values: the rest of the current block and the start of the next one. */
ANCHOR_CURAND_FN uint4 anchor_philox_next4(curandStatePhilox4_32_10_t *s) {
  uint4 old = s->output;
  anchor_philox_counter_add(&s->ctr, 1);
  s->output = anchor_philox4x32_10(s->ctr, s->key);
  unsigned int all[8] = {old.x,       old.y,       old.z,       old.w,
                         s->output.x, s->output.y, s->output.z, s->output.w};
  unsigned int k = s->STATE;
  uint4 r = {all[k], all[k + 1], all[k + 2], all[k + 3]};
  return r;
}

/* ---- MRG32k3a ---- */

/* (a * b) mod m for a, b < 2^32 */
ANCHOR_CURAND_FN unsigned int anchor_mrg_mulmod(unsigned long long a, unsigned long long b,
                                                unsigned int m) {
  return (unsigned int)((a * (b % m)) % m);
}

/* The product a * b of 3x3 matrices mod m into out (may alias). */
ANCHOR_CURAND_FN void anchor_mrg_matmul(const unsigned int a[3][3], const unsigned int b[3][3],
                                        unsigned int m, unsigned int out[3][3]) {
  unsigned int t[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      unsigned long long sum = 0;
      for (int k = 0; k < 3; k++)
        sum = (sum + anchor_mrg_mulmod(a[i][k], b[k][j], m)) % m;
      t[i][j] = (unsigned int)sum;
    }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      out[i][j] = t[i][j];
}

/* out = A^(2^log2_stride * n) mod m, A the one-step matrix of one of the two components
 * (which = 0: s1 mod m1, 1: s2 mod m2) acting on (s[0], s[1], s[2]). */
ANCHOR_CURAND_FN void anchor_mrg_power(int which, int log2_stride, unsigned long long n,
                                       unsigned int out[3][3]) {
  const unsigned int m = which ? ANCHOR_MRG32K3A_M2 : ANCHOR_MRG32K3A_M1;
  /* x_k = 1403580 x_{k-2} - 810728 x_{k-3} mod m1;  x_k = 527612 x_{k-1} - 1370589 x_{k-3}
   * mod m2 */
  unsigned int base[3][3] = {{0, 1, 0}, {0, 0, 1}, {0, 0, 0}};
  if (!which) {
    base[2][0] = m - 810728u;
    base[2][1] = 1403580u;
  } else {
    base[2][0] = m - 1370589u;
    base[2][2] = 527612u;
  }
  for (int i = 0; i < log2_stride; i++)
    anchor_mrg_matmul(base, base, m, base);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      out[i][j] = i == j;
  while (n) {
    if (n & 1) anchor_mrg_matmul(out, base, m, out);
    n >>= 1;
    if (n) anchor_mrg_matmul(base, base, m, base);
  }
}

/* s = a s mod m */
ANCHOR_CURAND_FN void anchor_mrg_apply(const unsigned int a[3][3], unsigned int s[3],
                                       unsigned int m) {
  unsigned int t[3];
  for (int i = 0; i < 3; i++) {
    unsigned long long sum = 0;
    for (int k = 0; k < 3; k++)
      sum = (sum + anchor_mrg_mulmod(a[i][k], s[k], m)) % m;
    t[i] = (unsigned int)sum;
  }
  for (int i = 0; i < 3; i++)
    s[i] = t[i];
}

ANCHOR_CURAND_FN void anchor_mrg_jump(unsigned int s[3], int which, int log2_stride,
                                      unsigned long long n) {
  unsigned int a[3][3];
  anchor_mrg_power(which, log2_stride, n, a);
  anchor_mrg_apply(a, s, which ? ANCHOR_MRG32K3A_M2 : ANCHOR_MRG32K3A_M1);
}

ANCHOR_CURAND_FN void anchor_mrg_skip(curandStateMRG32k3a_t *state, int log2_stride,
                                      unsigned long long n) {
  if (!n) return;
  anchor_mrg_jump(state->s1, 0, log2_stride, n);
  anchor_mrg_jump(state->s2, 1, log2_stride, n);
}

ANCHOR_CURAND_FN void anchor_mrg_init(unsigned long long seed, unsigned long long subsequence,
                                      unsigned long long offset, curandStateMRG32k3a_t *state) {
  for (int i = 0; i < 3; i++)
    state->s1[i] = state->s2[i] = 12345u;
  if (seed) {
    unsigned int x1 = (unsigned int)seed ^ 0x55555555u;
    unsigned int x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    state->s1[0] = anchor_mrg_mulmod(x1, state->s1[0], ANCHOR_MRG32K3A_M1);
    state->s1[1] = anchor_mrg_mulmod(x2, state->s1[1], ANCHOR_MRG32K3A_M1);
    state->s1[2] = anchor_mrg_mulmod(x1, state->s1[2], ANCHOR_MRG32K3A_M1);
    state->s2[0] = anchor_mrg_mulmod(x2, state->s2[0], ANCHOR_MRG32K3A_M2);
    state->s2[1] = anchor_mrg_mulmod(x1, state->s2[1], ANCHOR_MRG32K3A_M2);
    state->s2[2] = anchor_mrg_mulmod(x2, state->s2[2], ANCHOR_MRG32K3A_M2);
  }
  anchor_mrg_skip(state, 76, subsequence);
  anchor_mrg_skip(state, 0, offset);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}

/* One step; the combined value in [1, m1] as a double, as cuRAND returns it. */
ANCHOR_CURAND_FN double anchor_mrg_next(curandStateMRG32k3a_t *state) {
  const unsigned long long m1 = ANCHOR_MRG32K3A_M1, m2 = ANCHOR_MRG32K3A_M2;
  unsigned long long p1 = (1403580ull * state->s1[1] + 810728ull * (m1 - state->s1[0])) % m1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)p1;
  unsigned long long p2 = (527612ull * state->s2[2] + 1370589ull * (m2 - state->s2[0])) % m2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)p2;
  return p1 > p2 ? (double)(p1 - p2) : (double)(p1 + m1 - p2);
}

ANCHOR_CURAND_FN unsigned int anchor_mrg_next_bits(curandStateMRG32k3a_t *state) {
  return (unsigned int)(anchor_mrg_next(state) * ANCHOR_MRG32K3A_BITS_NORM);
}

/* ---- Sobol (quasi-random): Gray-code order, x_{i+1} = x_i ^ v[trailing zeros of i] ---- */

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

ANCHOR_CURAND_FN int anchor_sobol_trailing_zeros(unsigned long long i, int bits) {
  int k = 0;
  while (k < bits - 1 && ((i >> k) & 1u))
    k++;
  return k; /* index of the lowest zero bit of i */
}

/* The point at index i (from the scramble constant c): c ^ XOR of v[k] over the bits k of
 * i's Gray code. */
ANCHOR_CURAND_FN unsigned int anchor_sobol32_point(const unsigned int *v, unsigned int c,
                                                   unsigned int i) {
  unsigned int gray = i ^ (i >> 1), x = c;
  for (int k = 0; k < 32; k++)
    if ((gray >> k) & 1u) x ^= v[k];
  return x;
}
ANCHOR_CURAND_FN unsigned long long
anchor_sobol64_point(const unsigned long long *v, unsigned long long c, unsigned long long i) {
  unsigned long long gray = i ^ (i >> 1), x = c;
  for (int k = 0; k < 64; k++)
    if ((gray >> k) & 1u) x ^= v[k];
  return x;
}

#endif
