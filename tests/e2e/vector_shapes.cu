// vector_shapes.cu — end-to-end test of the kernel shapes softmetal's vector mode
// (SOFTMETAL_MODE=vector: 32 lanes at once, docs/softmetal.md) must run exactly as one
// thread after another does: contiguous and gathered/scattered accesses, `if (i < n)`
// guards with block sizes and sizes that are not multiples of 32, divergent if/else,
// early return, divergent loops with per-lane trip counts and breaks (values live out of
// the loop), grid-stride loops, 2-D blocks, a store to one address by one lane, integer
// division guarded by `d != 0` (a masked-off lane must not trap) and pointers that are
// NULL in masked-off lanes (a masked-off lane must not touch memory). Every result is
// checked against a CPU reference computed with the same IEEE operations (explicit
// __fmul_rn/__fadd_rn/fmaf: no contraction differences); prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void k_affine(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = __fadd_rn(__fmul_rn(a[i], 3.0f), b[i]);
}

__global__ void k_gather(const float *a, const int *idx, float *out, int *scattered, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = a[idx[i]] + a[(i * 3) % n];
  scattered[idx[i]] = i; // idx is a permutation
}

__global__ void k_branches(const int *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = x[i];
  int r;
  if (v % 3 == 0) {
    r = v * 7;
  } else if (v % 3 == 1) {
    r = v - 100;
    if (v > 50) {
      out[i] = -1; // early return in a nested branch
      return;
    }
  } else {
    r = v ^ 0x5a5a;
  }
  out[i] = r + i;
}

// per-lane trip counts; a break with a value live out of the loop; a nested loop
__global__ void k_loops(const int *x, int *sum, int *first, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s = 0;
  for (int k = 0; k < i % 37; k++) {
    s += x[(i + k) % n];
    for (int j = 0; j < x[k % n] % 4; j++) s ^= j << k % 8;
  }
  sum[i] = s;
  int f = -1;
  for (int k = 0; k < n; k++) {
    if (x[(i + k) % n] > 90) {
      f = k;
      break;
    }
  }
  first[i] = f;
}

__global__ void k_grid_stride(int n, float a, const float *x, float *y) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    y[i] = fmaf(a, x[i], y[i]);
}

__global__ void k_2d(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = __fadd_rn(in[y * w + x], (float)(threadIdx.y * 1000 + threadIdx.x));
}

__global__ void k_one_lane(int *flag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == n / 2) flag[0] = i;
}

__global__ void k_div(const int *num, const int *den, int *q, int *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && den[i] != 0) {
    q[i] = num[i] / den[i];
    r[i] = (unsigned)num[i] % (unsigned)den[i];
  }
}

__global__ void k_null(int *const *ptrs, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && ptrs[i]) out[i] = *ptrs[i] + 1;
}

// A neighbour index that wraps below zero in lane 0 of the first SIMD-group: unsigned
// threadIdx.x - 1 widened to 64 bits is affine in the other lanes only (found with
// vector_barriers.cu's scan: the lanes' addresses must come from the exact values then).
__global__ void k_left(const int *in, int *out) {
  unsigned t = threadIdx.x;
  if (t > 0) out[blockIdx.x * blockDim.x + t] = in[blockIdx.x * blockDim.x + t - 1] + in[t - 1];
}

// A private array indexed per lane (stays in memory: one copy per lane in vector code).
__global__ void k_private(const int *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int loc[8];
  for (int k = 0; k < 8; k++)
    loc[k] = x[(i + k) % n] + k;
  out[i] = loc[x[i] % 8] * 10 + loc[(i + 3) % 8];
}

static int failures;
static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorName(e));
    exit(1);
  }
}
static void expect(bool ok, const char *what, int i) {
  if (!ok && failures++ < 10) printf("FAIL: %s at %d\n", what, i);
}

int main(void) {
  const int n = 1000; // not a multiple of 32
  float *a, *b, *c, *f2;
  int *ix, *perm, *io, *io2, *io3;
  check(cudaMallocManaged(&a, n * sizeof(float)), "malloc");
  check(cudaMallocManaged(&b, n * sizeof(float)), "malloc");
  check(cudaMallocManaged(&c, n * sizeof(float)), "malloc");
  check(cudaMallocManaged(&f2, n * sizeof(float)), "malloc");
  check(cudaMallocManaged(&ix, n * sizeof(int)), "malloc");
  check(cudaMallocManaged(&perm, n * sizeof(int)), "malloc");
  check(cudaMallocManaged(&io, n * sizeof(int)), "malloc");
  check(cudaMallocManaged(&io2, n * sizeof(int)), "malloc");
  check(cudaMallocManaged(&io3, n * sizeof(int)), "malloc");
  srand(7);
  for (int i = 0; i < n; i++) {
    a[i] = (float)rand() / RAND_MAX * 100.0f - 50.0f;
    b[i] = (float)rand() / RAND_MAX;
    ix[i] = rand() % 100;
    perm[i] = i;
  }
  for (int i = n - 1; i > 0; i--) {
    int j = rand() % (i + 1), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  int blocks[] = {100, 128, 33, 1};
  for (int bi = 0; bi < 4; bi++) {
    int bs = blocks[bi], grid = (n + bs - 1) / bs;
    memset(c, 0, n * sizeof(float));
    k_affine<<<grid, bs>>>(a, b, c, n);
    check(cudaDeviceSynchronize(), "k_affine");
    for (int i = 0; i < n; i++) {
      float want = a[i] * 3.0f;
      want = want + b[i];
      expect(memcmp(&c[i], &want, 4) == 0, "k_affine", i);
    }
    k_gather<<<grid, bs>>>(a, perm, c, io, n);
    check(cudaDeviceSynchronize(), "k_gather");
    for (int i = 0; i < n; i++) {
      float want = a[perm[i]] + a[(i * 3) % n];
      expect(memcmp(&c[i], &want, 4) == 0, "k_gather", i);
      expect(io[perm[i]] == i, "k_gather scatter", i);
    }
    k_branches<<<grid, bs>>>(ix, io, n);
    check(cudaDeviceSynchronize(), "k_branches");
    for (int i = 0; i < n; i++) {
      int v = ix[i], want;
      if (v % 3 == 0) want = v * 7 + i;
      else if (v % 3 == 1) want = v > 50 ? -1 : v - 100 + i;
      else want = (v ^ 0x5a5a) + i;
      expect(io[i] == want, "k_branches", i);
    }
    k_loops<<<grid, bs>>>(ix, io, io2, n);
    check(cudaDeviceSynchronize(), "k_loops");
    for (int i = 0; i < n; i++) {
      int s = 0;
      for (int k = 0; k < i % 37; k++) {
        s += ix[(i + k) % n];
        for (int j = 0; j < ix[k % n] % 4; j++) s ^= j << k % 8;
      }
      int f = -1;
      for (int k = 0; k < n; k++)
        if (ix[(i + k) % n] > 90) {
          f = k;
          break;
        }
      expect(io[i] == s, "k_loops sum", i);
      expect(io2[i] == f, "k_loops first", i);
    }
    for (int i = 0; i < n; i++) f2[i] = b[i];
    k_grid_stride<<<3, bs>>>(n, 1.5f, a, f2);
    check(cudaDeviceSynchronize(), "k_grid_stride");
    for (int i = 0; i < n; i++) {
      float want = fmaf(1.5f, a[i], b[i]);
      expect(memcmp(&f2[i], &want, 4) == 0, "k_grid_stride", i);
    }
    io[0] = -5;
    k_one_lane<<<grid, bs>>>(io, n);
    check(cudaDeviceSynchronize(), "k_one_lane");
    expect(io[0] == n / 2, "k_one_lane", 0);
  }
  // 2-D blocks (x not a multiple of 32) over a 50 x 20 image
  {
    const int w = 50, h = 20;
    dim3 bs(20, 6), grid((w + 19) / 20, (h + 5) / 6);
    k_2d<<<grid, bs>>>(a, c, w, h);
    check(cudaDeviceSynchronize(), "k_2d");
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        float want = a[y * w + x] + (float)((y % 6) * 1000 + x % 20);
        expect(memcmp(&c[y * w + x], &want, 4) == 0, "k_2d", y * w + x);
      }
  }
  // division: every third denominator is 0, and INT_MIN / -1 appears only where den == 0
  for (int i = 0; i < n; i++) {
    io[i] = i % 3 == 0 ? -2147483647 - 1 : rand() - RAND_MAX / 2;
    io2[i] = i % 3 == 0 ? 0 : (rand() % 200) - 100;
    if (io2[i] == 0) io2[i] = 7;
    io3[i] = 12345;
  }
  int *rem;
  check(cudaMallocManaged(&rem, n * sizeof(int)), "malloc");
  for (int i = 0; i < n; i++) rem[i] = 777;
  k_div<<<(n + 127) / 128, 128>>>(io, io2, io3, rem, n);
  check(cudaDeviceSynchronize(), "k_div (a masked-off lane divided by zero?)");
  for (int i = 0; i < n; i++) {
    int want_q = io2[i] ? io[i] / io2[i] : 12345;
    int want_r = io2[i] ? (int)((unsigned)io[i] % (unsigned)io2[i]) : 777;
    expect(io3[i] == want_q && rem[i] == want_r, "k_div", i);
  }
  // NULL pointers in masked-off lanes
  int **ptrs;
  check(cudaMallocManaged(&ptrs, n * sizeof(int *)), "malloc");
  for (int i = 0; i < n; i++) {
    ptrs[i] = i % 5 == 0 ? &ix[i] : NULL;
    io[i] = -9;
  }
  k_null<<<(n + 127) / 128, 128>>>(ptrs, io, n);
  check(cudaDeviceSynchronize(), "k_null (a masked-off lane dereferenced NULL?)");
  for (int i = 0; i < n; i++)
    expect(io[i] == (i % 5 == 0 ? ix[i] + 1 : -9), "k_null", i);
  // a private array indexed per lane
  k_private<<<(n + 127) / 128, 128>>>(ix, io, n);
  check(cudaDeviceSynchronize(), "k_private");
  for (int i = 0; i < n; i++) {
    int a = ix[(i + ix[i] % 8) % n] + ix[i] % 8, b = ix[(i + (i + 3) % 8) % n] + (i + 3) % 8;
    expect(io[i] == a * 10 + b, "k_private", i);
  }
  // a wrapping neighbour index in masked-off lane 0
  for (int i = 0; i < n; i++)
    io[i] = -9;
  k_left<<<n / 100, 100>>>(ix, io);
  check(cudaDeviceSynchronize(), "k_left");
  for (int i = 0; i < n; i++)
    expect(io[i] == (i % 100 == 0 ? -9 : ix[i - 1] + ix[i % 100 - 1]), "k_left", i);
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
