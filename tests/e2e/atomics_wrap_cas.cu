// atomics_wrap_cas.cu — end-to-end test of the exact rules of atomicInc/atomicDec and of
// atomicCAS's returns:
//  1. atomicInc/atomicDec (_block, _system) at and around the limit: every pair of a limit
//     in {0, 1, 2, 7, 2^31-1, 2^32-2, 2^32-1} and a start in {0, 1, limit-1, limit, limit+1,
//     2^31, 2^32-1}, the returned old value and the value left, against CUDA's definitions
//     (inc: old >= limit ? 0 : old + 1; dec: old == 0 || old > limit ? limit : old - 1);
//  2. 1000 threads atomicInc (atomicDec) with limit 300 from 0: the olds are the cycle
//     0..300 (0, 300, 299, ...) with each value as often as in 1000 sequential steps, and
//     the final value is step 1000's;
//  3. every thread of 4 blocks atomicCAS(p, 0, its id + 1) on int, unsigned, 64-bit and
//     16-bit locations (global and shared): exactly one wins (returns 0), every other one
//     fails and returns the winner's value, which is the value left;
//  4. 16-bit CAS loops on the low half of a word while other threads atomicAdd 1 << 16 to
//     the whole 32-bit word, and 16-bit CAS loops on both halves of another word: each half
//     exact, so a 16-bit CAS changes only its own bytes.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;

enum { LIMITS = 7, STARTS = 7, PAIRS = LIMITS * STARTS };

__host__ __device__ unsigned limit_of(int k) {
  const unsigned limits[LIMITS] = {0u, 1u, 2u, 7u, 0x7fffffffu, 0xfffffffeu, 0xffffffffu};
  return limits[k / STARTS];
}
__host__ __device__ unsigned start_of(int k) {
  unsigned l = limit_of(k);
  const unsigned starts[STARTS] = {0u, 1u, l - 1u, l, l + 1u, 0x80000000u, 0xffffffffu};
  return starts[k % STARTS];
}

struct WrapOut {
  unsigned inc_old, inc_new, dec_old, dec_new, incb_new, decs_new;
};

__global__ void wrap_pairs(unsigned *cells, WrapOut *out) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= PAIRS) return;
  unsigned *p = &cells[k], l = limit_of(k), s = start_of(k);
  *p = s;
  out[k].inc_old = atomicInc(p, l);
  out[k].inc_new = *p;
  *p = s;
  out[k].dec_old = atomicDec(p, l);
  out[k].dec_new = *p;
  *p = s;
  atomicInc_block(p, l);
  out[k].incb_new = *p;
  *p = s;
  atomicDec_system(p, l);
  out[k].decs_new = *p;
}

enum { CYCLE_THREADS = 1000, CYCLE_LIMIT = 300 };

__global__ void cycle(unsigned *counters, unsigned *inc_olds, unsigned *dec_olds) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= CYCLE_THREADS) return;
  inc_olds[t] = atomicInc(&counters[0], CYCLE_LIMIT);
  dec_olds[t] = atomicDec(&counters[1], CYCLE_LIMIT);
}

enum { CAS_BLOCKS = 4, CAS_THREADS = 256 };

struct CasCells {
  int i;
  unsigned u;
  u64 ull;
  unsigned short us[2];
};
struct CasOlds {
  int i[CAS_BLOCKS * CAS_THREADS];
  unsigned u[CAS_BLOCKS * CAS_THREADS];
  u64 ull[CAS_BLOCKS * CAS_THREADS];
  unsigned short us[CAS_BLOCKS * CAS_THREADS];
  int si[CAS_BLOCKS * CAS_THREADS];
  u64 sull[CAS_BLOCKS * CAS_THREADS];
  unsigned short sus[CAS_BLOCKS * CAS_THREADS];
};

__global__ void cas_race(CasCells *c, CasOlds *o, CasCells *shared_final) {
  __shared__ CasCells s;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) memset(&s, 0, sizeof s);
  __syncthreads();
  o->i[t] = atomicCAS(&c->i, 0, t + 1);
  o->u[t] = atomicCAS_block(&c->u, 0u, (unsigned)t + 1);
  o->ull[t] = atomicCAS_system(&c->ull, 0ull, ((u64)t + 1) << 32 | 7);
  o->us[t] = atomicCAS(&c->us[1], (unsigned short)0, (unsigned short)(t + 1));
  o->si[t] = atomicCAS(&s.i, 0, t + 1);
  o->sull[t] = atomicCAS(&s.ull, 0ull, ((u64)t + 1) << 40);
  o->sus[t] = atomicCAS(&s.us[0], (unsigned short)0, (unsigned short)(t + 1));
  __syncthreads();
  if (threadIdx.x == 0) shared_final[blockIdx.x] = s;
}

// A 16-bit add by CAS loop.
__device__ void add16(unsigned short *p, unsigned short v) {
  unsigned short old = *(volatile unsigned short *)p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, (unsigned short)(assumed + v));
  } while (old != assumed);
}

enum { MIX_BLOCKS = 64, MIX_THREADS = 256 };

// words[0]: low half by 16-bit CAS, the whole word by 32-bit adds of 1 << 16;
// words[1]: both halves by 16-bit CAS loops.
__global__ void mixed(unsigned *words) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned short *halves0 = (unsigned short *)&words[0];
  unsigned short *halves1 = (unsigned short *)&words[1];
  if (t & 1)
    atomicAdd(&words[0], 1u << 16);
  else
    add16(&halves0[0], 1);
  add16(&halves1[t & 1], (t & 1) ? 2 : 1);
}

static int failures;
static void fail(const char *what, int k, u64 got, u64 want) {
  if (failures++ < 20) printf("FAIL: %s [%d] = %llu, expected %llu\n", what, k, got, want);
}

static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 1;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

static unsigned inc_ref(unsigned old, unsigned l) {
  return old >= l ? 0u : old + 1u;
}
static unsigned dec_ref(unsigned old, unsigned l) {
  return old == 0u || old > l ? l : old - 1u;
}

// Exactly one of olds[0..n) is 0, at thread w; all others equal final, which is win(w).
template <class T> static void one_winner(const char *what, const T *olds, int n, T final,
                                          T (*win)(int)) {
  int winners = 0, w = -1;
  for (int k = 0; k < n; k++)
    if (olds[k] == 0) winners++, w = k;
  if (winners != 1) {
    fail(what, 0, (u64)winners, 1);
    return;
  }
  if (final != win(w)) fail(what, w, (u64)final, (u64)win(w));
  for (int k = 0; k < n; k++)
    if (k != w && olds[k] != final) fail(what, k, (u64)olds[k], (u64)final);
}
static int win_int(int t) {
  return t + 1;
}
static unsigned win_u(int t) {
  return (unsigned)t + 1;
}
static u64 win_ull(int t) {
  return ((u64)t + 1) << 32 | 7;
}
static unsigned short win_us(int t) {
  return (unsigned short)(t + 1);
}
static u64 win_sull(int t) {
  return ((u64)t + 1) << 40;
}

int main(void) {
  unsigned *cells, *counters, *inc_olds, *dec_olds, *words;
  WrapOut *out;
  CasCells *cc, *sfinal;
  CasOlds *co;
  if (!cuda_ok(cudaMallocManaged(&cells, PAIRS * sizeof(unsigned)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&out, PAIRS * sizeof(WrapOut)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&counters, 2 * sizeof(unsigned)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&inc_olds, CYCLE_THREADS * sizeof(unsigned)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&dec_olds, CYCLE_THREADS * sizeof(unsigned)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&cc, sizeof(CasCells)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&sfinal, CAS_BLOCKS * sizeof(CasCells)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&co, sizeof(CasOlds)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&words, 2 * sizeof(unsigned)), "malloc"))
    return 1;
  counters[0] = counters[1] = 0;
  memset(cc, 0, sizeof *cc);
  words[0] = words[1] = 0;
  wrap_pairs<<<1, 64>>>(cells, out);
  cycle<<<4, 256>>>(counters, inc_olds, dec_olds);
  cas_race<<<CAS_BLOCKS, CAS_THREADS>>>(cc, co, sfinal);
  mixed<<<MIX_BLOCKS, MIX_THREADS>>>(words);
  if (!cuda_ok(cudaDeviceSynchronize(), "kernels")) return 1;

  // 1. wrap rules
  for (int k = 0; k < PAIRS; k++) {
    unsigned l = limit_of(k), s = start_of(k);
    if (out[k].inc_old != s) fail("atomicInc old", k, out[k].inc_old, s);
    if (out[k].dec_old != s) fail("atomicDec old", k, out[k].dec_old, s);
    if (out[k].inc_new != inc_ref(s, l)) fail("atomicInc new", k, out[k].inc_new, inc_ref(s, l));
    if (out[k].dec_new != dec_ref(s, l)) fail("atomicDec new", k, out[k].dec_new, dec_ref(s, l));
    if (out[k].incb_new != inc_ref(s, l))
      fail("atomicInc_block new", k, out[k].incb_new, inc_ref(s, l));
    if (out[k].decs_new != dec_ref(s, l))
      fail("atomicDec_system new", k, out[k].decs_new, dec_ref(s, l));
  }
  // 2. the cycle: the same multiset of olds as 1000 sequential steps
  static unsigned inc_count[CYCLE_LIMIT + 1], dec_count[CYCLE_LIMIT + 1];
  unsigned inc_v = 0, dec_v = 0;
  for (int k = 0; k < CYCLE_THREADS; k++) {
    inc_count[inc_v]++, dec_count[dec_v]++;
    inc_v = inc_ref(inc_v, CYCLE_LIMIT), dec_v = dec_ref(dec_v, CYCLE_LIMIT);
  }
  for (int k = 0; k < CYCLE_THREADS; k++) {
    if (inc_olds[k] > CYCLE_LIMIT || inc_count[inc_olds[k]]-- == 0)
      fail("atomicInc cycle old", k, inc_olds[k], 0);
    if (dec_olds[k] > CYCLE_LIMIT || dec_count[dec_olds[k]]-- == 0)
      fail("atomicDec cycle old", k, dec_olds[k], 0);
  }
  if (counters[0] != inc_v) fail("atomicInc cycle final", 0, counters[0], inc_v);
  if (counters[1] != dec_v) fail("atomicDec cycle final", 0, counters[1], dec_v);
  // 3. compare-and-swap races
  int n = CAS_BLOCKS * CAS_THREADS;
  one_winner("atomicCAS int", co->i, n, cc->i, win_int);
  one_winner("atomicCAS_block unsigned", co->u, n, cc->u, win_u);
  one_winner("atomicCAS_system 64-bit", co->ull, n, cc->ull, win_ull);
  one_winner("atomicCAS 16-bit", co->us, n, cc->us[1], win_us);
  if (cc->us[0] != 0) fail("atomicCAS 16-bit: the other half", 0, cc->us[0], 0);
  for (int b = 0; b < CAS_BLOCKS; b++) {
    int base = b * CAS_THREADS;
    char what[64];
    // the olds relative to the block's first thread (0 stays 0: the winner's)
    int si_rel[CAS_THREADS];
    u64 sull_rel[CAS_THREADS];
    unsigned short sus_rel[CAS_THREADS];
    for (int k = 0; k < CAS_THREADS; k++) {
      si_rel[k] = co->si[base + k] ? co->si[base + k] - base : 0;
      u64 v = co->sull[base + k];
      sull_rel[k] = v ? v - ((u64)base << 40) : 0;
      unsigned short h = co->sus[base + k];
      sus_rel[k] = h ? (unsigned short)(h - base) : 0;
    }
    snprintf(what, sizeof what, "shared atomicCAS int, block %d", b);
    one_winner(what, si_rel, CAS_THREADS, sfinal[b].i - base, win_int);
    snprintf(what, sizeof what, "shared atomicCAS 64-bit, block %d", b);
    one_winner(what, sull_rel, CAS_THREADS, sfinal[b].ull - ((u64)base << 40), win_sull);
    snprintf(what, sizeof what, "shared atomicCAS 16-bit, block %d", b);
    one_winner(what, sus_rel, CAS_THREADS, (unsigned short)(sfinal[b].us[0] - base), win_us);
    if (sfinal[b].us[1] != 0 || sfinal[b].u != 0) fail("shared atomicCAS: neighbours", b, 1, 0);
  }
  // 4. 16-bit CAS beside 32-bit adds
  unsigned half_threads = MIX_BLOCKS * MIX_THREADS / 2;
  if (words[0] != (half_threads << 16 | half_threads))
    fail("16-bit CAS with 32-bit adds on one word", 0, words[0], half_threads << 16 | half_threads);
  if (words[1] != ((2 * half_threads) << 16 | half_threads))
    fail("16-bit CAS on both halves", 1, words[1], (2 * half_threads) << 16 | half_threads);
  printf("wrap pairs %d, cycle final %u %u, CAS finals %d %u 0x%llx %u, words 0x%08x 0x%08x\n",
         PAIRS, counters[0], counters[1], cc->i, cc->u, cc->ull, cc->us[1], words[0], words[1]);
  if (failures) return 1;
  printf("OK: atomicInc/Dec wrap rules, atomicCAS success and failure returns, 16-bit CAS\n");
  printf("PASS\n");
  return 0;
}
