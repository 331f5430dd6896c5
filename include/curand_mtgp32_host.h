/* curand_mtgp32_host.h — MTGP32's host-side setup (docs/curand.md), cuRAND's names:
 * curandMakeMTGP32Constants copies parameter sets into the tables kernels read (device
 * memory); curandMakeMTGP32KernelState seeds n blocks' states, block i with parameter set
 * i and seed (seed ^ seed >> 32) + i + 1 by Saito and Matsumoto's MTGP state
 * initialisation, and copies them to device memory. Includes the parameter sets
 * (curand_mtgp32dc_p_11213.h), as NVIDIA's header does. Written for Anchor. */
#ifndef ANCHOR_CURAND_MTGP32_HOST_H
#define ANCHOR_CURAND_MTGP32_HOST_H
#pragma GCC system_header

#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#include "curand.h"
#include "curand_mtgp32.h"
#include "curand_mtgp32dc_p_11213.h"

/* MTGP's state initialisation from a 32-bit seed: the parameter set's hidden seed and a
 * Knuth-style linear congruential fill of the mexp / 32 + 1 words. */
static __inline__ __host__ void anchor_mtgp32_init_state(unsigned int state[],
                                                         const mtgp32_params_fast_t *para,
                                                         unsigned int seed) {
  int size = para->mexp / 32 + 1;
  unsigned int hidden_seed = para->tbl[4] ^ (para->tbl[8] << 16);
  unsigned int fill = hidden_seed;
  fill += fill >> 16;
  fill += fill >> 8;
  memset(state, fill & 0xff, sizeof(unsigned int) * (size_t)size);
  state[0] = seed;
  state[1] = hidden_seed;
  for (int i = 1; i < size; i++)
    state[i] ^= 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + (unsigned int)i;
}

static __inline__ __host__ curandStatus_t
curandMakeMTGP32Constants(const mtgp32_params_fast_t params[], mtgp32_kernel_params_t *p) {
  mtgp32_kernel_params_t *h = (mtgp32_kernel_params_t *)calloc(1, sizeof *h);
  if (!h) return CURAND_STATUS_ALLOCATION_FAILED;
  h->mask[0] = params[0].mask;
  for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS; i++) {
    h->pos_tbl[i] = (unsigned int)params[i].pos;
    h->sh1_tbl[i] = (unsigned int)params[i].sh1;
    h->sh2_tbl[i] = (unsigned int)params[i].sh2;
    for (int j = 0; j < TBL_SIZE; j++) {
      h->param_tbl[i][j] = params[i].tbl[j];
      h->temper_tbl[i][j] = params[i].tmp_tbl[j];
      h->single_temper_tbl[i][j] = params[i].flt_tmp_tbl[j];
    }
  }
  cudaError_t e = cudaMemcpy(p, h, sizeof *h, cudaMemcpyHostToDevice);
  free(h);
  return e == cudaSuccess ? CURAND_STATUS_SUCCESS : CURAND_STATUS_INITIALIZATION_FAILED;
}

/* n states (n <= CURAND_NUM_MTGP32_PARAMS: one parameter set per block). */
static __inline__ __host__ curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s,
                                                                      mtgp32_params_fast_t params[],
                                                                      mtgp32_kernel_params_t *k,
                                                                      int n,
                                                                      unsigned long long seed) {
  if (n < 0 || n > CURAND_NUM_MTGP32_PARAMS) return CURAND_STATUS_OUT_OF_RANGE;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  curandStateMtgp32_t *h = (curandStateMtgp32_t *)calloc((size_t)n, sizeof *h);
  if (!h) return CURAND_STATUS_ALLOCATION_FAILED;
  seed ^= seed >> 32;
  for (int i = 0; i < n; i++) {
    anchor_mtgp32_init_state(h[i].s, &params[i], (unsigned int)seed + (unsigned int)i + 1u);
    h[i].offset = 0;
    h[i].pIdx = i;
    h[i].k = k;
  }
  cudaError_t e = cudaMemcpy(s, h, sizeof *h * (size_t)n, cudaMemcpyHostToDevice);
  free(h);
  return e == cudaSuccess ? CURAND_STATUS_SUCCESS : CURAND_STATUS_INITIALIZATION_FAILED;
}

#endif
