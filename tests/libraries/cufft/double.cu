// double.cu — cuFFT's double-precision transforms (Z2Z, D2Z, Z2D) against FFTW (double):
// radix lengths, a general radix, Bluestein's algorithm, batches, 2-D and 3-D, real
// transforms in place and out of place, inverse(forward(x)) = n x. Relative RMS errors
// within 1 u log2(n), u = 2^-53 (fft_check.h; FFTW's own error, of the same order, is
// inside the margin). Sizes stay moderate: Metal has no double, Anchor's is exact
// software binary64 (docs/devlib.md), slow on softmetal.
// Build: anchorcc -O2 double.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

static void check_z2z(int rank, const int *n, int batch, int dir, bool in_place) {
  long long per = 1;
  for (int i = 0; i < rank; i++)
    per *= n[i];
  long long total = per * batch;
  double *in = (double *)malloc(16 * total), *ref = (double *)malloc(16 * total);
  double *got = (double *)malloc(16 * total);
  for (long long i = 0; i < 2 * total; i++)
    in[i] = uniform();
  cufftDoubleComplex *a, *b;
  CHECK_CUDA(cudaMalloc(&a, 16 * total));
  b = a;
  if (!in_place) CHECK_CUDA(cudaMalloc(&b, 16 * total));
  CHECK_CUDA(cudaMemcpy(a, in, 16 * total, cudaMemcpyHostToDevice));
  cufftHandle plan;
  int nn[3] = {n[0], rank > 1 ? n[1] : 0, rank > 2 ? n[2] : 0};
  CHECK_FFT(cufftPlanMany(&plan, rank, nn, NULL, 1, 0, NULL, 1, 0, CUFFT_Z2Z, batch));
  CHECK_FFT(cufftExecZ2Z(plan, a, b, dir));
  CHECK_CUDA(cudaMemcpy(got, b, 16 * total, cudaMemcpyDeviceToHost));
  reference_dft(rank, n, batch, in, ref, dir);
  char what[96];
  int len = snprintf(what, sizeof what, "Z2Z %s", dir < 0 ? "fwd" : "inv");
  for (int i = 0; i < rank; i++)
    len += snprintf(what + len, sizeof what - len, "%s%d", i ? "x" : " n=", n[i]);
  snprintf(what + len, sizeof what - len, " batch %d %s", batch, in_place ? "in-place" : "");
  report(what, rel_rms(got, ref, total), per, 0x1p-53);
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(a));
  if (!in_place) CHECK_CUDA(cudaFree(b));
  free(in), free(ref), free(got);
}

// D2Z then Z2D of one length (basic layout), each against FFTW; the second gives n x.
static void check_real(int n, int batch, bool in_place) {
  long long half = n / 2 + 1, row = in_place ? 2 * half : n;
  double *x = (double *)malloc(8 * n * batch), *h = (double *)calloc(row * batch + 2, 8);
  double *spectrum = (double *)malloc(16 * half * batch),
         *ref = (double *)malloc(16 * half * batch);
  double *back = (double *)malloc(8 * n * batch), *scaled = (double *)malloc(8 * n * batch);
  for (long long b = 0; b < batch; b++)
    for (long long z = 0; z < n; z++)
      h[b * row + z] = x[b * n + z] = uniform(), scaled[b * n + z] = x[b * n + z] * n;
  double *din;
  cufftDoubleComplex *dspec;
  size_t real_bytes = 8 * row * batch, spec_bytes = 16 * half * batch;
  CHECK_CUDA(cudaMalloc(&din, real_bytes > spec_bytes ? real_bytes : spec_bytes));
  dspec = (cufftDoubleComplex *)din;
  if (!in_place) CHECK_CUDA(cudaMalloc(&dspec, spec_bytes));
  CHECK_CUDA(cudaMemcpy(din, h, real_bytes, cudaMemcpyHostToDevice));
  cufftHandle fwd, inv;
  CHECK_FFT(cufftPlan1d(&fwd, n, CUFFT_D2Z, batch));
  CHECK_FFT(cufftPlan1d(&inv, n, CUFFT_Z2D, batch));
  CHECK_FFT(cufftExecD2Z(fwd, din, dspec));
  CHECK_CUDA(cudaMemcpy(spectrum, dspec, spec_bytes, cudaMemcpyDeviceToHost));
  fftw_plan p = fftw_plan_many_dft_r2c(1, &n, batch, x, NULL, 1, n, (fftw_complex *)ref, NULL, 1,
                                       (int)half, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  char what[96];
  snprintf(what, sizeof what, "D2Z n=%d batch %d %s", n, batch, in_place ? "in-place" : "");
  report(what, rel_rms(spectrum, ref, half * batch), n, 0x1p-53);
  CHECK_FFT(cufftExecZ2D(inv, dspec, din));
  CHECK_CUDA(cudaMemcpy(h, din, real_bytes, cudaMemcpyDeviceToHost));
  for (long long b = 0; b < batch; b++)
    for (long long z = 0; z < n; z++)
      back[b * n + z] = h[b * row + z];
  snprintf(what, sizeof what, "Z2D(D2Z(x)) = n x, n=%d batch %d %s", n, batch,
           in_place ? "in-place" : "");
  report(what, rel_rms_values(back, scaled, n * batch) / 2, n, 0x1p-53);
  CHECK_FFT(cufftDestroy(fwd));
  CHECK_FFT(cufftDestroy(inv));
  CHECK_CUDA(cudaFree(din));
  if (!in_place) CHECK_CUDA(cudaFree(dspec));
  free(x), free(h), free(spectrum), free(ref), free(back), free(scaled);
}

int main() {
  const int lengths[] = {8, 1024, 360, 343, 1001, 97, 4099};
  int k = 0;
  for (int n : lengths) {
    check_z2z(1, &n, n < 1000 ? 2 : 1, CUFFT_FORWARD, k % 2);
    check_z2z(1, &n, 1, CUFFT_INVERSE, !(k % 2));
    k++;
  }
  const int n2[2] = {16, 12}, n3[3] = {8, 6, 5};
  check_z2z(2, n2, 2, CUFFT_FORWARD, false);
  check_z2z(3, n3, 1, CUFFT_INVERSE, true);
  const int reals[] = {256, 255, 37, 74}; // even: the half-length path (74: Bluestein)
  for (int n : reals)
    for (int in_place = 0; in_place < 2; in_place++)
      check_real(n, 2, in_place);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
