// lt.cu — cuBLASLt's basics (cublasLt.h, -lcublasLt): descriptors and their attributes,
// the heuristic, and cublasLtMatmul D = epilogue(alpha op(A) op(B) + beta C) with C and D
// different matrices (and in place), every transpose, COL and ROW orders, strided batches,
// host and device scalars, the epilogues DEFAULT, RELU, BIAS, RELU_BIAS, GELU, GELU_BIAS,
// types 32F, 64F, 16F and 16BF with 32F compute; against a double-precision host
// reference of the same (exactly converted) inputs. Bound per element:
//   (k + 2) u_compute (|alpha| (|A||B|)_ij + |beta| |C_ij| + |bias_i|) * 1.2 (GELU's slope)
//   + 2 u_out |D_ref_ij| (D's storage rounding, once after the epilogue).
// GELU is the tanh form (NVIDIA's documentation names GELU without a formula: the H200
// run checks it). Then bad arguments: INVALID_VALUE for shapes that do not agree,
// NOT_SUPPORTED for a type combination cuBLASLt does not list, NOT_INITIALIZED for a NULL
// handle.
#include "cublas_test.h"
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define CHECK_LT(call) CHECK_BLAS(call)

static double to_double(__half v) {
  return (double)__half2float(v);
}
static double to_double(__nv_bfloat16 v) {
  return (double)__bfloat162float(v);
}
static double to_double(float v) {
  return v;
}
static double to_double(double v) {
  return v;
}
template <class S> static S from_double(double v);
template <> __half from_double<__half>(double v) {
  return __float2half((float)v);
}
template <> __nv_bfloat16 from_double<__nv_bfloat16>(double v) {
  return __float2bfloat16((float)v);
}
template <> float from_double<float>(double v) {
  return (float)v;
}
template <> double from_double<double>(double v) {
  return v;
}

static double gelu(double x) {
  return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}

struct lt_case {
  const char *name;
  cublasOperation_t ta, tb;
  int m, n, k, batch;
  cublasLtOrder_t order;
  cublasLtEpilogue_t epilogue;
  bool in_place, device_scalars;
  double alpha, beta;
};

// Element (i, j) of a rows x cols matrix with leading dimension ld in an order.
static long long at(cublasLtOrder_t o, long long i, long long j, long long ld) {
  return o == CUBLASLT_ORDER_COL ? i + j * ld : i * ld + j;
}

template <class TAB, class TD, class TS>
static void lt_run(cublasLtHandle_t lt, const lt_case &c, cudaDataType ab_type,
                   cudaDataType d_type, cublasComputeType_t compute, cudaDataType scale_type,
                   double u_compute, double u_out) {
  int m = c.m, n = c.n, k = c.k, batch = c.batch;
  int ar = c.ta == CUBLAS_OP_N ? m : k, ac = c.ta == CUBLAS_OP_N ? k : m;
  int br = c.tb == CUBLAS_OP_N ? k : n, bc = c.tb == CUBLAS_OP_N ? n : k;
  bool col = c.order == CUBLASLT_ORDER_COL;
  long long lda = (col ? ar : ac) + 3, ldb = (col ? br : bc) + 1, ldc = (col ? m : n) + 2,
            ldd = (col ? m : n) + 5;
  if (c.in_place) ldd = ldc;
  long long sA = lda * (col ? ac : ar) + 7, sB = ldb * (col ? bc : br) + 3,
            sC = ldc * (col ? n : m) + 1, sD = ldd * (col ? n : m) + 9;
  if (c.in_place) sD = sC;
  std::vector<TAB> A(sA * batch), B(sB * batch);
  std::vector<TD> C(sC * batch), D(sD * batch), bias((size_t)m * batch);
  for (auto &v : A)
    v = from_double<TAB>(uniform());
  for (auto &v : B)
    v = from_double<TAB>(uniform());
  for (auto &v : C)
    v = from_double<TD>(uniform());
  for (auto &v : D)
    v = from_double<TD>(uniform());
  for (auto &v : bias)
    v = from_double<TD>(uniform());
  TAB *dA = to_device(A), *dB = to_device(B);
  TD *dC = to_device(C), *dD = c.in_place ? dC : to_device(D), *dbias = to_device(bias);

  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, compute, scale_type));
  int32_t ta = c.ta, tb = c.tb;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
  uint32_t epi = c.epilogue;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
  bool has_bias = c.epilogue & 4;
  if (has_bias) {
    const void *bp = dbias;
    int64_t bstride = m;
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bp, sizeof bp));
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, &bstride,
                                            sizeof bstride));
  }
  int32_t pm = c.device_scalars ? CUBLASLT_POINTER_MODE_DEVICE : CUBLASLT_POINTER_MODE_HOST;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &pm, sizeof pm));

  cublasLtMatrixLayout_t la, lb, lc, ld;
  CHECK_LT(cublasLtMatrixLayoutCreate(&la, ab_type, ar, ac, lda));
  CHECK_LT(cublasLtMatrixLayoutCreate(&lb, ab_type, br, bc, ldb));
  CHECK_LT(cublasLtMatrixLayoutCreate(&lc, d_type, m, n, ldc));
  CHECK_LT(cublasLtMatrixLayoutCreate(&ld, d_type, m, n, ldd));
  cublasLtMatrixLayout_t all[4] = {la, lb, lc, ld};
  long long strides[4] = {sA, sB, sC, sD};
  for (int i = 0; i < 4; i++) {
    int32_t order = c.order, b = batch;
    int64_t s = strides[i];
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(all[i], CUBLASLT_MATRIX_LAYOUT_ORDER, &order,
                                              sizeof order));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(all[i], CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &b,
                                              sizeof b));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(all[i], CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &s, sizeof s));
  }

  cublasLtMatmulPreference_t pref;
  CHECK_LT(cublasLtMatmulPreferenceCreate(&pref));
  uint64_t ws = 1 << 20;
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws,
                                                sizeof ws));
  cublasLtMatmulHeuristicResult_t heur[4];
  int found = 0;
  cublasStatus_t hst = cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, ld, pref, 4, heur, &found);
  if (hst != CUBLAS_STATUS_SUCCESS) {
    // NVIDIA's cuBLASLt 13.1 answered NOT_SUPPORTED for the first case ("S NN": ldc 39,
    // ldd 42, odd batch offsets) on an H100 (2026-12-07), which Anchor runs. Which property it
    // refuses is not known: the heuristic is asked again with one change at a time, printed
    // for the next GPU run, and the case is skipped (counted as failed).
    printf("FAIL %s: cublasLtMatmulAlgoGetHeuristic -> %s\n", c.name, cublasGetStatusName(hst));
    failures++;
    cublasLtMatrixLayout_t ld2;
    CHECK_LT(cublasLtMatrixLayoutCreate(&ld2, d_type, m, n, ldc));
    int32_t order = c.order, b = batch;
    int64_t s2 = sC;
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(ld2, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, 4));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(ld2, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &b, 4));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(ld2, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &s2, 8));
    printf("probe %s: D with C's layout: %s\n", c.name,
           cublasGetStatusName(cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, ld2, pref, 4,
                                                              heur, &found)));
    printf("probe %s: D as C (in place): %s\n", c.name,
           cublasGetStatusName(cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, lc, pref, 4,
                                                              heur, &found)));
    cublasLtMatrixLayout_t e[4];
    int64_t lds[4] = {(lda + 3) / 4 * 4, (ldb + 3) / 4 * 4, (ldc + 3) / 4 * 4, (ldc + 3) / 4 * 4};
    int rows[4] = {ar, br, m, m}, cols[4] = {ac, bc, n, n};
    for (int i = 0; i < 4; i++) {
      cudaDataType ty = i < 2 ? ab_type : d_type;
      CHECK_LT(cublasLtMatrixLayoutCreate(&e[i], ty, rows[i], cols[i], lds[i]));
      CHECK_LT(cublasLtMatrixLayoutSetAttribute(e[i], CUBLASLT_MATRIX_LAYOUT_ORDER, &order, 4));
    }
    printf("probe %s: leading dimensions multiples of 4, no batch attributes: %s\n", c.name,
           cublasGetStatusName(
               cublasLtMatmulAlgoGetHeuristic(lt, desc, e[0], e[1], e[2], e[3], pref, 4, heur,
                                              &found)));
    for (auto l : e)
      cublasLtMatrixLayoutDestroy(l);
    cublasLtMatrixLayoutDestroy(ld2);
    return;
  }
  if (found < 1 || heur[0].state != CUBLAS_STATUS_SUCCESS || heur[0].workspaceSize > ws) {
    printf("FAIL %s: heuristic found %d\n", c.name, found);
    failures++;
    return;
  }
  void *workspace = nullptr;
  if (heur[0].workspaceSize) CHECK_CUDA(cudaMalloc(&workspace, heur[0].workspaceSize));

  TS alpha = from_double<TS>(c.alpha), beta = from_double<TS>(c.beta);
  const void *pa = &alpha, *pb = &beta;
  TS *dscal = nullptr;
  if (c.device_scalars) {
    CHECK_CUDA(cudaMalloc(&dscal, 2 * sizeof(TS)));
    TS both[2] = {alpha, beta};
    CHECK_CUDA(cudaMemcpy(dscal, both, sizeof both, cudaMemcpyHostToDevice));
    pa = dscal, pb = dscal + 1;
  }
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  CHECK_LT(cublasLtMatmul(lt, desc, pa, dA, la, dB, lb, pb, dC, lc, dD, ld, &heur[0].algo,
                          workspace, heur[0].workspaceSize, stream));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<TD> got = to_host(dD, D.size());

  // the reference, and D's untouched padding
  double al = to_double(alpha), be = to_double(beta);
  int bad = 0;
  std::vector<bool> written(D.size(), false);
  for (int p = 0; p < batch; p++)
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++) {
        double sum = 0, mag = 0;
        for (int l = 0; l < k; l++) {
          long long ai = c.ta == CUBLAS_OP_N ? at(c.order, i, l, lda) : at(c.order, l, i, lda);
          long long bi = c.tb == CUBLAS_OP_N ? at(c.order, l, j, ldb) : at(c.order, j, l, ldb);
          double x = to_double(A[p * sA + ai]), y = to_double(B[p * sB + bi]);
          sum += x * y, mag += std::fabs(x * y);
        }
        double cv = to_double(C[p * sC + at(c.order, i, j, ldc)]);
        double v = al * sum + be * cv;
        double bound = (k + 2) * u_compute * (std::fabs(al) * mag + std::fabs(be * cv));
        if (has_bias) {
          double bv = to_double(bias[(size_t)p * m + i]);
          v += bv, bound += u_compute * std::fabs(bv);
        }
        if (c.epilogue & 2) v = v < 0 ? 0 : v;
        if (c.epilogue & 32) v = gelu(v), bound *= 1.2;
        bound += 2 * u_out * std::fabs(v) + 1e-300;
        long long di = p * sD + at(c.order, i, j, ldd);
        written[di] = true;
        double g = to_double(got[di]);
        if (!(std::fabs(g - v) <= bound) && bad++ < 3)
          printf("FAIL %s: batch %d D(%d,%d) = %.9g, want %.9g (bound %.3g)\n", c.name, p, i, j,
                 g, v, bound);
      }
  if (!c.in_place)
    for (size_t e = 0; e < D.size(); e++)
      if (!written[e] && memcmp(&got[e], &D[e], sizeof(TD)) != 0 && bad++ < 3)
        printf("FAIL %s: D's element %zu outside the matrix changed\n", c.name, e);
  if (bad) failures++;
  cublasLtMatmulPreferenceDestroy(pref);
  for (auto l : all)
    cublasLtMatrixLayoutDestroy(l);
  cublasLtMatmulDescDestroy(desc);
  cudaStreamDestroy(stream);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dbias), cudaFree(dscal), cudaFree(workspace);
  if (!c.in_place) cudaFree(dD);
}

static void attributes() {
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  int32_t v = -1;
  size_t written = 0;
  CHECK_LT(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, nullptr, 0, &written));
  if (written != sizeof(int32_t)) printf("FAIL TRANSA's size %zu\n", written), failures++;
  CHECK_LT(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &v, sizeof v, &written));
  if (v != CUBLAS_OP_N) printf("FAIL TRANSA's default %d\n", v), failures++;
  uint32_t epi = 0;
  CHECK_LT(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi,
                                          &written));
  if (epi != CUBLASLT_EPILOGUE_DEFAULT) printf("FAIL EPILOGUE's default %u\n", epi), failures++;
  CHECK_LT(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, &v, sizeof v,
                                          &written));
  if (v != CUBLAS_COMPUTE_32F) printf("FAIL COMPUTE_TYPE %d\n", v), failures++;
  int32_t t = CUBLAS_OP_T;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &t, sizeof t));
  CHECK_LT(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &v, sizeof v, &written));
  if (v != CUBLAS_OP_T) printf("FAIL TRANSB read back %d\n", v), failures++;
  cublasLtMatmulDescDestroy(desc);

  cublasLtMatrixLayout_t l;
  CHECK_LT(cublasLtMatrixLayoutCreate(&l, CUDA_R_32F, 5, 7, 9));
  uint64_t rows = 0;
  int64_t ld = 0;
  int32_t order = -1, count = 0;
  uint32_t type = 0;
  CHECK_LT(cublasLtMatrixLayoutGetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ROWS, &rows, sizeof rows,
                                            &written));
  CHECK_LT(cublasLtMatrixLayoutGetAttribute(l, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof ld, &written));
  CHECK_LT(cublasLtMatrixLayoutGetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof order,
                                            &written));
  CHECK_LT(cublasLtMatrixLayoutGetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count,
                                            sizeof count, &written));
  CHECK_LT(cublasLtMatrixLayoutGetAttribute(l, CUBLASLT_MATRIX_LAYOUT_TYPE, &type, sizeof type,
                                            &written));
  if (rows != 5 || ld != 9 || order != CUBLASLT_ORDER_COL || count != 1 || type != CUDA_R_32F)
    printf("FAIL layout attributes: rows %llu ld %lld order %d batch %d type %u\n",
           (unsigned long long)rows, (long long)ld, order, count, type),
        failures++;
  cublasLtMatrixLayoutDestroy(l);
  printf("cublasLtGetVersion %zu\n", cublasLtGetVersion());
}

// Bad arguments: the codes of NVIDIA's documentation.
static void bad_arguments(cublasLtHandle_t lt) {
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t la, lb, lc, lbad, l64;
  CHECK_LT(cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, 4, 3, 4));
  CHECK_LT(cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, 3, 5, 3));
  CHECK_LT(cublasLtMatrixLayoutCreate(&lc, CUDA_R_32F, 4, 5, 4));
  CHECK_LT(cublasLtMatrixLayoutCreate(&lbad, CUDA_R_32F, 4, 6, 4)); // 6 columns, not 5
  CHECK_LT(cublasLtMatrixLayoutCreate(&l64, CUDA_R_64F, 4, 5, 4));
  float *d;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  CHECK_CUDA(cudaMemset(d, 0, 4096));
  float one = 1, zero = 0;
  EXPECT_STATUS(cublasLtMatmul(lt, desc, &one, d, la, d, lb, &zero, d, lc, d, lc, nullptr, nullptr,
                               0, 0),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasLtMatmul(lt, desc, &one, d, la, d, lb, &zero, d, lbad, d, lbad, nullptr,
                               nullptr, 0, 0),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasLtMatmul(lt, desc, &one, d, la, d, lb, &zero, d, l64, d, l64, nullptr, nullptr,
                               0, 0),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasLtMatmul(nullptr, desc, &one, d, la, d, lb, &zero, d, lc, d, lc, nullptr,
                               nullptr, 0, 0),
                CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaFree(d);
  for (auto l : {la, lb, lc, lbad, l64})
    cublasLtMatrixLayoutDestroy(l);
  cublasLtMatmulDescDestroy(desc);
}

// Open questions, printed (not checked) for the H200 run to answer with NVIDIA's
// cuBLASLt: the codes for a bias epilogue without a bias pointer and for an A batch count
// that differs from D's (Anchor: INVALID_VALUE for both), and which GELU NVIDIA's epilogue
// computes (Anchor: the tanh form) — D = GELU(x) for a few x, with both forms.
static void probes(cublasLtHandle_t lt) {
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t l1, l2;
  CHECK_LT(cublasLtMatrixLayoutCreate(&l1, CUDA_R_32F, 1, 1, 1));
  CHECK_LT(cublasLtMatrixLayoutCreate(&l2, CUDA_R_32F, 1, 1, 1));
  int32_t two = 2;
  int64_t one64 = 1;
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l2, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &two, 4));
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l2, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &one64,
                                            8));
  float *d;
  CHECK_CUDA(cudaMalloc(&d, 64));
  CHECK_CUDA(cudaMemset(d, 0, 64));
  float one = 1, zero = 0;
  uint32_t epi = CUBLASLT_EPILOGUE_BIAS;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
  cublasStatus_t st =
      cublasLtMatmul(lt, desc, &one, d, l1, d, l1, &zero, d, l1, d, l1, nullptr, nullptr, 0, 0);
  printf("probe: BIAS epilogue without a bias pointer -> %s\n", cublasGetStatusName(st));
  epi = CUBLASLT_EPILOGUE_DEFAULT;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
  st = cublasLtMatmul(lt, desc, &one, d, l2, d, l1, &zero, d, l1, d + 4, l1, nullptr, nullptr, 0,
                      0);
  printf("probe: A batch count 2, B, C, D 1 -> %s\n", cublasGetStatusName(st));
  CHECK_CUDA(cudaDeviceSynchronize());
  epi = CUBLASLT_EPILOGUE_GELU;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
  for (float x : {-3.0f, -1.0f, 0.5f, 2.0f}) {
    CHECK_CUDA(cudaMemcpy(d, &x, 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d + 1, &one, 4, cudaMemcpyHostToDevice));
    CHECK_LT(cublasLtMatmul(lt, desc, &one, d, l1, d + 1, l1, &zero, d + 2, l1, d + 2, l1, nullptr,
                            nullptr, 0, 0));
    float g;
    CHECK_CUDA(cudaMemcpy(&g, d + 2, 4, cudaMemcpyDeviceToHost));
    printf("probe: GELU(%g) = %.9g (tanh form %.9g, erf form %.9g)\n", x, g, gelu(x),
           0.5 * x * (1 + std::erf(x / std::sqrt(2.0))));
  }
  cudaFree(d);
  cublasLtMatrixLayoutDestroy(l1), cublasLtMatrixLayoutDestroy(l2);
  cublasLtMatmulDescDestroy(desc);
}

int main() {
  cublasLtHandle_t lt;
  CHECK_LT(cublasLtCreate(&lt));
  attributes();
  const cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
  const cublasLtOrder_t COL = CUBLASLT_ORDER_COL, ROW = CUBLASLT_ORDER_ROW;
  const double u32 = 5.96e-8, u64 = 1.11e-16, u16 = 4.88e-4, ubf = 3.91e-3;
  lt_case s_cases[] = {
      {"S NN", N, N, 37, 29, 41, 1, COL, CUBLASLT_EPILOGUE_DEFAULT, false, false, 1.5, -0.75},
      {"S TN", T, N, 33, 70, 19, 1, COL, CUBLASLT_EPILOGUE_DEFAULT, false, false, 0.5, 0},
      {"S NT batch", N, T, 20, 17, 23, 3, COL, CUBLASLT_EPILOGUE_DEFAULT, false, false, 1, 1},
      {"S TT in place", T, T, 25, 31, 9, 2, COL, CUBLASLT_EPILOGUE_DEFAULT, true, false, -1, 0.5},
      {"S ROW NN", N, N, 21, 35, 13, 1, ROW, CUBLASLT_EPILOGUE_DEFAULT, false, false, 1, 0.25},
      {"S ROW TN batch", T, N, 18, 11, 27, 2, ROW, CUBLASLT_EPILOGUE_BIAS, false, false, 1, 1},
      {"S device scalars", N, T, 30, 22, 16, 2, COL, CUBLASLT_EPILOGUE_DEFAULT, false, true, 2, -1},
      {"S RELU", N, N, 40, 33, 17, 1, COL, CUBLASLT_EPILOGUE_RELU, false, false, 1, 0.5},
      {"S BIAS", T, N, 29, 26, 15, 2, COL, CUBLASLT_EPILOGUE_BIAS, false, false, 1, 0},
      {"S RELU_BIAS", N, T, 35, 21, 12, 2, COL, CUBLASLT_EPILOGUE_RELU_BIAS, false, false, 1, 1},
      {"S GELU", N, N, 27, 19, 14, 1, COL, CUBLASLT_EPILOGUE_GELU, false, false, 1.25, 0},
      {"S GELU_BIAS", T, T, 24, 30, 11, 2, ROW, CUBLASLT_EPILOGUE_GELU_BIAS, false, false, 1, 0.5},
  };
  for (auto &c : s_cases)
    lt_run<float, float, float>(lt, c, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, u32,
                                u32);
  lt_case d_cases[] = {
      {"D TN RELU_BIAS", T, N, 13, 11, 9, 2, COL, CUBLASLT_EPILOGUE_RELU_BIAS, false, false, 1, 0.5},
      {"D ROW NT", N, T, 10, 12, 7, 1, ROW, CUBLASLT_EPILOGUE_DEFAULT, false, false, -1.5, 1},
  };
  for (auto &c : d_cases)
    lt_run<double, double, double>(lt, c, CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F,
                                   u64, u64);
  lt_case h_cases[] = {
      {"H->H NN BIAS", N, N, 33, 18, 24, 2, COL, CUBLASLT_EPILOGUE_BIAS, false, false, 1, 0.5},
      {"H->H TN GELU", T, N, 20, 25, 16, 1, ROW, CUBLASLT_EPILOGUE_GELU, false, false, 1, 0},
  };
  for (auto &c : h_cases)
    lt_run<__half, __half, float>(lt, c, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUDA_R_32F, u32,
                                  u16);
  lt_case hs_cases[] = {
      {"H->S NT RELU", N, T, 26, 17, 20, 1, COL, CUBLASLT_EPILOGUE_RELU, false, false, 1, 1},
  };
  for (auto &c : hs_cases)
    lt_run<__half, float, float>(lt, c, CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, u32,
                                 u32);
  lt_case bf_cases[] = {
      {"BF->BF NN RELU_BIAS", N, N, 22, 19, 18, 2, COL, CUBLASLT_EPILOGUE_RELU_BIAS, false, false,
       1, 0.5},
  };
  for (auto &c : bf_cases)
    lt_run<__nv_bfloat16, __nv_bfloat16, float>(lt, c, CUDA_R_16BF, CUDA_R_16BF,
                                                CUBLAS_COMPUTE_32F, CUDA_R_32F, u32, ubf);
  bad_arguments(lt);
  probes(lt);
  CHECK_LT(cublasLtDestroy(lt));
  return finish("lt");
}
