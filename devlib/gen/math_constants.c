/* devlib/gen/math_constants.c — computes the values of include/math_constants.h
 * that are mathematical constants, correctly rounded to float or double with MPFR
 * (the _HI/_LO pairs: HI the rounded constant, LO the rounded rest), and prints
 * them in the format of tests/e2e/observed/h200-math-constants.log (what CUDA 13's
 * own header gives), so that the two can be compared:
 *   cc -std=c17 math_constants.c -o mc -lmpfr -lgmp && ./mc | diff - <(grep ... log)
 * Not run at build time; the header's literals were written from its output. */
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

enum { PREC = 400 };

typedef void (*value_fn)(mpfr_t r);

static void pi(mpfr_t r) {
  mpfr_const_pi(r, MPFR_RNDN);
}
static void ln2(mpfr_t r) {
  mpfr_const_log2(r, MPFR_RNDN);
}
static void sqrt_half(mpfr_t r) {
  mpfr_set_d(r, 0.5, MPFR_RNDN), mpfr_sqrt(r, r, MPFR_RNDN);
}
static void sqrt_two(mpfr_t r) {
  mpfr_set_ui(r, 2, MPFR_RNDN), mpfr_sqrt(r, r, MPFR_RNDN);
}
static void third(mpfr_t r) {
  mpfr_set_ui(r, 1, MPFR_RNDN), mpfr_div_ui(r, r, 3, MPFR_RNDN);
}
static void twothird(mpfr_t r) {
  third(r), mpfr_mul_ui(r, r, 2, MPFR_RNDN);
}
static void pio4(mpfr_t r) {
  pi(r), mpfr_div_ui(r, r, 4, MPFR_RNDN);
}
static void pio2(mpfr_t r) {
  pi(r), mpfr_div_ui(r, r, 2, MPFR_RNDN);
}
static void three_pio4(mpfr_t r) {
  pio4(r), mpfr_mul_ui(r, r, 3, MPFR_RNDN);
}
static void two_over_pi(mpfr_t r) {
  pi(r), mpfr_ui_div(r, 2, r, MPFR_RNDN);
}
static void sqrt_2_over_pi(mpfr_t r) {
  two_over_pi(r), mpfr_sqrt(r, r, MPFR_RNDN);
}
static void sqrt_2pi(mpfr_t r) {
  pi(r), mpfr_mul_ui(r, r, 2, MPFR_RNDN), mpfr_sqrt(r, r, MPFR_RNDN);
}
static void sqrt_pio2(mpfr_t r) {
  pio2(r), mpfr_sqrt(r, r, MPFR_RNDN);
}
static void l2e(mpfr_t r) {
  mpfr_const_log2(r, MPFR_RNDN), mpfr_ui_div(r, 1, r, MPFR_RNDN);
}
static void l2t(mpfr_t r) {
  mpfr_set_ui(r, 10, MPFR_RNDN), mpfr_log2(r, r, MPFR_RNDN);
}
static void lg2(mpfr_t r) {
  mpfr_set_ui(r, 2, MPFR_RNDN), mpfr_log10(r, r, MPFR_RNDN);
}
static void lge(mpfr_t r) {
  mpfr_set_ui(r, 1, MPFR_RNDN), mpfr_exp(r, r, MPFR_RNDN), mpfr_log10(r, r, MPFR_RNDN);
}
static void lnt(mpfr_t r) {
  mpfr_set_ui(r, 10, MPFR_RNDN), mpfr_log(r, r, MPFR_RNDN);
}
static void lnpi(mpfr_t r) {
  pi(r), mpfr_log(r, r, MPFR_RNDN);
}
static void ln2_x_1024(mpfr_t r) {
  ln2(r), mpfr_mul_ui(r, r, 1024, MPFR_RNDN);
}
static void ln2_x_1025(mpfr_t r) {
  ln2(r), mpfr_mul_ui(r, r, 1025, MPFR_RNDN);
}
static void ln2_x_1075(mpfr_t r) {
  ln2(r), mpfr_mul_ui(r, r, 1075, MPFR_RNDN);
}
static void lg2_x_1024(mpfr_t r) {
  lg2(r), mpfr_mul_ui(r, r, 1024, MPFR_RNDN);
}
static void lg2_x_1075(mpfr_t r) {
  lg2(r), mpfr_mul_ui(r, r, 1075, MPFR_RNDN);
}

/* 'v': the value alone; 'h': NAME_HI and NAME_LO too (after NAME). */
static const struct {
  const char *name;
  value_fn fn;
  char split;
} f32[] = {{"SQRT_HALF", sqrt_half, 'h'},
           {"SQRT_TWO", sqrt_two, 'v'},
           {"THIRD", third, 'v'},
           {"PIO4", pio4, 'v'},
           {"PIO2", pio2, 'v'},
           {"3PIO4", three_pio4, 'v'},
           {"2_OVER_PI", two_over_pi, 'v'},
           {"SQRT_2_OVER_PI", sqrt_2_over_pi, 'v'},
           {"PI", pi, 'v'},
           {"L2E", l2e, 'v'},
           {"L2T", l2t, 'v'},
           {"LG2", lg2, 'v'},
           {"LGE", lge, 'v'},
           {"LN2", ln2, 'v'},
           {"LNT", lnt, 'v'},
           {"LNPI", lnpi, 'v'}},
  f64[] = {{"SQRT_TWO", sqrt_two, 'v'},
           {"SQRT_HALF", sqrt_half, 'h'},
           {"THIRD", third, 'v'},
           {"TWOTHIRD", twothird, 'v'},
           {"PIO4", pio4, 'h'},
           {"PIO2", pio2, 'h'},
           {"3PIO4", three_pio4, 'v'},
           {"2_OVER_PI", two_over_pi, 'v'},
           {"PI", pi, 'h'},
           {"SQRT_2PI", sqrt_2pi, 'h'},
           {"SQRT_PIO2", sqrt_pio2, 'h'},
           {"SQRT_2OPI", sqrt_2_over_pi, 'v'},
           {"L2E", l2e, 'h'},
           {"L2T", l2t, 'v'},
           {"LG2", lg2, 'h'},
           {"LGE", lge, 'h'},
           {"LN2", ln2, 'h'},
           {"LNT", lnt, 'h'},
           {"LNPI", lnpi, 'v'},
           {"LN2_X_1024", ln2_x_1024, 'v'},
           {"LN2_X_1025", ln2_x_1025, 'v'},
           {"LN2_X_1075", ln2_x_1075, 'v'},
           {"LG2_X_1024", lg2_x_1024, 'v'},
           {"LG2_X_1075", lg2_x_1075, 'v'}};

static void print(const char *name, const char *suffix, int size, double v) {
  char full[64];
  snprintf(full, sizeof full, "CUDART_%s%s", name, suffix);
  printf("%-28s %d %a\n", full, size, v);
}

int main(void) {
  mpfr_t c, hi;
  mpfr_inits2(PREC, c, hi, (mpfr_ptr)0);
  for (size_t k = 0; k < sizeof f32 / sizeof *f32; k++) {
    f32[k].fn(c);
    float h = mpfr_get_flt(c, MPFR_RNDN);
    print(f32[k].name, "_F", 4, h);
    if (f32[k].split == 'h') {
      print(f32[k].name, "_HI_F", 4, h);
      mpfr_set_flt(hi, h, MPFR_RNDN), mpfr_sub(c, c, hi, MPFR_RNDN);
      print(f32[k].name, "_LO_F", 4, mpfr_get_flt(c, MPFR_RNDN));
    }
  }
  for (size_t k = 0; k < sizeof f64 / sizeof *f64; k++) {
    f64[k].fn(c);
    double h = mpfr_get_d(c, MPFR_RNDN);
    print(f64[k].name, "", 8, h);
    if (f64[k].split == 'h') {
      print(f64[k].name, "_HI", 8, h);
      mpfr_set_d(hi, h, MPFR_RNDN), mpfr_sub(c, c, hi, MPFR_RNDN);
      print(f64[k].name, "_LO", 8, mpfr_get_d(c, MPFR_RNDN));
    }
  }
  mpfr_clears(c, hi, (mpfr_ptr)0);
  return 0;
}
