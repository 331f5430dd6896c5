// float_ops.cu — end-to-end test of single-precision arithmetic that CUDA defines
// exactly: + - * and / (IEEE round-to-nearest; nvcc's default is -prec-div=true, no
// flush-to-zero), negation, comparisons (including NaN, infinities, signed zeros and
// subnormals) and select. Each result is one correctly rounded operation stored
// directly, so no FMA contraction can apply and the CPU reference is exact. Results are
// compared bit for bit (any NaN matches any NaN). Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FLOAT_RESULTS = 8, INT_RESULTS = 8 };

__host__ __device__ void float_results(float a, float b, float *f, int *c) {
  f[0] = a + b;
  f[1] = a - b;
  f[2] = a * b;
  f[3] = a / b;
  f[4] = -a;
  f[5] = a < b ? a : b;
  f[6] = a > b ? a : b;
  f[7] = (a == a) ? a : b; // picks b when a is NaN
  c[0] = a < b;
  c[1] = a <= b;
  c[2] = a == b;
  c[3] = a != b;
  c[4] = a > b;
  c[5] = a >= b;
  c[6] = !(a < b) && !(a >= b); // unordered
  c[7] = (a > 0.0f) - (a < 0.0f);
}

__global__ void float_ops(const float *a, const float *b, float *f, int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    float_results(a[i], b[i], f + i * FLOAT_RESULTS, c + i * INT_RESULTS);
}

static float from_bits(unsigned u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static int same(float x, float y) {
  if (x != x && y != y)
    return 1; // both NaN: CUDA and the CPU may differ in the payload
  return memcmp(&x, &y, sizeof x) == 0;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const float specials[] = {
      0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0f, -7.25f, 1e-3f, 3.14159274f, 1e30f, -1e30f,
      3.4028235e38f, -3.4028235e38f, 1.17549435e-38f /* smallest normal */,
      from_bits(0x00000001u) /* smallest subnormal */, from_bits(0x807fffffu),
      from_bits(0x00400000u), from_bits(0x7f800000u) /* +inf */,
      from_bits(0xff800000u) /* -inf */, from_bits(0x7fc00000u) /* NaN */, 16777216.0f,
      16777217.0f, 1.0f / 3.0f, 0.1f};
  const int ns = (int)(sizeof specials / sizeof specials[0]);
  const int random_pairs = 5000, n = ns * ns + random_pairs;
  float *a = (float *)malloc(n * sizeof(float)), *b = (float *)malloc(n * sizeof(float));
  unsigned s = 2463534242u;
  for (int i = 0; i < n; i++) {
    if (i < ns * ns) {
      a[i] = specials[i / ns];
      b[i] = specials[i % ns];
    } else { // random bit patterns with exponents kept in a range that rarely overflows
      s ^= s << 13, s ^= s >> 17, s ^= s << 5;
      a[i] = from_bits((s & 0x807fffffu) | ((96u + (s >> 24) % 64u) << 23));
      s ^= s << 13, s ^= s >> 17, s ^= s << 5;
      b[i] = from_bits((s & 0x807fffffu) | ((96u + (s >> 24) % 64u) << 23));
    }
  }
  float *f = (float *)malloc(n * FLOAT_RESULTS * sizeof(float));
  int *c = (int *)malloc(n * INT_RESULTS * sizeof(int));
  float *da, *db, *df;
  int *dc;
  if (check(cudaMalloc((void **)&da, n * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&db, n * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&df, n * FLOAT_RESULTS * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dc, n * INT_RESULTS * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  float_ops<<<(n + 127) / 128, 128>>>(da, db, df, dc, n);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "float_ops") ||
      check(cudaMemcpy(f, df, n * FLOAT_RESULTS * sizeof(float), cudaMemcpyDeviceToHost),
            "memcpy") ||
      check(cudaMemcpy(c, dc, n * INT_RESULTS * sizeof(int), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  static const char *fnames[FLOAT_RESULTS] = {"a+b", "a-b", "a*b", "a/b",
                                              "-a",  "min", "max", "a==a?a:b"};
  int failures = 0;
  for (int i = 0; i < n; i++) {
    float wf[FLOAT_RESULTS];
    int wc[INT_RESULTS];
    float_results(a[i], b[i], wf, wc);
    for (int k = 0; k < FLOAT_RESULTS; k++)
      if (!same(f[i * FLOAT_RESULTS + k], wf[k]) && failures++ < 10)
        printf("FAIL: a=%a b=%a %s = %a, expected %a\n", a[i], b[i], fnames[k],
               f[i * FLOAT_RESULTS + k], wf[k]);
    for (int k = 0; k < INT_RESULTS; k++)
      if (c[i * INT_RESULTS + k] != wc[k] && failures++ < 10)
        printf("FAIL: a=%a b=%a comparison %d = %d, expected %d\n", a[i], b[i], k,
               c[i * INT_RESULTS + k], wc[k]);
  }
  if (failures)
    return 1;
  cudaFree(da);
  cudaFree(db);
  cudaFree(df);
  cudaFree(dc);
  free(a);
  free(b);
  free(f);
  free(c);
  printf("float_ops: %d input pairs\nPASS\n", n);
  return 0;
}
