// lt_fp8.cu — cuBLASLt's fp8 matmul (docs/cublas.md): A/B CUDA_R_8F_E4M3 / _E5M2 in NVIDIA's
// TN layout, D = scale_D (alpha scale_A scale_B A^T B + beta scale_C C) with the A/B/C/D
// scale pointers and AMAX_D_POINTER (max |x| before scale_D), against a double host
// reference. fp8 values from a table of all 256 codes (decoded from the formats'
// definitions); fp8 D must be the code nearest the reference (either neighbour within
// 1e-5 of a tie), saturated to the largest finite value; 16F/16BF/32F D within
// (k + 2) u (1 + |want|). Cases: the five (C, D) combinations, E4M3 x E5M2 and E5M2 x E4M3,
// batches, device scalars, NULL scale pointers (1), saturation. NOT_SUPPORTED: E5M2 x E5M2,
// E5M2 D from E4M3 inputs, op(A) N, ROW order, an epilogue, compute 32I.
#include "cublas_test.h"
#include <algorithm>
#include <cstdint>
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define CHECK_LT(call) CHECK_BLAS(call)

// value of an fp8 code: E4M3 (bias 7, S.1111.111 NaN) or E5M2 (bias 15, IEEE-like)
static double fp8_value(unsigned char c, bool e5) {
  int sign = c >> 7, mb = e5 ? 2 : 3, eb = e5 ? 5 : 4, bias = e5 ? 15 : 7;
  int e = (c >> mb) & ((1 << eb) - 1), m = c & ((1 << mb) - 1);
  double v;
  if (e5 && e == 31)
    v = m ? NAN : INFINITY;
  else if (!e5 && e == 15 && m == 7)
    v = NAN;
  else if (e == 0)
    v = std::ldexp((double)m, 1 - bias - mb);
  else
    v = std::ldexp((double)((1 << mb) | m), e - bias - mb);
  return sign ? -v : v;
}
// nearest finite code (ties to the even code), saturated
static unsigned char fp8_code(double v, bool e5) {
  double maxv = e5 ? 57344 : 448;
  if (v >= maxv) return e5 ? 0x7b : 0x7e;
  if (v <= -maxv) return e5 ? 0xfb : 0xfe;
  int best = -1;
  double bd = 0;
  for (int c = 0; c < 256; c++) {
    double x = fp8_value((unsigned char)c, e5);
    if (!std::isfinite(x) || (x == 0 && c == 0x80)) continue;
    double d = std::fabs(x - v);
    if (best < 0 || d < bd || (d == bd && (c & 1) == 0)) best = c, bd = d;
  }
  if (best == 0 && std::signbit(v)) best = 0x80;
  return (unsigned char)best;
}

struct fcase {
  const char *name;
  cudaDataType at, bt, ct, dt;
  int m, n, k, batch;
  float alpha, beta, sa, sb, sc, sd; // a scale of 0: pointer NULL
  bool device_scalars, amax;
};

static double elem_value(const std::vector<char> &v, size_t i, cudaDataType t) {
  switch (t) {
  case CUDA_R_32F: {
    float f;
    memcpy(&f, &v[i * 4], 4);
    return f;
  }
  case CUDA_R_16F: {
    __half h;
    memcpy(&h, &v[i * 2], 2);
    return __half2float(h);
  }
  case CUDA_R_16BF: {
    __nv_bfloat16 h;
    memcpy(&h, &v[i * 2], 2);
    return __bfloat162float(h);
  }
  default: return fp8_value((unsigned char)v[i], t == CUDA_R_8F_E5M2);
  }
}
static void put_elem(std::vector<char> &v, size_t i, cudaDataType t, double x) {
  switch (t) {
  case CUDA_R_32F: {
    float f = (float)x;
    memcpy(&v[i * 4], &f, 4);
    break;
  }
  case CUDA_R_16F: {
    __half h = __float2half((float)x);
    memcpy(&v[i * 2], &h, 2);
    break;
  }
  case CUDA_R_16BF: {
    __nv_bfloat16 h = __float2bfloat16((float)x);
    memcpy(&v[i * 2], &h, 2);
    break;
  }
  default: v[i] = (char)fp8_code(x, t == CUDA_R_8F_E5M2);
  }
}
static size_t esize(cudaDataType t) {
  return t == CUDA_R_32F ? 4 : t == CUDA_R_16F || t == CUDA_R_16BF ? 2 : 1;
}
static double unit(cudaDataType t) {
  return t == CUDA_R_32F ? 6e-8 : t == CUDA_R_16F ? 4.9e-4 : 3.9e-3;
}

static cublasLtMatrixLayout_t layout(cudaDataType t, int rows, int cols, int batch,
                                     long long stride, int order = CUBLASLT_ORDER_COL) {
  cublasLtMatrixLayout_t l;
  CHECK_LT(
      cublasLtMatrixLayoutCreate(&l, t, rows, cols, order == CUBLASLT_ORDER_COL ? rows : cols));
  int32_t o = order;
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &o, 4));
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, 4));
  int64_t s = stride;
  CHECK_LT(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &s, 8));
  return l;
}

static void run(cublasLtHandle_t lt, const fcase &t) {
  int m = t.m, n = t.n, k = t.k, batch = t.batch;
  size_t sa = (size_t)k * m, sb = (size_t)k * n, sd = (size_t)m * n; // A k x m (op T), B k x n
  std::vector<char> ha(sa * batch), hb(sb * batch), hc(sd * batch * esize(t.ct));
  for (size_t i = 0; i < ha.size(); i++)
    put_elem(ha, i, t.at, 3 * uniform());
  for (size_t i = 0; i < hb.size(); i++)
    put_elem(hb, i, t.bt, 3 * uniform());
  for (size_t i = 0; i < sd * batch; i++)
    put_elem(hc, i, t.ct, 4 * uniform());
  char *dA = to_device(ha), *dB = to_device(hb), *dC = to_device(hc), *dD;
  CHECK_CUDA(cudaMalloc(&dD, sd * batch * esize(t.dt)));
  float hs[8] = {t.sa, t.sb, t.sc, t.sd, t.alpha, t.beta, 0, 0};
  float *dscal;
  CHECK_CUDA(cudaMalloc(&dscal, sizeof hs));
  CHECK_CUDA(cudaMemcpy(dscal, hs, sizeof hs, cudaMemcpyHostToDevice));
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  int32_t opT = CUBLAS_OP_T;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, 4));
  const cublasLtMatmulDescAttributes_t sattr[4] = {
      CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
      CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER};
  for (int s = 0; s < 4; s++)
    if (hs[s] != 0) {
      const float *p = dscal + s;
      CHECK_LT(cublasLtMatmulDescSetAttribute(desc, sattr[s], &p, sizeof p));
    }
  if (t.amax) {
    float *p = dscal + 6;
    CHECK_LT(
        cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &p, sizeof p));
  }
  const void *alpha = &t.alpha, *beta = &t.beta;
  if (t.device_scalars) {
    int32_t mode = CUBLASLT_POINTER_MODE_DEVICE;
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, 4));
    alpha = dscal + 4, beta = dscal + 5;
  }
  cublasLtMatrixLayout_t la = layout(t.at, k, m, batch, (long long)sa),
                         lb = layout(t.bt, k, n, batch, (long long)sb),
                         lc = layout(t.ct, m, n, batch, (long long)sd),
                         ld = layout(t.dt, m, n, batch, (long long)sd);
  cublasLtMatmulPreference_t pref;
  CHECK_LT(cublasLtMatmulPreferenceCreate(&pref));
  cublasLtMatmulHeuristicResult_t res;
  int count = 0;
  CHECK_LT(cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, ld, pref, 1, &res, &count));
  CHECK_LT(cublasLtMatmul(lt, desc, alpha, dA, la, dB, lb, beta, dC, lc, dD, ld,
                          count ? &res.algo : nullptr, nullptr, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<char> got = to_host(dD, sd * batch * esize(t.dt));
  float amax_got = 0;
  CHECK_CUDA(cudaMemcpy(&amax_got, dscal + 6, 4, cudaMemcpyDeviceToHost));
  double scale_ab = (t.sa ? t.sa : 1.0) * (t.sb ? t.sb : 1.0), scale_c = t.sc ? t.sc : 1.0,
         scale_d = t.sd ? t.sd : 1.0;
  bool d8 = t.dt == CUDA_R_8F_E4M3 || t.dt == CUDA_R_8F_E5M2, e5 = t.dt == CUDA_R_8F_E5M2;
  double amax = 0;
  int bad = 0;
  for (int q = 0; q < batch; q++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        double acc = 0, mag = 0;
        for (int l = 0; l < k; l++) {
          double x = elem_value(ha, q * sa + (size_t)i * k + l, t.at) *
                     elem_value(hb, q * sb + (size_t)j * k + l, t.bt);
          acc += x, mag += std::fabs(x);
        }
        size_t id = q * sd + (size_t)j * m + i;
        double v = t.alpha * scale_ab * acc + t.beta * scale_c * elem_value(hc, id, t.ct);
        amax = std::max(amax, std::fabs(v));
        double want = v * scale_d, g = elem_value(got, id, t.dt);
        bool ok;
        if (d8) {
          unsigned char c = (unsigned char)got[id];
          ok = c == fp8_code(want * (1 - 1e-5), e5) || c == fp8_code(want * (1 + 1e-5), e5);
        } else {
          double bound = (k + 2) * 6e-8 * (std::fabs(t.alpha) * scale_ab * mag + 8) * scale_d +
                         unit(t.dt) * std::fabs(want) + 1e-30;
          ok = std::fabs(g - want) <= bound;
        }
        if (!ok && bad++ < 3)
          printf("FAIL %s: batch %d (%d, %d) got %.9g want %.9g\n", t.name, q, i, j, g, want);
      }
  if (t.amax && !(std::fabs(amax_got - amax) <= 1e-5 * (1 + amax)) && bad++ < 3)
    printf("FAIL %s: amax got %.9g want %.9g\n", t.name, amax_got, amax);
  if (bad) failures++;
  cublasLtMatmulPreferenceDestroy(pref);
  for (auto l : {la, lb, lc, ld})
    cublasLtMatrixLayoutDestroy(l);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD), cudaFree(dscal);
}

static void test_unsupported(cublasLtHandle_t lt) {
  char *d;
  CHECK_CUDA(cudaMalloc(&d, 1 << 16));
  float one = 1, zero = 0;
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  int32_t opT = CUBLAS_OP_T;
  const cudaDataType E4 = CUDA_R_8F_E4M3, E5 = CUDA_R_8F_E5M2;
  cublasLtMatrixLayout_t a4 = layout(E4, 16, 16, 1, 0), a5 = layout(E5, 16, 16, 1, 0),
                         c16 = layout(CUDA_R_16F, 16, 16, 1, 0), d5 = layout(E5, 16, 16, 1, 0),
                         a4r = layout(E4, 16, 16, 1, 0, CUBLASLT_ORDER_ROW);
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, a4, d, a4, &zero, d, c16, d, c16, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED); // op(A) N
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, 4));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, a4, d, a4, &zero, d, c16, d, c16, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, a5, d, a5, &zero, d, c16, d, c16, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED); // E5M2 x E5M2
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, a4, d, a4, &zero, d, c16, d, d5, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED); // E5M2 D from E4M3 inputs
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, a4r, d, a4, &zero, d, c16, d, c16, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED); // ROW order
  uint32_t relu = CUBLASLT_EPILOGUE_RELU;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &relu, 4));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, a4, d, a4, &zero, d, c16, d, c16, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED); // an epilogue
  cublasLtMatmulDesc_t di;
  CHECK_LT(cublasLtMatmulDescCreate(&di, CUBLAS_COMPUTE_32I, CUDA_R_32I));
  int32_t ione = 1, izero = 0;
  EXPECT_STATUS(
      cublasLtMatmul(lt, di, &ione, d, a4, d, a4, &izero, d, c16, d, c16, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_NOT_SUPPORTED); // compute 32I
  for (auto l : {a4, a5, c16, d5, a4r})
    cublasLtMatrixLayoutDestroy(l);
  cublasLtMatmulDescDestroy(desc), cublasLtMatmulDescDestroy(di);
  cudaFree(d);
}

int main() {
  cublasLtHandle_t lt;
  CHECK_LT(cublasLtCreate(&lt));
  const cudaDataType E4 = CUDA_R_8F_E4M3, E5 = CUDA_R_8F_E5M2, H = CUDA_R_16F, BF = CUDA_R_16BF,
                     S = CUDA_R_32F;
  const fcase cases[] = {
      {"E4M3 x E4M3 -> 16BF", E4, E4, BF, BF, 20, 17, 48, 1, 1.0f, 0.5f, 0.5f, 2.0f, 0, 0, false,
       true},
      {"E4M3 x E5M2 -> E5M2", E4, E5, H, E5, 19, 24, 40, 2, 1.0f, 1.0f, 0.25f, 0, 2.0f, 0.25f,
       false, true},
      {"E5M2 x E4M3 -> 32F", E5, E4, S, S, 33, 9, 64, 2, -1.5f, 0.25f, 0, 0, 0, 0, true, false},
      {"E4M3 x E4M3 -> E4M3 saturating", E4, E4, H, E4, 16, 16, 32, 1, 1.0f, 0.0f, 0, 0, 0, 40.0f,
       false, true},
      {"E4M3 x E4M3 -> 16F", E4, E4, H, H, 24, 31, 16, 1, 0.75f, -1.0f, 1.5f, 0, 0.5f, 0, true,
       false},
      {"E5M2 x E4M3 -> E4M3 (16BF C)", E5, E4, BF, E4, 21, 13, 24, 1, 0.5f, 1.0f, 0, 0.5f, 0, 4.0f,
       false, true},
  };
  for (const fcase &c : cases)
    run(lt, c);
  test_unsupported(lt);
  CHECK_LT(cublasLtDestroy(lt));
  return finish("cublas lt_fp8");
}
