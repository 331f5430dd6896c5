// helpers.cu — cuBLAS's helper functions: handle creation and settings (version,
// properties, stream, pointer, atomics and math modes, workspace), status names and
// strings, strided host<->device copies (Set/GetVector, Set/GetMatrix and their Async
// forms), and the status codes of misuse. Values come from NVIDIA's cuBLAS
// documentation; the run on the H200 (h200.sh) checks them against cuBLAS itself.
#include "cublas_test.h"

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));

  int version = 0, major = -1, minor = -1, patch = -1;
  CHECK_BLAS(cublasGetVersion(h, &version));
  CHECK_BLAS(cublasGetProperty(MAJOR_VERSION, &major));
  CHECK_BLAS(cublasGetProperty(MINOR_VERSION, &minor));
  CHECK_BLAS(cublasGetProperty(PATCH_LEVEL, &patch));
  printf("cublas version %d (%d.%d.%d), header %d\n", version, major, minor, patch, CUBLAS_VERSION);
  if (version != major * 10000 + minor * 100 + patch || major != CUBLAS_VER_MAJOR) {
    printf("FAIL version %d vs properties %d.%d.%d\n", version, major, minor, patch);
    failures++;
  }

  // defaults and settings
  cublasPointerMode_t pm;
  cublasAtomicsMode_t am;
  cublasMath_t mm;
  cudaStream_t s, got_s;
  CHECK_BLAS(cublasGetPointerMode(h, &pm));
  CHECK_BLAS(cublasGetAtomicsMode(h, &am));
  CHECK_BLAS(cublasGetMathMode(h, &mm));
  CHECK_BLAS(cublasGetStream(h, &got_s));
  if (pm != CUBLAS_POINTER_MODE_HOST || am != CUBLAS_ATOMICS_NOT_ALLOWED ||
      mm != CUBLAS_DEFAULT_MATH || got_s != 0) {
    printf("FAIL defaults: pointer %d atomics %d math %d stream %p\n", pm, am, mm, (void *)got_s);
    failures++;
  }
  CHECK_CUDA(cudaStreamCreate(&s));
  CHECK_BLAS(cublasSetStream(h, s));
  CHECK_BLAS(cublasGetStream(h, &got_s));
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  CHECK_BLAS(cublasGetPointerMode(h, &pm));
  CHECK_BLAS(cublasSetAtomicsMode(h, CUBLAS_ATOMICS_ALLOWED));
  CHECK_BLAS(cublasGetAtomicsMode(h, &am));
  CHECK_BLAS(cublasSetMathMode(
      h, (cublasMath_t)(CUBLAS_PEDANTIC_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)));
  CHECK_BLAS(cublasGetMathMode(h, &mm));
  if (got_s != s || pm != CUBLAS_POINTER_MODE_DEVICE || am != CUBLAS_ATOMICS_ALLOWED ||
      mm != (CUBLAS_PEDANTIC_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)) {
    printf("FAIL settings did not stick\n");
    failures++;
  }
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  void *ws;
  CHECK_CUDA(cudaMalloc(&ws, 1 << 16));
  CHECK_BLAS(cublasSetWorkspace(h, ws, 1 << 16));

  // status names and strings
  if (strcmp(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE") !=
          0 ||
      strcmp(cublasGetStatusName(CUBLAS_STATUS_SUCCESS), "CUBLAS_STATUS_SUCCESS") != 0) {
    printf("FAIL status names\n");
    failures++;
  }
  printf("status strings: success='%s' not_initialized='%s' invalid_value='%s' unknown name='%s' "
         "string='%s'\n",
         cublasGetStatusString(CUBLAS_STATUS_SUCCESS),
         cublasGetStatusString(CUBLAS_STATUS_NOT_INITIALIZED),
         cublasGetStatusString(CUBLAS_STATUS_INVALID_VALUE),
         cublasGetStatusName((cublasStatus_t)12345), cublasGetStatusString((cublasStatus_t)12345));

  // misuse
  EXPECT_STATUS(cublasSetStream(nullptr, 0), CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSetPointerMode(nullptr, CUBLAS_POINTER_MODE_HOST),
                CUBLAS_STATUS_NOT_INITIALIZED);
  // GetVersion needs no handle: NVIDIA's answers a NULL one (H100)
  EXPECT_STATUS(cublasGetVersion(nullptr, &version), CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasGetVersion(nullptr, nullptr), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasDestroy(nullptr), CUBLAS_STATUS_NOT_INITIALIZED);

  // strided copies: a host vector with increment 3 into device increment 2 and back
  const int n = 37;
  std::vector<double> hx(3 * n), back(5 * n, -1.0);
  for (auto &v : hx)
    v = uniform();
  double *dv;
  CHECK_CUDA(cudaMalloc(&dv, 2 * n * sizeof(double)));
  CHECK_BLAS(cublasSetVector(n, sizeof(double), hx.data(), 3, dv, 2));
  CHECK_BLAS(cublasGetVector(n, sizeof(double), dv, 2, back.data(), 5));
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= back[5 * i] == hx[3 * i] && (i == n - 1 || back[5 * i + 1] == -1.0);
  if (!ok) {
    printf("FAIL Set/GetVector with increments\n");
    failures++;
  }
  EXPECT_STATUS(cublasSetVector(n, sizeof(double), hx.data(), 0, dv, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSetVector(n, 0, hx.data(), 1, dv, 1), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasGetVector(n, sizeof(double), dv, 1, back.data(), -1),
                CUBLAS_STATUS_INVALID_VALUE);

  // a 13x7 submatrix of a host 20x7 matrix into a device matrix with ld 16, and back
  // through the Async forms on the stream into ld 15
  const int rows = 13, cols = 7;
  std::vector<float> ha(20 * cols), hb(15 * cols, 0.0f);
  for (auto &v : ha)
    v = (float)uniform();
  float *dm;
  CHECK_CUDA(cudaMalloc(&dm, 16 * cols * sizeof(float)));
  CHECK_BLAS(cublasSetMatrix(rows, cols, sizeof(float), ha.data(), 20, dm, 16));
  CHECK_BLAS(cublasGetMatrixAsync(rows, cols, sizeof(float), dm, 16, hb.data(), 15, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  ok = true;
  for (int j = 0; j < cols; j++)
    for (int i = 0; i < 15; i++)
      ok &= hb[i + 15 * j] == (i < rows ? ha[i + 20 * j] : 0.0f);
  if (!ok) {
    printf("FAIL Set/GetMatrix with leading dimensions\n");
    failures++;
  }
  std::vector<float> hc(rows * cols);
  CHECK_BLAS(cublasSetMatrixAsync(rows, cols, sizeof(float), ha.data(), 20, dm, 16, s));
  CHECK_BLAS(cublasSetVectorAsync(rows, sizeof(float), ha.data() + 40, 1, dm, 1, s));
  CHECK_BLAS(cublasGetVectorAsync(rows, sizeof(float), dm, 1, hc.data(), 1, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  if (memcmp(hc.data(), ha.data() + 40, rows * sizeof(float)) != 0) {
    printf("FAIL Set/GetVectorAsync\n");
    failures++;
  }
  EXPECT_STATUS(cublasSetMatrix(-1, cols, sizeof(float), ha.data(), 20, dm, 16),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSetMatrix(rows, cols, sizeof(float), ha.data(), 0, dm, 16),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasGetMatrix(rows, cols, sizeof(float), dm, 16, hb.data(), 0),
                CUBLAS_STATUS_INVALID_VALUE);
  CHECK_BLAS(cublasSetMatrix(0, cols, sizeof(float), ha.data(), 20, dm, 16));

  CHECK_BLAS(cublasDestroy(h));
  cudaFree(dv), cudaFree(dm), cudaFree(ws);
  CHECK_CUDA(cudaStreamDestroy(s));
  return finish("cublas helpers");
}
