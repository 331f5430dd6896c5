// lt_epilogue.cu — cuBLASLt's AUX and gradient epilogues (docs/cublas.md) against a double
// host reference: RELU_AUX(_BIAS) (D and the ReLU bit-mask, 1 bit per element, ld 128),
// GELU_AUX(_BIAS) (D and the GELU input in aux), DRELU(_BGRAD) (a host-made mask applied to
// the matmul result; the bias gradient the sums of D's rows), DGELU(_BGRAD) (the result
// times GELU'(x) of a host-made aux), BGRADA / BGRADB (sums of op(A)'s rows / op(B)'s
// columns over k); float D with strided batches and both ops, 16F D with float compute (the
// wide path). Bounds: 1e-4 (1 + |want|) for float, 4e-3 (1 + |want|) for 16F; mask bits
// are not checked where |want| < 1e-4. Bad arguments: INVALID_VALUE (no aux pointer, an aux
// ld not a multiple of 128 for the mask or below the rows, an aux type other than D's, a
// BGRAD without its bias pointer), NOT_SUPPORTED (D in ROW order).
#include "cublas_test.h"
#include <cstdint>
#include <cublasLt.h>
#include <cuda_fp16.h>

#define CHECK_LT(call) CHECK_BLAS(call)

static double gelu(double x) {
  return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}
static double dgelu(double x) {
  double t = std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x));
  return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * 0.7978845608028654 * (1 + 3 * 0.044715 * x * x);
}

template <class T> static double val(T v) {
  return (double)v;
}
template <> double val<__half>(__half v) {
  return (double)__half2float(v);
}
template <class T> static T mk(double v) {
  return (T)v;
}
template <> __half mk<__half>(double v) {
  return __float2half((float)v);
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

struct ecase {
  const char *name;
  uint32_t epilogue;
  cublasOperation_t ta, tb;
  int m, n, k, batch;
};

// One epilogue on T (A, B, C, D) with float compute; aux ld 128 (mask) or m rounded up to 8.
template <class T> static void run(cublasLtHandle_t lt, const ecase &t, cudaDataType dt) {
  int m = t.m, n = t.n, k = t.k, batch = t.batch;
  int ar = t.ta == CUBLAS_OP_N ? m : k, ac = t.ta == CUBLAS_OP_N ? k : m;
  int br = t.tb == CUBLAS_OP_N ? k : n, bc = t.tb == CUBLAS_OP_N ? n : k;
  size_t sa = (size_t)ar * ac, sb = (size_t)br * bc, sd = (size_t)m * n;
  std::vector<T> ha(sa * batch), hb(sb * batch);
  for (auto &v : ha)
    v = mk<T>(uniform());
  for (auto &v : hb)
    v = mk<T>(uniform());
  uint32_t ep = t.epilogue;
  bool mask = ep & (2 | 8), uses_aux = ep & 128, bias_in = ep & 4;
  bool bgrad = ep & 16, bgrad_a = ep == CUBLASLT_EPILOGUE_BGRADA,
       bgrad_b = ep == CUBLASLT_EPILOGUE_BGRADB;
  long long aux_ld = mask ? 128 : (m + 7) / 8 * 8;
  long long aux_stride = aux_ld * n; // elements (bits for the mask)
  size_t aux_bytes =
      mask ? (size_t)(aux_stride / 8) * batch : (size_t)aux_stride * batch * sizeof(T);
  std::vector<unsigned char> haux(aux_bytes, 0);
  bool backward = ep & (8 | 64);
  if (backward) { // the forward pass's mask or GELU input, made here
    if (mask)
      for (auto &v : haux)
        v = (unsigned char)(uniform() * 128 + 128);
    else
      for (size_t e = 0; e < (size_t)aux_stride * batch; e++) {
        T x = mk<T>(2 * uniform());
        memcpy(&haux[e * sizeof(T)], &x, sizeof(T));
      }
  }
  int blen = bgrad_b ? n : m;
  std::vector<T> hbias(blen * batch);
  for (auto &v : hbias)
    v = mk<T>(uniform());
  T *dA = to_device(ha), *dB = to_device(hb), *dD, *dbias = to_device(hbias);
  unsigned char *daux = to_device(haux);
  CHECK_CUDA(cudaMalloc(&dD, sd * batch * sizeof(T)));
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &t.ta, 4));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &t.tb, 4));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, 4));
  void *bp = dbias, *ap = daux;
  int64_t bstride = blen;
  int64_t ald = aux_ld, astride = aux_stride;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bp, sizeof bp));
  CHECK_LT(
      cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, &bstride, 8));
  if (uses_aux) {
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &ap,
                                            sizeof ap));
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ald, 8));
    CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE,
                                            &astride, 8));
  }
  cublasLtMatrixLayout_t la = layout(dt, ar, ac, batch, (long long)sa),
                         lb = layout(dt, br, bc, batch, (long long)sb),
                         ld = layout(dt, m, n, batch, (long long)sd);
  float alpha = 1.5f, beta = 0;
  CHECK_LT(cublasLtMatmul(lt, desc, &alpha, dA, la, dB, lb, &beta, dD, ld, dD, ld, nullptr, nullptr,
                          0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<T> got = to_host(dD, sd * batch), gbias = to_host(dbias, hbias.size());
  std::vector<unsigned char> gaux = to_host(daux, aux_bytes);
  double tol = sizeof(T) == 2 ? 4e-3 : 1e-4;
  int bad = 0;
  auto check = [&](const char *what, double g, double w, int q, int i, int j) {
    if (!(std::fabs(g - w) <= tol * (1 + std::fabs(w))) && bad++ < 3)
      printf("FAIL %s %s: batch %d (%d, %d) got %.9g want %.9g\n", t.name, what, q, i, j, g, w);
  };
  for (int q = 0; q < batch; q++) {
    std::vector<double> dref(sd);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        double acc = 0;
        for (int l = 0; l < k; l++) {
          double x =
              val(ha[q * sa + (t.ta == CUBLAS_OP_N ? (size_t)l * ar + i : (size_t)i * ar + l)]);
          double y =
              val(hb[q * sb + (t.tb == CUBLAS_OP_N ? (size_t)j * br + l : (size_t)l * br + j)]);
          acc += x * y;
        }
        double v = alpha * acc;
        if (bias_in) v += val(hbias[q * blen + i]);
        size_t ab = (size_t)q * aux_stride + (size_t)j * aux_ld + i; // aux element (bit) index
        if (ep & 8) {                                                // DRELU: the mask
          if (!((haux[ab / 8] >> (ab % 8)) & 1)) v = 0;
        } else if (ep & 64) { // DGELU
          T x;
          memcpy(&x, &haux[ab * sizeof(T)], sizeof(T));
          v *= dgelu(val(x));
        } else if (ep & 2) { // RELU(_AUX)
          if (uses_aux && std::fabs(v) >= 1e-4) {
            int bit = (gaux[ab / 8] >> (ab % 8)) & 1;
            if (bit != (v > 0) && bad++ < 3)
              printf("FAIL %s mask: batch %d (%d, %d)\n", t.name, q, i, j);
          }
          if (v < 0) v = 0;
        } else if (ep & 32) { // GELU(_AUX): its input in aux
          T x;
          memcpy(&x, &gaux[ab * sizeof(T)], sizeof(T));
          check("aux", val(x), v, q, i, j);
          v = gelu(v);
        }
        dref[(size_t)j * m + i] = v;
        check("D", val(got[q * sd + (size_t)j * m + i]), v, q, i, j);
      }
    if (bgrad) // sums of D's rows
      for (int i = 0; i < m; i++) {
        double s = 0, mag = 0;
        for (int j = 0; j < n; j++)
          s += dref[(size_t)j * m + i], mag += std::fabs(dref[(size_t)j * m + i]);
        if (!(std::fabs(val(gbias[q * blen + i]) - s) <= tol * (1 + mag)) && bad++ < 3)
          printf("FAIL %s bias gradient: batch %d row %d got %.9g want %.9g\n", t.name, q, i,
                 val(gbias[q * blen + i]), s);
      }
    if (bgrad_a || bgrad_b)
      for (int i = 0; i < blen; i++) {
        double s = 0, mag = 0;
        for (int l = 0; l < k; l++) {
          double x = bgrad_a ? val(ha[q * sa + (t.ta == CUBLAS_OP_N ? (size_t)l * ar + i
                                                                    : (size_t)i * ar + l)])
                             : val(hb[q * sb + (t.tb == CUBLAS_OP_N ? (size_t)i * br + l
                                                                    : (size_t)l * br + i)]);
          s += x, mag += std::fabs(x);
        }
        if (!(std::fabs(val(gbias[q * blen + i]) - s) <= tol * (1 + mag)) && bad++ < 3)
          printf("FAIL %s bias gradient: batch %d %d got %.9g want %.9g\n", t.name, q, i,
                 val(gbias[q * blen + i]), s);
      }
  }
  if (mask && !backward) { // the mask's bits of rows past D's are 0
    for (int q = 0; q < batch; q++)
      for (int j = 0; j < n; j++)
        for (long long i = m; i < (m + 7) / 8 * 8; i++) {
          size_t ab = (size_t)q * aux_stride + (size_t)j * aux_ld + i;
          if (((gaux[ab / 8] >> (ab % 8)) & 1) && bad++ < 3)
            printf("FAIL %s: mask bit of row %lld set\n", t.name, i);
        }
  }
  if (bad) failures++;
  cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb), cublasLtMatrixLayoutDestroy(ld);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dB), cudaFree(dD), cudaFree(dbias), cudaFree(daux);
}

static void test_bad(cublasLtHandle_t lt) {
  float *d;
  CHECK_CUDA(cudaMalloc(&d, 1 << 20));
  float one = 1, zero = 0;
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t l = layout(CUDA_R_32F, 16, 16, 1, 0),
                         lrow = layout(CUDA_R_32F, 16, 16, 1, 0, CUBLASLT_ORDER_ROW);
  uint32_t ep = CUBLASLT_EPILOGUE_RELU_AUX;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, 4));
  int64_t ld = 128;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, 8));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, l, d, l, &zero, d, l, d, l, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_INVALID_VALUE); // no aux pointer
  void *ap = d + 4096;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &ap,
                                          sizeof ap));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, l, d, l, &zero, d, l, d, l, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasLtMatmul(lt, desc, &one, d, lrow, d, lrow, &zero, d, lrow, d, lrow, nullptr,
                               nullptr, 0, 0),
                CUBLAS_STATUS_NOT_SUPPORTED); // D in ROW order
  ld = 64;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, 8));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, l, d, l, &zero, d, l, d, l, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_INVALID_VALUE); // mask ld not a multiple of 128
  ep = CUBLASLT_EPILOGUE_GELU_AUX;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, 4));
  ld = 8;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, 8));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, l, d, l, &zero, d, l, d, l, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_INVALID_VALUE); // GELU aux ld below the rows
  ld = 16;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, 8));
  int32_t half_type = CUDA_R_16F;
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE,
                                          &half_type, 4));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, l, d, l, &zero, d, l, d, l, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_INVALID_VALUE); // aux type other than D's
  ep = CUBLASLT_EPILOGUE_DGELU_BGRAD;
  int32_t unset = -1;
  CHECK_LT(
      cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &unset, 4));
  CHECK_LT(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, 4));
  EXPECT_STATUS(
      cublasLtMatmul(lt, desc, &one, d, l, d, l, &zero, d, l, d, l, nullptr, nullptr, 0, 0),
      CUBLAS_STATUS_INVALID_VALUE); // no bias (gradient) pointer
  cublasLtMatrixLayoutDestroy(l), cublasLtMatrixLayoutDestroy(lrow);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(d);
}

int main() {
  cublasLtHandle_t lt;
  CHECK_LT(cublasLtCreate(&lt));
  const cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
  const ecase cases[] = {
      {"RELU_AUX", CUBLASLT_EPILOGUE_RELU_AUX, N, N, 37, 29, 23, 2},
      {"RELU_AUX_BIAS", CUBLASLT_EPILOGUE_RELU_AUX_BIAS, T, N, 37, 29, 23, 2},
      {"GELU_AUX", CUBLASLT_EPILOGUE_GELU_AUX, N, T, 37, 29, 23, 1},
      {"GELU_AUX_BIAS", CUBLASLT_EPILOGUE_GELU_AUX_BIAS, T, T, 37, 29, 23, 2},
      {"DRELU", CUBLASLT_EPILOGUE_DRELU, N, N, 40, 17, 30, 2},
      {"DRELU_BGRAD", CUBLASLT_EPILOGUE_DRELU_BGRAD, T, N, 40, 17, 30, 2},
      {"DGELU", CUBLASLT_EPILOGUE_DGELU, N, T, 40, 17, 30, 1},
      {"DGELU_BGRAD", CUBLASLT_EPILOGUE_DGELU_BGRAD, N, N, 40, 17, 30, 2},
      {"BGRADA", CUBLASLT_EPILOGUE_BGRADA, T, N, 33, 20, 19, 2},
      {"BGRADB", CUBLASLT_EPILOGUE_BGRADB, N, T, 33, 20, 19, 2},
  };
  for (const ecase &c : cases)
    run<float>(lt, c, CUDA_R_32F);
  const ecase half_cases[] = {
      {"16F GELU_AUX_BIAS", CUBLASLT_EPILOGUE_GELU_AUX_BIAS, N, N, 24, 16, 32, 1},
      {"16F DRELU_BGRAD", CUBLASLT_EPILOGUE_DRELU_BGRAD, N, T, 24, 16, 32, 2},
      {"16F BGRADB", CUBLASLT_EPILOGUE_BGRADB, T, N, 24, 16, 32, 1},
  };
  for (const ecase &c : half_cases)
    run<__half>(lt, c, CUDA_R_16F);
  test_bad(lt);
  CHECK_LT(cublasLtDestroy(lt));
  return finish("cublas lt_epilogue");
}
