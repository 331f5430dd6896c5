// cublas.h (the legacy API) and cublas_v2.h exclude each other, as in NVIDIA's headers:
// including both is a compile-time error (CTest cublas.both_headers expects it).
#include <cublas_v2.h>
#include <cublas.h>
int main() {
  return 0;
}
