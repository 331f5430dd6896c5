// radix7.cu — lengths whose passes include radix 7 (7^k, 7 2^k, 7 3 5, 49 times other
// radices), in float and double, C2C/Z2Z both directions, R2C/D2Z and C2R/Z2D (even
// lengths: the half-length path over n/2, which keeps the 7; odd lengths: the paired-row
// path over n), 1-D batched and a 2-D shape, against FFTW (double) with fft_check.h's
// bounds. Every length here factors into 2, 3, 5 and 7 only, so on Anchor no general
// radix kernel may run: CTest cufft.radix7_kernels runs this program with SOFTMETAL_TRACE
// and checks the radix-7 kernels ran and the general one never did.
// Build: anchorcc -O2 radix7.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

template <class R> struct fft_types;
template <> struct fft_types<float> {
  static constexpr cufftType c2c = CUFFT_C2C, r2c = CUFFT_R2C, c2r = CUFFT_C2R;
  static constexpr double u = 0x1p-24;
  static const char *name() { return "float"; }
  static cufftResult c2c_exec(cufftHandle p, void *i, void *o, int dir) {
    return cufftExecC2C(p, (cufftComplex *)i, (cufftComplex *)o, dir);
  }
  static cufftResult r2c_exec(cufftHandle p, void *i, void *o) {
    return cufftExecR2C(p, (cufftReal *)i, (cufftComplex *)o);
  }
  static cufftResult c2r_exec(cufftHandle p, void *i, void *o) {
    return cufftExecC2R(p, (cufftComplex *)i, (cufftReal *)o);
  }
};
template <> struct fft_types<double> {
  static constexpr cufftType c2c = CUFFT_Z2Z, r2c = CUFFT_D2Z, c2r = CUFFT_Z2D;
  static constexpr double u = 0x1p-53;
  static const char *name() { return "double"; }
  static cufftResult c2c_exec(cufftHandle p, void *i, void *o, int dir) {
    return cufftExecZ2Z(p, (cufftDoubleComplex *)i, (cufftDoubleComplex *)o, dir);
  }
  static cufftResult r2c_exec(cufftHandle p, void *i, void *o) {
    return cufftExecD2Z(p, (cufftDoubleReal *)i, (cufftDoubleComplex *)o);
  }
  static cufftResult c2r_exec(cufftHandle p, void *i, void *o) {
    return cufftExecZ2D(p, (cufftDoubleComplex *)i, (cufftDoubleReal *)o);
  }
};

// Copies count values of precision R from the device into doubles.
template <class R> static void fetch(double *to, const void *from, long long count) {
  R *h = (R *)malloc(sizeof(R) * count);
  CHECK_CUDA(cudaMemcpy(h, from, sizeof(R) * count, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < count; i++)
    to[i] = h[i];
  free(h);
}

// Rounds count doubles to R (in place) and copies them to the device.
template <class R> static void *upload(double *values, long long count) {
  R *h = (R *)malloc(sizeof(R) * count);
  for (long long i = 0; i < count; i++)
    h[i] = (R)values[i], values[i] = h[i];
  void *d;
  CHECK_CUDA(cudaMalloc(&d, sizeof(R) * count));
  CHECK_CUDA(cudaMemcpy(d, h, sizeof(R) * count, cudaMemcpyHostToDevice));
  free(h);
  return d;
}

static void describe(char *what, size_t size, const char *kind, const char *type, int rank,
                     const int *n, int batch) {
  int len = snprintf(what, size, "%s %s", kind, type);
  for (int i = 0; i < rank; i++)
    len += snprintf(what + len, size - len, "%s%d", i ? "x" : " n=", n[i]);
  snprintf(what + len, size - len, " batch %d", batch);
}

// C2C (Z2Z) of rank dims, out of place, both directions, against FFTW.
template <class R> static void check_complex(int rank, const int *n, int batch) {
  long long per = 1;
  for (int i = 0; i < rank; i++)
    per *= n[i];
  long long total = per * batch;
  double *x = (double *)malloc(16 * total), *ref = (double *)malloc(16 * total);
  double *got = (double *)malloc(16 * total);
  for (long long i = 0; i < 2 * total; i++)
    x[i] = uniform();
  void *din = upload<R>(x, 2 * total), *dout;
  CHECK_CUDA(cudaMalloc(&dout, 2 * sizeof(R) * total));
  cufftHandle plan;
  int nn[3] = {n[0], rank > 1 ? n[1] : 0, rank > 2 ? n[2] : 0};
  CHECK_FFT(cufftPlanMany(&plan, rank, nn, NULL, 1, 0, NULL, 1, 0, fft_types<R>::c2c, batch));
  for (int k = 0; k < 2; k++) {
    int dir = k ? CUFFT_INVERSE : CUFFT_FORWARD;
    CHECK_FFT(fft_types<R>::c2c_exec(plan, din, dout, dir));
    fetch<R>(got, dout, 2 * total);
    reference_dft(rank, nn, batch, x, ref, dir);
    char what[96];
    describe(what, sizeof what, dir < 0 ? "C2C fwd" : "C2C inv", fft_types<R>::name(), rank, n,
             batch);
    report(what, rel_rms(got, ref, total), per, fft_types<R>::u);
  }
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  free(x), free(ref), free(got);
}

// R2C (D2Z) and C2R (Z2D) of rank dims, out of place (unpadded real rows), against FFTW:
// the forward transform of random reals, the inverse of a real signal's spectrum.
template <class R> static void check_real(int rank, const int *n, int batch) {
  int nn[3] = {n[0], rank > 1 ? n[1] : 0, rank > 2 ? n[2] : 0};
  long long rows = 1, last = n[rank - 1], half = last / 2 + 1;
  for (int i = 0; i < rank - 1; i++)
    rows *= n[i];
  long long reals = rows * last * batch, halves = rows * half * batch;
  int per_real = (int)(rows * last), per_half = (int)(rows * half);
  double *x = (double *)malloc(8 * reals), *spectrum = (double *)malloc(16 * halves);
  double *got = (double *)malloc(16 * halves), *back = (double *)malloc(8 * reals);
  for (long long i = 0; i < reals; i++)
    x[i] = uniform();
  void *dreal = upload<R>(x, reals), *dspec;
  CHECK_CUDA(cudaMalloc(&dspec, 2 * sizeof(R) * halves));
  cufftHandle fwd, inv;
  CHECK_FFT(cufftPlanMany(&fwd, rank, nn, NULL, 1, 0, NULL, 1, 0, fft_types<R>::r2c, batch));
  CHECK_FFT(cufftPlanMany(&inv, rank, nn, NULL, 1, 0, NULL, 1, 0, fft_types<R>::c2r, batch));
  CHECK_FFT(fft_types<R>::r2c_exec(fwd, dreal, dspec));
  fetch<R>(got, dspec, 2 * halves);
  fftw_plan p = fftw_plan_many_dft_r2c(rank, nn, batch, x, NULL, 1, per_real,
                                       (fftw_complex *)spectrum, NULL, 1, per_half, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  char what[96];
  describe(what, sizeof what, "R2C", fft_types<R>::name(), rank, n, batch);
  report(what, rel_rms(got, spectrum, halves), rows * last, fft_types<R>::u);
  // C2R of FFTW's spectrum rounded to R (a real signal's spectrum, exactly hermitian).
  CHECK_CUDA(cudaFree(dspec));
  dspec = upload<R>(spectrum, 2 * halves);
  CHECK_FFT(fft_types<R>::c2r_exec(inv, dspec, dreal));
  fetch<R>(got, dreal, reals);
  p = fftw_plan_many_dft_c2r(rank, nn, batch, (fftw_complex *)spectrum, NULL, 1, per_half, back,
                             NULL, 1, per_real, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  describe(what, sizeof what, "C2R", fft_types<R>::name(), rank, n, batch);
  report(what, rel_rms_values(got, back, reals), rows * last, fft_types<R>::u);
  CHECK_FFT(cufftDestroy(fwd));
  CHECK_FFT(cufftDestroy(inv));
  CHECK_CUDA(cudaFree(dreal));
  CHECK_CUDA(cudaFree(dspec));
  free(x), free(spectrum), free(got), free(back);
}

template <class R> static void check_all(const int *lengths, int count) {
  for (int i = 0; i < count; i++) {
    int n = lengths[i], batch = n < 100 ? 5 : n < 3000 ? 3 : 1;
    check_complex<R>(1, &n, batch);
    check_real<R>(1, &n, batch);
  }
  const int n2[2] = {14, 21};
  check_complex<R>(2, n2, 2);
  check_real<R>(2, n2, 2);
}

int main() {
  // 7^k, 7 2^k, 7 3 5, 49 with other radices; even real lengths keep a 7 in n/2.
  const int lengths[] = {7, 49, 343, 2401, 14, 28, 56, 112, 896, 7168, 105, 392, 735, 1470, 3675};
  check_all<float>(lengths, sizeof lengths / sizeof *lengths);
  const int double_lengths[] = {7, 49, 343, 14, 56, 105, 392, 735};
  check_all<double>(double_lengths, sizeof double_lengths / sizeof *double_lengths);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
