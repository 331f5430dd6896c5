/* tests/libraries/wmma/wmma_common.h — the GEMM every wmma test runs, through CUDA's own
 * API only (nvcc builds the same programs, tests/libraries/wmma/h200.sh): one warp per
 * block computes one M x N tile of D = 2 * (A * B + C) over the whole K of the problem, a
 * chain of mma_sync calls k tile after k tile; A and B row- or column-major with their own
 * leading dimensions, C loaded (or set with fill_fragment) and D stored row- or
 * column-major with theirs, and the fragment's x[] scaled by 2 elementwise before the
 * store. The host reference computes the same in double; the check is exact where the
 * data make every product and sum exact (small multiples of 1/4 and integers) and within
 * a stated bound otherwise. */
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <math.h>
#include <mma.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

using namespace nvcuda;

#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s\n", #x, cudaGetErrorString(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

template <class L> struct is_row {
  static const bool value = false;
};
template <> struct is_row<wmma::row_major> {
  static const bool value = true;
};

template <class T> __host__ __device__ inline T from_double(double v) {
  return (T)v;
}
template <> __host__ __device__ inline __half from_double<__half>(double v) {
  return __float2half((float)v);
}
template <> __host__ __device__ inline __nv_bfloat16 from_double<__nv_bfloat16>(double v) {
  return __float2bfloat16((float)v);
}
template <class T> __host__ __device__ inline double to_double(T v) {
  return (double)v;
}
template <> __host__ __device__ inline double to_double<__half>(__half v) {
  return __half2float(v);
}
template <> __host__ __device__ inline double to_double<__nv_bfloat16>(__nv_bfloat16 v) {
  return __bfloat162float(v);
}

/* FragT: the fragment's element type (precision::tf32 for tf32); TA: what A and B are
 * stored as in memory; TC: the accumulator. */
template <class FragT, class TA, class TC, int M, int N, int K, class LA, class LB>
__global__ void wmma_gemm(const TA *A, const TA *B, const TC *C, TC *D, int k_total, int lda,
                          int ldb, int ldc, int ldd, int c_row, int d_row, int fill) {
  int tile_m = blockIdx.y * M, tile_n = blockIdx.x * N;
  wmma::fragment<wmma::accumulator, M, N, K, TC> acc;
  wmma::layout_t cl = c_row ? wmma::mem_row_major : wmma::mem_col_major;
  if (fill)
    wmma::fill_fragment(acc, from_double<TC>(1.0));
  else
    wmma::load_matrix_sync(
        acc, C + (c_row ? (size_t)tile_m * ldc + tile_n : (size_t)tile_n * ldc + tile_m), ldc, cl);
  const bool a_row = is_row<LA>::value;
  const bool b_row = is_row<LB>::value;
  for (int k = 0; k < k_total; k += K) {
    wmma::fragment<wmma::matrix_a, M, N, K, FragT, LA> a;
    wmma::fragment<wmma::matrix_b, M, N, K, FragT, LB> b;
    wmma::load_matrix_sync(a, A + (a_row ? (size_t)tile_m * lda + k : (size_t)k * lda + tile_m),
                           lda);
    wmma::load_matrix_sync(b, B + (b_row ? (size_t)k * ldb + tile_n : (size_t)tile_n * ldb + k),
                           ldb);
    wmma::mma_sync(acc, a, b, acc);
  }
  for (int i = 0; i < acc.num_elements; i++)
    acc.x[i] = acc.x[i] * from_double<TC>(2.0);
  wmma::store_matrix_sync(
      D + (d_row ? (size_t)tile_m * ldd + tile_n : (size_t)tile_n * ldd + tile_m), acc, ldd,
      d_row ? wmma::mem_row_major : wmma::mem_col_major);
}

static int failures = 0;
/* run_case's data: small exact values, random values in [-1, 1), 8-bit integers (full
 * signed or unsigned range, C in -1000..1000) */
enum { EXACT = 1, RANDOM = 0, S8 = 2, U8 = 3 };

/* Runs one GEMM of mt x nt tiles and k_total, checks D. data EXACT, S8, U8: exact check;
 * RANDOM: random data in [-1, 1) and |D - ref| <= tol * (2 * sum |a b| + 2 |c| + 1). */
template <class FragT, class TA, class TC, int M, int N, int K, class LA, class LB>
void run_case(const char *name, int mt, int nt, int k_total, int c_row, int d_row, int fill,
              int data, double tol) {
  const bool exact = data != RANDOM;
  const bool a_row = is_row<LA>::value, b_row = is_row<LB>::value;
  int rows = mt * M, cols = nt * N;
  int lda = (a_row ? k_total : rows) + 8, ldb = (b_row ? cols : k_total) + 16;
  int ldc = (c_row ? cols : rows) + 4, ldd = (d_row ? cols : rows) + 12;
  size_t na = (size_t)lda * (a_row ? rows : k_total), nb = (size_t)ldb * (b_row ? k_total : cols);
  size_t nc = (size_t)ldc * (c_row ? rows : cols), nd = (size_t)ldd * (d_row ? rows : cols);
  std::vector<TA> ha(na), hb(nb);
  std::vector<TC> hc(nc), hd(nd, from_double<TC>(-7.0));
  std::vector<double> da(na), db(nb), dc(nc);
  unsigned seed = 2024u + (unsigned)(M * 7 + N * 3 + K + k_total);
  auto next = [&]() {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  auto value = [&](bool input) {
    if (data == S8)
      return input ? (double)((int)(next() % 256) - 128) : (double)((int)(next() % 2001) - 1000);
    if (data == U8) return input ? (double)(next() % 256) : (double)((int)(next() % 2001) - 1000);
    if (exact)
      return input ? (double)((int)(next() % 9) - 4) * 0.25 : (double)((int)(next() % 11) - 5);
    return (double)next() / 16777216.0 * 2.0 - 1.0;
  };
  for (size_t i = 0; i < na; i++)
    ha[i] = from_double<TA>(value(true)), da[i] = to_double(ha[i]);
  for (size_t i = 0; i < nb; i++)
    hb[i] = from_double<TA>(value(true)), db[i] = to_double(hb[i]);
  for (size_t i = 0; i < nc; i++)
    hc[i] = from_double<TC>(value(false)), dc[i] = to_double(hc[i]);
  TA *A, *B;
  TC *C, *D;
  CHECK_CUDA(cudaMalloc(&A, na * sizeof(TA)));
  CHECK_CUDA(cudaMalloc(&B, nb * sizeof(TA)));
  CHECK_CUDA(cudaMalloc(&C, nc * sizeof(TC)));
  CHECK_CUDA(cudaMalloc(&D, nd * sizeof(TC)));
  CHECK_CUDA(cudaMemcpy(A, ha.data(), na * sizeof(TA), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(B, hb.data(), nb * sizeof(TA), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(C, hc.data(), nc * sizeof(TC), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(D, hd.data(), nd * sizeof(TC), cudaMemcpyHostToDevice));
  wmma_gemm<FragT, TA, TC, M, N, K, LA, LB>
      <<<dim3(nt, mt), 32>>>(A, B, C, D, k_total, lda, ldb, ldc, ldd, c_row, d_row, fill);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(hd.data(), D, nd * sizeof(TC), cudaMemcpyDeviceToHost));
  int wrong = 0;
  double worst = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      double sum = 0, mag = 0;
      for (int k = 0; k < k_total; k++) {
        double p = da[a_row ? (size_t)r * lda + k : (size_t)k * lda + r] *
                   db[b_row ? (size_t)k * ldb + c : (size_t)c * ldb + k];
        sum += p, mag += fabs(p);
      }
      double cv = fill ? 1.0 : dc[c_row ? (size_t)r * ldc + c : (size_t)c * ldc + r];
      double want = 2 * (sum + cv);
      double got = to_double(hd[d_row ? (size_t)r * ldd + c : (size_t)c * ldd + r]);
      double err = fabs(got - want), bound = exact ? 0 : tol * (2 * mag + 2 * fabs(cv) + 1);
      if (err / (bound > 0 ? bound : 1) > worst) worst = err / (bound > 0 ? bound : 1);
      if (!(err <= bound) && wrong++ < 5)
        printf("  %s: D(%d, %d) = %.17g, want %.17g\n", name, r, c, got, want);
    }
  /* the padding between leading dimensions is untouched */
  for (int r = 0; r < (d_row ? rows : cols); r++)
    for (int c = d_row ? cols : rows; c < ldd; c++)
      if (to_double(hd[(size_t)r * ldd + c]) != -7.0 && wrong++ < 5)
        printf("  %s: padding written\n", name);
  printf("%s %s (%dx%d tiles, K %d%s%s%s; worst error/bound %.3g)\n", wrong ? "FAIL" : "ok  ", name,
         mt, nt, k_total, c_row ? ", C row" : ", C col", d_row ? ", D row" : ", D col",
         fill ? ", fill" : "", worst);
  if (wrong) failures++;
  cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(D);
}

static int finish(const char *program) {
  printf("%s: %d case(s) failed\n%s\n", program, failures, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
