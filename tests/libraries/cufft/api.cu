// api.cu — cuFFT's plan management and error codes: versions and properties, argument
// errors (INVALID_SIZE, INVALID_TYPE, INVALID_PLAN, INVALID_VALUE), cufftCreate +
// cufftMakePlan*, work sizes (cufftGetSize, cufftEstimate*, cufftGetSize*), the caller's
// work area (cufftSetAutoAllocation(0) + cufftSetWorkArea), cufftSetStream,
// cufftMakePlanMany64, an execution captured into a CUDA graph and replayed. Codes cuFFT's
// documentation fixes are checked; those it leaves open are printed as "info:" lines, to
// compare with NVIDIA's cuFFT on the H200 (h200.sh).
// Build: anchorcc -O2 api.cu -lcufft -lfftw3 -lfftw3f; or nvcc the same.
#include "fft_check.h"

static void expect(const char *what, cufftResult got, cufftResult want) {
  bool ok = got == want;
  printf("%-64s %d%s\n", what, (int)got, ok ? "" : "  FAIL");
  if (!ok) failures++;
}

static void info(const char *what, cufftResult got) {
  printf("info: %-58s %d\n", what, (int)got);
}

// A 1-D C2C forward transform of n points with plan, checked against FFTW.
static void run_c2c(cufftHandle plan, int n, const char *what, cudaStream_t stream) {
  float *h = (float *)malloc(8 * n);
  double *in = (double *)malloc(16 * n), *ref = (double *)malloc(16 * n),
         *got = (double *)malloc(16 * n);
  for (int i = 0; i < 2 * n; i++)
    h[i] = (float)uniform(), in[i] = h[i];
  cufftComplex *d;
  CHECK_CUDA(cudaMalloc(&d, 8 * n));
  CHECK_CUDA(cudaMemcpy(d, h, 8 * n, cudaMemcpyHostToDevice));
  CHECK_FFT(cufftExecC2C(plan, d, d, CUFFT_FORWARD));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  CHECK_CUDA(cudaMemcpy(h, d, 8 * n, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 2 * n; i++)
    got[i] = h[i];
  reference_dft(1, &n, 1, in, ref, CUFFT_FORWARD);
  report(what, rel_rms(got, ref, n), n, 0x1p-24);
  CHECK_CUDA(cudaFree(d));
  free(h), free(in), free(ref), free(got);
}

int main() {
  int version = 0, value = -1;
  expect("cufftGetVersion", cufftGetVersion(&version), CUFFT_SUCCESS);
  printf("info: cufftGetVersion = %d (header CUFFT_VERSION %d)\n", version, CUFFT_VERSION);
  if (version / 1000 != 12) {
    printf("FAIL: version %d is not cuFFT 12\n", version);
    failures++;
  }
  expect("cufftGetProperty(MAJOR_VERSION)", cufftGetProperty(MAJOR_VERSION, &value), CUFFT_SUCCESS);
  if (value != 12) {
    printf("FAIL: major version %d\n", value);
    failures++;
  }
  expect("cufftGetProperty(MINOR_VERSION)", cufftGetProperty(MINOR_VERSION, &value), CUFFT_SUCCESS);
  expect("cufftGetProperty(PATCH_LEVEL)", cufftGetProperty(PATCH_LEVEL, &value), CUFFT_SUCCESS);
  info("cufftGetProperty(99)", cufftGetProperty((libraryPropertyType)99, &value));

  cufftHandle p = CUFFT_PLAN_NULL;
  expect("cufftPlan1d nx 0", cufftPlan1d(&p, 0, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
  expect("cufftPlan1d nx -8", cufftPlan1d(&p, -8, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
  expect("cufftPlan1d batch 0", cufftPlan1d(&p, 8, CUFFT_C2C, 0), CUFFT_INVALID_SIZE);
  expect("cufftPlan1d type 0x99", cufftPlan1d(&p, 8, (cufftType)0x99, 1), CUFFT_INVALID_TYPE);
  // NVIDIA's cuFFT 12 (H100, 2026-12-07) answers these two oddly: ny 0 -> CUFFT_SUCCESS,
  // nz -1 -> CUFFT_INTERNAL_ERROR; Anchor says INVALID_SIZE (docs/cufft.md)
  info("cufftPlan2d ny 0", cufftPlan2d(&p, 8, 0, CUFFT_C2C));
  info("cufftPlan3d nz -1", cufftPlan3d(&p, 8, 8, -1, CUFFT_R2C));
  int n4[4] = {2, 2, 2, 2};
  // a rank out of 1..3 and a distance of 0 are INVALID_VALUE, as NVIDIA's (H100)
  expect("cufftPlanMany rank 4", cufftPlanMany(&p, 4, n4, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1),
         CUFFT_INVALID_VALUE);
  expect("cufftPlanMany rank 0", cufftPlanMany(&p, 0, n4, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1),
         CUFFT_INVALID_VALUE);
  int n12[2] = {12, 10}, e12[2] = {12, 10};
  cufftHandle q = CUFFT_PLAN_NULL;
  expect("cufftPlanMany advanced, batch 1, idist 0",
         cufftPlanMany(&q, 2, n12, e12, 1, 0, e12, 1, 0, CUFFT_C2C, 1), CUFFT_INVALID_VALUE);
  if (q != CUFFT_PLAN_NULL) cufftDestroy(q);
  q = CUFFT_PLAN_NULL;
  info("cufftPlanMany advanced, batch 2, idist 0",
       cufftPlanMany(&q, 2, n12, e12, 1, 0, e12, 1, 120, CUFFT_C2C, 2));
  if (q != CUFFT_PLAN_NULL) cufftDestroy(q);
  q = CUFFT_PLAN_NULL;
  info("cufftPlanMany advanced, istride 0",
       cufftPlanMany(&q, 2, n12, e12, 0, 120, e12, 1, 120, CUFFT_C2C, 2));
  if (q != CUFFT_PLAN_NULL) cufftDestroy(q);
  info("cufftPlan1d nx 1", cufftPlan1d(&p, 1, CUFFT_C2C, 1));
  if (p != CUFFT_PLAN_NULL) cufftDestroy(p);

  // A plan, destroyed: its handle is no plan any more.
  cufftHandle plan;
  CHECK_FFT(cufftPlan1d(&plan, 64, CUFFT_C2C, 1));
  cufftComplex *d;
  CHECK_CUDA(cudaMalloc(&d, 8 * 64));
  CHECK_CUDA(cudaMemset(d, 0, 8 * 64));
  expect("cufftExecC2C direction 0", cufftExecC2C(plan, d, d, 0), CUFFT_INVALID_VALUE);
  expect("cufftExecC2C direction 2", cufftExecC2C(plan, d, d, 2), CUFFT_INVALID_VALUE);
  // Not called here: an Exec of the wrong type (R2C or Z2Z on a C2C plan) and a NULL idata,
  // which NVIDIA's cuFFT 12 takes (CUFFT_SUCCESS on an H100) and then runs, faulting the
  // context (the next cudaFree: "an illegal memory access"); Anchor's say
  // CUFFT_INVALID_VALUE (docs/cufft.md).
  expect("cufftDestroy", cufftDestroy(plan), CUFFT_SUCCESS);
  expect("cufftExecC2C on a destroyed plan", cufftExecC2C(plan, d, d, CUFFT_FORWARD),
         CUFFT_INVALID_PLAN);
  expect("cufftDestroy again", cufftDestroy(plan), CUFFT_INVALID_PLAN);
  expect("cufftSetStream on a destroyed plan", cufftSetStream(plan, 0), CUFFT_INVALID_PLAN);
  // NVIDIA's cuFFT destroys the null handle successfully (H100, cuFFT of CUDA 13.0,
  // 2026-12-07), as Anchor's does.
  expect("cufftDestroy(CUFFT_PLAN_NULL)", cufftDestroy(CUFFT_PLAN_NULL), CUFFT_SUCCESS);
  info("cufftDestroy(12345)", cufftDestroy(12345));
  CHECK_CUDA(cudaFree(d));

  // cufftCreate, then cufftMakePlan1d; sizes agree.
  cufftHandle made;
  size_t work = 0, size = 0, estimate = 0, sized = 0;
  expect("cufftCreate", cufftCreate(&made), CUFFT_SUCCESS);
  cufftComplex *dd;
  CHECK_CUDA(cudaMalloc(&dd, 8 * 1000));
  info("cufftExecC2C on a created, unmade plan", cufftExecC2C(made, dd, dd, CUFFT_FORWARD));
  expect("cufftMakePlan1d", cufftMakePlan1d(made, 1000, CUFFT_C2C, 1, &work), CUFFT_SUCCESS);
  expect("cufftGetSize", cufftGetSize(made, &size), CUFFT_SUCCESS);
  if (size != work) {
    printf("FAIL: cufftGetSize %zu, cufftMakePlan1d %zu\n", size, work);
    failures++;
  }
  expect("cufftEstimate1d", cufftEstimate1d(1000, CUFFT_C2C, 1, &estimate), CUFFT_SUCCESS);
  expect("cufftGetSize1d", cufftGetSize1d(made, 1000, CUFFT_C2C, 1, &sized), CUFFT_SUCCESS);
  printf("info: work sizes: make %zu, get %zu, estimate %zu, getsize1d %zu\n", work, size, estimate,
         sized);
  size_t e2 = 0, e3 = 0, em = 0;
  int nm[2] = {30, 40};
  expect("cufftEstimate2d", cufftEstimate2d(30, 40, CUFFT_R2C, &e2), CUFFT_SUCCESS);
  expect("cufftEstimate3d", cufftEstimate3d(8, 9, 10, CUFFT_Z2Z, &e3), CUFFT_SUCCESS);
  expect("cufftEstimateMany", cufftEstimateMany(2, nm, NULL, 1, 0, NULL, 1, 0, CUFFT_C2R, 3, &em),
         CUFFT_SUCCESS);
  expect("cufftEstimate1d type 0x99", cufftEstimate1d(8, (cufftType)0x99, 1, &e2),
         CUFFT_INVALID_TYPE);
  info("cufftMakePlan1d on a made plan", cufftMakePlan1d(made, 64, CUFFT_C2C, 1, &work));
  run_c2c(made, 1000, "cufftCreate + cufftMakePlan1d, 1000 points", 0);
  CHECK_FFT(cufftDestroy(made));
  CHECK_CUDA(cudaFree(dd));

  // The caller's work area, and a stream of the caller's.
  cufftHandle own;
  CHECK_FFT(cufftCreate(&own));
  expect("cufftSetAutoAllocation 0", cufftSetAutoAllocation(own, 0), CUFFT_SUCCESS);
  expect("cufftMakePlan1d 4099", cufftMakePlan1d(own, 4099, CUFFT_C2C, 1, &work), CUFFT_SUCCESS);
  void *area;
  CHECK_CUDA(cudaMalloc(&area, work ? work : 1));
  expect("cufftSetWorkArea", cufftSetWorkArea(own, area), CUFFT_SUCCESS);
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  expect("cufftSetStream", cufftSetStream(own, stream), CUFFT_SUCCESS);
  run_c2c(own, 4099, "own work area, own stream, 4099 points (Bluestein)", stream);
  CHECK_FFT(cufftDestroy(own));
  CHECK_CUDA(cudaFree(area));
  CHECK_CUDA(cudaStreamDestroy(stream));

  // cufftMakePlanMany64 with 64-bit parameters.
  cufftHandle p64;
  long long n64[1] = {2048};
  CHECK_FFT(cufftCreate(&p64));
  expect("cufftMakePlanMany64",
         cufftMakePlanMany64(p64, 1, n64, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1, &work),
         CUFFT_SUCCESS);
  size_t s64 = 0;
  expect("cufftGetSizeMany64",
         cufftGetSizeMany64(p64, 1, n64, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, 1, &s64),
         CUFFT_SUCCESS);
  run_c2c(p64, 2048, "cufftMakePlanMany64, 2048 points", 0);
  CHECK_FFT(cufftDestroy(p64));

  // Automatic allocation off and no work area (info: cuFFT may need none for a size).
  cufftHandle none;
  CHECK_FFT(cufftCreate(&none));
  CHECK_FFT(cufftSetAutoAllocation(none, 0));
  CHECK_FFT(cufftMakePlan1d(none, 4099, CUFFT_C2C, 1, &work));
  printf("info: work size of a 4099-point C2C plan: %zu\n", work);
  if (work == 0) {
    printf("info: (no work area needed; execution not tried without one)\n");
  } else {
    cufftComplex *dn;
    CHECK_CUDA(cudaMalloc(&dn, 8 * 4099));
    info("cufftExecC2C with no work area set", cufftExecC2C(none, dn, dn, CUFFT_FORWARD));
    // Not checked: NVIDIA's cuFFT might run with the null area and fault.
    printf("info: cudaDeviceSynchronize after it: %d\n", (int)cudaDeviceSynchronize());
    cudaFree(dn);
  }
  CHECK_FFT(cufftDestroy(none));

  // An execution captured into a CUDA graph (cuFFT's executions are kernel launches in
  // the plan's stream, so capture records them), replayed twice.
  {
    const int n = 1536; // 8 x 64 x 3: several passes
    float *h = (float *)malloc(8 * n);
    double *in = (double *)malloc(16 * n), *ref = (double *)malloc(16 * n);
    double *got = (double *)malloc(16 * n);
    for (int i = 0; i < 2 * n; i++)
      h[i] = (float)uniform(), in[i] = h[i];
    cufftComplex *src, *dst;
    CHECK_CUDA(cudaMalloc(&src, 8 * n));
    CHECK_CUDA(cudaMalloc(&dst, 8 * n));
    CHECK_CUDA(cudaMemcpy(src, h, 8 * n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(dst, 0, 8 * n));
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cufftHandle gp;
    CHECK_FFT(cufftPlan1d(&gp, n, CUFFT_C2C, 1));
    CHECK_FFT(cufftSetStream(gp, s));
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    expect("cufftExecC2C while capturing", cufftExecC2C(gp, src, dst, CUFFT_FORWARD),
           CUFFT_SUCCESS);
    CHECK_CUDA(cudaStreamEndCapture(s, &graph));
    CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
    reference_dft(1, &n, 1, in, ref, CUFFT_FORWARD);
    for (int replay = 0; replay < 2; replay++) {
      // in s: a plain cudaMemset goes to the legacy stream, which a non-blocking stream
      // does not wait for (the fresh-clone CI saw it land after the replay's FFT)
      CHECK_CUDA(cudaMemsetAsync(dst, 0, 8 * n, s));
      CHECK_CUDA(cudaGraphLaunch(exec, s));
      CHECK_CUDA(cudaStreamSynchronize(s));
      CHECK_CUDA(cudaMemcpy(h, dst, 8 * n, cudaMemcpyDeviceToHost));
      for (int i = 0; i < 2 * n; i++)
        got[i] = h[i];
      report(replay ? "graph replay 2, 1536 points" : "graph replay 1, 1536 points",
             rel_rms(got, ref, n), n, 0x1p-24);
    }
    CHECK_CUDA(cudaGraphExecDestroy(exec));
    CHECK_CUDA(cudaGraphDestroy(graph));
    CHECK_FFT(cufftDestroy(gp));
    CHECK_CUDA(cudaStreamDestroy(s));
    CHECK_CUDA(cudaFree(src));
    CHECK_CUDA(cudaFree(dst));
    free(h), free(in), free(ref), free(got);
  }

  // A plan larger than the device: 2^30 points x 64 (512 GiB of data alone).
  cufftHandle huge = CUFFT_PLAN_NULL;
  info("cufftPlan1d 2^30 x 64 (larger than the device)",
       cufftPlan1d(&huge, 1 << 30, CUFFT_C2C, 64));
  // The failure is cuFFT's to report: NVIDIA's leaves no runtime error behind (H100,
  // cuFFT of CUDA 13.0, 2026-12-07: cudaSuccess), nor does Anchor's.
  cudaError_t last = cudaGetLastError();
  printf("%-64s %d%s\n", "cudaGetLastError after it", (int)last, last ? "  FAIL" : "");
  if (last != cudaSuccess) failures++;
  cufftHandle after;
  expect("a small plan after it", cufftPlan1d(&after, 256, CUFFT_C2C, 1), CUFFT_SUCCESS);
  run_c2c(after, 256, "and it transforms, 256 points", 0);
  CHECK_FFT(cufftDestroy(after));
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
