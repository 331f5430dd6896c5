/* cooperative_groups/functional.h (Anchor) — the function objects cg::reduce and the
 * scans take: cg::plus, cg::less (the smaller value), cg::greater (the larger),
 * cg::bit_and, cg::bit_or, cg::bit_xor. Written from the CUDA C++ Programming Guide. */
#ifndef ANCHOR_CG_FUNCTIONAL_H
#define ANCHOR_CG_FUNCTIONAL_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

namespace cooperative_groups {

#define ANCHOR_CG_OP(name, expr)                                                                   \
  template <class T> struct name {                                                                 \
    __device__ __host__ __inline__ T operator()(const T &a, const T &b) const {                    \
      return expr;                                                                                 \
    }                                                                                              \
  };
ANCHOR_CG_OP(plus, a + b)
ANCHOR_CG_OP(less, b < a ? b : a)
ANCHOR_CG_OP(greater, a < b ? b : a)
ANCHOR_CG_OP(bit_and, a &b)
ANCHOR_CG_OP(bit_or, a | b)
ANCHOR_CG_OP(bit_xor, a ^ b)
#undef ANCHOR_CG_OP

} // namespace cooperative_groups

#endif /* __CUDA__ && __cplusplus */
#endif
