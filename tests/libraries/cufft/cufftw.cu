// cufftw.cu — cuFFTW (cufftw.h, -lcufftw), FFTW's interface over cuFFT, on host arrays:
// fftw_plan_dft_1d/2d/3d, fftw_plan_dft (rank 3), r2c/c2r 1-D, 2-D and rank forms in
// place (padded rows) and out of place, fftw_plan_many_dft with interleaved input
// (istride 3, idist 1, NULL embed) and many_dft_r2c/c2r with embeds, fftw_execute and
// fftw_execute_dft/_r2c/_c2r on other arrays, fftw_malloc/free, in double (fftw_) and
// float (fftwf_). The reference is Debian's FFTW in double, run as a separate program
// (fftw_oracle.c: this program exports FFTW's names itself, so it cannot link FFTW): its
// path is the CUFFTW_ORACLE environment variable. Relative RMS errors within
// 1 u log2(n), as fft_check.h's bound (log2 of the power of two >= 2n-1 for Bluestein
// lengths). Build: anchorcc -O2 cufftw.cu -lcufftw; nvcc -O2 -arch=sm_90 cufftw.cu -lcufftw
// -lcufft (h200.sh).
#include <cufftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures = 0;
static const char *oracle;

static unsigned long long rng_state = 0x2545F4914F6CDD1Dull;
static double uniform() { // in [-1, 1)
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

// FFTW in the oracle process: kind 0 C2C, 1 R2C, 2 C2R over compact batches.
static void reference(int kind, int rank, const int *n, int batch, int sign, const double *in,
                      long long in_count, double *out, long long out_count) {
  char in_path[] = "/tmp/cufftw_in_XXXXXX", out_path[] = "/tmp/cufftw_out_XXXXXX";
  int fd_in = mkstemp(in_path), fd_out = mkstemp(out_path);
  FILE *f = fd_in >= 0 ? fdopen(fd_in, "wb") : NULL;
  int h[7] = {kind, rank, n[0], rank > 1 ? n[1] : 1, rank > 2 ? n[2] : 1, batch, sign};
  bool ok = f && fd_out >= 0 && fwrite(h, sizeof(int), 7, f) == 7 &&
            (long long)fwrite(in, sizeof(double), in_count, f) == in_count;
  if (f) fclose(f);
  char command[512];
  snprintf(command, sizeof command, "'%s' %s %s", oracle, in_path, out_path);
  ok = ok && system(command) == 0;
  f = ok ? fopen(out_path, "rb") : NULL;
  ok = f && (long long)fread(out, sizeof(double), out_count, f) == out_count;
  if (f) fclose(f);
  remove(in_path);
  remove(out_path);
  if (fd_out >= 0) close(fd_out);
  if (!ok) {
    printf("FAIL: the FFTW oracle (%s) did not answer\n", oracle);
    exit(1);
  }
}

static double error_log2(long long n) {
  long long m = n;
  for (long long p = 2; p <= 31; p++)
    while (m % p == 0)
      m /= p;
  if (m > 1) { // Bluestein's convolution length
    m = 1;
    while (m < 2 * n - 1)
      m *= 2;
    return log2((double)m);
  }
  return n < 4 ? 2.0 : log2((double)n);
}

static void report(const char *what, const double *got, const double *ref, long long count,
                   long long points, double u) {
  long double num = 0, den = 0;
  for (long long i = 0; i < count; i++) {
    long double d = (long double)got[i] - ref[i];
    num += d * d, den += (long double)ref[i] * ref[i];
  }
  double err = (double)sqrtl(num / (den > 0 ? den : 1));
  double bound = u * error_log2(points);
  bool ok = err <= bound;
  printf("%-52s rel_rms %.3e  bound %.3e%s\n", what, err, bound, ok ? "" : "  FAIL");
  if (!ok) failures++;
}

template <class R> struct api;
template <> struct api<double> {
  typedef fftw_complex C;
  typedef fftw_plan plan;
  static constexpr double u = 0x1p-53;
  static const char *name() { return "fftw"; }
  static plan dft(int rank, const int *n, C *i, C *o, int s) {
    if (rank == 1) return fftw_plan_dft_1d(n[0], i, o, s, FFTW_ESTIMATE);
    if (rank == 2) return fftw_plan_dft_2d(n[0], n[1], i, o, s, FFTW_MEASURE);
    return fftw_plan_dft(rank, n, i, o, s, FFTW_ESTIMATE);
  }
  static plan r2c(int rank, const int *n, double *i, C *o) {
    if (rank == 1) return fftw_plan_dft_r2c_1d(n[0], i, o, FFTW_ESTIMATE);
    if (rank == 2) return fftw_plan_dft_r2c_2d(n[0], n[1], i, o, FFTW_ESTIMATE);
    return fftw_plan_dft_r2c(rank, n, i, o, FFTW_ESTIMATE);
  }
  static plan c2r(int rank, const int *n, C *i, double *o) {
    if (rank == 1) return fftw_plan_dft_c2r_1d(n[0], i, o, FFTW_ESTIMATE);
    if (rank == 3) return fftw_plan_dft_c2r_3d(n[0], n[1], n[2], i, o, FFTW_ESTIMATE);
    return fftw_plan_dft_c2r(rank, n, i, o, FFTW_ESTIMATE);
  }
  static plan many(int rank, const int *n, int batch, C *i, const int *ie, int is, int id, C *o,
                   const int *oe, int os, int od, int s) {
    return fftw_plan_many_dft(rank, n, batch, i, ie, is, id, o, oe, os, od, s, FFTW_ESTIMATE);
  }
  static plan many_r2c(int rank, const int *n, int batch, double *i, const int *ie, int is, int id,
                       C *o, const int *oe, int os, int od) {
    return fftw_plan_many_dft_r2c(rank, n, batch, i, ie, is, id, o, oe, os, od, FFTW_ESTIMATE);
  }
  static plan many_c2r(int rank, const int *n, int batch, C *i, const int *ie, int is, int id,
                       double *o, const int *oe, int os, int od) {
    return fftw_plan_many_dft_c2r(rank, n, batch, i, ie, is, id, o, oe, os, od, FFTW_ESTIMATE);
  }
  static void execute(plan p) { fftw_execute(p); }
  static void execute_dft(plan p, C *i, C *o) { fftw_execute_dft(p, i, o); }
  static void execute_r2c(plan p, double *i, C *o) { fftw_execute_dft_r2c(p, i, o); }
  static void execute_c2r(plan p, C *i, double *o) { fftw_execute_dft_c2r(p, i, o); }
  static void destroy(plan p) { fftw_destroy_plan(p); }
  static void *alloc(size_t b) { return fftw_malloc(b); }
  static void release(void *p) { fftw_free(p); }
};
template <> struct api<float> {
  typedef fftwf_complex C;
  typedef fftwf_plan plan;
  static constexpr double u = 0x1p-24;
  static const char *name() { return "fftwf"; }
  static plan dft(int rank, const int *n, C *i, C *o, int s) {
    if (rank == 1) return fftwf_plan_dft_1d(n[0], i, o, s, FFTW_ESTIMATE);
    if (rank == 2) return fftwf_plan_dft_2d(n[0], n[1], i, o, s, FFTW_MEASURE);
    return fftwf_plan_dft_3d(n[0], n[1], n[2], i, o, s, FFTW_ESTIMATE);
  }
  static plan r2c(int rank, const int *n, float *i, C *o) {
    if (rank == 1) return fftwf_plan_dft_r2c_1d(n[0], i, o, FFTW_ESTIMATE);
    if (rank == 3) return fftwf_plan_dft_r2c_3d(n[0], n[1], n[2], i, o, FFTW_ESTIMATE);
    return fftwf_plan_dft_r2c(rank, n, i, o, FFTW_ESTIMATE);
  }
  static plan c2r(int rank, const int *n, C *i, float *o) {
    if (rank == 1) return fftwf_plan_dft_c2r_1d(n[0], i, o, FFTW_ESTIMATE);
    if (rank == 2) return fftwf_plan_dft_c2r_2d(n[0], n[1], i, o, FFTW_ESTIMATE);
    return fftwf_plan_dft_c2r(rank, n, i, o, FFTW_ESTIMATE);
  }
  static plan many(int rank, const int *n, int batch, C *i, const int *ie, int is, int id, C *o,
                   const int *oe, int os, int od, int s) {
    return fftwf_plan_many_dft(rank, n, batch, i, ie, is, id, o, oe, os, od, s, FFTW_ESTIMATE);
  }
  static plan many_r2c(int rank, const int *n, int batch, float *i, const int *ie, int is, int id,
                       C *o, const int *oe, int os, int od) {
    return fftwf_plan_many_dft_r2c(rank, n, batch, i, ie, is, id, o, oe, os, od, FFTW_ESTIMATE);
  }
  static plan many_c2r(int rank, const int *n, int batch, C *i, const int *ie, int is, int id,
                       float *o, const int *oe, int os, int od) {
    return fftwf_plan_many_dft_c2r(rank, n, batch, i, ie, is, id, o, oe, os, od, FFTW_ESTIMATE);
  }
  static void execute(plan p) { fftwf_execute(p); }
  static void execute_dft(plan p, C *i, C *o) { fftwf_execute_dft(p, i, o); }
  static void execute_r2c(plan p, float *i, C *o) { fftwf_execute_dft_r2c(p, i, o); }
  static void execute_c2r(plan p, C *i, float *o) { fftwf_execute_dft_c2r(p, i, o); }
  static void destroy(plan p) { fftwf_destroy_plan(p); }
  static void *alloc(size_t b) { return fftwf_malloc(b); }
  static void release(void *p) { fftwf_free(p); }
};

static long long points(int rank, const int *n) {
  long long p = 1;
  for (int d = 0; d < rank; d++)
    p *= n[d];
  return p;
}

static void describe(char *what, size_t size, const char *kind, const char *prefix, int rank,
                     const int *n, const char *note) {
  int len = snprintf(what, size, "%s %s", prefix, kind);
  for (int d = 0; d < rank; d++)
    len += snprintf(what + len, size - len, "%s%d", d ? "x" : " n=", n[d]);
  snprintf(what + len, size - len, " %s", note);
}

// fftw_plan_dft_* (basic interface) in place or out of place, then fftw_execute_dft on a
// second pair of arrays of the same kind.
template <class R> static void check_dft(int rank, const int *n, int sign, bool in_place) {
  typedef typename api<R>::C C;
  long long p = points(rank, n);
  C *in = (C *)api<R>::alloc(sizeof(C) * p);
  C *out = in_place ? in : (C *)api<R>::alloc(sizeof(C) * p);
  typename api<R>::plan plan = api<R>::dft(rank, n, in, out, sign);
  if (!plan) {
    printf("FAIL: %s no plan\n", api<R>::name());
    failures++;
    return;
  }
  double *x = (double *)malloc(16 * p), *ref = (double *)malloc(16 * p);
  double *got = (double *)malloc(16 * p);
  R *raw = (R *)in;
  for (long long i = 0; i < 2 * p; i++)
    raw[i] = (R)uniform(), x[i] = raw[i];
  api<R>::execute(plan);
  for (long long i = 0; i < 2 * p; i++)
    got[i] = ((R *)out)[i];
  reference(0, rank, n, 1, sign, x, 2 * p, ref, 2 * p);
  char what[96];
  describe(what, sizeof what, sign < 0 ? "dft fwd" : "dft bwd", api<R>::name(), rank, n,
           in_place ? "in-place" : "");
  report(what, got, ref, 2 * p, p, api<R>::u);
  // The same plan on other arrays (same placement).
  C *in2 = (C *)api<R>::alloc(sizeof(C) * p), *out2 = in_place ? in2 : (C *)api<R>::alloc(sizeof(C) * p);
  for (long long i = 0; i < 2 * p; i++)
    ((R *)in2)[i] = (R)uniform(), x[i] = ((R *)in2)[i];
  api<R>::execute_dft(plan, in2, out2);
  for (long long i = 0; i < 2 * p; i++)
    got[i] = ((R *)out2)[i];
  reference(0, rank, n, 1, sign, x, 2 * p, ref, 2 * p);
  describe(what, sizeof what, "execute_dft", api<R>::name(), rank, n, in_place ? "in-place" : "");
  report(what, got, ref, 2 * p, p, api<R>::u);
  api<R>::destroy(plan);
  api<R>::release(in), api<R>::release(in2);
  if (!in_place) api<R>::release(out), api<R>::release(out2);
  free(x), free(ref), free(got);
}

// r2c then c2r (basic interface) of one shape: in place the real rows are padded to
// 2 (n/2+1), as FFTW's and cuFFT's in-place layouts are.
template <class R> static void check_real(int rank, const int *n, bool in_place) {
  typedef typename api<R>::C C;
  long long rows = points(rank - 1, n), last = n[rank - 1], half = last / 2 + 1;
  long long row = in_place ? 2 * half : last, reals = rows * last, halves = rows * half;
  R *real = (R *)api<R>::alloc(sizeof(R) * rows * (in_place ? 2 * half : last));
  C *spec = in_place ? (C *)real : (C *)api<R>::alloc(sizeof(C) * halves);
  typename api<R>::plan fwd = api<R>::r2c(rank, n, real, spec);
  typename api<R>::plan inv = api<R>::c2r(rank, n, spec, real);
  if (!fwd || !inv) {
    printf("FAIL: %s no real plan\n", api<R>::name());
    failures++;
    return;
  }
  double *x = (double *)malloc(8 * reals), *ref = (double *)malloc(16 * halves);
  double *got = (double *)malloc(16 * halves), *spectrum = (double *)malloc(16 * halves);
  for (long long r = 0; r < rows; r++)
    for (long long z = 0; z < last; z++)
      real[r * row + z] = (R)uniform(), x[r * last + z] = real[r * row + z];
  api<R>::execute(fwd);
  for (long long i = 0; i < 2 * halves; i++)
    got[i] = ((R *)spec)[i];
  reference(1, rank, n, 1, -1, x, reals, ref, 2 * halves);
  char what[96];
  describe(what, sizeof what, "r2c", api<R>::name(), rank, n, in_place ? "in-place" : "");
  report(what, got, ref, 2 * halves, rows * last, api<R>::u);
  // c2r of the spectrum just computed (a real signal's, as c2r wants).
  for (long long i = 0; i < 2 * halves; i++)
    spectrum[i] = ((R *)spec)[i];
  api<R>::execute(inv);
  for (long long r = 0; r < rows; r++)
    for (long long z = 0; z < last; z++)
      got[r * last + z] = real[r * row + z];
  reference(2, rank, n, 1, 1, spectrum, 2 * halves, ref, reals);
  describe(what, sizeof what, "c2r", api<R>::name(), rank, n, in_place ? "in-place" : "");
  report(what, got, ref, reals, rows * last, api<R>::u);
  api<R>::destroy(fwd), api<R>::destroy(inv);
  api<R>::release(real);
  if (!in_place) api<R>::release(spec);
  free(x), free(ref), free(got), free(spectrum);
}

// fftw_plan_many_dft with interleaved input: batch transforms of n, element j of
// transform b at (b + 3 j) (istride 3, idist 1, inembed NULL), output contiguous.
template <class R> static void check_many_interleaved(int n, int batch) {
  typedef typename api<R>::C C;
  long long total = (long long)n * batch;
  C *in = (C *)api<R>::alloc(sizeof(C) * 3 * n), *out = (C *)api<R>::alloc(sizeof(C) * total);
  typename api<R>::plan plan =
      api<R>::many(1, &n, batch, in, NULL, 3, 1, out, NULL, 1, n, FFTW_FORWARD);
  double *x = (double *)malloc(16 * total), *ref = (double *)malloc(16 * total);
  double *got = (double *)malloc(16 * total);
  for (long long i = 0; i < 2 * 3 * n; i++)
    ((R *)in)[i] = (R)1e30; // outside the layout: a value read shows
  for (int b = 0; b < batch; b++)
    for (int j = 0; j < n; j++)
      for (int c = 0; c < 2; c++) {
        R v = (R)uniform();
        ((R *)in)[2 * (b + 3 * j) + c] = v;
        x[2 * ((long long)b * n + j) + c] = v;
      }
  api<R>::execute(plan);
  for (long long i = 0; i < 2 * total; i++)
    got[i] = ((R *)out)[i];
  reference(0, 1, &n, batch, -1, x, 2 * total, ref, 2 * total);
  char what[96];
  snprintf(what, sizeof what, "%s many_dft n=%d batch %d istride 3 idist 1", api<R>::name(), n,
           batch);
  report(what, got, ref, 2 * total, n, api<R>::u);
  api<R>::destroy(plan);
  api<R>::release(in), api<R>::release(out);
  free(x), free(ref), free(got);
}

// fftw_plan_many_dft_r2c / c2r of 2-D shapes with embeds: real rows width apart,
// transforms dist apart; spectra contiguous.
template <class R> static void check_many_real(int n0, int n1, int batch) {
  typedef typename api<R>::C C;
  const int width = n1 + 3, half = n1 / 2 + 1, n[2] = {n0, n1};
  const int rdist = n0 * width + 2, cdist = n0 * half;
  const int rembed[2] = {n0, width}, cembed[2] = {n0, half};
  long long reals = (long long)n0 * n1 * batch, halves = (long long)cdist * batch;
  R *real = (R *)api<R>::alloc(sizeof(R) * rdist * batch);
  C *spec = (C *)api<R>::alloc(sizeof(C) * halves);
  typename api<R>::plan fwd = api<R>::many_r2c(2, n, batch, real, rembed, 1, rdist, spec, cembed,
                                               1, cdist);
  typename api<R>::plan inv = api<R>::many_c2r(2, n, batch, spec, cembed, 1, cdist, real, rembed,
                                               1, rdist);
  double *x = (double *)malloc(8 * reals), *ref = (double *)malloc(16 * halves);
  double *got = (double *)malloc(16 * halves), *spectrum = (double *)malloc(16 * halves);
  for (int b = 0; b < batch; b++)
    for (int i = 0; i < n0; i++)
      for (int j = 0; j < n1; j++) {
        R v = (R)uniform();
        real[b * rdist + i * width + j] = v;
        x[((long long)b * n0 + i) * n1 + j] = v;
      }
  api<R>::execute_r2c(fwd, real, spec);
  for (long long i = 0; i < 2 * halves; i++)
    got[i] = ((R *)spec)[i], spectrum[i] = got[i];
  reference(1, 2, n, batch, -1, x, reals, ref, 2 * halves);
  char what[96];
  snprintf(what, sizeof what, "%s many_dft_r2c %dx%d batch %d embeds", api<R>::name(), n0, n1,
           batch);
  report(what, got, ref, 2 * halves, n0 * n1, api<R>::u);
  api<R>::execute_c2r(inv, spec, real);
  for (int b = 0; b < batch; b++)
    for (int i = 0; i < n0; i++)
      for (int j = 0; j < n1; j++)
        got[((long long)b * n0 + i) * n1 + j] = real[b * rdist + i * width + j];
  reference(2, 2, n, batch, 1, spectrum, 2 * halves, ref, reals);
  snprintf(what, sizeof what, "%s many_dft_c2r %dx%d batch %d embeds", api<R>::name(), n0, n1,
           batch);
  report(what, got, ref, reals, n0 * n1, api<R>::u);
  api<R>::destroy(fwd), api<R>::destroy(inv);
  api<R>::release(real), api<R>::release(spec);
  free(x), free(ref), free(got), free(spectrum);
}

template <class R> static void check_precision() {
  const int n1[1] = {1000}, n7[1] = {343}, nb[1] = {97}, n2[2] = {12, 20}, n3[3] = {6, 5, 8};
  check_dft<R>(1, n1, FFTW_FORWARD, false);
  check_dft<R>(1, n7, FFTW_BACKWARD, true);
  check_dft<R>(1, nb, FFTW_FORWARD, false);
  check_dft<R>(2, n2, FFTW_BACKWARD, true);
  check_dft<R>(3, n3, FFTW_FORWARD, false);
  const int r1[1] = {105}, r2[1] = {128}, r3[2] = {10, 14}, r4[3] = {4, 6, 9};
  for (int in_place = 0; in_place < 2; in_place++) {
    check_real<R>(1, r1, in_place);
    check_real<R>(1, r2, in_place);
    check_real<R>(2, r3, in_place);
    check_real<R>(3, r4, in_place);
  }
  check_many_interleaved<R>(64, 3);
  check_many_real<R>(6, 15, 2);
  check_many_real<R>(4, 16, 3);
}

int main() {
  oracle = getenv("CUFFTW_ORACLE");
  if (!oracle || !*oracle) {
    printf("FAIL: CUFFTW_ORACLE names no FFTW oracle program (fftw_oracle.c)\n");
    return 1;
  }
  check_precision<double>();
  check_precision<float>();
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
