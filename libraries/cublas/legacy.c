/* legacy.c — cuBLAS's legacy API (include/cublas.h): one implicit handle, created by
 * cublasInit and destroyed by cublasShutdown, over the v2 entry points of the other files
 * (host pointer mode, so results come back by value). Characters become the enums
 * ('N'/'n' ..., anything else an out-of-range value the v2 call rejects); a call's failure
 * is kept for cublasGetError (the first one since the last read; reading clears it), as
 * NVIDIA documents. Before cublasInit every call fails with NOT_INITIALIZED. */
#include <string.h>

#include <cublas.h>

#include "cublas_internal.h"

static cublasHandle_t legacy;
static cublasStatus_t legacy_error = CUBLAS_STATUS_SUCCESS;

static void note(cublasStatus_t st) {
  if (st != CUBLAS_STATUS_SUCCESS && legacy_error == CUBLAS_STATUS_SUCCESS) legacy_error = st;
}

cublasStatus cublasInit(void) {
  if (legacy) return CUBLAS_STATUS_SUCCESS;
  return cublasCreate_v2(&legacy);
}

cublasStatus cublasShutdown(void) {
  if (!legacy) return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t st = cublasDestroy_v2(legacy);
  legacy = NULL;
  return st;
}

cublasStatus cublasGetError(void) {
  cublasStatus_t st = legacy_error;
  legacy_error = CUBLAS_STATUS_SUCCESS;
  return st;
}

cublasStatus cublasGetVersion(int *version) {
  if (!version) return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus cublasAlloc(int n, int elemSize, void **devicePtr) {
  if (!devicePtr || n <= 0 || elemSize <= 0) return CUBLAS_STATUS_INVALID_VALUE;
  return cudaMalloc(devicePtr, (size_t)n * (size_t)elemSize) == cudaSuccess
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus cublasFree(void *devicePtr) {
  return cudaFree(devicePtr) == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INTERNAL_ERROR;
}

cublasStatus cublasSetKernelStream(cudaStream_t stream) {
  if (!legacy) return CUBLAS_STATUS_NOT_INITIALIZED;
  return cublasSetStream_v2(legacy, stream);
}

/* The characters of the legacy API as the v2 enums; -1 (rejected) for anything else. */
static cublasOperation_t op(char c) {
  return c == 'N' || c == 'n'   ? CUBLAS_OP_N
         : c == 'T' || c == 't' ? CUBLAS_OP_T
         : c == 'C' || c == 'c' ? CUBLAS_OP_C
                                : (cublasOperation_t)-1;
}
static cublasFillMode_t fill(char c) {
  return c == 'U' || c == 'u'   ? CUBLAS_FILL_MODE_UPPER
         : c == 'L' || c == 'l' ? CUBLAS_FILL_MODE_LOWER
                                : (cublasFillMode_t)-1;
}
static cublasSideMode_t side(char c) {
  return c == 'L' || c == 'l'   ? CUBLAS_SIDE_LEFT
         : c == 'R' || c == 'r' ? CUBLAS_SIDE_RIGHT
                                : (cublasSideMode_t)-1;
}
static cublasDiagType_t diag(char c) {
  return c == 'N' || c == 'n'   ? CUBLAS_DIAG_NON_UNIT
         : c == 'U' || c == 'u' ? CUBLAS_DIAG_UNIT
                                : (cublasDiagType_t)-1;
}

/* ---- level 1 ---- */
#define RESULT(RT, NAME, ARGS, CALL)                                                               \
  RT NAME ARGS {                                                                                   \
    RT r;                                                                                          \
    memset(&r, 0, sizeof r);                                                                       \
    note(CALL);                                                                                    \
    return r;                                                                                      \
  }
#define VOID(NAME, ARGS, CALL)                                                                     \
  void NAME ARGS {                                                                                 \
    note(CALL);                                                                                    \
  }

/* nrm2, asum: real results */
RESULT(float, cublasSnrm2, (int n, const float *x, int incx),
       cublasSnrm2_v2(legacy, n, x, incx, &r))
RESULT(double, cublasDnrm2, (int n, const double *x, int incx),
       cublasDnrm2_v2(legacy, n, x, incx, &r))
RESULT(float, cublasScnrm2, (int n, const cuComplex *x, int incx),
       cublasScnrm2_v2(legacy, n, x, incx, &r))
RESULT(double, cublasDznrm2, (int n, const cuDoubleComplex *x, int incx),
       cublasDznrm2_v2(legacy, n, x, incx, &r))
RESULT(float, cublasSasum, (int n, const float *x, int incx),
       cublasSasum_v2(legacy, n, x, incx, &r))
RESULT(double, cublasDasum, (int n, const double *x, int incx),
       cublasDasum_v2(legacy, n, x, incx, &r))
RESULT(float, cublasScasum, (int n, const cuComplex *x, int incx),
       cublasScasum_v2(legacy, n, x, incx, &r))
RESULT(double, cublasDzasum, (int n, const cuDoubleComplex *x, int incx),
       cublasDzasum_v2(legacy, n, x, incx, &r))

#define DOT(RT, NAME, T)                                                                           \
  RESULT(RT, cublas##NAME, (int n, const T *x, int incx, const T *y, int incy),                    \
         cublas##NAME##_v2(legacy, n, x, incx, y, incy, &r))
DOT(float, Sdot, float)
DOT(double, Ddot, double)
DOT(cuComplex, Cdotu, cuComplex)
DOT(cuComplex, Cdotc, cuComplex)
DOT(cuDoubleComplex, Zdotu, cuDoubleComplex)
DOT(cuDoubleComplex, Zdotc, cuDoubleComplex)

#define IAM(P, T)                                                                                  \
  RESULT(int, cublasI##P##amax, (int n, const T *x, int incx),                                     \
         cublasI##P##amax_v2(legacy, n, x, incx, &r))                                              \
  RESULT(int, cublasI##P##amin, (int n, const T *x, int incx),                                     \
         cublasI##P##amin_v2(legacy, n, x, incx, &r))
IAM(s, float)
IAM(d, double)
IAM(c, cuComplex)
IAM(z, cuDoubleComplex)

#define L1_VOID(P, T, S)                                                                           \
  VOID(cublas##P##scal, (int n, T alpha, T *x, int incx),                                          \
       cublas##P##scal_v2(legacy, n, &alpha, x, incx))                                             \
  VOID(cublas##P##axpy, (int n, T alpha, const T *x, int incx, T *y, int incy),                    \
       cublas##P##axpy_v2(legacy, n, &alpha, x, incx, y, incy))                                    \
  VOID(cublas##P##copy, (int n, const T *x, int incx, T *y, int incy),                             \
       cublas##P##copy_v2(legacy, n, x, incx, y, incy))                                            \
  VOID(cublas##P##swap, (int n, T *x, int incx, T *y, int incy),                                   \
       cublas##P##swap_v2(legacy, n, x, incx, y, incy))                                            \
  VOID(cublas##P##rot, (int n, T *x, int incx, T *y, int incy, S c, T s),                          \
       cublas##P##rot_v2(legacy, n, x, incx, y, incy, &c, &s))
L1_VOID(S, float, float)
L1_VOID(D, double, double)
L1_VOID(C, cuComplex, float)
L1_VOID(Z, cuDoubleComplex, double)
VOID(cublasCsscal, (int n, float alpha, cuComplex *x, int incx),
     cublasCsscal_v2(legacy, n, &alpha, x, incx))
VOID(cublasZdscal, (int n, double alpha, cuDoubleComplex *x, int incx),
     cublasZdscal_v2(legacy, n, &alpha, x, incx))
VOID(cublasCsrot, (int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, float s),
     cublasCsrot_v2(legacy, n, x, incx, y, incy, &c, &s))
VOID(cublasZdrot,
     (int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double c, double s),
     cublasZdrot_v2(legacy, n, x, incx, y, incy, &c, &s))
VOID(cublasSrotg, (float *sa, float *sb, float *sc, float *ss),
     cublasSrotg_v2(legacy, sa, sb, sc, ss))
VOID(cublasDrotg, (double *sa, double *sb, double *sc, double *ss),
     cublasDrotg_v2(legacy, sa, sb, sc, ss))
VOID(cublasCrotg, (cuComplex * ca, cuComplex cb, float *sc, cuComplex *cs),
     cublasCrotg_v2(legacy, ca, &cb, sc, cs))
VOID(cublasZrotg, (cuDoubleComplex * ca, cuDoubleComplex cb, double *sc, cuDoubleComplex *cs),
     cublasZrotg_v2(legacy, ca, &cb, sc, cs))
VOID(cublasSrotm, (int n, float *x, int incx, float *y, int incy, const float *sparam),
     cublasSrotm_v2(legacy, n, x, incx, y, incy, sparam))
VOID(cublasDrotm, (int n, double *x, int incx, double *y, int incy, const double *sparam),
     cublasDrotm_v2(legacy, n, x, incx, y, incy, sparam))
VOID(cublasSrotmg, (float *sd1, float *sd2, float *sx1, const float *sy1, float *sparam),
     cublasSrotmg_v2(legacy, sd1, sd2, sx1, sy1, sparam))
VOID(cublasDrotmg, (double *sd1, double *sd2, double *sx1, const double *sy1, double *sparam),
     cublasDrotmg_v2(legacy, sd1, sd2, sx1, sy1, sparam))

/* ---- level 2 ---- */
#define L2_TYPED(P, T)                                                                             \
  VOID(cublas##P##gemv,                                                                            \
       (char trans, int m, int n, T alpha, const T *A, int lda, const T *x, int incx, T beta,      \
        T *y, int incy),                                                                           \
       cublas##P##gemv_v2(legacy, op(trans), m, n, &alpha, A, lda, x, incx, &beta, y, incy))       \
  VOID(cublas##P##trmv,                                                                            \
       (char uplo, char trans, char dg, int n, const T *A, int lda, T *x, int incx),               \
       cublas##P##trmv_v2(legacy, fill(uplo), op(trans), diag(dg), n, A, lda, x, incx))            \
  VOID(cublas##P##trsv,                                                                            \
       (char uplo, char trans, char dg, int n, const T *A, int lda, T *x, int incx),               \
       cublas##P##trsv_v2(legacy, fill(uplo), op(trans), diag(dg), n, A, lda, x, incx))
L2_TYPED(S, float)
L2_TYPED(D, double)
L2_TYPED(C, cuComplex)
L2_TYPED(Z, cuDoubleComplex)

#define SYMV(NAME, T)                                                                              \
  VOID(cublas##NAME,                                                                               \
       (char uplo, int n, T alpha, const T *A, int lda, const T *x, int incx, T beta, T *y,        \
        int incy),                                                                                 \
       cublas##NAME##_v2(legacy, fill(uplo), n, &alpha, A, lda, x, incx, &beta, y, incy))
SYMV(Ssymv, float)
SYMV(Dsymv, double)
SYMV(Chemv, cuComplex)
SYMV(Zhemv, cuDoubleComplex)

#define GER(NAME, T)                                                                               \
  VOID(cublas##NAME,                                                                               \
       (int m, int n, T alpha, const T *x, int incx, const T *y, int incy, T *A, int lda),         \
       cublas##NAME##_v2(legacy, m, n, &alpha, x, incx, y, incy, A, lda))
GER(Sger, float)
GER(Dger, double)
GER(Cgeru, cuComplex)
GER(Cgerc, cuComplex)
GER(Zgeru, cuDoubleComplex)
GER(Zgerc, cuDoubleComplex)

#define SYR(NAME, T, S)                                                                            \
  VOID(cublas##NAME, (char uplo, int n, S alpha, const T *x, int incx, T *A, int lda),             \
       cublas##NAME##_v2(legacy, fill(uplo), n, &alpha, x, incx, A, lda))
SYR(Ssyr, float, float)
SYR(Dsyr, double, double)
SYR(Cher, cuComplex, float)
SYR(Zher, cuDoubleComplex, double)

#define SYR2(NAME, T)                                                                              \
  VOID(cublas##NAME,                                                                               \
       (char uplo, int n, T alpha, const T *x, int incx, const T *y, int incy, T *A, int lda),     \
       cublas##NAME##_v2(legacy, fill(uplo), n, &alpha, x, incx, y, incy, A, lda))
SYR2(Ssyr2, float)
SYR2(Dsyr2, double)
SYR2(Cher2, cuComplex)
SYR2(Zher2, cuDoubleComplex)

/* ---- level 3 ---- */
#define L3_TYPED(P, T)                                                                             \
  VOID(cublas##P##gemm,                                                                            \
       (char transa, char transb, int m, int n, int k, T alpha, const T *A, int lda, const T *B,   \
        int ldb, T beta, T *C, int ldc),                                                           \
       cublas##P##gemm_v2(legacy, op(transa), op(transb), m, n, k, &alpha, A, lda, B, ldb, &beta,  \
                          C, ldc))                                                                 \
  VOID(cublas##P##syrk,                                                                            \
       (char uplo, char trans, int n, int k, T alpha, const T *A, int lda, T beta, T *C, int ldc), \
       cublas##P##syrk_v2(legacy, fill(uplo), op(trans), n, k, &alpha, A, lda, &beta, C, ldc))     \
  VOID(cublas##P##syr2k,                                                                           \
       (char uplo, char trans, int n, int k, T alpha, const T *A, int lda, const T *B, int ldb,    \
        T beta, T *C, int ldc),                                                                    \
       cublas##P##syr2k_v2(legacy, fill(uplo), op(trans), n, k, &alpha, A, lda, B, ldb, &beta, C,  \
                           ldc))                                                                   \
  VOID(cublas##P##symm,                                                                            \
       (char sd, char uplo, int m, int n, T alpha, const T *A, int lda, const T *B, int ldb,       \
        T beta, T *C, int ldc),                                                                    \
       cublas##P##symm_v2(legacy, side(sd), fill(uplo), m, n, &alpha, A, lda, B, ldb, &beta, C,    \
                          ldc))                                                                    \
  VOID(cublas##P##trsm,                                                                            \
       (char sd, char uplo, char transa, char dg, int m, int n, T alpha, const T *A, int lda,      \
        T *B, int ldb),                                                                            \
       cublas##P##trsm_v2(legacy, side(sd), fill(uplo), op(transa), diag(dg), m, n, &alpha, A,     \
                          lda, B, ldb))                                                            \
  VOID(cublas##P##trmm,                                                                            \
       (char sd, char uplo, char transa, char dg, int m, int n, T alpha, const T *A, int lda,      \
        T *B, int ldb),                                                                            \
       cublas##P##trmm_v2(legacy, side(sd), fill(uplo), op(transa), diag(dg), m, n, &alpha, A,     \
                          lda, B, ldb, B, ldb))
L3_TYPED(S, float)
L3_TYPED(D, double)
L3_TYPED(C, cuComplex)
L3_TYPED(Z, cuDoubleComplex)

#define HERK(NAME, T, S)                                                                           \
  VOID(cublas##NAME,                                                                               \
       (char uplo, char trans, int n, int k, S alpha, const T *A, int lda, S beta, T *C, int ldc), \
       cublas##NAME##_v2(legacy, fill(uplo), op(trans), n, k, &alpha, A, lda, &beta, C, ldc))
HERK(Cherk, cuComplex, float)
HERK(Zherk, cuDoubleComplex, double)
#define HER2K(NAME, T, S)                                                                          \
  VOID(cublas##NAME,                                                                               \
       (char uplo, char trans, int n, int k, T alpha, const T *A, int lda, const T *B, int ldb,    \
        S beta, T *C, int ldc),                                                                    \
       cublas##NAME##_v2(legacy, fill(uplo), op(trans), n, k, &alpha, A, lda, B, ldb, &beta, C,    \
                         ldc))
HER2K(Cher2k, cuComplex, float)
HER2K(Zher2k, cuDoubleComplex, double)
#define HEMM(NAME, T)                                                                              \
  VOID(cublas##NAME,                                                                               \
       (char sd, char uplo, int m, int n, T alpha, const T *A, int lda, const T *B, int ldb,       \
        T beta, T *C, int ldc),                                                                    \
       cublas##NAME##_v2(legacy, side(sd), fill(uplo), m, n, &alpha, A, lda, B, ldb, &beta, C,     \
                         ldc))
HEMM(Chemm, cuComplex)
HEMM(Zhemm, cuDoubleComplex)

/* ---- level 2, banded and packed (banded.c's v2 forms) ---- */
#define BANDED_TYPED(P, T)                                                                         \
  VOID(cublas##P##gbmv,                                                                            \
       (char trans, int m, int n, int kl, int ku, T alpha, const T *A, int lda, const T *x,        \
        int incx, T beta, T *y, int incy),                                                         \
       cublas##P##gbmv_v2(legacy, op(trans), m, n, kl, ku, &alpha, A, lda, x, incx, &beta, y,      \
                          incy))                                                                   \
  VOID(cublas##P##tbmv,                                                                            \
       (char uplo, char trans, char dg, int n, int k, const T *A, int lda, T *x, int incx),        \
       cublas##P##tbmv_v2(legacy, fill(uplo), op(trans), diag(dg), n, k, A, lda, x, incx))         \
  VOID(cublas##P##tbsv,                                                                            \
       (char uplo, char trans, char dg, int n, int k, const T *A, int lda, T *x, int incx),        \
       cublas##P##tbsv_v2(legacy, fill(uplo), op(trans), diag(dg), n, k, A, lda, x, incx))         \
  VOID(cublas##P##tpmv, (char uplo, char trans, char dg, int n, const T *AP, T *x, int incx),      \
       cublas##P##tpmv_v2(legacy, fill(uplo), op(trans), diag(dg), n, AP, x, incx))                \
  VOID(cublas##P##tpsv, (char uplo, char trans, char dg, int n, const T *AP, T *x, int incx),      \
       cublas##P##tpsv_v2(legacy, fill(uplo), op(trans), diag(dg), n, AP, x, incx))
BANDED_TYPED(S, float)
BANDED_TYPED(D, double)
BANDED_TYPED(C, cuComplex)
BANDED_TYPED(Z, cuDoubleComplex)

/* sbmv/spmv/spr/spr2 (S, D) and their hermitian forms hbmv/hpmv/hpr/hpr2 (C, Z) */
#define BANDED_SYM(SB, SP, SPR, SPR2, T, R)                                                        \
  VOID(cublas##SB,                                                                                 \
       (char uplo, int n, int k, T alpha, const T *A, int lda, const T *x, int incx, T beta, T *y, \
        int incy),                                                                                 \
       cublas##SB##_v2(legacy, fill(uplo), n, k, &alpha, A, lda, x, incx, &beta, y, incy))         \
  VOID(cublas##SP,                                                                                 \
       (char uplo, int n, T alpha, const T *AP, const T *x, int incx, T beta, T *y, int incy),     \
       cublas##SP##_v2(legacy, fill(uplo), n, &alpha, AP, x, incx, &beta, y, incy))                \
  VOID(cublas##SPR, (char uplo, int n, R alpha, const T *x, int incx, T *AP),                      \
       cublas##SPR##_v2(legacy, fill(uplo), n, &alpha, x, incx, AP))                               \
  VOID(cublas##SPR2,                                                                               \
       (char uplo, int n, T alpha, const T *x, int incx, const T *y, int incy, T *AP),             \
       cublas##SPR2##_v2(legacy, fill(uplo), n, &alpha, x, incx, y, incy, AP))
BANDED_SYM(Ssbmv, Sspmv, Sspr, Sspr2, float, float)
BANDED_SYM(Dsbmv, Dspmv, Dspr, Dspr2, double, double)
BANDED_SYM(Chbmv, Chpmv, Chpr, Chpr2, cuComplex, float)
BANDED_SYM(Zhbmv, Zhpmv, Zhpr, Zhpr2, cuDoubleComplex, double)
