// devlib/ptx_half.cu — the half-precision instructions of inline PTX that have a
// cuda_fp16.h / cuda_bf16.h function: fma.rn{.sat,.relu} and min/max{.NaN} on .f16 and
// .bf16 (compiler/ptx_float.c calls these once per lane of the x2 forms, on the raw 16
// bits). Each is the header's own function (__hfma, __hfma_sat, __hfma_relu, __hmin,
// __hmax, __hmin_nan, __hmax_nan), so PTX and CUDA C++ share one implementation, as nvcc's
// headers are themselves those instructions.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define ANCHOR_PTX_HALF(name, type, from, to, expr)                                                \
  extern "C" __device__ unsigned short name(unsigned short ua, unsigned short ub,                  \
                                            unsigned short uc) {                                   \
    type a = from(ua), b = from(ub), c = from(uc);                                                 \
    (void)c;                                                                                       \
    return to(expr);                                                                               \
  }

ANCHOR_PTX_HALF(__anchor_ptx_fma_f16, __half, __ushort_as_half, __half_as_ushort, __hfma(a, b, c))
ANCHOR_PTX_HALF(__anchor_ptx_fma_sat_f16, __half, __ushort_as_half, __half_as_ushort,
                __hfma_sat(a, b, c))
ANCHOR_PTX_HALF(__anchor_ptx_fma_relu_f16, __half, __ushort_as_half, __half_as_ushort,
                __hfma_relu(a, b, c))
ANCHOR_PTX_HALF(__anchor_ptx_min_f16, __half, __ushort_as_half, __half_as_ushort, __hmin(a, b))
ANCHOR_PTX_HALF(__anchor_ptx_max_f16, __half, __ushort_as_half, __half_as_ushort, __hmax(a, b))
ANCHOR_PTX_HALF(__anchor_ptx_min_nan_f16, __half, __ushort_as_half, __half_as_ushort,
                __hmin_nan(a, b))
ANCHOR_PTX_HALF(__anchor_ptx_max_nan_f16, __half, __ushort_as_half, __half_as_ushort,
                __hmax_nan(a, b))

ANCHOR_PTX_HALF(__anchor_ptx_fma_bf16, __nv_bfloat16, __ushort_as_bfloat16, __bfloat16_as_ushort,
                __hfma(a, b, c))
ANCHOR_PTX_HALF(__anchor_ptx_fma_relu_bf16, __nv_bfloat16, __ushort_as_bfloat16,
                __bfloat16_as_ushort, __hfma_relu(a, b, c))
ANCHOR_PTX_HALF(__anchor_ptx_min_bf16, __nv_bfloat16, __ushort_as_bfloat16, __bfloat16_as_ushort,
                __hmin(a, b))
ANCHOR_PTX_HALF(__anchor_ptx_max_bf16, __nv_bfloat16, __ushort_as_bfloat16, __bfloat16_as_ushort,
                __hmax(a, b))
ANCHOR_PTX_HALF(__anchor_ptx_min_nan_bf16, __nv_bfloat16, __ushort_as_bfloat16,
                __bfloat16_as_ushort, __hmin_nan(a, b))
ANCHOR_PTX_HALF(__anchor_ptx_max_nan_bf16, __nv_bfloat16, __ushort_as_bfloat16,
                __bfloat16_as_ushort, __hmax_nan(a, b))
