// vector_barriers.cu — kernels with shared memory and __syncthreads(), the shapes softmetal's
// vector mode runs as one fiber per SIMD-group (docs/softmetal.md, "Vector mode and
// lockstep"): each result against a CPU reference. Runs in every mode (e2e.vector_barriers,
// e2e.vector_barriers_vector; vector_trace.sh checks which mode ran each kernel).
#include <cstdio>
#include <cstdlib>

static int failures = 0;
static void check(const char *what, long bad) {
  if (bad) {
    printf("%s: %ld wrong\n", what, bad);
    failures++;
  }
}

// A tree reduction over 256 threads, the last block partly past n.
__global__ void k_reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// The classic warp-synchronous end of a reduction: volatile shared memory, no __syncwarp
// (correct where a warp's lanes run together, as on the H200 and in lockstep).
__global__ void k_warp_sync(const int *in, int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  if (t < 64) s[t] += s[t + 64];
  __syncthreads();
  if (t < 32) {
    volatile int *v = s;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// A 32 x 8 block transposing 32 x 32 tiles (padded to avoid bank conflicts).
__global__ void k_transpose(const float *in, float *out, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x, y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Threads past `active` return before the barrier; the others still meet there.
__global__ void k_early_exit(const int *in, int *out, int active) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t >= active) return;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[(t + 1) % active] - s[t];
}

// Dynamic shared memory in a 64 x 4 block: each row reversed.
__global__ void k_rows(const int *in, int *out) {
  extern __shared__ int rows[];
  int x = threadIdx.x, y = threadIdx.y, w = blockDim.x;
  int base = (blockIdx.x * blockDim.y + y) * w;
  rows[y * w + x] = in[base + x];
  __syncthreads();
  out[base + x] = rows[y * w + (w - 1 - x)];
}

// A block of 100 threads (not a multiple of 32): reversed through shared memory.
__global__ void k_odd_block(const float *in, float *out) {
  __shared__ float s[100];
  int t = threadIdx.x, i = blockIdx.x * 100 + t;
  s[t] = in[i];
  __syncthreads();
  out[i] = s[99 - t] * 2.0f;
}

// Hillis-Steele inclusive scan of 256 values: barriers inside a loop, double buffered.
__global__ void k_scan(const int *in, int *out) {
  __shared__ int buf[2][256];
  int t = threadIdx.x, src = 0;
  buf[0][t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (int d = 1; d < 256; d *= 2) {
    int v = buf[src][t];
    if (t >= d) v += buf[src][t - d];
    buf[1 - src][t] = v;
    src = 1 - src;
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = buf[src][t];
}

// 16 x 16 tiles: a SIMD-group spans two rows of the block (the vector mode keeps the
// scalar threads for this shape).
__global__ void k_tiles16(const float *a, const float *b, float *c, int n) {
  __shared__ float as[16][16], bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += 16) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 16; k++)
      acc += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

template <class T> static T *alloc(size_t n) {
  T *p;
  if (cudaMallocManaged(&p, n * sizeof(T)) != cudaSuccess) {
    printf("FAIL: cudaMallocManaged\n");
    exit(1);
  }
  return p;
}

int main() {
  { // k_reduce
    int n = 100000, blocks = (n + 255) / 256;
    float *in = alloc<float>(n), *out = alloc<float>(blocks);
    for (int i = 0; i < n; i++)
      in[i] = (float)(i % 13) - 6.0f;
    k_reduce<<<blocks, 256>>>(in, out, n);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++) {
      float s[256];
      for (int t = 0; t < 256; t++)
        s[t] = b * 256 + t < n ? in[b * 256 + t] : 0.0f;
      for (int k = 128; k > 0; k >>= 1)
        for (int t = 0; t < k; t++)
          s[t] += s[t + k];
      bad += out[b] != s[0];
    }
    check("k_reduce", bad);
  }
  { // k_warp_sync
    int blocks = 64;
    int *in = alloc<int>(blocks * 128), *out = alloc<int>(blocks);
    for (int i = 0; i < blocks * 128; i++)
      in[i] = (i * 7919) % 1000 - 500;
    k_warp_sync<<<blocks, 128>>>(in, out);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++) {
      int s = 0;
      for (int t = 0; t < 128; t++)
        s += in[b * 128 + t];
      bad += out[b] != s;
    }
    check("k_warp_sync", bad);
  }
  { // k_transpose
    int w = 200, h = 72;
    float *in = alloc<float>(w * h), *out = alloc<float>(w * h);
    for (int i = 0; i < w * h; i++)
      in[i] = (float)i;
    k_transpose<<<dim3((w + 31) / 32, (h + 31) / 32), dim3(32, 8)>>>(in, out, w, h);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        bad += out[x * h + y] != in[y * w + x];
    check("k_transpose", bad);
  }
  { // k_early_exit
    int blocks = 8, active = 200;
    int *in = alloc<int>(blocks * 256), *out = alloc<int>(blocks * 256);
    for (int i = 0; i < blocks * 256; i++)
      in[i] = i * i % 977, out[i] = -1;
    k_early_exit<<<blocks, 256>>>(in, out, active);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++)
      for (int t = 0; t < 256; t++) {
        int want = t < active ? in[b * 256 + (t + 1) % active] - in[b * 256 + t] : -1;
        bad += out[b * 256 + t] != want;
      }
    check("k_early_exit", bad);
  }
  { // k_rows
    int blocks = 16, n = blocks * 4 * 64;
    int *in = alloc<int>(n), *out = alloc<int>(n);
    for (int i = 0; i < n; i++)
      in[i] = 3 * i + 1;
    k_rows<<<blocks, dim3(64, 4), 4 * 64 * sizeof(int)>>>(in, out);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int r = 0; r < n / 64; r++)
      for (int x = 0; x < 64; x++)
        bad += out[r * 64 + x] != in[r * 64 + 63 - x];
    check("k_rows", bad);
  }
  { // k_odd_block
    int blocks = 10;
    float *in = alloc<float>(blocks * 100), *out = alloc<float>(blocks * 100);
    for (int i = 0; i < blocks * 100; i++)
      in[i] = 0.5f * i;
    k_odd_block<<<blocks, 100>>>(in, out);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++)
      for (int t = 0; t < 100; t++)
        bad += out[b * 100 + t] != in[b * 100 + 99 - t] * 2.0f;
    check("k_odd_block", bad);
  }
  { // k_scan
    int blocks = 12;
    int *in = alloc<int>(blocks * 256), *out = alloc<int>(blocks * 256);
    for (int i = 0; i < blocks * 256; i++)
      in[i] = (i * 31) % 17 - 8;
    k_scan<<<blocks, 256>>>(in, out);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++) {
      int acc = 0;
      for (int t = 0; t < 256; t++) {
        acc += in[b * 256 + t];
        bad += out[b * 256 + t] != acc;
      }
    }
    check("k_scan", bad);
  }
  { // k_tiles16
    int n = 64;
    float *a = alloc<float>(n * n), *b = alloc<float>(n * n), *c = alloc<float>(n * n);
    for (int i = 0; i < n * n; i++)
      a[i] = (float)(i % 5), b[i] = (float)(i % 7) - 3.0f;
    k_tiles16<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(a, b, c, n);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int r = 0; r < n; r++)
      for (int col = 0; col < n; col++) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++)
          acc += a[r * n + k] * b[k * n + col];
        bad += c[r * n + col] != acc;
      }
    check("k_tiles16", bad);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  if (failures) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
