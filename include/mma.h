/* mma.h — CUDA's warp matrix functions (nvcuda::wmma; CUDA C++ Programming Guide,
 * "Warp Matrix Functions") on Anchor (issue 16, docs/wmma.md).
 *
 * A fragment is the warp's (SIMD-group's) share of a matrix: the matrix is cut into 8x8
 * tiles, tiles numbered row by row, and each lane holds two elements of each tile in x[]:
 * x[2t], x[2t + 1] are elements (r, c) and (r, c + 1) of tile t, with
 * q = lane / 4, r = (q & 4) + (lane / 2) % 4, c = (q & 2) * 2 + (lane % 2) * 2 — the
 * positions of MSL's simdgroup_matrix thread_elements() on Apple GPUs. So a tile of a
 * fragment IS a simdgroup_matrix's per-lane storage, and mma_sync is one MSL
 * simdgroup_multiply_accumulate per (output tile, k tile): the calls
 * __anchor_sgmma_f32 / __anchor_sgmma_f16 below, which the compiler (compiler/wmma.c)
 * emits as MSL on simdgroup_float8x8 / simdgroup_half8x8. Loads and stores are plain
 * per-lane memory accesses at those positions. Types Metal's simdgroup_matrix has no form
 * for are done exactly in plain device code with warp shuffles: double (m8n8k4, a and b
 * one element per lane) and 8-bit integers (exact 64-bit sums, then wrapped to int, or
 * saturated with mma_sync's satf).
 *
 * Shapes and types are CUDA's: half m16n16k16/m32n8k16/m8n32k16 with float or half
 * accumulators; __nv_bfloat16 the same shapes with float; precision::tf32 m16n16k8 with
 * float; double m8n8k4; signed/unsigned char m16n16k16/m32n8k16/m8n32k16 with int. Any
 * other combination fails to compile (a static_assert naming it). */
#ifndef ANCHOR_MMA_H
#define ANCHOR_MMA_H

#include <cuda_bf16.h>
#include <cuda_fp16.h>

/* The header uses if constexpr; nvcc's mma.h works in C++11 and C++14 too, so no warning
 * there either. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++17-extensions"

/* __anchor_sgmma_f32 / __anchor_sgmma_f16: d = a * b + c on one 8x8 tile per SIMD-group,
 * each argument the lane's pair of elements. */
#include "anchor/simdgroup_matrix.h"

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32;
} // namespace precision
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
} // namespace precision
} // namespace experimental

/* Round to TensorFloat-32 (10 fraction bits), to nearest, ties away from zero (PTX
 * cvt.rna.tf32.f32); infinities and NaN unchanged. */
__device__ inline float __float_to_tf32(float f) {
  unsigned u = __float_as_uint(f);
  if ((u & 0x7f800000u) == 0x7f800000u) return f;
  return __uint_as_float((u + 0x1000u) & 0xffffe000u);
}

namespace __anchor {

template <class A, class B> struct same {
  static constexpr bool value = false;
};
template <class A> struct same<A, A> {
  static constexpr bool value = true;
};

/* The shape of fragment<Use, m, n, k>: the matrix's rows and columns. */
template <class Use, int m, int n, int k> struct dims;
template <int m, int n, int k> struct dims<matrix_a, m, n, k> {
  static constexpr int rows = m, cols = k;
};
template <int m, int n, int k> struct dims<matrix_b, m, n, k> {
  static constexpr int rows = k, cols = n;
};
template <int m, int n, int k> struct dims<accumulator, m, n, k> {
  static constexpr int rows = m, cols = n;
};

template <int m, int n, int k> struct shape16 {
  static constexpr bool value = (m == 16 && n == 16 && k == 16) || (m == 32 && n == 8 && k == 16) ||
                                (m == 8 && n == 32 && k == 16);
};

/* Whether CUDA has fragment<Use, m, n, k, T>, and its storage type. */
template <class Use, int m, int n, int k, class T> struct kind {
  static constexpr bool valid = false;
  typedef T storage;
};
#define ANCHOR_WMMA_KIND(USE, T, S, COND)                                                          \
  template <int m, int n, int k> struct kind<USE, m, n, k, T> {                                    \
    static constexpr bool valid = COND;                                                            \
    typedef S storage;                                                                             \
  };
#define ANCHOR_WMMA_INPUT(T, S, COND)                                                              \
  ANCHOR_WMMA_KIND(matrix_a, T, S, COND) ANCHOR_WMMA_KIND(matrix_b, T, S, COND)
ANCHOR_WMMA_INPUT(__half, __half, (shape16<m, n, k>::value))
ANCHOR_WMMA_INPUT(__nv_bfloat16, __nv_bfloat16, (shape16<m, n, k>::value))
ANCHOR_WMMA_INPUT(signed char, signed char, (shape16<m, n, k>::value))
ANCHOR_WMMA_INPUT(unsigned char, unsigned char, (shape16<m, n, k>::value))
ANCHOR_WMMA_INPUT(precision::tf32, float, (m == 16 && n == 16 && k == 8))
ANCHOR_WMMA_INPUT(double, double, (m == 8 && n == 8 && k == 4))
ANCHOR_WMMA_KIND(accumulator, float, float,
                 (shape16<m, n, k>::value || (m == 16 && n == 16 && k == 8)))
ANCHOR_WMMA_KIND(accumulator, __half, __half, (shape16<m, n, k>::value))
ANCHOR_WMMA_KIND(accumulator, int, int, (shape16<m, n, k>::value))
ANCHOR_WMMA_KIND(accumulator, double, double, (m == 8 && n == 8 && k == 4))
#undef ANCHOR_WMMA_INPUT
#undef ANCHOR_WMMA_KIND

__device__ inline unsigned lane() {
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) & 31u;
}
__device__ inline unsigned tile_row(unsigned l) {
  return ((l / 4) & 4) + (l / 2) % 4;
}
__device__ inline unsigned tile_col(unsigned l) {
  return ((l / 4) & 2) * 2 + (l % 2) * 2;
}
/* The lane holding (r, c) and (r, c + 1) of a tile, c even. */
__device__ inline unsigned tile_lane(unsigned r, unsigned c) {
  return (r & 4) * 4 + (c & 4) * 2 + (r & 3) * 2 + ((c / 2) & 1);
}

/* Element e of a lane's x[] in a rows x cols matrix cut into 8x8 tiles (row, col). */
template <int rows, int cols> struct tiled {
  static constexpr int elements = rows * cols / 32;
  __device__ static void position(int e, unsigned l, unsigned &r, unsigned &c) {
    int t = e / 2;
    r = (unsigned)(t / (cols / 8)) * 8 + tile_row(l);
    c = (unsigned)(t % (cols / 8)) * 8 + tile_col(l) + (unsigned)(e % 2);
  }
};
/* m8n8k4 double: a (8x4) lane l holds (l / 4, l % 4); b (4x8) holds (l % 4, l / 4); the
 * 8x8 accumulator is one tile. */
template <class Use, int rows, int cols> struct positions : tiled<rows, cols> {};
template <> struct positions<matrix_a, 8, 4> {
  static constexpr int elements = 1;
  __device__ static void position(int, unsigned l, unsigned &r, unsigned &c) {
    r = l / 4, c = l % 4;
  }
};
template <> struct positions<matrix_b, 4, 8> {
  static constexpr int elements = 1;
  __device__ static void position(int, unsigned l, unsigned &r, unsigned &c) {
    r = l % 4, c = l / 4;
  }
};

} // namespace __anchor

template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
  typedef __anchor::kind<Use, m, n, k, T> kind;
  static_assert(!__anchor::same<T, experimental::precision::u4>::value &&
                    !__anchor::same<T, experimental::precision::s4>::value &&
                    !__anchor::same<T, experimental::precision::b1>::value,
                "nvcuda::wmma::fragment: the experimental sub-byte types (u4, s4, b1) are not "
                "supported by Anchor");
  static_assert(
      kind::valid,
      "nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type");
  static_assert(
      __anchor::same<Use, accumulator>::value || __anchor::same<Layout, row_major>::value ||
          __anchor::same<Layout, col_major>::value,
      "nvcuda::wmma::fragment: matrix_a and matrix_b fragments need row_major or col_major");
  static_assert(!__anchor::same<Use, accumulator>::value || __anchor::same<Layout, void>::value,
                "nvcuda::wmma::fragment: an accumulator fragment has no layout");

public:
  typedef __anchor::dims<Use, m, n, k> dims;
  typedef __anchor::positions<Use, dims::rows, dims::cols> positions;
  typedef T element_type;
  typedef typename kind::storage storage_element_type;
  enum { num_elements = positions::elements };
  storage_element_type x[num_elements];
};

namespace __anchor {
template <class S> __device__ inline S from_float(float v) {
  return (S)v;
}
template <> __device__ inline __half from_float<__half>(float v) {
  return __float2half(v);
}
template <> __device__ inline __nv_bfloat16 from_float<__nv_bfloat16>(float v) {
  return __float2bfloat16(v);
}
template <class S> __device__ inline float to_float(S v) {
  return (float)v;
}
template <> __device__ inline float to_float<__half>(__half v) {
  return __half2float(v);
}
template <> __device__ inline float to_float<__nv_bfloat16>(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
} // namespace __anchor

template <class Use, int m, int n, int k, class T, class Layout, class V>
__device__ inline void fill_fragment(fragment<Use, m, n, k, T, Layout> &a, const V &v) {
  typedef typename fragment<Use, m, n, k, T, Layout>::storage_element_type S;
  for (int e = 0; e < a.num_elements; e++)
    a.x[e] = (S)v;
}

/* Element (r, c) of a matrix at p: row-major p[r * ldm + c], column-major p[c * ldm + r]. */
template <class Use, int m, int n, int k, class T, class Layout, class P>
__device__ inline void __anchor_load(fragment<Use, m, n, k, T, Layout> &a, const P *p, unsigned ldm,
                                     bool row) {
  typedef fragment<Use, m, n, k, T, Layout> F;
  static_assert(__anchor::same<P, typename F::storage_element_type>::value,
                "nvcuda::wmma::load_matrix_sync: the pointer's type is not the fragment's");
  unsigned l = __anchor::lane();
  for (int e = 0; e < F::num_elements; e++) {
    unsigned r, c;
    F::positions::position(e, l, r, c);
    a.x[e] = p[row ? (size_t)r * ldm + c : (size_t)c * ldm + r];
  }
}
template <class Use, int m, int n, int k, class T, class P>
__device__ inline void load_matrix_sync(fragment<Use, m, n, k, T, row_major> &a, const P *p,
                                        unsigned ldm) {
  __anchor_load(a, p, ldm, true);
}
template <class Use, int m, int n, int k, class T, class P>
__device__ inline void load_matrix_sync(fragment<Use, m, n, k, T, col_major> &a, const P *p,
                                        unsigned ldm) {
  __anchor_load(a, p, ldm, false);
}
template <int m, int n, int k, class T, class P>
__device__ inline void load_matrix_sync(fragment<accumulator, m, n, k, T, void> &a, const P *p,
                                        unsigned ldm, layout_t layout) {
  __anchor_load(a, p, ldm, layout == mem_row_major);
}
template <int m, int n, int k, class T, class P>
__device__ inline void store_matrix_sync(P *p, const fragment<accumulator, m, n, k, T, void> &a,
                                         unsigned ldm, layout_t layout) {
  typedef fragment<accumulator, m, n, k, T, void> F;
  static_assert(__anchor::same<P, typename F::storage_element_type>::value,
                "nvcuda::wmma::store_matrix_sync: the pointer's type is not the fragment's");
  unsigned l = __anchor::lane();
  for (int e = 0; e < F::num_elements; e++) {
    unsigned r, c;
    F::positions::position(e, l, r, c);
    p[layout == mem_row_major ? (size_t)r * ldm + c : (size_t)c * ldm + r] = a.x[e];
  }
}

namespace __anchor {

__device__ inline unsigned long long pack_f32(float a, float b) {
  return (unsigned long long)__float_as_uint(a) | (unsigned long long)__float_as_uint(b) << 32;
}
__device__ inline unsigned long long pack_f16(__half a, __half b) {
  return (unsigned long long)__half_as_ushort(a) | (unsigned long long)__half_as_ushort(b) << 16;
}
/* tf32 inputs: the tensor cores read only the tf32 bits (the low 13 bits of the float are
 * not used; docs/wmma.md). */
template <class T> __device__ inline float input_float(float v) {
  return v;
}
template <> __device__ inline float input_float<precision::tf32>(float v) {
  return __uint_as_float(__float_as_uint(v) & 0xffffe000u);
}

/* Float-class mma: one simdgroup_multiply_accumulate per (output tile, k tile), through
 * __anchor_sgmma_f32 (float pairs; half and bfloat inputs widen exactly), or
 * __anchor_sgmma_f16 (half pairs) when a, b, c and d are all half. */
template <int m, int n, int k, class TA, class TD, class TC, class FA, class FB>
__device__ inline void mma_float(fragment<accumulator, m, n, k, TD> &d, const FA &a, const FB &b,
                                 const fragment<accumulator, m, n, k, TC> &c) {
  constexpr int TM = m / 8, TN = n / 8, TK = k / 8;
  constexpr bool all_half =
      same<TA, __half>::value && same<TC, __half>::value && same<TD, __half>::value;
  for (int i = 0; i < TM; i++)
    for (int j = 0; j < TN; j++) {
      int t = i * TN + j;
      unsigned long long acc;
      if constexpr (all_half)
        acc = pack_f16(c.x[2 * t], c.x[2 * t + 1]);
      else
        acc = pack_f32(to_float(c.x[2 * t]), to_float(c.x[2 * t + 1]));
      for (int kk = 0; kk < TK; kk++) {
        int ta = i * TK + kk, tb = kk * TN + j;
        if constexpr (all_half) {
          acc = __anchor_sgmma_f16(pack_f16(a.x[2 * ta], a.x[2 * ta + 1]),
                                   pack_f16(b.x[2 * tb], b.x[2 * tb + 1]), acc);
        } else {
          acc = __anchor_sgmma_f32(pack_f32(input_float<TA>(to_float(a.x[2 * ta])),
                                            input_float<TA>(to_float(a.x[2 * ta + 1]))),
                                   pack_f32(input_float<TA>(to_float(b.x[2 * tb])),
                                            input_float<TA>(to_float(b.x[2 * tb + 1]))),
                                   acc);
        }
      }
      if constexpr (all_half) {
        d.x[2 * t] = __ushort_as_half((unsigned short)(acc & 0xffffu));
        d.x[2 * t + 1] = __ushort_as_half((unsigned short)(acc >> 16 & 0xffffu));
      } else {
        d.x[2 * t] = from_float<TD>(__uint_as_float((unsigned)acc));
        d.x[2 * t + 1] = from_float<TD>(__uint_as_float((unsigned)(acc >> 32)));
      }
    }
}

/* 8-bit integers: each output pair gathers its row of a and its two columns of b from the
 * other lanes (pairs of bytes travel as one int), products and sums exact in 64 bits; the
 * int result wraps (32-bit two's complement), or with satf saturates to INT_MIN..INT_MAX. */
template <int m, int n, int k, class TI, class FA, class FB>
__device__ inline void mma_int(fragment<accumulator, m, n, k, int> &d, const FA &a, const FB &b,
                               const fragment<accumulator, m, n, k, int> &c, bool satf) {
  constexpr int TM = m / 8, TN = n / 8, TK = k / 8;
  unsigned l = lane(), row = tile_row(l), col = tile_col(l);
  long long out[2 * TM * TN];
  for (int t = 0; t < 2 * TM * TN; t++)
    out[t] = c.x[t];
  for (int kk = 0; kk < TK; kk++)
    for (int p = 0; p < 8; p += 2) {
      int bpair[TN][2];
      for (int q = 0; q < 2; q++)
        for (int j = 0; j < TN; j++) {
          int tb = kk * TN + j;
          int mine = (int)((unsigned)(unsigned char)b.x[2 * tb] |
                           (unsigned)(unsigned char)b.x[2 * tb + 1] << 8);
          bpair[j][q] = __shfl_sync(0xffffffffu, mine, (int)tile_lane(p + q, col));
        }
      for (int i = 0; i < TM; i++) {
        int ta = i * TK + kk;
        int mine = (int)((unsigned)(unsigned char)a.x[2 * ta] |
                         (unsigned)(unsigned char)a.x[2 * ta + 1] << 8);
        int apair = __shfl_sync(0xffffffffu, mine, (int)tile_lane(row, p));
        for (int q = 0; q < 2; q++) {
          int av = (int)(TI)(apair >> (8 * q) & 0xff);
          for (int j = 0; j < TN; j++) {
            int t = i * TN + j;
            out[2 * t] += av * (int)(TI)(bpair[j][q] & 0xff);
            out[2 * t + 1] += av * (int)(TI)(bpair[j][q] >> 8 & 0xff);
          }
        }
      }
    }
  for (int t = 0; t < 2 * TM * TN; t++) {
    long long v = out[t];
    if (satf) v = v > 2147483647ll ? 2147483647ll : v < -2147483647ll - 1 ? -2147483647ll - 1 : v;
    d.x[t] = (int)(unsigned)(unsigned long long)v;
  }
}

/* m8n8k4 double: fma in k order from c (exact for exactly representable results). */
template <class FA, class FB>
__device__ inline void mma_double(fragment<accumulator, 8, 8, 4, double> &d, const FA &a,
                                  const FB &b, const fragment<accumulator, 8, 8, 4, double> &c) {
  unsigned l = lane(), row = tile_row(l), col = tile_col(l);
  double acc0 = c.x[0], acc1 = c.x[1];
  for (unsigned q = 0; q < 4; q++) {
    double av = __shfl_sync(0xffffffffu, a.x[0], (int)(row * 4 + q));
    double b0 = __shfl_sync(0xffffffffu, b.x[0], (int)(q + 4 * col));
    double b1 = __shfl_sync(0xffffffffu, b.x[0], (int)(q + 4 * (col + 1)));
    acc0 = fma(av, b0, acc0);
    acc1 = fma(av, b1, acc1);
  }
  d.x[0] = acc0;
  d.x[1] = acc1;
}

} // namespace __anchor

template <int m, int n, int k, class TA, class LA, class LB, class TD, class TC>
__device__ inline void __anchor_mma(fragment<accumulator, m, n, k, TD> &d,
                                    const fragment<matrix_a, m, n, k, TA, LA> &a,
                                    const fragment<matrix_b, m, n, k, TA, LB> &b,
                                    const fragment<accumulator, m, n, k, TC> &c, bool satf) {
  (void)satf; /* the 8-bit integer forms only */
  constexpr bool is_int =
      __anchor::same<TA, signed char>::value || __anchor::same<TA, unsigned char>::value;
  constexpr bool is_double = __anchor::same<TA, double>::value;
  if constexpr (is_int) {
    static_assert(__anchor::same<TD, int>::value && __anchor::same<TC, int>::value,
                  "nvcuda::wmma::mma_sync: 8-bit integer inputs accumulate in int");
    __anchor::mma_int<m, n, k, TA>(d, a, b, c, satf);
  } else if constexpr (is_double) {
    static_assert(__anchor::same<TD, double>::value && __anchor::same<TC, double>::value,
                  "nvcuda::wmma::mma_sync: double inputs accumulate in double");
    __anchor::mma_double(d, a, b, c);
  } else {
    static_assert(__anchor::same<TA, __half>::value ||
                      (__anchor::same<TD, float>::value && __anchor::same<TC, float>::value),
                  "nvcuda::wmma::mma_sync: bf16 and tf32 inputs accumulate in float");
    static_assert(!__anchor::same<TD, int>::value && !__anchor::same<TD, double>::value &&
                      !__anchor::same<TC, int>::value && !__anchor::same<TC, double>::value,
                  "nvcuda::wmma::mma_sync: this accumulator type does not go with these inputs");
    __anchor::mma_float<m, n, k, TA>(d, a, b, c);
  }
}
template <int m, int n, int k, class TA, class LA, class LB, class TD, class TC>
__device__ inline void mma_sync(fragment<accumulator, m, n, k, TD> &d,
                                const fragment<matrix_a, m, n, k, TA, LA> &a,
                                const fragment<matrix_b, m, n, k, TA, LB> &b,
                                const fragment<accumulator, m, n, k, TC> &c) {
  __anchor_mma(d, a, b, c, false);
}
/* satf: CUDA has it for the 8-bit integer forms only (the int results saturate); any other
 * form given one does not compile, as with nvcc. */
template <int m, int n, int k, class TA, class LA, class LB>
__device__ inline void mma_sync(fragment<accumulator, m, n, k, int> &d,
                                const fragment<matrix_a, m, n, k, TA, LA> &a,
                                const fragment<matrix_b, m, n, k, TA, LB> &b,
                                const fragment<accumulator, m, n, k, int> &c, bool satf) {
  static_assert(__anchor::same<TA, signed char>::value || __anchor::same<TA, unsigned char>::value,
                "nvcuda::wmma::mma_sync: satf exists for 8-bit integer inputs only");
  __anchor_mma(d, a, b, c, satf);
}

} // namespace wmma
} // namespace nvcuda

#pragma clang diagnostic pop

#endif
