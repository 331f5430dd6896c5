/* anchor/simdgroup_matrix.h — Anchor-internal: the SIMD-group matrix intrinsics that
 * compiler/wmma.c emits as one MSL simdgroup_multiply_accumulate on simdgroup_float8x8 /
 * simdgroup_half8x8 (docs/wmma.md). Used by mma.h (nvcuda::wmma) and by Anchor's own
 * library kernels (libraries/cublas/gemm_simdgroup.cu); not part of CUDA's API.
 *
 * d = a * b + c on one 8x8 tile per SIMD-group; each argument and the result is the
 * lane's pair of elements (r, c) and (r, c + 1), with q = lane / 4,
 * r = (q & 4) + (lane / 2) % 4, c = (q & 2) * 2 + (lane % 2) * 2 (MSL's thread_elements()
 * on Apple GPUs): two floats (bits, element 0 in the low word) or two halves (the low 32
 * bits). Every lane of the SIMD-group must make the call (convergent). */
#ifndef ANCHOR_SIMDGROUP_MATRIX_H
#define ANCHOR_SIMDGROUP_MATRIX_H

extern "C" __device__ unsigned long long
__anchor_sgmma_f32(unsigned long long a, unsigned long long b, unsigned long long c);
extern "C" __device__ unsigned long long
__anchor_sgmma_f16(unsigned long long a, unsigned long long b, unsigned long long c);

#endif
