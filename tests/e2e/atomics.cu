// atomics.cu — end-to-end test of 32-bit atomics on global and shared memory:
// a histogram with atomicAdd into shared memory then global memory, unique slots
// handed out by atomicAdd's returned old value (every slot taken exactly once),
// atomicMin/atomicMax over signed and unsigned values, atomicAnd/Or/Xor, atomicExch,
// atomicCAS used to build a lock-free "first writer wins" per bucket, atomicInc's
// wrap-around, and float atomicAdd of small integers (exact in any order).
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BINS = 64, N = 200003 };

__global__ void histogram(const unsigned *in, int n, unsigned *bins) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i] % BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

// Each thread takes a slot from a shared counter and records who took it.
__global__ void take_slots(int *counter, int *owner_of_slot, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int slot = atomicAdd(counter, 1);
    owner_of_slot[slot] = i;
  }
}

__global__ void reductions(const int *in, int n, int *imin, int *imax, unsigned *umin,
                           unsigned *umax, unsigned *and_all, unsigned *or_all,
                           unsigned *xor_all, float *fsum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    atomicMin(imin, v);
    atomicMax(imax, v);
    atomicMin(umin, (unsigned)v);
    atomicMax(umax, (unsigned)v);
    atomicAnd(and_all, (unsigned)v | 0x80000001u);
    atomicOr(or_all, (unsigned)v & 0x00ff00ffu);
    atomicXor(xor_all, (unsigned)v);
    atomicAdd(fsum, (float)(v & 7));
  }
}

// First thread to claim a bucket with atomicCAS wins; everyone counts with atomicInc,
// which wraps to 0 after reaching the limit.
__global__ void claim(const int *in, int n, int *winner, unsigned *wrapping, int *exchanged) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int bucket = in[i] & 255;
    atomicCAS(&winner[bucket], -1, i);
    atomicInc(wrapping, 999u);
    atomicExch(&exchanged[bucket], bucket * 3);
  }
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  int *in = (int *)malloc(N * sizeof(int));
  unsigned s = 88172645u;
  for (int i = 0; i < N; i++) {
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    in[i] = (int)s;
  }
  int *din, *dcounter, *downer, *dimin, *dimax, *dwinner, *dexch;
  unsigned *dbins, *dumin, *dumax, *dand, *dor, *dxor, *dwrap;
  float *dfsum;
  if (check(cudaMalloc((void **)&din, N * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dbins, BINS * sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dcounter, sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&downer, N * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dimin, sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dimax, sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dumin, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dumax, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dand, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dor, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dxor, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dfsum, sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dwinner, 256 * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dexch, 256 * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dwrap, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, N * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  const int imin0 = 0x7fffffff, imax0 = -0x7fffffff - 1;
  const unsigned umin0 = 0xffffffffu, umax0 = 0, and0 = 0xffffffffu, zero = 0;
  const float fzero = 0.0f;
  if (check(cudaMemset(dbins, 0, BINS * sizeof(unsigned)), "memset") ||
      check(cudaMemset(dcounter, 0, sizeof(int)), "memset") ||
      check(cudaMemset(downer, 0xff, N * sizeof(int)), "memset") ||
      check(cudaMemset(dwinner, 0xff, 256 * sizeof(int)), "memset") ||
      check(cudaMemset(dexch, 0, 256 * sizeof(int)), "memset") ||
      check(cudaMemcpy(dimin, &imin0, sizeof imin0, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dimax, &imax0, sizeof imax0, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dumin, &umin0, sizeof umin0, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dumax, &umax0, sizeof umax0, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dand, &and0, sizeof and0, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dor, &zero, sizeof zero, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dxor, &zero, sizeof zero, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dwrap, &zero, sizeof zero, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dfsum, &fzero, sizeof fzero, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  int blocks = (N + 255) / 256;
  histogram<<<97, 256>>>((const unsigned *)din, N, dbins);
  take_slots<<<blocks, 256>>>(dcounter, downer, N);
  reductions<<<blocks, 256>>>(din, N, dimin, dimax, dumin, dumax, dand, dor, dxor, dfsum);
  claim<<<blocks, 256>>>(din, N, dwinner, dwrap, dexch);
  unsigned bins[BINS], umin, umax, and_all, or_all, xor_all, wrap;
  int counter, imin, imax, winner[256], exch[256];
  float fsum;
  int *owner = (int *)malloc(N * sizeof(int));
  if (check(cudaGetLastError(), "launches") || check(cudaDeviceSynchronize(), "kernels") ||
      check(cudaMemcpy(bins, dbins, sizeof bins, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&counter, dcounter, sizeof counter, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(owner, downer, N * sizeof(int), cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&imin, dimin, sizeof imin, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&imax, dimax, sizeof imax, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&umin, dumin, sizeof umin, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&umax, dumax, sizeof umax, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&and_all, dand, sizeof and_all, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&or_all, dor, sizeof or_all, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&xor_all, dxor, sizeof xor_all, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&fsum, dfsum, sizeof fsum, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(winner, dwinner, sizeof winner, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(exch, dexch, sizeof exch, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&wrap, dwrap, sizeof wrap, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;

  unsigned want_bins[BINS] = {0};
  int wimin = imin0, wimax = imax0;
  unsigned wumin = umin0, wumax = 0, wand = and0, wor = 0, wxor = 0;
  long long wsum = 0;
  int first[256];
  for (int b = 0; b < 256; b++)
    first[b] = -1;
  for (int i = 0; i < N; i++) {
    int v = in[i];
    want_bins[(unsigned)v % BINS]++;
    wimin = v < wimin ? v : wimin;
    wimax = v > wimax ? v : wimax;
    wumin = (unsigned)v < wumin ? (unsigned)v : wumin;
    wumax = (unsigned)v > wumax ? (unsigned)v : wumax;
    wand &= (unsigned)v | 0x80000001u;
    wor |= (unsigned)v & 0x00ff00ffu;
    wxor ^= (unsigned)v;
    wsum += v & 7;
    if (first[v & 255] < 0)
      first[v & 255] = i;
  }
  for (int b = 0; b < BINS; b++)
    if (bins[b] != want_bins[b]) {
      printf("FAIL: histogram bin %d = %u, expected %u\n", b, bins[b], want_bins[b]);
      return 1;
    }
  if (counter != N) {
    printf("FAIL: slot counter = %d, expected %d\n", counter, N);
    return 1;
  }
  char *seen = (char *)calloc(N, 1);
  for (int slot = 0; slot < N; slot++) {
    int who = owner[slot];
    if (who < 0 || who >= N || seen[who]) {
      printf("FAIL: slot %d owned by %d (out of range or a second slot)\n", slot, who);
      return 1;
    }
    seen[who] = 1;
  }
  if (imin != wimin || imax != wimax || umin != wumin || umax != wumax || and_all != wand ||
      or_all != wor || xor_all != wxor || fsum != (float)wsum) {
    printf("FAIL: reductions min %d/%d max %d/%d umin %u/%u umax %u/%u and %x/%x or %x/%x "
           "xor %x/%x fsum %g/%lld (got/expected)\n", imin, wimin, imax, wimax, umin, wumin,
           umax, wumax, and_all, wand, or_all, wor, xor_all, wxor, fsum, wsum);
    return 1;
  }
  // Any thread of a bucket may win the CAS race, but exactly one, and only from that bucket.
  for (int b = 0; b < 256; b++) {
    int w = winner[b];
    int ok = first[b] < 0 ? w == -1 : (w >= 0 && w < N && (in[w] & 255) == b);
    if (!ok || exch[b] != (first[b] < 0 ? 0 : b * 3)) {
      printf("FAIL: bucket %d: winner %d, exchanged %d\n", b, w, exch[b]);
      return 1;
    }
  }
  if (wrap != (unsigned)(N % 1000)) { // atomicInc(p, 999) counts 0..999 then wraps to 0
    printf("FAIL: atomicInc counter = %u, expected %u\n", wrap, (unsigned)(N % 1000));
    return 1;
  }
  printf("PASS\n");
  return 0;
}
