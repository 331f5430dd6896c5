// app_gabor.cu — a 2-D Gabor filter bank as image-processing codes write it: complex Gabor
// kernels g(x, y) = exp(-(x'^2 + gamma^2 y'^2) / (2 sigma^2)) * (cos, sin)(2 pi x' / lambda
// + psi), x' = x cos(theta) + y sin(theta), y' = -x sin(theta) + y cos(theta), built on the
// device (sincosf for the orientation, expf for the envelope, cosf and sinf for the
// carrier), then a synthetic image convolved with every kernel (clamp-to-edge borders)
// through shared-memory tiles (the image tile with its halo and the taps). In float, and
// the same template in double (exp, sincos, cos, sin). Checked against the same
// mathematics on the host in long double (its libm, 64-bit significands: far more accurate
// than either device type): every response's error must be within a bound derived from
// CUDA's documented ulp bounds of the functions used (below, error_bound), evaluated per
// response. Prints the largest error and its ratio to the bound, PASS or FAIL. Valid CUDA
// for nvcc.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define W 96 // image width and height (not multiples of the tile)
#define H 80
#define R 6 // kernel radius: (2R + 1)^2 taps
#define KS (2 * R + 1)
#define TAPS (KS * KS)
#define NORI 3 // orientations
#define NLAM 2 // wavelengths
#define NF (NORI * NLAM)
#define TILE 16
#define SPAN (TILE + 2 * R)

// CUDA's documented maximum errors in ulps (CUDA C++ Programming Guide, Mathematical
// Functions appendix; full range): float expf 2, sinf/cosf/sincosf 2; double exp 1,
// sin/cos/sincos 2.
#define EXPF_ULP 2.0
#define TRIGF_ULP 2.0
#define EXP_ULP 1.0
#define TRIG_ULP 2.0

// Filter parameters (as floats: the host reference uses exactly these values).
struct Params {
  float theta[NF], inv2s2[NF], k[NF], psi[NF], gamma2[NF];
};

__device__ static void dsincos(float a, float *s, float *c) {
  sincosf(a, s, c);
}
__device__ static void dsincos(double a, double *s, double *c) {
  sincos(a, s, c);
}
__device__ static float dexp(float a) {
  return expf(a);
}
__device__ static double dexp(double a) {
  return exp(a);
}
__device__ static float dcos(float a) {
  return cosf(a);
}
__device__ static double dcos(double a) {
  return cos(a);
}
__device__ static float dsin(float a) {
  return sinf(a);
}
__device__ static double dsin(double a) {
  return sin(a);
}

// One thread per tap and filter: taps[f][0..TAPS) real, taps[f][TAPS..2 TAPS) imaginary.
template <class T> __global__ void build_bank(Params p, T *taps) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= NF * TAPS) return;
  int f = t / TAPS, tap = t % TAPS;
  T x = (T)(tap % KS - R), y = (T)(tap / KS - R);
  T s, c;
  dsincos((T)p.theta[f], &s, &c);
  T xr = x * c + y * s, yr = -x * s + y * c;
  T env = dexp(-(xr * xr + (T)p.gamma2[f] * (yr * yr)) * (T)p.inv2s2[f]);
  T phase = (T)p.k[f] * xr + (T)p.psi[f];
  taps[f * 2 * TAPS + tap] = env * dcos(phase);
  taps[f * 2 * TAPS + TAPS + tap] = env * dsin(phase);
}

// A TILE x TILE block of outputs per thread block: the image tile with its halo and all
// taps in shared memory; each thread sums every filter's real and imaginary response.
template <class T> __global__ void convolve(const T *img, const T *taps, T *out) {
  __shared__ T tile[SPAN * SPAN];
  __shared__ T bank[NF * 2 * TAPS];
  int tx = threadIdx.x, ty = threadIdx.y, tid = ty * TILE + tx;
  int x0 = blockIdx.x * TILE - R, y0 = blockIdx.y * TILE - R;
  for (int i = tid; i < SPAN * SPAN; i += TILE * TILE) {
    int gx = min(max(x0 + i % SPAN, 0), W - 1), gy = min(max(y0 + i / SPAN, 0), H - 1);
    tile[i] = img[gy * W + gx];
  }
  for (int i = tid; i < NF * 2 * TAPS; i += TILE * TILE)
    bank[i] = taps[i];
  __syncthreads();
  int ox = blockIdx.x * TILE + tx, oy = blockIdx.y * TILE + ty;
  if (ox >= W || oy >= H) return;
  for (int f = 0; f < NF; f++) {
    T re = 0, im = 0;
    for (int j = 0; j < KS; j++)
      for (int i = 0; i < KS; i++) {
        T v = tile[(ty + j) * SPAN + tx + i];
        re += v * bank[f * 2 * TAPS + j * KS + i];
        im += v * bank[f * 2 * TAPS + TAPS + j * KS + i];
      }
    out[((size_t)f * 2 * H + oy) * W + ox] = re;
    out[((size_t)(f * 2 + 1) * H + oy) * W + ox] = im;
  }
}

// ---- host: reference and bound ----------------------------------------------------------
typedef long double LD;

// One tap in long double, and a bound on the device's error in it. eps is the device
// type's unit roundoff, exp_u and trig_u CUDA's bounds in ulps (an error of n ulps is at
// most 2n eps relative, and at most 2n eps absolute for results in [-1, 1]). Each
// operation rounds once (error eps relative); a fused multiply-add only makes it smaller.
static void ref_tap(const Params &p, int f, int tap, LD eps, LD exp_u, LD trig_u, LD *re, LD *im,
                    LD *err) {
  LD x = tap % KS - R, y = tap / KS - R, th = p.theta[f];
  LD c = cosl(th), s = sinl(th);
  LD xr = x * c + y * s, yr = -x * s + y * c;
  LD q = (xr * xr + (LD)p.gamma2[f] * yr * yr) * (LD)p.inv2s2[f];
  LD env = expl(-q), ph = (LD)p.k[f] * xr + (LD)p.psi[f];
  *re = env * cosl(ph);
  *im = env * sinl(ph);
  // x', y': the computed c and s are off by 2 trig_u eps relative; two products and a sum
  LD dc = 2 * trig_u * eps * fabsl(c), ds = 2 * trig_u * eps * fabsl(s);
  LD dxr = fabsl(x) * dc + fabsl(y) * ds + 3 * eps * (fabsl(x * c) + fabsl(y * s));
  LD dyr = fabsl(x) * ds + fabsl(y) * dc + 3 * eps * (fabsl(x * s) + fabsl(y * c));
  // q: squares, a product, a sum, a product
  LD dq = (LD)p.inv2s2[f] * (2 * fabsl(xr) * dxr + dxr * dxr +
                             (LD)p.gamma2[f] * (2 * fabsl(yr) * dyr + dyr * dyr)) +
          6 * eps * q;
  // the envelope: exp's own error, and its argument's (exp(-q) <= 1: absolute)
  LD denv = env * ((1 + 2 * exp_u * eps) * expl(dq) - 1);
  // the phase: a product and a sum; cos and sin move by no more than the phase does
  LD dph = (LD)p.k[f] * dxr + 3 * eps * (fabsl(ph) + (LD)p.psi[f]);
  LD dtrig = dph + 2 * trig_u * eps;
  // the tap: env * trig, rounded
  *err = denv + env * dtrig + denv * dtrig + eps * (env + denv);
}

static LD error_bound_sum(const LD *abs_terms, const LD *tap_err, const LD *v, int n, LD eps) {
  // sum of n products rounded in any order: gamma_n = n eps / (1 - n eps) times the sum of
  // magnitudes (Higham), plus each tap's error times its pixel
  LD mag = 0, prop = 0;
  for (int i = 0; i < n; i++)
    mag += abs_terms[i], prop += fabsl(v[i]) * tap_err[i];
  LD g = n * eps / (1 - n * eps);
  // and the reference's own error (long double: 2^-64 per operation, tens of them)
  return prop + g * (mag + prop) + 64 * 0x1p-64L * mag;
}

static void make_image(float *img) {
  unsigned state = 12345u;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      state = state * 1664525u + 1013904223u;
      float noise = (float)(state >> 8) * (1.0f / 16777216.0f) - 0.5f;
      float stripes = 0.5f + 0.5f * sinf(0.37f * x + 0.11f * y) * cosf(0.05f * y);
      float disc = (x - 40) * (x - 40) + (y - 36) * (y - 36) < 400 ? 0.8f : 0.0f;
      img[y * W + x] = (float)(int)((stripes + disc + 0.1f * noise) * 1024.0f) * (1.0f / 1024.0f);
    }
}

static void make_params(Params *p) {
  for (int o = 0; o < NORI; o++)
    for (int l = 0; l < NLAM; l++) {
      int f = o * NLAM + l;
      float sigma = l ? 3.0f : 2.0f, lambda = l ? 7.0f : 4.5f;
      p->theta[f] = (float)o * (3.14159265f / NORI);
      p->inv2s2[f] = 1.0f / (2.0f * sigma * sigma);
      p->k[f] = 2.0f * 3.14159265f / lambda;
      p->psi[f] = l ? 0.5f : 0.0f;
      p->gamma2[f] = 0.5f * 0.5f;
    }
}

template <class T> static int run(const char *name, LD eps, LD exp_u, LD trig_u) {
  Params p;
  make_params(&p);
  static float imgf[W * H];
  make_image(imgf);
  static T img[W * H];
  for (int i = 0; i < W * H; i++)
    img[i] = imgf[i];
  T *dimg, *dtaps, *dout;
  size_t out_n = (size_t)NF * 2 * W * H;
  cudaMalloc(&dimg, sizeof img);
  cudaMalloc(&dtaps, NF * 2 * TAPS * sizeof(T));
  cudaMalloc(&dout, out_n * sizeof(T));
  cudaMemcpy(dimg, img, sizeof img, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0xff, out_n * sizeof(T)); // NaN: an unwritten response fails
  build_bank<T><<<(NF * TAPS + 127) / 128, 128>>>(p, dtaps);
  convolve<T>
      <<<dim3((W + TILE - 1) / TILE, (H + TILE - 1) / TILE), dim3(TILE, TILE)>>>(dimg, dtaps, dout);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", name, cudaGetErrorString(e));
    return 1;
  }
  T *out = (T *)malloc(out_n * sizeof(T));
  cudaMemcpy(out, dout, out_n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(dimg), cudaFree(dtaps), cudaFree(dout);

  static LD tre[NF][TAPS], tim[NF][TAPS], terr[NF][TAPS];
  for (int f = 0; f < NF; f++)
    for (int t = 0; t < TAPS; t++)
      ref_tap(p, f, t, eps, exp_u, trig_u, &tre[f][t], &tim[f][t], &terr[f][t]);
  double max_err = 0, max_ratio = 0, max_resp = 0;
  int bad = 0;
  static LD v[TAPS], ar[TAPS], ai[TAPS];
  for (int oy = 0; oy < H; oy++)
    for (int ox = 0; ox < W; ox++) {
      for (int j = 0; j < KS; j++)
        for (int i = 0; i < KS; i++) {
          int gx = ox + i - R, gy = oy + j - R;
          gx = gx < 0 ? 0 : gx >= W ? W - 1 : gx, gy = gy < 0 ? 0 : gy >= H ? H - 1 : gy;
          v[j * KS + i] = img[gy * W + gx];
        }
      for (int f = 0; f < NF; f++) {
        LD re = 0, im = 0;
        for (int t = 0; t < TAPS; t++) {
          re += v[t] * tre[f][t], im += v[t] * tim[f][t];
          ar[t] = fabsl(v[t] * tre[f][t]), ai[t] = fabsl(v[t] * tim[f][t]);
        }
        LD got[2] = {out[((size_t)f * 2 * H + oy) * W + ox],
                     out[((size_t)(f * 2 + 1) * H + oy) * W + ox]};
        LD want[2] = {re, im};
        LD bound[2] = {error_bound_sum(ar, terr[f], v, TAPS, eps),
                       error_bound_sum(ai, terr[f], v, TAPS, eps)};
        for (int k = 0; k < 2; k++) {
          LD err = fabsl(got[k] - want[k]);
          if (!(err <= bound[k]) && bad++ < 5)
            printf("FAIL: %s filter %d %s at (%d, %d): device %.17Lg, reference %.17Lg, error "
                   "%.3Lg > bound %.3Lg\n",
                   name, f, k ? "imag" : "real", ox, oy, got[k], want[k], err, bound[k]);
          if (err == err && (double)err > max_err) max_err = (double)err;
          if (err == err && (double)(err / bound[k]) > max_ratio)
            max_ratio = (double)(err / bound[k]);
          if ((double)fabsl(want[k]) > max_resp) max_resp = (double)fabsl(want[k]);
        }
      }
    }
  free(out);
  printf("%s: %d responses, max |response| %.4g, max error %.3g (%.3g relative to the "
         "largest), max error / bound %.3g\n",
         name, NF * 2 * W * H, max_resp, max_err, max_err / max_resp, max_ratio);
  return bad;
}

int main() {
  int bad = run<float>("float", 0x1p-24L, EXPF_ULP, TRIGF_ULP);
  bad += run<double>("double", 0x1p-53L, EXP_ULP, TRIG_ULP);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
