/* tests/libraries/wmma/wmma_subbyte.h — the GEMM of the sub-byte wmma tests (wmma_u4.cu,
 * wmma_s4.cu, wmma_b1.cu), through CUDA's own API only (nvcc builds the same programs,
 * tests/libraries/wmma/h200.sh): one warp per block computes one 8 x 8 tile of
 * D = 2 * (A op B + C) over the whole K, a chain of mma_sync (u4, s4: op the product) or
 * bmma_sync (b1: op XOR or AND, then the set bits counted) calls k tile after k tile. A is
 * row-major, B column-major (the only layouts CUDA has for these types), both packed (8
 * nibbles or 8 bits a byte, from its low bits up) with leading dimensions in elements as
 * CUDA counts them; C loaded row- or column-major (or set with fill_fragment), D stored
 * either way with its padding checked untouched, x[] doubled elementwise. The host
 * reference computes the same exactly in 64 bits and wraps to int; the check is exact.
 * Leading dimensions and offsets keep CUDA's rules (ldm a multiple of 128 bits, 128-bit
 * aligned pointers) so that nvcc runs the same cases. */
#include <mma.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

using namespace nvcuda;
namespace wexp = nvcuda::wmma::experimental;

#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s\n", #x, cudaGetErrorString(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* Per type: bits per element, K of one mma, the elements' range, and the multiply. */
template <class T> struct form;
template <> struct form<wexp::precision::u4> {
  enum { bits = 4, K = 32, lo = 0, hi = 15 };
  static const char *name() { return "u4"; }
};
template <> struct form<wexp::precision::s4> {
  enum { bits = 4, K = 32, lo = -8, hi = 7 };
  static const char *name() { return "s4"; }
};
template <> struct form<wexp::precision::b1> {
  enum { bits = 1, K = 128, lo = 0, hi = 1 };
  static const char *name() { return "b1"; }
};

/* op: u4/s4 satf (0/1); b1 0 XOR, 1 AND. */
template <class T>
__device__ void multiply(wmma::fragment<wmma::accumulator, 8, 8, 32, int> &acc,
                         const wmma::fragment<wmma::matrix_a, 8, 8, 32, T, wmma::row_major> &a,
                         const wmma::fragment<wmma::matrix_b, 8, 8, 32, T, wmma::col_major> &b,
                         int op) {
  if (op)
    wmma::mma_sync(acc, a, b, acc, true);
  else
    wmma::mma_sync(acc, a, b, acc);
}
__device__ void
multiply(wmma::fragment<wmma::accumulator, 8, 8, 128, int> &acc,
         const wmma::fragment<wmma::matrix_a, 8, 8, 128, wexp::precision::b1, wmma::row_major> &a,
         const wmma::fragment<wmma::matrix_b, 8, 8, 128, wexp::precision::b1, wmma::col_major> &b,
         int op) {
  if (op)
    wmma::bmma_sync(acc, a, b, acc, wexp::bmmaBitOpAND, wexp::bmmaAccumulateOpPOPC);
  else
    wmma::bmma_sync(acc, a, b, acc); /* CUDA's defaults: XOR, POPC */
}

template <class T>
__global__ void subbyte_gemm(const unsigned char *A, const unsigned char *B, const int *C, int *D,
                             int k_total, int lda, int ldb, int ldc, int ldd, int c_row, int d_row,
                             int fill, int op) {
  const int K = form<T>::K, bits = form<T>::bits;
  int tile_m = blockIdx.y * 8, tile_n = blockIdx.x * 8;
  wmma::fragment<wmma::accumulator, 8, 8, K, int> acc;
  if (fill)
    wmma::fill_fragment(acc, 3);
  else
    wmma::load_matrix_sync(
        acc, C + (c_row ? (size_t)tile_m * ldc + tile_n : (size_t)tile_n * ldc + tile_m), ldc,
        c_row ? wmma::mem_row_major : wmma::mem_col_major);
  for (int k = 0; k < k_total; k += K) {
    wmma::fragment<wmma::matrix_a, 8, 8, K, T, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, K, T, wmma::col_major> b;
    wmma::load_matrix_sync(a, A + ((size_t)tile_m * lda + k) * bits / 8, lda);
    /* CUDA's parameter is a const void *: any pointer type goes */
    wmma::load_matrix_sync(b, (const void *)(B + ((size_t)tile_n * ldb + k) * bits / 8), ldb);
    multiply(acc, a, b, op);
  }
  for (int i = 0; i < acc.num_elements; i++)
    acc.x[i] = acc.x[i] * 2;
  wmma::store_matrix_sync(
      D + (d_row ? (size_t)tile_m * ldd + tile_n : (size_t)tile_n * ldd + tile_m), acc, ldd,
      d_row ? wmma::mem_row_major : wmma::mem_col_major);
}

static int failures = 0;

static int wrap(long long v) {
  return (int)(unsigned)(unsigned long long)v;
}

/* Packs element values (lo..hi) at `bits` bits each, from each byte's low bits up. */
static void pack(std::vector<unsigned char> &out, const std::vector<int> &v, int bits) {
  out.assign((v.size() * bits + 7) / 8, 0);
  for (size_t i = 0; i < v.size(); i++)
    out[i * bits / 8] |= (unsigned char)(((unsigned)v[i] & ((1u << bits) - 1)) << (i * bits % 8));
}

/* One GEMM of mt x nt tiles and k_total (a multiple of K); op as multiply's. A's leading
 * dimension is k_total + pad elements, B's k_total + 2 pad; pad 0: 256 bits' worth, which
 * keeps rows 256-bit aligned (CUDA's rule; an odd pad, Anchor only, starts rows mid-byte). */
template <class T>
void run_case(const char *what, int mt, int nt, int k_total, int c_row, int d_row, int fill, int op,
              int pad = 0) {
  typedef form<T> F;
  int rows = mt * 8, cols = nt * 8;
  if (!pad) pad = 256 / F::bits;
  int lda = k_total + pad, ldb = k_total + 2 * pad;
  int ldc = (c_row ? cols : rows) + 4, ldd = (d_row ? cols : rows) + 12;
  std::vector<int> va((size_t)rows * lda), vb((size_t)cols * ldb);
  std::vector<int> hc((size_t)ldc * (c_row ? rows : cols)),
      hd((size_t)ldd * (d_row ? rows : cols), -7);
  unsigned seed = 77u + (unsigned)(k_total * 3 + mt * 5 + nt + op * 11);
  auto next = [&]() {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  for (size_t i = 0; i < va.size(); i++)
    va[i] = F::lo + (int)(next() % (F::hi - F::lo + 1));
  for (size_t i = 0; i < vb.size(); i++)
    vb[i] = F::lo + (int)(next() % (F::hi - F::lo + 1));
  for (size_t i = 0; i < hc.size(); i++)
    hc[i] = (int)(next() % 200001) - 100000;
  std::vector<unsigned char> pa, pb;
  pack(pa, va, F::bits);
  pack(pb, vb, F::bits);
  unsigned char *A, *B;
  int *C, *D;
  CHECK_CUDA(cudaMalloc(&A, pa.size()));
  CHECK_CUDA(cudaMalloc(&B, pb.size()));
  CHECK_CUDA(cudaMalloc(&C, hc.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&D, hd.size() * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(A, pa.data(), pa.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(B, pb.data(), pb.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(C, hc.data(), hc.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(D, hd.data(), hd.size() * sizeof(int), cudaMemcpyHostToDevice));
  subbyte_gemm<T>
      <<<dim3(nt, mt), 32>>>(A, B, C, D, k_total, lda, ldb, ldc, ldd, c_row, d_row, fill, op);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(hd.data(), D, hd.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      long long sum = fill ? 3 : hc[c_row ? (size_t)r * ldc + c : (size_t)c * ldc + r];
      for (int k = 0; k < k_total; k++) {
        int x = va[(size_t)r * lda + k], y = vb[(size_t)c * ldb + k];
        sum += F::bits == 1 ? (op ? (x & y) : (x ^ y)) : (long long)x * y;
      }
      int want = wrap(2 * sum);
      int got = hd[d_row ? (size_t)r * ldd + c : (size_t)c * ldd + r];
      if (got != want && wrong++ < 5)
        printf("  %s: D(%d, %d) = %d, want %d\n", what, r, c, got, want);
    }
  for (int r = 0; r < (d_row ? rows : cols); r++)
    for (int c = d_row ? cols : rows; c < ldd; c++)
      if (hd[(size_t)r * ldd + c] != -7 && wrong++ < 5) printf("  %s: padding written\n", what);
  printf("%s %s %s (%dx%d tiles, K %d, lda %d, ldb %d%s%s%s)\n", wrong ? "FAIL" : "ok  ", F::name(),
         what, mt, nt, k_total, lda, ldb, c_row ? ", C row" : ", C col",
         d_row ? ", D row" : ", D col", fill ? ", fill" : "");
  if (wrong) failures++;
  cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(D);
}

/* fill_fragment on the packed matrices: A filled with a, B with b (their low bits: CUDA's
 * fill argument), C with c; one mma (op as multiply's); every element of D is
 * c + K * (a op b), wrapped, or with satf saturated. */
template <class T> __global__ void filled(int *out, int a, int b, int c, int op) {
  const int K = form<T>::K;
  wmma::fragment<wmma::matrix_a, 8, 8, K, T, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, K, T, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, K, int> acc;
  wmma::fill_fragment(fa, a);
  wmma::fill_fragment(fb, b);
  wmma::fill_fragment(acc, c);
  multiply(acc, fa, fb, op);
  wmma::store_matrix_sync(out, acc, 8, wmma::mem_row_major);
}

/* a, b: the values the elements take (what fill_fragment keeps of them). */
template <class T> void fill_case(int a, int b, int c, int op, long long elementwise) {
  typedef form<T> F;
  int *d, h[64];
  CHECK_CUDA(cudaMalloc(&d, sizeof h));
  filled<T><<<1, 32>>>(d, a, b, c, op);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  long long exact = (long long)c + (long long)F::K * elementwise;
  int want = F::bits == 4 && op ? (exact > 2147483647ll    ? 2147483647
                                   : exact < -2147483648ll ? (int)-2147483648ll
                                                           : (int)exact)
                                : wrap(exact);
  int wrong = 0;
  for (int i = 0; i < 64; i++)
    if (h[i] != want && wrong++ < 3) printf("  fill: D[%d] = %d, want %d\n", i, h[i], want);
  printf("%s %s fill a %d b %d c %d op %d -> %d\n", wrong ? "FAIL" : "ok  ", F::name(), a, b, c, op,
         want);
  if (wrong) failures++;
  cudaFree(d);
}

static int finish(const char *program) {
  printf("%s: %d case(s) failed\n%s\n", program, failures, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
