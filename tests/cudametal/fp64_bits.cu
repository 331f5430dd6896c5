// fp64_bits.cu — the bits of double arithmetic and math functions, for comparing one Metal
// implementation with another (tests/cudametal/nvrtc_modules_gpu.sh: softmetal here, cudametal
// on a GPU, where NVRTC compiles Anchor's fp64 emulation with its big helpers out of line,
// cudametal/outline.c). Every result's bits go into one FNV-1a hash, printed as
// "BITS <hex>"; the correctly rounded operations (+ - * / fma sqrt, conversions) are also
// checked against the host's hardware, bit for bit (NaNs as NaN). Prints PASS or FAIL.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#define N 4096
#define OPS 16

__device__ __host__ double op(int k, double a, double b, double c) {
  switch (k) {
  case 0: return a + b;
  case 1: return a - b;
  case 2: return a * b;
  case 3: return a / b;
  case 4: return fma(a, b, c);
  case 5: return sqrt(fabs(a));
  case 6: return (double)(float)a;
  case 7: return (double)(long long)fmod(a, 9.0e18);
  case 8: return exp(a * 0x1p-1000);
  case 9: return log(fabs(a));
  case 10: return sin(a);
  case 11: return cos(b);
  case 12: return pow(fabs(a), c * 0x1p-1000);
  case 13: return atan2(a, b);
  case 14: return tanh(b * 0x1p-1020);
  default: return cbrt(c);
  }
}

__global__ void all_ops(const double *a, const double *b, const double *c, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  for (int k = 0; k < OPS; k++)
    out[k * N + i] = op(k, a[i], b[i], c[i]);
}

static uint64_t next(uint64_t *s) { // splitmix64
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static double input(uint64_t *s, int i) {
  uint64_t r = next(s), bits;
  switch (i % 4) {
  case 0: bits = r; break;                                            // any bits
  case 1: bits = (r & 0x800FFFFFFFFFFFFFull) | (0x3F0ull + (r >> 56 & 0x3F)) << 52; break; // near 1
  case 2: bits = r & 0x801FFFFFFFFFFFFFull; break;                    // subnormal, tiny
  default: bits = (r & 0x800FFFFFFFFFFFFFull) | (0x7C0ull + (r >> 56 & 0x7F)) << 52; // huge, inf, NaN
  }
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

int main() {
  static double a[N], b[N], c[N], out[OPS * N];
  uint64_t s = 12;
  for (int i = 0; i < N; i++) {
    a[i] = input(&s, i);
    b[i] = input(&s, i / 4);
    c[i] = input(&s, i / 16);
  }
  double *da, *db, *dc, *dout;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dc, sizeof c);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
  all_ops<<<N / 128, 128>>>(da, db, dc, dout);
  cudaError_t err = cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  uint64_t hash = 0xcbf29ce484222325ull;
  unsigned bad = 0;
  for (int k = 0; k < OPS; k++)
    for (int i = 0; i < N; i++) {
      double got = out[k * N + i];
      unsigned char bytes[8];
      memcpy(bytes, &got, 8);
      for (int j = 0; j < 8; j++)
        hash = (hash ^ bytes[j]) * 0x100000001b3ull;
      if (k > 6) continue; // library functions and integer conversion: the hash only
      double want = op(k, a[i], b[i], c[i]);
      bool same = (std::isnan(got) && std::isnan(want)) || memcmp(&got, &want, 8) == 0;
      if (!same && bad++ < 10)
        printf("mismatch: op %d at %d (%a, %a, %a): device %a, host %a\n", k, i, a[i], b[i], c[i],
               got, want);
    }
  printf("BITS %016llx\n", (unsigned long long)hash);
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
