/* cufftw.h — cuFFTW, the FFTW3 interface over cuFFT (-lcufftw): programs written for
 * FFTW's basic and advanced interfaces (fftw_plan_dft_1d ..., fftw_plan_many_dft,
 * fftw_execute, the fftwf_ single-precision forms) run their transforms on the GPU.
 * Plans hold host arrays, as FFTW's do: fftw_execute copies the input to the device,
 * transforms with cuFFT and copies the output back (docs/cufft.md, "cuFFTW").
 *
 * Written for Anchor from NVIDIA's cuFFTW documentation (CUDA 13) and FFTW's manual;
 * constants are NVIDIA's values. Not provided: FFTW's guru interfaces (a use is a
 * compile-time error naming the function) and FFTW's other transforms (r2r, threads),
 * which NVIDIA's cuFFTW lacks too. As in NVIDIA's, the wisdom, cost, flops, timelimit
 * and print calls exist and do nothing. */
#ifndef ANCHOR_CUFFTW_H
#define ANCHOR_CUFFTW_H
#pragma GCC system_header
#define _CUFFTW_H_ /* NVIDIA's guard */

#include <stddef.h>
#include <stdio.h>

#include "cufft.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FFTW_FORWARD -1
#define FFTW_INVERSE 1
#define FFTW_BACKWARD 1

/* Planner flags: accepted and ignored (plans never measure, never touch the arrays). */
#define FFTW_ESTIMATE 0x01
#define FFTW_MEASURE 0x02
#define FFTW_PATIENT 0x03
#define FFTW_EXHAUSTIVE 0x04
#define FFTW_WISDOM_ONLY 0x05
#define FFTW_DESTROY_INPUT 0x08
#define FFTW_PRESERVE_INPUT 0x0C
#define FFTW_UNALIGNED 0x10

/* C99's complex types when <complex.h> came first (as FFTW's header decides), else
 * arrays of two, real part first: the same layout. */
#if !defined(FFTW_NO_Complex) && defined(_Complex_I) && defined(complex)
typedef double _Complex fftw_complex;
typedef float _Complex fftwf_complex;
#else
typedef double fftw_complex[2];
typedef float fftwf_complex[2];
#endif

/* A plan: NULL when it could not be made (bad sizes, no device memory). */
typedef void *fftw_plan;
typedef void *fftwf_plan;

typedef struct {
  int n;
  int is;
  int os;
} fftw_iodim;
typedef fftw_iodim fftwf_iodim;
typedef struct {
  ptrdiff_t n;
  ptrdiff_t is;
  ptrdiff_t os;
} fftw_iodim64;
typedef fftw_iodim64 fftwf_iodim64;

#if defined(__clang__)
#define CUFFTW_GURU                                                                                \
  __attribute__((unavailable("FFTW's guru interface is not provided by Anchor's cuFFTW "           \
                             "(docs/cufft.md); use fftw_plan_many_dft*")))
#endif

/* One precision's declarations: P the prefix (fftw, fftwf), R its real type, C its
 * complex type. */
#define CUFFTW_DECLARE(P, R, C)                                                                    \
  P##_plan CUFFTAPI P##_plan_dft_1d(int n, C *in, C *out, int sign, unsigned flags);               \
  P##_plan CUFFTAPI P##_plan_dft_2d(int n0, int n1, C *in, C *out, int sign, unsigned flags);      \
  P##_plan CUFFTAPI P##_plan_dft_3d(int n0, int n1, int n2, C *in, C *out, int sign,               \
                                    unsigned flags);                                               \
  P##_plan CUFFTAPI P##_plan_dft(int rank, const int *n, C *in, C *out, int sign, unsigned flags); \
  P##_plan CUFFTAPI P##_plan_dft_r2c_1d(int n, R *in, C *out, unsigned flags);                     \
  P##_plan CUFFTAPI P##_plan_dft_r2c_2d(int n0, int n1, R *in, C *out, unsigned flags);            \
  P##_plan CUFFTAPI P##_plan_dft_r2c_3d(int n0, int n1, int n2, R *in, C *out, unsigned flags);    \
  P##_plan CUFFTAPI P##_plan_dft_r2c(int rank, const int *n, R *in, C *out, unsigned flags);       \
  P##_plan CUFFTAPI P##_plan_dft_c2r_1d(int n, C *in, R *out, unsigned flags);                     \
  P##_plan CUFFTAPI P##_plan_dft_c2r_2d(int n0, int n1, C *in, R *out, unsigned flags);            \
  P##_plan CUFFTAPI P##_plan_dft_c2r_3d(int n0, int n1, int n2, C *in, R *out, unsigned flags);    \
  P##_plan CUFFTAPI P##_plan_dft_c2r(int rank, const int *n, C *in, R *out, unsigned flags);       \
  P##_plan CUFFTAPI P##_plan_many_dft(                                                             \
      int rank, const int *n, int batch, C *in, const int *inembed, int istride, int idist,        \
      C *out, const int *onembed, int ostride, int odist, int sign, unsigned flags);               \
  P##_plan CUFFTAPI P##_plan_many_dft_r2c(                                                         \
      int rank, const int *n, int batch, R *in, const int *inembed, int istride, int idist,        \
      C *out, const int *onembed, int ostride, int odist, unsigned flags);                         \
  P##_plan CUFFTAPI P##_plan_many_dft_c2r(                                                         \
      int rank, const int *n, int batch, C *in, const int *inembed, int istride, int idist,        \
      R *out, const int *onembed, int ostride, int odist, unsigned flags);                         \
  void CUFFTAPI P##_execute(const P##_plan plan);                                                  \
  void CUFFTAPI P##_execute_dft(const P##_plan plan, C *idata, C *odata);                          \
  void CUFFTAPI P##_execute_dft_r2c(const P##_plan plan, R *idata, C *odata);                      \
  void CUFFTAPI P##_execute_dft_c2r(const P##_plan plan, C *idata, R *odata);                      \
  void CUFFTAPI P##_destroy_plan(P##_plan plan);                                                   \
  void *CUFFTAPI P##_malloc(size_t n);                                                             \
  void CUFFTAPI P##_free(void *pointer);                                                           \
  void CUFFTAPI P##_cleanup(void);                                                                 \
  void CUFFTAPI P##_export_wisdom_to_file(FILE *output_file);                                      \
  int CUFFTAPI P##_import_wisdom_from_file(FILE *input_file);                                      \
  void CUFFTAPI P##_print_plan(const P##_plan plan);                                               \
  void CUFFTAPI P##_set_timelimit(double seconds);                                                 \
  double CUFFTAPI P##_cost(const P##_plan plan);                                                   \
  void CUFFTAPI P##_flops(const P##_plan plan, double *add, double *mul, double *fma);

#define CUFFTW_DECLARE_GURU(P, R, C)                                                               \
  CUFFTW_GURU P##_plan P##_plan_guru_dft(int rank, const P##_iodim *dims, int batch_rank,          \
                                         const P##_iodim *batch_dims, C *in, C *out, int sign,     \
                                         unsigned flags);                                          \
  CUFFTW_GURU P##_plan P##_plan_guru_dft_r2c(int rank, const P##_iodim *dims, int batch_rank,      \
                                             const P##_iodim *batch_dims, R *in, C *out,           \
                                             unsigned flags);                                      \
  CUFFTW_GURU P##_plan P##_plan_guru_dft_c2r(int rank, const P##_iodim *dims, int batch_rank,      \
                                             const P##_iodim *batch_dims, C *in, R *out,           \
                                             unsigned flags);                                      \
  CUFFTW_GURU P##_plan P##_plan_guru64_dft(int rank, const P##_iodim64 *dims, int batch_rank,      \
                                           const P##_iodim64 *batch_dims, C *in, C *out, int sign, \
                                           unsigned flags);                                        \
  CUFFTW_GURU P##_plan P##_plan_guru64_dft_r2c(int rank, const P##_iodim64 *dims, int batch_rank,  \
                                               const P##_iodim64 *batch_dims, R *in, C *out,       \
                                               unsigned flags);                                    \
  CUFFTW_GURU P##_plan P##_plan_guru64_dft_c2r(int rank, const P##_iodim64 *dims, int batch_rank,  \
                                               const P##_iodim64 *batch_dims, C *in, R *out,       \
                                               unsigned flags);

CUFFTW_DECLARE(fftw, double, fftw_complex)
CUFFTW_DECLARE(fftwf, float, fftwf_complex)
#ifdef CUFFTW_GURU
CUFFTW_DECLARE_GURU(fftw, double, fftw_complex)
CUFFTW_DECLARE_GURU(fftwf, float, fftwf_complex)
#endif

#undef CUFFTW_DECLARE
#undef CUFFTW_DECLARE_GURU

#ifdef __cplusplus
}
#endif

#endif
