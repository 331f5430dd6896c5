// HIP's other headers on the NVIDIA platform: hip/hip_fp16.h (__half
// arithmetic), hip/hip_complex.h (hipFloatComplex, hipDoubleComplex),
// hip/hip_cooperative_groups.h (thread blocks, tiled partitions),
// hip/hip_vector_types.h, hip/device_functions.h, hip/math_functions.h.
// Checked against the CPU.
#include <hip/hip_runtime.h>
#include <hip/device_functions.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <hip/hip_vector_types.h>
#include <hip/math_functions.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s\n", #call, hipGetErrorName(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

struct Out {
  float half_sum, half_prod;
  hipFloatComplex cmul, cadd;
  hipDoubleComplex zmul;
  float cabs;
  float4 v;
  int tile_sum, block_size, tile_rank;
  float s;
};

__global__ void kernel(Out *out, float a, float b) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int t = block.thread_rank();
  int v = t + 1;
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  block.sync();
  if (t == 0) {
    __half ha = __float2half(a), hb = __float2half(b);
    out->half_sum = __half2float(__hadd(ha, hb));
    out->half_prod = __half2float(__hmul(ha, hb));
    hipFloatComplex x = make_hipFloatComplex(a, b), y = make_hipFloatComplex(b, -a);
    out->cmul = hipCmulf(x, y);
    out->cadd = hipCaddf(x, y);
    out->zmul = hipCmul(make_hipDoubleComplex(a, 1.0), make_hipDoubleComplex(2.0, b));
    out->cabs = hipCabsf(x);
    float4 f = make_float4(a, b, a + b, a - b);
    out->v = make_float4(f.x * 2, f.y * 2, f.z * 2, f.w * 2);
    out->tile_sum = v;
    out->block_size = block.size();
    out->tile_rank = tile.thread_rank();
    out->s = sqrtf(a * a + b * b);
  }
}

int main() {
  const float a = 1.5f, b = -2.25f;
  Out h, *d;
  CHECK(hipMalloc(&d, sizeof h));
  hipLaunchKernelGGL(kernel, dim3(1), dim3(64), 0, 0, d, a, b);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  int ok = 1;
  // a and b are exact in half precision, and so are their sum and product.
  ok &= h.half_sum == a + b && h.half_prod == a * b;
  ok &= hipCrealf(h.cmul) == a * b - b * -a && hipCimagf(h.cmul) == a * -a + b * b;
  ok &= hipCrealf(h.cadd) == a + b && hipCimagf(h.cadd) == b - a;
  ok &= hipCreal(h.zmul) == a * 2.0 - 1.0 * b && hipCimag(h.zmul) == a * (double)b + 2.0;
  ok &= std::fabs(h.cabs - std::sqrt(a * a + b * b)) <= 1e-6f;
  ok &= h.v.x == 2 * a && h.v.y == 2 * b && h.v.z == 2 * (a + b) && h.v.w == 2 * (a - b);
  ok &= h.tile_sum == 32 * 33 / 2 && h.block_size == 64 && h.tile_rank == 0;
  ok &= h.s == std::sqrt(a * a + b * b);
  printf("half %g %g complex (%g,%g) (%g,%g) (%g,%g) |x| %g vector %g %g %g %g tile sum %d block "
         "%d sqrt %g\n",
         h.half_sum, h.half_prod, hipCrealf(h.cmul), hipCimagf(h.cmul), hipCrealf(h.cadd),
         hipCimagf(h.cadd), hipCreal(h.zmul), hipCimag(h.zmul), h.cabs, h.v.x, h.v.y, h.v.z, h.v.w,
         h.tile_sum, h.block_size, h.s);
  CHECK(hipFree(d));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
