/* tests/libraries/wmma/wmma_int8.cu — nvcuda::wmma with signed and unsigned char inputs
 * and int accumulators (exact on Anchor: lane exchanges and integer arithmetic, no Metal
 * matrix type holds integers): m16n16k16, m32n8k16, m8n32k16, both layouts of A, B, C and
 * D, fill_fragment, x[] scaled, K chains; the full ranges -128..127 and 0..255 (random
 * data), exact check. */
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

int main() {
  int_case<signed char, 16, 16, 16, R, R>("s8 m16n16k16 rr", 2, 2, 64, 1, 1, 0);
  int_case<signed char, 32, 8, 16, Cm, R>("s8 m32n8k16 cr", 1, 3, 32, 0, 1, 0);
  int_case<signed char, 8, 32, 16, R, Cm>("s8 m8n32k16 rc fill", 2, 1, 48, 1, 0, 1);
  int_case<unsigned char, 16, 16, 16, Cm, Cm>("u8 m16n16k16 cc", 2, 2, 32, 0, 0, 0);
  int_case<unsigned char, 32, 8, 16, R, R>("u8 m32n8k16 rr", 2, 2, 16, 1, 1, 0);
  int_case<unsigned char, 8, 32, 16, Cm, R>("u8 m8n32k16 cr", 1, 2, 64, 0, 1, 0);
  return finish("wmma_int8");
}
