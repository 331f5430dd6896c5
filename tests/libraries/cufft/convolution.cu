// convolution.cu — cuFFT as NVIDIA's samples use it (simpleCUFFT's pattern): a linear
// convolution of a signal with a filter through R2C transforms, a kernel of the
// program's own multiplying the spectra (and scaling by 1/m), and a C2R transform, all in
// one stream; batched signals, one filter. Checked against the direct convolution in
// long double: three transforms, so the bound is 3 u log2(m) (fft_check.h's form).
// Build: anchorcc -O2 convolution.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

enum { SIGNAL = 1000, TAPS = 31, M = 1024 + 32, BATCH = 4 }; // m >= SIGNAL + TAPS - 1

__global__ void multiply(cufftComplex *spectra, const cufftComplex *filter, int half, int batch,
                         float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= half * batch) return;
  cufftComplex a = spectra[i], b = filter[i % half];
  spectra[i] =
      make_cuFloatComplex(scale * (a.x * b.x - a.y * b.y), scale * (a.x * b.y + a.y * b.x));
}

int main() {
  const int half = M / 2 + 1;
  static float signal[BATCH][M], filter[M], result[BATCH][M];
  for (int b = 0; b < BATCH; b++)
    for (int i = 0; i < M; i++)
      signal[b][i] = i < SIGNAL ? (float)uniform() : 0.0f;
  for (int i = 0; i < M; i++)
    filter[i] = i < TAPS ? (float)uniform() : 0.0f;

  float *d_signal, *d_filter;
  cufftComplex *d_spectra, *d_filter_spectrum;
  CHECK_CUDA(cudaMalloc(&d_signal, sizeof signal));
  CHECK_CUDA(cudaMalloc(&d_filter, sizeof filter));
  CHECK_CUDA(cudaMalloc(&d_spectra, sizeof(cufftComplex) * half * BATCH));
  CHECK_CUDA(cudaMalloc(&d_filter_spectrum, sizeof(cufftComplex) * half));
  CHECK_CUDA(cudaMemcpy(d_signal, signal, sizeof signal, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_filter, filter, sizeof filter, cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  cufftHandle forward, one, inverse;
  CHECK_FFT(cufftPlan1d(&forward, M, CUFFT_R2C, BATCH));
  CHECK_FFT(cufftPlan1d(&one, M, CUFFT_R2C, 1));
  CHECK_FFT(cufftPlan1d(&inverse, M, CUFFT_C2R, BATCH));
  CHECK_FFT(cufftSetStream(forward, stream));
  CHECK_FFT(cufftSetStream(one, stream));
  CHECK_FFT(cufftSetStream(inverse, stream));
  CHECK_FFT(cufftExecR2C(forward, d_signal, d_spectra));
  CHECK_FFT(cufftExecR2C(one, d_filter, d_filter_spectrum));
  multiply<<<(half * BATCH + 255) / 256, 256, 0, stream>>>(d_spectra, d_filter_spectrum, half,
                                                           BATCH, 1.0f / M);
  CHECK_CUDA(cudaGetLastError());
  CHECK_FFT(cufftExecC2R(inverse, d_spectra, d_signal));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  CHECK_CUDA(cudaMemcpy(result, d_signal, sizeof result, cudaMemcpyDeviceToHost));

  static double got[BATCH * M], ref[BATCH * M];
  for (int b = 0; b < BATCH; b++)
    for (int i = 0; i < M; i++) {
      long double s = 0;
      for (int k = 0; k < TAPS && k <= i; k++)
        s += (long double)filter[k] * signal[b][i - k];
      ref[b * M + i] = (double)s;
      got[b * M + i] = result[b][i];
    }
  double err = rel_rms_values(got, ref, (long long)BATCH * M);
  // Three transforms: three times the bound of one.
  report("convolution 1000 x 31 through m = 1056, batch 4", err / 3, M, 0x1p-24);
  CHECK_FFT(cufftDestroy(forward));
  CHECK_FFT(cufftDestroy(one));
  CHECK_FFT(cufftDestroy(inverse));
  CHECK_CUDA(cudaStreamDestroy(stream));
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
