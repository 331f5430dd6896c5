// lt_int8.cu — cuBLASLt's 8-bit integer matmul and tiled orders (docs/cublas.md).
//   orders: cublasLtMatrixTransform from COL into COL32, COL4_4R2_8C and COL32_2R_4R4 puts
//   every element where NVIDIA's documentation places it (host offsets below, written from
//   cublasLt.h's descriptions), and back into ROW gives the matrix again (exact); 32I with
//   T and alpha/beta, and float COL32, against a host reference.
//   matmul: A/B 8I, compute 32I (and _PEDANTIC): scale 32I with C/D 32I (exact integer
//   reference), scale 32F with C/D 8I (double reference rounded to nearest even and
//   saturated; where the reference lies within 1e-3 of a half, either neighbour passes);
//   COL/ROW with every op, strided batches, C != D, beta 0, host and device scalars; NVIDIA's
//   IMMA layout (A COL32, B COL4_4R2_8C or COL32_2R_4R4 with op T, C/D COL32) filled by the
//   transform as users do. NOT_SUPPORTED: other type mixes, tiled orders outside the IMMA
//   layout or with other ops, an epilogue; INVALID_VALUE: a COL32 ld below 32 rows.
//   heuristic and AlgoGetIds answer for the 8-bit combinations.
#include "cublas_test.h"
#include <cstdint>
#include <cublasLt.h>

#define CHECK_LT(call) CHECK_BLAS(call)

// Element (r, c) in an order, from NVIDIA's descriptions (cublasLt.h).
static size_t offset(int order, long long ld, long long r, long long c) {
  long long tile = c / 32, cc = c % 32;
  switch (order) {
  case CUBLASLT_ORDER_COL: return (size_t)(c * ld + r);
  case CUBLASLT_ORDER_ROW: return (size_t)(r * ld + c);
  case CUBLASLT_ORDER_COL32: return (size_t)(tile * ld + r * 32 + cc);
  case CUBLASLT_ORDER_COL4_4R2_8C: {
    // 8-row blocks of 256; even rows (4 of them) first, then odd; inner tiles of 4 rows x 4
    // columns, one per 4 columns
    long long block = r / 8, rr = r % 8, half = rr % 2, row4 = rr / 2;
    return (size_t)(tile * ld + block * 256 + half * 128 + (cc / 4) * 16 + row4 * 4 + cc % 4);
  }
  default: { // COL32_2R_4R4: (((row%8)/2*4+row/8)*2+row%2)*32+col within a 32 x 32 tile
    long long block = r / 32, rr = r % 32;
    return (size_t)(tile * ld + block * 1024 + (((rr % 8) / 2 * 4 + rr / 8) * 2 + rr % 2) * 32 +
                    cc);
  }
  }
}
static long long ld_for(int order, int rows, int cols) {
  switch (order) {
  case CUBLASLT_ORDER_COL: return rows + 3;
  case CUBLASLT_ORDER_ROW: return cols + 2;
  case CUBLASLT_ORDER_COL32: return 32LL * rows;
  case CUBLASLT_ORDER_COL4_4R2_8C: return 256LL * ((rows + 7) / 8);
  default: return 1024LL * ((rows + 31) / 32);
  }
}
// elements a matrix of one batch spans
static size_t span(int order, int rows, int cols) {
  long long ld = ld_for(order, rows, cols);
  if (order == CUBLASLT_ORDER_COL) return (size_t)(ld * cols);
  if (order == CUBLASLT_ORDER_ROW) return (size_t)(ld * rows);
  return (size_t)(ld * ((cols + 31) / 32));
}

static cublasLtMatrixLayout_t layout(cudaDataType t, int rows, int cols, int order, int batch = 1,
                                     long long stride = 0, long long ld = 0) {
  cublasLtMatrixLayout_t l;
  CHECK_LT(cublasLtMatrixLayoutCreate(&l, t, rows, cols, ld ? ld : ld_for(order, rows, cols)));
  int32_t o = order;
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &o, sizeof o));
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, 4));
  int64_t s = stride;
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &s, 8));
  return l;
}

static int8_t random_i8() {
  return (int8_t)(int)std::floor(uniform() * 128); // [-128, 127]
}

// COL -> tiled (every element where the documentation puts it) -> ROW (the matrix again).
static void test_orders(cublasLtHandle_t lt) {
  const int orders[] = {CUBLASLT_ORDER_COL32, CUBLASLT_ORDER_COL4_4R2_8C,
                        CUBLASLT_ORDER_COL32_2R_4R4};
  const char *names[] = {"COL32", "COL4_4R2_8C", "COL32_2R_4R4"};
  int rows = 37, cols = 70;
  std::vector<int8_t> a((size_t)ld_for(CUBLASLT_ORDER_COL, rows, cols) * cols);
  for (auto &v : a)
    v = random_i8();
  int8_t *da = to_device(a);
  cublasLtMatrixTransformDesc_t desc;
  CHECK_LT(cublasLtMatrixTransformDescCreate(&desc, CUDA_R_32F));
  float one = 1, zero = 0;
  cublasLtMatrixLayout_t lcol = layout(CUDA_R_8I, rows, cols, CUBLASLT_ORDER_COL);
  cublasLtMatrixLayout_t lrow = layout(CUDA_R_8I, rows, cols, CUBLASLT_ORDER_ROW);
  for (int t = 0; t < 3; t++) {
    int o = orders[t];
    size_t n = span(o, rows, cols);
    std::vector<int8_t> fill(n, (int8_t)0x5a);
    int8_t *dt = to_device(fill), *dr;
    CHECK_CUDA(cudaMalloc(&dr, span(CUBLASLT_ORDER_ROW, rows, cols)));
    cublasLtMatrixLayout_t lt_ = layout(CUDA_R_8I, rows, cols, o);
    CHECK_LT(
        cublasLtMatrixTransform(lt, desc, &one, da, lcol, &zero, nullptr, nullptr, dt, lt_, 0));
    std::vector<int8_t> got = to_host(dt, n);
    int bad = 0;
    for (int c = 0; c < cols; c++)
      for (int r = 0; r < rows; r++)
        if (got[offset(o, ld_for(o, rows, cols), r, c)] !=
                a[offset(CUBLASLT_ORDER_COL, rows + 3, r, c)] &&
            bad++ < 3)
          printf("FAIL transform COL -> %s: (%d, %d)\n", names[t], r, c);
    // back into ROW
    CHECK_LT(
        cublasLtMatrixTransform(lt, desc, &one, dt, lt_, &zero, nullptr, nullptr, dr, lrow, 0));
    std::vector<int8_t> back = to_host(dr, span(CUBLASLT_ORDER_ROW, rows, cols));
    for (int c = 0; c < cols; c++)
      for (int r = 0; r < rows; r++)
        if (back[offset(CUBLASLT_ORDER_ROW, cols + 2, r, c)] !=
                a[offset(CUBLASLT_ORDER_COL, rows + 3, r, c)] &&
            bad++ < 3)
          printf("FAIL transform %s -> ROW: (%d, %d)\n", names[t], r, c);
    if (bad) failures++;
    cublasLtMatrixLayoutDestroy(lt_);
    cudaFree(dt), cudaFree(dr);
  }
  // an ld below the order's least: INVALID_VALUE
  int8_t *dt;
  CHECK_CUDA(cudaMalloc(&dt, 1 << 16));
  cublasLtMatrixLayout_t small =
      layout(CUDA_R_8I, rows, cols, CUBLASLT_ORDER_COL32, 1, 0, 32 * rows - 1);
  EXPECT_STATUS(
      cublasLtMatrixTransform(lt, desc, &one, da, lcol, &zero, nullptr, nullptr, dt, small, 0),
      CUBLAS_STATUS_INVALID_VALUE);
  cublasLtMatrixLayoutDestroy(small);

  // 32I: C (COL32_2R_4R4) = 2 A^T (A ROW, cols x rows) - 3 B (B COL4_4R2_8C), two batches
  {
    int batch = 2;
    int ao = CUBLASLT_ORDER_ROW, bo = CUBLASLT_ORDER_COL4_4R2_8C, co = CUBLASLT_ORDER_COL32_2R_4R4;
    size_t sa = span(ao, cols, rows), sb = span(bo, rows, cols), sc = span(co, rows, cols);
    std::vector<int32_t> ha(sa * batch), hb(sb * batch);
    for (auto &v : ha)
      v = (int32_t)(uniform() * 1e6);
    for (auto &v : hb)
      v = (int32_t)(uniform() * 1e6);
    int32_t *dA = to_device(ha), *dB = to_device(hb), *dC;
    CHECK_CUDA(cudaMalloc(&dC, sc * batch * 4));
    cublasLtMatrixLayout_t la = layout(CUDA_R_32I, cols, rows, ao, batch, (long long)sa),
                           lb = layout(CUDA_R_32I, rows, cols, bo, batch, (long long)sb),
                           lc = layout(CUDA_R_32I, rows, cols, co, batch, (long long)sc);
    int32_t trans = CUBLAS_OP_T;
    CHECK_LT(cublasLtMatrixTransformDescSetAttribute(desc, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA,
                                                     &trans, 4));
    float alpha = 2, beta = -3;
    CHECK_LT(cublasLtMatrixTransform(lt, desc, &alpha, dA, la, &beta, dB, lb, dC, lc, 0));
    std::vector<int32_t> got = to_host(dC, sc * batch);
    int bad = 0;
    for (int q = 0; q < batch; q++)
      for (int c = 0; c < cols; c++)
        for (int r = 0; r < rows; r++) {
          long long want = 2LL * ha[q * sa + offset(ao, ld_for(ao, cols, rows), c, r)] -
                           3LL * hb[q * sb + offset(bo, ld_for(bo, rows, cols), r, c)];
          if (got[q * sc + offset(co, ld_for(co, rows, cols), r, c)] != want && bad++ < 3)
            printf("FAIL transform 32I batch %d (%d, %d)\n", q, r, c);
        }
    if (bad) failures++;
    trans = CUBLAS_OP_N;
    CHECK_LT(cublasLtMatrixTransformDescSetAttribute(desc, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA,
                                                     &trans, 4));
    cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb),
        cublasLtMatrixLayoutDestroy(lc);
    cudaFree(dA), cudaFree(dB), cudaFree(dC);
  }
  // float COL -> COL32 scaled by 0.5 (exact)
  {
    std::vector<float> hf((size_t)(rows + 3) * cols);
    for (auto &v : hf)
      v = (float)uniform();
    float *df = to_device(hf), *d32, half = 0.5f;
    size_t n = span(CUBLASLT_ORDER_COL32, rows, cols);
    CHECK_CUDA(cudaMalloc(&d32, n * 4));
    cublasLtMatrixLayout_t lf = layout(CUDA_R_32F, rows, cols, CUBLASLT_ORDER_COL),
                           l32 = layout(CUDA_R_32F, rows, cols, CUBLASLT_ORDER_COL32);
    CHECK_LT(
        cublasLtMatrixTransform(lt, desc, &half, df, lf, &zero, nullptr, nullptr, d32, l32, 0));
    std::vector<float> got = to_host(d32, n);
    int bad = 0;
    for (int c = 0; c < cols; c++)
      for (int r = 0; r < rows; r++)
        if (got[offset(CUBLASLT_ORDER_COL32, 32 * rows, r, c)] !=
                0.5f * hf[(size_t)c * (rows + 3) + r] &&
            bad++ < 3)
          printf("FAIL transform 32F COL32 (%d, %d)\n", r, c);
    if (bad) failures++;
    cublasLtMatrixLayoutDestroy(lf), cublasLtMatrixLayoutDestroy(l32);
    cudaFree(df), cudaFree(d32);
  }
  cublasLtMatrixLayoutDestroy(lcol), cublasLtMatrixLayoutDestroy(lrow);
  cublasLtMatrixTransformDescDestroy(desc);
  cudaFree(da), cudaFree(dt);
}

struct mcase {
  const char *name;
  cublasOperation_t ta, tb;
  int oa, ob, od;
  int m, n, k, batch;
  bool d8, device_scalars;
  double alpha, beta;
  cublasComputeType_t compute;
};

// the reference's 8I result: nearest (ties to even), saturated; -1000 marks "either
// neighbour" (the reference within 1e-3 of a half)
static bool i8_ok(int got, double want) {
  double r = std::nearbyint(want);
  double lo = std::floor(want), frac = want - lo;
  auto sat = [](double v) { return v < -128 ? -128.0 : v > 127 ? 127.0 : v; };
  if (std::fabs(frac - 0.5) < 1e-3) return got == (int)sat(lo) || got == (int)sat(lo + 1);
  return got == (int)sat(r);
}

static void matmul_case(cublasLtHandle_t lt, const mcase &t) {
  int m = t.m, n = t.n, k = t.k, batch = t.batch;
  int ar = t.ta == CUBLAS_OP_N ? m : k, ac = t.ta == CUBLAS_OP_N ? k : m;
  int br = t.tb == CUBLAS_OP_N ? k : n, bc = t.tb == CUBLAS_OP_N ? n : k;
  size_t sa = span(t.oa, ar, ac), sb = span(t.ob, br, bc), sd = span(t.od, m, n);
  long long lda = ld_for(t.oa, ar, ac), ldb = ld_for(t.ob, br, bc), ldd = ld_for(t.od, m, n);
  std::vector<int8_t> ha(sa * batch), hb(sb * batch);
  for (auto &v : ha)
    v = random_i8();
  for (auto &v : hb)
    v = random_i8();
  cudaDataType dt = t.d8 ? CUDA_R_8I : CUDA_R_32I;
  size_t es = t.d8 ? 1 : 4;
  std::vector<char> hc(sd * batch * es);
  for (size_t i = 0; i < sd * batch; i++) {
    if (t.d8) {
      int8_t v = random_i8();
      memcpy(&hc[i], &v, 1);
    } else {
      int32_t v = (int32_t)(uniform() * 5e4);
      memcpy(&hc[i * 4], &v, 4);
    }
  }
  int8_t *dA = to_device(ha), *dB = to_device(hb);
  char *dC = to_device(hc), *dD;
  CHECK_CUDA(cudaMalloc(&dD, hc.size()));
  CHECK_CUDA(cudaMemset(dD, 0x33, hc.size()));
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, t.compute, t.d8 ? CUDA_R_32F : CUDA_R_32I));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &t.ta, 4));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &t.tb, 4));
  cublasLtMatrixLayout_t la = layout(CUDA_R_8I, ar, ac, t.oa, batch, (long long)sa),
                         lb = layout(CUDA_R_8I, br, bc, t.ob, batch, (long long)sb),
                         ld = layout(dt, m, n, t.od, batch, (long long)sd);
  int32_t ialpha = (int32_t)t.alpha, ibeta = (int32_t)t.beta;
  float falpha = (float)t.alpha, fbeta = (float)t.beta;
  const void *alpha = t.d8 ? (const void *)&falpha : (const void *)&ialpha;
  const void *beta = t.d8 ? (const void *)&fbeta : (const void *)&ibeta;
  void *dscal = nullptr;
  if (t.device_scalars) {
    int32_t mode = CUBLASLT_POINTER_MODE_DEVICE;
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, 4));
    CHECK_CUDA(cudaMalloc(&dscal, 8));
    CHECK_CUDA(cudaMemcpy(dscal, alpha, 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy((char *)dscal + 4, beta, 4, cudaMemcpyHostToDevice));
    alpha = dscal, beta = (char *)dscal + 4;
  }
  cublasLtMatmulPreference_t pref;
  CHECK_LT(cublasLtMatmulPreferenceCreate(&pref));
  cublasLtMatmulHeuristicResult_t res;
  int count = 0;
  CHECK_LT(cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, ld, ld, pref, 1, &res, &count));
  if (count != 1) {
    printf("FAIL %s: heuristic returned %d algorithms\n", t.name, count);
    failures++;
  }
  CHECK_LT(cublasLtMatmul(lt, desc, alpha, dA, la, dB, lb, beta, dC, ld, dD, ld,
                          count ? &res.algo : nullptr, nullptr, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<char> got = to_host(dD, hc.size());
  int bad = 0;
  for (int q = 0; q < batch; q++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        long long acc = 0;
        for (int l = 0; l < k; l++) {
          size_t ia = t.ta == CUBLAS_OP_N ? offset(t.oa, lda, i, l) : offset(t.oa, lda, l, i);
          size_t ib = t.tb == CUBLAS_OP_N ? offset(t.ob, ldb, l, j) : offset(t.ob, ldb, j, l);
          acc += (long long)ha[q * sa + ia] * hb[q * sb + ib];
        }
        size_t id = q * sd + offset(t.od, ldd, i, j);
        bool ok;
        if (t.d8) {
          double want = t.alpha * (double)(float)acc;
          if (t.beta != 0) want += t.beta * (int8_t)hc[id];
          ok = i8_ok((int8_t)got[id], want);
        } else {
          int32_t c, g;
          memcpy(&c, &hc[id * 4], 4), memcpy(&g, &got[id * 4], 4);
          long long want = (long long)t.alpha * acc + (t.beta != 0 ? (long long)t.beta * c : 0);
          ok = g == (int32_t)want;
        }
        if (!ok && bad++ < 3) printf("FAIL %s: batch %d (%d, %d)\n", t.name, q, i, j);
      }
  if (bad) failures++;
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb), cublasLtMatrixLayoutDestroy(ld);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD), cudaFree(dscal);
}

// The IMMA layout filled from COL matrices by the transform, as users do; D back to COL.
static void test_imma(cublasLtHandle_t lt, int border, bool d8) {
  int m = 45, n = 37, k = 70;
  std::vector<int8_t> a((size_t)m * k), b((size_t)n * k); // A m x k COL, B n x k COL (op T)
  for (auto &v : a)
    v = random_i8();
  for (auto &v : b)
    v = random_i8();
  int8_t *dA = to_device(a), *dB = to_device(b), *tA, *tB;
  CHECK_CUDA(cudaMalloc(&tA, span(CUBLASLT_ORDER_COL32, m, k)));
  CHECK_CUDA(cudaMalloc(&tB, span(border, n, k)));
  cublasLtMatrixTransformDesc_t tdesc;
  CHECK_LT(cublasLtMatrixTransformDescCreate(&tdesc, CUDA_R_32F));
  float one = 1, zero = 0;
  cublasLtMatrixLayout_t la = layout(CUDA_R_8I, m, k, CUBLASLT_ORDER_COL, 1, 0, m),
                         lb = layout(CUDA_R_8I, n, k, CUBLASLT_ORDER_COL, 1, 0, n),
                         la32 = layout(CUDA_R_8I, m, k, CUBLASLT_ORDER_COL32),
                         lbt = layout(CUDA_R_8I, n, k, border);
  CHECK_LT(cublasLtMatrixTransform(lt, tdesc, &one, dA, la, &zero, nullptr, nullptr, tA, la32, 0));
  CHECK_LT(cublasLtMatrixTransform(lt, tdesc, &one, dB, lb, &zero, nullptr, nullptr, tB, lbt, 0));
  cudaDataType dt = d8 ? CUDA_R_8I : CUDA_R_32I;
  size_t es = d8 ? 1 : 4;
  cublasLtMatrixLayout_t ld32 = layout(dt, m, n, CUBLASLT_ORDER_COL32),
                         ldc = layout(dt, m, n, CUBLASLT_ORDER_COL, 1, 0, m);
  char *tD, *dD;
  CHECK_CUDA(cudaMalloc(&tD, span(CUBLASLT_ORDER_COL32, m, n) * es));
  CHECK_CUDA(cudaMalloc(&dD, (size_t)m * n * es));
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32I, d8 ? CUDA_R_32F : CUDA_R_32I));
  int32_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
  int32_t ialpha = 1, ibeta = 0;
  float falpha = 0.0371f, fbeta = 0;
  const void *alpha = d8 ? (const void *)&falpha : (const void *)&ialpha;
  const void *beta = d8 ? (const void *)&fbeta : (const void *)&ibeta;
  // op N on B is not NVIDIA's IMMA layout
  cublasLtMatrixLayout_t lbn = layout(CUDA_R_8I, k, n, border);
  EXPECT_STATUS(cublasLtMatmul(lt, desc, alpha, tA, la32, tB, lbn, beta, tD, ld32, tD, ld32,
                               nullptr, nullptr, 0, 0),
                CUBLAS_STATUS_NOT_SUPPORTED);
  cublasLtMatrixLayoutDestroy(lbn);
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opT, 4));
  CHECK_LT(cublasLtMatmul(lt, desc, alpha, tA, la32, tB, lbt, beta, tD, ld32, tD, ld32, nullptr,
                          nullptr, 0, 0));
  cublasLtMatrixTransformDesc_t tdesc_d;
  CHECK_LT(cublasLtMatrixTransformDescCreate(&tdesc_d, CUDA_R_32F));
  CHECK_LT(
      cublasLtMatrixTransform(lt, tdesc_d, &one, tD, ld32, &zero, nullptr, nullptr, dD, ldc, 0));
  std::vector<char> got = to_host(dD, (size_t)m * n * es);
  int bad = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      long long acc = 0;
      for (int l = 0; l < k; l++)
        acc += (long long)a[(size_t)l * m + i] * b[(size_t)l * n + j];
      bool ok;
      if (d8) {
        ok = i8_ok((int8_t)got[(size_t)j * m + i], (double)falpha * (double)(float)acc);
      } else {
        int32_t g;
        memcpy(&g, &got[((size_t)j * m + i) * 4], 4);
        ok = g == acc;
      }
      if (!ok && bad++ < 3)
        printf("FAIL IMMA layout B order %d d8 %d: (%d, %d)\n", border, d8, i, j);
    }
  if (bad) failures++;
  (void)opN;
  cublasLtMatmulDescDestroy(desc);
  cublasLtMatrixTransformDescDestroy(tdesc), cublasLtMatrixTransformDescDestroy(tdesc_d);
  cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb),
      cublasLtMatrixLayoutDestroy(la32), cublasLtMatrixLayoutDestroy(lbt),
      cublasLtMatrixLayoutDestroy(ld32), cublasLtMatrixLayoutDestroy(ldc);
  cudaFree(dA), cudaFree(dB), cudaFree(tA), cudaFree(tB), cudaFree(tD), cudaFree(dD);
}

static void test_unsupported(cublasLtHandle_t lt) {
  char *d;
  CHECK_CUDA(cudaMalloc(&d, 1 << 20));
  int32_t ione = 1, izero = 0;
  float fone = 1, fzero = 0;
  cublasLtMatmulDesc_t d32i, d32f;
  CHECK_LT(cublasLtMatmulDescCreate(&d32i, CUBLAS_COMPUTE_32I, CUDA_R_32I));
  CHECK_LT(cublasLtMatmulDescCreate(&d32f, CUBLAS_COMPUTE_32I, CUDA_R_32F));
  cublasLtMatrixLayout_t a8 = layout(CUDA_R_8I, 8, 8, CUBLASLT_ORDER_COL),
                         c8 = layout(CUDA_R_8I, 8, 8, CUBLASLT_ORDER_COL),
                         c32 = layout(CUDA_R_32I, 8, 8, CUBLASLT_ORDER_COL),
                         c32t = layout(CUDA_R_32I, 8, 8, CUBLASLT_ORDER_COL32),
                         a8t = layout(CUDA_R_8I, 8, 8, CUBLASLT_ORDER_COL32),
                         c32small = layout(CUDA_R_32I, 8, 8, CUBLASLT_ORDER_COL32, 1, 0, 255);
  // scale 32I with D 8I; scale 32F with D 32I
  EXPECT_STATUS(
      cublasLtMatmul(lt, d32i, &ione, d, a8, d, a8, &izero, d, c8, d, c8, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(
      cublasLtMatmul(lt, d32f, &fone, d, a8, d, a8, &fzero, d, c32, d, c32, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED);
  // a tiled order outside the IMMA layout: A COL32 with B, C, D COL
  EXPECT_STATUS(cublasLtMatmul(lt, d32i, &ione, d, a8t, d, a8, &izero, d, c32, d, c32, nullptr,
                               nullptr, 0, 0),
                CUBLAS_STATUS_NOT_SUPPORTED);
  // B COL32 (not one of B's IMMA orders), op T
  int32_t opT = CUBLAS_OP_T;
  CHECK_LT(cublasLtMatmulDescSetAttribute(d32i, CUBLASLT_MATMUL_DESC_TRANSB, &opT, 4));
  EXPECT_STATUS(cublasLtMatmul(lt, d32i, &ione, d, a8t, d, a8t, &izero, d, c32t, d, c32t, nullptr,
                               nullptr, 0, 0),
                CUBLAS_STATUS_NOT_SUPPORTED);
  // COL32 ld below 32 rows: INVALID_VALUE
  cublasLtMatrixLayout_t b4 = layout(CUDA_R_8I, 8, 8, CUBLASLT_ORDER_COL4_4R2_8C);
  EXPECT_STATUS(cublasLtMatmul(lt, d32i, &ione, d, a8t, d, b4, &izero, d, c32small, d, c32small,
                               nullptr, nullptr, 0, 0),
                CUBLAS_STATUS_INVALID_VALUE);
  // an epilogue
  uint32_t relu = CUBLASLT_EPILOGUE_RELU;
  CHECK_LT(cublasLtMatmulDescSetAttribute(d32i, CUBLASLT_MATMUL_DESC_EPILOGUE, &relu, 4));
  EXPECT_STATUS(cublasLtMatmul(lt, d32i, &ione, d, a8t, d, b4, &izero, d, c32t, d, c32t, nullptr,
                               nullptr, 0, 0),
                CUBLAS_STATUS_NOT_SUPPORTED);
  // AlgoGetIds: one id for each 8-bit combination, none for a mix NVIDIA does not list
  int ids[4], count = -1;
  CHECK_LT(cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32I, CUDA_R_32I, CUDA_R_8I, CUDA_R_8I,
                                    CUDA_R_32I, CUDA_R_32I, 4, ids, &count));
  if (count != 1) printf("FAIL AlgoGetIds 8I -> 32I: %d ids\n", count), failures++;
  CHECK_LT(cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32I_PEDANTIC, CUDA_R_32F, CUDA_R_8I,
                                    CUDA_R_8I, CUDA_R_8I, CUDA_R_8I, 4, ids, &count));
  if (count != 1) printf("FAIL AlgoGetIds 8I -> 8I: %d ids\n", count), failures++;
  CHECK_LT(cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32I, CUDA_R_32I, CUDA_R_8I, CUDA_R_8I,
                                    CUDA_R_8I, CUDA_R_8I, 4, ids, &count));
  if (count != 0) printf("FAIL AlgoGetIds 8I -> 8I scale 32I: %d ids\n", count), failures++;
  cublasLtMatrixLayoutDestroy(a8), cublasLtMatrixLayoutDestroy(c8),
      cublasLtMatrixLayoutDestroy(c32), cublasLtMatrixLayoutDestroy(c32t),
      cublasLtMatrixLayoutDestroy(a8t), cublasLtMatrixLayoutDestroy(c32small),
      cublasLtMatrixLayoutDestroy(b4);
  cublasLtMatmulDescDestroy(d32i), cublasLtMatmulDescDestroy(d32f);
  cudaFree(d);
}

int main() {
  cublasLtHandle_t lt;
  CHECK_LT(cublasLtCreate(&lt));
  test_orders(lt);
  const int COL = CUBLASLT_ORDER_COL, ROW = CUBLASLT_ORDER_ROW;
  const cublasComputeType_t I = CUBLAS_COMPUTE_32I, IP = CUBLAS_COMPUTE_32I_PEDANTIC;
  const cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
  const mcase cases[] = {
      {"32I NN COL", N, N, COL, COL, COL, 33, 21, 47, 1, false, false, 1, 0, I},
      {"32I TN COL beta", T, N, COL, COL, COL, 20, 17, 64, 2, false, false, 3, -2, I},
      {"32I NT ROW pedantic", N, T, ROW, ROW, ROW, 19, 40, 35, 1, false, false, -1, 1, IP},
      {"32I TT mixed device", T, T, ROW, COL, COL, 24, 24, 9, 3, false, true, 2, 1, I},
      {"8I NN COL", N, N, COL, COL, COL, 33, 21, 47, 1, true, false, 0.0137, 0, I},
      {"8I TN ROW beta", T, N, ROW, COL, ROW, 18, 29, 70, 2, true, false, 0.021, 0.75, I},
      {"8I NT device", N, T, COL, ROW, COL, 16, 16, 130, 1, true, true, 0.5, -1, IP},
  };
  for (const mcase &t : cases)
    matmul_case(lt, t);
  for (int d8 = 0; d8 < 2; d8++) {
    test_imma(lt, CUBLASLT_ORDER_COL4_4R2_8C, d8);
    test_imma(lt, CUBLASLT_ORDER_COL32_2R_4R4, d8);
  }
  test_unsupported(lt);
  CHECK_LT(cublasLtDestroy(lt));
  return finish("cublas lt_int8");
}
