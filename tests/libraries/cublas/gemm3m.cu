// gemm3m.cu — cublasCgemm3m, Zgemm3m, Cgemm3mBatched, Cgemm3mStridedBatched and
// Cgemm3mEx (Gauss's three real products) against OpenBLAS's cgemm/zgemm: every transpose
// pair, odd sizes, leading dimensions above the rows, both pointer modes, batches, beta 0
// with NaN in C (not read), and the argument and type checks. Bound per part: the 3M
// method's (Higham, "Accuracy and Stability of Numerical Algorithms" §23.2.4): the
// imaginary part's error grows with (|Re a| + |Im a|)(|Re b| + |Im b|) rather than with
// |a||b|; we allow 4 (k + 4) eps |alpha| S_ij + 4 eps |beta C_ij|, with
// S_ij = sum_l (|Re a_il| + |Im a_il|)(|Re b_lj| + |Im b_lj|). Cgemm3mEx on CUDA_C_8I
// integers is exact (every partial sum is an integer below 2^24).
#include "cublas_test.h"

template <class T>
static T at_op(const std::vector<T> &M, int ld, cublasOperation_t op, int i, int p) {
  T v = op == CUBLAS_OP_N ? M[i + (size_t)p * ld] : M[p + (size_t)i * ld];
  if (op == CUBLAS_OP_C) v.y = -v.y;
  return v;
}

// the per-element bound of C = alpha op(A) op(B) + beta C
template <class T>
static std::vector<double> bound3m(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                   T alpha, const std::vector<T> &A, int lda,
                                   const std::vector<T> &B, int ldb, T beta,
                                   const std::vector<T> &C, int ldc) {
  std::vector<double> b(C.size(), 0);
  double e = eps<T>();
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        T a = at_op(A, lda, ta, i, l), bb = at_op(B, ldb, tb, l, j);
        s += (std::fabs(a.x) + std::fabs(a.y)) * (std::fabs(bb.x) + std::fabs(bb.y));
      }
      b[i + (size_t)j * ldc] = 4 * (k + 4) * e * abs_of(alpha) * s +
                               4 * e * abs_of(beta) * abs_of(C[i + (size_t)j * ldc]);
    }
  return b;
}

static void cgemm_ref(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                      cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb,
                      cuComplex beta, cuComplex *C, int ldc) {
  cblas_cgemm(CblasColMajor, cop(ta), cop(tb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  // Cgemm3m, every transpose pair, host scalars
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      const int m = 37, n = 29, k = 41, lda = 45, ldb = 44, ldc = 39;
      std::vector<cuComplex> A = random_vector<cuComplex>((size_t)lda * 41),
                             B = random_vector<cuComplex>((size_t)ldb * 41),
                             C = random_vector<cuComplex>((size_t)ldc * n);
      cuComplex alpha = make_cuComplex(0.75f, -0.5f), beta = make_cuComplex(-0.25f, 1.25f);
      std::vector<cuComplex> want = C;
      cgemm_ref(ops[a], ops[b], m, n, k, alpha, A.data(), lda, B.data(), ldb, beta, want.data(),
                ldc);
      cuComplex *dA = to_device(A), *dB = to_device(B), *dC = to_device(C);
      CHECK_BLAS(
          cublasCgemm3m(h, ops[a], ops[b], m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc));
      char what[32];
      snprintf(what, sizeof what, "Cgemm3m %d%d", a, b);
      expect_close(what, to_host(dC, C.size()), want,
                   bound3m(ops[a], ops[b], m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
      cudaFree(dA), cudaFree(dB), cudaFree(dC);
    }
  // Zgemm3m, device scalars, C / N
  {
    const int m = 9, n = 8, k = 11;
    std::vector<cuDoubleComplex> A = random_vector<cuDoubleComplex>((size_t)k * m),
                                 B = random_vector<cuDoubleComplex>((size_t)k * n),
                                 C = random_vector<cuDoubleComplex>((size_t)m * n);
    std::vector<cuDoubleComplex> s = {make_cuDoubleComplex(1.5, 0.5), make_cuDoubleComplex(0, -1)};
    std::vector<cuDoubleComplex> want = C;
    cblas_zgemm(CblasColMajor, CblasConjTrans, CblasNoTrans, m, n, k, &s[0], A.data(), k, B.data(),
                k, &s[1], want.data(), m);
    cuDoubleComplex *dA = to_device(A), *dB = to_device(B), *dC = to_device(C), *ds = to_device(s);
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    CHECK_BLAS(
        cublasZgemm3m(h, CUBLAS_OP_C, CUBLAS_OP_N, m, n, k, ds, dA, k, dB, k, ds + 1, dC, m));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    expect_close("Zgemm3m CN device scalars", to_host(dC, C.size()), want,
                 bound3m(CUBLAS_OP_C, CUBLAS_OP_N, m, n, k, s[0], A, k, B, k, s[1], C, m));
    cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(ds);
  }
  // strided batched (3) and batched (2, pointer arrays); beta 0 with NaN in C
  {
    const int m = 21, n = 17, k = 19, batch = 3;
    const long long sa = (long long)m * k + 5, sb = (long long)k * n + 3, sc = (long long)m * n + 7;
    std::vector<cuComplex> A = random_vector<cuComplex>((size_t)sa * batch),
                           B = random_vector<cuComplex>((size_t)sb * batch),
                           C = random_vector<cuComplex>((size_t)sc * batch);
    cuComplex alpha = make_cuComplex(-1, 0.5f), beta = make_cuComplex(0.5f, 0.5f);
    std::vector<cuComplex> want = C;
    std::vector<double> bound(C.size(), 0);
    for (int b = 0; b < batch; b++) {
      cgemm_ref(CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, alpha, A.data() + b * sa, m, B.data() + b * sb,
                n, beta, want.data() + b * sc, m);
      std::vector<cuComplex> Ab(A.begin() + b * sa, A.begin() + b * sa + m * k),
          Bb(B.begin() + b * sb, B.begin() + b * sb + k * n),
          Cb(C.begin() + b * sc, C.begin() + b * sc + m * n);
      std::vector<double> bb =
          bound3m(CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, alpha, Ab, m, Bb, n, beta, Cb, m);
      std::copy(bb.begin(), bb.end(), bound.begin() + b * sc);
    }
    cuComplex *dA = to_device(A), *dB = to_device(B), *dC = to_device(C);
    CHECK_BLAS(cublasCgemm3mStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &alpha, dA, m, sa,
                                           dB, n, sb, &beta, dC, m, sc, batch));
    expect_close("Cgemm3mStridedBatched", to_host(dC, C.size()), want, bound);
    // batched: matrices 2 and 0 of the same arrays, C = NaN, beta 0
    std::vector<cuComplex> nan_c(C.size(), make_cuComplex(NAN, NAN)), want2(C.size());
    cuComplex zero = make_cuComplex(0, 0);
    CHECK_CUDA(cudaMemcpy(dC, nan_c.data(), C.size() * sizeof(cuComplex), cudaMemcpyHostToDevice));
    std::vector<const cuComplex *> pa = {dA + 2 * sa, dA}, pb = {dB + 2 * sb, dB};
    std::vector<cuComplex *> pc = {dC, dC + sc};
    const cuComplex **dpa = to_device(pa), **dpb = to_device(pb);
    cuComplex **dpc = to_device(pc);
    CHECK_BLAS(cublasCgemm3mBatched(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &alpha, dpa, m, dpb, n,
                                    &zero, dpc, m, 2));
    std::vector<cuComplex> got = to_host(dC, C.size());
    for (int b = 0; b < 2; b++) {
      int src = b == 0 ? 2 : 0;
      std::vector<cuComplex> w((size_t)m * n, zero),
          g(got.begin() + b * sc, got.begin() + b * sc + m * n);
      cgemm_ref(CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, alpha, A.data() + src * sa, m,
                B.data() + src * sb, n, zero, w.data(), m);
      std::vector<cuComplex> Ab(A.begin() + src * sa, A.begin() + src * sa + m * k),
          Bb(B.begin() + src * sb, B.begin() + src * sb + k * n);
      expect_close(b ? "Cgemm3mBatched 1" : "Cgemm3mBatched 0", g, w,
                   bound3m(CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, alpha, Ab, m, Bb, n, zero, w, m));
    }
    cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dpa), cudaFree(dpb), cudaFree(dpc);
  }
  // Cgemm3mEx: C_8I integers, exact; C_32F as Cgemm3m
  {
    const int m = 23, n = 14, k = 31;
    std::vector<char2> A((size_t)m * k), B((size_t)n * k);
    for (auto &v : A)
      v = make_char2((signed char)(uniform() * 127), (signed char)(uniform() * 127));
    for (auto &v : B)
      v = make_char2((signed char)(uniform() * 127), (signed char)(uniform() * 127));
    std::vector<cuComplex> C((size_t)m * n), want((size_t)m * n);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        double re = 0, im = 0;
        for (int l = 0; l < k; l++) {
          char2 a = A[i + (size_t)l * m], b = B[j + (size_t)l * n]; // op(B) = B^T
          re += (double)a.x * b.x - (double)a.y * b.y;
          im += (double)a.x * b.y + (double)a.y * b.x;
        }
        want[i + (size_t)j * m] = make_cuComplex((float)re, (float)im);
      }
    char2 *dA = to_device(A), *dB = to_device(B);
    cuComplex *dC = to_device(C);
    cuComplex one = make_cuComplex(1, 0), zero = make_cuComplex(0, 0);
    CHECK_BLAS(cublasCgemm3mEx(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &one, dA, CUDA_C_8I, m, dB,
                               CUDA_C_8I, n, &zero, dC, CUDA_C_32F, m));
    expect_equal("Cgemm3mEx C8I", to_host(dC, C.size()), want);
    EXPECT_STATUS(cublasCgemm3mEx(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &one, dA, CUDA_C_8I, m, dB,
                                  CUDA_C_32F, n, &zero, dC, CUDA_C_32F, m),
                  CUBLAS_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cublasCgemm3mEx(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &one, dA, CUDA_C_8I, m, dB,
                                  CUDA_C_8I, n, &zero, dC, CUDA_C_64F, m),
                  CUBLAS_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(
        cublasCgemm3m(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, n, k, &one, dC, m, dC, k, &zero, dC, m),
        CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(
        cublasCgemm3m(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dC, m - 1, dC, k, &zero, dC, m),
        CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasZgemm3m(NULL, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, NULL, NULL, m, NULL, k,
                                NULL, NULL, m),
                  CUBLAS_STATUS_NOT_INITIALIZED);
    cudaFree(dA), cudaFree(dB), cudaFree(dC);
  }
  CHECK_BLAS(cublasDestroy(h));
  return finish("gemm3m");
}
