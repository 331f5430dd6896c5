// kernels.cu — libcufft's kernels (docs/cufft.md), compiled by anchorcc into MSL: the
// gather and scatter between the user's layouts and the compact array, one Stockham
// pass per radix (2, 3, 4, 5, 7, 8 as butterflies; the general radix as a direct
// small DFT with roots from the twiddle table), and Bluestein's chirp
// multiplications. Each kernel is a template over float and double; the host side
// finds them through cufft_kernels[] in the order of fft_args.h.
#include <cuda_runtime.h>

#include "fft_args.h"

namespace {

template <class T> struct cpx {
  T x, y;
};
template <class T> __device__ __forceinline__ cpx<T> mk(T x, T y) {
  cpx<T> c;
  c.x = x, c.y = y;
  return c;
}
template <class T> __device__ __forceinline__ cpx<T> add(cpx<T> a, cpx<T> b) {
  return mk(a.x + b.x, a.y + b.y);
}
template <class T> __device__ __forceinline__ cpx<T> sub(cpx<T> a, cpx<T> b) {
  return mk(a.x - b.x, a.y - b.y);
}
template <class T> __device__ __forceinline__ cpx<T> mul(cpx<T> a, cpx<T> b) {
  return mk(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
// a times -i (forward) or +i (inverse): the quarter turn of radix 4 and 8.
template <class T> __device__ __forceinline__ cpx<T> quarter(cpx<T> a, int inverse) {
  return inverse ? mk(-a.y, a.x) : mk(a.y, -a.x);
}
template <class T> __device__ __forceinline__ cpx<T> load(const void *p, long long i) {
  return reinterpret_cast<const cpx<T> *>(p)[i];
}
template <class T> __device__ __forceinline__ void store(void *p, long long i, cpx<T> v) {
  reinterpret_cast<cpx<T> *>(p)[i] = v;
}
// Twiddle k of the table exp(-2 pi i k / n), conjugated for the inverse direction.
template <class T>
__device__ __forceinline__ cpx<T> root(const void *tw, long long k, int inverse) {
  cpx<T> w = load<T>(tw, k);
  if (inverse) w.y = -w.y;
  return w;
}

__device__ __forceinline__ long long first_thread() {
  return (long long)blockIdx.x * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ long long thread_step() {
  return (long long)gridDim.x * blockDim.x;
}

template <class T> __device__ __forceinline__ void butterfly2(cpx<T> *a, int) {
  cpx<T> t = a[0];
  a[0] = add(t, a[1]);
  a[1] = sub(t, a[1]);
}
template <class T> __device__ __forceinline__ void butterfly4(cpx<T> *a, int inverse) {
  cpx<T> t0 = add(a[0], a[2]), t1 = sub(a[0], a[2]);
  cpx<T> t2 = add(a[1], a[3]), t3 = quarter(sub(a[1], a[3]), inverse);
  a[0] = add(t0, t2);
  a[2] = sub(t0, t2);
  a[1] = add(t1, t3);
  a[3] = sub(t1, t3);
}
template <class T> __device__ __forceinline__ void butterfly8(cpx<T> *a, int inverse) {
  const T h = (T)0.70710678118654752440084436210484904; // sqrt(1/2)
  cpx<T> e[4] = {a[0], a[2], a[4], a[6]}, o[4] = {a[1], a[3], a[5], a[7]};
  butterfly4(e, inverse);
  butterfly4(o, inverse);
  // o[k] times exp(-+ 2 pi i k / 8)
  cpx<T> w1 = mk(h, inverse ? h : -h), w3 = mk(-h, inverse ? h : -h);
  o[1] = mul(o[1], w1);
  o[2] = quarter(o[2], inverse);
  o[3] = mul(o[3], w3);
#pragma unroll
  for (int k = 0; k < 4; k++) {
    a[k] = add(e[k], o[k]);
    a[k + 4] = sub(e[k], o[k]);
  }
}

// y[f] = sum_r a[r] w^(r f), w = exp(-+ 2 pi i / 3): with t = a0 - (a1 + a2) / 2 and
// d = sin(pi/3) (a1 - a2), y1 = t - i d and y2 = t + i d (forward; +i and -i inverse).
template <class T> __device__ __forceinline__ void butterfly3(cpx<T> *a, int inverse) {
  const T s60 = (T)0.86602540378443864676372317075293618; // sin(pi/3)
  cpx<T> b = add(a[1], a[2]);
  cpx<T> t = mk(a[0].x - (T)0.5 * b.x, a[0].y - (T)0.5 * b.y);
  cpx<T> d = sub(a[1], a[2]);
  cpx<T> m = quarter(mk(s60 * d.x, s60 * d.y), inverse);
  a[0] = add(a[0], b);
  a[1] = add(t, m);
  a[2] = sub(t, m);
}

// Radix 5 by the symmetric pairs: b1 = a1 + a4, b2 = a2 + a3, d1 = a1 - a4, d2 = a2 - a3;
// y1,4 = a0 + c1 b1 + c2 b2 -+ i (s1 d1 + s2 d2), y2,3 = a0 + c2 b1 + c1 b2 -+ i (s2 d1 -
// s1 d2) with ck = cos(2 pi k / 5), sk = sin(2 pi k / 5) (forward; signs of i swap inverse).
template <class T> __device__ __forceinline__ void butterfly5(cpx<T> *a, int inverse) {
  const T c1 = (T)0.30901699437494742410229341718281906;  // cos(2 pi / 5)
  const T c2 = (T)-0.80901699437494742410229341718281906; // cos(4 pi / 5)
  const T s1 = (T)0.95105651629515357211643933337938214;  // sin(2 pi / 5)
  const T s2 = (T)0.58778525229247312916870595463907277;  // sin(4 pi / 5)
  cpx<T> b1 = add(a[1], a[4]), b2 = add(a[2], a[3]);
  cpx<T> d1 = sub(a[1], a[4]), d2 = sub(a[2], a[3]);
  cpx<T> t1 = mk(a[0].x + c1 * b1.x + c2 * b2.x, a[0].y + c1 * b1.y + c2 * b2.y);
  cpx<T> t2 = mk(a[0].x + c2 * b1.x + c1 * b2.x, a[0].y + c2 * b1.y + c1 * b2.y);
  cpx<T> u1 = quarter(mk(s1 * d1.x + s2 * d2.x, s1 * d1.y + s2 * d2.y), inverse);
  cpx<T> u2 = quarter(mk(s2 * d1.x - s1 * d2.x, s2 * d1.y - s1 * d2.y), inverse);
  a[0] = add(a[0], add(b1, b2));
  a[1] = add(t1, u1);
  a[4] = sub(t1, u1);
  a[2] = add(t2, u2);
  a[3] = sub(t2, u2);
}

// Radix 7 by the symmetric pairs, as radix 5: bj = aj + a(7-j), dj = aj - a(7-j) (j = 1,
// 2, 3); y(f), y(7-f) = a0 + sum_j c(jf) bj -+ i sum_j s(jf) dj (forward; the signs of i
// swap inverse), ck = cos(2 pi k / 7), sk = sin(2 pi k / 7), with c(7-k) = ck and
// s(7-k) = -sk folding jf mod 7 onto k = 1, 2, 3.
template <class T> __device__ __forceinline__ void butterfly7(cpx<T> *a, int inverse) {
  const T c1 = (T)0.623489801858733530525004884004239811;  // cos(2 pi / 7)
  const T c2 = (T)-0.222520933956314404288902564496794759; // cos(4 pi / 7)
  const T c3 = (T)-0.900968867902419126236102319507445051; // cos(6 pi / 7)
  const T s1 = (T)0.78183148246802980870844452667405775;   // sin(2 pi / 7)
  const T s2 = (T)0.974927912181823607018131682993931217;  // sin(4 pi / 7)
  const T s3 = (T)0.433883739117558120475768332848358755;  // sin(6 pi / 7)
  cpx<T> b1 = add(a[1], a[6]), b2 = add(a[2], a[5]), b3 = add(a[3], a[4]);
  cpx<T> d1 = sub(a[1], a[6]), d2 = sub(a[2], a[5]), d3 = sub(a[3], a[4]);
  cpx<T> t1 =
      mk(a[0].x + c1 * b1.x + c2 * b2.x + c3 * b3.x, a[0].y + c1 * b1.y + c2 * b2.y + c3 * b3.y);
  cpx<T> t2 =
      mk(a[0].x + c2 * b1.x + c3 * b2.x + c1 * b3.x, a[0].y + c2 * b1.y + c3 * b2.y + c1 * b3.y);
  cpx<T> t3 =
      mk(a[0].x + c3 * b1.x + c1 * b2.x + c2 * b3.x, a[0].y + c3 * b1.y + c1 * b2.y + c2 * b3.y);
  cpx<T> u1 =
      quarter(mk(s1 * d1.x + s2 * d2.x + s3 * d3.x, s1 * d1.y + s2 * d2.y + s3 * d3.y), inverse);
  cpx<T> u2 =
      quarter(mk(s2 * d1.x - s3 * d2.x - s1 * d3.x, s2 * d1.y - s3 * d2.y - s1 * d3.y), inverse);
  cpx<T> u3 =
      quarter(mk(s3 * d1.x - s1 * d2.x + s2 * d3.x, s3 * d1.y - s1 * d2.y + s2 * d3.y), inverse);
  a[0] = add(a[0], add(b1, add(b2, b3)));
  a[1] = add(t1, u1);
  a[6] = sub(t1, u1);
  a[2] = add(t2, u2);
  a[5] = sub(t2, u2);
  a[3] = add(t3, u3);
  a[4] = sub(t3, u3);
}

// One Stockham pass of radix R (R = 0: the general kernel, radix p.radix). Thread t
// handles position j of a line: it reads the R values j + r n/R, multiplies value r by
// the twiddle w^(r k n/(ns R)) (k = j mod ns), transforms them, and writes value r to
// (j / ns) ns R + k + r ns: after the last pass the line is in natural order.
template <class T, int R> __global__ void pass(cufft_pass_args p) {
  const int radix = R ? R : p.radix;
  const long long stride = p.n / radix;
  const long long step = p.n / (p.ns * radix); // twiddle index unit of this pass
  const long long root_step = p.n / radix;     // index of exp(-2 pi i / radix)
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long i = t % p.inner, q = t / p.inner;
    long long j = q % stride, outer = q / stride;
    long long base = outer * p.n * p.inner + i;
    long long k = j % p.ns;
    cpx<T> a[R ? R : CUFFT_GENERAL_RADIX_MAX];
#pragma unroll
    for (int r = 0; r < (R ? R : CUFFT_GENERAL_RADIX_MAX); r++) {
      if (r >= radix) break;
      cpx<T> v = load<T>(p.in, base + (j + r * stride) * p.inner);
      a[r] = r && k ? mul(v, root<T>(p.twiddles, r * k * step, p.inverse)) : v;
    }
    if (R == 2) {
      butterfly2(a, p.inverse);
    } else if (R == 4) {
      butterfly4(a, p.inverse);
    } else if (R == 8) {
      butterfly8(a, p.inverse);
    } else if (R == 3) {
      butterfly3(a, p.inverse);
    } else if (R == 5) {
      butterfly5(a, p.inverse);
    } else if (R == 7) {
      butterfly7(a, p.inverse);
    } else {
      // The direct DFT of radix points: y[f] = sum_r a[r] w^(r f mod radix).
      cpx<T> y[R ? R : CUFFT_GENERAL_RADIX_MAX];
#pragma unroll
      for (int f = 0; f < (R ? R : CUFFT_GENERAL_RADIX_MAX); f++) {
        if (f >= radix) break;
        cpx<T> s = a[0];
        int e = 0;
        for (int r = 1; r < radix; r++) {
          e += f;
          if (e >= radix) e -= radix;
          s = add(s, e ? mul(a[r], root<T>(p.twiddles, e * root_step, p.inverse)) : a[r]);
        }
        y[f] = s;
      }
#pragma unroll
      for (int f = 0; f < (R ? R : CUFFT_GENERAL_RADIX_MAX); f++) {
        if (f >= radix) break;
        a[f] = y[f];
      }
    }
    long long d = (j / p.ns) * p.ns * radix + k;
#pragma unroll
    for (int r = 0; r < (R ? R : CUFFT_GENERAL_RADIX_MAX); r++) {
      if (r >= radix) break;
      store<T>(p.out, base + (d + r * p.ns) * p.inner, a[r]);
    }
  }
}

// Where rows r and r + 1 (of the batch * n[0] * n[1] rows along the last dimension)
// start in a user layout. Two divisions: the second row's indices step from the
// first's (64-bit divisions are what a vectorized gather spends most on).
__device__ __forceinline__ void row_pair_offsets(const long long *n, const long long *s,
                                                 long long dist, long long r, long long *first,
                                                 long long *second) {
  long long per = n[0] * n[1];
  long long b = r / per, rest = r - b * per;
  long long x = rest / n[1], y = rest - x * n[1];
  *first = b * dist + x * s[0] + y * s[1];
  if (++y == n[1]) {
    y = 0;
    if (++x == n[0]) x = 0, b++;
  }
  *second = b * dist + x * s[0] + y * s[1];
}

// The user's input into the compact array: complex values, pairs of reals (the
// half-length path) or two rows of reals as one line (the paired-row path).
template <class T, int MODE> __global__ void gather(cufft_gather_args p) {
  const long long per = p.n[0] * p.n[1] * p.n[2];
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long b = t / per, r = t % per;
    long long x = r / (p.n[1] * p.n[2]), y = r / p.n[2] % p.n[1], z = r % p.n[2];
    if (MODE == CUFFT_DATA_REAL_ROW_PAIRS) { // element z of line q: rows 2q, 2q + 1
      const T *in = reinterpret_cast<const T *>(p.in);
      long long q = t / p.n[2], z = t - q * p.n[2], first, second;
      row_pair_offsets(p.n, p.s, p.dist, 2 * q, &first, &second);
      T re = in[first + z * p.s[2]], im = (T)0;
      if (2 * q + 1 < p.rows) im = in[second + z * p.s[2]];
      store<T>(p.out, t, mk(re, im));
      continue;
    }
    cpx<T> v;
    if (MODE == CUFFT_DATA_REAL_PAIRS) { // element z is the reals 2z and 2z + 1
      const T *in = reinterpret_cast<const T *>(p.in);
      long long o = b * p.dist + x * p.s[0] + y * p.s[1] + 2 * z * p.s[2];
      v = mk(in[o], in[o + p.s[2]]);
    } else {
      v = load<T>(p.in, b * p.dist + x * p.s[0] + y * p.s[1] + z * p.s[2]);
    }
    store<T>(p.out, t, v);
  }
}

// The compact array into the user's output layout: complex values (all, or the half
// spectrum of shape m), or the real parts.
template <class T, int MODE> __global__ void scatter(cufft_scatter_args p) {
  const long long per = p.m[0] * p.m[1] * p.m[2];
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    if (MODE == CUFFT_DATA_REAL_ROW_PAIRS) { // element z of line q: rows 2q, 2q + 1
      T *out = reinterpret_cast<T *>(p.out);
      long long q = t / p.n[2], z = t - q * p.n[2], first, second;
      row_pair_offsets(p.n, p.s, p.dist, 2 * q, &first, &second);
      cpx<T> v = load<T>(p.in, t);
      out[first + z * p.s[2]] = v.x;
      if (2 * q + 1 < p.rows) out[second + z * p.s[2]] = v.y;
      continue;
    }
    long long b = t / per, r = t % per;
    long long x = r / (p.m[1] * p.m[2]), y = r / p.m[2] % p.m[1], z = r % p.m[2];
    cpx<T> v = load<T>(p.in, ((b * p.n[0] + x) * p.n[1] + y) * p.n[2] + z);
    long long o = b * p.dist + x * p.s[0] + y * p.s[1] + z * p.s[2];
    if (MODE == CUFFT_DATA_REAL_PAIRS) { // element z is the reals 2z and 2z + 1
      o += z * p.s[2];
      reinterpret_cast<T *>(p.out)[o] = v.x;
      reinterpret_cast<T *>(p.out)[o + p.s[2]] = v.y;
    } else
      store<T>(p.out, o, v);
  }
}

// Bluestein: out[l][k] = in(line l, k) * chirp[k] for k < n, 0 up to m.
template <class T> __global__ void chirp_pre(cufft_chirp_args p) {
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long l = t / p.m, k = t % p.m;
    // Stores in each branch: a struct value merged from two branches is a phi of an
    // aggregate, which the Metal backend does not take.
    if (k < p.n) {
      long long base = (l / p.inner) * p.n * p.inner + l % p.inner;
      store<T>(p.out, t, mul(load<T>(p.in, base + k * p.inner), root<T>(p.chirp, k, p.inverse)));
    } else {
      store<T>(p.out, t, mk((T)0, (T)0));
    }
  }
}

// Bluestein: in[l][k] *= kernel[k], in place (the kernel's transform already holds 1/m).
template <class T> __global__ void chirp_mul(cufft_chirp_args p) {
  for (long long t = first_thread(); t < p.total; t += thread_step())
    store<T>(p.out, t, mul(load<T>(p.in, t), root<T>(p.chirp, t % p.m, p.inverse)));
}

// Bluestein: out(line l, k) = in[l][k] * chirp[k], k < n.
template <class T> __global__ void chirp_post(cufft_chirp_args p) {
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long l = t / p.n, k = t % p.n;
    long long base = (l / p.inner) * p.n * p.inner + l % p.inner;
    store<T>(p.out, base + k * p.inner,
             mul(load<T>(p.in, l * p.m + k), root<T>(p.chirp, k, p.inverse)));
  }
}

// The half-length path, R2C: from Z = DFT_h(x[2j] + i x[2j+1]) the spectrum of x,
// X[k] = E[k] + w^k O[k] (w = exp(-2 pi i / 2h)) with E[k] = (Z[k] + conj Z[h-k]) / 2
// and O[k] = -i (Z[k] - conj Z[h-k]) / 2, the transforms of the even and odd reals;
// Z[h] is Z[0].
template <class T> __global__ void real_post(cufft_real_args p) {
  const long long width = p.h + 1;
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long row = t / width, k = t % width;
    cpx<T> z = load<T>(p.in, row * p.h + k % p.h);
    cpx<T> c = load<T>(p.in, row * p.h + (p.h - k) % p.h);
    c.y = -c.y;
    const T half = (T)0.5;
    cpx<T> e = mk(half * (z.x + c.x), half * (z.y + c.y));
    cpx<T> o = mk(half * (z.y - c.y), -half * (z.x - c.x)); // -i (z - c) / 2
    store<T>(p.out, t, add(e, mul(o, root<T>(p.roots, k, 0))));
  }
}

// The half-length path, C2R: the n/2 values whose inverse DFT_h is n x[2j] + i n x[2j+1]:
// Z[k] = (X[k] + conj X[h-k]) + i w^-k (X[k] - conj X[h-k]), twice the transforms of the
// even and odd reals. X[0] and X[h] count by their real parts alone, as a real signal's
// are (cuFFT and FFTW ignore the imaginary parts there).
template <class T> __global__ void real_pre(cufft_real_args p) {
  const long long width = p.h + 1;
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long row = t / p.h, k = t % p.h;
    cpx<T> x = load<T>(p.in, row * width + k);
    cpx<T> c = load<T>(p.in, row * width + p.h - k);
    if (k == 0) x.y = 0, c.y = 0;
    c.y = -c.y;
    cpx<T> e = add(x, c);
    cpx<T> o = mul(sub(x, c), root<T>(p.roots, k, 1));
    store<T>(p.out, t, mk(e.x - o.y, e.y + o.x)); // e + i o
  }
}

// The paired-row path, R2C: line q is Z = DFT_n(x + i y) of rows x = 2q and y = 2q + 1;
// as both are real, X[k] = (Z[k] + conj Z[n-k]) / 2 and Y[k] = -i (Z[k] - conj Z[n-k]) / 2
// (Z[n] is Z[0]). Writes the h+1 values of each row's half spectrum.
template <class T> __global__ void pair_post(cufft_real_args p) {
  const long long width = p.h + 1;
  const T half = (T)0.5;
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long row = t / width, k = t % width, line = row / 2 * p.n;
    cpx<T> z = load<T>(p.in, line + k);
    cpx<T> c = load<T>(p.in, line + (k ? p.n - k : 0));
    c.y = -c.y;
    if (row % 2 == 0)
      store<T>(p.out, t, mk(half * (z.x + c.x), half * (z.y + c.y)));
    else // -i (z - c) / 2
      store<T>(p.out, t, mk(half * (z.y - c.y), -half * (z.x - c.x)));
  }
}

// The paired-row path, C2R: line q is Z = X + i Y of the full spectra of rows 2q and
// 2q + 1 (Y = 0 past the last row), each completed from its half spectrum by conjugate
// symmetry (X[k] = conj X[n-k] for k > h); the inverse DFT_n of Z is n x + i n y. The
// imaginary part of X[0] counts for nothing, as a real signal's is zero (cuFFT and FFTW
// ignore it).
template <class T> __global__ void pair_pre(cufft_real_args p) {
  const long long width = p.h + 1;
  for (long long t = first_thread(); t < p.total; t += thread_step()) {
    long long q = t / p.n, k = t % p.n;
    bool mirror = k > p.h;
    long long at = mirror ? p.n - k : k;
    T sign = k == 0 ? (T)0 : mirror ? (T)-1 : (T)1; // imaginary parts: as is, conj, or 0
    cpx<T> x = load<T>(p.in, 2 * q * width + at);
    T yr = (T)0, yi = (T)0;
    if (2 * q + 1 < p.rows) {
      cpx<T> y = load<T>(p.in, (2 * q + 1) * width + at);
      yr = y.x, yi = sign * y.y;
    }
    store<T>(p.out, t, mk(x.x - yi, sign * x.y + yr)); // x + i y
  }
}

} // namespace

#define CUFFT_KERNELS_OF(T)                                                                        \
  (void *)gather<T, CUFFT_DATA_COMPLEX>, (void *)gather<T, CUFFT_DATA_REAL_PAIRS>,                 \
      (void *)gather<T, CUFFT_DATA_REAL_ROW_PAIRS>, (void *)scatter<T, CUFFT_DATA_COMPLEX>,        \
      (void *)scatter<T, CUFFT_DATA_REAL_PAIRS>, (void *)scatter<T, CUFFT_DATA_REAL_ROW_PAIRS>,    \
      (void *)pass<T, 2>, (void *)pass<T, 3>, (void *)pass<T, 4>, (void *)pass<T, 5>,              \
      (void *)pass<T, 7>, (void *)pass<T, 8>, (void *)pass<T, 0>, (void *)chirp_pre<T>,            \
      (void *)chirp_mul<T>, (void *)chirp_post<T>, (void *)real_post<T>, (void *)real_pre<T>,      \
      (void *)pair_post<T>, (void *)pair_pre<T>

// Not const: a const array would be an implicit __constant__ variable (docs/libraries.md).
extern "C" void *cufft_kernels[2 * CUFFT_KERNEL_COUNT] = {CUFFT_KERNELS_OF(float),
                                                          CUFFT_KERNELS_OF(double)};
