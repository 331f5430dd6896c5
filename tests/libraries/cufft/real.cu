// real.cu — cuFFT's single-precision real transforms (R2C forward, C2R inverse) against
// FFTW (double), in one, two and three dimensions, even and odd lengths, lengths through
// Bluestein's algorithm, batches, out of place (unpadded real rows) and in place (real
// rows padded to 2 (n/2+1) values, as cuFFT's basic layout has them). The half spectrum
// has n/2+1 values along the last dimension. Relative RMS errors within 1 u log2(n)
// (fft_check.h). Build: anchorcc -O2 real.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

struct shape {
  int rank, n[3];
  long long rows, last, half, real_row; // rows: product of all but the last dimension
};

static shape make_shape(int rank, const int *n, bool in_place) {
  shape s = {rank, {0, 0, 0}, 1, n[rank - 1], n[rank - 1] / 2 + 1, 0};
  for (int i = 0; i < rank; i++) {
    s.n[i] = n[i];
    if (i < rank - 1) s.rows *= n[i];
  }
  s.real_row = in_place ? 2 * s.half : s.last;
  return s;
}

static void describe(char *what, size_t size, const char *kind, const shape &s, int batch,
                     bool in_place) {
  int len = snprintf(what, size, "%s", kind);
  for (int i = 0; i < s.rank; i++)
    len += snprintf(what + len, size - len, "%s%d", i ? "x" : " n=", s.n[i]);
  snprintf(what + len, size - len, " batch %d %s", batch, in_place ? "in-place" : "");
}

static void check_r2c(int rank, const int *n, int batch, bool in_place) {
  shape s = make_shape(rank, n, in_place);
  long long reals = s.rows * s.last * batch, halves = s.rows * s.half * batch;
  long long in_floats = s.rows * s.real_row * batch;
  size_t in_bytes = in_floats * 4, out_bytes = halves * 8;
  float *h = (float *)calloc(in_floats > 2 * halves ? in_floats : 2 * halves, 4);
  double *x = (double *)malloc(8 * reals), *ref = (double *)malloc(16 * halves);
  double *got = (double *)malloc(16 * halves);
  for (long long r = 0; r < s.rows * batch; r++)
    for (long long z = 0; z < s.last; z++) {
      float v = (float)uniform();
      h[r * s.real_row + z] = v;
      x[r * s.last + z] = v;
    }
  float *din;
  cufftComplex *dout;
  CHECK_CUDA(cudaMalloc(&din, in_bytes > out_bytes ? in_bytes : out_bytes));
  dout = (cufftComplex *)din;
  if (!in_place) CHECK_CUDA(cudaMalloc(&dout, out_bytes));
  CHECK_CUDA(cudaMemcpy(din, h, in_bytes, cudaMemcpyHostToDevice));
  cufftHandle plan;
  int nn[3] = {s.n[0], s.n[1], s.n[2]};
  CHECK_FFT(cufftPlanMany(&plan, rank, nn, NULL, 1, 0, NULL, 1, 0, CUFFT_R2C, batch));
  CHECK_FFT(cufftExecR2C(plan, din, dout));
  CHECK_CUDA(cudaMemcpy(h, dout, out_bytes, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < 2 * halves; i++)
    got[i] = h[i];
  fftw_plan p =
      fftw_plan_many_dft_r2c(rank, nn, batch, x, NULL, 1, (int)(s.rows * s.last),
                             (fftw_complex *)ref, NULL, 1, (int)(s.rows * s.half), FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  char what[96];
  describe(what, sizeof what, "R2C", s, batch, in_place);
  report(what, rel_rms(got, ref, halves), s.rows * s.last, 0x1p-24);
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(din));
  if (!in_place) CHECK_CUDA(cudaFree(dout));
  free(h), free(x), free(ref), free(got);
}

static void check_c2r(int rank, const int *n, int batch, bool in_place) {
  shape s = make_shape(rank, n, in_place);
  long long reals = s.rows * s.last * batch, halves = s.rows * s.half * batch;
  long long out_floats = s.rows * s.real_row * batch;
  size_t in_bytes = halves * 8, out_bytes = out_floats * 4;
  // A real signal's half spectrum (FFTW, rounded to float) is the input.
  double *x = (double *)malloc(8 * reals), *spectrum = (double *)malloc(16 * halves);
  double *ref = (double *)malloc(8 * reals), *got = (double *)malloc(8 * reals);
  for (long long i = 0; i < reals; i++)
    x[i] = uniform();
  int nn[3] = {s.n[0], s.n[1], s.n[2]};
  int per_real = (int)(s.rows * s.last), per_half = (int)(s.rows * s.half);
  fftw_plan p = fftw_plan_many_dft_r2c(rank, nn, batch, x, NULL, 1, per_real,
                                       (fftw_complex *)spectrum, NULL, 1, per_half, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  float *h = (float *)calloc(out_floats > 2 * halves ? out_floats : 2 * halves, 4);
  for (long long i = 0; i < 2 * halves; i++)
    h[i] = (float)spectrum[i], spectrum[i] = h[i];
  cufftComplex *din;
  float *dout;
  CHECK_CUDA(cudaMalloc(&din, in_bytes > out_bytes ? in_bytes : out_bytes));
  dout = (float *)din;
  if (!in_place) CHECK_CUDA(cudaMalloc(&dout, out_bytes));
  CHECK_CUDA(cudaMemcpy(din, h, in_bytes, cudaMemcpyHostToDevice));
  cufftHandle plan;
  CHECK_FFT(cufftPlanMany(&plan, rank, nn, NULL, 1, 0, NULL, 1, 0, CUFFT_C2R, batch));
  CHECK_FFT(cufftExecC2R(plan, din, dout));
  CHECK_CUDA(cudaMemcpy(h, dout, out_bytes, cudaMemcpyDeviceToHost));
  for (long long r = 0; r < s.rows * batch; r++)
    for (long long z = 0; z < s.last; z++)
      got[r * s.last + z] = h[r * s.real_row + z];
  p = fftw_plan_many_dft_c2r(rank, nn, batch, (fftw_complex *)spectrum, NULL, 1, per_half, ref,
                             NULL, 1, per_real, FFTW_ESTIMATE);
  fftw_execute(p); // destroys spectrum, which is not used again
  fftw_destroy_plan(p);
  char what[96];
  describe(what, sizeof what, "C2R", s, batch, in_place);
  report(what, rel_rms_values(got, ref, reals), s.rows * s.last, 0x1p-24);
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(din));
  if (!in_place) CHECK_CUDA(cudaFree(dout));
  free(h), free(x), free(spectrum), free(ref), free(got);
}

int main() {
  // Even lengths take the half-length path (194: its 97 points by Bluestein), odd ones
  // the complex transform of the real data.
  const int lengths[] = {1, 2, 3, 4, 6, 8, 15, 64, 100, 194, 243, 97, 1000, 4099, 1 << 14};
  for (int n : lengths)
    for (int in_place = 0; in_place < 2; in_place++) {
      int batch = n < 5000 ? 3 : 1;
      check_r2c(1, &n, batch, in_place);
      check_c2r(1, &n, batch, in_place);
    }
  const int shapes[][4] = {{2, 12, 20}, {2, 7, 9},     {2, 37, 16},  {2, 6, 74},
                           {2, 64, 64}, {3, 6, 10, 8}, {3, 5, 6, 7}, {3, 16, 16, 16}};
  for (const auto &sh : shapes)
    for (int in_place = 0; in_place < 2; in_place++) {
      check_r2c(sh[0], sh + 1, 2, in_place);
      check_c2r(sh[0], sh + 1, 2, in_place);
    }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
