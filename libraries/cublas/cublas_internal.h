/* cublas_internal.h — the interface between the parts of Anchor's libcublas: the handle's
 * state, the element types, the kernel tables the .cu files export, and the helpers every
 * call uses (argument checks, scalars in either pointer mode, launches, results).
 * Prefix cublas_ (lower case) for everything internal. */
#ifndef ANCHOR_CUBLAS_INTERNAL_H
#define ANCHOR_CUBLAS_INTERNAL_H

#include <cublas_api.h>
#include <cuda_runtime_api.h>

/* The handle: bound to the device current at cublasCreate. scratch is device memory the
 * library owns (reduction partials and results bound for host memory): calls on one
 * handle are ordered by its stream, so one buffer serves them all. */
struct cublasContext {
  int device;
  cudaStream_t stream;
  cublasPointerMode_t pointer_mode;
  cublasAtomicsMode_t atomics_mode;
  cublasMath_t math_mode;
  void *workspace; /* the user's, from cublasSetWorkspace (unused by Anchor's kernels) */
  size_t workspace_size;
  void *scratch;
};

/* Bytes of the scratch buffer: CUBLAS_REDUCE_BLOCKS partials of up to 16 bytes (twice
 * for nrm2's pairs and amax's value + index), and a 16-byte result slot at the end. */
#define CUBLAS_REDUCE_BLOCKS 64
#define CUBLAS_REDUCE_THREADS 256
#define CUBLAS_SCRATCH_BYTES (CUBLAS_REDUCE_BLOCKS * 32 + 16)
#define CUBLAS_SCRATCH_RESULT (CUBLAS_REDUCE_BLOCKS * 32)

/* The four BLAS types, the index of every per-type kernel table. */
typedef enum { CUBLAS_TYPE_S, CUBLAS_TYPE_D, CUBLAS_TYPE_C, CUBLAS_TYPE_Z } cublas_type;
/* Bytes of one element of each type, and of its real part. */
extern const int cublas_type_size[4];
extern const int cublas_real_size[4];

/* A scalar argument as a kernel takes it: its value (host pointer mode, read from the
 * host at the call, as cuBLAS does) and a device pointer (device pointer mode; NULL in
 * host mode). value is big enough for a cuDoubleComplex. */
typedef struct {
  unsigned char value[16];
  const void *device;
} cublas_scalar;
void cublas_scalar_from(cublasHandle_t handle, const void *pointer, int size, cublas_scalar *out);
/* Whether a host-mode scalar equals zero / one (false in device mode: unknown). */
int cublas_scalar_is(const cublas_scalar *s, int size, cublas_type type, double value);

/* Launches a kernel on the handle's stream: CUBLAS_STATUS_EXECUTION_FAILED if the launch
 * fails. */
cublasStatus_t cublas_launch(cublasHandle_t handle, const void *kernel, unsigned grid_x,
                             unsigned grid_y, unsigned grid_z, unsigned block, void **args);
/* cublas_launch over `batch` batches in chunks of at most 65,535 (grid z): before each
 * launch *batch0, one of the kernel's arguments, is set to the chunk's first batch. */
cublasStatus_t cublas_launch_batches(cublasHandle_t handle, const void *kernel, unsigned grid_x,
                                     unsigned grid_y, int batch, unsigned block, void **args,
                                     int *batch0);
/* Blocks for an element-wise kernel over n elements (grid-stride loops). */
unsigned cublas_blocks_for(long long n);

/* The result of a reduction, size bytes, written by a kernel to device memory `device`:
 * in host pointer mode copied to the host pointer `result` (the call waits); in device
 * mode the kernel already wrote to `result`. */
cublasStatus_t cublas_finish_result(cublasHandle_t handle, void *result, int size);
/* Where a reduction's final kernel writes: the user's pointer in device mode, the
 * scratch result slot in host mode. */
void *cublas_result_target(cublasHandle_t handle, void *result);
/* A zero result of size bytes (n <= 0 ...), in either pointer mode. */
cublasStatus_t cublas_zero_result(cublasHandle_t handle, void *result, int size);

/* The arguments of a _64 entry point (CUDA 12's int64_t forms) as the int routines take
 * them: a negative size (or leading dimension, batch count) becomes -1, which the int
 * routine rejects as it rejects any negative one; a size above INT_MAX or an increment
 * beyond +-INT_MAX, which the kernels cannot index, is CUBLAS_STATUS_NOT_SUPPORTED. The
 * handle (NULL: NOT_INITIALIZED) is W64's to test, before. */
cublasStatus_t cublas_narrow_args_64(int nsizes, const int64_t *sizes, int *sizes_out, int nincs,
                                     const int64_t *incs, int *incs_out);

/* The one mechanism of every _64 entry point that calls its int form (wide.c, wide_more.c,
 * level3.c). W64_DEFINE(F, PARAMS, CHECK, SIZES, INCS, CALL) defines F##_64 PARAMS: CHECK is
 * the handle test (!handle; 0 for the handle-free copies), then SIZES narrow into s[] and
 * INCS (may be empty) into i[] by cublas_narrow_args_64, and it returns CALL, which reads
 * s[] and i[]. W64(F, PARAMS, SIZES, INCS, ARGS), the common case, calls F ARGS. A shape
 * macro per signature gives PARAMS and which of them are sizes and increments, so each
 * entry point is one line of a table. */
#define W64_LIST(...) __VA_ARGS__
#define W64_DEFINE(F, PARAMS, CHECK, SIZES, INCS, CALL)                                            \
  cublasStatus_t F##_64 PARAMS {                                                                   \
    const int64_t size_in[] = {W64_LIST SIZES}, inc_in[] = {0, W64_LIST INCS};                     \
    int s[sizeof size_in / sizeof *size_in], i[sizeof inc_in / sizeof *inc_in];                    \
    if (CHECK) return CUBLAS_STATUS_NOT_INITIALIZED;                                               \
    cublasStatus_t st =                                                                            \
        cublas_narrow_args_64((int)(sizeof size_in / sizeof *size_in), size_in, s,                 \
                              (int)(sizeof inc_in / sizeof *inc_in) - 1, inc_in + 1, i);           \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return CALL;                                                                                   \
  }
#define W64(F, PARAMS, SIZES, INCS, ARGS) W64_DEFINE(F, PARAMS, !handle, SIZES, INCS, F ARGS)
/* SHAPE(F, T) for the S, D, C and Z forms of cublas?NAME (NAME as gemm_v2). */
#define W64_SDCZ(SHAPE, NAME)                                                                      \
  SHAPE(cublasS##NAME, float)                                                                      \
  SHAPE(cublasD##NAME, double) SHAPE(cublasC##NAME, cuComplex) SHAPE(cublasZ##NAME, cuDoubleComplex)

/* Kernel tables (level1.cu), indexed by cublas_type. */
extern void *cublas_scal_kernels[], *cublas_scal_real_kernels[], *cublas_axpy_kernels[],
    *cublas_copy_kernels[], *cublas_swap_kernels[], *cublas_rot_kernels[],
    *cublas_rot_real_kernels[], *cublas_dot_partial_kernels[], *cublas_dotc_partial_kernels[],
    *cublas_asum_partial_kernels[], *cublas_sum_final_kernels[], *cublas_nrm2_partial_kernels[],
    *cublas_nrm2_final_kernels[], *cublas_amax_partial_kernels[], *cublas_amin_partial_kernels[],
    *cublas_amax_final_kernels[], *cublas_amin_final_kernels[], *cublas_rotg_kernels[],
    *cublas_rotm_kernels[], *cublas_rotmg_kernels[];

/* The batch argument of level2.cu's gemv kernel, byte for byte its gemv_batch<E, Y>: pointer
 * arrays (gemvBatched) or strides (gemvStridedBatched; all 0 for a plain gemv). */
typedef struct {
  const void *const *A;
  const void *const *x;
  void *const *y;
  long long stride_A, stride_x, stride_y;
  int first;
} cublas_gemv_batch;

/* Kernel tables (level2.cu), indexed by cublas_type. */
extern void *cublas_gemv_kernels[], *cublas_ger_kernels[], *cublas_gerc_kernels[],
    *cublas_symv_kernels[], *cublas_hemv_kernels[], *cublas_trsv_kernels[], *cublas_syr_kernels[],
    *cublas_syr2_kernels[], *cublas_her_kernels[], *cublas_her2_kernels[], *cublas_trmv_kernels[];
/* The mixed-precision gemv kernels (level2.cu): float compute, A and x 16-bit, y 16-bit or
 * float; cublas_gemv16_kernels is indexed by this. */
typedef enum { CUBLAS_GEMV_HSH, CUBLAS_GEMV_HSS, CUBLAS_GEMV_TST, CUBLAS_GEMV_TSS } cublas_gemv16;
extern void *cublas_gemv16_kernels[];

/* A band or packed triangle as banded.cu's kernels take it, byte for byte its band_layout:
 * kl sub- and ku super-diagonals of an lda x n band array (BLAS's band storage), or
 * (packed 1) a packed triangle of order n, upper when kl == 0 (kl or ku is then n - 1). */
typedef struct {
  int packed, n, lda, kl, ku;
} cublas_band;

/* Kernel tables (banded.cu), indexed by cublas_type. */
extern void *cublas_band_mv_kernels[], *cublas_band_tmv_kernels[], *cublas_band_tsv_kernels[],
    *cublas_spr_kernels[], *cublas_spr2_kernels[], *cublas_hpr_kernels[], *cublas_hpr2_kernels[];

/* Kernel tables (level3.cu), indexed by cublas_type. */
extern void *cublas_symm_kernels[], *cublas_hemm_kernels[], *cublas_syrk_kernels[],
    *cublas_herk_kernels[], *cublas_herkx_kernels[], *cublas_trmm_kernels[], *cublas_trsm_kernels[],
    *cublas_geam_kernels[], *cublas_dgmm_kernels[], *cublas_syr2k_kernels[],
    *cublas_her2k_kernels[];

/* Kernel tables (getrf.cu), indexed by cublas_type. */
extern void *cublas_getrf_kernels[], *cublas_getrs_kernels[];

/* GEMM kernels (gemm.cu, the tiled one): one per (A/B storage, C storage, compute) type
 * combination, in this order. */
typedef enum {
  CUBLAS_GEMM_S,
  CUBLAS_GEMM_D,
  CUBLAS_GEMM_C,
  CUBLAS_GEMM_Z,
  CUBLAS_GEMM_H,       /* 16F, 16F, compute 16F */
  CUBLAS_GEMM_H_H_S,   /* 16F, 16F, compute 32F */
  CUBLAS_GEMM_H_S_S,   /* 16F, 32F, compute 32F */
  CUBLAS_GEMM_BF_BF_S, /* 16BF, 16BF, compute 32F */
  CUBLAS_GEMM_BF_S_S,  /* 16BF, 32F, compute 32F */
  CUBLAS_GEMM_I8_S_S,  /* 8I, 32F, compute 32F */
  CUBLAS_GEMM_I8_I_I,  /* 8I, 32I, compute 32I */
  CUBLAS_GEMM_CI8_C_C, /* C8I, C32F, compute C32F */
  CUBLAS_GEMM_VARIANTS
} cublas_gemm_variant;
extern void *cublas_gemm_kernels[];
/* The simdgroup_matrix GEMM kernels (gemm_simdgroup.cu), same index; NULL where that
 * kernel does not apply. */
extern void *cublas_gemm_simdgroup_kernels[];

/* Every GEMM (gemm, batched, strided, Ex forms) after its arguments were checked:
 * batch matrices from pointer arrays (Aarray ...) when not NULL, else base + i * stride.
 * alpha and beta are in the compute type of the variant (scalar_size bytes). */
typedef struct {
  cublas_gemm_variant variant;
  int scalar_size;
  cublasOperation_t transa, transb;
  int m, n, k;
  const void *alpha, *beta;
  const void *A, *const *Aarray;
  int lda;
  long long strideA;
  const void *B, *const *Barray;
  int ldb;
  long long strideB;
  void *C, *const *Carray;
  int ldc;
  long long strideC;
  int batch_count;
} cublas_gemm_problem;
/* Checks dimensions, transposes and leading dimensions as cuBLAS does (docs/cublas.md);
 * CUBLAS_STATUS_SUCCESS when the problem may run. */
cublasStatus_t cublas_gemm_check(cublasHandle_t handle, const cublas_gemm_problem *p);
/* Runs a checked problem: the one place that chooses the kernel. */
cublasStatus_t cublas_gemm_run(cublasHandle_t handle, const cublas_gemm_problem *p);
/* GemmEx's type rules (gemm.c): the variant of A/B type `ab`, C type `c` and a compute
 * type, and the bytes of its scale type; -1 for a combination cuBLAS does not list.
 * cuBLASLt's matmul (lt.c) takes the same table. */
int cublas_gemm_ex_variant(cudaDataType ab, cudaDataType c, cublasComputeType_t compute,
                           int *scalar_size);

/* cuBLASLt (lt_algo.c): whether `algo` (a const cublasLtMatmulAlgo_t *) was made by
 * cublasLtMatmulAlgoInit or the heuristic for these types (compute, scale, A, B, C, D;
 * INVALID_VALUE if not) with a configuration Anchor's kernels run (NOT_SUPPORTED if not). */
cublasStatus_t cublas_lt_algo_check(const void *algo, int compute, int scale, int atype, int btype,
                                    int ctype, int dtype);

/* cuBLASLt's logger (lt_log.c): a message of a level (1 errors ... 5 API trace) from a
 * function, printf-style, to the callback or the log file when the level is enabled; a
 * status other than SUCCESS logged as an error (returns it). */
void cublas_lt_log(int level, const char *function, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
cublasStatus_t cublas_lt_log_status(const char *function, cublasStatus_t status);

/* cuBLASLt's matrix orders (lt_order.c): whether an order is one of the tiled ones (COL32,
 * COL4_4R2_8C, COL32_2R_4R4), and the checks of a layout's order and leading dimension
 * (NOT_SUPPORTED: an order Anchor does not know or sizes beyond int; INVALID_VALUE: ld below
 * the order's least). */
int cublas_lt_order_tiled(int order);
cublasStatus_t cublas_lt_order_check(int order, uint64_t rows, uint64_t cols, int64_t ld);

/* cuBLASLt's 8-bit integer matmul (lt_int8.c, lt_int8.cu): A and B CUDA_R_8I, compute
 * CUBLAS_COMPUTE_32I(_PEDANTIC); scale 32I with C/D 32I, or scale 32F with C/D 8I. */
typedef struct {
  const void *p;
  int order;
  long long ld, stride;
} cublas_lt_matrix;
typedef struct {
  int m, n, k, batch_count;
  int transa, transb; /* 1: op T (or C) */
  int d8;             /* C and D 8I, scale 32F (else 32I, scale 32I) */
  cublas_lt_matrix a, b, c, d;
  const void *alpha, *beta; /* host values or device pointers (device_scalars) */
  int device_scalars;
} cublas_lt_int8_problem;
/* The 8-bit types, operations and orders as NVIDIA documents them (SUCCESS, NOT_SUPPORTED):
 * C/D type ctype and dtype, scale type, ops (cublasOperation_t) and the four orders. Sets
 * *d8 as the problem's field. */
cublasStatus_t cublas_lt_int8_check(int scale, int ctype, int dtype, int transa, int transb,
                                    int aorder, int border, int corder, int dorder, int *d8);
/* Runs a checked problem on handle's stream; beta a host zero leaves C unread. */
cublasStatus_t cublas_lt_int8_run(cublasHandle_t handle, const cublas_lt_int8_problem *p);

/* cuBLASLt's AUX and gradient epilogues (lt_epilogue.c, lt_epilogue.cu). */
typedef struct {
  int epilogue; /* the cublasLtEpilogue_t value */
  int dtype;    /* D's type: lt.c's index (16F, 16BF, 32F, 64F) */
  void *aux;    /* EPILOGUE_AUX_POINTER, _LD, _BATCH_STRIDE (elements; bits for the mask) */
  long long aux_ld, aux_stride;
  void *bias; /* BIAS_POINTER: the bias (_BIAS forms) or the gradient (BGRAD forms) */
  long long bias_stride;
} cublas_lt_aux;
/* Whether an epilogue is one of these (RELU_AUX ... BGRADB). */
int cublas_lt_aux_epilogue(unsigned epilogue);
/* NVIDIA's rules for the aux buffer and the bias (gradient) pointer; aux_type is
 * EPILOGUE_AUX_DATA_TYPE (-1 unset), dtype D's cudaDataType, dorder D's order. */
cublasStatus_t cublas_lt_aux_check(const cublas_lt_aux *e, int aux_type, int dtype, int dorder,
                                   uint64_t rows, int batch);
/* The epilogue over D (COL, ldd) from src (column step src_cs; wide: lt.c's float buffer),
 * then a BGRAD form's row sums of D into the bias. */
cublasStatus_t cublas_lt_aux_run(cublasHandle_t h, const cublas_lt_aux *e, int rows, int cols,
                                 int batch, const void *src, long long src_cs, long long src_stride,
                                 int wide, void *D, long long ldd, long long d_stride);
/* BGRADA/BGRADB: bias[i] = sum over l < k of X[i rs + l ks] (batches `stride` apart), with
 * lt_epilogue.cu's operand kernel `kernel` ((A/B, D) types: 16F 16F, 16F 32F, 16BF 16BF,
 * 16BF 32F, 32F 32F, 64F 64F). */
cublasStatus_t cublas_lt_bgrad_operand(cublasHandle_t h, const cublas_lt_aux *e, int kernel,
                                       int len, int k, const void *X, long long rs, long long ks,
                                       long long stride, int batch);

/* cuBLASLt's fp8 matmul (lt_fp8.c, lt_fp8.cu): whether a type is E4M3 or E5M2; NVIDIA's
 * documented rules (SUCCESS, NOT_SUPPORTED), setting *kernel (the (C, D) kernel index). */
int cublas_lt_fp8_type(int t);
cublasStatus_t cublas_lt_fp8_check(int compute, int scale, int atype, int btype, int ctype,
                                   int dtype, int transa, int transb, int all_col, int epilogue,
                                   int *kernel);
typedef struct {
  int m, n, k, batch_count, kernel;
  int a_e5, b_e5, d_e5; /* E5M2 (else E4M3) */
  cublas_lt_matrix a, b, c, d;
  const void *alpha, *beta;
  int device_scalars;
  const void *scale_a, *scale_b, *scale_c, *scale_d; /* device floats or NULL (1) */
  void *amax;
} cublas_lt_fp8_problem;
cublasStatus_t cublas_lt_fp8_run(cublasHandle_t handle, const cublas_lt_fp8_problem *p);

/* cuBLASLt (lt.c): whether a host scalar of `size` bytes (2: 16F, 4: 32F, 8: 64F) is +-0. */
int cublas_lt_host_zero(const void *scalar, int size);

/* gemm3m.cu's kernels: split (C, Z, C8I read as C) and combine (C, Z). */
extern void *cublas_gemm3m_split_kernels[], *cublas_gemm3m_combine_kernels[];

/* The level-1 Ex forms on 16-bit vectors with 32F execution (level1_16.c, level1_16.cu):
 * v is cublas_ex16_index of the vectors' type (0 CUDA_R_16F, 1 CUDA_R_16BF; -1 others);
 * alpha is a float, c and s and the results of the vectors' type. */
int cublas_ex16_index(cudaDataType t);
cublasStatus_t cublas_ex16_axpy(cublasHandle_t h, int v, int n, const void *alpha, const void *x,
                                int incx, void *y, int incy);
cublasStatus_t cublas_ex16_scal(cublasHandle_t h, int v, int n, const void *alpha, void *x,
                                int incx);
cublasStatus_t cublas_ex16_rot(cublasHandle_t h, int v, int n, void *x, int incx, void *y, int incy,
                               const void *c, const void *s);
cublasStatus_t cublas_ex16_dot(cublasHandle_t h, int v, int n, const void *x, int incx,
                               const void *y, int incy, void *result);
cublasStatus_t cublas_ex16_nrm2(cublasHandle_t h, int v, int n, const void *x, int incx,
                                void *result);
extern void *cublas_axpy16_kernels[], *cublas_scal16_kernels[], *cublas_rot16_kernels[],
    *cublas_dot16_partial_kernels[], *cublas_sum16_final_kernels[],
    *cublas_nrm216_partial_kernels[], *cublas_nrm216_final_kernels[];

#endif
