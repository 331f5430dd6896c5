// xt.cu — cuFFT's extended API (cufftXt.h) on one GPU, against FFTW (double):
// cufftXtMakePlanMany with CUDA data types (C2C float, D2Z and Z2D double, R2C float of
// an odd length, a 2-D advanced layout), cufftXtGetSizeMany agreeing with the plan's work
// size, cufftXtExec on plain device pointers, cufftXtMalloc/Memcpy/ExecDescriptor*/Free
// with one-GPU descriptors (in place and out of place), cufftXtSetGPUs refusing one GPU,
// cufftXtSetWorkArea. Error codes cuFFT documents or NVIDIA's library showed are checked;
// those still open (more GPUs than the system has, callbacks, half types) are printed as
// "info:" lines for the GPU run. Build: anchorcc -O2 xt.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include <cufftXt.h>

#include "fft_check.h"

static void info(const char *what, cufftResult got) {
  printf("info: %-58s %d\n", what, (int)got);
}

static bool descriptors_required() {
  const char *required = getenv("CUFFT_XT_DESCRIPTORS_REQUIRED");
  return required && *required == '1';
}

// Whether a descriptor for a plan of one GPU was made and holds at least `bytes`. cuFFT
// documents descriptors for multi-GPU plans; NVIDIA's cufftXtMalloc, for a plan of one
// GPU, answers CUFFT_SUCCESS with a descriptor of 1 GPU and size[0] = 0, and
// cufftXtExecDescriptorC2C on it CUFFT_EXEC_FAILED (H100, cuFFT of CUDA 13.0,
// 2026-12-07). Then the descriptor checks are skipped with info lines. Anchor's
// descriptors of one GPU work, and its CTest sets CUFFT_XT_DESCRIPTORS_REQUIRED=1: there
// anything less is a failure.
static bool descriptor_usable(const char *what, cufftResult r, const cudaLibXtDesc *d,
                              size_t bytes) {
  bool ok = r == CUFFT_SUCCESS && d && d->descriptor && d->descriptor->nGPUs == 1 &&
            d->descriptor->data[0] && d->descriptor->size[0] >= bytes;
  if (ok) return true;
  info(what, r);
  if (r == CUFFT_SUCCESS && d && d->descriptor)
    printf("info:   descriptor: version %#x, library %d, subFormat %d, nGPUs %d, GPUs[0] %d, "
           "data[0] %s, size[0] %zu bytes (plan needs %zu)\n",
           d->version, (int)d->library, d->subFormat, d->descriptor->nGPUs,
           d->descriptor->GPUs[0], d->descriptor->data[0] ? "set" : "NULL",
           d->descriptor->size[0], bytes);
  else if (r == CUFFT_SUCCESS)
    printf("info:   descriptor: %s\n", d ? "no cudaXtDesc" : "NULL");
  if (descriptors_required()) {
    printf("FAIL: %s: no usable one-GPU descriptor\n", what);
    failures++;
  } else {
    printf("info: descriptor checks skipped\n");
  }
  return false;
}

static void expect(const char *what, cufftResult got, cufftResult want) {
  bool ok = got == want;
  printf("%-60s %d%s\n", what, (int)got, ok ? "" : "  FAIL");
  if (!ok) failures++;
}

// C2C float through descriptors: cufftXtSetGPUs refusing the one GPU, an INPLACE
// descriptor, host to device, forward in place, device to host; then inverse out of
// place into an OUTPUT descriptor copied device to device and back.
static void descriptors_c2c(int n, int batch) {
  cufftHandle plan;
  CHECK_FFT(cufftCreate(&plan));
  int gpu = 0;
  CHECK_CUDA(cudaGetDevice(&gpu));
  // Multi-GPU plans only: NVIDIA's cuFFT answers CUFFT_INVALID_VALUE for one GPU (H100,
  // cuFFT of CUDA 13.0, 2026-12-07). The plan is then made afresh, as one of one GPU.
  expect("cufftXtSetGPUs(1 GPU, the current one)", cufftXtSetGPUs(plan, 1, &gpu),
         CUFFT_INVALID_VALUE);
  CHECK_FFT(cufftDestroy(plan));
  CHECK_FFT(cufftCreate(&plan));
  long long nn[1] = {n};
  size_t work = 0, size = 0;
  CHECK_FFT(cufftXtMakePlanMany(plan, 1, nn, NULL, 1, 0, CUDA_C_32F, NULL, 1, 0, CUDA_C_32F, batch,
                                &work, CUDA_C_32F));
  cufftHandle other;
  CHECK_FFT(cufftCreate(&other));
  CHECK_FFT(cufftXtGetSizeMany(other, 1, nn, NULL, 1, 0, CUDA_C_32F, NULL, 1, 0, CUDA_C_32F, batch,
                               &size, CUDA_C_32F));
  printf("info: work sizes: cufftXtMakePlanMany %zu, cufftXtGetSizeMany %zu\n", work, size);
  if (size < work) {
    printf("FAIL: cufftXtGetSizeMany %zu < the plan's %zu\n", size, work);
    failures++;
  }
  CHECK_FFT(cufftDestroy(other));
  long long total = (long long)n * batch;
  float *h = (float *)malloc(8 * total);
  double *x = (double *)malloc(16 * total), *ref = (double *)malloc(16 * total);
  double *got = (double *)malloc(16 * total);
  for (long long i = 0; i < 2 * total; i++)
    h[i] = (float)uniform(), x[i] = h[i];
  cudaLibXtDesc *a = NULL, *b = NULL;
  cufftResult r = cufftXtMalloc(plan, &a, CUFFT_XT_FORMAT_INPLACE);
  if (!descriptor_usable("cufftXtMalloc(INPLACE) on a one-GPU plan", r, a, (size_t)(8 * total))) {
    if (r == CUFFT_SUCCESS) { // what NVIDIA's answers on such a descriptor
      info("cufftXtExecDescriptorC2C on it", cufftXtExecDescriptorC2C(plan, a, a, CUFFT_FORWARD));
      info("cufftXtFree of it", cufftXtFree(a));
    }
    CHECK_FFT(cufftDestroy(plan));
    free(h), free(x), free(ref), free(got);
    return;
  }
  CHECK_FFT(cufftXtMemcpy(plan, a, h, CUFFT_COPY_HOST_TO_DEVICE));
  CHECK_FFT(cufftXtExecDescriptorC2C(plan, a, a, CUFFT_FORWARD));
  memset(h, 0, 8 * total);
  CHECK_FFT(cufftXtMemcpy(plan, h, a, CUFFT_COPY_DEVICE_TO_HOST));
  for (long long i = 0; i < 2 * total; i++)
    got[i] = h[i];
  int ni = n;
  reference_dft(1, &ni, batch, x, ref, CUFFT_FORWARD);
  char what[96];
  snprintf(what, sizeof what, "XtExecDescriptorC2C fwd n=%d batch %d in-place", n, batch);
  report(what, rel_rms(got, ref, total), n, 0x1p-24);
  // Inverse of the spectrum (still in a) into b, through cufftXtExecDescriptor.
  CHECK_FFT(cufftXtMalloc(plan, &b, CUFFT_XT_FORMAT_OUTPUT));
  CHECK_FFT(cufftXtExecDescriptor(plan, a, b, CUFFT_INVERSE));
  CHECK_FFT(cufftXtMemcpy(plan, a, b, CUFFT_COPY_DEVICE_TO_DEVICE));
  CHECK_FFT(cufftXtMemcpy(plan, h, a, CUFFT_COPY_DEVICE_TO_HOST));
  for (long long i = 0; i < 2 * total; i++)
    got[i] = h[i], ref[i] = x[i] * n;
  snprintf(what, sizeof what, "XtExecDescriptor inv(fwd(x)) = n x, n=%d batch %d", n, batch);
  report(what, rel_rms(got, ref, total) / 2, n, 0x1p-24);
  CHECK_FFT(cufftXtFree(a));
  CHECK_FFT(cufftXtFree(b));
  CHECK_FFT(cufftDestroy(plan));
  free(h), free(x), free(ref), free(got);
}

// D2Z then Z2D (double) made by cufftXtMakePlanMany and run by cufftXtExec on plain
// device pointers; the Z2D plan runs in a work area the caller gives (cufftXtSetWorkArea).
static void exec_double_real(int n, int batch) {
  long long nn[1] = {n}, half = n / 2 + 1;
  cufftHandle fwd, inv;
  size_t work = 0;
  CHECK_FFT(cufftCreate(&fwd));
  CHECK_FFT(cufftXtMakePlanMany(fwd, 1, nn, NULL, 1, 0, CUDA_R_64F, NULL, 1, 0, CUDA_C_64F, batch,
                                &work, CUDA_C_64F));
  CHECK_FFT(cufftCreate(&inv));
  CHECK_FFT(cufftSetAutoAllocation(inv, 0));
  CHECK_FFT(cufftXtMakePlanMany(inv, 1, nn, NULL, 1, 0, CUDA_C_64F, NULL, 1, 0, CUDA_R_64F, batch,
                                &work, CUDA_C_64F));
  void *area = NULL;
  if (work) CHECK_CUDA(cudaMalloc(&area, work));
  void *areas[1] = {area};
  CHECK_FFT(cufftXtSetWorkArea(inv, areas));
  double *x = (double *)malloc(8 * n * batch), *spectrum = (double *)malloc(16 * half * batch);
  double *ref = (double *)malloc(16 * half * batch), *back = (double *)malloc(8 * n * batch);
  for (long long i = 0; i < (long long)n * batch; i++)
    x[i] = uniform();
  double *dx, *dy;
  CHECK_CUDA(cudaMalloc(&dx, 8 * n * batch));
  CHECK_CUDA(cudaMalloc(&dy, 16 * half * batch));
  CHECK_CUDA(cudaMemcpy(dx, x, 8 * n * batch, cudaMemcpyHostToDevice));
  // The direction of a real transform is ignored (cuFFT's documentation).
  CHECK_FFT(cufftXtExec(fwd, dx, dy, CUFFT_INVERSE));
  CHECK_CUDA(cudaMemcpy(spectrum, dy, 16 * half * batch, cudaMemcpyDeviceToHost));
  fftw_plan p = fftw_plan_many_dft_r2c(1, &n, batch, x, NULL, 1, n, (fftw_complex *)ref, NULL, 1,
                                       (int)half, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  char what[96];
  snprintf(what, sizeof what, "XtExec D2Z n=%d batch %d", n, batch);
  report(what, rel_rms(spectrum, ref, half * batch), n, 0x1p-53);
  CHECK_FFT(cufftXtExec(inv, dy, dx, CUFFT_FORWARD));
  CHECK_CUDA(cudaMemcpy(back, dx, 8 * n * batch, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < (long long)n * batch; i++)
    x[i] *= n;
  snprintf(what, sizeof what, "XtExec Z2D(D2Z(x)) = n x, n=%d batch %d", n, batch);
  report(what, rel_rms_values(back, x, (long long)n * batch) / 2, n, 0x1p-53);
  CHECK_FFT(cufftDestroy(fwd));
  CHECK_FFT(cufftDestroy(inv));
  CHECK_CUDA(cudaFree(dx));
  CHECK_CUDA(cudaFree(dy));
  if (area) CHECK_CUDA(cudaFree(area));
  free(x), free(spectrum), free(ref), free(back);
}

// R2C float of a 2-D shape (odd last length) in the advanced layout: rows of the real
// input padded to width, batches dist apart; through INPUT/OUTPUT descriptors and
// cufftXtExecDescriptorR2C.
static void descriptors_r2c_advanced() {
  const int n0 = 6, n1 = 15, batch = 3, width = 17, half = n1 / 2 + 1;
  const long long idist = (long long)n0 * width + 5, odist = (long long)n0 * half;
  long long nn[2] = {n0, n1}, inembed[2] = {n0, width}, onembed[2] = {n0, half};
  cufftHandle plan;
  CHECK_FFT(cufftCreate(&plan));
  size_t work;
  CHECK_FFT(cufftXtMakePlanMany(plan, 2, nn, inembed, 1, idist, CUDA_R_32F, onembed, 1, odist,
                                CUDA_C_32F, batch, &work, CUDA_C_32F));
  cudaLibXtDesc *in = NULL, *out = NULL;
  size_t in_bytes = 4 * (size_t)((batch - 1) * idist + (n0 - 1) * width + n1);
  size_t out_bytes = 8 * (size_t)(batch * odist);
  cufftResult r = cufftXtMalloc(plan, &in, CUFFT_XT_FORMAT_INPUT);
  if (!descriptor_usable("cufftXtMalloc(INPUT) on a one-GPU plan", r, in, in_bytes)) {
    if (r == CUFFT_SUCCESS) info("cufftXtFree of it", cufftXtFree(in));
    CHECK_FFT(cufftDestroy(plan));
    return;
  }
  r = cufftXtMalloc(plan, &out, CUFFT_XT_FORMAT_OUTPUT);
  if (!descriptor_usable("cufftXtMalloc(OUTPUT) on a one-GPU plan", r, out, out_bytes)) {
    if (r == CUFFT_SUCCESS) info("cufftXtFree of it", cufftXtFree(out));
    CHECK_FFT(cufftXtFree(in));
    CHECK_FFT(cufftDestroy(plan));
    return;
  }
  size_t in_floats = in->descriptor->size[0] / 4, out_floats = out->descriptor->size[0] / 4;
  float *h = (float *)calloc(in_floats, 4), *o = (float *)malloc(out_floats * 4);
  double *x = (double *)malloc(8 * n0 * n1 * batch), *ref = (double *)malloc(16 * odist * batch);
  double *got = (double *)malloc(16 * odist * batch);
  for (int b = 0; b < batch; b++)
    for (int i = 0; i < n0; i++)
      for (int j = 0; j < n1; j++) {
        float v = (float)uniform();
        h[b * idist + i * width + j] = v;
        x[(b * n0 + i) * n1 + j] = v;
      }
  CHECK_FFT(cufftXtMemcpy(plan, in, h, CUFFT_COPY_HOST_TO_DEVICE));
  CHECK_FFT(cufftXtExecDescriptorR2C(plan, in, out));
  CHECK_FFT(cufftXtMemcpy(plan, o, out, CUFFT_COPY_DEVICE_TO_HOST));
  for (long long i = 0; i < 2 * odist * batch; i++)
    got[i] = o[i];
  int ni[2] = {n0, n1};
  fftw_plan p = fftw_plan_many_dft_r2c(2, ni, batch, x, NULL, 1, n0 * n1, (fftw_complex *)ref, NULL,
                                       1, (int)odist, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  report("XtExecDescriptorR2C 6x15 advanced, batch 3", rel_rms(got, ref, odist * batch), n0 * n1,
         0x1p-24);
  // The typed call must match the plan: an R2C plan run as C2C.
  expect("cufftXtExecDescriptorC2C on an R2C plan", cufftXtExecDescriptorC2C(plan, in, out, -1),
         CUFFT_INVALID_VALUE);
  CHECK_FFT(cufftXtFree(in));
  CHECK_FFT(cufftXtFree(out));
  CHECK_FFT(cufftDestroy(plan));
  free(h), free(o), free(x), free(ref), free(got);
}

static void errors() {
  int count = 0;
  CHECK_CUDA(cudaGetDeviceCount(&count));
  cufftHandle plan;
  CHECK_FFT(cufftCreate(&plan));
  long long n[1] = {64};
  size_t work;
  int gpus[2] = {0, 0};
  expect("cufftXtSetGPUs on a destroyed handle", cufftXtSetGPUs(12345, 1, gpus),
         CUFFT_INVALID_PLAN);
  gpus[0] = count; // one past the last device
  info("cufftXtSetGPUs(1 GPU, index = device count)", cufftXtSetGPUs(plan, 1, gpus));
  gpus[0] = 0, gpus[1] = count > 1 ? 1 : 0;
  info("cufftXtSetGPUs(2 GPUs)", cufftXtSetGPUs(plan, 2, gpus));
  info("cufftXtSetGPUs(0 GPUs)", cufftXtSetGPUs(plan, 0, gpus));
  CHECK_FFT(cufftDestroy(plan));
  CHECK_FFT(cufftCreate(&plan));
  expect("cufftXtMakePlanMany R_32F -> R_32F",
         cufftXtMakePlanMany(plan, 1, n, NULL, 1, 0, CUDA_R_32F, NULL, 1, 0, CUDA_R_32F, 1, &work,
                             CUDA_C_32F),
         CUFFT_INVALID_TYPE);
  info("cufftXtMakePlanMany C_16F (half) C2C",
       cufftXtMakePlanMany(plan, 1, n, NULL, 1, 0, CUDA_C_16F, NULL, 1, 0, CUDA_C_16F, 1, &work,
                           CUDA_C_16F));
  CHECK_FFT(cufftDestroy(plan));
  CHECK_FFT(cufftCreate(&plan));
  CHECK_FFT(cufftXtMakePlanMany(plan, 1, n, NULL, 1, 0, CUDA_C_32F, NULL, 1, 0, CUDA_C_32F, 1,
                                &work, CUDA_C_32F));
  void *routine = NULL;
  info("cufftXtSetCallback(CUFFT_CB_LD_COMPLEX, NULL routine)",
       cufftXtSetCallback(plan, &routine, CUFFT_CB_LD_COMPLEX, NULL));
  info("cufftXtClearCallback(CUFFT_CB_LD_COMPLEX), none set",
       cufftXtClearCallback(plan, CUFFT_CB_LD_COMPLEX));
  info("cufftXtMemcpy with copy type 7", cufftXtMemcpy(plan, gpus, gpus, (cufftXtCopyType)7));
  CHECK_FFT(cufftDestroy(plan));
}

int main() {
  descriptors_c2c(1000, 3);
  descriptors_c2c(343, 2);
  exec_double_real(105, 3);
  exec_double_real(256, 2);
  descriptors_r2c_advanced();
  errors();
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
