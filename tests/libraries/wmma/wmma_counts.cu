/* tests/libraries/wmma/wmma_counts.cu — every fragment's num_elements (and
 * num_storage_elements) is nvcc's (CUDA's mma.h: 16 for every half matrix_a/matrix_b,
 * whose layout holds copies; the sub-byte types packed into one storage element): checked
 * at compile time and printed (nvcc builds the same program: tests/libraries/wmma/h200.sh).
 * Then code that hard-codes nvcc's 16 for half matrix_a/matrix_b works as with nvcc: every
 * x[i] of A doubled and of B negated, elementwise, after load_matrix_sync or
 * fill_fragment, gives D = -2 A B in all three shapes (exact data, host reference), and
 * where A and B are all ones (filled or loaded) each lane's 16 x[] sum to 16 times the
 * element, as on nvcc. */
#include <cuda_fp16.h>
#include <mma.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

using namespace nvcuda;
namespace wp = nvcuda::wmma::experimental::precision;
typedef wmma::row_major R;
typedef wmma::col_major C;
typedef wmma::matrix_a MA;
typedef wmma::matrix_b MB;
typedef wmma::accumulator ACC;

#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s\n", #x, cudaGetErrorString(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* F's num_elements and num_storage_elements are nvcc's n and s. */
#define COUNT(name, n, s, ...)                                                                     \
  static_assert(wmma::fragment<__VA_ARGS__>::num_elements == n, name);                             \
  static_assert(wmma::fragment<__VA_ARGS__>::num_storage_elements == s, name);                     \
  printf("%-26s num_elements %2d num_storage_elements %d\n", name,                                 \
         (int)wmma::fragment<__VA_ARGS__>::num_elements,                                           \
         (int)wmma::fragment<__VA_ARGS__>::num_storage_elements);

static void counts() {
  COUNT("half m16n16k16 a", 16, 16, MA, 16, 16, 16, __half, R)
  COUNT("half m16n16k16 b", 16, 16, MB, 16, 16, 16, __half, C)
  COUNT("half m16n16k16 acc", 8, 8, ACC, 16, 16, 16, __half)
  COUNT("float m16n16k16 acc", 8, 8, ACC, 16, 16, 16, float)
  COUNT("half m32n8k16 a", 16, 16, MA, 32, 8, 16, __half, C)
  COUNT("half m32n8k16 b", 16, 16, MB, 32, 8, 16, __half, R)
  COUNT("float m32n8k16 acc", 8, 8, ACC, 32, 8, 16, float)
  COUNT("half m8n32k16 a", 16, 16, MA, 8, 32, 16, __half, R)
  COUNT("half m8n32k16 b", 16, 16, MB, 8, 32, 16, __half, R)
  COUNT("half m8n32k16 acc", 8, 8, ACC, 8, 32, 16, __half)
  COUNT("bf16 m16n16k16 a", 8, 8, MA, 16, 16, 16, __nv_bfloat16, R)
  COUNT("bf16 m16n16k16 b", 8, 8, MB, 16, 16, 16, __nv_bfloat16, C)
  COUNT("bf16 m32n8k16 a", 16, 16, MA, 32, 8, 16, __nv_bfloat16, R)
  COUNT("bf16 m32n8k16 b", 4, 4, MB, 32, 8, 16, __nv_bfloat16, C)
  COUNT("bf16 m8n32k16 a", 4, 4, MA, 8, 32, 16, __nv_bfloat16, C)
  COUNT("bf16 m8n32k16 b", 16, 16, MB, 8, 32, 16, __nv_bfloat16, R)
  COUNT("s8 m16n16k16 a", 8, 8, MA, 16, 16, 16, signed char, R)
  COUNT("u8 m16n16k16 b", 8, 8, MB, 16, 16, 16, unsigned char, C)
  COUNT("int m16n16k16 acc", 8, 8, ACC, 16, 16, 16, int)
  COUNT("s8 m32n8k16 a", 16, 16, MA, 32, 8, 16, signed char, R)
  COUNT("s8 m32n8k16 b", 4, 4, MB, 32, 8, 16, signed char, C)
  COUNT("u8 m8n32k16 a", 4, 4, MA, 8, 32, 16, unsigned char, R)
  COUNT("u8 m8n32k16 b", 16, 16, MB, 8, 32, 16, unsigned char, C)
  COUNT("int m8n32k16 acc", 8, 8, ACC, 8, 32, 16, int)
  COUNT("tf32 m16n16k8 a", 4, 4, MA, 16, 16, 8, wmma::precision::tf32, R)
  COUNT("tf32 m16n16k8 b", 4, 4, MB, 16, 16, 8, wmma::precision::tf32, C)
  COUNT("float m16n16k8 acc", 8, 8, ACC, 16, 16, 8, float)
  COUNT("double m8n8k4 a", 1, 1, MA, 8, 8, 4, double, R)
  COUNT("double m8n8k4 b", 1, 1, MB, 8, 8, 4, double, C)
  COUNT("double m8n8k4 acc", 2, 2, ACC, 8, 8, 4, double)
  COUNT("u4 m8n8k32 a", 8, 1, MA, 8, 8, 32, wp::u4, R)
  COUNT("s4 m8n8k32 b", 8, 1, MB, 8, 8, 32, wp::s4, C)
  COUNT("int m8n8k32 acc", 2, 2, ACC, 8, 8, 32, int)
  COUNT("b1 m8n8k128 a", 32, 1, MA, 8, 8, 128, wp::b1, R)
  COUNT("b1 m8n8k128 b", 32, 1, MB, 8, 8, 128, wp::b1, C)
  COUNT("int m8n8k128 acc", 2, 2, ACC, 8, 8, 128, int)
}

/* D = (2 A) (-B) with A row-major M x 16 and B column-major 16 x N (ld 16), or with A and
 * B filled with 1 (fill): x[i] changed for i < 16, nvcc's count, written out; each lane's
 * sums of its 16 x[] of A and of B in sums[2 lane], sums[2 lane + 1] (after a fill every
 * x[i] holds 2 and -1: 32 and -16). */
template <int M, int N, bool fill>
__global__ void hard_coded(const __half *A, const __half *B, float *D, float *sums) {
  wmma::fragment<wmma::matrix_a, M, N, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, M, N, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, M, N, 16, float> acc;
  if (fill) {
    wmma::fill_fragment(a, __float2half(1.0f));
    wmma::fill_fragment(b, __float2half(1.0f));
  } else {
    wmma::load_matrix_sync(a, A, 16);
    wmma::load_matrix_sync(b, B, 16);
  }
  for (int i = 0; i < 16; i++) {
    a.x[i] = a.x[i] * __float2half(2.0f);
    b.x[i] = -b.x[i];
  }
  float sa = 0, sb = 0;
  for (int i = 0; i < 16; i++)
    sa += __half2float(a.x[i]), sb += __half2float(b.x[i]);
  sums[2 * threadIdx.x] = sa;
  sums[2 * threadIdx.x + 1] = sb;
  wmma::fill_fragment(acc, 0.0f);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(D, acc, N, wmma::mem_row_major);
}

static int failures = 0;

/* mode 0: varied data loaded; 1: A and B filled with 1; 2: A and B of ones loaded. */
template <int M, int N> static void hard_coded_case(int mode) {
  int fill = mode == 1, ones = mode != 0;
  std::vector<__half> ha(M * 16), hb(N * 16);
  std::vector<float> ra(M * 16), rb(N * 16), hd(M * N);
  for (int i = 0; i < M * 16; i++)
    ra[i] = ones ? 1.0f : (float)((i * 7) % 9 - 4) * 0.5f, ha[i] = __float2half(ra[i]);
  for (int i = 0; i < N * 16; i++)
    rb[i] = ones ? 1.0f : (float)((i * 5) % 7 - 3) * 0.25f, hb[i] = __float2half(rb[i]);
  __half *A, *B;
  float *D, *S, hs[64];
  CHECK_CUDA(cudaMalloc(&S, sizeof hs));
  CHECK_CUDA(cudaMemset(S, 0xff, sizeof hs)); /* NaN until written */
  CHECK_CUDA(cudaMalloc(&A, ha.size() * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&B, hb.size() * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&D, hd.size() * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(A, ha.data(), ha.size() * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(B, hb.data(), hb.size() * sizeof(__half), cudaMemcpyHostToDevice));
  if (fill)
    hard_coded<M, N, true><<<1, 32>>>(A, B, D, S);
  else
    hard_coded<M, N, false><<<1, 32>>>(A, B, D, S);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(hd.data(), D, hd.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hs, S, sizeof hs, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int l = 0; ones && l < 32; l++)
    if ((hs[2 * l] != 32 || hs[2 * l + 1] != -16) && wrong++ < 5)
      printf("  m%dn%dk16: lane %d sums x[0..15] to %g and %g, want 32 and -16\n", M, N, l,
             hs[2 * l], hs[2 * l + 1]);
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++) {
      double want = 0;
      for (int k = 0; k < 16; k++)
        want += 2.0 * ra[r * 16 + k] * -(double)rb[c * 16 + k];
      if (hd[r * N + c] != want && wrong++ < 5)
        printf("  m%dn%dk16: D(%d, %d) = %g, want %g\n", M, N, r, c, hd[r * N + c], want);
    }
  printf("%s half m%dn%dk16 x[0..15] scaled after %s\n", wrong ? "FAIL" : "ok  ", M, N,
         fill   ? "fill_fragment"
         : ones ? "load_matrix_sync of ones"
                : "load_matrix_sync");
  if (wrong) failures++;
  cudaFree(A), cudaFree(B), cudaFree(D), cudaFree(S);
}

int main() {
  counts();
  for (int mode = 0; mode < 3; mode++) {
    hard_coded_case<16, 16>(mode);
    hard_coded_case<32, 8>(mode);
    hard_coded_case<8, 32>(mode);
  }
  printf("wmma_counts: %d case(s) failed\n%s\n", failures, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
