/* c_api.c — cuBLAS from C (C17, -Wall -Wextra -pedantic clean): cublas_v2.h compiles as C
 * and its plain names reach the _v2 entry points (handle, Set/GetVector, Sasum, Isamax,
 * Dgemm, status names), and cublasXt.h (a host-memory XtDgemm). nvcc builds it too
 * (h200.sh). */
#include <cublasXt.h>
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
    printf("FAIL cublasCreate\n");
    return 1;
  }
  float *x;
  double *a;
  float hx[4] = {1, -5, 3, 2}, r = 0;
  int i = 0, ok = 1;
  cudaMalloc((void **)&x, 4 * sizeof(float));
  cudaMalloc((void **)&a, 3 * 4 * sizeof(double));
  cublasSetVector(4, sizeof(float), hx, 1, x, 1);
  ok &= cublasSasum(h, 4, x, 1, &r) == CUBLAS_STATUS_SUCCESS && r == 11;
  ok &= cublasIsamax(h, 4, x, 1, &i) == CUBLAS_STATUS_SUCCESS && i == 2;
  /* C (2x2) = A (2x1) B (1x2): an outer product through Dgemm, exact in double */
  double ha[4] = {1.5, -2, 4, 0.25}, hc[4] = {0}, one = 1, zero = 0;
  cublasSetMatrix(1, 4, sizeof(double), ha, 1, a, 1);
  ok &= cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 1, &one, a, 2, a + 2, 1, &zero, a + 4, 2) ==
        CUBLAS_STATUS_SUCCESS;
  cublasGetMatrix(2, 2, sizeof(double), a + 4, 2, hc, 2);
  ok &= hc[0] == 6 && hc[1] == -8 && hc[2] == 0.375 && hc[3] == -0.5;
  ok &=
      strcmp(cublasGetStatusName(CUBLAS_STATUS_NOT_SUPPORTED), "CUBLAS_STATUS_NOT_SUPPORTED") == 0;
  ok &= cublasDestroy(h) == CUBLAS_STATUS_SUCCESS;
  /* the same outer product through cuBLASXt on host memory */
  cublasXtHandle_t xt;
  int dev = 0;
  double hx2[4] = {0};
  ok &= cublasXtCreate(&xt) == CUBLAS_STATUS_SUCCESS;
  ok &= cublasXtDeviceSelect(xt, 1, &dev) == CUBLAS_STATUS_SUCCESS;
  ok &= cublasXtDgemm(xt, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 1, &one, ha, 2, ha + 2, 1, &zero, hx2,
                      2) == CUBLAS_STATUS_SUCCESS;
  ok &= hx2[0] == 6 && hx2[1] == -8 && hx2[2] == 0.375 && hx2[3] == -0.5;
  ok &= cublasXtDestroy(xt) == CUBLAS_STATUS_SUCCESS;
  cudaFree(x);
  cudaFree(a);
  printf("asum %g, amax %d, C = [%g %g; %g %g]\n%s\n", r, i, hc[0], hc[2], hc[1], hc[3],
         ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
