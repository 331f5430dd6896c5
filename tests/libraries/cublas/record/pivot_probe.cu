// pivot_probe.cu — asks NVIDIA's cuBLAS (on a GPU) the rules its documentation leaves
// open that the H100 run of tests/libraries/cublas showed Anchor had wrong: how
// cgetrfBatched compares complex pivot candidates (|re|+|im| as LAPACK's icamax, |z|, or
// max(|re|,|im|)), and which argument checks cublasSetVector and cublasSgemv make.
// nvcc -O2 -arch=sm_90 pivot_probe.cu -lcublas && ./a.out
#include <cstdio>
#include <cublas_v2.h>
#include <cuComplex.h>
static int pivot_of(cublasHandle_t h, cuComplex a0, cuComplex a1) {
  cuComplex A[4] = {a0, a1, make_cuComplex(0, 1), make_cuComplex(1, 0)}; // column-major 2x2
  cuComplex *dA, **dp;
  int *piv, *info, hp[2] = {0, 0};
  cudaMalloc(&dA, sizeof A);
  cudaMalloc(&dp, sizeof(void *));
  cudaMalloc(&piv, 2 * sizeof(int));
  cudaMalloc(&info, sizeof(int));
  cudaMemcpy(dA, A, sizeof A, cudaMemcpyHostToDevice);
  cudaMemcpy(dp, &dA, sizeof(void *), cudaMemcpyHostToDevice);
  cublasCgetrfBatched(h, 2, dp, 2, piv, info, 1);
  cudaMemcpy(hp, piv, sizeof hp, cudaMemcpyDeviceToHost);
  cudaFree(dA), cudaFree(dp), cudaFree(piv), cudaFree(info);
  return hp[0];
}
int main() {
  cublasHandle_t h;
  cublasCreate(&h);
  // T1: (1,1) vs (1.5,0): |re|+|im| picks row 1; |z| and max pick row 2
  printf("T1 pivot %d (L1 1, L2 2, Linf 2)\n", pivot_of(h, make_cuComplex(1, 1), make_cuComplex(1.5f, 0)));
  // T2: (1.1,1.1) vs (1.5,0): |re|+|im| and |z| pick row 1; max picks row 2
  printf("T2 pivot %d (L1 1, L2 1, Linf 2)\n", pivot_of(h, make_cuComplex(1.1f, 1.1f), make_cuComplex(1.5f, 0)));
  // T3: equal moduli (0.6,0.8) vs (1,0): ties
  printf("T3 pivot %d (tie in L2; L1 1, Linf 2)\n", pivot_of(h, make_cuComplex(0.6f, 0.8f), make_cuComplex(1, 0)));
  float host[4] = {1, 2, 3, 4}, *d, one = 1;
  cudaMalloc(&d, 4096);
  printf("SetVector n=-1: %d\n", (int)cublasSetVector(-1, 4, host, 1, d, 1));
  printf("SetVector n=0: %d\n", (int)cublasSetVector(0, 4, host, 1, d, 1));
  printf("SetVector incx=0: %d\n", (int)cublasSetVector(2, 4, host, 0, d, 1));
  printf("SetVector elemSize=0: %d\n", (int)cublasSetVector(2, 0, host, 1, d, 1));
  printf("Sgemv incx=0: %d\n", (int)cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 0, &one, d, 1));
  printf("Sgemv incy=0: %d\n", (int)cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 1, &one, d, 0));
  printf("Sgemv m=-1: %d\n", (int)cublasSgemv(h, CUBLAS_OP_N, -1, 4, &one, d, 4, d, 1, &one, d, 1));
  printf("Sgemv n=-1: %d\n", (int)cublasSgemv(h, CUBLAS_OP_N, 4, -1, &one, d, 4, d, 1, &one, d, 1));
  printf("Sgemv lda<m: %d\n", (int)cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 3, d, 1, &one, d, 1));
  printf("Sgemv trans=7: %d\n", (int)cublasSgemv(h, (cublasOperation_t)7, 4, 4, &one, d, 4, d, 1, &one, d, 1));
  printf("Sger incy=0: %d\n", (int)cublasSger(h, 4, 4, &one, d, 1, d, 0, d, 4));
  printf("Sger m=-1: %d\n", (int)cublasSger(h, -1, 4, &one, d, 1, d, 1, d, 4));
  printf("Strsv incx=0: %d\n", (int)cublasStrsv(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, 4, d, 4, d, 0));
  printf("Sgemm m=-1: %d\n", (int)cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, 4, 4, &one, d, 4, d, 4, &one, d, 4));
  printf("Saxpy incx=0: %d\n", (int)cublasSaxpy(h, 4, &one, d, 0, d, 1));
  printf("GetVersion(NULL): %d\n", (int)cublasGetVersion(nullptr, nullptr));
  int v = 0;
  printf("GetVersion(NULL, &v): %d %d\n", (int)cublasGetVersion(nullptr, &v), v);
  printf("SetWorkspace(d+1,1024): %d; (d, 7): %d\n", (int)cublasSetWorkspace(h, d + 1, 1024), (int)cublasSetWorkspace(h, d, 7));
  cublasDestroy(h);
  return 0;
}
