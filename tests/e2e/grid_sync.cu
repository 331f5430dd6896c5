// grid_sync.cu — end-to-end test of cooperative launches and grid-wide synchronisation
// (cooperative_groups::this_grid().sync(), issues 8 and 9):
//  - cudaDevAttrCooperativeLaunch and cudaDeviceProp::cooperativeLaunch are 1;
//  - a kernel of several phases separated by grid.sync(): STEPS steps of a 1-D stencil
//    (each element from its neighbours' values of the previous step, which other blocks
//    wrote), then a grid-wide sum (each block's partial sum, then every thread adds the
//    partials up after a sync) and a normalisation by that sum; one step uses the split
//    barrier (barrier_arrive / barrier_wait). Checked against a host reference, element
//    by element (integer arithmetic modulo 2^32: exact everywhere);
//  - grids of 1 block, of exactly the co-resident capacity
//    (cudaOccupancyMaxActiveBlocksPerMultiprocessor × multiProcessorCount) and a 2-D grid,
//    through cudaLaunchCooperativeKernel, cudaLaunchKernelEx with
//    cudaLaunchAttributeCooperative and the driver's cuLaunchCooperativeKernel;
//  - one block more than the capacity: cudaErrorCooperativeLaunchTooLarge (not sticky);
//  - grid.is_valid() in an ordinary and in a cooperative launch: true in both under CUDA 13
//    (an H100, 2026-12-06: 256 of 256 threads in the ordinary launch);
//  - grid.sync() in an ordinary launch of 2 blocks (which fit): it synchronises there too
//    under CUDA 13 (the same H100 run: cudaSuccess, where the first version of this test
//    expected a trap); each block reads the other's value written before the sync.
// Lines without "INFO" must be the same under nvcc on an NVIDIA GPU (H200) and under
// anchorcc on softmetal; INFO lines hold device-specific numbers. Build with nvcc:
//   nvcc -O2 -arch=sm_90 grid_sync.cu -lcuda -o grid_sync
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <vector>

namespace cg = cooperative_groups;

enum { THREADS = 128, STEPS = 5 };

struct problem {
  unsigned *a, *b; // ping-pong buffers of n elements (a holds the input)
  unsigned *sums;  // one partial sum per block
  unsigned *out;   // the normalised result
  unsigned *total; // the grid-wide sum, as block 0 saw it
  int n;
};

__device__ unsigned stencil(const unsigned *v, int i, int n) {
  return v[(i + n - 1) % n] + 2u * v[i] + 3u * v[(i + 1) % n] + (unsigned)i;
}

__global__ void phases(problem p) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ unsigned partial[THREADS];
  unsigned long long rank = grid.thread_rank(), size = grid.size();
  unsigned *from = p.a, *to = p.b;
  for (int s = 0; s < STEPS; s++) {
    for (unsigned long long i = rank; i < (unsigned long long)p.n; i += size)
      to[i] = stencil(from, (int)i, p.n);
    if (s == 2) { // the split barrier: arrive, then wait
      cg::grid_group::arrival_token token = grid.barrier_arrive();
      grid.barrier_wait(static_cast<cg::grid_group::arrival_token &&>(token));
    } else {
      grid.sync();
    }
    unsigned *t = from;
    from = to;
    to = t;
  }
  // the grid-wide sum: per block, then over the blocks' partials
  unsigned mine = 0;
  for (unsigned long long i = rank; i < (unsigned long long)p.n; i += size)
    mine += from[i];
  partial[block.thread_rank()] = mine;
  block.sync();
  if (block.thread_rank() == 0) {
    unsigned s = 0;
    for (unsigned k = 0; k < block.size(); k++)
      s += partial[k];
    p.sums[grid.block_rank()] = s;
  }
  grid.sync();
  unsigned total = 0;
  for (unsigned long long k = 0; k < grid.num_blocks(); k++)
    total += p.sums[k];
  for (unsigned long long i = rank; i < (unsigned long long)p.n; i += size)
    p.out[i] = from[i] * 7u - total;
  if (rank == 0) *p.total = total;
}

__global__ void validity(unsigned *o) {
  cg::grid_group grid = cg::this_grid();
  o[grid.thread_rank()] = grid.is_valid() ? 1u : 0u;
}

__global__ void sync_ordinary(volatile unsigned *o) {
  if (threadIdx.x == 0) o[blockIdx.x] = blockIdx.x + 1u;
  cg::this_grid().sync();
  if (threadIdx.x == 0) o[2 + blockIdx.x] = o[1 - blockIdx.x];
}

static void reference(const std::vector<unsigned> &in, std::vector<unsigned> &out,
                      unsigned *total) {
  int n = (int)in.size();
  std::vector<unsigned> from = in, to(n);
  for (int s = 0; s < STEPS; s++) {
    for (int i = 0; i < n; i++)
      to[i] = from[(i + n - 1) % n] + 2u * from[i] + 3u * from[(i + 1) % n] + (unsigned)i;
    from.swap(to);
  }
  unsigned t = 0;
  for (int i = 0; i < n; i++)
    t += from[i];
  out.resize(n);
  for (int i = 0; i < n; i++)
    out[i] = from[i] * 7u - t;
  *total = t;
}

static int failures;

static void check(const char *what, bool ok) {
  printf("%s: %s\n", what, ok ? "PASS" : "FAIL");
  if (!ok) failures++;
}

enum launch_kind { RUNTIME, LAUNCH_EX, DRIVER };

// Runs phases over n elements on grid, by the given launch; returns the launch's error
// and checks the values when it succeeded.
static cudaError_t run(const char *what, dim3 grid, int n, launch_kind kind) {
  std::vector<unsigned> in(n), want, got(n);
  for (int i = 0; i < n; i++)
    in[i] = (unsigned)i * 2654435761u ^ 0x9e37u;
  unsigned want_total;
  reference(in, want, &want_total);
  problem p;
  unsigned blocks = grid.x * grid.y * grid.z;
  cudaMalloc(&p.a, n * sizeof(unsigned));
  cudaMalloc(&p.b, n * sizeof(unsigned));
  cudaMalloc(&p.out, n * sizeof(unsigned));
  cudaMalloc(&p.sums, blocks * sizeof(unsigned));
  cudaMalloc(&p.total, sizeof(unsigned));
  p.n = n;
  cudaMemcpy(p.a, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  void *args[] = {&p};
  cudaError_t e;
  if (kind == RUNTIME) {
    e = cudaLaunchCooperativeKernel(phases, grid, dim3(THREADS), args, 0, 0);
  } else if (kind == LAUNCH_EX) {
    cudaLaunchAttribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.id = cudaLaunchAttributeCooperative;
    attribute.val.cooperative = 1;
    cudaLaunchConfig_t config;
    memset(&config, 0, sizeof config);
    config.gridDim = grid;
    config.blockDim = dim3(THREADS);
    config.attrs = &attribute;
    config.numAttrs = 1;
    e = cudaLaunchKernelEx(&config, phases, p);
  } else {
    cudaFunction_t f;
    e = (cudaError_t)cuInit(0);
    if (e == cudaSuccess) e = cudaGetFuncBySymbol(&f, (const void *)phases);
    if (e == cudaSuccess)
      e = (cudaError_t)cuLaunchCooperativeKernel((CUfunction)f, grid.x, grid.y, grid.z, THREADS, 1,
                                                 1, 0, 0, args);
  }
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e == cudaSuccess) {
    unsigned total = 0;
    cudaMemcpy(got.data(), p.out, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(&total, p.total, sizeof total, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
      if (got[i] != want[i] && bad++ < 3)
        printf("  %s: element %d is %u, expected %u\n", what, i, got[i], want[i]);
    if (total != want_total) printf("  %s: total %u, expected %u\n", what, total, want_total);
    check(what, bad == 0 && total == want_total);
  } else {
    printf("%s: %s\n", what, cudaGetErrorName(e));
  }
  cudaFree(p.a);
  cudaFree(p.b);
  cudaFree(p.out);
  cudaFree(p.sums);
  cudaFree(p.total);
  return e;
}

int main() {
  int coop = -1, sms = 0, per_sm = 0;
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, THREADS, 0);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("cudaDevAttrCooperativeLaunch %d, cooperativeLaunch %d\n", coop, prop.cooperativeLaunch);
  check("attributes", coop == 1 && prop.cooperativeLaunch == 1);
  unsigned capacity = (unsigned)(per_sm * sms);
  printf("INFO: %d multiprocessors x %d blocks of %d threads = capacity %u\n", sms, per_sm, THREADS,
         capacity);
  check("capacity above 0", capacity > 0);
  if (capacity == 0) return 1;

  run("one block", dim3(1), 1000, RUNTIME);
  run("capacity", dim3(capacity), 3 * capacity * THREADS + 17, RUNTIME);
  run("capacity, fewer elements than threads", dim3(capacity), capacity * THREADS / 2 + 3, RUNTIME);
  unsigned half = capacity / 2 > 0 ? capacity / 2 : 1;
  run("cudaLaunchKernelEx", dim3(half), 5000, LAUNCH_EX);
  run("cuLaunchCooperativeKernel", dim3(capacity), 4099, DRIVER);
  if (capacity >= 4)
    run("2-D grid", dim3(2, capacity / 4), 3000, RUNTIME);
  else
    printf("2-D grid: PASS\n"); // too small a device for a 2x2 grid: nothing to check

  cudaError_t e = run("capacity + 1", dim3(capacity + 1), 1000, RUNTIME);
  cudaError_t last = cudaGetLastError(), after = cudaGetLastError();
  printf("capacity + 1: cudaGetLastError %s, then %s\n", cudaGetErrorName(last),
         cudaGetErrorName(after));
  check("capacity + 1 refused", e == cudaErrorCooperativeLaunchTooLarge &&
                                    last == cudaErrorCooperativeLaunchTooLarge &&
                                    after == cudaSuccess);
  e = run("capacity + 1, driver", dim3(capacity + 1), 1000, DRIVER);
  (void)cudaGetLastError();
  check("capacity + 1 refused by the driver API", e == cudaErrorCooperativeLaunchTooLarge);

  unsigned *o, v[2 * THREADS];
  cudaMalloc(&o, 2 * THREADS * sizeof(unsigned));
  validity<<<2, THREADS>>>(o);
  cudaDeviceSynchronize();
  cudaMemcpy(v, o, sizeof v, cudaMemcpyDeviceToHost);
  unsigned ordinary = 0, cooperative = 0;
  for (int i = 0; i < 2 * THREADS; i++)
    ordinary += v[i];
  void *args[] = {&o};
  e = cudaLaunchCooperativeKernel(validity, dim3(2), dim3(THREADS), args, 0, 0);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  cudaMemcpy(v, o, sizeof v, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 2 * THREADS; i++)
    cooperative += v[i];
  printf("is_valid: %u of %d threads in an ordinary launch, %u in a cooperative one (%s)\n",
         ordinary, 2 * THREADS, cooperative, cudaGetErrorName(e));
  check("is_valid", ordinary == 2 * THREADS && cooperative == 2 * THREADS && e == cudaSuccess);

  cudaMemset(o, 0, 4 * sizeof(unsigned));
  sync_ordinary<<<2, 32>>>(o);
  e = cudaDeviceSynchronize();
  cudaMemcpy(v, o, 4 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  printf("grid.sync() in an ordinary launch: %s, block 0 read %u, block 1 read %u\n",
         cudaGetErrorName(e), v[2], v[3]);
  check("grid.sync() in an ordinary launch", e == cudaSuccess && v[2] == 2u && v[3] == 1u);

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
