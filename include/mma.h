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
 * The experimental sub-byte forms (u4/s4 m8n8k32, b1 m8n8k128 with bmma_sync) are plain
 * device code too: a matrix_a lane holds 32 consecutive bits of one row (row lane / 4,
 * from bit 32 * (lane % 4): 8 nibbles or 32 bits), a matrix_b lane the same of one column,
 * packed in x[0] as CUDA's storage (element i at bits i * 4 or bit i); mma_sync and
 * bmma_sync gather a row and two columns with 12 shuffles and sum exactly.
 *
 * Shapes and types are CUDA's: half m16n16k16/m32n8k16/m8n32k16 with float or half
 * accumulators; __nv_bfloat16 the same shapes with float; precision::tf32 m16n16k8 with
 * float; double m8n8k4; signed/unsigned char m16n16k16/m32n8k16/m8n32k16 with int;
 * experimental::precision::u4/s4 m8n8k32 and b1 m8n8k128 (matrix_a row_major, matrix_b
 * col_major) with int. Any other combination fails to compile (a static_assert naming it).
 * num_elements is nvcc's for every fragment: 16 for every half matrix_a/matrix_b, whose x[]
 * then holds the lane's share (rows x cols / 32 elements) two or four times over. */
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
/* bmma_sync's operations (CUDA's values): a row of A and a column of B combined bit by bit,
 * then the set bits counted. */
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
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
/* The sub-byte elements are stored packed: 8 nibbles or 32 bits in one unsigned or int. */
ANCHOR_WMMA_INPUT(experimental::precision::u4, unsigned, (m == 8 && n == 8 && k == 32))
ANCHOR_WMMA_INPUT(experimental::precision::s4, int, (m == 8 && n == 8 && k == 32))
ANCHOR_WMMA_INPUT(experimental::precision::b1, unsigned, (m == 8 && n == 8 && k == 128))
ANCHOR_WMMA_KIND(accumulator, float, float,
                 (shape16<m, n, k>::value || (m == 16 && n == 16 && k == 8)))
ANCHOR_WMMA_KIND(accumulator, __half, __half, (shape16<m, n, k>::value))
ANCHOR_WMMA_KIND(accumulator, int, int,
                 (shape16<m, n, k>::value || (m == 8 && n == 8 && (k == 32 || k == 128))))
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

/* Bits per element of the sub-byte types (0: not one). */
template <class T> struct subbyte {
  static constexpr int bits = 0;
};
template <> struct subbyte<experimental::precision::u4> {
  static constexpr int bits = 4;
};
template <> struct subbyte<experimental::precision::s4> {
  static constexpr int bits = 4;
};
template <> struct subbyte<experimental::precision::b1> {
  static constexpr int bits = 1;
};

/* A fragment's sizes, nvcc's: share, the distinct elements a lane holds (rows x cols / 32);
 * num_elements, share except for half matrix_a/matrix_b (16 on nvcc for every shape: x[e]
 * is then a copy of x[e % share]); num_storage_elements, num_elements except for the
 * sub-byte types (all a lane's elements packed in one 32-bit x[0]). */
template <class Use, int rows, int cols, class T> struct counts {
  static constexpr int share = positions<Use, rows, cols>::elements;
  static constexpr bool copies = same<T, __half>::value && !same<Use, accumulator>::value;
  static constexpr int elements = subbyte<T>::bits ? rows * cols / 32 : copies ? 16 : share;
  static constexpr int storage = subbyte<T>::bits ? 1 : elements;
};

} // namespace __anchor

template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
  typedef __anchor::kind<Use, m, n, k, T> kind;
  static_assert(
      kind::valid,
      "nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type");
  static_assert(
      __anchor::same<Use, accumulator>::value || __anchor::same<Layout, row_major>::value ||
          __anchor::same<Layout, col_major>::value,
      "nvcuda::wmma::fragment: matrix_a and matrix_b fragments need row_major or col_major");
  static_assert(!__anchor::same<Use, accumulator>::value || __anchor::same<Layout, void>::value,
                "nvcuda::wmma::fragment: an accumulator fragment has no layout");
  static_assert(!__anchor::subbyte<T>::bits || (__anchor::same<Use, matrix_a>::value
                                                    ? __anchor::same<Layout, row_major>::value
                                                    : __anchor::same<Layout, col_major>::value),
                "nvcuda::wmma::fragment: the sub-byte types (u4, s4, b1) take a row_major "
                "matrix_a and a col_major matrix_b only");

public:
  typedef __anchor::dims<Use, m, n, k> dims;
  typedef __anchor::positions<Use, dims::rows, dims::cols> positions;
  typedef __anchor::counts<Use, dims::rows, dims::cols, T> counts;
  typedef T element_type;
  typedef typename kind::storage storage_element_type;
  enum { num_elements = counts::elements };
  enum { num_storage_elements = counts::storage };
  storage_element_type x[num_storage_elements];
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

/* Sub-byte types: v's low 4 bits (u4, s4) or lowest bit (b1) in every element. */
template <class Use, int m, int n, int k, class T, class Layout, class V>
__device__ inline void fill_fragment(fragment<Use, m, n, k, T, Layout> &a, const V &v) {
  typedef typename fragment<Use, m, n, k, T, Layout>::storage_element_type S;
  S s;
  if constexpr (__anchor::subbyte<T>::bits == 4)
    s = (S)(((unsigned)v & 0xfu) * 0x11111111u);
  else if constexpr (__anchor::subbyte<T>::bits == 1)
    s = (S)((unsigned)v & 1u ? 0xffffffffu : 0u);
  else
    s = (S)v;
  for (int e = 0; e < a.num_storage_elements; e++)
    a.x[e] = s;
}

namespace __anchor {
/* The 32 bits of memory from bit `bit` on (bit i of byte j is bit 8 j + i), reading only
 * the bytes that hold them. */
__device__ inline unsigned load_bits(const unsigned char *p, size_t bit) {
  const unsigned char *q = p + bit / 8;
  unsigned shift = (unsigned)(bit % 8);
  unsigned long long w = 0;
  for (unsigned i = 0; i < (shift ? 5u : 4u); i++)
    w |= (unsigned long long)q[i] << (8 * i);
  return (unsigned)(w >> shift);
}
} // namespace __anchor

/* Element (r, c) of a matrix at p: row-major p[r * ldm + c], column-major p[c * ldm + r].
 * Sub-byte types (p any pointer, as CUDA's const void *; ldm in elements of 4 or 1 bits,
 * elements packed from each byte's low bits up): lane l holds the 32 bits from element
 * (l % 4) * 32 / bits of row (matrix_a, row-major) or column (matrix_b, column-major) l / 4. */
template <class Use, int m, int n, int k, class T, class Layout, class P>
__device__ inline void __anchor_load(fragment<Use, m, n, k, T, Layout> &a, const P *p, unsigned ldm,
                                     bool row) {
  typedef fragment<Use, m, n, k, T, Layout> F;
  typedef typename F::storage_element_type S;
  constexpr int bits = __anchor::subbyte<T>::bits;
  static_assert(bits || __anchor::same<P, S>::value,
                "nvcuda::wmma::load_matrix_sync: the pointer's type is not the fragment's");
  unsigned l = __anchor::lane();
  if constexpr (bits != 0) {
    size_t element = (size_t)(l / 4) * ldm + (l % 4) * (32 / bits);
    a.x[0] = (S)__anchor::load_bits((const unsigned char *)p, element * bits);
  } else {
    constexpr int share = F::counts::share;
    for (int e = 0; e < share; e++) {
      unsigned r, c;
      F::positions::position(e, l, r, c);
      a.x[e] = p[row ? (size_t)r * ldm + c : (size_t)c * ldm + r];
    }
    for (int e = share; e < F::num_elements; e++) /* nvcc's copies (half matrix_a/b) */
      a.x[e] = a.x[e - share];
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

/* The sub-byte forms: lane l holds D(r, c) and D(r, c + 1) (r = tile_row(l), c =
 * tile_col(l)); it gathers row r of A (lanes 4 r .. 4 r + 3) and columns c, c + 1 of B
 * (lanes 4 c .. 4 c + 7), 32 bits from each lane, and combines them element by element:
 * products of 4-bit integers (u4 zero-extended, s4 sign-extended) summed exactly, or
 * (b1) the set bits of A op B counted. The sums and c add in 64 bits, then wrap to int,
 * or with satf (u4, s4) saturate. */
template <int bits, bool is_signed, int k, class FA, class FB>
__device__ inline void mma_subbyte(fragment<accumulator, 8, 8, k, int> &d, const FA &a, const FB &b,
                                   const fragment<accumulator, 8, 8, k, int> &c, bool satf,
                                   bool bit_and) {
  unsigned l = lane(), row = tile_row(l), col = tile_col(l);
  long long acc0 = c.x[0], acc1 = c.x[1];
  for (unsigned q = 0; q < 4; q++) {
    unsigned aw = (unsigned)__shfl_sync(0xffffffffu, (int)a.x[0], (int)(row * 4 + q));
    unsigned b0 = (unsigned)__shfl_sync(0xffffffffu, (int)b.x[0], (int)(col * 4 + q));
    unsigned b1 = (unsigned)__shfl_sync(0xffffffffu, (int)b.x[0], (int)(col * 4 + 4 + q));
    if constexpr (bits == 1) {
      acc0 += __popc(bit_and ? aw & b0 : aw ^ b0);
      acc1 += __popc(bit_and ? aw & b1 : aw ^ b1);
    } else {
      for (int i = 0; i < 32; i += 4) {
        int av = (int)(aw >> i & 0xfu), bv0 = (int)(b0 >> i & 0xfu), bv1 = (int)(b1 >> i & 0xfu);
        if constexpr (is_signed)
          av -= av & 8 ? 16 : 0, bv0 -= bv0 & 8 ? 16 : 0, bv1 -= bv1 & 8 ? 16 : 0;
        acc0 += av * bv0;
        acc1 += av * bv1;
      }
    }
  }
  long long out[2] = {acc0, acc1};
  for (int t = 0; t < 2; t++) {
    long long v = out[t];
    if (satf) v = v > 2147483647ll ? 2147483647ll : v < -2147483647ll - 1 ? -2147483647ll - 1 : v;
    d.x[t] = (int)(unsigned)(unsigned long long)v;
  }
}

} // namespace __anchor

template <int m, int n, int k, class TA, class LA, class LB, class TD, class TC>
__device__ inline void __anchor_mma(fragment<accumulator, m, n, k, TD> &d,
                                    const fragment<matrix_a, m, n, k, TA, LA> &a,
                                    const fragment<matrix_b, m, n, k, TA, LB> &b,
                                    const fragment<accumulator, m, n, k, TC> &c, bool satf) {
  (void)satf; /* the 8-bit and 4-bit integer forms only */
  constexpr bool is_int =
      __anchor::same<TA, signed char>::value || __anchor::same<TA, unsigned char>::value;
  constexpr bool is_double = __anchor::same<TA, double>::value;
  constexpr int bits = __anchor::subbyte<TA>::bits;
  if constexpr (bits == 1) {
    static_assert(bits != 1, "nvcuda::wmma::mma_sync: b1 fragments multiply with bmma_sync");
  } else if constexpr (bits == 4) {
    __anchor::mma_subbyte<4, __anchor::same<TA, experimental::precision::s4>::value>(d, a, b, c,
                                                                                     satf, false);
  } else if constexpr (is_int) {
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
  static_assert(__anchor::same<TA, signed char>::value ||
                    __anchor::same<TA, unsigned char>::value || __anchor::subbyte<TA>::bits == 4,
                "nvcuda::wmma::mma_sync: satf exists for 8-bit and 4-bit integer inputs only");
  __anchor_mma(d, a, b, c, satf);
}

/* D = (A op B) + C on bits: each element of D adds the number of set bits of row r of A
 * XOR (or AND) column c of B to C's. */
__device__ inline void
bmma_sync(fragment<accumulator, 8, 8, 128, int> &d,
          const fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major> &a,
          const fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major> &b,
          const fragment<accumulator, 8, 8, 128, int> &c,
          experimental::bmmaBitOp op = experimental::bmmaBitOpXOR,
          experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC) {
  __anchor::mma_subbyte<1, false>(d, a, b, c, false, op == experimental::bmmaBitOpAND);
}

} // namespace wmma
} // namespace nvcuda

#pragma clang diagnostic pop

#endif
