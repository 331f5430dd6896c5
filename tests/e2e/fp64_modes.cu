// fp64_modes.cu — double precision in each of anchorcc's --fp64 modes against
// a host reference (docs/compiler.md "FP64 modes"); built once per mode with
// -DMODE_EXACT, -DMODE_DEMOTE or -DMODE_FAST (tests/e2e/CMakeLists.txt).
//   exact:  IEEE binary64: the host's double results, bit for bit.
//   demote: float: the host's float computation of the same expressions
//           (inputs rounded to float, results widened), bit for bit; exp is
//           expf's, within its 2 ulp of the host's expf.
//   fast:   double-float: each result within the bound docs/compiler.md
//           states, relative to binary64; the measured maxima are printed
//           in units of u^2 = 2^-48.
// In every mode a double that is only copied keeps its bits, and the
// special values (infinities, NaN, signed zeros) are IEEE's.
// Under nvcc (no --fp64) it is the exact build.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#if !defined(MODE_DEMOTE) && !defined(MODE_FAST)
#define MODE_EXACT 1
#endif

enum { ADD, SUB, MUL, DIV, SQRT, FMA, HORNER, MIN, CONV, EXP, COPY, NEG, NOUT };
static const char *const names[NOUT] = {"add",    "sub", "mul",  "div", "sqrt", "fma",
                                        "horner", "min", "conv", "exp", "copy", "neg"};

__global__ void ops(const double *x, const double *y, const double *z, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = x[i], b = y[i], c = z[i];
  double *o = out + (size_t)i * NOUT;
  o[ADD] = a + b;
  o[SUB] = a - b;
  o[MUL] = a * b;
  o[DIV] = a / b;
  o[SQRT] = sqrt(fabs(a));
  o[FMA] = fma(a, b, c);
  double acc = c; // a loop-carried double (a phi)
  for (int k = 0; k < 3; k++)
    acc = fma(acc, b, a);
  o[HORNER] = acc;
  o[MIN] = a < b ? a : b; // fcmp and select
  o[CONV] = (double)(int)(b * 100.0) + (double)i;
  o[EXP] = exp(b * 0.01);
  o[COPY] = c;
  o[NEG] = -fabs(c);
}

// Host references, in the mode's arithmetic.
#if defined(MODE_DEMOTE)
typedef float R;
#define RSQRT sqrtf
#define RFMA fmaf
#define REXP expf
#else
typedef double R;
#define RSQRT sqrt
#define RFMA fma
#define REXP exp
#endif

// CUDA's conversion to int: toward zero, saturating, NaN -> 0.
static int to_int(R v) {
  if (v != v) return 0;
  if (v >= (R)2147483648.0) return 2147483647;
  if (v <= (R)-2147483648.0) return -2147483647 - 1;
  return (int)v;
}

static void reference(double x, double y, double z, int i, double *o) {
  R a = (R)x, b = (R)y, c = (R)z;
  o[ADD] = a + b;
  o[SUB] = a - b;
  o[MUL] = a * b;
  o[DIV] = a / b;
  o[SQRT] = RSQRT(std::fabs(a));
  o[FMA] = RFMA(a, b, c);
  R acc = c;
  for (int k = 0; k < 3; k++)
    acc = RFMA(acc, b, a);
  o[HORNER] = acc;
  o[MIN] = a < b ? a : b;
  o[CONV] = (R)to_int(b * (R)100.0) + (R)i;
  o[EXP] = REXP(b * (R)0.01);
  o[COPY] = z;
  o[NEG] = -std::fabs(c);
}

static uint64_t bits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

static uint64_t state = 0x9E3779B97F4A7C15ull;
static double random_double(int binades) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  uint64_t r = state >> 11;
  double m = 1.0 + (double)(r & ((1ull << 52) - 1)) * 0x1p-52;
  int e = (int)((r >> 52) % (unsigned)(2 * binades + 1)) - binades;
  return ((state >> 63) ? -m : m) * std::ldexp(1.0, e);
}

int main() {
  const int specials = 11, n = 4096 + specials;
  static double hx[n], hy[n], hz[n], ho[(size_t)n * NOUT];
  const double inf = INFINITY;
  // the last: 1 + 2^-25 + 2^-52 has 53 significant bits, a pair keeps 1 + 2^-25
  const double wide = 1.0 + 0x1p-25 + 0x1p-52;
  const double sx[specials] = {inf, -0.0, 1.0, 0.0, -inf, NAN, 1e300, 2.0, 1.0, 3.0, wide};
  const double sy[specials] = {1.0, 5.0, 0.0, -0.0, inf, 1.0, 1.0, -2.0, -1.0, 1.5, 0.0};
  const double sz[specials] = {-0.0, inf, NAN, 1e-310, 1.0, 0.0, 2.0, 4.0, -1.0, 0.1, wide};
  for (int i = 0; i < n; i++) {
    hx[i] = i < specials ? sx[i] : random_double(40);
    hy[i] = i < specials ? sy[i] : random_double(40);
    hz[i] = i < specials ? sz[i] : random_double(40);
  }
  double *dx, *dy, *dz, *dout;
  cudaMalloc(&dx, sizeof hx);
  cudaMalloc(&dy, sizeof hy);
  cudaMalloc(&dz, sizeof hz);
  cudaMalloc(&dout, sizeof ho);
  cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice);
  cudaMemcpy(dz, hz, sizeof hz, cudaMemcpyHostToDevice);
  ops<<<(n + 127) / 128, 128>>>(dx, dy, dz, dout, n);
  if (cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost) != cudaSuccess) {
    printf("FAIL: kernel\n");
    return 1;
  }
  int failures = 0;
#if defined(MODE_FAST)
  double worst[NOUT] = {0}; // the largest error of each operation, in u^2
#endif
  for (int i = 0; i < n; i++) {
    double want[NOUT];
    reference(hx[i], hy[i], hz[i], i, want);
    for (int k = 0; k < NOUT; k++) {
      double got = ho[(size_t)i * NOUT + k], w = want[k];
      bool same = bits(got) == bits(w) || (std::isnan(got) && std::isnan(w));
      bool ok = same;
#if defined(MODE_EXACT)
      if (k == EXP && !same) // the library's exp, within 1 ulp of the host's
        ok = std::fabs(got - w) <= std::ldexp(1.0, std::ilogb(w) - 52);
#elif defined(MODE_DEMOTE)
      if (k == EXP && !same) // expf's 2 ulp against the host's expf
        ok = std::fabs(got - w) <= 2 * std::ldexp(1.0, std::ilogb(w) - 23);
#elif defined(MODE_FAST)
      // Relative to binary64 (u = 2^-24): every input is a pair within
      // u^2 (and the result's rounding to binary64 adds 2^-53), each operation
      // within its bound (include/anchor/math/f64_fast.h);
      // the scale of add/sub/fma/horner is what cancellation cannot shrink.
      double x = hx[i], y = hy[i], z = hz[i], u2 = 0x1p-48, scale = std::fabs(w), bound = 0;
      switch (k) {
      case ADD:
      case SUB: scale = std::fabs(x) + std::fabs(y), bound = 5; break;
      case MUL: bound = 8; break;
      case DIV: bound = 18; break;
      case SQRT: bound = 5; break;
      case FMA: scale = std::fabs(x * y) + std::fabs(z), bound = 12; break;
      case HORNER: {
        double s = std::fabs(z); // the sizes of the terms of the evaluation
        for (int j = 0; j < 3; j++)
          s = s * std::fabs(y) + std::fabs(x);
        scale = s, bound = 40;
        break;
      }
      case EXP: scale = std::fabs(w), bound = 0x1p25; break; // expf's: 2 float ulp
      case COPY: bound = -1; break;                          // the same bits
      default: bound = 1.1; break; // min, neg, conv: the input's rounding to a pair
      }
      // Beyond float's exponent range a pair cannot follow binary64.
      bool in_range = std::fabs(x) < 0x1p120 && std::fabs(y) < 0x1p120 && std::fabs(z) < 0x1p120 &&
                      std::fabs(w) < 0x1p120 && (x == 0 || std::fabs(x) > 0x1p-100) &&
                      (y == 0 || std::fabs(y) > 0x1p-100) && (z == 0 || std::fabs(z) > 0x1p-100);
      if (!same && bound >= 0) {
        if (!in_range) {
          ok = true;
        } else if (std::isfinite(w) && std::fabs(w) > 0x1p-100) {
          double err = std::fabs(got - w) / (scale * u2);
          if (err > worst[k]) worst[k] = err;
          ok = err <= bound;
        }
      }
#endif
      if (!ok && failures++ < 10)
        printf("FAIL: %s(%a, %a, %a) = %a (%.17g), want %a (%.17g)\n", names[k], hx[i], hy[i],
               hz[i], got, got, w, w);
    }
  }
  // What the mode is: binary64, float or a pair (the copy is binary64 in all).
  double sum = ho[(size_t)(specials - 1) * NOUT + ADD],
         copy = ho[(size_t)(specials - 1) * NOUT + COPY];
#if defined(MODE_EXACT)
  double want_sum = wide;
#elif defined(MODE_DEMOTE)
  double want_sum = 1.0;
#else
  double want_sum = 1.0 + 0x1p-25;
#endif
  if (bits(sum) != bits(want_sum) || bits(copy) != bits(wide)) {
    printf("FAIL: (1 + 2^-25 + 2^-52) + 0 = %a, want %a; copied: %a\n", sum, want_sum, copy);
    failures++;
  }
#if defined(MODE_FAST)
  for (int k = 0; k < NOUT; k++)
    if (k != COPY && k != EXP)
      printf("fast %-6s max error %.2f u^2 (relative to its scale)\n", names[k], worst[k]);
  printf("fast exp    max error %.3g u^2 (expf)\n", worst[EXP]);
#endif
  if (failures) {
    printf("FAIL: %d results\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
