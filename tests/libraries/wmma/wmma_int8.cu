/* tests/libraries/wmma/wmma_int8.cu — nvcuda::wmma with signed and unsigned char inputs
 * and int accumulators (exact on Anchor: lane exchanges and integer arithmetic, no Metal
 * matrix type holds integers): m16n16k16, m32n8k16, m8n32k16, both layouts of A, B, C and
 * D, fill_fragment, x[] scaled, K chains; the full ranges -128..127 and 0..255 (random
 * data), exact check; mma_sync's satf: results past INT_MAX / INT_MIN saturate with it and
 * wrap (32-bit two's complement) without it. */
#include "wmma_common.h"

typedef wmma::row_major R;
typedef wmma::col_major Cm;

template <class T> struct is_signed_char {
  static const bool value = false;
};
template <> struct is_signed_char<signed char> {
  static const bool value = true;
};
template <class TI, int M, int N, int K, class LA, class LB>
void int_case(const char *name, int mt, int nt, int k_total, int c_row, int d_row, int fill) {
  run_case<TI, TI, int, M, N, K, LA, LB>(name, mt, nt, k_total, c_row, d_row, fill,
                                         is_signed_char<TI>::value ? S8 : U8, 0);
}

/* D = A * B + C, m16n16k16 s8, A and B filled with a and b, C with c; row-major 16x16 out. */
__global__ void overflow(int *out, signed char a, signed char b, int c, bool satf) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::fill_fragment(fa, a);
  wmma::fill_fragment(fb, b);
  wmma::fill_fragment(acc, c);
  if (satf)
    wmma::mma_sync(acc, fa, fb, acc, true);
  else
    wmma::mma_sync(acc, fa, fb, acc, false);
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}

static void satf_case(signed char a, signed char b, int c, bool satf) {
  int *d, h[256];
  CHECK_CUDA(cudaMalloc(&d, sizeof h));
  overflow<<<1, 32>>>(d, a, b, c, satf);
  CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  long long exact = (long long)c + 16ll * a * b;
  int want = satf ? (exact > 2147483647ll    ? 2147483647
                     : exact < -2147483648ll ? (int)-2147483648ll
                                             : (int)exact)
                  : (int)(unsigned)(unsigned long long)exact;
  int wrong = 0;
  for (int i = 0; i < 256; i++)
    if (h[i] != want && wrong++ < 3)
      printf("  satf %d: D[%d] = %d, want %d\n", satf, i, h[i], want);
  printf("%s s8 overflow %d * %d * 16 + %d, satf %d -> %d\n", wrong ? "FAIL" : "ok  ", a, b, c,
         satf, want);
  if (wrong) failures++;
  cudaFree(d);
}

int main() {
  satf_case(127, 127, 2147483647 - 100000, true);
  satf_case(127, 127, 2147483647 - 100000, false);
  satf_case(-128, 127, -2147483647 + 100000, true);
  satf_case(-128, 127, -2147483647 + 100000, false);
  satf_case(-128, -128, 5, true); /* no overflow: satf changes nothing */
  int_case<signed char, 16, 16, 16, R, R>("s8 m16n16k16 rr", 2, 2, 64, 1, 1, 0);
  int_case<signed char, 32, 8, 16, Cm, R>("s8 m32n8k16 cr", 1, 3, 32, 0, 1, 0);
  int_case<signed char, 8, 32, 16, R, Cm>("s8 m8n32k16 rc fill", 2, 1, 48, 1, 0, 1);
  int_case<unsigned char, 16, 16, 16, Cm, Cm>("u8 m16n16k16 cc", 2, 2, 32, 0, 0, 0);
  int_case<unsigned char, 32, 8, 16, R, R>("u8 m32n8k16 rr", 2, 2, 16, 1, 1, 0);
  int_case<unsigned char, 8, 32, 16, Cm, R>("u8 m8n32k16 cr", 1, 2, 64, 0, 1, 0);
  return finish("wmma_int8");
}
