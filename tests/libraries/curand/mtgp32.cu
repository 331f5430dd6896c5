// mtgp32.cu — cuRAND's MTGP32 device API (curand_mtgp32_host.h, curand_mtgp32_kernel.h):
// curandMakeMTGP32Constants / curandMakeMTGP32KernelState for 64 blocks, then
// curand(&state[blockIdx.x]) by 256 and by 100 threads sharing each block's state,
// curand_mtgp32_specific, curand_uniform, curand_normal and curand_mtgp32_single, all
// against a serial CPU reference of the MTGP recursion (Saito & Matsumoto) run from the
// same parameter sets (mtgp32dc_params_fast_11213) and seeds. Compiles with nvcc, where
// it checks NVIDIA's device API against the same reference (h200.sh): NVIDIA's header
// holds other parameter sets, the reference takes whichever the header gives.
// Written for Anchor.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      if (failures < 20) {                                                                         \
        printf("FAIL " __VA_ARGS__);                                                               \
        printf("\n");                                                                              \
      }                                                                                            \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

enum { BLOCKS = 64, ROUNDS = 6, NARROW = 100, NARROW_ROUNDS = 3, SPECIFIC = 32, NORMALS = 256 };
static const unsigned long long SEED = 0x0123456789abcdefull;

// Serial MTGP: x[i + 351] = rec(x[i], x[i + 1], x[i + pos]); output i tempers x[i + 351]
// with x[i + pos - 1]. single: the float form's tempering.
struct reference {
  const mtgp32_params_fast_t *p;
  unsigned int *x;
  long n;
};
static void reference_init(reference *r, const mtgp32_params_fast_t *p, unsigned int seed,
                           long outputs) {
  r->p = p;
  r->n = 0;
  r->x = (unsigned int *)calloc(351 + outputs, sizeof(unsigned int));
  unsigned int hidden = p->tbl[4] ^ (p->tbl[8] << 16), fill = hidden;
  fill += fill >> 16;
  fill += fill >> 8;
  for (int i = 0; i < 351; i++)
    r->x[i] = (fill & 0xff) * 0x01010101u;
  r->x[0] = seed;
  r->x[1] = hidden;
  for (int i = 1; i < 351; i++)
    r->x[i] ^= 1812433253u * (r->x[i - 1] ^ (r->x[i - 1] >> 30)) + i;
}
static unsigned int reference_value(reference *r, long i, int single) {
  const mtgp32_params_fast_t *p = r->p;
  for (; r->n <= i; r->n++) {
    long j = r->n;
    unsigned int x = (r->x[j] & p->mask) ^ r->x[j + 1];
    x ^= x << p->sh1;
    unsigned int y = x ^ (r->x[j + p->pos] >> p->sh2);
    r->x[j + 351] = y ^ p->tbl[y & 15];
  }
  unsigned int t = r->x[i + p->pos - 1];
  t ^= t >> 16;
  t ^= t >> 8;
  unsigned int v = r->x[i + 351];
  return single ? (v >> 9) ^ p->flt_tmp_tbl[t & 15] : v ^ p->tmp_tbl[t & 15];
}

__global__ void wide(curandStateMtgp32_t *s, unsigned int *out) {
  for (int r = 0; r < ROUNDS; r++)
    out[(blockIdx.x * ROUNDS + r) * blockDim.x + threadIdx.x] = curand(&s[blockIdx.x]);
}
__global__ void narrow(curandStateMtgp32_t *s, float *out) {
  for (int r = 0; r < NARROW_ROUNDS; r++)
    out[(blockIdx.x * NARROW_ROUNDS + r) * blockDim.x + threadIdx.x] =
        curand_uniform(&s[blockIdx.x]);
}
__global__ void specific(curandStateMtgp32_t *s, unsigned int *out) {
  unsigned char index = (unsigned char)(SPECIFIC - 1 - threadIdx.x);
  out[blockIdx.x * SPECIFIC + threadIdx.x] =
      curand_mtgp32_specific(&s[blockIdx.x], index, SPECIFIC);
}
__global__ void normals(curandStateMtgp32_t *s, float *out, float *single) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = curand_normal(&s[blockIdx.x]);
#if !defined(ANCHOR_CURAND_MTGP32_H) // Anchor's is a compile-time error (not NVIDIA's values)
  single[blockIdx.x * blockDim.x + threadIdx.x] = curand_mtgp32_single(&s[blockIdx.x]);
#else
  single[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
#endif
}

static float bits_float(unsigned int b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}

int main(void) {
  mtgp32_kernel_params_t *kp;
  curandStateMtgp32_t *states;
  cudaMalloc(&kp, sizeof(mtgp32_kernel_params_t));
  cudaMalloc(&states, BLOCKS * sizeof(curandStateMtgp32_t));
  CHECK(curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, kp) == CURAND_STATUS_SUCCESS,
        "curandMakeMTGP32Constants");
  CHECK(curandMakeMTGP32KernelState(states, mtgp32dc_params_fast_11213, kp, BLOCKS, SEED) ==
            CURAND_STATUS_SUCCESS,
        "curandMakeMTGP32KernelState");

  const long per_block = ROUNDS * 256 + NARROW_ROUNDS * NARROW + SPECIFIC + 2 * NORMALS;
  size_t nw = BLOCKS * ROUNDS * 256, nn = BLOCKS * NARROW_ROUNDS * NARROW, ns = BLOCKS * SPECIFIC;
  size_t nz = BLOCKS * NORMALS;
  unsigned int *dw, *ds, *hw = (unsigned int *)malloc(nw * 4), *hs = (unsigned int *)malloc(ns * 4);
  float *dn, *dz, *dsingle, *hn = (float *)malloc(nn * 4), *hz = (float *)malloc(nz * 4);
  float *hsingle = (float *)malloc(nz * 4);
  cudaMalloc(&dw, nw * 4);
  cudaMalloc(&ds, ns * 4);
  cudaMalloc(&dn, nn * 4);
  cudaMalloc(&dz, nz * 4);
  cudaMalloc(&dsingle, nz * 4);
  wide<<<BLOCKS, 256>>>(states, dw);
  narrow<<<BLOCKS, NARROW>>>(states, dn);
  specific<<<BLOCKS, SPECIFIC>>>(states, ds);
  normals<<<BLOCKS, NORMALS>>>(states, dz, dsingle);
  CHECK(cudaDeviceSynchronize() == cudaSuccess, "kernels: %s",
        cudaGetErrorString(cudaGetLastError()));
  cudaMemcpy(hw, dw, nw * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hn, dn, nn * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hs, ds, ns * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hz, dz, nz * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hsingle, dsingle, nz * 4, cudaMemcpyDeviceToHost);

  unsigned long long seed = SEED ^ (SEED >> 32);
  int single_mismatch = 0;
  double zmax = 0;
  for (int b = 0; b < BLOCKS; b++) {
    reference ref;
    reference_init(&ref, &mtgp32dc_params_fast_11213[b], (unsigned int)seed + b + 1, per_block);
    long i = 0;
    for (int r = 0; r < ROUNDS; r++)
      for (int t = 0; t < 256; t++, i++) {
        unsigned int want = reference_value(&ref, i, 0), got = hw[(b * ROUNDS + r) * 256 + t];
        CHECK(got == want, "curand block %d round %d thread %d: %08x, reference %08x", b, r, t, got,
              want);
      }
    for (int r = 0; r < NARROW_ROUNDS; r++)
      for (int t = 0; t < NARROW; t++, i++) {
        float want = reference_value(&ref, i, 0) * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
        float got = hn[(b * NARROW_ROUNDS + r) * NARROW + t];
        CHECK(got == want,
              "curand_uniform (100 threads) block %d round %d thread %d: %.9g, reference %.9g", b,
              r, t, got, want);
      }
    for (int t = 0; t < SPECIFIC; t++) {
      unsigned int want = reference_value(&ref, i + SPECIFIC - 1 - t, 0),
                   got = hs[b * SPECIFIC + t];
      CHECK(got == want, "curand_mtgp32_specific block %d thread %d: %08x, reference %08x", b, t,
            got, want);
    }
    i += SPECIFIC;
    for (int t = 0; t < NORMALS; t++) {
      // Phi(z) against the uniform the value's bits give (inverse-CDF normal)
      double u = reference_value(&ref, i + t, 0) * 2.3283064365386963e-10 + 1.1641532182693481e-10;
      double z = hz[b * NORMALS + t], phi = 0.5 * erfc(-z / sqrt(2.0));
      double err = fabs(phi - u) / (u < 0.5 ? u : 1 - u);
      if (err > zmax) zmax = err;
      CHECK(err < 2e-5, "curand_normal block %d thread %d: %.9g, Phi %.9g, uniform %.9g", b, t, z,
            phi, u);
    }
    i += NORMALS;
    for (int t = 0; t < NORMALS; t++) {
      float want = bits_float(reference_value(&ref, i + t, 1)) - 1.0f;
      if (hsingle[b * NORMALS + t] != want) single_mismatch++;
      if (b == 0 && t < 2)
        printf("curand_mtgp32_single block 0 thread %d: %.9g (reference [1,2) form less 1: %.9g)\n",
               t, hsingle[t], want);
    }
    free(ref.x);
  }
  printf("curand_normal: largest relative error of Phi(z) %.3g\n", zmax);
  // NVIDIA's single-precision form is not documented; an H100 (2026-12-07): 16384 of 16384
  // differ from the [1,2)-less-1 form (1.40088785 for 1.0925219 - 1), so Anchor's headers
  // refuse curand_mtgp32_single at compile time; under nvcc this line is printed.
#if !defined(ANCHOR_CURAND_MTGP32_H)
  printf("curand_mtgp32_single: %d of %d differ from [1,2) less 1\n", single_mismatch, (int)nz);
#endif
#if defined(ANCHOR_CURAND_MTGP32_H) // NVIDIA's reads past its parameter sets; Anchor's refuses
  CHECK(curandMakeMTGP32KernelState(states, mtgp32dc_params_fast_11213, kp,
                                    CURAND_NUM_MTGP32_PARAMS + 1,
                                    SEED) == CURAND_STATUS_OUT_OF_RANGE,
        "more states than parameter sets must be refused");
#endif
  cudaFree(dw);
  cudaFree(ds);
  cudaFree(dn);
  cudaFree(dz);
  cudaFree(dsingle);
  cudaFree(states);
  cudaFree(kp);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
