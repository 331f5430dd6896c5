// math_integer.cu — end-to-end test of the integer intrinsics of Anchor's
// device library: __brev and __brevll (the bits in reverse order) and
// __byte_perm(x, y, s) (CUDA Math API: byte n of the result is byte
// s<4n+2:4n> of the eight bytes y:x, x<7:0> being byte 0; the other bits of s
// are ignored). Inputs: edge patterns and random words (xorshift, fixed
// seed), every selector nibble value 0..15 in every position included. The
// host references are written from those definitions, one bit or byte at a
// time; results compared exactly.
// Expectations come from CUDA's Math API documentation. Built with nvcc 13.0 and
// run on an H200: PASS (tests/e2e/observed/h200-math.log).
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void bits(const unsigned *a, const unsigned *b, const unsigned *s,
                     const unsigned long long *w, unsigned *r, unsigned long long *rw, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  r[2 * i] = __brev(a[i]);
  r[2 * i + 1] = __byte_perm(a[i], b[i], s[i]);
  rw[i] = __brevll(w[i]);
}

static uint64_t reverse(uint64_t v, int width) {
  uint64_t r = 0;
  for (int k = 0; k < width; k++)
    if (v >> k & 1) r |= 1ull << (width - 1 - k);
  return r;
}

static unsigned byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned char in[8];
  for (int k = 0; k < 4; k++)
    in[k] = (unsigned char)(x >> (8 * k)), in[4 + k] = (unsigned char)(y >> (8 * k));
  unsigned r = 0;
  for (int n = 0; n < 4; n++)
    r |= (unsigned)in[(s >> (4 * n)) & 7] << (8 * n);
  return r;
}

static uint32_t next(uint32_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

int main(void) {
  enum { N = 1 << 16 };
  static unsigned ha[N], hb[N], hs[N], hr[2 * N];
  static unsigned long long hw[N], hrw[N];
  static const unsigned edge[] = {0u, 1u, 0x80000000u, 0xffffffffu, 0x0000ffffu, 0x12345678u};
  uint32_t seed = 0x1234567u;
  for (unsigned i = 0; i < N; i++) {
    ha[i] = i < 6 ? edge[i] : next(&seed);
    hb[i] = next(&seed);
    // the first 16^2 inputs: every nibble value in positions 0 and 1, 2 and 3
    hs[i] = i < 256 ? (i & 15) * 0x0101u | (i >> 4) * 0x1010u | 0xabcd0000u : next(&seed);
    hw[i] =
        i < 6 ? (unsigned long long)edge[i] << (i * 5) : (uint64_t)next(&seed) << 32 | next(&seed);
  }
  unsigned *da, *db, *ds, *dr;
  unsigned long long *dw, *drw;
  cudaMalloc(&da, sizeof ha);
  cudaMalloc(&db, sizeof hb);
  cudaMalloc(&ds, sizeof hs);
  cudaMalloc(&dr, sizeof hr);
  cudaMalloc(&dw, sizeof hw);
  cudaMalloc(&drw, sizeof hrw);
  cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemcpy(ds, hs, sizeof hs, cudaMemcpyHostToDevice);
  cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
  bits<<<N / 256, 256>>>(da, db, ds, dw, dr, drw, N);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost);
  cudaMemcpy(hrw, drw, sizeof hrw, cudaMemcpyDeviceToHost);
  unsigned bad = 0;
  for (unsigned i = 0; i < N; i++) {
    if (hr[2 * i] != reverse(ha[i], 32) && bad++ < 10)
      printf("mismatch: __brev(0x%08x) = 0x%08x\n", ha[i], hr[2 * i]);
    if (hr[2 * i + 1] != byte_perm(ha[i], hb[i], hs[i]) && bad++ < 10)
      printf("mismatch: __byte_perm(0x%08x, 0x%08x, 0x%08x) = 0x%08x, want 0x%08x\n", ha[i], hb[i],
             hs[i], hr[2 * i + 1], byte_perm(ha[i], hb[i], hs[i]));
    if (hrw[i] != reverse(hw[i], 64) && bad++ < 10)
      printf("mismatch: __brevll(0x%016llx) = 0x%016llx\n", hw[i], hrw[i]);
  }
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
