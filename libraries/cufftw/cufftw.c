/* cufftw.c — libcufftw.so.12, the FFTW3 interface over Anchor's cuFFT (cufftw.h,
 * docs/cufft.md "cuFFTW"). A plan is a cuFFT plan plus the user's host arrays and device
 * copies of them: fftw_execute copies the input to the device, runs the cuFFT transform
 * and copies the output back, synchronously, as NVIDIA's cuFFTW does. FFTW's layouts map
 * onto cuFFT's: the basic interface onto the basic layout (in-place real rows padded to
 * 2 (n/2+1), as both libraries pad them), the advanced one (fftw_plan_many_dft*) onto
 * cuFFT's advanced layout with every embed given (a NULL embed is the logical size, as
 * FFTW reads it). Only the CUDA runtime and cuFFT APIs are called. */
#include <cuda_runtime_api.h>
#include <cufftw.h>
#include <stdlib.h>
#include <string.h>

/* FFTW's three transform kinds. */
enum { KIND_C2C, KIND_R2C, KIND_C2R };

typedef struct cufftw_plan {
  cufftHandle handle;
  int precision; /* 0 float, 1 double */
  int kind;
  int sign;
  void *in, *out;               /* the host arrays the plan was made for */
  size_t in_bytes, out_bytes;   /* what one execution reads from in and writes to out */
  void *device_in, *device_out; /* device_out == device_in in place */
} cufftw_plan;

/* Elements spanned by one side: batch transforms dist apart, each of logical shape
 * shape[0..rank) stored in embed[0..rank) with the last dimension stride apart. */
static long long span(int rank, const int *shape, const int *embed, long long stride,
                      long long dist, long long batch) {
  long long last = (batch - 1) * dist, step = stride;
  for (int d = rank - 1; d >= 0; d--) {
    last += (long long)(shape[d] - 1) * step;
    step *= embed[d];
  }
  return last + 1;
}

static cufftType cufft_type(int precision, int kind) {
  static const cufftType types[2][3] = {{CUFFT_C2C, CUFFT_R2C, CUFFT_C2R},
                                        {CUFFT_Z2Z, CUFFT_D2Z, CUFFT_Z2D}};
  return types[precision][kind];
}

static void destroy(cufftw_plan *p) {
  if (!p) return;
  cufftDestroy(p->handle);
  if (p->device_out != p->device_in) cudaFree(p->device_out);
  cudaFree(p->device_in);
  free(p);
}

/* Makes a plan of rank dims, batch transforms. basic: FFTW's basic interface (the
 * embeds, strides and distances are ignored); else FFTW's advanced layout, NULL embeds
 * meaning the logical sizes. NULL when any size is bad or memory runs out. */
static cufftw_plan *make(int precision, int kind, int rank, const int *n, int batch, void *in,
                         const int *inembed, int istride, int idist, void *out, const int *onembed,
                         int ostride, int odist, int sign, int basic) {
  if (rank < 1 || rank > 3 || !n || batch < 1 || !in || !out) return NULL;
  if (kind == KIND_C2C && sign != FFTW_FORWARD && sign != FFTW_BACKWARD) return NULL;
  for (int d = 0; d < rank; d++)
    if (n[d] < 1) return NULL;
  int in_place = in == out;
  /* The logical shapes of each side: complex values of half spectra are n/2+1 long in
   * the last dimension. */
  int real_shape[3], half_shape[3];
  for (int d = 0; d < rank; d++)
    real_shape[d] = half_shape[d] = n[d];
  half_shape[rank - 1] = n[rank - 1] / 2 + 1;
  const int *in_shape = kind == KIND_C2R ? half_shape : real_shape;
  const int *out_shape = kind == KIND_R2C ? half_shape : real_shape;
  int in_embed[3], out_embed[3];
  long long in_dist = idist, out_dist = odist, in_stride = istride, out_stride = ostride;
  if (basic) { /* contiguous; in-place real rows padded to 2 (n/2+1) */
    memcpy(in_embed, in_shape, sizeof(int) * rank);
    memcpy(out_embed, out_shape, sizeof(int) * rank);
    if (in_place && kind == KIND_R2C) in_embed[rank - 1] = 2 * half_shape[rank - 1];
    if (in_place && kind == KIND_C2R) out_embed[rank - 1] = 2 * half_shape[rank - 1];
    in_stride = out_stride = 1;
    in_dist = out_dist = 0;
  } else {
    memcpy(in_embed, inembed ? inembed : in_shape, sizeof(int) * rank);
    memcpy(out_embed, onembed ? onembed : out_shape, sizeof(int) * rank);
  }
  size_t real_size = precision ? sizeof(double) : sizeof(float);
  size_t in_size = kind == KIND_R2C ? real_size : 2 * real_size;
  size_t out_size = kind == KIND_C2R ? real_size : 2 * real_size;
  cufftw_plan *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->handle = -1;
  p->precision = precision, p->kind = kind, p->sign = sign, p->in = in, p->out = out;
  p->in_bytes =
      (size_t)span(rank, in_shape, in_embed, in_stride, in_dist, basic ? 1 : batch) * in_size;
  p->out_bytes =
      (size_t)span(rank, out_shape, out_embed, out_stride, out_dist, basic ? 1 : batch) * out_size;
  size_t device_bytes = in_place && p->out_bytes > p->in_bytes ? p->out_bytes : p->in_bytes;
  cufftResult r;
  if (basic)
    r = cufftPlanMany(&p->handle, rank, (int *)n, NULL, 1, 0, NULL, 1, 0,
                      cufft_type(precision, kind), 1);
  else
    r = cufftPlanMany(&p->handle, rank, (int *)n, in_embed, istride, idist, out_embed, ostride,
                      odist, cufft_type(precision, kind), batch);
  if (r != CUFFT_SUCCESS || cudaMalloc(&p->device_in, device_bytes) != cudaSuccess) {
    if (r != CUFFT_SUCCESS) p->handle = -1;
    destroy(p);
    return NULL;
  }
  p->device_out = p->device_in;
  if (!in_place && cudaMalloc(&p->device_out, p->out_bytes) != cudaSuccess) {
    p->device_out = p->device_in;
    destroy(p);
    return NULL;
  }
  return p;
}

/* One execution: in to the device, the transform, the device to out. Errors cannot be
 * reported through FFTW's interface (its execute returns nothing); a failed step leaves
 * out unwritten. */
static void execute(const cufftw_plan *p, const void *in, void *out) {
  if (!p || !in || !out) return;
  if (cudaMemcpy(p->device_in, in, p->in_bytes, cudaMemcpyHostToDevice) != cudaSuccess) return;
  cufftResult r = CUFFT_EXEC_FAILED;
  void *i = p->device_in, *o = p->device_out;
  switch (p->kind * 2 + p->precision) {
  case KIND_C2C * 2: r = cufftExecC2C(p->handle, i, o, p->sign); break;
  case KIND_C2C * 2 + 1: r = cufftExecZ2Z(p->handle, i, o, p->sign); break;
  case KIND_R2C * 2: r = cufftExecR2C(p->handle, i, o); break;
  case KIND_R2C * 2 + 1: r = cufftExecD2Z(p->handle, i, o); break;
  case KIND_C2R * 2: r = cufftExecC2R(p->handle, i, o); break;
  case KIND_C2R * 2 + 1: r = cufftExecZ2D(p->handle, i, o); break;
  }
  if (r != CUFFT_SUCCESS) return;
  cudaMemcpy(out, p->device_out, p->out_bytes, cudaMemcpyDeviceToHost);
}

/* The public calls of one precision: P the prefix, R the real type, C the complex type,
 * precision 0 or 1. */
#define CUFFTW_DEFINE(P, R, C, precision)                                                          \
  P##_plan P##_plan_many_dft(int rank, const int *n, int batch, C *in, const int *inembed,         \
                             int istride, int idist, C *out, const int *onembed, int ostride,      \
                             int odist, int sign, unsigned flags) {                                \
    (void)flags;                                                                                   \
    return make(precision, KIND_C2C, rank, n, batch, in, inembed, istride, idist, out, onembed,    \
                ostride, odist, sign, 0);                                                          \
  }                                                                                                \
  P##_plan P##_plan_many_dft_r2c(int rank, const int *n, int batch, R *in, const int *inembed,     \
                                 int istride, int idist, C *out, const int *onembed, int ostride,  \
                                 int odist, unsigned flags) {                                      \
    (void)flags;                                                                                   \
    return make(precision, KIND_R2C, rank, n, batch, in, inembed, istride, idist, out, onembed,    \
                ostride, odist, FFTW_FORWARD, 0);                                                  \
  }                                                                                                \
  P##_plan P##_plan_many_dft_c2r(int rank, const int *n, int batch, C *in, const int *inembed,     \
                                 int istride, int idist, R *out, const int *onembed, int ostride,  \
                                 int odist, unsigned flags) {                                      \
    (void)flags;                                                                                   \
    return make(precision, KIND_C2R, rank, n, batch, in, inembed, istride, idist, out, onembed,    \
                ostride, odist, FFTW_BACKWARD, 0);                                                 \
  }                                                                                                \
  P##_plan P##_plan_dft(int rank, const int *n, C *in, C *out, int sign, unsigned flags) {         \
    (void)flags;                                                                                   \
    return make(precision, KIND_C2C, rank, n, 1, in, NULL, 1, 0, out, NULL, 1, 0, sign, 1);        \
  }                                                                                                \
  P##_plan P##_plan_dft_r2c(int rank, const int *n, R *in, C *out, unsigned flags) {               \
    (void)flags;                                                                                   \
    return make(precision, KIND_R2C, rank, n, 1, in, NULL, 1, 0, out, NULL, 1, 0, FFTW_FORWARD,    \
                1);                                                                                \
  }                                                                                                \
  P##_plan P##_plan_dft_c2r(int rank, const int *n, C *in, R *out, unsigned flags) {               \
    (void)flags;                                                                                   \
    return make(precision, KIND_C2R, rank, n, 1, in, NULL, 1, 0, out, NULL, 1, 0, FFTW_BACKWARD,   \
                1);                                                                                \
  }                                                                                                \
  P##_plan P##_plan_dft_1d(int n0, C *in, C *out, int sign, unsigned flags) {                      \
    int n[1] = {n0};                                                                               \
    return P##_plan_dft(1, n, in, out, sign, flags);                                               \
  }                                                                                                \
  P##_plan P##_plan_dft_2d(int n0, int n1, C *in, C *out, int sign, unsigned flags) {              \
    int n[2] = {n0, n1};                                                                           \
    return P##_plan_dft(2, n, in, out, sign, flags);                                               \
  }                                                                                                \
  P##_plan P##_plan_dft_3d(int n0, int n1, int n2, C *in, C *out, int sign, unsigned flags) {      \
    int n[3] = {n0, n1, n2};                                                                       \
    return P##_plan_dft(3, n, in, out, sign, flags);                                               \
  }                                                                                                \
  P##_plan P##_plan_dft_r2c_1d(int n0, R *in, C *out, unsigned flags) {                            \
    int n[1] = {n0};                                                                               \
    return P##_plan_dft_r2c(1, n, in, out, flags);                                                 \
  }                                                                                                \
  P##_plan P##_plan_dft_r2c_2d(int n0, int n1, R *in, C *out, unsigned flags) {                    \
    int n[2] = {n0, n1};                                                                           \
    return P##_plan_dft_r2c(2, n, in, out, flags);                                                 \
  }                                                                                                \
  P##_plan P##_plan_dft_r2c_3d(int n0, int n1, int n2, R *in, C *out, unsigned flags) {            \
    int n[3] = {n0, n1, n2};                                                                       \
    return P##_plan_dft_r2c(3, n, in, out, flags);                                                 \
  }                                                                                                \
  P##_plan P##_plan_dft_c2r_1d(int n0, C *in, R *out, unsigned flags) {                            \
    int n[1] = {n0};                                                                               \
    return P##_plan_dft_c2r(1, n, in, out, flags);                                                 \
  }                                                                                                \
  P##_plan P##_plan_dft_c2r_2d(int n0, int n1, C *in, R *out, unsigned flags) {                    \
    int n[2] = {n0, n1};                                                                           \
    return P##_plan_dft_c2r(2, n, in, out, flags);                                                 \
  }                                                                                                \
  P##_plan P##_plan_dft_c2r_3d(int n0, int n1, int n2, C *in, R *out, unsigned flags) {            \
    int n[3] = {n0, n1, n2};                                                                       \
    return P##_plan_dft_c2r(3, n, in, out, flags);                                                 \
  }                                                                                                \
  void P##_execute(const P##_plan plan) {                                                          \
    const cufftw_plan *p = plan;                                                                   \
    if (p) execute(p, p->in, p->out);                                                              \
  }                                                                                                \
  /* The new-array forms: the plan's layout over other arrays (FFTW asks the caller to keep        \
   * in place or out of place as planned, and the alignment, which does not matter here). */       \
  void P##_execute_dft(const P##_plan plan, C *idata, C *odata) {                                  \
    execute(plan, idata, odata);                                                                   \
  }                                                                                                \
  void P##_execute_dft_r2c(const P##_plan plan, R *idata, C *odata) {                              \
    execute(plan, idata, odata);                                                                   \
  }                                                                                                \
  void P##_execute_dft_c2r(const P##_plan plan, C *idata, R *odata) {                              \
    execute(plan, idata, odata);                                                                   \
  }                                                                                                \
  void P##_destroy_plan(P##_plan plan) {                                                           \
    destroy(plan);                                                                                 \
  }                                                                                                \
  void *P##_malloc(size_t n) {                                                                     \
    return malloc(n);                                                                              \
  }                                                                                                \
  void P##_free(void *pointer) {                                                                   \
    free(pointer);                                                                                 \
  }                                                                                                \
  /* Plans own everything they use: nothing is left to clean up. */                                \
  void P##_cleanup(void) {}                                                                        \
  /* No wisdom, cost, flops, time limit or printing, as in NVIDIA's cuFFTW (documented there       \
   * as present without function): plans are made the same way whatever was measured. */           \
  void P##_export_wisdom_to_file(FILE *output_file) {                                              \
    (void)output_file;                                                                             \
  }                                                                                                \
  int P##_import_wisdom_from_file(FILE *input_file) {                                              \
    (void)input_file;                                                                              \
    return 0; /* FFTW's "no wisdom imported" */                                                    \
  }                                                                                                \
  void P##_print_plan(const P##_plan plan) {                                                       \
    (void)plan;                                                                                    \
  }                                                                                                \
  void P##_set_timelimit(double seconds) {                                                         \
    (void)seconds;                                                                                 \
  }                                                                                                \
  double P##_cost(const P##_plan plan) {                                                           \
    (void)plan;                                                                                    \
    return 0.0;                                                                                    \
  }                                                                                                \
  void P##_flops(const P##_plan plan, double *add, double *mul, double *fma) {                     \
    (void)plan;                                                                                    \
    if (add) *add = 0;                                                                             \
    if (mul) *mul = 0;                                                                             \
    if (fma) *fma = 0;                                                                             \
  }

CUFFTW_DEFINE(fftw, double, fftw_complex, 1)
CUFFTW_DEFINE(fftwf, float, fftwf_complex, 0)
