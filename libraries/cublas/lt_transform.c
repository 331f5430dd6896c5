/* lt_transform.c — cuBLASLt's matrix transform: cublasLtMatrixTransformDesc{Init,Create,
 * Destroy,Set/GetAttribute} and cublasLtMatrixTransform, C = alpha op(A) + beta op(B) on the
 * device (lt_transform.cu), which changes a matrix's order (COL, ROW, the tiled orders),
 * transposes, scales and adds.
 *
 * Types: A, B and C of one type, 8I, 32I, 16F, 16BF or 32F with scale type 32F, or 64F with
 * 64F. Orders: COL, ROW and the tiled orders COL32, COL4_4R2_8C, COL32_2R_4R4 (lt_order.c,
 * lt_order.cuh) for any operand: this is how data gets into (and out of) the layouts of the
 * 8-bit matmul (lt_int8.c). Anything else, pointer-array batches, planar complex and the
 * vector pointer modes are CUBLAS_STATUS_NOT_SUPPORTED. INVALID_VALUE: a NULL C or Cdesc, an
 * A (B) without its layout or scalar, op(A) or op(B) not of C's shape, a leading dimension
 * below its order's least (lt_order.c), batch counts that differ from C's or are below 1, an
 * operation other than N, T, C (C is T: the types are real). A or B NULL adds nothing; a host alpha
 * (beta) of 0 does not read A (B). C may be A or B only where that operand is N with C's layout. A
 * and B one pointer (both given) is INVALID_VALUE before anything else but the handle, logged as
 * NVIDIA's cuBLASLt 13.1 words it ("Matrix pointers A and B cannot point to the same
 * matrix"; H100, 2026-12-07). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cublasLt.h>

#include "cublas_internal.h"

#define LT_THREADS 256
#define LT_TRANSFORM_MAGIC 0x4c745466u

extern void *cublas_lt_transform_kernels[];

typedef struct {
  uint32_t magic;
  int32_t scale, pointer_mode, transa, transb;
} lt_transform_desc;
_Static_assert(sizeof(lt_transform_desc) <= sizeof(cublasLtMatrixTransformDescOpaque_t),
               "transform desc fits");

static lt_transform_desc *tdesc_of(cublasLtMatrixTransformDesc_t d) {
  return d && ((lt_transform_desc *)d)->magic == LT_TRANSFORM_MAGIC ? (lt_transform_desc *)d : NULL;
}

cublasStatus_t cublasLtMatrixTransformDescInit_internal(cublasLtMatrixTransformDesc_t transformDesc,
                                                        size_t size, cudaDataType scaleType) {
  if (!transformDesc || size < sizeof(lt_transform_desc)) return CUBLAS_STATUS_INVALID_VALUE;
  lt_transform_desc d = {LT_TRANSFORM_MAGIC, (int32_t)scaleType, CUBLASLT_POINTER_MODE_HOST,
                         CUBLAS_OP_N, CUBLAS_OP_N};
  memset(transformDesc, 0, sizeof *transformDesc);
  memcpy(transformDesc, &d, sizeof d);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixTransformDescCreate(cublasLtMatrixTransformDesc_t *transformDesc,
                                                 cudaDataType scaleType) {
  if (!transformDesc) return CUBLAS_STATUS_INVALID_VALUE;
  cublasLtMatrixTransformDesc_t d = malloc(sizeof *d);
  if (!d) return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatrixTransformDescInit_internal(d, sizeof *d, scaleType);
  *transformDesc = d;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixTransformDescDestroy(cublasLtMatrixTransformDesc_t transformDesc) {
  free(transformDesc);
  return CUBLAS_STATUS_SUCCESS;
}

/* Every attribute is an int32_t; the rules of lt.c's attributes (a set needs exactly the
 * size; a get with size 0 and sizeWritten answers the size; a smaller buffer is invalid). */
static int32_t *tdesc_field(lt_transform_desc *d, cublasLtMatrixTransformDescAttributes_t attr) {
  switch (attr) {
  case CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE: return &d->scale;
  case CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE: return &d->pointer_mode;
  case CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA: return &d->transa;
  case CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB: return &d->transb;
  }
  return NULL;
}

cublasStatus_t cublasLtMatrixTransformDescSetAttribute(cublasLtMatrixTransformDesc_t transformDesc,
                                                       cublasLtMatrixTransformDescAttributes_t attr,
                                                       const void *buf, size_t sizeInBytes) {
  lt_transform_desc *d = tdesc_of(transformDesc);
  int32_t *field = d ? tdesc_field(d, attr) : NULL;
  if (!field || !buf || sizeInBytes != sizeof *field) return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(field, buf, sizeof *field);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixTransformDescGetAttribute(cublasLtMatrixTransformDesc_t transformDesc,
                                                       cublasLtMatrixTransformDescAttributes_t attr,
                                                       void *buf, size_t sizeInBytes,
                                                       size_t *sizeWritten) {
  lt_transform_desc *d = tdesc_of(transformDesc);
  int32_t *field = d ? tdesc_field(d, attr) : NULL;
  if (!field) return CUBLAS_STATUS_INVALID_VALUE;
  if (sizeInBytes == 0 && sizeWritten) {
    *sizeWritten = sizeof *field;
    return CUBLAS_STATUS_SUCCESS;
  }
  if (!buf || sizeInBytes < sizeof *field) return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(buf, field, sizeof *field);
  if (sizeWritten) *sizeWritten = sizeof *field;
  return CUBLAS_STATUS_SUCCESS;
}

/* A layout as the transform needs it, read through the public getters. */
typedef struct {
  uint32_t type;
  int32_t order, batch_count;
  uint64_t rows, cols;
  int64_t ld, stride, plane_offset;
  uint32_t batch_mode;
} tlayout;

static cublasStatus_t read_layout(cublasLtMatrixLayout_t l, tlayout *out) {
  static const struct {
    cublasLtMatrixLayoutAttribute_t attr;
    size_t offset, size;
  } fields[] = {
      {CUBLASLT_MATRIX_LAYOUT_TYPE, offsetof(tlayout, type), 4},
      {CUBLASLT_MATRIX_LAYOUT_ORDER, offsetof(tlayout, order), 4},
      {CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, offsetof(tlayout, batch_count), 4},
      {CUBLASLT_MATRIX_LAYOUT_ROWS, offsetof(tlayout, rows), 8},
      {CUBLASLT_MATRIX_LAYOUT_COLS, offsetof(tlayout, cols), 8},
      {CUBLASLT_MATRIX_LAYOUT_LD, offsetof(tlayout, ld), 8},
      {CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, offsetof(tlayout, stride), 8},
      {CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET, offsetof(tlayout, plane_offset), 8},
      {CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, offsetof(tlayout, batch_mode), 4},
  };
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
    size_t written;
    if (cublasLtMatrixLayoutGetAttribute(l, fields[i].attr, (char *)out + fields[i].offset,
                                         fields[i].size, &written) != CUBLAS_STATUS_SUCCESS)
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (out->plane_offset != 0 || out->batch_mode != CUBLASLT_BATCH_MODE_STRIDED)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  cublasStatus_t st = cublas_lt_order_check(out->order, out->rows, out->cols, out->ld);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  return out->batch_count < 1 ? CUBLAS_STATUS_INVALID_VALUE : CUBLAS_STATUS_SUCCESS;
}

/* The kernel table's index of a storage type and its scale type; -1 if not supported. */
static int type_index(uint32_t type, int32_t *scale) {
  *scale = CUDA_R_32F;
  switch (type) {
  case CUDA_R_16F: return 0;
  case CUDA_R_16BF: return 1;
  case CUDA_R_32F: return 2;
  case CUDA_R_64F: *scale = CUDA_R_64F; return 3;
  case CUDA_R_8I: return 4;
  case CUDA_R_32I: return 5;
  }
  return -1;
}

/* An operand: whether it is transposed (op T or C) and whether op(operand) has C's shape. */
static cublasStatus_t operand_check(const tlayout *l, int32_t op, const tlayout *c, int *t) {
  if (op != CUBLAS_OP_N && op != CUBLAS_OP_T && op != CUBLAS_OP_C)
    return CUBLAS_STATUS_INVALID_VALUE;
  *t = op != CUBLAS_OP_N;
  if ((*t ? l->cols : l->rows) != c->rows || (*t ? l->rows : l->cols) != c->cols)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (l->batch_count != c->batch_count) return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t transform(cublasLtHandle_t lightHandle,
                                cublasLtMatrixTransformDesc_t transformDesc, const void *alpha,
                                const void *A, cublasLtMatrixLayout_t Adesc, const void *beta,
                                const void *B, cublasLtMatrixLayout_t Bdesc, void *C,
                                cublasLtMatrixLayout_t Cdesc, cudaStream_t stream) {
  if (!lightHandle) return CUBLAS_STATUS_NOT_INITIALIZED;
  const lt_transform_desc *d = tdesc_of(transformDesc);
  if (!d || !C || !Cdesc || (A && (!Adesc || !alpha)) || (B && (!Bdesc || !beta)))
    return CUBLAS_STATUS_INVALID_VALUE;
  tlayout lc, la, lb;
  memset(&la, 0, sizeof la), memset(&lb, 0, sizeof lb);
  cublasStatus_t st = read_layout(Cdesc, &lc);
  if (st == CUBLAS_STATUS_SUCCESS && A) st = read_layout(Adesc, &la);
  if (st == CUBLAS_STATUS_SUCCESS && B) st = read_layout(Bdesc, &lb);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  int32_t scale;
  int index = type_index(lc.type, &scale);
  if (index < 0 || d->scale != scale || (A && la.type != lc.type) || (B && lb.type != lc.type))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (d->pointer_mode != CUBLASLT_POINTER_MODE_HOST &&
      d->pointer_mode != CUBLASLT_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  int a_t = 0, b_t = 0;
  if (A && (st = operand_check(&la, d->transa, &lc, &a_t))) return st;
  if (B && (st = operand_check(&lb, d->transb, &lc, &b_t))) return st;
  int rows = (int)lc.rows, cols = (int)lc.cols, batch = lc.batch_count, batch0 = 0;
  if (rows == 0 || cols == 0) return CUBLAS_STATUS_SUCCESS;

  /* scalars: values in host mode (a zero one leaves its operand unread), pointers in
   * device mode */
  int device = d->pointer_mode == CUBLASLT_POINTER_MODE_DEVICE;
  union {
    float f;
    double d;
  } al, be;
  memset(&al, 0, sizeof al), memset(&be, 0, sizeof be);
  const void *al_dev = device && A ? alpha : NULL, *be_dev = device && B ? beta : NULL;
  size_t ssize = scale == CUDA_R_64F ? 8 : 4;
  if (!device && A) {
    if (cublas_lt_host_zero(alpha, scale == CUDA_R_64F ? 8 : 4))
      A = NULL;
    else
      memcpy(&al, alpha, ssize);
  }
  if (!device && B) {
    if (cublas_lt_host_zero(beta, scale == CUDA_R_64F ? 8 : 4))
      B = NULL;
    else
      memcpy(&be, beta, ssize);
  }
  long long a_stride = A ? la.stride : 0, b_stride = B ? lb.stride : 0, c_stride = lc.stride;
  long long lda = la.ld, ldb = lb.ld, ldc = lc.ld;
  void *args[] = {&rows, &cols,     &A,   &la.order, &lda,      &a_t,    &a_stride,
                  &B,    &lb.order, &ldb, &b_t,      &b_stride, &C,      &lc.order,
                  &ldc,  &c_stride, &al,  &be,       &al_dev,   &be_dev, &batch0};
  struct cublasContext ctx; /* the launch needs only the stream */
  memset(&ctx, 0, sizeof ctx);
  ctx.stream = stream;
  unsigned grid = cublas_blocks_for((long long)rows * cols);
  return cublas_launch_batches(&ctx, cublas_lt_transform_kernels[index], grid, 1, batch, LT_THREADS,
                               args, &batch0);
}

cublasStatus_t cublasLtMatrixTransform(cublasLtHandle_t lightHandle,
                                       cublasLtMatrixTransformDesc_t transformDesc,
                                       const void *alpha, const void *A,
                                       cublasLtMatrixLayout_t Adesc, const void *beta,
                                       const void *B, cublasLtMatrixLayout_t Bdesc, void *C,
                                       cublasLtMatrixLayout_t Cdesc, cudaStream_t stream) {
  static const char name[] = "cublasLtMatrixTransform";
  cublas_lt_log(2, name,
                "lightHandle=%p transformDesc=%p alpha=%p A=%p Adesc=%p beta=%p B=%p Bdesc=%p "
                "C=%p Cdesc=%p stream=%p",
                (void *)lightHandle, (void *)transformDesc, alpha, A, (void *)Adesc, beta, B,
                (void *)Bdesc, C, (void *)Cdesc, (void *)stream);
  if (lightHandle && A && B && A == B) { /* NVIDIA's cuBLASLt 13.1's check and words */
    cublas_lt_log(1, name,
                  "Matrix pointers A and B cannot point to the same matrix, got A (0X%llX) B "
                  "(0X%llX)",
                  (unsigned long long)(uintptr_t)A, (unsigned long long)(uintptr_t)B);
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  return cublas_lt_log_status(name, transform(lightHandle, transformDesc, alpha, A, Adesc, beta, B,
                                              Bdesc, C, Cdesc, stream));
}
