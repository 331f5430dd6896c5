// math_half_noconv.cu — cuda_fp16.h and cuda_bf16.h with CUDA's switches that remove the
// C++ operators and the implicit conversions (__CUDA_NO_HALF_OPERATORS__,
// __CUDA_NO_HALF2_OPERATORS__, __CUDA_NO_HALF_CONVERSIONS__ and the BFLOAT16 ones, as
// PyTorch's extension builds pass them): the types no longer convert to or from float
// (checked at compile time) and the function API still works (checked on the device,
// with the named constants). Prints PASS. Valid CUDA for nvcc.
#define __CUDA_NO_HALF_OPERATORS__
#define __CUDA_NO_HALF2_OPERATORS__
#define __CUDA_NO_HALF_CONVERSIONS__
#define __CUDA_NO_BFLOAT16_OPERATORS__
#define __CUDA_NO_BFLOAT162_OPERATORS__
#define __CUDA_NO_BFLOAT16_CONVERSIONS__
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <type_traits>
#include <utility>

static_assert(!std::is_convertible<float, __half>::value, "float converts to __half");
static_assert(!std::is_convertible<__half, float>::value, "__half converts to float");
static_assert(!std::is_convertible<int, __half>::value, "int converts to __half");
static_assert(!std::is_convertible<float, __nv_bfloat16>::value, "float converts to bfloat16");
static_assert(!std::is_convertible<__nv_bfloat16, float>::value, "bfloat16 converts to float");
template <class T, class = void> struct has_plus : std::false_type {};
template <class T>
struct has_plus<T, decltype((void)(std::declval<T>() + std::declval<T>()))> : std::true_type {};
static_assert(!has_plus<__half>::value && !has_plus<__half2>::value, "__half operators");
static_assert(!has_plus<__nv_bfloat16>::value && !has_plus<__nv_bfloat162>::value,
              "bfloat16 operators");

__global__ void kernel(float *out) {
  __half a = __float2half(1.5f), b = __float2half(2.25f);
  __nv_bfloat16 c = __float2bfloat16(1.5f), d = __float2bfloat16(2.25f);
  out[0] = __half2float(__hfma(a, b, __hadd(a, CUDART_ONE_FP16)));                    // 5.875
  out[1] = __low2float(__hmul2(__halves2half2(a, b), __half2half2(b)));               // 3.375
  out[2] = __bfloat162float(__hfma(c, d, __hadd(c, CUDART_ONE_BF16)));                // 5.875
  out[3] = __high2float(__hadd2(__halves2bfloat162(c, d), __halves2bfloat162(d, d))); // 4.5
  out[4] = __half2float(__hmax(CUDART_NAN_FP16, CUDART_MAX_NORMAL_FP16));             // 65504
  out[5] = __bfloat162float(__hneg(CUDART_INF_BF16));                                 // -inf
}

int main() {
  float *d, h[6];
  cudaMalloc(&d, sizeof h);
  kernel<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  const float want[6] = {5.875f, 3.375f, 5.875f, 4.5f, 65504.0f, -1.0f / 0.0f};
  int bad = cudaGetLastError() != cudaSuccess;
  for (int i = 0; i < 6; i++)
    if (h[i] != want[i]) printf("FAIL: result %d: %g, want %g\n", i, h[i], want[i]), bad = 1;
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
