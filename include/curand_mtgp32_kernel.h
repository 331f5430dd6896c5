/* curand_mtgp32_kernel.h — MTGP32's device API (docs/curand.md): the threads of a block
 * share one curandStateMtgp32_t (curand(&state[blockIdx.x]), at most 256 threads); each
 * call computes blockDim.x consecutive values of the block's MTGP sequence, thread t
 * getting value offset + t, then the state's offset moves on by blockDim.x. All threads of
 * the block must make the call (it synchronises them). curand_mtgp32_specific(state, i, n)
 * is the same with n participating threads, thread i taking value offset + i.
 *
 * The recursion and tempering are Saito and Matsumoto's MTGP ("Variants of Mersenne
 * Twister suitable for graphic processors", ACM TOMS 39(2), 2013): with x the 351-word
 * state sequence, x[i+351] = f(x[i], x[i+1], x[i+pos]) and output i tempers x[i+351] with
 * x[i+pos-1]. Since pos + 256 < 351, the block's values of one call are independent, as
 * the threads compute them in parallel. Written for Anchor. */
#ifndef ANCHOR_CURAND_MTGP32_KERNEL_H
#define ANCHOR_CURAND_MTGP32_KERNEL_H
#pragma GCC system_header

#include "curand_mtgp32.h"

static __inline__ __device__ unsigned int anchor_mtgp32_recursion(const mtgp32_kernel_params_t *k,
                                                                  int id, unsigned int x1,
                                                                  unsigned int x2, unsigned int y) {
  unsigned int x = (x1 & k->mask[0]) ^ x2;
  x ^= x << k->sh1_tbl[id];
  y = x ^ (y >> k->sh2_tbl[id]);
  return y ^ k->param_tbl[id][y & 0x0f];
}

/* The tempering matrix row picked by the folded bits of t. */
static __inline__ __device__ unsigned int anchor_mtgp32_temper_index(unsigned int t) {
  t ^= t >> 16;
  t ^= t >> 8;
  return t & 0x0f;
}

/* Value offset + index of the block's sequence, written into the ring; with n threads
 * taking part, the offset then moves on by n. single: the float form's tempering. */
static __inline__ __device__ unsigned int
anchor_mtgp32_next(curandStateMtgp32_t *state, unsigned int index, unsigned int n, int single) {
  const mtgp32_kernel_params_t *k = state->k;
  int id = state->pIdx;
  unsigned int base = (unsigned int)state->offset + index;
  unsigned int pos = k->pos_tbl[id];
  unsigned int r = anchor_mtgp32_recursion(k, id, state->s[base & MTGP32_STATE_MASK],
                                           state->s[(base + 1) & MTGP32_STATE_MASK],
                                           state->s[(base + pos) & MTGP32_STATE_MASK]);
  state->s[(base + MTGPDC_N) & MTGP32_STATE_MASK] = r;
  unsigned int row = anchor_mtgp32_temper_index(state->s[(base + pos - 1) & MTGP32_STATE_MASK]);
  unsigned int o = single ? (r >> 9) ^ k->single_temper_tbl[id][row] : r ^ k->temper_tbl[id][row];
  __syncthreads();
  if (index == 0) state->offset = (int)((state->offset + n) & MTGP32_STATE_MASK);
  __syncthreads();
  return o;
}

static __inline__ __device__ unsigned int curand(curandStateMtgp32_t *state) {
  return anchor_mtgp32_next(state, threadIdx.x, blockDim.x, 0);
}

static __inline__ __device__ unsigned int
curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n) {
  return anchor_mtgp32_next(state, index, n, 0);
}

/* The single-precision forms: NVIDIA's give other values than the tempered word's high bits
 * as a float in [1, 2) (less 1 or not): on an H100 (2026-12-07) block 0 thread 0 gave
 * 1.40088785 where that form gives 1.0925219 (MTGP's separate single-precision tempering
 * table, which Debian's parameter sets may not match). Until that is reproduced, a call is
 * a compile-time error naming the function, never a silently different value. */
static __inline__ __device__ float curand_mtgp32_single(curandStateMtgp32_t *state)
    __attribute__((unavailable("Anchor does not reproduce NVIDIA's curand_mtgp32_single yet "
                               "(docs/curand.md); use curand_uniform")));
static __inline__ __device__ float
curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n)
    __attribute__((unavailable("Anchor does not reproduce NVIDIA's curand_mtgp32_single_specific "
                               "yet (docs/curand.md); use curand_mtgp32_specific")));

#endif
