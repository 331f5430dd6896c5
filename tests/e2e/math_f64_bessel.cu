// math_f64_bessel.cu — end-to-end test of jn and yn of Anchor's device library
// (devlib/f64_bessel.cu) with the order n a run-time value (the accuracy harness's rows
// have fixed n): n from -3 to 130 against x from 2^-1074 to 1e300, both signs.
// Checks: jn(0, x), jn(1, x), yn(0, x), yn(1, x) bit for bit j0, j1, y0, y1; n < 0 gives
// NaN (CUDA's documented value); jn(n, +-inf) = +0, yn(n, +-0) = -inf, yn of x < 0 NaN,
// yn(n, +inf) = +0, NaN in NaN out; J_n(-x) = (-1)^n J_n(x) bit for bit; and the
// accuracy against the host's long double jnl/ynl (glibc, within about 1e-18 absolute):
// jn within CUDA's absolute 5e-12 for every n, yn within 5e-12 absolute for x > 1.5 n
// (CUDA's bound) and within 5e-12 relative below (Anchor's own, where |Y_n| > 1; CUDA
// documents nothing there). Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vector>

enum { OUT = 6 };

__global__ void bessel_kernel(const double *x, const int *n, double *r, unsigned count) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  double a = x[i], *o = r + OUT * i;
  int k = n[i];
  o[0] = jn(k, a), o[1] = yn(k, a), o[2] = jn(k, -a);
  o[3] = k == 0 ? j0(a) : j1(a);
  o[4] = k == 0 ? y0(a) : y1(a);
  o[5] = 0.0;
}

static uint64_t bits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

int main() {
  std::vector<double> xs = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-1074, 1e-300, 1e-20, 1e-5,
                            0.5, 1.0,  2.0,      7.999,     8.0, 1e10,      1e300,  -3.5,  -200.0};
  for (double x = 0.0625; x < 300; x *= 1.07)
    xs.push_back(x), xs.push_back(x * 1.013);
  std::vector<double> hx;
  std::vector<int> hn;
  for (int k = -3; k <= 130; k++)
    for (double x : xs)
      hx.push_back(x), hn.push_back(k);
  const unsigned count = (unsigned)hx.size();
  std::vector<double> out(OUT * (size_t)count);
  double *dx, *dr;
  int *dn;
  if (cudaMalloc(&dx, 8 * count) || cudaMalloc(&dn, 4 * count) ||
      cudaMalloc(&dr, 8 * OUT * (size_t)count)) {
    printf("FAIL: cudaMalloc\n");
    return 1;
  }
  cudaMemcpy(dx, hx.data(), 8 * count, cudaMemcpyHostToDevice);
  cudaMemcpy(dn, hn.data(), 4 * count, cudaMemcpyHostToDevice);
  bessel_kernel<<<(count + 127) / 128, 128>>>(dx, dn, dr, count);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: kernel\n");
    return 1;
  }
  cudaMemcpy(out.data(), dr, 8 * OUT * (size_t)count, cudaMemcpyDeviceToHost);
  long bad = 0;
  double worst_j = 0, worst_y = 0, wy_x = 0;
  int wy_n = 0;
  for (unsigned i = 0; i < count; i++) {
    const double x = hx[i], *o = &out[OUT * (size_t)i];
    const int k = hn[i];
    double j = o[0], y = o[1], jneg = o[2];
    const char *why = NULL;
    if (k < 0) {
      if (!isnan(j) || !isnan(y) || !isnan(jneg)) why = "n < 0 is not NaN";
    } else if (k <= 1 && (bits(j) != bits(o[3]) || bits(y) != bits(o[4]))) {
      why = "jn/yn of order 0, 1 differ from j0, j1, y0, y1";
    } else if (isnan(x)) {
      if (!isnan(j) || !isnan(y)) why = "NaN lost";
    } else if (isinf(x)) {
      // +0 (CUDA: jn(n, +inf) = +0); jn(1, -inf) is j1(-inf) = -0 (CUDA: j1(+-inf) = +-0)
      if (bits(j) != bits(k == 1 && x < 0 ? -0.0 : 0.0) || (x > 0 ? bits(y) != 0 : !isnan(y)))
        why = "wrong value at inf";
    } else if (x == 0 && k >= 1 && (j != 0 || y != -INFINITY)) {
      why = "wrong value at zero";
    } else if (bits(jneg) != bits((k & 1) ? -j : j) && !(x == 0 && jneg == j)) {
      why = "J_n(-x) is not (-1)^n J_n(x)";
    } else if (x < 0 && !isnan(y)) {
      why = "yn of x < 0 is not NaN";
    } else if (x != 0) {
      long double ax = fabsl((long double)x);
      long double rj = jnl(k, ax), ej = fabsl((long double)(x < 0 ? jneg : j) - rj);
      if (!(ej <= 5e-12L)) why = "jn beyond 5e-12";
      if (ej > worst_j) worst_j = (double)ej;
      if (x > 0) {
        long double ry = ynl(k, ax);
        double ryd = (double)ry; // -inf where Y_n is beyond the double range
        long double ey = isinf(ryd) ? (y == ryd ? 0 : 1) : fabsl((long double)y - ry);
        long double lim = ax > 1.5L * k ? 5e-12L : 5e-12L * fmaxl(1, fabsl(ry));
        if (!(ey <= lim)) why = "yn beyond its bound";
        if (ax > 1.5L * k && ey > worst_y) worst_y = (double)ey, wy_n = k, wy_x = x;
      }
    }
    if (why && bad++ < 10)
      printf("  %s: n %d x %a: jn %a (jn(-x) %a) yn %a, host jnl %La ynl %La\n", why, k, x, j, jneg,
             y, x == x && !isinf(x) ? jnl(k, fabsl(x)) : 0.0L,
             x > 0 && !isinf(x) ? ynl(k, x) : 0.0L);
  }
  printf("%u cases; max absolute error jn %.3g, yn (x > 1.5 n) %.3g (n %d, x %.17g)\n", count,
         worst_j, worst_y, wy_n, wy_x);
  if (bad) {
    printf("FAIL: %ld cases\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
