// mandelbrot_fixed.cu — end-to-end test of a data-dependent loop with 64-bit integer
// arithmetic: the Mandelbrot set on a 640x480 grid in 4.28 fixed point (64-bit
// multiplies, arithmetic right shifts of negative products), iteration counts up to
// 500 that differ between neighbouring threads. Integer arithmetic makes the CPU
// reference exact. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { W = 640, H = 480, MAX_ITER = 500, FRAC = 28 };

__host__ __device__ int escape_time(long long cr, long long ci) {
  long long zr = 0, zi = 0;
  const long long four = 4LL << FRAC;
  int n = 0;
  while (n < MAX_ITER) {
    long long zr2 = (zr * zr) >> FRAC, zi2 = (zi * zi) >> FRAC;
    if (zr2 + zi2 > four)
      break;
    long long zri = (zr * zi) >> (FRAC - 1); // 2*zr*zi
    zr = zr2 - zi2 + cr;
    zi = zri + ci;
    n++;
  }
  return n;
}

__host__ __device__ long long coord(int p, int size, long long lo, long long span) {
  return lo + span * p / size;
}

__global__ void mandelbrot(int *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H)
    out[y * W + x] = escape_time(coord(x, W, -(5LL << FRAC) / 2, 7LL << (FRAC - 1)),
                                 coord(y, H, -(5LL << FRAC) / 4, 5LL << (FRAC - 1)));
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  int *out = (int *)malloc(W * H * sizeof(int)), *dout;
  if (check(cudaMalloc((void **)&dout, W * H * sizeof(int)), "cudaMalloc"))
    return 1;
  mandelbrot<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(dout);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "mandelbrot") ||
      check(cudaMemcpy(out, dout, W * H * sizeof(int), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  long long total = 0;
  int inside = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int want = escape_time(coord(x, W, -(5LL << FRAC) / 2, 7LL << (FRAC - 1)),
                             coord(y, H, -(5LL << FRAC) / 4, 5LL << (FRAC - 1)));
      if (out[y * W + x] != want) {
        printf("FAIL: pixel (%d,%d) = %d iterations, expected %d\n", x, y, out[y * W + x], want);
        return 1;
      }
      total += want;
      inside += want == MAX_ITER;
    }
  if (inside == 0 || inside == W * H) {
    printf("FAIL: degenerate image (%d of %d pixels inside)\n", inside, W * H);
    return 1;
  }
  cudaFree(dout);
  free(out);
  printf("mandelbrot_fixed: %lld iterations, %d pixels inside\nPASS\n", total, inside);
  return 0;
}
