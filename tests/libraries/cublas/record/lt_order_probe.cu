// lt_order_probe.cu — asks NVIDIA's cuBLASLt (on a GPU) what Anchor's 8-bit matmul and
// tiled orders (libraries/cublas/lt_order.cuh, lt_int8.c) assume from the documentation:
//   1. where cublasLtMatrixTransform puts element (r, c) of a COL matrix in COL32,
//      COL4_4R2_8C and COL32_2R_4R4 (8I and 32F), compared with lt_order.cuh's formula;
//   2. whether the transform rounds 32I through float (a value above 2^24 with alpha 1);
//   3. the statuses of cublasLtMatmul for the 8-bit combinations Anchor accepts or refuses
//      (COL with NN/TN, ROW, IMMA layout, ld too small, an epilogue) and their results
//      against a host reference (8I output: rounding of halves);
//   4. the AUX/gradient epilogues' open points (see probe_epilogues);
//   5. fp8: saturation of an E4M3 D and whether amax is taken before scale_D;
// Under Anchor (anchorcc -O2 -lcublasLt) every line matches Anchor's expectation (checked
// 2026-12-07); on a GPU:
// nvcc -O2 -arch=sm_90 lt_order_probe.cu -lcublasLt && ./a.out
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cublasLt.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <vector>

static long long anchor_offset(int order, long long ld, long long r, long long c) {
  switch (order) {
  case 0: return c * ld + r;
  case 1: return r * ld + c;
  case 2: return (c >> 5) * ld + (r << 5) + (c & 31);
  case 3:
    return (c >> 5) * ld + (r >> 3) * 256 + (r & 1) * 128 + ((c & 31) >> 2) * 16 +
           ((r & 7) >> 1) * 4 + (c & 3);
  default: {
    long long rr = r & 31;
    return (c >> 5) * ld + (r >> 5) * 1024 +
           ((((rr & 7) >> 1) * 4 + (rr >> 3)) * 2 + (rr & 1)) * 32 + (c & 31);
  }
  }
}
static long long ld_for(int order, int rows) {
  return order == 2   ? 32LL * rows
         : order == 3 ? 256LL * ((rows + 7) / 8)
                      : 1024LL * ((rows + 31) / 32);
}
static cublasLtMatrixLayout_t layout(cudaDataType t, int rows, int cols, int order, long long ld) {
  cublasLtMatrixLayout_t l;
  cublasLtMatrixLayoutCreate(&l, t, rows, cols, ld);
  int32_t o = order;
  cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &o, 4);
  return l;
}

// 1: float values r + 1000 c (exact), and 8I in an 8 x 32 block (values r * 32 + c - 128)
static void probe_orders(cublasLtHandle_t lt) {
  cublasLtMatrixTransformDesc_t td;
  cublasLtMatrixTransformDescCreate(&td, CUDA_R_32F);
  float one = 1, zero = 0;
  for (int order = 2; order <= 4; order++) {
    int rows = 40, cols = 70;
    std::vector<float> a((size_t)rows * cols);
    for (int c = 0; c < cols; c++)
      for (int r = 0; r < rows; r++)
        a[(size_t)c * rows + r] = (float)(r + 1000 * c);
    long long ld = ld_for(order, rows);
    size_t n = (size_t)ld * ((cols + 31) / 32);
    float *da, *dt;
    cudaMalloc(&da, a.size() * 4), cudaMalloc(&dt, n * 4);
    cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
    cudaMemset(dt, 0xff, n * 4);
    cublasLtMatrixLayout_t lc = layout(CUDA_R_32F, rows, cols, 0, rows),
                           lt_ = layout(CUDA_R_32F, rows, cols, order, ld);
    cublasStatus_t st =
        cublasLtMatrixTransform(lt, td, &one, da, lc, &zero, nullptr, nullptr, dt, lt_, 0);
    std::vector<float> got(n);
    cudaMemcpy(got.data(), dt, n * 4, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int c = 0; c < cols && st == CUBLAS_STATUS_SUCCESS; c++)
      for (int r = 0; r < rows; r++)
        if (got[anchor_offset(order, ld, r, c)] != (float)(r + 1000 * c) && bad++ < 5)
          printf("  32F order %d: (%d, %d) not at Anchor's offset %lld\n", order, r, c,
                 anchor_offset(order, ld, r, c));
    printf("order %d 32F transform status %d: %s (%d mismatches)\n", order, (int)st,
           st    ? "-"
           : bad ? "DIFFERS"
                 : "matches Anchor",
           bad);
    if (order == 3 || order == 4) { // print the first tile's first 64 offsets as (r, c)
      printf("  first offsets:");
      for (int e = 0; e < 64 && st == CUBLAS_STATUS_SUCCESS; e++) {
        float v = got[e];
        printf(" (%d,%d)", (int)v % 1000, (int)v / 1000);
      }
      printf("\n");
    }
    // 8I: the same check with values (r * 7 + c * 3) mod 256
    std::vector<int8_t> a8((size_t)rows * cols);
    for (int c = 0; c < cols; c++)
      for (int r = 0; r < rows; r++)
        a8[(size_t)c * rows + r] = (int8_t)((r * 7 + c * 13) & 0xff);
    int8_t *d8, *t8;
    cudaMalloc(&d8, a8.size()), cudaMalloc(&t8, n);
    cudaMemcpy(d8, a8.data(), a8.size(), cudaMemcpyHostToDevice);
    cublasLtMatrixLayout_t lc8 = layout(CUDA_R_8I, rows, cols, 0, rows),
                           lt8 = layout(CUDA_R_8I, rows, cols, order, ld);
    st = cublasLtMatrixTransform(lt, td, &one, d8, lc8, &zero, nullptr, nullptr, t8, lt8, 0);
    std::vector<int8_t> g8(n);
    cudaMemcpy(g8.data(), t8, n, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int c = 0; c < cols && st == CUBLAS_STATUS_SUCCESS; c++)
      for (int r = 0; r < rows; r++)
        if (g8[anchor_offset(order, ld, r, c)] != a8[(size_t)c * rows + r]) bad++;
    printf("order %d 8I transform status %d: %s (%d mismatches)\n", order, (int)st,
           st    ? "-"
           : bad ? "DIFFERS"
                 : "matches Anchor",
           bad);
    cudaFree(da), cudaFree(dt), cudaFree(d8), cudaFree(t8);
  }
  // 2: 32I through the transform, alpha 1: 16777217 kept exactly?
  int32_t v = 16777217, out = 0;
  int32_t *dv, *dout;
  cudaMalloc(&dv, 4), cudaMalloc(&dout, 4);
  cudaMemcpy(dv, &v, 4, cudaMemcpyHostToDevice);
  cublasLtMatrixLayout_t l1 = layout(CUDA_R_32I, 1, 1, 0, 1), l2 = layout(CUDA_R_32I, 1, 1, 1, 1);
  cublasStatus_t st =
      cublasLtMatrixTransform(lt, td, &one, dv, l1, &zero, nullptr, nullptr, dout, l2, 0);
  cudaMemcpy(&out, dout, 4, cudaMemcpyDeviceToHost);
  printf("32I transform of 16777217: status %d, got %d (Anchor: 16777217)\n", (int)st, out);
  // 8I transform rounding: 2.5 * 1 and 2.5 * 3 (7.5), -0.5 * 5 (-2.5), 200 * 1 (saturation)
  {
    int8_t in[4] = {1, 3, 5, 1}, res[4];
    float al[4] = {2.5f, 2.5f, -0.5f, 200.0f};
    int8_t *di, *dr;
    cudaMalloc(&di, 4), cudaMalloc(&dr, 4);
    cudaMemcpy(di, in, 4, cudaMemcpyHostToDevice);
    cublasLtMatrixLayout_t lx = layout(CUDA_R_8I, 1, 1, 0, 1);
    printf("8I transform rounding (Anchor: 2 8 -2 127):");
    for (int i = 0; i < 4; i++) {
      st = cublasLtMatrixTransform(lt, td, &al[i], di + i, lx, &zero, nullptr, nullptr, dr + i, lx,
                                   0);
      cudaMemcpy(&res[i], dr + i, 1, cudaMemcpyDeviceToHost);
      printf(" %d(st %d)", res[i], (int)st);
    }
    printf("\n");
  }
  cublasLtMatrixTransformDescDestroy(td);
}

// 3: one 8-bit matmul: the status, and on success whether D matches the host reference
static void probe_matmul(cublasLtHandle_t lt, const char *name, int scale32f, int ta, int tb,
                         int oa, int ob, int od, int m, int n, int k, long long ldd_override,
                         uint32_t epilogue) {
  int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
  auto ldof = [](int o, int r, int c) -> long long {
    return o == 0 ? r : o == 1 ? c : ld_for(o, r);
  };
  auto spanof = [&](int o, int r, int c) -> size_t {
    long long ld = ldof(o, r, c);
    return o == 0 ? ld * c : o == 1 ? ld * r : ld * ((c + 31) / 32);
  };
  long long lda = ldof(oa, ar, ac), ldb = ldof(ob, br, bc),
            ldd = ldd_override ? ldd_override : ldof(od, m, n);
  size_t sa = spanof(oa, ar, ac), sb = spanof(ob, br, bc), sd = spanof(od, m, n) + 4096;
  std::vector<int8_t> a(sa), b(sb);
  for (size_t i = 0; i < sa; i++)
    a[i] = (int8_t)((i * 37 + 11) % 255 - 127);
  for (size_t i = 0; i < sb; i++)
    b[i] = (int8_t)((i * 53 + 7) % 255 - 127);
  size_t es = scale32f ? 1 : 4;
  int8_t *dA, *dB;
  char *dD;
  cudaMalloc(&dA, sa), cudaMalloc(&dB, sb), cudaMalloc(&dD, sd * es);
  cudaMemcpy(dA, a.data(), sa, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b.data(), sb, cudaMemcpyHostToDevice);
  cudaMemset(dD, 0, sd * es);
  cublasLtMatmulDesc_t desc;
  cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32I, scale32f ? CUDA_R_32F : CUDA_R_32I);
  int32_t opa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, opb = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opa, 4);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opb, 4);
  if (!epilogue) epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, 4);
  cudaDataType dt = scale32f ? CUDA_R_8I : CUDA_R_32I;
  cublasLtMatrixLayout_t la = layout(CUDA_R_8I, ar, ac, oa, lda),
                         lb = layout(CUDA_R_8I, br, bc, ob, ldb), ld = layout(dt, m, n, od, ldd);
  int32_t ione = 1, izero = 0;
  float falpha = 0.01f, fzero = 0;
  const void *alpha = scale32f ? (const void *)&falpha : (const void *)&ione;
  const void *beta = scale32f ? (const void *)&fzero : (const void *)&izero;
  cublasStatus_t st =
      cublasLtMatmul(lt, desc, alpha, dA, la, dB, lb, beta, dD, ld, dD, ld, nullptr, nullptr, 0, 0);
  cudaError_t ce = cudaDeviceSynchronize();
  int bad = 0, halves = 0;
  if (st == CUBLAS_STATUS_SUCCESS && ce == cudaSuccess) {
    std::vector<char> got(sd * es);
    cudaMemcpy(got.data(), dD, got.size(), cudaMemcpyDeviceToHost);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        long long acc = 0;
        for (int l = 0; l < k; l++)
          acc += (long long)a[ta ? anchor_offset(oa, lda, l, i) : anchor_offset(oa, lda, i, l)] *
                 b[tb ? anchor_offset(ob, ldb, j, l) : anchor_offset(ob, ldb, l, j)];
        long long off = anchor_offset(od, ldd, i, j);
        if (scale32f) {
          float v = 0.01f * (float)acc;
          float r = rintf(v);
          int want = r < -128 ? -128 : r > 127 ? 127 : (int)r;
          if (std::fabs(v - std::floor(v) - 0.5f) < 1e-6f) halves++;
          if ((int8_t)got[off] != want) bad++;
        } else {
          int32_t g;
          memcpy(&g, &got[off * 4], 4);
          if (g != (int32_t)acc) bad++;
        }
      }
  }
  printf("matmul %-28s status %d cuda %d: %d mismatches with Anchor's reference (%d halves)\n",
         name, (int)st, (int)ce, bad, halves);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dB), cudaFree(dD);
}

// 4: the AUX/gradient epilogues' open points (lt_epilogue.c): is DRELU_BGRAD's gradient the
// sum of D's rows (the masked result) or of the matmul's; is RELU_AUX's bit set for x == 0;
// what is written in the mask's padding rows. float, m = 12 (mask rows 12..127 padding),
// n = 2, k = 1: A = column (1, -1, 0, 2, ...), B = (1, 1).
static void probe_epilogues(cublasLtHandle_t lt) {
  const int m = 12, n = 2, k = 1;
  float a[m], b[2] = {1, 1};
  for (int i = 0; i < m; i++)
    a[i] = (float)((i % 3) - 1); // -1, 0, 1, ...
  float *dA, *dB, *dD, *dbias;
  unsigned char *dmask;
  cudaMalloc(&dA, sizeof a), cudaMalloc(&dB, sizeof b), cudaMalloc(&dD, m * n * 4);
  cudaMalloc(&dbias, m * 4), cudaMalloc(&dmask, 16 * n);
  cudaMemcpy(dA, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemset(dmask, 0xff, 16 * n);
  cublasLtMatmulDesc_t desc;
  cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  uint32_t ep = CUBLASLT_EPILOGUE_RELU_AUX;
  int64_t ld = 128;
  void *mp = dmask, *bp = dbias;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, 4);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &mp, sizeof mp);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, 8);
  cublasLtMatrixLayout_t la = layout(CUDA_R_32F, m, k, 0, m), lb = layout(CUDA_R_32F, k, n, 0, k),
                         ld_ = layout(CUDA_R_32F, m, n, 0, m);
  float one = 1, zero = 0;
  cublasStatus_t st = cublasLtMatmul(lt, desc, &one, dA, la, dB, lb, &zero, dD, ld_, dD, ld_,
                                     nullptr, nullptr, 0, 0);
  unsigned char mask[32];
  cudaMemcpy(mask, dmask, sizeof mask, cudaMemcpyDeviceToHost);
  printf("RELU_AUX status %d, mask bytes of column 0 (x = -1 0 1 ...; Anchor: 0x24 0x09 then "
         "untouched 0xff):",
         (int)st);
  for (int i = 0; i < 16; i++)
    printf(" %02x", mask[i]);
  printf("\n");
  // DRELU_BGRAD with the mask 0x55 (rows 0, 2, 4, ... kept): D and the gradient
  cudaMemset(dmask, 0x55, 16 * n);
  ep = CUBLASLT_EPILOGUE_DRELU_BGRAD;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, 4);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bp, sizeof bp);
  st = cublasLtMatmul(lt, desc, &one, dA, la, dB, lb, &zero, dD, ld_, dD, ld_, nullptr, nullptr, 0,
                      0);
  float d[m * n], g[m];
  cudaMemcpy(d, dD, sizeof d, cudaMemcpyDeviceToHost);
  cudaMemcpy(g, dbias, sizeof g, cudaMemcpyDeviceToHost);
  printf("DRELU_BGRAD status %d: row: D(row, 0) gradient (Anchor: gradient = 2 D, the masked "
         "sum; the matmul's sum would be 2 a)\n",
         (int)st);
  for (int i = 0; i < m && st == CUBLAS_STATUS_SUCCESS; i++)
    printf("  %d: a %g D %g gradient %g\n", i, a[i], d[i], g[i]);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dB), cudaFree(dD), cudaFree(dbias), cudaFree(dmask);
}

// 5: fp8 (lt_fp8.c): E4M3 x E4M3 -> E4M3 with C 16F, 1 x 1 x 1: A = 16, B = 16 (256), scale_D
// 4 (1024 > 448): saturated to 448 or NaN; amax 256 (before scale_D) or 1024.
static void probe_fp8(cublasLtHandle_t lt) {
  unsigned char a = (unsigned char)(11 << 3), out = 0; // E4M3 16: exponent 4 + bias 7
  float hs[2] = {4.0f, 0.0f};
  unsigned char *dA, *dD;
  float *ds;
  __half *dC;
  cudaMalloc(&dA, 1), cudaMalloc(&dD, 1), cudaMalloc(&ds, 8), cudaMalloc(&dC, 2);
  cudaMemcpy(dA, &a, 1, cudaMemcpyHostToDevice);
  cudaMemcpy(ds, hs, 8, cudaMemcpyHostToDevice);
  cudaMemset(dC, 0, 2);
  cublasLtMatmulDesc_t desc;
  cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  int32_t opT = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, 4);
  float *sd = ds, *amax = ds + 1;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &sd, sizeof sd);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &amax, sizeof amax);
  cublasLtMatrixLayout_t l8 = layout(CUDA_R_8F_E4M3, 1, 1, 0, 1),
                         lc = layout(CUDA_R_16F, 1, 1, 0, 1);
  float one = 1, zero = 0;
  cublasStatus_t st =
      cublasLtMatmul(lt, desc, &one, dA, l8, dA, l8, &zero, dC, lc, dD, l8, nullptr, nullptr, 0, 0);
  cudaMemcpy(&out, dD, 1, cudaMemcpyDeviceToHost);
  cudaMemcpy(hs, ds, 8, cudaMemcpyDeviceToHost);
  printf("fp8 E4M3 D of 1024: status %d, code 0x%02x (Anchor: 0x7e = 448), amax %g (Anchor: 256)\n",
         (int)st, out, hs[1]);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dD), cudaFree(ds), cudaFree(dC);
}

int main() {
  cublasLtHandle_t lt;
  cublasLtCreate(&lt);
  probe_orders(lt);
  probe_epilogues(lt);
  probe_fp8(lt);
  for (int f = 0; f < 2; f++) {
    probe_matmul(lt, f ? "8I NN COL (scale 32F)" : "32I NN COL", f, 0, 0, 0, 0, 0, 33, 21, 47, 0,
                 0);
    probe_matmul(lt, f ? "8I TN COL (scale 32F)" : "32I TN COL", f, 1, 0, 0, 0, 0, 32, 32, 64, 0,
                 0);
    probe_matmul(lt, f ? "8I NT ROW (scale 32F)" : "32I NT ROW", f, 0, 1, 1, 1, 1, 19, 40, 35, 0,
                 0);
    probe_matmul(lt, f ? "8I IMMA 4R2_8C (scale 32F)" : "32I IMMA 4R2_8C", f, 0, 1, 2, 3, 2, 45, 37,
                 70, 0, 0);
    probe_matmul(lt, f ? "8I IMMA 2R_4R4 (scale 32F)" : "32I IMMA 2R_4R4", f, 0, 1, 2, 4, 2, 45, 37,
                 70, 0, 0);
  }
  probe_matmul(lt, "32I IMMA B op N", 0, 0, 0, 2, 3, 2, 32, 32, 32, 0, 0);
  probe_matmul(lt, "32I A COL32 rest COL", 0, 0, 1, 2, 0, 0, 32, 32, 32, 0, 0);
  probe_matmul(lt, "32I IMMA D ld 32*m-1", 0, 0, 1, 2, 3, 2, 32, 32, 32, 32 * 32 - 1, 0);
  probe_matmul(lt, "32I COL RELU epilogue", 0, 1, 0, 0, 0, 0, 32, 32, 32, 0,
               CUBLASLT_EPILOGUE_RELU);
  cublasLtDestroy(lt);
  return 0;
}
