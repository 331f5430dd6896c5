/* devlib/gen/f32_exp_coeffs.c — computes with MPFR the constants of devlib/f32_exp.cu:
 * the float-rounded Taylor coefficients of its polynomials, the double-float (hi + lo)
 * splits of ln 2, log2(e), log2(10), 1/ln 2, 1/ln 10, log10(2), and the 128-entry
 * logarithm table (1/c with 8 fraction bits, chosen so that m * (1/c) - 1 is exact for
 * every m of its interval, and -log(1/c) as hi + lo). Not run at build time; its output
 * was pasted into f32_exp.cu. Run:
 *   cc -std=c17 -O2 devlib/gen/f32_exp_coeffs.c -o /tmp/f32_exp_coeffs -lmpfr -lgmp
 *   /tmp/f32_exp_coeffs
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>

#define PREC 256

/* x rounded to float (nearest), printed as a hexadecimal float literal. */
static float to_float(mpfr_t x) {
  return mpfr_get_flt(x, MPFR_RNDN);
}

/* hi = x rounded to `bits` significant bits, lo = (x - hi) rounded to float. */
static void split(const char *name, mpfr_t x, int bits) {
  mpfr_t h, l;
  mpfr_inits2(PREC, h, l, (mpfr_ptr)0);
  mpfr_set_prec(h, bits);
  mpfr_set(h, x, MPFR_RNDN);
  mpfr_sub(l, x, h, MPFR_RNDN);
  printf("#define %s_HI %af\n#define %s_LO %af\n", name, (double)mpfr_get_flt(h, MPFR_RNDN), name,
         (double)to_float(l));
  mpfr_clears(h, l, (mpfr_ptr)0);
}

int main(void) {
  mpfr_t x, y, t, c;
  mpfr_inits2(PREC, x, y, t, c, (mpfr_ptr)0);

  /* Constants. LN2 with 16 bits (E * LN2_HI exact for |E| < 2^8), the others with 24. */
  mpfr_const_log2(x, MPFR_RNDN);
  split("LN2_16", x, 16);
  split("LN2", x, 24);
  mpfr_ui_div(y, 1, x, MPFR_RNDN);
  split("INV_LN2", y, 24); /* log2(e) */
  mpfr_set_ui(t, 10, MPFR_RNDN);
  mpfr_log2(y, t, MPFR_RNDN);
  split("LOG2_10", y, 24);
  mpfr_log(y, t, MPFR_RNDN);
  split("LN10", y, 24);
  mpfr_ui_div(y, 1, y, MPFR_RNDN);
  split("INV_LN10", y, 24);
  mpfr_set_ui(t, 2, MPFR_RNDN);
  mpfr_log10(y, t, MPFR_RNDN);
  split("LOG10_2", y, 24);

  /* Taylor coefficients: 1/n! (expm1), ln2^n/n! (2^f), 1/n (log1p). */
  printf("/* 1/n!, n = 3..13 */\n");
  mpfr_set_ui(c, 1, MPFR_RNDN);
  for (int n = 1; n <= 13; n++) {
    mpfr_div_ui(c, c, n, MPFR_RNDN);
    if (n >= 3) printf("#define EXP_C%d %af\n", n, (double)to_float(c));
  }
  printf("/* ln2^n/n!, n = 1..7 */\n");
  mpfr_const_log2(x, MPFR_RNDN);
  mpfr_set_ui(c, 1, MPFR_RNDN);
  for (int n = 1; n <= 7; n++) {
    mpfr_mul(c, c, x, MPFR_RNDN);
    mpfr_div_ui(c, c, n, MPFR_RNDN);
    printf("#define EXP2_C%d %af\n", n, (double)to_float(c));
  }
  printf("/* 1/n, n = 3..7 */\n");
  for (int n = 3; n <= 7; n++) {
    mpfr_set_ui(c, 1, MPFR_RNDN);
    mpfr_div_ui(c, c, n, MPFR_RNDN);
    printf("#define LOG_C%d %af\n", n, (double)to_float(c));
  }

  /* The table: m in [1 + i/128, 1 + (i+1)/128). invc a multiple of 2^-8 near 1/centre with
   * |m * invc - 1| < 2^-7 over the whole interval (then m * invc - 1, a multiple of 2^-31,
   * has at most 24 significant bits: fmaf(m, invc, -1) is exact). i = 0: invc = 1;
   * i = 127: invc = 1/2. logc = -log(invc), minus ln 2 for i >= 64 (those m are taken as
   * (m / 2) * 2, the exponent one higher, so that x just below 1 gets exponent 0). */
  printf("/* invc, logc_hi, logc_lo */\n");
  for (int i = 0; i < 128; i++) {
    double lo = 1 + i / 128.0, hi = 1 + (i + 1) / 128.0, best = 0, err = 1;
    if (i == 0)
      best = 1;
    else if (i == 127)
      best = 0.5;
    else {
      double centre = 2 / (lo + hi);
      for (int d = -2; d <= 2; d++) {
        double v = (round(centre * 256) + d) / 256;
        double e = fmax(fabs(lo * v - 1), fabs(hi * v - 1));
        if (e < err) err = e, best = v;
      }
    }
    double e = fmax(fabs(lo * best - 1), fabs((hi - 0x1p-23) * best - 1));
    if (!(e < 0x1p-7)) {
      fprintf(stderr, "interval %d: |r| = %g not below 2^-7\n", i, e);
      return 1;
    }
    mpfr_set_d(x, best, MPFR_RNDN);
    mpfr_log(y, x, MPFR_RNDN);
    mpfr_neg(y, y, MPFR_RNDN);
    if (mpfr_zero_p(y)) mpfr_set_zero(y, 1); /* +0, not -log(1) = -0 */
    if (i >= 64) {
      mpfr_const_log2(t, MPFR_RNDN);
      mpfr_sub(y, y, t, MPFR_RNDN);
    }
    mpfr_set_prec(t, 24);
    mpfr_set(t, y, MPFR_RNDN);
    mpfr_sub(c, y, t, MPFR_RNDN);
    printf("  {%af, %af, %af},\n", best, (double)mpfr_get_flt(t, MPFR_RNDN), (double)to_float(c));
    mpfr_set_prec(t, PREC);
  }
  mpfr_clears(x, y, t, c, (mpfr_ptr)0);
  return 0;
}
