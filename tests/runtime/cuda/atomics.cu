// tests/runtime/cuda/atomics.cu — CUDA's atomic functions from Anchor's
// headers, used by many threads of many blocks at once on global and shared
// memory: a histogram (atomicAdd), counters (atomicSub, atomicInc/Dec),
// extremes (atomicMin/Max), bit sets (atomicAnd/Or/Xor), a float sum of small
// integers (exact in any order), atomicCAS as a lock-free max and as a
// once-only claim, atomicExch. Only order-independent results are checked,
// against the host. Prints PASS or FAIL lines.
#include <cstdio>
#include <cuda_runtime.h>

enum { N = 4096, BINS = 16, BLOCK = 128 };

struct Results {
  int hist[BINS];
  int shared_hist[BINS];
  unsigned down;
  unsigned wrapped_inc;
  unsigned wrapped_dec;
  int min_value, max_value;
  unsigned umax_value;
  int and_bits, or_bits, xor_bits;
  float float_sum;
  int cas_max;
  int claimed_by;
  int claims;
  unsigned exchanged;
};

__device__ int value_of(int i) { return ((i * 37) % 101) - 50; }

__global__ void hammer(Results *r) {
  __shared__ int local[BINS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = value_of(i);
  if (threadIdx.x < BINS) local[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&local[(v + 50) % BINS], 1);
  __syncthreads();
  if (threadIdx.x < BINS) atomicAdd(&r->shared_hist[threadIdx.x], local[threadIdx.x]);
  atomicAdd(&r->hist[(v + 50) % BINS], 1);
  atomicSub(&r->down, 1u);
  atomicInc(&r->wrapped_inc, 9u);
  atomicDec(&r->wrapped_dec, 6u);
  atomicMin(&r->min_value, v * 3);
  atomicMax(&r->max_value, v * 3);
  atomicMax(&r->umax_value, (unsigned)i * 7u);
  atomicAnd(&r->and_bits, ~(1 << (i % 31)));
  atomicOr(&r->or_bits, 1 << (i % 29));
  atomicXor(&r->xor_bits, i * 2654435761u);
  atomicAdd(&r->float_sum, (float)(v & 7));
  int seen = r->cas_max;
  while (seen < v) {
    int old = atomicCAS(&r->cas_max, seen, v);
    if (old == seen) break;
    seen = old;
  }
  if (atomicCAS(&r->claimed_by, -1, i) == -1) atomicAdd(&r->claims, 1);
  atomicExch(&r->exchanged, 12345u);
}

int main() {
  Results init = {}, *d;
  init.down = 100000;
  init.min_value = 1 << 30;
  init.max_value = -(1 << 30);
  init.and_bits = -1;
  init.cas_max = -1000;
  init.claimed_by = -1;
  cudaMalloc(&d, sizeof init);
  cudaMemcpy(d, &init, sizeof init, cudaMemcpyHostToDevice);
  hammer<<<N / BLOCK, BLOCK>>>(d);
  Results got;
  cudaError_t e = cudaMemcpy(&got, d, sizeof got, cudaMemcpyDeviceToHost);
  Results want = init;
  for (int i = 0; i < N; i++) {
    int v = ((i * 37) % 101) - 50;
    want.hist[(v + 50) % BINS]++;
    want.shared_hist[(v + 50) % BINS]++;
    want.down--;
    want.wrapped_inc = want.wrapped_inc >= 9u ? 0 : want.wrapped_inc + 1;
    want.wrapped_dec = (want.wrapped_dec == 0 || want.wrapped_dec > 6u) ? 6u : want.wrapped_dec - 1;
    want.min_value = v * 3 < want.min_value ? v * 3 : want.min_value;
    want.max_value = v * 3 > want.max_value ? v * 3 : want.max_value;
    want.umax_value = (unsigned)i * 7u > want.umax_value ? (unsigned)i * 7u : want.umax_value;
    want.and_bits &= ~(1 << (i % 31));
    want.or_bits |= 1 << (i % 29);
    want.xor_bits ^= (int)(i * 2654435761u);
    want.float_sum += (float)(v & 7);
    want.cas_max = v > want.cas_max ? v : want.cas_max;
  }
  want.claims = 1;
  want.exchanged = 12345u;
  int failures = e != cudaSuccess;
#define SAME(field)                                                                          \
  if (got.field != want.field) {                                                             \
    printf("FAIL: %s = %lld, expected %lld\n", #field, (long long)got.field, (long long)want.field); \
    failures++;                                                                              \
  }
  for (int b = 0; b < BINS; b++) {
    SAME(hist[b]);
    SAME(shared_hist[b]);
  }
  SAME(down);
  SAME(wrapped_inc);
  SAME(wrapped_dec);
  SAME(min_value);
  SAME(max_value);
  SAME(umax_value);
  SAME(and_bits);
  SAME(or_bits);
  SAME(xor_bits);
  SAME(float_sum);
  SAME(cas_max);
  SAME(claims);
  SAME(exchanged);
  if (got.claimed_by < 0 || got.claimed_by >= N) {
    printf("FAIL: claimed_by = %d\n", got.claimed_by);
    failures++;
  }
  if (!failures) printf("PASS\n");
  return failures ? 1 : 0;
}
