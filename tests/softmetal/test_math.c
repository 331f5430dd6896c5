/* tests/softmetal/test_math.c — softmetal's metal:: math functions against MPFR.
 *
 * One MSL kernel per flavour (float precise::, float fast::, half, float4 and
 * half4) applies function number fn to an array of inputs; the host computes
 * each correctly rounded result with MPFR (at the type's precision, subnormals
 * included) and measures the error in ulps as the harness of tests/math does.
 * Asserted: the functions the MSL specification states correctly rounded or
 * exact (0 ulp) are bit-exact; every other one is within 1 ulp, the tightest
 * bound of the specification's tables (docs/softmetal.md, "Math functions"),
 * so it meets the looser float bounds too. NaN must give NaN, exact zeros and
 * infinities their sign. Inputs: float — edge cases, a sweep of the
 * function's interesting range and random bit patterns; half — every one of
 * the 65536 half values (unary), random pairs (binary). The vector kernels
 * must give the scalar kernels' bits. Prints each function's maximum error.
 */
#include "smtest.h"

#include <mpfr.h>

#include <math.h>
#include <stdint.h>

typedef int (*ref_fn)(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d);

/* References where MPFR's function differs from MSL's in special values. */
/* rsqrt = 1/sqrt(x): +-inf at +-0 (IEEE 754's rSqrt, as MPFR, gives +inf at -0). */
static int ref_rsqrt(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  (void)b;
  if (mpfr_zero_p(a)) return mpfr_set_inf(r, mpfr_signbit(a) ? -1 : 1), 0;
  return mpfr_rec_sqrt(r, a, d);
}
/* sinpi(+-n) = +-0 (the sign of x), cospi(n + 1/2) = +0, tanpi(n) = +-0 with x's
 * sign for even n and the opposite for odd n, tanpi(n + 1/2) = +inf for even n and
 * -inf for odd n (OpenCL's and MSL's edge cases). */
static int ref_sinpi(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  (void)b;
  int t = mpfr_sinpi(r, a, d);
  if (mpfr_zero_p(r)) mpfr_setsign(r, r, mpfr_signbit(a), d);
  return t;
}
static int ref_cospi(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  (void)b;
  int t = mpfr_cospi(r, a, d);
  if (mpfr_zero_p(r)) mpfr_setsign(r, r, 0, d);
  return t;
}
static int ref_tanpi(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  (void)b;
  if (mpfr_integer_p(a) || mpfr_inf_p(a) || mpfr_nan_p(a)) {
    if (!mpfr_number_p(a)) return mpfr_set_nan(r), 0;
    mpfr_t h;
    mpfr_init2(h, 256);
    mpfr_div_2ui(h, a, 1, MPFR_RNDN);
    int even = mpfr_integer_p(h);
    mpfr_clear(h);
    mpfr_set_zero(r, 1);
    mpfr_setsign(r, r, even ? mpfr_signbit(a) : !mpfr_signbit(a), d);
    return 0;
  }
  mpfr_t h;
  mpfr_init2(h, 256);
  mpfr_mul_2ui(h, a, 1, MPFR_RNDN); /* exact */
  int pole = mpfr_integer_p(h);
  if (pole) { /* a = n + 1/2: n = (2a - 1)/2 */
    mpfr_sub_ui(h, h, 1, MPFR_RNDN), mpfr_div_2ui(h, h, 1, MPFR_RNDN);
    mpfr_div_2ui(h, h, 1, MPFR_RNDN);
    mpfr_set_inf(r, mpfr_integer_p(h) ? 1 : -1);
  }
  mpfr_clear(h);
  return pole ? 0 : mpfr_tanpi(r, a, d);
}
/* fract: x - floor(x), at most the largest value below 1; +-0 for +-inf. */
static int ref_fract(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  (void)b;
  if (mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(a)) return mpfr_set_zero(r, mpfr_signbit(a) ? -1 : 1), 0;
  mpfr_t f;
  mpfr_init2(f, 512);
  mpfr_floor(f, a);
  mpfr_sub(f, a, f, MPFR_RNDN); /* exact at 512 bits */
  int t = mpfr_set(r, f, d);
  if (mpfr_cmp_ui(r, 1) >= 0) mpfr_nextbelow(r), t = -1;
  mpfr_clear(f);
  return t;
}
/* powr: pow for x >= 0, NaN for x < 0. */
static int ref_powr(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  if (mpfr_sgn(a) < 0 && !mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  return mpfr_pow(r, a, b, d);
}
/* fmin/fmax: a NaN gives the other operand (MPFR's too); of two zeros either may come
 * back (C's fmin/fmax leave it open: check_results accepts both). */
static int ref_fmin(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  return mpfr_min(r, a, b, d);
}
static int ref_fmax(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {
  return mpfr_max(r, a, b, d);
}
#define REF1(name, call)                                                                           \
  static int ref_##name(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_rnd_t d) {                  \
    (void)b, (void)d;                                                                              \
    return call;                                                                                   \
  }
REF1(exp, mpfr_exp(r, a, d))
REF1(exp2, mpfr_exp2(r, a, d))
REF1(exp10, mpfr_exp10(r, a, d))
REF1(log, mpfr_log(r, a, d))
REF1(log2, mpfr_log2(r, a, d))
REF1(log10, mpfr_log10(r, a, d))
REF1(sin, mpfr_sin(r, a, d))
REF1(cos, mpfr_cos(r, a, d))
REF1(tan, mpfr_tan(r, a, d))
REF1(asin, mpfr_asin(r, a, d))
REF1(acos, mpfr_acos(r, a, d))
REF1(atan, mpfr_atan(r, a, d))
REF1(sinh, mpfr_sinh(r, a, d))
REF1(cosh, mpfr_cosh(r, a, d))
REF1(tanh, mpfr_tanh(r, a, d))
REF1(asinh, mpfr_asinh(r, a, d))
REF1(acosh, mpfr_acosh(r, a, d))
REF1(atanh, mpfr_atanh(r, a, d))
REF1(sqrt, mpfr_sqrt(r, a, d))
REF1(fabs, mpfr_abs(r, a, d))
REF1(floor, mpfr_floor(r, a))
REF1(ceil, mpfr_ceil(r, a))
REF1(trunc, mpfr_trunc(r, a))
REF1(round, mpfr_round(r, a))
REF1(rint, mpfr_rint(r, a, MPFR_RNDN))
REF1(pow, mpfr_pow(r, a, b, d))
REF1(atan2, mpfr_atan2(r, a, b, d))
REF1(fmod, mpfr_fmod(r, a, b, d))
REF1(fdim, mpfr_dim(r, a, b, d))
REF1(divide, mpfr_div(r, a, b, d))
REF1(copysign, mpfr_copysign(r, a, b, d))

/* The functions: MSL name, arity, exact (1: correctly rounded or 0 ulp in the
 * specification, compared bit for bit), the MPFR reference, the float sweep range. */
typedef struct {
  const char *name;
  int arity, exact;
  ref_fn ref;
  float lo, hi;
} function;
static const function functions[] = {
    {"exp", 1, 0, ref_exp, -90, 90},         {"exp2", 1, 0, ref_exp2, -130, 130},
    {"exp10", 1, 0, ref_exp10, -40, 40},     {"log", 1, 0, ref_log, 0, 100},
    {"log2", 1, 0, ref_log2, 0, 100},        {"log10", 1, 0, ref_log10, 0, 100},
    {"sin", 1, 0, ref_sin, -10, 10},         {"cos", 1, 0, ref_cos, -10, 10},
    {"tan", 1, 0, ref_tan, -10, 10},         {"asin", 1, 0, ref_asin, -1, 1},
    {"acos", 1, 0, ref_acos, -1, 1},         {"atan", 1, 0, ref_atan, -10, 10},
    {"sinh", 1, 0, ref_sinh, -90, 90},       {"cosh", 1, 0, ref_cosh, -90, 90},
    {"tanh", 1, 0, ref_tanh, -10, 10},       {"asinh", 1, 0, ref_asinh, -10, 10},
    {"acosh", 1, 0, ref_acosh, 1, 10},       {"atanh", 1, 0, ref_atanh, -1, 1},
    {"rsqrt", 1, 0, ref_rsqrt, 0, 10},       {"sinpi", 1, 0, ref_sinpi, -4, 4},
    {"cospi", 1, 0, ref_cospi, -4, 4},       {"tanpi", 1, 0, ref_tanpi, -4, 4},
    {"sqrt", 1, 1, ref_sqrt, 0, 10},         {"fract", 1, 1, ref_fract, -4, 4},
    {"fabs", 1, 1, ref_fabs, -4, 4},         {"floor", 1, 1, ref_floor, -4, 4},
    {"ceil", 1, 1, ref_ceil, -4, 4},         {"trunc", 1, 1, ref_trunc, -4, 4},
    {"round", 1, 1, ref_round, -4, 4},       {"rint", 1, 1, ref_rint, -4, 4},
    {"pow", 2, 0, ref_pow, -8, 8},           {"powr", 2, 0, ref_powr, 0, 8},
    {"atan2", 2, 0, ref_atan2, -4, 4},       {"fmod", 2, 1, ref_fmod, -100, 100},
    {"fdim", 2, 1, ref_fdim, -4, 4},         {"divide", 2, 1, ref_divide, -4, 4},
    {"copysign", 2, 1, ref_copysign, -4, 4}, {"fmin", 2, 1, ref_fmin, -4, 4},
    {"fmax", 2, 1, ref_fmax, -4, 4},
};
enum { NFUNCTIONS = sizeof functions / sizeof *functions, N = 1 << 16 };

/* ---- the MSL: one kernel per flavour, a switch over the functions ---- */
static char *msl_source(void) {
  static const char *flavours[][4] = {
      /* kernel, element type, namespace prefix, vector type */
      {"f_precise", "float", "precise::", NULL},
      {"f_fast", "float", "fast::", NULL},
      {"h_scalar", "half", "", NULL},
      {"f_vector", "float", "precise::", "float4"},
      {"h_vector", "half", "", "half4"},
  };
  size_t cap = 1 << 16, len = 0;
  char *s = malloc(cap);
  REQUIRE(s);
  len += (size_t)snprintf(s + len, cap - len, "#include <metal_stdlib>\nusing namespace metal;\n");
  for (size_t k = 0; k < sizeof flavours / sizeof *flavours; k++) {
    const char *kernel = flavours[k][0], *t = flavours[k][1], *ns = flavours[k][2];
    const char *v = flavours[k][3];
    len += (size_t)snprintf(s + len, cap - len,
                            "kernel void %s(device const %s *a [[buffer(0)]], device const %s *b "
                            "[[buffer(1)]], device %s *y [[buffer(2)]], device const uint *fn "
                            "[[buffer(3)]], uint i [[thread_position_in_grid]]) {\n",
                            kernel, t, t, t);
    if (v)
      len += (size_t)snprintf(s + len, cap - len,
                              "  %s x = %s(a[4*i], a[4*i+1], a[4*i+2], a[4*i+3]), r;\n"
                              "  %s z = %s(b[4*i], b[4*i+1], b[4*i+2], b[4*i+3]);\n",
                              v, v, v, v);
    len += (size_t)snprintf(s + len, cap - len, "  switch (*fn) {\n");
    for (int f = 0; f < NFUNCTIONS; f++) {
      const function *g = &functions[f];
      const char *args = g->arity == 1 ? (v ? "x" : "a[i]") : (v ? "x, z" : "a[i], b[i]");
      len += (size_t)snprintf(s + len, cap - len, "  case %d: %s = %s%s(%s); break;\n", f,
                              v ? "r" : "y[i]", ns, g->name, args);
    }
    len += (size_t)snprintf(s + len, cap - len, "  }\n%s}\n",
                            v ? "  for (int k = 0; k < 4; k++) y[4*i+k] = r[k];\n" : "");
    REQUIRE(len < cap);
  }
  return s;
}

/* ---- formats and the reference ---- */
typedef struct {
  int p, emin, emax; /* precision, exponent range (IEEE convention) */
} format;
static const format F32 = {24, -126, 127}, F16 = {11, -14, 15};

static double half_to_double(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 1024, e - 25);
  return h >> 15 ? -v : v;
}

/* The correctly rounded f(a, b) in format fm (as a double), *exact when MPFR's result
 * was exact. */
static double reference(const format *fm, ref_fn f, double a, double b, bool *exact) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(fm->emin - fm->p + 2), mpfr_set_emax(fm->emax + 1);
  mpfr_t x, y, r;
  mpfr_inits2(fm->p, x, y, r, (mpfr_ptr)0);
  mpfr_set_d(x, a, MPFR_RNDN), mpfr_set_d(y, b, MPFR_RNDN);
  mpfr_setsign(x, x, signbit(a), MPFR_RNDN), mpfr_setsign(y, y, signbit(b), MPFR_RNDN); /* NaNs' */
  mpfr_clear_flags();
  int t = f(r, x, y, MPFR_RNDN);
  t = mpfr_check_range(r, t, MPFR_RNDN);
  t = mpfr_subnormalize(r, t, MPFR_RNDN);
  *exact = t == 0 && !mpfr_overflow_p();
  double v = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(x, y, r, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return v;
}

/* |y - want| in ulps of want (the harness's definition: a rounded overflow counts as
 * 2^(emax+1)); -1 when y cannot be right whatever the bound (NaN against a number,
 * wrong exact zero or infinity). */
static double ulp_error(const format *fm, double y, double want, bool exact) {
  if (isnan(want) || isnan(y)) return isnan(want) && isnan(y) ? 0 : -1;
  if (exact && (isinf(want) || want == 0) && (y != want || signbit(y) != signbit(want))) return -1;
  double big = ldexp(1, fm->emax + 1);
  double w = isinf(want) ? copysign(big, want) : want, g = isinf(y) ? copysign(big, y) : y;
  int e = want == 0 || isinf(want) ? fm->emin : ilogb(want);
  if (isinf(want)) e = fm->emax;
  if (e < fm->emin) e = fm->emin;
  return fabs(g - w) / ldexp(1, e - fm->p + 1);
}

/* ---- inputs ---- */
static uint32_t rng = 12345;
static uint32_t next_random(void) {
  rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
  return rng;
}
static float random_bits(void) {
  uint32_t u = next_random();
  float f;
  memcpy(&f, &u, 4);
  return f;
}
/* Inputs of function g: edge cases, a sweep of [lo, hi], and random bit patterns. */
static void float_inputs(const function *g, float *a, float *b) {
  static const float edges[] = {0.0f,   -0.0f,    1.0f,      -1.0f,    0.5f,   -0.5f,
                                2.0f,   INFINITY, -INFINITY, NAN,      1e-45f, -1e-45f,
                                1e-38f, 3.4e38f,  -3.4e38f,  1.5f,     0.25f,  100.0f,
                                1e10f,  -1e10f,   1e30f,     0x1p-20f, 88.72f, -103.9f};
  const int nedge = (int)(sizeof edges / sizeof *edges);
  for (int i = 0; i < N; i++) {
    if (i < nedge * nedge) {
      a[i] = edges[i % nedge], b[i] = edges[i / nedge];
    } else if (i < N / 2) {
      a[i] = g->lo + (g->hi - g->lo) * (float)(next_random() >> 8) * 0x1p-24f;
      b[i] = g->arity == 2 ? -8 + 16 * (float)(next_random() >> 8) * 0x1p-24f : 0;
    } else {
      a[i] = random_bits(), b[i] = random_bits();
    }
  }
}

/* ---- running a kernel ---- */
typedef struct {
  mtl_id device, queue, library, ba, bb, by, bfn;
} runner;
static void run(runner *r, const char *kernel, int fn, const void *a, const void *b, void *y,
                size_t bytes, unsigned threads) {
  mtl_id function = mtl_library_new_function(r->library, kernel);
  REQUIRE(function);
  mtl_id error = NULL;
  mtl_id pipeline = mtl_new_compute_pipeline_state(r->device, function, &error);
  REQUIRE(pipeline);
  memcpy(mtl_buffer_contents(r->ba), a, bytes);
  memcpy(mtl_buffer_contents(r->bb), b, bytes);
  *(uint32_t *)mtl_buffer_contents(r->bfn) = (uint32_t)fn;
  mtl_id cmd = mtl_queue_command_buffer(r->queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, r->ba, 0, 0);
  mtl_compute_set_buffer(enc, r->bb, 0, 1);
  mtl_compute_set_buffer(enc, r->by, 0, 2);
  mtl_compute_set_buffer(enc, r->bfn, 0, 3);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){threads / 256, 1, 1}, (mtl_size){256, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  REQUIRE(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  memcpy(y, mtl_buffer_contents(r->by), bytes);
  mtl_release(pipeline), mtl_release(function);
}

/* Checks out[i] against the reference; prints the function's line; returns 1 if good. */
static int check_results(const format *fm, const char *flavour, const function *g, int n,
                         const double *a, const double *b, const double *y) {
  double worst = 0;
  int bad = 0, worst_i = 0;
  for (int i = 0; i < n; i++) {
    bool exact;
    double want = reference(fm, g->ref, a[i], g->arity == 2 ? b[i] : 0, &exact);
    double e = ulp_error(fm, y[i], want, exact);
    bool zeros = a[i] == 0 && b[i] == 0 && y[i] == 0;
    if (zeros && g->ref == ref_fmin) e = 0; /* either zero */
    if (zeros && g->ref == ref_fmax) e = 0;
    bool wrong = e < 0 || e > 1 || (g->exact && e != 0);
    if (wrong && bad++ < 3)
      fprintf(stderr, "  %s %s(%a, %a) = %a, correctly rounded %a\n", flavour, g->name, a[i], b[i],
              y[i], want);
    if (e > worst) worst = e, worst_i = i;
  }
  printf("%-9s %-9s inputs %6d  max_ulp %.3f%s  %s\n", flavour, g->name, n, worst,
         g->exact ? " (bit-exact)" : "", bad ? "FAIL" : "ok");
  (void)worst_i;
  return bad == 0;
}

int main(void) {
  void *pool = mtl_autorelease_push();
  runner r = {0};
  r.device = mtl_create_system_default_device();
  r.queue = mtl_new_command_queue(r.device);
  char *msl = msl_source();
  mtl_id error = NULL;
  r.library = mtl_new_library_with_source(r.device, msl, &error);
  if (!r.library) fprintf(stderr, "compile error: %s\n", mtl_error_description(error));
  REQUIRE(r.library);
  r.ba = mtl_new_buffer(r.device, 4 * N, 0), r.bb = mtl_new_buffer(r.device, 4 * N, 0);
  r.by = mtl_new_buffer(r.device, 4 * N, 0), r.bfn = mtl_new_buffer(r.device, 16, 0);
  float *fa = malloc(4 * N), *fb = malloc(4 * N), *fy = malloc(4 * N), *fv = malloc(4 * N);
  uint16_t *ha = malloc(2 * N), *hb = malloc(2 * N), *hy = malloc(2 * N), *hv = malloc(2 * N);
  double *da = malloc(8 * N), *db = malloc(8 * N), *dy = malloc(8 * N);
  REQUIRE(fa && fb && fy && fv && ha && hb && hy && hv && da && db && dy);
  for (int f = 0; f < NFUNCTIONS; f++) {
    const function *g = &functions[f];
    /* float: precise::, fast:: (the same results: softmetal's fast functions are the
     * precise ones) and float4 (the scalar's bits) */
    float_inputs(g, fa, fb);
    for (int i = 0; i < N; i++)
      da[i] = fa[i], db[i] = fb[i];
    run(&r, "f_precise", f, fa, fb, fy, 4 * N, N);
    for (int i = 0; i < N; i++)
      dy[i] = fy[i];
    CHECK(check_results(&F32, "precise", g, N, da, db, dy));
    run(&r, "f_fast", f, fa, fb, fv, 4 * N, N);
    CHECK(memcmp(fy, fv, 4 * N) == 0);
    run(&r, "f_vector", f, fa, fb, fv, 4 * N, N / 4);
    CHECK(memcmp(fy, fv, 4 * N) == 0);
    /* half: every value (unary), random pairs (binary); half4 gives the scalar's bits */
    for (int i = 0; i < N; i++) {
      ha[i] = (uint16_t)i, hb[i] = (uint16_t)next_random();
      if (g->arity == 2) ha[i] = (uint16_t)next_random();
      da[i] = half_to_double(ha[i]), db[i] = half_to_double(hb[i]);
    }
    run(&r, "h_scalar", f, ha, hb, hy, 2 * N, N);
    for (int i = 0; i < N; i++)
      dy[i] = half_to_double(hy[i]);
    CHECK(check_results(&F16, "half", g, N, da, db, dy));
    run(&r, "h_vector", f, ha, hb, hv, 2 * N, N / 4);
    CHECK(memcmp(hy, hv, 2 * N) == 0);
  }

  /* A math function MSL has and softmetal does not implement is a compile error that
   * names it, never a silent substitute. */
  char *msg = smtest_compile_error(
      r.device, "#include <metal_stdlib>\nusing namespace metal;\n"
                "kernel void k(device float *p [[buffer(0)]]) { p[0] = precise::nextafter(p[0], "
                "1.0f); }\n");
  CHECK(smtest_contains(msg, "nextafter"));
  free(msg);

  free(fa), free(fb), free(fy), free(fv), free(ha), free(hb), free(hy), free(hv);
  free(da), free(db), free(dy), free(msl);
  mtl_release(r.ba), mtl_release(r.bb), mtl_release(r.by), mtl_release(r.bfn);
  mtl_release(r.library), mtl_release(r.queue), mtl_release(r.device);
  mtl_autorelease_pop(pool);
  mpfr_free_cache();
  return smtest_finish("test_math");
}
