// bench/gpu/ccsdt.cu — NWChem CCSD(T)-style triples kernels: the 6-index contractions of
// sd_t_d1 and sd_t_d2 (NWChem's ccsd_t GPU kernels), each a tensor contraction written
// as a shared-memory-tiled matrix product whose rows and columns are combinations of
// three tensor indices (index arithmetic on every load and on the output scatter):
//   sd_t_d1: t3[h3,h2,h1,p6,p5,p4] -= sum_h7 t2[h7,p4,p5,h1] * v2[h3,h2,p6,h7]
//   sd_t_d2: t3[h3,h2,h1,p6,p5,p4] -= sum_p7 t2[p7,p4,h1,h2] * v2[p7,h3,p6,p5]
// Tiles: hole and particle ranges H = P = 16, contraction range K = 16 (small: H = P = 4,
// K = 16); all arrays row-major (last index fastest). Real is float, or double with
// -DBENCH_DOUBLE (kernels suffixed _f64; anchorcc builds it with --fp64=exact and
// --fp64=fast, and the OPS line gives the double operations per launch, so that emulated
// double operations per second = OPS / TIME). Checked against a direct host evaluation
// of the formula above at 65,536 sampled outputs (every output in small mode).
#include "bench_gpu.h"
#include <vector>

#ifdef BENCH_DOUBLE
typedef double Real;
#define SUFFIX "_f64"
#define UNIT "dflop"
static const double TOL = 1e-11;
#else
typedef float Real;
#define SUFFIX "_f32"
#define UNIT "flop"
static const double TOL = 2e-6;
#endif

#define TL 32 // outputs per block in each direction
#define KC 16 // contraction chunk in shared memory

// D == 1: rows l = (h3, h2, p6), columns r = (h1, p5, p4);
// D == 2: rows l = (h3, p6, p5), columns r = (h2, h1, p4).
// Offsets of v2 (a row's k-th element), t2 (a column's k-th element) and t3.
template <int D> __device__ __forceinline__ int v2_offset(int l, int k, int H, int P, int K) {
  return D == 1 ? l * K + k : k * (H * P * P) + l;
}
template <int D> __device__ __forceinline__ int t2_offset(int r, int k, int H, int P) {
  int p4 = r % P;
  if (D == 1) {
    int p5 = (r / P) % P, h1 = r / (P * P);
    return k * (P * P * H) + (p4 * P + p5) * H + h1;
  }
  int h1 = (r / P) % H, h2 = r / (P * H);
  return k * (P * H * H) + (p4 * H + h1) * H + h2;
}
template <int D> __device__ __forceinline__ int t3_offset(int l, int r, int H, int P) {
  int h3, h2, h1, p6, p5, p4 = r % P;
  if (D == 1) {
    p6 = l % P, h2 = (l / P) % H, h3 = l / (P * H);
    p5 = (r / P) % P, h1 = r / (P * P);
  } else {
    p5 = l % P, p6 = (l / P) % P, h3 = l / (P * P);
    h1 = (r / P) % H, h2 = r / (P * H);
  }
  return ((((h3 * H + h2) * H + h1) * P + p6) * P + p5) * P + p4;
}

// 256 threads (16 × 16), a TL × TL block of outputs, 2 × 2 per thread; K a multiple of KC.
template <int D>
__global__ void __launch_bounds__(256) sd_t(Real *__restrict__ t3, const Real *__restrict__ t2,
                                            const Real *__restrict__ v2, int H, int P, int K) {
  __shared__ Real sl[KC][TL + 1], sr[KC][TL + 1];
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  int l0 = blockIdx.y * TL, r0 = blockIdx.x * TL;
  Real acc00 = 0, acc01 = 0, acc10 = 0, acc11 = 0;
  for (int k0 = 0; k0 < K; k0 += KC) {
    for (int i = threadIdx.x; i < KC * TL; i += 256) {
      int kk = i / TL, j = i % TL;
      sl[kk][j] = v2[v2_offset<D>(l0 + j, k0 + kk, H, P, K)];
      sr[kk][j] = t2[t2_offset<D>(r0 + j, k0 + kk, H, P)];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < KC; kk++) {
      Real a0 = sl[kk][ty], a1 = sl[kk][ty + 16], b0 = sr[kk][tx], b1 = sr[kk][tx + 16];
      acc00 += a0 * b0, acc01 += a0 * b1, acc10 += a1 * b0, acc11 += a1 * b1;
    }
    __syncthreads();
  }
  t3[t3_offset<D>(l0 + ty, r0 + tx, H, P)] -= acc00;
  t3[t3_offset<D>(l0 + ty, r0 + tx + 16, H, P)] -= acc01;
  t3[t3_offset<D>(l0 + ty + 16, r0 + tx, H, P)] -= acc10;
  t3[t3_offset<D>(l0 + ty + 16, r0 + tx + 16, H, P)] -= acc11;
}

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  const int H = small ? 4 : 16, P = H, K = 16;
  const size_t n3 = (size_t)H * H * H * P * P * P, n2 = (size_t)K * H * P * P; // H == P
  const int NL = H * H * P, NR = H * P * P; // both D: H == P
  std::vector<Real> ht2(n2), hv2(n2), ht3(n3);
  for (size_t i = 0; i < n2; i++)
    ht2[i] = Real(bench_hash01((unsigned)i)) - Real(0.5),
    hv2[i] = Real(bench_hash01((unsigned)i + 0x51ed27u)) - Real(0.5);
  Real *t2, *v2, *t3;
  CHECK(bench_malloc(&t2, n2 * sizeof(Real)));
  CHECK(bench_malloc(&v2, n2 * sizeof(Real)));
  CHECK(bench_malloc(&t3, n3 * sizeof(Real)));
  CHECK(cudaMemcpy(t2, ht2.data(), n2 * sizeof(Real), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(v2, hv2.data(), n2 * sizeof(Real), cudaMemcpyHostToDevice));
  dim3 grid(NR / TL, NL / TL);
  int bad = 0;
  for (int d = 1; d <= 2; d++) {
    auto launch = [&] {
      if (d == 1)
        sd_t<1><<<grid, 256>>>(t3, t2, v2, H, P, K);
      else
        sd_t<2><<<grid, 256>>>(t3, t2, v2, H, P, K);
    };
    CHECK(cudaMemset(t3, 0, n3 * sizeof(Real)));
    launch();
    CHECK(cudaMemcpy(ht3.data(), t3, n3 * sizeof(Real), cudaMemcpyDeviceToHost));
    size_t samples = small ? n3 : 65536;
    for (size_t s = 0; s < samples; s++) {
      size_t o = small ? s : (s * 2654435761u) % n3;
      int p4 = o % P, p5 = o / P % P, p6 = o / (P * P) % P, h1 = o / (P * P * P) % H,
          h2 = o / ((size_t)P * P * P * H) % H, h3 = o / ((size_t)P * P * P * H * H);
      double ref = 0, mag = 0;
      for (int k = 0; k < K; k++) {
        double t, v;
        if (d == 1)
          t = ht2[(((size_t)k * P + p4) * P + p5) * H + h1],
          v = hv2[(((size_t)h3 * H + h2) * P + p6) * K + k];
        else
          t = ht2[(((size_t)k * P + p4) * H + h1) * H + h2],
          v = hv2[(((size_t)k * H + h3) * P + p6) * P + p5];
        ref -= t * v, mag += std::fabs(t * v);
      }
      if (!(std::fabs(ht3[o] - ref) <= TOL * mag + 1e-30)) {
        if (bad < 4) printf("sd_t_d%d: t3[%zu] = %.17g, want %.17g\n", d, o, (double)ht3[o], ref);
        bad++;
      }
    }
    char name[32];
    snprintf(name, sizeof name, "sd_t_d%d%s", d, SUFFIX);
    bench_time(name, small, launch);
    bench_ops(name, 2.0 * NL * NR * K, UNIT);
  }
  cudaFree(t2), cudaFree(v2), cudaFree(t3);
  return bench_result(bad, "ccsdt");
}
