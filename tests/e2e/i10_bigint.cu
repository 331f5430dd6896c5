// i10_bigint.cu — issue 10: multiprecision arithmetic as secp256k1 kernels do it (the
// kind of kernel whose compile once aborted in LLVM's instcombine self-check): a 4x64-bit
// field multiplication with __umul64hi and carries, reduced with 2^256 = 0x1000003D1
// (mod p), and an 8x32-bit schoolbook multiply through 64-bit products, each iterated
// per thread. The functions are __host__ __device__ (the host's __umul64hi is a 128-bit
// product): the host's results are the reference. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#define HD __host__ __device__

HD inline void mul64(uint64_t a, uint64_t b, uint64_t &lo, uint64_t &hi) {
  lo = a * b;
#ifdef __CUDA_ARCH__
  hi = __umul64hi(a, b);
#else
  hi = (uint64_t)(((unsigned __int128)a * b) >> 64);
#endif
}

// r = a * b, folded once with 2^256 = K (mod 2^256 - K): the low 256 bits and a carry.
HD void fe_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
  uint64_t t[8] = {0};
  for (int i = 0; i < 4; i++) {
    uint64_t carry = 0;
    for (int j = 0; j < 4; j++) {
      uint64_t lo, hi;
      mul64(a[i], b[j], lo, hi);
      uint64_t s = t[i + j] + lo;
      hi += s < lo;
      s += carry;
      hi += s < carry;
      t[i + j] = s;
      carry = hi;
    }
    t[i + 4] = carry;
  }
  const uint64_t K = 0x1000003D1ULL;
  uint64_t c = 0;
  for (int i = 0; i < 4; i++) {
    uint64_t lo, hi;
    mul64(t[i + 4], K, lo, hi);
    uint64_t s = t[i] + lo;
    hi += s < lo;
    s += c;
    hi += s < c;
    r[i] = s;
    c = hi;
  }
  uint64_t lo, hi;
  mul64(c, K, lo, hi);
  uint64_t s = r[0] + lo;
  uint64_t cc = (s < lo) + hi;
  r[0] = s;
  for (int i = 1; i < 4; i++) {
    s = r[i] + cc;
    cc = s < cc;
    r[i] = s;
  }
}

// The 512-bit product of two 256-bit numbers in 32-bit limbs.
HD void mul256(const uint32_t *a, const uint32_t *b, uint32_t *t) {
  for (int i = 0; i < 16; i++)
    t[i] = 0;
  for (int i = 0; i < 8; i++) {
    uint64_t c = 0;
    for (int j = 0; j < 8; j++) {
      uint64_t p = (uint64_t)a[i] * b[j] + t[i + j] + c;
      t[i + j] = (uint32_t)p;
      c = p >> 32;
    }
    t[i + 8] = (uint32_t)c;
  }
}

enum { N = 300, ITERS = 7 };

struct Result {
  uint64_t fe[4];
  uint32_t wide[16];
};

HD void work(const uint64_t *a, const uint64_t *b, int i, Result *out) {
  uint64_t x[4], y[4], z[4];
  for (int j = 0; j < 4; j++)
    x[j] = a[4 * i + j], y[j] = b[4 * i + j];
  for (int it = 0; it < ITERS; it++) {
    fe_mul(z, x, y);
    for (int j = 0; j < 4; j++)
      x[j] = z[j];
  }
  for (int j = 0; j < 4; j++)
    out->fe[j] = x[j];
  uint32_t u[8], v[8];
  for (int j = 0; j < 8; j++)
    u[j] = (uint32_t)(a[4 * i + j / 2] >> (32 * (j & 1))),
    v[j] = (uint32_t)(x[j / 2] >> (32 * (j & 1)));
  mul256(u, v, out->wide);
}

__global__ void kernel(const uint64_t *a, const uint64_t *b, Result *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) work(a, b, i, &out[i]);
}

int main(void) {
  static uint64_t a[4 * N], b[4 * N];
  static Result got[N];
  uint64_t x = 0x243f6a8885a308d3ull;
  for (int i = 0; i < 4 * N; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17, a[i] = x;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17, b[i] = i % 9 == 0 ? ~0ull : x;
  }
  uint64_t *da, *db;
  Result *dout;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dout, sizeof got);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  kernel<<<(N + 63) / 64, 64>>>(da, db, dout, N);
  cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  int failures = 0;
  for (int i = 0; i < N; i++) {
    Result want;
    work(a, b, i, &want);
    int ok = 1;
    for (int j = 0; j < 4; j++)
      ok &= got[i].fe[j] == want.fe[j];
    if (!ok && failures++ < 10) printf("FAIL: fe_mul chain of %d\n", i);
    ok = 1;
    for (int j = 0; j < 16; j++)
      ok &= got[i].wide[j] == want.wide[j];
    if (!ok && failures++ < 10) printf("FAIL: mul256 of %d\n", i);
  }
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
