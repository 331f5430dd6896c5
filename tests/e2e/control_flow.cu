// control_flow.cu — end-to-end test of control flow beyond counted loops: while loops
// with data-dependent trip counts (Collatz), break and continue, do-while, a switch
// with fall-through and default, nested loops with an early exit from the inner one,
// early return, and a loop whose exit depends on a value loaded from memory. One
// __host__ __device__ function per construct; the CPU runs the same code as the
// reference. Threads of a block diverge everywhere. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__host__ __device__ int collatz_steps(unsigned long long x) {
  int steps = 0;
  while (x != 1 && x != 0) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
  }
  return steps;
}

// Sum of the first `limit` odd numbers not divisible by 3, stopping at a sum over `cap`.
__host__ __device__ int skip_and_stop(int limit, int cap) {
  int sum = 0, taken = 0;
  for (int k = 1; taken < limit; k += 2) {
    if (k % 3 == 0)
      continue;
    sum += k;
    taken++;
    if (sum > cap)
      break;
  }
  return sum * 100 + taken;
}

__host__ __device__ unsigned digits_reversed(unsigned v) {
  unsigned r = 0;
  do {
    r = r * 10 + v % 10;
    v /= 10;
  } while (v != 0);
  return r;
}

__host__ __device__ int classify(int v) {
  int r = 0;
  switch (v & 15) {
  case 0:
    r += 1;
    /* fall through */
  case 1:
  case 2:
    r += 10;
    break;
  case 5:
    r = -5;
    break;
  case 7:
    return 777; // early return from inside a switch
  case 12:
    r = v >> 4;
    /* fall through */
  default:
    r += 1000;
  }
  return r;
}

// First (i, j) with i*j == target % 97 + 1, searching a 12x12 square; inner break only.
__host__ __device__ int nested_search(int target) {
  int want = target % 97 + 1, found = -1, rows = 0;
  for (int i = 1; i <= 12; i++) {
    rows++;
    int j = 1;
    for (; j <= 12; j++) {
      if (i * j == want)
        break;
    }
    if (j <= 12) {
      found = i * 100 + j;
      break;
    }
  }
  return found * 1000 + rows;
}

__host__ __device__ int early_return(int v) {
  if (v < 0)
    return -1;
  if (v % 7 == 0)
    return v / 7;
  int acc = 0;
  for (int k = 0; k < v % 13; k++) {
    if (acc > 50)
      return acc + 100000;
    acc += k * 3;
  }
  return acc;
}

// Follows `next` links through a table until reaching a negative entry or 64 steps.
__host__ __device__ int walk(const int *next, int start) {
  int at = start, steps = 0;
  while (at >= 0 && steps < 64) {
    at = next[at];
    steps++;
  }
  return steps * 1000 + (at < 0 ? -at : 999);
}

enum { RESULTS = 7 };

__host__ __device__ void all_flows(int v, const int *next, int table_size, int *o) {
  o[0] = collatz_steps((unsigned long long)(v < 0 ? -(long long)v : v) + 1);
  o[1] = skip_and_stop(v & 63, (v >> 6) & 1023);
  o[2] = (int)digits_reversed((unsigned)v);
  o[3] = classify(v);
  o[4] = nested_search(v < 0 ? -(v + 1) : v);
  o[5] = early_return(v % 200);
  o[6] = walk(next, (v < 0 ? -(v + 1) : v) % table_size);
}

__global__ void flows(const int *in, const int *next, int table_size, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  all_flows(in[i], next, table_size, out + i * RESULTS);
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const int n = 20000, table_size = 301;
  int *in = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(n * RESULTS * sizeof(int));
  int next[table_size];
  for (int k = 0; k < table_size; k++) // chains of varied length ending in -(k+1)
    next[k] = (k % 17 == 0) ? -(k + 1) : (k * 7 + 3) % table_size;
  unsigned s = 12345;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    in[i] = (i < 1000) ? i - 500 : (int)(s >> 1) - (1 << 30);
  }
  int *din, *dnext, *dout;
  if (check(cudaMalloc((void **)&din, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dnext, sizeof next), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, n * RESULTS * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dnext, next, sizeof next, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  flows<<<(n + 63) / 64, 64>>>(din, dnext, table_size, dout, n);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "flows") ||
      check(cudaMemcpy(out, dout, n * RESULTS * sizeof(int), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  static const char *names[RESULTS] = {"collatz", "skip_and_stop", "digits_reversed",
                                       "classify", "nested_search", "early_return", "walk"};
  for (int i = 0; i < n; i++) {
    int want[RESULTS];
    all_flows(in[i], next, table_size, want);
    for (int k = 0; k < RESULTS; k++)
      if (out[i * RESULTS + k] != want[k]) {
        printf("FAIL: %s(%d) = %d, expected %d\n", names[k], in[i], out[i * RESULTS + k],
               want[k]);
        return 1;
      }
  }
  cudaFree(din);
  cudaFree(dnext);
  cudaFree(dout);
  free(in);
  free(out);
  printf("PASS\n");
  return 0;
}
