// math_constants.cu — include/math_constants.h: every CUDART_ macro's type size and
// value, in host and in device code, against what CUDA 13.0's own header gives
// (tests/e2e/observed/h200-math-constants.log, read back from device code on the H200;
// the table below is that log; under nvcc only the device values, as CUDA's header
// defines some with device-only functions). Values compare bit for bit (NaNs: CUDA's payloads,
// 0x7fffffff for CUDART_NAN_F and 0xfff8000000000000 for CUDART_NAN).
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct constant {
  const char *name;
  int size;
  const char *cuda; // CUDA's value, as %a printed it
  double host;
};
// CUDA's own header spells some constants with device-only functions
// (__int_as_float, __longlong_as_double): under nvcc the host column is not built.
#if defined(__NVCC__) && !defined(__clang__) // nvcc itself (Anchor defines __NVCC__ too)
#define CHECK(name, size, cuda) {#name, size, cuda, 0}
#else
#define CHECK(name, size, cuda) {#name, size, cuda, (double)(name)}
#endif
static const constant table[] = {
  CHECK(CUDART_INF_F, 4, "inf"),
  CHECK(CUDART_NAN_F, 4, "nan"),
  CHECK(CUDART_MIN_DENORM_F, 4, "0x1p-149"),
  CHECK(CUDART_MAX_NORMAL_F, 4, "0x1.fffffep+127"),
  CHECK(CUDART_NEG_ZERO_F, 4, "-0x0p+0"),
  CHECK(CUDART_ZERO_F, 4, "0x0p+0"),
  CHECK(CUDART_ONE_F, 4, "0x1p+0"),
  CHECK(CUDART_SQRT_HALF_F, 4, "0x1.6a09e6p-1"),
  CHECK(CUDART_SQRT_HALF_HI_F, 4, "0x1.6a09e6p-1"),
  CHECK(CUDART_SQRT_HALF_LO_F, 4, "0x1.9fcef4p-27"),
  CHECK(CUDART_SQRT_TWO_F, 4, "0x1.6a09e6p+0"),
  CHECK(CUDART_THIRD_F, 4, "0x1.555556p-2"),
  CHECK(CUDART_PIO4_F, 4, "0x1.921fb6p-1"),
  CHECK(CUDART_PIO2_F, 4, "0x1.921fb6p+0"),
  CHECK(CUDART_3PIO4_F, 4, "0x1.2d97c8p+1"),
  CHECK(CUDART_2_OVER_PI_F, 4, "0x1.45f306p-1"),
  CHECK(CUDART_SQRT_2_OVER_PI_F, 4, "0x1.988454p-1"),
  CHECK(CUDART_PI_F, 4, "0x1.921fb6p+1"),
  CHECK(CUDART_L2E_F, 4, "0x1.715476p+0"),
  CHECK(CUDART_L2T_F, 4, "0x1.a934fp+1"),
  CHECK(CUDART_LG2_F, 4, "0x1.344136p-2"),
  CHECK(CUDART_LGE_F, 4, "0x1.bcb7b2p-2"),
  CHECK(CUDART_LN2_F, 4, "0x1.62e43p-1"),
  CHECK(CUDART_LNT_F, 4, "0x1.26bb1cp+1"),
  CHECK(CUDART_LNPI_F, 4, "0x1.250d04p+0"),
  CHECK(CUDART_TWO_TO_M126_F, 4, "0x1p-126"),
  CHECK(CUDART_TWO_TO_126_F, 4, "0x1p+126"),
  CHECK(CUDART_NORM_HUGE_F, 4, "0x1.fffffep+127"),
  CHECK(CUDART_TWO_TO_23_F, 4, "0x1p+23"),
  CHECK(CUDART_TWO_TO_24_F, 4, "0x1p+24"),
  CHECK(CUDART_TWO_TO_31_F, 4, "0x1p+31"),
  CHECK(CUDART_TWO_TO_32_F, 4, "0x1p+32"),
  CHECK(CUDART_REMQUO_BITS_F, 4, "0x1.8p+1"),
  CHECK(CUDART_REMQUO_MASK_F, 4, "0x1.cp+2"),
  CHECK(CUDART_TRIG_PLOSS_F, 4, "0x1.9c8fp+16"),
  CHECK(CUDART_INF, 8, "inf"),
  CHECK(CUDART_NAN, 8, "-nan"),
  CHECK(CUDART_NEG_ZERO, 8, "-0x0p+0"),
  CHECK(CUDART_MIN_DENORM, 8, "0x0.0000000000001p-1022"),
  CHECK(CUDART_ZERO, 8, "0x0p+0"),
  CHECK(CUDART_ONE, 8, "0x1p+0"),
  CHECK(CUDART_SQRT_TWO, 8, "0x1.6a09e667f3bcdp+0"),
  CHECK(CUDART_SQRT_HALF, 8, "0x1.6a09e667f3bcdp-1"),
  CHECK(CUDART_SQRT_HALF_HI, 8, "0x1.6a09e667f3bcdp-1"),
  CHECK(CUDART_SQRT_HALF_LO, 8, "-0x1.bdd3413b26456p-55"),
  CHECK(CUDART_THIRD, 8, "0x1.5555555555555p-2"),
  CHECK(CUDART_TWOTHIRD, 8, "0x1.5555555555555p-1"),
  CHECK(CUDART_PIO4, 8, "0x1.921fb54442d18p-1"),
  CHECK(CUDART_PIO4_HI, 8, "0x1.921fb54442d18p-1"),
  CHECK(CUDART_PIO4_LO, 8, "0x1.1a62633145c07p-55"),
  CHECK(CUDART_PIO2, 8, "0x1.921fb54442d18p+0"),
  CHECK(CUDART_PIO2_HI, 8, "0x1.921fb54442d18p+0"),
  CHECK(CUDART_PIO2_LO, 8, "0x1.1a62633145c07p-54"),
  CHECK(CUDART_3PIO4, 8, "0x1.2d97c7f3321d2p+1"),
  CHECK(CUDART_2_OVER_PI, 8, "0x1.45f306dc9c883p-1"),
  CHECK(CUDART_PI, 8, "0x1.921fb54442d18p+1"),
  CHECK(CUDART_PI_HI, 8, "0x1.921fb54442d18p+1"),
  CHECK(CUDART_PI_LO, 8, "0x1.1a62633145c07p-53"),
  CHECK(CUDART_SQRT_2PI, 8, "0x1.40d931ff62706p+1"),
  CHECK(CUDART_SQRT_2PI_HI, 8, "0x1.40d931ff62706p+1"),
  CHECK(CUDART_SQRT_2PI_LO, 8, "-0x1.a6a0d6f814637p-53"),
  CHECK(CUDART_SQRT_PIO2, 8, "0x1.40d931ff62706p+0"),
  CHECK(CUDART_SQRT_PIO2_HI, 8, "0x1.40d931ff62706p+0"),
  CHECK(CUDART_SQRT_PIO2_LO, 8, "-0x1.a6a0d6f814637p-54"),
  CHECK(CUDART_SQRT_2OPI, 8, "0x1.9884533d43651p-1"),
  CHECK(CUDART_L2E, 8, "0x1.71547652b82fep+0"),
  CHECK(CUDART_L2E_HI, 8, "0x1.71547652b82fep+0"),
  CHECK(CUDART_L2E_LO, 8, "0x1.777d0ffda0d24p-56"),
  CHECK(CUDART_L2T, 8, "0x1.a934f0979a371p+1"),
  CHECK(CUDART_LG2, 8, "0x1.34413509f79ffp-2"),
  CHECK(CUDART_LG2_HI, 8, "0x1.34413509f79ffp-2"),
  CHECK(CUDART_LG2_LO, 8, "-0x1.9dc1da994fd21p-59"),
  CHECK(CUDART_LGE, 8, "0x1.bcb7b1526e50ep-2"),
  CHECK(CUDART_LGE_HI, 8, "0x1.bcb7b1526e50ep-2"),
  CHECK(CUDART_LGE_LO, 8, "0x1.95355baaafad3p-57"),
  CHECK(CUDART_LN2, 8, "0x1.62e42fefa39efp-1"),
  CHECK(CUDART_LN2_HI, 8, "0x1.62e42fefa39efp-1"),
  CHECK(CUDART_LN2_LO, 8, "0x1.abc9e3b39803fp-56"),
  CHECK(CUDART_LNT, 8, "0x1.26bb1bbb55516p+1"),
  CHECK(CUDART_LNT_HI, 8, "0x1.26bb1bbb55516p+1"),
  CHECK(CUDART_LNT_LO, 8, "-0x1.f48ad494ea3e9p-53"),
  CHECK(CUDART_LNPI, 8, "0x1.250d048e7a1bdp+0"),
  CHECK(CUDART_LN2_X_1024, 8, "0x1.62e42fefa39efp+9"),
  CHECK(CUDART_LN2_X_1025, 8, "0x1.633ce8fb9f87ep+9"),
  CHECK(CUDART_LN2_X_1075, 8, "0x1.74910d52d3052p+9"),
  CHECK(CUDART_LG2_X_1024, 8, "0x1.34413509f79ffp+8"),
  CHECK(CUDART_LG2_X_1075, 8, "0x1.439b746e36b52p+8"),
  CHECK(CUDART_TWO_TO_23, 8, "0x1p+23"),
  CHECK(CUDART_TWO_TO_52, 8, "0x1p+52"),
  CHECK(CUDART_TWO_TO_53, 8, "0x1p+53"),
  CHECK(CUDART_TWO_TO_54, 8, "0x1p+54"),
  CHECK(CUDART_TWO_TO_M54, 8, "0x1p-54"),
  CHECK(CUDART_TWO_TO_M1022, 8, "0x1p-1022"),
  CHECK(CUDART_TRIG_PLOSS, 8, "0x1p+31"),
  CHECK(CUDART_DBL2INT_CVT, 8, "0x1.8p+52"),
};
#undef CHECK
#define N (int)(sizeof table / sizeof *table)
#define DEVICE(name, size, cuda) v[i] = (double)(name), s[i++] = (int)sizeof(name);
__global__ void device_values(double *v, int *s) {
  int i = 0;
  DEVICE(CUDART_INF_F, 4, 0)
  DEVICE(CUDART_NAN_F, 4, 0)
  DEVICE(CUDART_MIN_DENORM_F, 4, 0)
  DEVICE(CUDART_MAX_NORMAL_F, 4, 0)
  DEVICE(CUDART_NEG_ZERO_F, 4, 0)
  DEVICE(CUDART_ZERO_F, 4, 0)
  DEVICE(CUDART_ONE_F, 4, 0)
  DEVICE(CUDART_SQRT_HALF_F, 4, 0)
  DEVICE(CUDART_SQRT_HALF_HI_F, 4, 0)
  DEVICE(CUDART_SQRT_HALF_LO_F, 4, 0)
  DEVICE(CUDART_SQRT_TWO_F, 4, 0)
  DEVICE(CUDART_THIRD_F, 4, 0)
  DEVICE(CUDART_PIO4_F, 4, 0)
  DEVICE(CUDART_PIO2_F, 4, 0)
  DEVICE(CUDART_3PIO4_F, 4, 0)
  DEVICE(CUDART_2_OVER_PI_F, 4, 0)
  DEVICE(CUDART_SQRT_2_OVER_PI_F, 4, 0)
  DEVICE(CUDART_PI_F, 4, 0)
  DEVICE(CUDART_L2E_F, 4, 0)
  DEVICE(CUDART_L2T_F, 4, 0)
  DEVICE(CUDART_LG2_F, 4, 0)
  DEVICE(CUDART_LGE_F, 4, 0)
  DEVICE(CUDART_LN2_F, 4, 0)
  DEVICE(CUDART_LNT_F, 4, 0)
  DEVICE(CUDART_LNPI_F, 4, 0)
  DEVICE(CUDART_TWO_TO_M126_F, 4, 0)
  DEVICE(CUDART_TWO_TO_126_F, 4, 0)
  DEVICE(CUDART_NORM_HUGE_F, 4, 0)
  DEVICE(CUDART_TWO_TO_23_F, 4, 0)
  DEVICE(CUDART_TWO_TO_24_F, 4, 0)
  DEVICE(CUDART_TWO_TO_31_F, 4, 0)
  DEVICE(CUDART_TWO_TO_32_F, 4, 0)
  DEVICE(CUDART_REMQUO_BITS_F, 4, 0)
  DEVICE(CUDART_REMQUO_MASK_F, 4, 0)
  DEVICE(CUDART_TRIG_PLOSS_F, 4, 0)
  DEVICE(CUDART_INF, 8, 0)
  DEVICE(CUDART_NAN, 8, 0)
  DEVICE(CUDART_NEG_ZERO, 8, 0)
  DEVICE(CUDART_MIN_DENORM, 8, 0)
  DEVICE(CUDART_ZERO, 8, 0)
  DEVICE(CUDART_ONE, 8, 0)
  DEVICE(CUDART_SQRT_TWO, 8, 0)
  DEVICE(CUDART_SQRT_HALF, 8, 0)
  DEVICE(CUDART_SQRT_HALF_HI, 8, 0)
  DEVICE(CUDART_SQRT_HALF_LO, 8, 0)
  DEVICE(CUDART_THIRD, 8, 0)
  DEVICE(CUDART_TWOTHIRD, 8, 0)
  DEVICE(CUDART_PIO4, 8, 0)
  DEVICE(CUDART_PIO4_HI, 8, 0)
  DEVICE(CUDART_PIO4_LO, 8, 0)
  DEVICE(CUDART_PIO2, 8, 0)
  DEVICE(CUDART_PIO2_HI, 8, 0)
  DEVICE(CUDART_PIO2_LO, 8, 0)
  DEVICE(CUDART_3PIO4, 8, 0)
  DEVICE(CUDART_2_OVER_PI, 8, 0)
  DEVICE(CUDART_PI, 8, 0)
  DEVICE(CUDART_PI_HI, 8, 0)
  DEVICE(CUDART_PI_LO, 8, 0)
  DEVICE(CUDART_SQRT_2PI, 8, 0)
  DEVICE(CUDART_SQRT_2PI_HI, 8, 0)
  DEVICE(CUDART_SQRT_2PI_LO, 8, 0)
  DEVICE(CUDART_SQRT_PIO2, 8, 0)
  DEVICE(CUDART_SQRT_PIO2_HI, 8, 0)
  DEVICE(CUDART_SQRT_PIO2_LO, 8, 0)
  DEVICE(CUDART_SQRT_2OPI, 8, 0)
  DEVICE(CUDART_L2E, 8, 0)
  DEVICE(CUDART_L2E_HI, 8, 0)
  DEVICE(CUDART_L2E_LO, 8, 0)
  DEVICE(CUDART_L2T, 8, 0)
  DEVICE(CUDART_LG2, 8, 0)
  DEVICE(CUDART_LG2_HI, 8, 0)
  DEVICE(CUDART_LG2_LO, 8, 0)
  DEVICE(CUDART_LGE, 8, 0)
  DEVICE(CUDART_LGE_HI, 8, 0)
  DEVICE(CUDART_LGE_LO, 8, 0)
  DEVICE(CUDART_LN2, 8, 0)
  DEVICE(CUDART_LN2_HI, 8, 0)
  DEVICE(CUDART_LN2_LO, 8, 0)
  DEVICE(CUDART_LNT, 8, 0)
  DEVICE(CUDART_LNT_HI, 8, 0)
  DEVICE(CUDART_LNT_LO, 8, 0)
  DEVICE(CUDART_LNPI, 8, 0)
  DEVICE(CUDART_LN2_X_1024, 8, 0)
  DEVICE(CUDART_LN2_X_1025, 8, 0)
  DEVICE(CUDART_LN2_X_1075, 8, 0)
  DEVICE(CUDART_LG2_X_1024, 8, 0)
  DEVICE(CUDART_LG2_X_1075, 8, 0)
  DEVICE(CUDART_TWO_TO_23, 8, 0)
  DEVICE(CUDART_TWO_TO_52, 8, 0)
  DEVICE(CUDART_TWO_TO_53, 8, 0)
  DEVICE(CUDART_TWO_TO_54, 8, 0)
  DEVICE(CUDART_TWO_TO_M54, 8, 0)
  DEVICE(CUDART_TWO_TO_M1022, 8, 0)
  DEVICE(CUDART_TRIG_PLOSS, 8, 0)
  DEVICE(CUDART_DBL2INT_CVT, 8, 0)
}

static unsigned long long bits(double x) {
  unsigned long long u;
  memcpy(&u, &x, 8);
  return u;
}

// NaNs: a float NaN widened to double keeps its payload in the top bits.
static int same(double got, const char *cuda, int size) {
  if (!strcmp(cuda, "nan")) return bits(got) == 0x7fffffffe0000000ull; // 0x7fffffff as double
  if (!strcmp(cuda, "-nan")) return bits(got) == 0xfff8000000000000ull;
  if (!strcmp(cuda, "inf")) return got == __builtin_huge_val();
  (void)size;
  return bits(got) == bits(strtod(cuda, NULL));
}

int main() {
  double *v;
  int *s;
  cudaMallocManaged(&v, N * sizeof(double));
  cudaMallocManaged(&s, N * sizeof(int));
  device_values<<<1, 1>>>(v, s);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: kernel\n");
    return 1;
  }
  int bad = 0;
  for (int i = 0; i < N; i++) {
    int size_ok = s[i] == table[i].size;
#if defined(__NVCC__) && !defined(__clang__) // nvcc itself (Anchor defines __NVCC__ too)
    const bool host_ok = true;
#else
    const bool host_ok = same(table[i].host, table[i].cuda, table[i].size);
#endif
    if (!size_ok || !same(v[i], table[i].cuda, table[i].size) || !host_ok) {
      printf("mismatch: %s: device %a (size %d), host %a, CUDA %s (size %d)\n", table[i].name,
             v[i], s[i], table[i].host, table[i].cuda, table[i].size);
      bad++;
    }
  }
  printf("%d constants, %d wrong\n", N, bad);
  if (bad) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
