// multidim.cu — cuFFT's single-precision transforms in two and three dimensions
// (cufftPlan2d, cufftPlan3d, cufftPlanMany) and its advanced data layout: inembed/onembed
// larger than n, strides and distances between transforms, interleaved batches
// (idist 1), for C2C, R2C and C2R, in place and out of place, against FFTW (double).
// Values outside the layout are filled with 1e30 so that reading one shows in the
// result; whether the output's gaps are left alone is printed, not checked (cuFFT does
// not promise it). Relative RMS errors within 1 u log2(points) (fft_check.h).
// Build: anchorcc -O2 multidim.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

struct layout {
  int embed[3], stride, dist;
};

// Offset of element idx (rank indices) of transform b, in elements.
static long long offset_of(const layout &l, int rank, int b, const int *idx) {
  long long off = (long long)b * l.dist, step = l.stride;
  for (int i = rank - 1; i >= 0; i--) {
    off += idx[i] * step;
    step *= l.embed[i];
  }
  return off;
}

// Calls f(logical index, idx) over the shape's elements in order.
template <class F> static void for_each(int rank, const int *shape, int batch, F f) {
  long long per = 1;
  for (int i = 0; i < rank; i++)
    per *= shape[i];
  for (int b = 0; b < batch; b++)
    for (long long r = 0; r < per; r++) {
      int idx[3];
      long long q = r;
      for (int i = rank - 1; i >= 0; i--)
        idx[i] = (int)(q % shape[i]), q /= shape[i];
      f(b, b * per + r, idx);
    }
}

static long long span_of(const layout &l, int rank, const int *shape, int batch) {
  int last[3];
  for (int i = 0; i < rank; i++)
    last[i] = shape[i] - 1;
  return offset_of(l, rank, batch - 1, last) + 1;
}

static void check_layout(const char *name, cufftType type, int rank, const int *n, int batch,
                         layout il, layout ol, int dir, bool in_place) {
  bool real_in = type == CUFFT_R2C, real_out = type == CUFFT_C2R;
  int half[3] = {n[0], n[1], n[2]};
  half[rank - 1] = n[rank - 1] / 2 + 1;
  const int *in_shape = real_out ? half : n, *out_shape = real_in ? half : n;
  int in_w = real_in ? 1 : 2, out_w = real_out ? 1 : 2; // floats per element
  long long in_count = 1, out_count = 1, per = 1;
  for (int i = 0; i < rank; i++)
    in_count *= in_shape[i], out_count *= out_shape[i], per *= n[i];
  in_count *= batch, out_count *= batch;
  long long in_floats = span_of(il, rank, in_shape, batch) * in_w;
  long long out_floats = span_of(ol, rank, out_shape, batch) * out_w;
  long long floats = in_place && in_floats < out_floats ? out_floats : in_floats;
  long long out_alloc = in_place ? floats : out_floats;

  // The logical input (double) and its reference output.
  double *x = (double *)malloc(8 * in_w * in_count), *ref = (double *)malloc(8 * out_w * out_count);
  if (real_out) { // a real signal's half spectrum, rounded to float
    double *signal = (double *)malloc(8 * per * batch);
    for (long long i = 0; i < per * batch; i++)
      signal[i] = uniform();
    fftw_plan p =
        fftw_plan_many_dft_r2c(rank, n, batch, signal, NULL, 1, (int)per, (fftw_complex *)x, NULL,
                               1, (int)(in_count / batch), FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
    free(signal);
    for (long long i = 0; i < 2 * in_count; i++)
      x[i] = (float)x[i];
  } else {
    for (long long i = 0; i < in_w * in_count; i++)
      x[i] = (float)uniform();
  }
  double *scratch = (double *)malloc(8 * in_w * in_count);
  memcpy(scratch, x, 8 * in_w * in_count);
  fftw_plan p;
  if (real_in)
    p = fftw_plan_many_dft_r2c(rank, n, batch, scratch, NULL, 1, (int)per, (fftw_complex *)ref,
                               NULL, 1, (int)(out_count / batch), FFTW_ESTIMATE);
  else if (real_out)
    p = fftw_plan_many_dft_c2r(rank, n, batch, (fftw_complex *)scratch, NULL, 1,
                               (int)(in_count / batch), ref, NULL, 1, (int)per, FFTW_ESTIMATE);
  else
    p = fftw_plan_many_dft(rank, n, batch, (fftw_complex *)scratch, NULL, 1, (int)per,
                           (fftw_complex *)ref, NULL, 1, (int)per, dir, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  free(scratch);

  // The user's buffers: 1e30 everywhere, the input's values at its layout's places.
  float *h = (float *)malloc(4 * floats), *hout = (float *)malloc(4 * out_alloc);
  for (long long i = 0; i < floats; i++)
    h[i] = 1e30f;
  for_each(rank, in_shape, batch, [&](int b, long long li, const int *idx) {
    long long o = offset_of(il, rank, b, idx) * in_w;
    for (int c = 0; c < in_w; c++)
      h[o + c] = (float)x[li * in_w + c];
  });
  float *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, 4 * floats));
  CHECK_CUDA(cudaMemcpy(din, h, 4 * floats, cudaMemcpyHostToDevice));
  dout = din;
  if (!in_place) {
    for (long long i = 0; i < out_alloc; i++)
      hout[i] = 1e30f;
    CHECK_CUDA(cudaMalloc(&dout, 4 * out_alloc));
    CHECK_CUDA(cudaMemcpy(dout, hout, 4 * out_alloc, cudaMemcpyHostToDevice));
  }
  cufftHandle plan;
  int nn[3] = {n[0], n[1], n[2]};
  CHECK_FFT(cufftPlanMany(&plan, rank, nn, il.embed, il.stride, il.dist, ol.embed, ol.stride,
                          ol.dist, type, batch));
  if (type == CUFFT_C2C)
    CHECK_FFT(cufftExecC2C(plan, (cufftComplex *)din, (cufftComplex *)dout, dir));
  else if (real_in)
    CHECK_FFT(cufftExecR2C(plan, din, (cufftComplex *)dout));
  else
    CHECK_FFT(cufftExecC2R(plan, (cufftComplex *)din, dout));
  CHECK_CUDA(cudaMemcpy(hout, dout, 4 * out_alloc, cudaMemcpyDeviceToHost));
  double *got = (double *)malloc(8 * out_w * out_count);
  char *used = (char *)calloc(out_alloc, 1);
  for_each(rank, out_shape, batch, [&](int b, long long li, const int *idx) {
    long long o = offset_of(ol, rank, b, idx) * out_w;
    for (int c = 0; c < out_w; c++)
      got[li * out_w + c] = hout[o + c], used[o + c] = 1;
  });
  report(name, rel_rms_values(got, ref, out_w * out_count), per, 0x1p-24);
  if (!in_place) {
    long long touched = 0;
    for (long long i = 0; i < out_alloc; i++)
      touched += !used[i] && hout[i] != 1e30f;
    printf("  output gaps written: %lld of %lld floats (information, not checked)\n", touched,
           out_alloc - out_count * out_w);
  }
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(din));
  if (!in_place) CHECK_CUDA(cudaFree(dout));
  free(x), free(ref), free(h), free(hout), free(got), free(used);
}

int main() {
  const int n2[][2] = {{32, 48}, {17, 12}, {1, 64}, {64, 1}, {97, 6}, {128, 256}};
  for (int i = 0; i < 6; i++) {
    check_c2c(2, n2[i], 1, CUFFT_FORWARD, i % 2, true);
    check_c2c(2, n2[i], 1, CUFFT_INVERSE, !(i % 2), true);
  }
  const int n3[][3] = {{8, 12, 10}, {5, 7, 9}, {16, 16, 16}, {3, 37, 4}, {1, 1, 8}, {32, 32, 32}};
  for (int i = 0; i < 6; i++) {
    check_c2c(3, n3[i], 1, CUFFT_FORWARD, i % 2, true);
    check_c2c(3, n3[i], 1, CUFFT_INVERSE, !(i % 2), true);
  }
  // Batched 2-D and 3-D transforms in the basic layout.
  const int b2[2] = {20, 30}, b3[3] = {6, 5, 4};
  check_c2c(2, b2, 4, CUFFT_FORWARD, false);
  check_c2c(3, b3, 3, CUFFT_INVERSE, true);

  // Interleaved batches: element x of transform b at b + 3 x.
  {
    int n[3] = {64};
    layout l = {{64}, 3, 1};
    check_layout("C2C 64, stride 3, dist 1, batch 3, in place", CUFFT_C2C, 1, n, 3, l, l,
                 CUFFT_FORWARD, true);
    check_layout("C2C 64, stride 3, dist 1, batch 3", CUFFT_C2C, 1, n, 3, l, l, CUFFT_INVERSE,
                 false);
  }
  { // Embedded 2-D arrays with strides and distances of their own on each side.
    int n[3] = {12, 10};
    layout il = {{14, 13}, 2, 14 * 13 * 2 + 5}, ol = {{12, 11}, 1, 12 * 11 + 3};
    check_layout("C2C 12x10, inembed 14x13 stride 2, onembed 12x11", CUFFT_C2C, 2, n, 3, il, ol,
                 CUFFT_FORWARD, false);
  }
  { // 3-D, in place, embedded.
    int n[3] = {4, 6, 5};
    layout l = {{5, 7, 6}, 1, 5 * 7 * 6};
    check_layout("C2C 4x6x5 in 5x7x6, in place", CUFFT_C2C, 3, n, 2, l, l, CUFFT_INVERSE, true);
  }
  { // Real to complex: strided real input, odd length.
    int n[3] = {15};
    layout il = {{15}, 2, 40}, ol = {{9}, 1, 9};
    check_layout("R2C 15, istride 2 idist 40, odist 9", CUFFT_R2C, 1, n, 4, il, ol, CUFFT_FORWARD,
                 false);
  }
  { // Real to complex, 2-D, real rows embedded in 12.
    int n[3] = {8, 10};
    layout il = {{8, 12}, 1, 96}, ol = {{8, 6}, 1, 48};
    check_layout("R2C 8x10, inembed 8x12", CUFFT_R2C, 2, n, 2, il, ol, CUFFT_FORWARD, false);
    check_layout("R2C 8x10, inembed 8x12, in place", CUFFT_R2C, 2, n, 2, il, ol, CUFFT_FORWARD,
                 true);
  }
  { // Complex to real, 2-D, output rows embedded in 11, distances padded.
    int n[3] = {6, 9};
    layout il = {{6, 5}, 1, 31}, ol = {{6, 11}, 1, 70};
    check_layout("C2R 6x9, onembed 6x11", CUFFT_C2R, 2, n, 2, il, ol, CUFFT_INVERSE, false);
  }
  { // Complex to real, 3-D, strided input.
    int n[3] = {4, 5, 6};
    layout il = {{4, 5, 4}, 2, 200}, ol = {{4, 5, 6}, 1, 120};
    check_layout("C2R 4x5x6, istride 2", CUFFT_C2R, 3, n, 2, il, ol, CUFFT_INVERSE, false);
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
