// xt.cu — cuBLASXt (cublasXt.h) against OpenBLAS: the handle's settings and their error
// codes (DeviceSelect naming devices that do not exist, SetBlockDim, pinning mode, the CPU
// hybrid calls), then every level-3 routine on host matrices larger than one block (block
// dims 16 and 8, odd sizes, leading dimensions above the rows, every side/fill/operation
// kind): gemm (S, D, C, Z; one with A and C in device memory), syrk, syrkx, syr2k, herk,
// herkx, her2k, symm, hemm, spmm (left/right, upper/lower packed), trsm (every
// side/fill/op, forward and backward substitution across blocks), trmm (out of place and in
// place, C == B). Bounds: (L + 2) eps (|alpha| L + |beta|) per part, doubled for complex
// (entries in [-1, 1], L the inner length); trsm 64 n eps on diagonally dominant A.
#include "cublas_test.h"
#include <cublasXt.h>

typedef std::vector<float> vf;

template <class T> static double bound_of(int L, double alpha, double beta) {
  bool cx = sizeof(T) == 2 * sizeof(typename elem<T>::real);
  return (cx ? 4 : 1) * (L + 2) * eps<T>() * (alpha * L + beta + 1);
}
template <class T>
static void expect_near(const char *what, const std::vector<T> &got, const std::vector<T> &want,
                        double b) {
  expect_close(what, got, want, std::vector<double>(got.size(), b));
}
// a diagonally dominant triangular (or full) n x n matrix, ld lda
template <class T> static std::vector<T> dominant(int n, int lda) {
  std::vector<T> A = random_vector<T>((size_t)lda * n);
  for (int i = 0; i < n; i++) {
    T d = A[i + (size_t)i * lda];
    double s = elem<T>::re(d) < 0 ? -1 : 1;
    if constexpr (sizeof(T) == 2 * sizeof(typename elem<T>::real))
      A[i + (size_t)i * lda].x = (typename elem<T>::real)(s * 4 + elem<T>::re(d));
    else
      A[i + (size_t)i * lda] = (T)(s * 4 + d);
  }
  return A;
}

// Progress lines, flushed: NVIDIA's cublasXt crashed this program (exit 139, no output: stdout
// was a buffered pipe) on an H100 with cuBLAS 13.1 (2026-12-07); the next GPU run shows where.
static void step(const char *what) {
  printf("xt: step: %s\n", what);
  fflush(stdout);
}

static void settings() {
  step("settings: Create, BlockDim");
  int count = 0;
  CHECK_CUDA(cudaGetDeviceCount(&count));
  cublasXtHandle_t xt;
  CHECK_BLAS(cublasXtCreate(&xt));
  int bd = 0;
  CHECK_BLAS(cublasXtGetBlockDim(xt, &bd));
  printf("xt: %d device(s); default blockDim %d\n", count, bd);
  if (bd <= 0) printf("FAIL default blockDim %d\n", bd), failures++;
  EXPECT_STATUS(cublasXtSetBlockDim(xt, 0), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasXtSetBlockDim(xt, -3), CUBLAS_STATUS_INVALID_VALUE);
  CHECK_BLAS(cublasXtSetBlockDim(xt, 77));
  CHECK_BLAS(cublasXtGetBlockDim(xt, &bd));
  if (bd != 77) printf("FAIL GetBlockDim %d after SetBlockDim 77\n", bd), failures++;
  // every device that exists, and one more: the one more does not exist
  step("settings: DeviceSelect with bad ids");
  std::vector<int> ids(count + 1);
  for (int i = 0; i <= count; i++)
    ids[i] = i;
  EXPECT_STATUS(cublasXtDeviceSelect(xt, count + 1, ids.data()), CUBLAS_STATUS_INVALID_VALUE);
  int bad = -1;
  EXPECT_STATUS(cublasXtDeviceSelect(xt, 1, &bad), CUBLAS_STATUS_INVALID_VALUE);
  step("settings: pinning mode");
  cublasXtPinnedMemMode_t mode = CUBLASXT_PINNING_ENABLED;
  CHECK_BLAS(cublasXtGetPinningMemMode(xt, &mode));
  if (mode != CUBLASXT_PINNING_DISABLED) printf("FAIL pinning mode on by default\n"), failures++;
  CHECK_BLAS(cublasXtSetPinningMemMode(xt, CUBLASXT_PINNING_ENABLED));
  CHECK_BLAS(cublasXtGetPinningMemMode(xt, &mode));
  if (mode != CUBLASXT_PINNING_ENABLED) printf("FAIL pinning mode not set\n"), failures++;
  EXPECT_STATUS(cublasXtSetPinningMemMode(xt, (cublasXtPinnedMemMode_t)5),
                CUBLAS_STATUS_INVALID_VALUE);
  CHECK_BLAS(cublasXtSetPinningMemMode(xt, CUBLASXT_PINNING_DISABLED));
  // the hybrid mode: gemm only
  step("settings: SetCpuRatio, SetCpuRoutine (NULL routine)");
  EXPECT_STATUS(cublasXtSetCpuRatio(xt, CUBLASXT_GEMM, CUBLASXT_FLOAT, 0.0f),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasXtSetCpuRoutine(xt, CUBLASXT_GEMM, CUBLASXT_DOUBLE, NULL),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasXtSetCpuRatio(xt, CUBLASXT_SYRK, CUBLASXT_FLOAT, 0.5f),
                CUBLAS_STATUS_NOT_SUPPORTED);
  float one = 1, x = 1;
  step("settings: DeviceSelect 0, bad arguments (host pointers)");
  int dev0 = 0;
  CHECK_BLAS(cublasXtDeviceSelect(xt, 1, &dev0));
  EXPECT_STATUS(
      cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, &x, 3, &x, 4, &one, &x, 4),
      CUBLAS_STATUS_INVALID_VALUE); // lda < m
  EXPECT_STATUS(cublasXtSgemm(xt, (cublasOperation_t)7, CUBLAS_OP_N, 4, 4, 4, &one, &x, 4, &x, 4,
                              &one, &x, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasXtStrsm(xt, CUBLAS_SIDE_LEFT, (cublasFillMode_t)9, CUBLAS_OP_N,
                              CUBLAS_DIAG_UNIT, 4, 4, &one, &x, 4, &x, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  CHECK_BLAS(cublasXtDestroy(xt));
}

// A math call before DeviceSelect: printed, not checked (NVIDIA's answer is undocumented;
// run last, as it may be what crashed under NVIDIA's library).
static void before_select() {
  cublasXtHandle_t xt;
  CHECK_BLAS(cublasXtCreate(&xt));
  float one = 1, x = 1;
  printf("xt: Sgemm before DeviceSelect: %s\n",
         cublasGetStatusName(cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &one, &x, 1, &x,
                                           1, &one, &x, 1)));
  CHECK_BLAS(cublasXtDestroy(xt));
}

static cublasXtHandle_t make(int block) {
  cublasXtHandle_t xt;
  CHECK_BLAS(cublasXtCreate(&xt));
  int dev = 0;
  CHECK_BLAS(cublasXtDeviceSelect(xt, 1, &dev));
  CHECK_BLAS(cublasXtSetBlockDim(xt, block));
  return xt;
}

static void gemms(cublasXtHandle_t xt) {
  { // S, every transpose pair
    const int m = 45, n = 37, k = 51, ld = 53;
    cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 2; b++) {
        vf A = random_vector<float>((size_t)ld * 51), B = random_vector<float>((size_t)ld * 51),
           C = random_vector<float>((size_t)ld * n);
        float alpha = 0.75f, beta = -1.25f;
        vf want = C;
        cblas_sgemm(CblasColMajor, cop(ops[a]), cop(ops[b]), m, n, k, alpha, A.data(), ld, B.data(),
                    ld, beta, want.data(), ld);
        CHECK_BLAS(cublasXtSgemm(xt, ops[a], ops[b], m, n, k, &alpha, A.data(), ld, B.data(), ld,
                                 &beta, C.data(), ld));
        char what[32];
        snprintf(what, sizeof what, "XtSgemm %d%d", a, b);
        expect_near(what, C, want, bound_of<float>(k, 0.75, 1.25));
      }
  }
  { // beta = 0 does not read C (NaN there)
    const int m = 20, n = 19, k = 17;
    vf A = random_vector<float>((size_t)m * k), B = random_vector<float>((size_t)k * n),
       C((size_t)m * n, NAN);
    float alpha = 1, beta = 0;
    vf want((size_t)m * n, 0);
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, A.data(), m, B.data(), k,
                0, want.data(), m);
    CHECK_BLAS(cublasXtSgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, A.data(), m, B.data(),
                             k, &beta, C.data(), m));
    expect_near("XtSgemm beta 0", C, want, bound_of<float>(k, 1, 0));
  }
  { // C, op C / N
    const int m = 19, n = 21, k = 18;
    std::vector<cuComplex> A = random_vector<cuComplex>((size_t)k * m),
                           B = random_vector<cuComplex>((size_t)k * n),
                           C = random_vector<cuComplex>((size_t)m * n);
    cuComplex alpha = make_cuComplex(0.5f, -0.75f), beta = make_cuComplex(-0.25f, 1);
    std::vector<cuComplex> want = C;
    cblas_cgemm(CblasColMajor, CblasConjTrans, CblasNoTrans, m, n, k, &alpha, A.data(), k, B.data(),
                k, &beta, want.data(), m);
    CHECK_BLAS(cublasXtCgemm(xt, CUBLAS_OP_C, CUBLAS_OP_N, m, n, k, &alpha, A.data(), k, B.data(),
                             k, &beta, C.data(), m));
    expect_near("XtCgemm CN", C, want, bound_of<cuComplex>(k, 2, 2));
  }
  { // D with A and C in device memory, B on the host
    const int m = 18, n = 17, k = 19;
    std::vector<double> A = random_vector<double>((size_t)m * k),
                        B = random_vector<double>((size_t)n * k),
                        C = random_vector<double>((size_t)m * n);
    double alpha = -1.5, beta = 0.5;
    std::vector<double> want = C;
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasTrans, m, n, k, alpha, A.data(), m, B.data(), n,
                beta, want.data(), m);
    step("gemms: Dgemm with A and C in device memory");
    double *dA = to_device(A), *dC = to_device(C);
    CHECK_BLAS(cublasXtDgemm(xt, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &alpha, dA, m, B.data(), n,
                             &beta, dC, m));
    expect_near("XtDgemm device A, C", to_host(dC, C.size()), want, bound_of<double>(k, 1.5, 0.5));
    cudaFree(dA), cudaFree(dC);
  }
  { // Z, T / C
    const int m = 10, n = 11, k = 9;
    std::vector<cuDoubleComplex> A = random_vector<cuDoubleComplex>((size_t)k * m),
                                 B = random_vector<cuDoubleComplex>((size_t)n * k),
                                 C = random_vector<cuDoubleComplex>((size_t)m * n);
    cuDoubleComplex alpha = make_cuDoubleComplex(1, 0.5), beta = make_cuDoubleComplex(0, -1);
    std::vector<cuDoubleComplex> want = C;
    cblas_zgemm(CblasColMajor, CblasTrans, CblasConjTrans, m, n, k, &alpha, A.data(), k, B.data(),
                n, &beta, want.data(), m);
    CHECK_BLAS(cublasXtZgemm(xt, CUBLAS_OP_T, CUBLAS_OP_C, m, n, k, &alpha, A.data(), k, B.data(),
                             n, &beta, C.data(), m));
    expect_near("XtZgemm TC", C, want, bound_of<cuDoubleComplex>(k, 2, 1));
  }
}

static void rank_k(cublasXtHandle_t xt) {
  const int n = 37, k = 23, ld = 41;
  for (int u = 0; u < 2; u++)
    for (int t = 0; t < 2; t++) {
      cublasFillMode_t uplo = u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
      cublasOperation_t tr = t ? CUBLAS_OP_T : CUBLAS_OP_N;
      vf A = random_vector<float>((size_t)ld * 37), B = random_vector<float>((size_t)ld * 37),
         C = random_vector<float>((size_t)ld * n);
      float alpha = 1.25f, beta = -0.5f;
      char what[40];
      { // syrk
        vf got = C, want = C;
        cblas_ssyrk(CblasColMajor, cuplo(uplo), cop(tr), n, k, alpha, A.data(), ld, beta,
                    want.data(), ld);
        CHECK_BLAS(cublasXtSsyrk(xt, uplo, tr, n, k, &alpha, A.data(), ld, &beta, got.data(), ld));
        snprintf(what, sizeof what, "XtSsyrk u%d t%d", u, t);
        expect_near(what, got, want, bound_of<float>(k, 1.25, 0.5));
      }
      { // syr2k
        vf got = C, want = C;
        cblas_ssyr2k(CblasColMajor, cuplo(uplo), cop(tr), n, k, alpha, A.data(), ld, B.data(), ld,
                     beta, want.data(), ld);
        CHECK_BLAS(cublasXtSsyr2k(xt, uplo, tr, n, k, &alpha, A.data(), ld, B.data(), ld, &beta,
                                  got.data(), ld));
        snprintf(what, sizeof what, "XtSsyr2k u%d t%d", u, t);
        expect_near(what, got, want, bound_of<float>(2 * k, 1.25, 0.5));
      }
      { // syrkx: with B = A it is syrk
        vf got = C, want = C;
        cblas_ssyrk(CblasColMajor, cuplo(uplo), cop(tr), n, k, alpha, A.data(), ld, beta,
                    want.data(), ld);
        CHECK_BLAS(cublasXtSsyrkx(xt, uplo, tr, n, k, &alpha, A.data(), ld, A.data(), ld, &beta,
                                  got.data(), ld));
        snprintf(what, sizeof what, "XtSsyrkx u%d t%d", u, t);
        expect_near(what, got, want, bound_of<float>(k, 1.25, 0.5));
      }
    }
  // syrkx with B != A: the uplo triangle of alpha A B^T + beta C (OpenBLAS's gemm there)
  {
    vf A = random_vector<float>((size_t)n * k), B = random_vector<float>((size_t)n * k),
       C = random_vector<float>((size_t)n * n);
    float alpha = 0.5f, beta = 2;
    vf full = C, got = C, want = C;
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasTrans, n, n, k, alpha, A.data(), n, B.data(), n,
                beta, full.data(), n);
    for (int j = 0; j < n; j++)
      for (int i = j; i < n; i++)
        want[i + j * n] = full[i + j * n];
    CHECK_BLAS(cublasXtSsyrkx(xt, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &alpha, A.data(), n,
                              B.data(), n, &beta, got.data(), n));
    expect_near("XtSsyrkx B != A", got, want, bound_of<float>(k, 0.5, 2));
  }
  // herk, her2k, herkx (C); her2k (Z)
  {
    const int nc = 27, kc = 19;
    for (int u = 0; u < 2; u++)
      for (int t = 0; t < 2; t++) {
        cublasFillMode_t uplo = u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
        cublasOperation_t tr = t ? CUBLAS_OP_C : CUBLAS_OP_N;
        std::vector<cuComplex> A = random_vector<cuComplex>((size_t)nc * 27),
                               B = random_vector<cuComplex>((size_t)nc * 27),
                               C = random_vector<cuComplex>((size_t)nc * nc);
        for (int i = 0; i < nc; i++)
          C[i + i * nc].y = 0;
        float ra = 0.75f, rb = -1.5f;
        cuComplex alpha = make_cuComplex(0.5f, 1);
        char what[40];
        std::vector<cuComplex> got = C, want = C;
        cblas_cherk(CblasColMajor, cuplo(uplo), cop(tr), nc, kc, ra, A.data(), nc, rb, want.data(),
                    nc);
        CHECK_BLAS(cublasXtCherk(xt, uplo, tr, nc, kc, &ra, A.data(), nc, &rb, got.data(), nc));
        snprintf(what, sizeof what, "XtCherk u%d t%d", u, t);
        expect_near(what, got, want, bound_of<cuComplex>(kc, 0.75, 1.5));
        got = C, want = C;
        cblas_cher2k(CblasColMajor, cuplo(uplo), cop(tr), nc, kc, &alpha, A.data(), nc, B.data(),
                     nc, rb, want.data(), nc);
        CHECK_BLAS(cublasXtCher2k(xt, uplo, tr, nc, kc, &alpha, A.data(), nc, B.data(), nc, &rb,
                                  got.data(), nc));
        snprintf(what, sizeof what, "XtCher2k u%d t%d", u, t);
        expect_near(what, got, want, bound_of<cuComplex>(2 * kc, 1.2, 1.5));
        // herkx with B = A: herk with a complex alpha of zero imaginary part
        got = C, want = C;
        cuComplex ar = make_cuComplex(ra, 0);
        cblas_cherk(CblasColMajor, cuplo(uplo), cop(tr), nc, kc, ra, A.data(), nc, rb, want.data(),
                    nc);
        CHECK_BLAS(cublasXtCherkx(xt, uplo, tr, nc, kc, &ar, A.data(), nc, A.data(), nc, &rb,
                                  got.data(), nc));
        snprintf(what, sizeof what, "XtCherkx u%d t%d", u, t);
        expect_near(what, got, want, bound_of<cuComplex>(kc, 0.75, 1.5));
      }
    const int nz = 11, kz = 9;
    std::vector<cuDoubleComplex> A = random_vector<cuDoubleComplex>((size_t)kz * nz),
                                 B = random_vector<cuDoubleComplex>((size_t)kz * nz),
                                 C = random_vector<cuDoubleComplex>((size_t)nz * nz);
    for (int i = 0; i < nz; i++)
      C[i + i * nz].y = 0;
    cuDoubleComplex alpha = make_cuDoubleComplex(-0.5, 0.25);
    double rb = 0.5;
    std::vector<cuDoubleComplex> got = C, want = C;
    cblas_zher2k(CblasColMajor, CblasUpper, CblasConjTrans, nz, kz, &alpha, A.data(), kz, B.data(),
                 kz, rb, want.data(), nz);
    CHECK_BLAS(cublasXtZher2k(xt, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, nz, kz, &alpha, A.data(), kz,
                              B.data(), kz, &rb, got.data(), nz));
    expect_near("XtZher2k UC", got, want, bound_of<cuDoubleComplex>(2 * kz, 1, 0.5));
  }
}

static void symms(cublasXtHandle_t xt) {
  const int m = 35, n = 29, ld = 39;
  for (int s = 0; s < 2; s++)
    for (int u = 0; u < 2; u++) {
      cublasSideMode_t side = s ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
      cublasFillMode_t uplo = u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
      int na = s ? n : m;
      vf A = random_vector<float>((size_t)ld * na), B = random_vector<float>((size_t)ld * n),
         C = random_vector<float>((size_t)ld * n);
      float alpha = -0.75f, beta = 1.5f;
      vf got = C, want = C;
      cblas_ssymm(CblasColMajor, cside(side), cuplo(uplo), m, n, alpha, A.data(), ld, B.data(), ld,
                  beta, want.data(), ld);
      CHECK_BLAS(cublasXtSsymm(xt, side, uplo, m, n, &alpha, A.data(), ld, B.data(), ld, &beta,
                               got.data(), ld));
      char what[40];
      snprintf(what, sizeof what, "XtSsymm s%d u%d", s, u);
      expect_near(what, got, want, bound_of<float>(na, 0.75, 1.5));
      // spmm: the same triangle packed
      vf AP;
      for (int j = 0; j < na; j++)
        for (int i = u ? 0 : j; i < (u ? j + 1 : na); i++)
          AP.push_back(A[i + (size_t)j * ld]);
      got = C;
      CHECK_BLAS(cublasXtSspmm(xt, side, uplo, m, n, &alpha, AP.data(), B.data(), ld, &beta,
                               got.data(), ld));
      snprintf(what, sizeof what, "XtSspmm s%d u%d", s, u);
      expect_near(what, got, want, bound_of<float>(na, 0.75, 1.5));
    }
  { // Chemm right, lower
    const int mc = 17, nc = 21;
    std::vector<cuComplex> A = random_vector<cuComplex>((size_t)nc * nc),
                           B = random_vector<cuComplex>((size_t)mc * nc),
                           C = random_vector<cuComplex>((size_t)mc * nc);
    cuComplex alpha = make_cuComplex(1, -0.5f), beta = make_cuComplex(0.25f, 0.25f);
    std::vector<cuComplex> got = C, want = C;
    cblas_chemm(CblasColMajor, CblasRight, CblasLower, mc, nc, &alpha, A.data(), nc, B.data(), mc,
                &beta, want.data(), mc);
    CHECK_BLAS(cublasXtChemm(xt, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, mc, nc, &alpha,
                             A.data(), nc, B.data(), mc, &beta, got.data(), mc));
    expect_near("XtChemm RL", got, want, bound_of<cuComplex>(nc, 1.2, 0.4));
    // Zhemm left upper
    const int mz = 10, nz = 9;
    std::vector<cuDoubleComplex> Az = random_vector<cuDoubleComplex>((size_t)mz * mz),
                                 Bz = random_vector<cuDoubleComplex>((size_t)mz * nz),
                                 Cz = random_vector<cuDoubleComplex>((size_t)mz * nz);
    cuDoubleComplex za = make_cuDoubleComplex(0.5, 0.5), zb = make_cuDoubleComplex(-1, 0);
    std::vector<cuDoubleComplex> gz = Cz, wz = Cz;
    cblas_zhemm(CblasColMajor, CblasLeft, CblasUpper, mz, nz, &za, Az.data(), mz, Bz.data(), mz,
                &zb, wz.data(), mz);
    CHECK_BLAS(cublasXtZhemm(xt, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, mz, nz, &za, Az.data(),
                             mz, Bz.data(), mz, &zb, gz.data(), mz));
    expect_near("XtZhemm LU", gz, wz, bound_of<cuDoubleComplex>(mz, 0.8, 1));
  }
}

static void triangular(cublasXtHandle_t xt) {
  const int m = 38, n = 27, ld = 40;
  cublasOperation_t ops[2] = {CUBLAS_OP_N, CUBLAS_OP_T};
  for (int s = 0; s < 2; s++)
    for (int u = 0; u < 2; u++)
      for (int t = 0; t < 2; t++) {
        cublasSideMode_t side = s ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
        cublasFillMode_t uplo = u ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
        cublasDiagType_t dg = (s + u + t) % 2 ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
        int na = s ? n : m;
        vf A = dominant<float>(na, ld);
        for (int j = 0; j < na; j++) // off-diagonal entries small: well conditioned with unit too
          for (int i = 0; i < na; i++)
            if (i != j) A[i + (size_t)j * ld] *= 0.5f / na;
        vf B = random_vector<float>((size_t)ld * n);
        float alpha = 1.5f;
        char what[40];
        vf got = B, want = B;
        cblas_strsm(CblasColMajor, cside(side), cuplo(uplo), cop(ops[t]), cdiag(dg), m, n, alpha,
                    A.data(), ld, want.data(), ld);
        CHECK_BLAS(
            cublasXtStrsm(xt, side, uplo, ops[t], dg, m, n, &alpha, A.data(), ld, got.data(), ld));
        snprintf(what, sizeof what, "XtStrsm s%d u%d t%d", s, u, t);
        expect_near(what, got, want, 64 * na * 5.96e-8 * 2);
        // trmm out of place into C (ldc != ldb), and in place
        const int ldc = 43;
        vf C = random_vector<float>((size_t)ldc * n), wc = C;
        want = B;
        cblas_strmm(CblasColMajor, cside(side), cuplo(uplo), cop(ops[t]), cdiag(dg), m, n, alpha,
                    A.data(), ld, want.data(), ld);
        for (int j = 0; j < n; j++)
          for (int i = 0; i < m; i++)
            wc[i + (size_t)j * ldc] = want[i + (size_t)j * ld];
        CHECK_BLAS(cublasXtStrmm(xt, side, uplo, ops[t], dg, m, n, &alpha, A.data(), ld, B.data(),
                                 ld, C.data(), ldc));
        snprintf(what, sizeof what, "XtStrmm s%d u%d t%d", s, u, t);
        expect_near(what, C, wc, bound_of<float>(na, 6, 0));
        got = B;
        CHECK_BLAS(cublasXtStrmm(xt, side, uplo, ops[t], dg, m, n, &alpha, A.data(), ld, got.data(),
                                 ld, got.data(), ld));
        snprintf(what, sizeof what, "XtStrmm in place s%d u%d t%d", s, u, t);
        expect_near(what, got, want, bound_of<float>(na, 6, 0));
      }
  { // Ctrsm left upper C, Dtrsm right lower N, Ztrmm right upper C
    const int mc = 19, nc = 13;
    std::vector<cuComplex> A = dominant<cuComplex>(mc, mc), B = random_vector<cuComplex>(mc * nc);
    cuComplex alpha = make_cuComplex(0.5f, 1);
    std::vector<cuComplex> got = B, want = B;
    cblas_ctrsm(CblasColMajor, CblasLeft, CblasUpper, CblasConjTrans, CblasNonUnit, mc, nc, &alpha,
                A.data(), mc, want.data(), mc);
    CHECK_BLAS(cublasXtCtrsm(xt, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C,
                             CUBLAS_DIAG_NON_UNIT, mc, nc, &alpha, A.data(), mc, got.data(), mc));
    expect_near("XtCtrsm LUC", got, want, 64 * mc * 5.96e-8 * 4);
    const int md = 9, nd = 12;
    std::vector<double> Ad = dominant<double>(nd, nd), Bd = random_vector<double>(md * nd);
    double ad = -2;
    std::vector<double> gd = Bd, wd = Bd;
    cblas_dtrsm(CblasColMajor, CblasRight, CblasLower, CblasNoTrans, CblasNonUnit, md, nd, ad,
                Ad.data(), nd, wd.data(), md);
    CHECK_BLAS(cublasXtDtrsm(xt, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                             CUBLAS_DIAG_NON_UNIT, md, nd, &ad, Ad.data(), nd, gd.data(), md));
    expect_near("XtDtrsm RLN", gd, wd, 64 * nd * 1.11e-16 * 4);
    const int mz = 7, nz = 10;
    std::vector<cuDoubleComplex> Az = random_vector<cuDoubleComplex>(nz * nz),
                                 Bz = random_vector<cuDoubleComplex>(mz * nz), Cz(mz * nz);
    cuDoubleComplex az = make_cuDoubleComplex(1, -1);
    std::vector<cuDoubleComplex> wz = Bz;
    cblas_ztrmm(CblasColMajor, CblasRight, CblasUpper, CblasConjTrans, CblasNonUnit, mz, nz, &az,
                Az.data(), nz, wz.data(), mz);
    CHECK_BLAS(cublasXtZtrmm(xt, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C,
                             CUBLAS_DIAG_NON_UNIT, mz, nz, &az, Az.data(), nz, Bz.data(), mz,
                             Cz.data(), mz));
    expect_near("XtZtrmm RUC", Cz, wz, bound_of<cuDoubleComplex>(nz, 2, 0));
  }
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0); // every line out before a crash
  settings();
  step("make(16): Create, DeviceSelect 0, SetBlockDim 16");
  cublasXtHandle_t xt = make(16);
  step("gemms");
  gemms(xt);
  step("rank_k");
  rank_k(xt);
  step("symms");
  symms(xt);
  step("triangular");
  triangular(xt);
  CHECK_BLAS(cublasXtDestroy(xt));
  // a block dim of 8 on the double-complex gemm and a 1-block problem
  step("make(8), Zgemm");
  xt = make(8);
  {
    const int m = 13, n = 9, k = 17;
    std::vector<cuDoubleComplex> A = random_vector<cuDoubleComplex>((size_t)m * k),
                                 B = random_vector<cuDoubleComplex>((size_t)k * n),
                                 C = random_vector<cuDoubleComplex>((size_t)m * n);
    cuDoubleComplex alpha = make_cuDoubleComplex(0.5, 0), beta = make_cuDoubleComplex(1, 1);
    std::vector<cuDoubleComplex> want = C;
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, &alpha, A.data(), m, B.data(),
                k, &beta, want.data(), m);
    CHECK_BLAS(cublasXtZgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, A.data(), m, B.data(),
                             k, &beta, C.data(), m));
    expect_near("XtZgemm bd 8", C, want, bound_of<cuDoubleComplex>(k, 0.5, 1.5));
  }
  CHECK_BLAS(cublasXtDestroy(xt));
  step("Sgemm before DeviceSelect");
  before_select();
  return finish("xt");
}
