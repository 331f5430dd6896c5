/* devlib/gen/f64_exp_coeffs.c — the constants of devlib/f64_exp.cu, computed with MPFR
 * (not run at build time). Every constant there is printed here, as the hexadecimal
 * double literals the source uses:
 *   - splits of ln 2, log10 2 into a 42-bit head (so that k * head is exact for every
 *     |k| < 2^11) and the rest rounded to double;
 *   - double-double pairs (head = the constant rounded to nearest, tail = the rest
 *     rounded) of ln 2, log2 e, ln 10, log2 10, log10 e, 2/3, 1/6, 2/5, sqrt 2;
 *   - the Taylor coefficients 1/n! (exp), 1/(2k+1)! (sinh) and 2/(2k+1) (2 atanh, the
 *     logarithm's series), rounded to nearest.
 * Run: cc -O2 devlib/gen/f64_exp_coeffs.c -o /tmp/c -lmpfr -lgmp && /tmp/c */
#include <mpfr.h>
#include <stdio.h>

static mpfr_t v, t;

/* v rounded to `bits` bits (toward zero), then the rest to nearest double. */
static void split(const char *name, int bits) {
  mpfr_t h;
  mpfr_init2(h, bits);
  mpfr_set(h, v, MPFR_RNDZ);
  mpfr_sub(t, v, h, MPFR_RNDN);
  printf("%s_HI = %a, %s_LO = %a\n", name, mpfr_get_d(h, MPFR_RNDN), name,
         mpfr_get_d(t, MPFR_RNDN));
  mpfr_clear(h);
}
static void dd(const char *name) {
  double h = mpfr_get_d(v, MPFR_RNDN);
  mpfr_sub_d(t, v, h, MPFR_RNDN);
  printf("%s = %a, %s_LO = %a\n", name, h, name, mpfr_get_d(t, MPFR_RNDN));
}

int main(void) {
  mpfr_inits2(400, v, t, (mpfr_ptr)0);
  mpfr_const_log2(v, MPFR_RNDN);
  split("LN2", 42);
  dd("LN2");
  mpfr_set_ui(t, 2, MPFR_RNDN);
  mpfr_log10(v, t, MPFR_RNDN);
  split("LG2", 42);
  mpfr_const_log2(v, MPFR_RNDN);
  mpfr_ui_div(v, 1, v, MPFR_RNDN);
  dd("LOG2E");
  mpfr_set_ui(v, 10, MPFR_RNDN);
  mpfr_log(v, v, MPFR_RNDN);
  dd("LN10");
  mpfr_set_ui(v, 10, MPFR_RNDN);
  mpfr_log2(v, v, MPFR_RNDN);
  dd("LOG2_10");
  mpfr_set_ui(v, 10, MPFR_RNDN);
  mpfr_log(v, v, MPFR_RNDN);
  mpfr_ui_div(v, 1, v, MPFR_RNDN);
  dd("LOG10E");
  mpfr_set_ui(v, 2, MPFR_RNDN);
  mpfr_div_ui(v, v, 3, MPFR_RNDN);
  dd("TWO_THIRDS");
  mpfr_set_ui(v, 1, MPFR_RNDN);
  mpfr_div_ui(v, v, 6, MPFR_RNDN);
  dd("E3");
  mpfr_set_ui(v, 2, MPFR_RNDN);
  mpfr_div_ui(v, v, 5, MPFR_RNDN);
  dd("A5");
  mpfr_set_ui(v, 2, MPFR_RNDN);
  mpfr_sqrt(v, v, MPFR_RNDN);
  dd("SQRT2");
  for (int n = 3; n <= 15; n++) { /* exp: 1/n! */
    mpfr_fac_ui(v, n, MPFR_RNDN);
    mpfr_ui_div(v, 1, v, MPFR_RNDN);
    printf("E%d = %a   /* 1/%d! */\n", n, mpfr_get_d(v, MPFR_RNDN), n);
  }
  for (int k = 2; k <= 12; k++) { /* 2 atanh: 2/(2k+1) */
    mpfr_set_ui(v, 2, MPFR_RNDN);
    mpfr_div_ui(v, v, 2 * k + 1, MPFR_RNDN);
    printf("A%d = %a   /* 2/%d */\n", 2 * k + 1, mpfr_get_d(v, MPFR_RNDN), 2 * k + 1);
  }
  mpfr_clears(v, t, (mpfr_ptr)0);
  return 0;
}
