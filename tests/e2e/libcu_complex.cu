// libcu_complex.cu — end-to-end test of libcu++'s cuda::std::complex<float> and
// <double> (Debian's libcu++-dev 1.8.1, unmodified) in device code against std::complex
// on the host: + - * / (also with scalars), inputs off the branch cuts, abs, arg,
// norm, conj, proj, polar, real/imag, exp, log, log10, sqrt, pow, sin, cos, tan, sinh,
// cosh, tanh, asin, acos, atan, asinh, acosh, atanh. Arithmetic is compared within a few
// ulps (the host's and the device's fused multiply-adds may differ); the transcendental
// functions within CUDA's documented bounds of their float/double parts (relative 1e-5
// for float, 1e-12 for double). Prints PASS or FAIL: <details>.
#include <cuda/std/complex>
#include <complex>
#include <math.h>
#include <stdio.h>

#define OPS 29
#define INPUTS 9

template <class T> __device__ void apply(const T *in, T *out) {
  typedef cuda::std::complex<T> C;
  C a(in[0], in[1]), b(in[2], in[3]);
  C r[OPS] = {a + b,
              a - b,
              a * b,
              a / b,
              a * T(2.5),
              T(3) / a,
              C(cuda::std::abs(a), cuda::std::arg(a)),
              C(cuda::std::norm(a), a.real() + a.imag()),
              cuda::std::conj(a),
              cuda::std::proj(a),
              cuda::std::polar(cuda::std::abs(b), T(0.75)),
              cuda::std::exp(a),
              cuda::std::log(a),
              cuda::std::log10(a),
              cuda::std::sqrt(a),
              cuda::std::pow(a, b),
              cuda::std::pow(a, T(2)),
              cuda::std::sin(a),
              cuda::std::cos(a),
              cuda::std::tan(a),
              cuda::std::sinh(a),
              cuda::std::cosh(a),
              cuda::std::tanh(a),
              cuda::std::asin(a),
              cuda::std::acos(a),
              cuda::std::atan(a),
              cuda::std::asinh(a),
              cuda::std::acosh(a),
              cuda::std::atanh(a)};
  for (int k = 0; k < OPS; k++) out[2 * k] = r[k].real(), out[2 * k + 1] = r[k].imag();
}

template <class T> __global__ void kernel(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) apply<T>(in + 4 * i, out + 2 * OPS * i);
}

template <class T> static void reference(const T *in, T *out) {
  typedef std::complex<T> C;
  C a(in[0], in[1]), b(in[2], in[3]);
  C r[OPS] = {a + b,          a - b,          a * b,          a / b,
              a * T(2.5),     T(3) / a,       C(std::abs(a), std::arg(a)),
              C(std::norm(a), a.real() + a.imag()),
              std::conj(a),   std::proj(a),   std::polar(std::abs(b), T(0.75)),
              std::exp(a),    std::log(a),    std::log10(a),  std::sqrt(a),
              std::pow(a, b), std::pow(a, T(2)), std::sin(a),  std::cos(a),
              std::tan(a),    std::sinh(a),   std::cosh(a),   std::tanh(a),
              std::asin(a),   std::acos(a),   std::atan(a),   std::asinh(a),
              std::acosh(a),  std::atanh(a)};
  for (int k = 0; k < OPS; k++) out[2 * k] = r[k].real(), out[2 * k + 1] = r[k].imag();
}

static const double inputs[INPUTS][4] = {
    {1.5, -0.5, 0.25, 2.0},  {-3.0, 4.0, 1.0, -1.0},   {0.1, 0.2, -0.3, 0.4},
    {2.0, 0.25, 0.0, 3.0},   {-0.75, -1.25, 5.0, 0.5}, {1e-3, 7.0, -2.0, -2.0},
    {0.5, 0.5, 0.5, -0.5},   {-1.0, 0.125, 2.0, 1.0},   {3.25, -2.5, -0.125, 0.0625}};
static const char *const names[OPS] = {"+", "-", "*", "/", "*s", "s/", "abs,arg", "norm", "conj",
                                       "proj", "polar", "exp", "log", "log10", "sqrt", "pow",
                                       "pow2", "sin", "cos", "tan", "sinh", "cosh", "tanh",
                                       "asin", "acos", "atan", "asinh", "acosh", "atanh"};
static int failures;

template <class T> static void run(const char *type, double tolerance) {
  T *in, *out;
  cudaMallocManaged(&in, INPUTS * 4 * sizeof(T));
  cudaMallocManaged(&out, INPUTS * 2 * OPS * sizeof(T));
  for (int i = 0; i < INPUTS; i++)
    for (int k = 0; k < 4; k++) in[4 * i + k] = (T)inputs[i][k];
  kernel<T><<<2, 5>>>(in, out, INPUTS);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s kernel: %s\n", type, cudaGetErrorString(err));
    failures++;
    return;
  }
  for (int i = 0; i < INPUTS; i++) {
    T want[2 * OPS];
    reference<T>(in + 4 * i, want);
    for (int k = 0; k < OPS; k++) {
      // relative to the result's magnitude: a part near zero is compared absolutely
      double scale = fmax(1.0, hypot((double)want[2 * k], (double)want[2 * k + 1]));
      for (int p = 0; p < 2; p++) {
        double got = out[2 * OPS * i + 2 * k + p], w = want[2 * k + p];
        if (got != w && !(fabs(got - w) <= tolerance * scale) && failures++ < 20)
          printf("FAIL: %s %s input %d part %d: %.17g, host %.17g\n", type, names[k], i, p, got,
                 w);
      }
    }
  }
  cudaFree(in);
  cudaFree(out);
}

int main(void) {
  run<float>("float", 1e-5);
  run<double>("double", 1e-12);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
