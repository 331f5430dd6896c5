// c2c.cu — cuFFT's single-precision complex transforms in one dimension against FFTW
// (double): lengths of every radix kernel (2, 4, 8; 3, 5, 7; the general radix 11 to
// 31), mixed factors, primes through Bluestein's algorithm (37, 97, 1009, 4099), large
// powers of two, batches, both directions, in place and out of place, and an inverse
// after a forward transform giving n x. Relative RMS errors within 1 u log2(n)
// (fft_check.h). Build: anchorcc -O2 c2c.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

// inverse(forward(x)) = n x (cuFFT does not normalise).
static void round_trip(int n, int batch) {
  long long total = (long long)n * batch;
  float *h = (float *)malloc(8 * total);
  double *x = (double *)malloc(16 * total), *got = (double *)malloc(16 * total);
  for (long long i = 0; i < 2 * total; i++)
    h[i] = (float)uniform(), x[i] = (double)h[i] * n;
  cufftComplex *d;
  CHECK_CUDA(cudaMalloc(&d, 8 * total));
  CHECK_CUDA(cudaMemcpy(d, h, 8 * total, cudaMemcpyHostToDevice));
  cufftHandle plan;
  CHECK_FFT(cufftPlan1d(&plan, n, CUFFT_C2C, batch));
  CHECK_FFT(cufftExecC2C(plan, d, d, CUFFT_FORWARD));
  CHECK_FFT(cufftExecC2C(plan, d, d, CUFFT_INVERSE));
  CHECK_CUDA(cudaMemcpy(h, d, 8 * total, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < 2 * total; i++)
    got[i] = h[i];
  char what[64];
  snprintf(what, sizeof what, "inverse(forward(x)) = n x, n=%d batch %d", n, batch);
  // Two transforms: twice the bound of one.
  report(what, rel_rms(got, x, total) / 2, n, 0x1p-24);
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(d));
  free(h), free(x), free(got);
}

int main() {
  // radix 2, 4, 8 alone and together; 3, 5, 7; general radices; mixed; one point.
  const int lengths[] = {1,    2,     4,  8,   16,  32,   128,  1024, 3,       9,
                         27,   243,   5,  125, 625, 7,    49,   343,  11,      13,
                         17,   19,    23, 29,  31,  12,   60,   100,  360,     1000,
                         2310, 30030, 37, 74,  97,  1009, 4099, 6561, 4096 * 3};
  int k = 0;
  for (int n : lengths) {
    int batch = n < 64 ? 5 : n < 5000 ? 3 : 1;
    check_c2c(1, &n, batch, CUFFT_FORWARD, k % 2, k % 3 == 0); // some through cufftPlan1d
    check_c2c(1, &n, batch, CUFFT_INVERSE, !(k % 2));
    k++;
  }
  // Large powers of two.
  const int large[] = {1 << 16, 1 << 20};
  for (int n : large)
    check_c2c(1, &n, 1, CUFFT_FORWARD, false);
  round_trip(1000, 2);
  round_trip(1 << 12, 1);
  round_trip(4099, 1);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
