/* transfer.c — cublasSetVector/GetVector/SetMatrix/GetMatrix and their Async forms:
 * strided copies between host and device memory, one cudaMemcpy2D each (a vector is a
 * 2-D copy of n rows of one element with the increments as pitches).
 *
 * Errors, as cuBLAS documents them: INVALID_VALUE when elemSize <= 0 or an increment
 * <= 0 (vectors), rows or cols < 0, elemSize, lda or ldb <= 0 (matrices); MAPPING_ERROR
 * when the copy fails (among others a leading dimension < rows, which cudaMemcpy2D
 * rejects), and for vectors n < 0 (NVIDIA's cuBLAS, observed on an H100). Empty copies
 * (n, rows or cols 0) copy nothing. */
#include "cublas_internal.h"

static cublasStatus_t copy_2d(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind, int async,
                              cudaStream_t stream) {
  if (width == 0 || height == 0) return CUBLAS_STATUS_SUCCESS;
  cudaError_t err = async ? cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream)
                          : cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
  return err == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

static cublasStatus_t vector(int n, int elemSize, const void *x, int incx, void *y, int incy,
                             enum cudaMemcpyKind kind, int async, cudaStream_t stream) {
  if (elemSize <= 0 || incx <= 0 || incy <= 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (n < 0) return CUBLAS_STATUS_MAPPING_ERROR; /* as NVIDIA's (H100) */
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  return copy_2d(y, (size_t)incy * (size_t)elemSize, x, (size_t)incx * (size_t)elemSize,
                 (size_t)elemSize, (size_t)n, kind, async, stream);
}

static cublasStatus_t matrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                             int ldb, enum cudaMemcpyKind kind, int async, cudaStream_t stream) {
  if (rows < 0 || cols < 0 || elemSize <= 0 || lda <= 0 || ldb <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  return copy_2d(B, (size_t)ldb * (size_t)elemSize, A, (size_t)lda * (size_t)elemSize,
                 (size_t)rows * (size_t)elemSize, (size_t)cols, kind, async, stream);
}

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr,
                               int incy) {
  return vector(n, elemSize, x, incx, devicePtr, incy, cudaMemcpyHostToDevice, 0, 0);
}
cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy) {
  return vector(n, elemSize, x, incx, y, incy, cudaMemcpyDeviceToHost, 0, 0);
}
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx,
                                    void *devicePtr, int incy, cudaStream_t stream) {
  return vector(n, elemSize, hostPtr, incx, devicePtr, incy, cudaMemcpyHostToDevice, 1, stream);
}
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx,
                                    void *hostPtr, int incy, cudaStream_t stream) {
  return vector(n, elemSize, devicePtr, incx, hostPtr, incy, cudaMemcpyDeviceToHost, 1, stream);
}
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb) {
  return matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyHostToDevice, 0, 0);
}
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                               int ldb) {
  return matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyDeviceToHost, 0, 0);
}
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream) {
  return matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyHostToDevice, 1, stream);
}
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream) {
  return matrix(rows, cols, elemSize, A, lda, B, ldb, cudaMemcpyDeviceToHost, 1, stream);
}
