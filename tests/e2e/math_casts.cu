// math_casts.cu — plain C casts from float, double and __half to integers in device code
// behave as nvcc compiles them (PTX cvt.rzi: toward zero, saturating): out-of-range
// values give the type's smallest or largest value, and a NaN gives 0 from a float or
// half to a 32-bit type, the top bit alone (0x80000000, 0x8000000000000000) from a
// double to any type and from a float to a 64-bit type (measured on the H200,
// tests/e2e/observed/h200-math.log). Each cast is compared with a host reference of those
// rules and with the matching __float2int_rz, __double2ull_rz, ... on the device.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

struct casts {
  int fi, di, hi;
  unsigned fu, du, hu;
  long long fl, dl;
  unsigned long long ful, dul;
  int fi_rz, di_rz;
  unsigned fu_rz, du_rz;
  long long fl_rz, dl_rz;
  unsigned long long ful_rz, dul_rz;
};

__global__ void kernel(const float *f, const double *d, casts *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = f[i];
  double y = d[i];
  __half h = __float2half(x);
  casts c;
  c.fi = (int)x, c.di = (int)y, c.hi = (int)(float)h;
  c.fu = (unsigned)x, c.du = (unsigned)y, c.hu = (unsigned)(float)h;
  c.fl = (long long)x, c.dl = (long long)y;
  c.ful = (unsigned long long)x, c.dul = (unsigned long long)y;
  c.fi_rz = __float2int_rz(x), c.di_rz = __double2int_rz(y);
  c.fu_rz = __float2uint_rz(x), c.du_rz = __double2uint_rz(y);
  c.fl_rz = __float2ll_rz(x), c.dl_rz = __double2ll_rz(y);
  c.ful_rz = __float2ull_rz(x), c.dul_rz = __double2ull_rz(y);
  out[i] = c;
}

// x toward zero, saturated to [lo, hi]; `nan` for a NaN.
static unsigned long long sat(long double x, long double lo, long double hi,
                              unsigned long long nan, int is_signed) {
  if (isnan(x)) return nan;
  long double t = truncl(x);
  if (t < lo) t = lo;
  if (t > hi) t = hi;
  return is_signed ? (unsigned long long)(long long)t : (unsigned long long)t;
}

int main() {
  const float fs[] = {0.0f, -0.0f, 1.5f, -1.5f, 2147483520.0f, 2147483648.0f, -2147483648.0f,
                      -2147483904.0f, 4294967040.0f, 4294967296.0f, 3e9f, -3e9f, 1e10f, -1e10f,
                      9.2233715e18f, 9.223372e18f, -9.223372e18f, -1e19f, 1.8446743e19f,
                      1e30f, -1e30f, -0.5f, -1.0f, 65504.0f, 70000.0f, -70000.0f, INFINITY,
                      -INFINITY, NAN, -NAN, 123456.789f, -98765.4321f, 1e-30f};
  const double ds[] = {2147483647.9, 2147483648.0, -2147483648.9, -2147483649.0, 4294967295.9,
                       4294967296.0, 9223372036854774784.0, 9.3e18, -9.3e18, 1.8446744073709550e19,
                       1.9e19, 1e300, -1e300, 0.999999, -0.999999};
  const int nf = sizeof fs / sizeof *fs, nd = sizeof ds / sizeof *ds, n = nf + nd;
  float hf[64];
  double hd[64];
  for (int i = 0; i < n; i++) {
    hf[i] = i < nf ? fs[i] : (float)ds[i - nf];
    hd[i] = i < nf ? (double)fs[i] : ds[i - nf];
  }
  float *df;
  double *dd;
  casts *dc, hc[64];
  cudaMalloc(&df, sizeof hf), cudaMalloc(&dd, sizeof hd), cudaMalloc(&dc, sizeof hc);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
  kernel<<<1, 64>>>(df, dd, dc, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: kernel\n");
    return 1;
  }
  cudaMemcpy(hc, dc, sizeof hc, cudaMemcpyDeviceToHost);
  const long double i32 = 2147483648.0L, u32 = 4294967296.0L, i64 = 9223372036854775808.0L,
                    u64 = 18446744073709551616.0L;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    long double x = hf[i], y = hd[i];
    long double hx = (long double)__half2float(__float2half(hf[i]));
    const casts &c = hc[i];
    unsigned long long got[18] = {(unsigned)c.fi,  (unsigned)c.di, (unsigned)c.hi, c.fu,
                                  c.du,            c.hu,           (unsigned long long)c.fl,
                                  (unsigned long long)c.dl,        c.ful,          c.dul,
                                  (unsigned)c.fi_rz, (unsigned)c.di_rz, c.fu_rz,   c.du_rz,
                                  (unsigned long long)c.fl_rz,     (unsigned long long)c.dl_rz,
                                  c.ful_rz,        c.dul_rz};
    unsigned long long want[10] = {
        (unsigned)sat(x, -i32, i32 - 1, 0, 1),          (unsigned)sat(y, -i32, i32 - 1, 0x80000000u, 1),
        (unsigned)sat(hx, -i32, i32 - 1, 0, 1),         sat(x, 0, u32 - 1, 0, 0),
        sat(y, 0, u32 - 1, 0x80000000u, 0),             sat(hx, 0, u32 - 1, 0, 0),
        sat(x, -i64, i64 - 1, 1ull << 63, 1),           sat(y, -i64, i64 - 1, 1ull << 63, 1),
        sat(x, 0, u64 - 1, 1ull << 63, 0),              sat(y, 0, u64 - 1, 1ull << 63, 0)};
    // the casts, then the intrinsics (the same rules: fi, di, fu, du, fl, dl, ful, dul)
    const int intrinsic_of[8] = {0, 1, 3, 4, 6, 7, 8, 9};
    for (int k = 0; k < 18; k++) {
      unsigned long long w = k < 10 ? want[k] : want[intrinsic_of[k - 10]];
      if (got[k] != w) {
        if (bad++ < 10)
          printf("mismatch %d: input %a / %a: got 0x%llx, want 0x%llx\n", k, (double)hf[i],
                 (double)hd[i], got[k], w);
      }
    }
  }
  printf("%d inputs, 18 conversions each, %d wrong\n", n, bad);
  if (bad) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
