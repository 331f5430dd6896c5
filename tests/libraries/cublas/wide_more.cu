// wide_more.cu — every _64 form of wide_more.c, and gemm3m's of wide.c (int64_t sizes,
// increments, batch counts and I?amax/I?amin results) against its int form: the same inputs
// through both (outputs reset to the same random values before each), outputs within 16 (k +
// 2) eps (1 + |value|) — Anchor's _64 forms call the int routines, bit for bit; NVIDIA's may
// pick other kernels. Negative increments, batches, both pointer modes for the int64_t index
// results (device memory pre-filled with all ones: the upper half must become 0), the error
// codes of bad 64-bit arguments, and a leading dimension / increment above INT_MAX on a
// 1-element problem: NVIDIA's cuBLAS runs it (the value is checked), Anchor's answers
// NOT_SUPPORTED with the output untouched (docs/cublas.md "_64 forms").
#include "cublas_test.h"
#include <climits>
#include <cstdint>

static const int NE = 1024; // elements of every buffer
static const int n = 13, m = 11, k = 7, ld = 16, batch = 3;
static const long long stride = 256;

// The inputs every call reads, and the outputs it may write (one set per form).
template <class T> struct Env {
  T *A, *B, *x;             // read only; A's diagonal blocks dominant (trsv, trsm)
  const T **pA, **pB, **px; // batch pointer arrays into A, B, x
  std::vector<T> init;      // the outputs' start values
  T *o[2][3];               // outputs x, y, C of the two forms
  T **po[2][2];             // batch pointer arrays into each form's y and C
};

template <class T> static T **pointers(T *base, long long step) {
  T *h[batch];
  for (int b = 0; b < batch; b++)
    h[b] = base + b * step;
  T **d;
  CHECK_CUDA(cudaMalloc(&d, sizeof h));
  CHECK_CUDA(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  return d;
}

template <class T> static Env<T> make_env() {
  Env<T> e;
  std::vector<T> A = random_vector<T>(NE);
  for (int b = 0; b < 3; b++)
    for (int j = 0; j < ld; j++) {
      T &d = A[b * stride + j * ld + j];
      d = elem<T>::random(); // |d| >= 4 below: well-conditioned triangles
      reinterpret_cast<typename elem<T>::real *>(&d)[0] += 4;
    }
  e.A = to_device(A), e.B = to_device(random_vector<T>(NE)), e.x = to_device(random_vector<T>(NE));
  e.pA = (const T **)pointers(e.A, stride), e.pB = (const T **)pointers(e.B, stride);
  e.px = (const T **)pointers(e.x, 64);
  e.init = random_vector<T>(NE);
  for (int f = 0; f < 2; f++) {
    for (int o = 0; o < 3; o++)
      e.o[f][o] = to_device(e.init);
    e.po[f][0] = pointers(e.o[f][1], 64), e.po[f][1] = pointers(e.o[f][2], stride);
  }
  return e;
}

template <class T> static void reset(Env<T> &e) {
  for (int f = 0; f < 2; f++)
    for (int o = 0; o < 3; o++)
      CHECK_CUDA(cudaMemcpy(e.o[f][o], e.init.data(), NE * sizeof(T), cudaMemcpyHostToDevice));
}

// Runs the int form (f = 0) and the _64 form (f = 1), each on its own outputs, and compares.
template <class T, class Call> static void both(Env<T> &e, const char *what, int depth, Call call) {
  reset(e);
  CHECK_BLAS(call(0));
  CHECK_BLAS(call(1));
  for (int o = 0; o < 3; o++) {
    std::vector<T> got = to_host(e.o[1][o], NE), want = to_host(e.o[0][o], NE);
    std::vector<double> bound(NE);
    for (int i = 0; i < NE; i++)
      bound[i] = 16 * (depth + 2) * eps<T>() * (1 + abs_of(want[i]));
    char name[96];
    snprintf(name, sizeof name, "%s_64 (output %d)", what, o);
    expect_close(name, got, want, bound);
  }
}

// F(args) against F_64(args); X, Y, C (and PY, PC: batch pointers) are the form's outputs.
#define BOTH(E, F, DEPTH, ...)                                                                     \
  both(E, #F, DEPTH, [&](int f) {                                                                  \
    auto X = E.o[f][0], Y = E.o[f][1], C = E.o[f][2];                                              \
    auto PY = E.po[f][0], PC = E.po[f][1];                                                         \
    (void)X, (void)Y, (void)C, (void)PY, (void)PC;                                                 \
    return f ? F##_64(__VA_ARGS__) : F(__VA_ARGS__);                                               \
  })

static const cublasFillMode_t U = CUBLAS_FILL_MODE_UPPER, L = CUBLAS_FILL_MODE_LOWER;
static const cublasOperation_t N = CUBLAS_OP_N, T_ = CUBLAS_OP_T, H = CUBLAS_OP_C;
static const cublasSideMode_t SL = CUBLAS_SIDE_LEFT, SR = CUBLAS_SIDE_RIGHT;
static const cublasDiagType_t DN = CUBLAS_DIAG_NON_UNIT, DU = CUBLAS_DIAG_UNIT;

// The routines of every type (S, D, C, Z): level 2 and 3, geam, dgmm, batches.
#define ALL_TYPES(E, P, T, al, be)                                                                 \
  BOTH(E, cublas##P##symv, n, h, U, n, &al, E.A, ld, E.x, -2, &be, Y, 3);                          \
  BOTH(E, cublas##P##trsv, n, h, L, T_, DN, n, E.A, ld, X, -3);                                    \
  BOTH(E, cublas##P##trmv, n, h, U, N, DU, n, E.A, ld, X, 2);                                      \
  BOTH(E, cublas##P##syr, 1, h, L, n, &al, E.x, 3, C, ld);                                         \
  BOTH(E, cublas##P##syr2, 1, h, U, n, &al, E.x, -1, E.B, 2, C, ld);                               \
  BOTH(E, cublas##P##gemvBatched, n, h, T_, m, n, &al, E.pA, ld, E.px, 1, &be, PY, 2, batch);      \
  BOTH(E, cublas##P##gemvStridedBatched, n, h, N, m, n, &al, E.A, ld, stride, E.x, 2, 40, &be, Y,  \
       -1, 64, batch);                                                                             \
  BOTH(E, cublas##P##symm, m, h, SR, L, m, n, &al, E.A, ld, E.B, ld, &be, C, ld);                  \
  BOTH(E, cublas##P##syrk, k, h, U, T_, n, k, &al, E.A, ld, &be, C, ld);                           \
  BOTH(E, cublas##P##syr2k, k, h, L, N, n, k, &al, E.A, ld, E.B, ld, &be, C, ld);                  \
  BOTH(E, cublas##P##trmm, m, h, SL, U, T_, DN, m, n, &al, E.A, ld, E.B, ld, C, ld);               \
  BOTH(E, cublas##P##trsm, n, h, SR, L, N, DN, m, n, &al, E.A, ld, C, ld);                         \
  BOTH(E, cublas##P##trsmBatched, m, h, SL, U, T_, DN, m, n, &al, E.pA, ld, PC, ld, batch);        \
  BOTH(E, cublas##P##geam, 1, h, T_, N, m, n, &al, E.A, ld, &be, E.B, ld, C, ld);                  \
  BOTH(E, cublas##P##dgmm, 1, h, SL, m, n, E.A, ld, E.x, -1, C, ld)

template <class T>
static void index_results(cublasHandle_t h, Env<T> &e, const char *what,
                          cublasStatus_t (*f32)(cublasHandle_t, int, const T *, int, int *),
                          cublasStatus_t (*f64)(cublasHandle_t, int64_t, const T *, int64_t,
                                                int64_t *)) {
  int want;
  int64_t got = -1, *dgot;
  CHECK_BLAS(f32(h, 200, e.x, 3, &want));
  CHECK_BLAS(f64(h, 200, e.x, 3, &got));
  if (got != want || want < 1)
    printf("FAIL %s_64 (host): %lld, int form %d\n", what, (long long)got, want), failures++;
  CHECK_CUDA(cudaMalloc(&dgot, sizeof *dgot));
  CHECK_CUDA(cudaMemset(dgot, 0xff, sizeof *dgot));
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  CHECK_BLAS(f64(h, 200, e.x, 3, dgot));
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  CHECK_CUDA(cudaMemcpy(&got, dgot, sizeof got, cudaMemcpyDeviceToHost));
  if (got != want)
    printf("FAIL %s_64 (device): %lld, int form %d\n", what, (long long)got, want), failures++;
  CHECK_BLAS(f64(h, 0, e.x, 1, &got));
  if (got != 0) printf("FAIL %s_64 (n = 0): %lld\n", what, (long long)got), failures++;
  cudaFree(dgot);
}

static void test_real(cublasHandle_t h) {
  Env<float> s = make_env<float>();
  Env<double> d = make_env<double>();
  float sa = 0.75f, sb = -0.5f, sc = 0.6f, ss = 0.8f;
  double da = -1.25, db = 0.5, dc = 0.8, ds = -0.6;
  ALL_TYPES(s, S, float, sa, sb);
  ALL_TYPES(d, D, double, da, db);
  BOTH(s, cublasSger, 1, h, m, n, &sa, s.x, 2, s.B, -1, C, ld);
  BOTH(d, cublasDger, 1, h, m, n, &da, d.x, -2, d.B, 1, C, ld);
  BOTH(s, cublasSrot, 1, h, n, X, 2, Y, -3, &sc, &ss);
  BOTH(d, cublasDrot, 1, h, n, X, -1, Y, 1, &dc, &ds);
  float sp[5] = {-1, 0.5f, -0.25f, 2, 0.75f};
  double dp[5] = {1, 0, 0.5f, -0.25, 0};
  BOTH(s, cublasSrotm, 1, h, n, X, 1, Y, 2, sp);
  BOTH(d, cublasDrotm, 1, h, n, X, -2, Y, 3, dp);
  index_results<float>(h, s, "Isamax", cublasIsamax, cublasIsamax_64);
  index_results<float>(h, s, "Isamin", cublasIsamin, cublasIsamin_64);
  index_results<double>(h, d, "Idamax", cublasIdamax, cublasIdamax_64);
  index_results<double>(h, d, "Idamin", cublasIdamin, cublasIdamin_64);
  // Ex forms
  BOTH(s, cublasAxpyEx, 1, h, n, &sa, CUDA_R_32F, s.x, CUDA_R_32F, 2, Y, CUDA_R_32F, -1,
       CUDA_R_32F);
  BOTH(s, cublasScalEx, 1, h, n, &sa, CUDA_R_32F, X, CUDA_R_32F, 3, CUDA_R_32F);
  BOTH(s, cublasCopyEx, 0, h, n, s.x, CUDA_R_32F, 2, Y, CUDA_R_32F, -1);
  BOTH(s, cublasSwapEx, 0, h, n, X, CUDA_R_32F, 2, Y, CUDA_R_32F, -1);
  BOTH(s, cublasRotEx, 1, h, n, X, CUDA_R_32F, 1, Y, CUDA_R_32F, 2, &sc, &ss, CUDA_R_32F,
       CUDA_R_32F);
  BOTH(d, cublasRotmEx, 1, h, n, X, CUDA_R_64F, 1, Y, CUDA_R_64F, -1, dp, CUDA_R_64F, CUDA_R_64F);
  // the Ex reductions write to Y[0] in device pointer mode
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  BOTH(s, cublasDotEx, 200, h, 200, s.x, CUDA_R_32F, 2, s.B, CUDA_R_32F, -3, Y, CUDA_R_32F,
       CUDA_R_32F);
  BOTH(d, cublasNrm2Ex, 200, h, 200, d.x, CUDA_R_64F, 3, Y, CUDA_R_64F, CUDA_R_64F);
  BOTH(s, cublasAsumEx, 200, h, 200, s.x, CUDA_R_32F, 4, Y, CUDA_R_32F, CUDA_R_32F);
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  int want;
  int64_t got;
  CHECK_BLAS(cublasIamaxEx(h, 300, d.x, CUDA_R_64F, 2, &want));
  CHECK_BLAS(cublasIamaxEx_64(h, 300, d.x, CUDA_R_64F, 2, &got));
  if (got != want) printf("FAIL IamaxEx_64: %lld, int form %d\n", (long long)got, want), failures++;
  CHECK_BLAS(cublasIaminEx(h, 300, s.x, CUDA_R_32F, 3, &want));
  CHECK_BLAS(cublasIaminEx_64(h, 300, s.x, CUDA_R_32F, 3, &got));
  if (got != want) printf("FAIL IaminEx_64: %lld, int form %d\n", (long long)got, want), failures++;
  // batched GemmEx
  BOTH(s, cublasGemmBatchedEx, k, h, N, T_, m, n, k, &sa, (const void *const *)s.pA, CUDA_R_32F, ld,
       (const void *const *)s.pB, CUDA_R_32F, ld, &sb, (void *const *)PC, CUDA_R_32F, ld, batch,
       CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  BOTH(d, cublasGemmStridedBatchedEx, k, h, T_, N, m, n, k, &da, d.A, CUDA_R_64F, ld, stride, d.B,
       CUDA_R_64F, ld, stride, &db, C, CUDA_R_64F, ld, stride, batch, CUBLAS_COMPUTE_64F,
       CUBLAS_GEMM_DEFAULT);
}

static void test_complex(cublasHandle_t h) {
  Env<cuComplex> c = make_env<cuComplex>();
  Env<cuDoubleComplex> z = make_env<cuDoubleComplex>();
  cuComplex ca = make_cuComplex(0.5f, -0.75f), cb = make_cuComplex(-0.25f, 1), cs = ca;
  cuDoubleComplex za = make_cuDoubleComplex(-1, 0.5), zb = make_cuDoubleComplex(0.75, 0.25),
                  zs = zb;
  float cr = 0.6f, crs = 0.8f, cbr = -0.5f;
  double zr = -0.8, zrs = 0.6, zbr = 1.5;
  ALL_TYPES(c, C, cuComplex, ca, cb);
  ALL_TYPES(z, Z, cuDoubleComplex, za, zb);
  BOTH(c, cublasChemv, n, h, L, n, &ca, c.A, ld, c.x, 2, &cb, Y, -1);
  BOTH(z, cublasZhemv, n, h, U, n, &za, z.A, ld, z.x, -3, &zb, Y, 2);
  BOTH(c, cublasCher, 1, h, U, n, &cr, c.x, 2, C, ld);
  BOTH(z, cublasZher, 1, h, L, n, &zr, z.x, -1, C, ld);
  BOTH(c, cublasCher2, 1, h, L, n, &ca, c.x, 1, c.B, -2, C, ld);
  BOTH(z, cublasZher2, 1, h, U, n, &za, z.x, 3, z.B, 1, C, ld);
  BOTH(c, cublasChemm, m, h, SL, U, m, n, &ca, c.A, ld, c.B, ld, &cb, C, ld);
  BOTH(z, cublasZhemm, n, h, SR, L, m, n, &za, z.A, ld, z.B, ld, &zb, C, ld);
  BOTH(c, cublasCherk, k, h, L, H, n, k, &cr, c.A, ld, &cbr, C, ld);
  BOTH(z, cublasZherk, k, h, U, N, n, k, &zr, z.A, ld, &zbr, C, ld);
  BOTH(c, cublasCher2k, k, h, U, H, n, k, &ca, c.A, ld, c.B, ld, &cbr, C, ld);
  BOTH(z, cublasZher2k, k, h, L, N, n, k, &za, z.A, ld, z.B, ld, &zbr, C, ld);
  BOTH(c, cublasCgeru, 1, h, m, n, &ca, c.x, 2, c.B, -1, C, ld);
  BOTH(c, cublasCgerc, 1, h, m, n, &ca, c.x, -1, c.B, 3, C, ld);
  BOTH(z, cublasZgeru, 1, h, m, n, &za, z.x, 1, z.B, 2, C, ld);
  BOTH(z, cublasZgerc, 1, h, m, n, &za, z.x, 2, z.B, 1, C, ld);
  BOTH(c, cublasCrot, 1, h, n, X, 2, Y, -1, &cr, &cs);
  BOTH(c, cublasCsrot, 1, h, n, X, -2, Y, 1, &cr, &crs);
  BOTH(z, cublasZrot, 1, h, n, X, 1, Y, 3, &zr, &zs);
  BOTH(z, cublasZdrot, 1, h, n, X, 3, Y, -2, &zr, &zrs);
  BOTH(c, cublasCsscal, 1, h, n, &cr, X, 2);
  BOTH(z, cublasZdscal, 1, h, n, &zr, X, 3);
  // gemm3m (wide.c): every _64 form NVIDIA declares
  BOTH(c, cublasCgemm3m, k, h, N, T_, m, n, k, &ca, c.A, ld, c.B, ld, &cb, C, ld);
  BOTH(z, cublasZgemm3m, k, h, H, N, m, n, k, &za, z.A, ld, z.B, ld, &zb, C, ld);
  BOTH(c, cublasCgemm3mBatched, k, h, T_, H, m, n, k, &ca, c.pA, ld, c.pB, ld, &cb, PC, ld, batch);
  BOTH(c, cublasCgemm3mStridedBatched, k, h, N, N, m, n, k, &ca, c.A, ld, stride, c.B, ld, stride,
       &cb, C, ld, stride, batch);
  BOTH(c, cublasCgemm3mEx, k, h, H, T_, m, n, k, &ca, c.A, CUDA_C_32F, ld, c.B, CUDA_C_32F, ld, &cb,
       C, CUDA_C_32F, ld);
  index_results<cuComplex>(h, c, "Icamax", cublasIcamax, cublasIcamax_64);
  index_results<cuComplex>(h, c, "Icamin", cublasIcamin, cublasIcamin_64);
  index_results<cuDoubleComplex>(h, z, "Izamax", cublasIzamax, cublasIzamax_64);
  index_results<cuDoubleComplex>(h, z, "Izamin", cublasIzamin, cublasIzamin_64);
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  BOTH(c, cublasDotcEx, 200, h, 200, c.x, CUDA_C_32F, 2, c.B, CUDA_C_32F, 3, Y, CUDA_C_32F,
       CUDA_C_32F);
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
}

static void test_transfers() {
  std::vector<float> hx = random_vector<float>(64), back(64, 0.f);
  float *d;
  CHECK_CUDA(cudaMalloc(&d, 64 * sizeof(float)));
  CHECK_CUDA(cudaMemset(d, 0, 64 * sizeof(float)));
  CHECK_BLAS(cublasSetVector_64(20, 4, hx.data(), 3, d, 2));
  CHECK_BLAS(cublasGetVector_64(20, 4, d, 2, back.data(), 1));
  for (int i = 0; i < 20; i++)
    if (back[i] != hx[3 * i]) printf("FAIL Set/GetVector_64 [%d]\n", i), failures++, i = 20;
  CHECK_BLAS(cublasSetMatrix_64(5, 4, 4, hx.data(), 7, d, 6));
  std::fill(back.begin(), back.end(), 0.f);
  CHECK_BLAS(cublasGetMatrix_64(5, 4, 4, d, 6, back.data(), 5));
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 5; i++)
      if (back[j * 5 + i] != hx[j * 7 + i])
        printf("FAIL Set/GetMatrix_64 (%d,%d)\n", i, j), failures++;
  cudaStream_t st;
  CHECK_CUDA(cudaStreamCreate(&st));
  CHECK_BLAS(cublasSetVectorAsync_64(16, 4, hx.data() + 1, 2, d, 1, st));
  CHECK_BLAS(cublasGetVectorAsync_64(16, 4, d, 1, back.data(), 3, st));
  CHECK_BLAS(cublasSetMatrixAsync_64(3, 3, 4, hx.data(), 4, d + 32, 3, st));
  std::vector<float> mat(9);
  CHECK_BLAS(cublasGetMatrixAsync_64(3, 3, 4, d + 32, 3, mat.data(), 3, st));
  CHECK_CUDA(cudaStreamSynchronize(st));
  for (int i = 0; i < 16; i++)
    if (back[3 * i] != hx[1 + 2 * i])
      printf("FAIL Set/GetVectorAsync_64 [%d]\n", i), failures++, i = 16;
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++)
      if (mat[j * 3 + i] != hx[j * 4 + i])
        printf("FAIL Set/GetMatrixAsync_64 (%d,%d)\n", i, j), failures++;
  EXPECT_STATUS(cublasSetVector_64(4, 0, hx.data(), 1, d, 1), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasGetMatrix_64(-1, 4, 4, d, 4, back.data(), 4), CUBLAS_STATUS_INVALID_VALUE);
  CHECK_CUDA(cudaStreamDestroy(st));
  cudaFree(d);
}

// A leading dimension or increment above INT_MAX on a 1-element problem: NVIDIA's cuBLAS runs
// it; Anchor's (32-bit indexing) answers NOT_SUPPORTED and leaves the output alone.
static void test_beyond_int(cublasHandle_t h) {
  const int64_t big = (int64_t)INT_MAX + 2;
  std::vector<float> v = {2, 3, 5, 7};
  float *d = to_device(v), al = 0.5f, be = 2;
  cublasStatus_t st = cublasSsymv_64(h, U, 1, &al, d, big, d + 1, 1, &be, d + 2, 1);
  float y = to_host(d + 2, 1)[0];
  if (st == CUBLAS_STATUS_SUCCESS ? y != 0.5f * 2 * 3 + 2 * 5
                                  : st != CUBLAS_STATUS_NOT_SUPPORTED || y != 5)
    printf("FAIL Ssymv_64 lda > INT_MAX: %s, y %g\n", cublasGetStatusName(st), y), failures++;
  else
    printf("Ssymv_64 with lda > INT_MAX: %s\n", cublasGetStatusName(st));
  int64_t idx = -7;
  st = cublasIsamax_64(h, 1, d, big, &idx);
  if (st == CUBLAS_STATUS_SUCCESS ? idx != 1 : st != CUBLAS_STATUS_NOT_SUPPORTED || idx != -7)
    printf("FAIL Isamax_64 incx > INT_MAX: %s, %lld\n", cublasGetStatusName(st), (long long)idx),
        failures++;
  else
    printf("Isamax_64 with incx > INT_MAX: %s\n", cublasGetStatusName(st));
  cudaFree(d);
}

static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  int64_t r;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  EXPECT_STATUS(cublasSsymv_64(nullptr, U, 4, &one, d, 4, d, 1, &one, d, 1),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasIsamax_64(nullptr, 4, d, 1, &r), CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasStrsm_64(nullptr, SL, U, N, DN, 4, 4, &one, d, 4, d, 4),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSsymv_64(h, U, -5, &one, d, 4, d, 1, &one, d, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSsymv_64(h, U, 4, &one, d, 3, d, 1, &one, d, 1), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSsymv_64(h, U, 4, &one, d, 4, d, 0, &one, d, 1), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSger_64(h, 4, 4, &one, d, 1, d, 1, d, -(1LL << 40)),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSsyrk_64(h, U, N, 4, -(1LL << 35), &one, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasStrsmBatched_64(h, SL, U, N, DN, 4, 4, &one, (const float *const *)d, 4,
                                      (float *const *)d, 4, -1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgeam_64(h, N, N, 4, 4, &one, d, 3, &one, d, 4, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSdgmm_64(h, SL, 4, 4, d, 4, d, 1, d, 2), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSsymm_64(h, SL, U, 0, 4, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSrot_64(h, 0, d, 1, d, 1, &one, &one), CUBLAS_STATUS_SUCCESS);
  cudaFree(d);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_real(h);
  test_complex(h);
  test_transfers();
  test_beyond_int(h);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas wide_more");
}
