/* devlib/gen/f64_trig_coeffs.c — the constants of devlib/f64_trig.cu, computed
 * with MPFR (not run at build time; its output was pasted into the source):
 *
 *   cc -std=c17 -O2 devlib/gen/f64_trig_coeffs.c -o /tmp/f64_trig_coeffs -lmpfr -lgmp
 *   /tmp/f64_trig_coeffs
 *
 * Printed, as C hexadecimal literals:
 * - pi/2 split into three doubles P1 + P2 + P3 (each the nearest double to
 *   what the previous ones leave: 159 bits of pi/2), for the Cody-Waite
 *   reduction; pi and pi/2 as double-double pairs (hi + lo);
 * - 2/pi's binary expansion in 64-bit words, preceded by one zero word (so
 *   that a window may start up to 64 bits before the binary point), for the
 *   Payne-Hanek reduction of huge arguments: 1216 bits of 2/pi;
 * - atan(j/8), j = 0..8, as double-double pairs (the atan breakpoints);
 * - the Taylor coefficients of sin (-1)^k/(2k+1)!, cos (-1)^k/(2k)! and atan
 *   (-1)^k/(2k+1), each rounded to the nearest double. */
#include <mpfr.h>
#include <stdio.h>

#define PREC 2000

static void print_double(const char *name, mpfr_t v) {
  printf("%s = %a\n", name, mpfr_get_d(v, MPFR_RNDN));
}

/* hi = RN(v), lo = RN(v - hi). */
static void print_pair(const char *name, mpfr_t v) {
  mpfr_t t;
  mpfr_init2(t, PREC);
  double hi = mpfr_get_d(v, MPFR_RNDN);
  mpfr_sub_d(t, v, hi, MPFR_RNDN);
  printf("%s = {%a, %a}\n", name, hi, mpfr_get_d(t, MPFR_RNDN));
  mpfr_clear(t);
}

int main(void) {
  mpfr_t pi, v, t;
  mpfr_inits2(PREC, pi, v, t, (mpfr_ptr)0);
  mpfr_const_pi(pi, MPFR_RNDN);

  /* pi/2 = P1 + P2 + P3 + O(2^-160). */
  mpfr_div_2ui(v, pi, 1, MPFR_RNDN);
  for (int i = 1; i <= 3; i++) {
    double p = mpfr_get_d(v, MPFR_RNDN);
    printf("P%d = %a\n", i, p);
    mpfr_sub_d(v, v, p, MPFR_RNDN);
  }
  print_pair("PI", pi);
  mpfr_div_2ui(v, pi, 1, MPFR_RNDN);
  print_pair("PI_2", v);

  /* 2/pi in 64-bit words: word 0 is zero, word w (w >= 1) holds bits
   * 64(w-1)+1 .. 64w after the binary point. */
  mpfr_ui_div(v, 2, pi, MPFR_RNDN);
  printf("TWO_OVER_PI[20] = {0x0000000000000000ull");
  for (int w = 1; w < 20; w++) {
    mpfr_mul_2ui(v, v, 64, MPFR_RNDN);
    mpfr_floor(t, v); /* the next 64 bits */
    mpfr_sub(v, v, t, MPFR_RNDN);
    unsigned long long word = 0;
    mpfr_t hi;
    mpfr_init2(hi, PREC);
    mpfr_div_2ui(hi, t, 32, MPFR_RNDN);
    mpfr_floor(hi, hi);
    word = (unsigned long long)mpfr_get_ui(hi, MPFR_RNDN) << 32;
    mpfr_mul_2ui(hi, hi, 32, MPFR_RNDN);
    mpfr_sub(t, t, hi, MPFR_RNDN);
    word |= (unsigned long long)mpfr_get_ui(t, MPFR_RNDN);
    mpfr_clear(hi);
    printf(",%s0x%016llxull", w % 3 == 0 ? "\n  " : " ", word);
  }
  printf("}\n");

  for (int j = 0; j <= 8; j++) {
    char name[32];
    mpfr_set_ui(v, j, MPFR_RNDN);
    mpfr_div_ui(v, v, 8, MPFR_RNDN);
    mpfr_atan(v, v, MPFR_RNDN);
    snprintf(name, sizeof name, "ATAN[%d]", j);
    print_pair(name, v);
  }

  /* Taylor coefficients. */
  mpfr_set_ui(t, 1, MPFR_RNDN); /* t = 1/n! */
  for (int n = 1; n <= 20; n++) {
    char name[32];
    mpfr_div_ui(t, t, n, MPFR_RNDN);
    mpfr_set(v, t, MPFR_RNDN);
    if ((n / 2) % 2) mpfr_neg(v, v, MPFR_RNDN);
    snprintf(name, sizeof name, "%s%d", n % 2 ? "SIN" : "COS", n);
    print_double(name, v);
  }
  for (int n = 3; n <= 17; n += 2) {
    char name[32];
    mpfr_set_si(v, (n / 2) % 2 ? -1 : 1, MPFR_RNDN);
    mpfr_div_ui(v, v, n, MPFR_RNDN);
    snprintf(name, sizeof name, "ATAN%d", n);
    print_double(name, v);
  }
  mpfr_clears(pi, v, t, (mpfr_ptr)0);
  return 0;
}
