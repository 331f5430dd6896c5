/* tests/libraries/wmma/wmma_double.cu — nvcuda::wmma m8n8k4 with double (exact on Anchor:
 * lane exchanges and soft FP64, no Metal matrix type holds double): both layouts of A, B,
 * C and D, fill_fragment, x[] scaled, K chains of 1 to 16 tiles; exact data, exact check
 * (every product and sum is exact, so any order of the fma gives these bits). */
#include "wmma_common.h"

typedef wmma::row_major R;
typedef wmma::col_major Cm;

int main() {
  run_case<double, double, double, 8, 8, 4, R, R>("double m8n8k4 rr", 2, 3, 64, 1, 1, 0, EXACT, 0);
  run_case<double, double, double, 8, 8, 4, Cm, Cm>("double m8n8k4 cc", 2, 2, 4, 0, 0, 0, EXACT, 0);
  run_case<double, double, double, 8, 8, 4, R, Cm>("double m8n8k4 rc fill", 1, 2, 20, 1, 0, 1,
                                                   EXACT, 0);
  run_case<double, double, double, 8, 8, 4, Cm, R>("double m8n8k4 cr", 3, 1, 12, 0, 1, 0, EXACT, 0);
  return finish("wmma_double");
}
