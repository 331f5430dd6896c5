// HIP port of warp votes and atomics: __ballot (HIP's 64-bit mask), __any,
// __all, __popcll, __lane_id, __syncthreads_count/_and/_or; atomicAdd on
// double and unsigned long long, 64-bit atomicCAS/atomicMax/atomicMin,
// unsafeAtomicAdd/safeAtomicAdd (float, double). Checked against the CPU.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <type_traits>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s\n", #call, hipGetErrorName(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static_assert(std::is_same<decltype(__ballot(1)), unsigned long long>::value,
              "HIP's __ballot returns a 64-bit mask");

struct Votes {
  unsigned long long ballot;
  int any_set, any_none, all_set, all_some;
  int popc;
  unsigned lane;
  int count, all_and, all_or, none_or;
};

// One block of 128 threads; thread t's predicate is t % 3 == 0.
__global__ void votes(Votes *out) {
  int t = threadIdx.x;
  bool p = t % 3 == 0;
  Votes v;
  v.ballot = __ballot(p);
  v.any_set = __any(p);
  v.any_none = __any(0);
  v.all_set = __all(1);
  v.all_some = __all(p);
  v.popc = __popcll(v.ballot);
  v.lane = __lane_id();
  v.count = __syncthreads_count(p);
  v.all_and = __syncthreads_and(t < 1000);
  v.all_or = __syncthreads_or(t == 77);
  v.none_or = __syncthreads_or(0);
  out[t] = v;
}

__global__ void atomics(double *dsum, unsigned long long *usum, unsigned long long *umax,
                        long long *smin, unsigned long long *cas_count, float *fsafe,
                        double *dsafe, float *funsafe, double *dunsafe) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(dsum, 0.5 * i);
  atomicAdd(usum, (unsigned long long)i << 33);
  atomicMax(umax, (unsigned long long)i * 0x100000001ull);
  atomicMin(smin, -(long long)i * 3);
  unsigned long long old = *cas_count, seen;
  do {
    seen = old;
    old = atomicCAS(cas_count, seen, seen + 1);
  } while (old != seen);
  safeAtomicAdd(fsafe, 1.0f);
  safeAtomicAdd(dsafe, 0.25);
  unsafeAtomicAdd(funsafe, 2.0f);
  unsafeAtomicAdd(dunsafe, 0.125);
}

int main() {
  int ok = 1;
  const int nt = 128;
  Votes *d_v, hv[nt];
  CHECK(hipMalloc(&d_v, sizeof hv));
  hipLaunchKernelGGL(votes, dim3(1), dim3(nt), 0, 0, d_v);
  CHECK(hipMemcpy(hv, d_v, sizeof hv, hipMemcpyDeviceToHost));
  int count = 0;
  for (int t = 0; t < nt; t++) count += t % 3 == 0;
  for (int t = 0; t < nt; t++) {
    int warp = t / 32;
    unsigned long long ballot = 0;
    for (int l = 0; l < 32; l++) ballot |= (unsigned long long)((warp * 32 + l) % 3 == 0) << l;
    const Votes &v = hv[t];
    if (v.ballot != ballot || v.any_set != 1 || v.any_none != 0 || v.all_set != 1 ||
        v.all_some != 0 || v.popc != __builtin_popcountll(ballot) || v.lane != (unsigned)t % 32 ||
        v.count != count || v.all_and != 1 || v.all_or != 1 || v.none_or != 0) {
      printf("thread %d: ballot %llx (expected %llx) any %d %d all %d %d popc %d lane %u count %d "
             "(expected %d) and %d or %d %d\n",
             t, v.ballot, ballot, v.any_set, v.any_none, v.all_set, v.all_some, v.popc, v.lane,
             v.count, count, v.all_and, v.all_or, v.none_or);
      ok = 0;
    }
  }

  const int blocks = 8, threads = 256, n = blocks * threads;
  struct {
    double dsum;
    unsigned long long usum, umax;
    long long smin;
    unsigned long long cas;
    float fsafe;
    double dsafe;
    float funsafe;
    double dunsafe;
  } h = {0, 0, 0, 0, 0, 0, 0, 0, 0}, *d;
  CHECK(hipMalloc(&d, sizeof h));
  CHECK(hipMemcpy(d, &h, sizeof h, hipMemcpyHostToDevice));
  atomics<<<blocks, threads>>>(&d->dsum, &d->usum, &d->umax, &d->smin, &d->cas, &d->fsafe,
                               &d->dsafe, &d->funsafe, &d->dunsafe);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  double dsum = 0;
  unsigned long long usum = 0;
  for (int i = 0; i < n; i++) {
    dsum += 0.5 * i;
    usum += (unsigned long long)i << 33;
  }
  // every partial sum is a multiple of 0.5 below 2^53: exact in any order
  if (h.dsum != dsum || h.usum != usum || h.umax != (unsigned long long)(n - 1) * 0x100000001ull ||
      h.smin != -(long long)(n - 1) * 3 || h.cas != (unsigned long long)n || h.fsafe != n ||
      h.dsafe != 0.25 * n || h.funsafe != 2.0f * n || h.dunsafe != 0.125 * n) {
    printf("atomics: dsum %.1f (%.1f) usum %llu (%llu) umax %llx smin %lld cas %llu safe %g %g "
           "unsafe %g %g\n",
           h.dsum, dsum, h.usum, usum, h.umax, h.smin, h.cas, h.fsafe, h.dsafe, h.funsafe,
           h.dunsafe);
    ok = 0;
  }
  CHECK(hipFree(d_v));
  CHECK(hipFree(d));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
