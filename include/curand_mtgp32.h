/* curand_mtgp32.h — MTGP32's types with cuRAND's names and layouts (docs/curand.md):
 * a parameter set (mtgp32_params_fast_t), the parameter tables a kernel reads
 * (mtgp32_kernel_params_t, in device memory) and a block's state (curandStateMtgp32_t:
 * 1024-word ring of the 351-word MTGP state, its offset, its parameter set's index).
 * MTGP is Saito and Matsumoto's Mersenne Twister for Graphic Processors (11213-bit state).
 * Plain C. Written for Anchor. */
#ifndef ANCHOR_CURAND_MTGP32_H
#define ANCHOR_CURAND_MTGP32_H

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define TBL_SIZE 16

struct mtgp32_params_fast {
  int mexp;                     /* Mersenne exponent */
  int pos;                      /* pick-up position */
  int sh1;                      /* shift 1 */
  int sh2;                      /* shift 2 */
  unsigned int tbl[16];         /* recursion matrix */
  unsigned int tmp_tbl[16];     /* tempering matrix */
  unsigned int flt_tmp_tbl[16]; /* tempering matrix of the single-precision form */
  unsigned int mask;            /* state mask */
  unsigned char poly_sha1[21];  /* SHA-1 of the characteristic polynomial */
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

#endif
