// libcu_pipeline.cu — end-to-end test of libcu++'s cuda::pipeline and cuda::memcpy_async
// (Debian's libcu++-dev 1.8.1, unmodified): a block-scope pipeline with two stages in
// flight (producer_acquire/commit, consumer_wait/release) streaming tiles of a
// non-multiple-of-the-tile array through __shared__ memory; a thread-scope pipeline with
// pipeline_consumer_wait_prior; memcpy_async completed by a cuda::barrier (whole group
// and per thread, byte counts that are not multiples of 4, cuda::aligned_size_t). At
// Anchor's sm_75 libcu++ copies synchronously (its cp.async paths are for sm_80+).
// Every element is checked on the host. Prints PASS or FAIL: <details>.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <stdio.h>

namespace cg = cooperative_groups;

#define TILE 128
#define STAGES 2

// out[i] = 2 * in[i] + 1, tiles streamed through shared memory, STAGES in flight.
__global__ void stream_tiles(const int *in, int *out, int n) {
  __shared__ int tile[STAGES][TILE];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int tiles = (n + TILE - 1) / TILE;
  int fetched = 0;
  for (int k = blockIdx.x; k < tiles; k += gridDim.x) {
    for (; fetched < tiles && (fetched - k / (int)gridDim.x) < STAGES; fetched++) {
      // fetch the next tile of this block (its fetched-th), if any
      int t = blockIdx.x + fetched * gridDim.x;
      pipe.producer_acquire();
      if (t < tiles) {
        int count = n - t * TILE < TILE ? n - t * TILE : TILE;
        cuda::memcpy_async(block, tile[fetched % STAGES], in + t * TILE, sizeof(int) * count,
                           pipe);
      }
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    int stage = (k / (int)gridDim.x) % STAGES, i = k * TILE + (int)threadIdx.x;
    if (i < n) out[i] = 2 * tile[stage][threadIdx.x] + 1;
    pipe.consumer_release();
  }
}

// Each thread copies its own element with a thread-scope pipeline.
__global__ void per_thread(const int *in, int *out) {
  __shared__ int tile[TILE];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[threadIdx.x], in + blockIdx.x * TILE + threadIdx.x, sizeof(int), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  __syncthreads();
  out[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x] - 7;
}

// memcpy_async completed by a block barrier: the whole group copies `bytes` bytes
// (not a multiple of 4), then each thread copies 8 bytes with aligned_size_t.
__global__ void with_barrier(const unsigned char *in, unsigned char *out, int bytes,
                             const unsigned long long *words, unsigned long long *wout) {
  __shared__ unsigned char buf[1000];
  __shared__ unsigned long long wbuf[TILE];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, buf, in, bytes, bar);
  cuda::memcpy_async(&wbuf[threadIdx.x], &words[threadIdx.x], cuda::aligned_size_t<8>(8), bar);
  bar.arrive_and_wait();
  for (int i = threadIdx.x; i < bytes; i += blockDim.x) out[i] = buf[bytes - 1 - i] ^ 0x5a;
  wout[threadIdx.x] = wbuf[(threadIdx.x + 1) % TILE] + 1;
}

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond) && failures++ < 20) {                                                              \
      printf("FAIL: " __VA_ARGS__);                                                                \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

int main(void) {
  const int n = 5 * TILE * 3 + 77; // 15 full tiles and a partial one
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  for (int i = 0; i < n; i++) in[i] = i * 7 - 300, out[i] = 0;
  stream_tiles<<<3, TILE>>>(in, out, n);
  cudaError_t err = cudaDeviceSynchronize();
  CHECK(err == cudaSuccess, "stream_tiles: %s", cudaGetErrorString(err));
  for (int i = 0; i < n; i++) CHECK(out[i] == 2 * in[i] + 1, "stream_tiles[%d] = %d", i, out[i]);

  per_thread<<<4, TILE>>>(in, out);
  err = cudaDeviceSynchronize();
  CHECK(err == cudaSuccess, "per_thread: %s", cudaGetErrorString(err));
  for (int b = 0; b < 4; b++)
    for (int t = 0; t < TILE; t++)
      CHECK(out[b * TILE + t] == in[b * TILE + TILE - 1 - t] - 7, "per_thread[%d] = %d",
            b * TILE + t, out[b * TILE + t]);

  const int bytes = 997;
  unsigned char *bin, *bout;
  unsigned long long *words, *wout;
  cudaMallocManaged(&bin, bytes);
  cudaMallocManaged(&bout, bytes);
  cudaMallocManaged(&words, TILE * sizeof(unsigned long long));
  cudaMallocManaged(&wout, TILE * sizeof(unsigned long long));
  for (int i = 0; i < bytes; i++) bin[i] = (unsigned char)(i * 13 + 5);
  for (int i = 0; i < TILE; i++) words[i] = 0x0123456789abcdefull * (unsigned long long)(i + 1);
  with_barrier<<<1, TILE>>>(bin, bout, bytes, words, wout);
  err = cudaDeviceSynchronize();
  CHECK(err == cudaSuccess, "with_barrier: %s", cudaGetErrorString(err));
  for (int i = 0; i < bytes; i++)
    CHECK(bout[i] == (unsigned char)(bin[bytes - 1 - i] ^ 0x5a), "with_barrier byte %d", i);
  for (int i = 0; i < TILE; i++)
    CHECK(wout[i] == words[(i + 1) % TILE] + 1, "with_barrier word %d", i);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
