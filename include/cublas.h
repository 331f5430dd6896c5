/* cublas.h — cuBLAS's legacy API (docs/cublas.md "The legacy API"): no handle (one
 * implicit handle, created by cublasInit), operations and fill modes as characters
 * ('N', 'T', 'C'; 'U', 'L'; 'L', 'R'; 'N', 'U'), scalars by value, results returned by
 * value, and errors kept for cublasGetError instead of returned. It excludes cublas_v2.h,
 * as NVIDIA's header does. Written for Anchor from NVIDIA's cuBLAS documentation; C17
 * and C++. */
#ifndef ANCHOR_CUBLAS_H
#define ANCHOR_CUBLAS_H
#pragma GCC system_header
#define CUBLAS_H_ /* NVIDIA's guard */
#if defined(CUBLAS_V2_H_)
#error "cublas.h and cublas_v2.h exclude each other: include one of them"
#endif

#include <cuda_runtime.h>

#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define cublasStatus cublasStatus_t

cublasStatus cublasInit(void);
cublasStatus cublasShutdown(void);
/* The first error since the last call (SUCCESS if none); reading it clears it. */
cublasStatus cublasGetError(void);
cublasStatus cublasGetVersion(int *version);
cublasStatus cublasAlloc(int n, int elemSize, void **devicePtr);
cublasStatus cublasFree(void *devicePtr);
cublasStatus cublasSetKernelStream(cudaStream_t stream);

/* ---- level 1 ---- */
float cublasSnrm2(int n, const float *x, int incx);
double cublasDnrm2(int n, const double *x, int incx);
float cublasScnrm2(int n, const cuComplex *x, int incx);
double cublasDznrm2(int n, const cuDoubleComplex *x, int incx);
float cublasSdot(int n, const float *x, int incx, const float *y, int incy);
double cublasDdot(int n, const double *x, int incx, const double *y, int incy);
cuComplex cublasCdotu(int n, const cuComplex *x, int incx, const cuComplex *y, int incy);
cuComplex cublasCdotc(int n, const cuComplex *x, int incx, const cuComplex *y, int incy);
cuDoubleComplex cublasZdotu(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
                            int incy);
cuDoubleComplex cublasZdotc(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
                            int incy);
void cublasSscal(int n, float alpha, float *x, int incx);
void cublasDscal(int n, double alpha, double *x, int incx);
void cublasCscal(int n, cuComplex alpha, cuComplex *x, int incx);
void cublasZscal(int n, cuDoubleComplex alpha, cuDoubleComplex *x, int incx);
void cublasCsscal(int n, float alpha, cuComplex *x, int incx);
void cublasZdscal(int n, double alpha, cuDoubleComplex *x, int incx);
void cublasSaxpy(int n, float alpha, const float *x, int incx, float *y, int incy);
void cublasDaxpy(int n, double alpha, const double *x, int incx, double *y, int incy);
void cublasCaxpy(int n, cuComplex alpha, const cuComplex *x, int incx, cuComplex *y, int incy);
void cublasZaxpy(int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx,
                 cuDoubleComplex *y, int incy);
void cublasScopy(int n, const float *x, int incx, float *y, int incy);
void cublasDcopy(int n, const double *x, int incx, double *y, int incy);
void cublasCcopy(int n, const cuComplex *x, int incx, cuComplex *y, int incy);
void cublasZcopy(int n, const cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy);
void cublasSswap(int n, float *x, int incx, float *y, int incy);
void cublasDswap(int n, double *x, int incx, double *y, int incy);
void cublasCswap(int n, cuComplex *x, int incx, cuComplex *y, int incy);
void cublasZswap(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy);
int cublasIsamax(int n, const float *x, int incx);
int cublasIdamax(int n, const double *x, int incx);
int cublasIcamax(int n, const cuComplex *x, int incx);
int cublasIzamax(int n, const cuDoubleComplex *x, int incx);
int cublasIsamin(int n, const float *x, int incx);
int cublasIdamin(int n, const double *x, int incx);
int cublasIcamin(int n, const cuComplex *x, int incx);
int cublasIzamin(int n, const cuDoubleComplex *x, int incx);
float cublasSasum(int n, const float *x, int incx);
double cublasDasum(int n, const double *x, int incx);
float cublasScasum(int n, const cuComplex *x, int incx);
double cublasDzasum(int n, const cuDoubleComplex *x, int incx);
void cublasSrot(int n, float *x, int incx, float *y, int incy, float sc, float ss);
void cublasDrot(int n, double *x, int incx, double *y, int incy, double sc, double ss);
void cublasCrot(int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, cuComplex s);
void cublasZrot(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double sc,
                cuDoubleComplex cs);
void cublasCsrot(int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, float s);
void cublasZdrot(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double c,
                 double s);
void cublasSrotg(float *sa, float *sb, float *sc, float *ss);
void cublasDrotg(double *sa, double *sb, double *sc, double *ss);
void cublasCrotg(cuComplex *ca, cuComplex cb, float *sc, cuComplex *cs);
void cublasZrotg(cuDoubleComplex *ca, cuDoubleComplex cb, double *sc, cuDoubleComplex *cs);
void cublasSrotm(int n, float *x, int incx, float *y, int incy, const float *sparam);
void cublasDrotm(int n, double *x, int incx, double *y, int incy, const double *sparam);
void cublasSrotmg(float *sd1, float *sd2, float *sx1, const float *sy1, float *sparam);
void cublasDrotmg(double *sd1, double *sd2, double *sx1, const double *sy1, double *sparam);

/* ---- level 2 ---- */
#define ANCHOR_CUBLAS_LEGACY_L2(P, T, R)                                                           \
  void cublas##P##gemv(char trans, int m, int n, T alpha, const T *A, int lda, const T *x,         \
                       int incx, T beta, T *y, int incy);                                          \
  void cublas##P##trmv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x,         \
                       int incx);                                                                  \
  void cublas##P##trsv(char uplo, char trans, char diag, int n, const T *A, int lda, T *x,         \
                       int incx);
ANCHOR_CUBLAS_LEGACY_L2(S, float, float)
ANCHOR_CUBLAS_LEGACY_L2(D, double, double)
ANCHOR_CUBLAS_LEGACY_L2(C, cuComplex, float)
ANCHOR_CUBLAS_LEGACY_L2(Z, cuDoubleComplex, double)
#undef ANCHOR_CUBLAS_LEGACY_L2
void cublasSsymv(char uplo, int n, float alpha, const float *A, int lda, const float *x, int incx,
                 float beta, float *y, int incy);
void cublasDsymv(char uplo, int n, double alpha, const double *A, int lda, const double *x,
                 int incx, double beta, double *y, int incy);
void cublasChemv(char uplo, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *x,
                 int incx, cuComplex beta, cuComplex *y, int incy);
void cublasZhemv(char uplo, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda,
                 const cuDoubleComplex *x, int incx, cuDoubleComplex beta, cuDoubleComplex *y,
                 int incy);
void cublasSger(int m, int n, float alpha, const float *x, int incx, const float *y, int incy,
                float *A, int lda);
void cublasDger(int m, int n, double alpha, const double *x, int incx, const double *y, int incy,
                double *A, int lda);
void cublasCgeru(int m, int n, cuComplex alpha, const cuComplex *x, int incx, const cuComplex *y,
                 int incy, cuComplex *A, int lda);
void cublasCgerc(int m, int n, cuComplex alpha, const cuComplex *x, int incx, const cuComplex *y,
                 int incy, cuComplex *A, int lda);
void cublasZgeru(int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx,
                 const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda);
void cublasZgerc(int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx,
                 const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda);
void cublasSsyr(char uplo, int n, float alpha, const float *x, int incx, float *A, int lda);
void cublasDsyr(char uplo, int n, double alpha, const double *x, int incx, double *A, int lda);
void cublasCher(char uplo, int n, float alpha, const cuComplex *x, int incx, cuComplex *A, int lda);
void cublasZher(char uplo, int n, double alpha, const cuDoubleComplex *x, int incx,
                cuDoubleComplex *A, int lda);
void cublasSsyr2(char uplo, int n, float alpha, const float *x, int incx, const float *y, int incy,
                 float *A, int lda);
void cublasDsyr2(char uplo, int n, double alpha, const double *x, int incx, const double *y,
                 int incy, double *A, int lda);
void cublasCher2(char uplo, int n, cuComplex alpha, const cuComplex *x, int incx,
                 const cuComplex *y, int incy, cuComplex *A, int lda);
void cublasZher2(char uplo, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx,
                 const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda);

/* banded and packed */
#define ANCHOR_CUBLAS_LEGACY_BAND(P, T)                                                            \
  void cublas##P##gbmv(char trans, int m, int n, int kl, int ku, T alpha, const T *A, int lda,     \
                       const T *x, int incx, T beta, T *y, int incy);                              \
  void cublas##P##tbmv(char uplo, char trans, char diag, int n, int k, const T *A, int lda, T *x,  \
                       int incx);                                                                  \
  void cublas##P##tbsv(char uplo, char trans, char diag, int n, int k, const T *A, int lda, T *x,  \
                       int incx);                                                                  \
  void cublas##P##tpmv(char uplo, char trans, char diag, int n, const T *AP, T *x, int incx);      \
  void cublas##P##tpsv(char uplo, char trans, char diag, int n, const T *AP, T *x, int incx);
ANCHOR_CUBLAS_LEGACY_BAND(S, float)
ANCHOR_CUBLAS_LEGACY_BAND(D, double)
ANCHOR_CUBLAS_LEGACY_BAND(C, cuComplex)
ANCHOR_CUBLAS_LEGACY_BAND(Z, cuDoubleComplex)
#undef ANCHOR_CUBLAS_LEGACY_BAND
/* sbmv, spmv, spr, spr2 (S, D); hbmv, hpmv, hpr, hpr2 (C, Z; hpr's alpha real) */
#define ANCHOR_CUBLAS_LEGACY_SYMBAND(SB, SP, SPR, SPR2, T, R)                                      \
  void cublas##SB(char uplo, int n, int k, T alpha, const T *A, int lda, const T *x, int incx,     \
                  T beta, T *y, int incy);                                                         \
  void cublas##SP(char uplo, int n, T alpha, const T *AP, const T *x, int incx, T beta, T *y,      \
                  int incy);                                                                       \
  void cublas##SPR(char uplo, int n, R alpha, const T *x, int incx, T *AP);                        \
  void cublas##SPR2(char uplo, int n, T alpha, const T *x, int incx, const T *y, int incy, T *AP);
ANCHOR_CUBLAS_LEGACY_SYMBAND(Ssbmv, Sspmv, Sspr, Sspr2, float, float)
ANCHOR_CUBLAS_LEGACY_SYMBAND(Dsbmv, Dspmv, Dspr, Dspr2, double, double)
ANCHOR_CUBLAS_LEGACY_SYMBAND(Chbmv, Chpmv, Chpr, Chpr2, cuComplex, float)
ANCHOR_CUBLAS_LEGACY_SYMBAND(Zhbmv, Zhpmv, Zhpr, Zhpr2, cuDoubleComplex, double)
#undef ANCHOR_CUBLAS_LEGACY_SYMBAND

/* ---- level 3 ---- */
#define ANCHOR_CUBLAS_LEGACY_L3(P, T)                                                              \
  void cublas##P##gemm(char transa, char transb, int m, int n, int k, T alpha, const T *A,         \
                       int lda, const T *B, int ldb, T beta, T *C, int ldc);                       \
  void cublas##P##syrk(char uplo, char trans, int n, int k, T alpha, const T *A, int lda, T beta,  \
                       T *C, int ldc);                                                             \
  void cublas##P##syr2k(char uplo, char trans, int n, int k, T alpha, const T *A, int lda,         \
                        const T *B, int ldb, T beta, T *C, int ldc);                               \
  void cublas##P##symm(char side, char uplo, int m, int n, T alpha, const T *A, int lda,           \
                       const T *B, int ldb, T beta, T *C, int ldc);                                \
  void cublas##P##trsm(char side, char uplo, char transa, char diag, int m, int n, T alpha,        \
                       const T *A, int lda, T *B, int ldb);                                        \
  void cublas##P##trmm(char side, char uplo, char transa, char diag, int m, int n, T alpha,        \
                       const T *A, int lda, T *B, int ldb);
ANCHOR_CUBLAS_LEGACY_L3(S, float)
ANCHOR_CUBLAS_LEGACY_L3(D, double)
ANCHOR_CUBLAS_LEGACY_L3(C, cuComplex)
ANCHOR_CUBLAS_LEGACY_L3(Z, cuDoubleComplex)
#undef ANCHOR_CUBLAS_LEGACY_L3
void cublasCherk(char uplo, char trans, int n, int k, float alpha, const cuComplex *A, int lda,
                 float beta, cuComplex *C, int ldc);
void cublasZherk(char uplo, char trans, int n, int k, double alpha, const cuDoubleComplex *A,
                 int lda, double beta, cuDoubleComplex *C, int ldc);
void cublasCher2k(char uplo, char trans, int n, int k, cuComplex alpha, const cuComplex *A, int lda,
                  const cuComplex *B, int ldb, float beta, cuComplex *C, int ldc);
void cublasZher2k(char uplo, char trans, int n, int k, cuDoubleComplex alpha,
                  const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb, double beta,
                  cuDoubleComplex *C, int ldc);
void cublasChemm(char side, char uplo, int m, int n, cuComplex alpha, const cuComplex *A, int lda,
                 const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc);
void cublasZhemm(char side, char uplo, int m, int n, cuDoubleComplex alpha,
                 const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb,
                 cuDoubleComplex beta, cuDoubleComplex *C, int ldc);

#ifdef __cplusplus
}
#endif

#endif
