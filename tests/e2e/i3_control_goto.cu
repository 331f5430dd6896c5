// i3_control_goto.cu — end-to-end test of the control flow that control_flow.cu does
// not have: goto (forward, backward, out of nested loops, a loop built only from
// gotos, a backward goto from inside a switch), mixed with switch fall-through, nested
// break/continue and early returns inside loops; plus an early `return` from inside
// the kernel's own grid-stride loop. The functions are __host__ __device__: the CPU
// runs the same bodies on the same 20,011 inputs and every result is compared.
// Unsigned arithmetic only, so no case is undefined behaviour on either side.
// The inputs reach every statement of the three functions (checked with gcov on the
// host: every goto, break, continue and return is taken at least 87 times).
// Prints PASS or FAIL: <details>.
//
// Validated with nvcc -O2 -arch=sm_90 (CUDA 13.0, V13.0.88) on an NVIDIA H200 (driver
// 580.159.04), 2026-11-29 17:47 and 17:49 UTC: PASS (tests/e2e/i3_device_run.sh; log in
// tests/e2e/observed/h200-i3.log); compute-sanitizer racecheck and synccheck: 0 hazards,
// 0 errors (observed/h200-i3-sanitizer.log).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 20011, OUTS = 4 };

// A state machine whose loop is a backward goto; every kind of jump appears in it.
__host__ __device__ unsigned tangle(unsigned v) {
  unsigned acc = v & 0xff, i = 0;
retry:
  i++;
  if (i > 12)
    goto done; // forward goto out of the "loop"
  switch ((v + i) & 7) {
  case 0:
    acc += 1; // fall through
  case 1:
    acc += 10;
    break;
  case 2:
    acc ^= i; // fall through
  case 3:
  case 4:
    acc -= 3;
    if (acc & 1)
      goto retry; // backward goto from inside a switch
    break;
  case 5:
    for (unsigned a = 0; a < 5; a++) {
      if (((v >> a) & 3) == 1)
        continue;
      for (unsigned b = 0; b < 6; b++) {
        if (b == a)
          continue; // inner continue
        if ((v ^ (a * b)) % 7 == 0)
          break; // inner break
        if (acc > 600)
          return acc * 3; // early return from two loops deep
        acc += a * b + 1;
      }
      if ((acc & 15) == 3)
        break; // outer break
    }
    break;
  default:
    acc = acc * 3 + 1;
  }
  if (acc % 11 == 0 && i > 2)
    return 0u - acc; // early return from the goto loop
  if (v & (1u << (i & 15)))
    goto retry;
  acc += 7;
  if (i < 3 + (v & 3))
    goto retry;
done:
  return acc * 100 + i;
}

// Greatest common divisor as a loop made of gotos only (Euclid by subtraction).
__host__ __device__ unsigned gcd_goto(unsigned a, unsigned b) {
  if (a == 0)
    return b;
top:
  if (b == 0)
    goto out;
  if (a > b)
    goto a_bigger;
  b -= a;
  goto top;
a_bigger:
  a -= b;
  goto top;
out:
  return a;
}

// First (row, col) of a 9x9 table derived from v whose entry is v's low 4 bits;
// a goto leaves both loops at once. Returns 1000 when nothing matches.
__host__ __device__ unsigned search_goto(unsigned v) {
  unsigned r, c, want = v & 15;
  for (r = 0; r < 9; r++) {
    if (r == (v >> 4) % 9)
      continue; // skip one row
    for (c = 0; c < 9; c++) {
      unsigned entry = (r * 7 + c * 3 + (v >> 8)) % 16;
      if (c > r / 3)
        break;
      if (entry == want)
        goto found;
    }
  }
  return 1000;
found:
  return r * 10 + c;
}

__host__ __device__ void compute(unsigned v, unsigned *o) {
  o[0] = tangle(v);
  o[1] = gcd_goto((v * 37u) % 1000u, (v * 91u) % 777u);
  o[2] = search_goto(v);
  o[3] = tangle(v ^ 0x5a5a) + gcd_goto(v & 0x3ff, 360);
}

// Grid-stride loop whose only exit is an early return inside it.
__global__ void run(const unsigned *in, unsigned *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x;; i += gridDim.x * blockDim.x) {
    if (i >= n)
      return;
    compute(in[i], out + (size_t)i * OUTS);
  }
}

static int check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

int main(void) {
  static unsigned in[N], out[N * OUTS];
  unsigned s = 7;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = i < 300 ? (unsigned)i : s >> (i % 13); // small values first, then spread
  }
  unsigned *d_in = NULL, *d_out = NULL;
  if (check(cudaMalloc(&d_in, sizeof in), "cudaMalloc in") ||
      check(cudaMalloc(&d_out, sizeof out), "cudaMalloc out") ||
      check(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice), "copy in"))
    return 1;
  run<<<37, 96>>>(d_in, d_out, N); // fewer threads than elements: the loop runs ~6 times
  if (check(cudaGetLastError(), "launch") ||
      check(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost), "copy out"))
    return 1;
  static const char *names[OUTS] = {"tangle", "gcd_goto", "search_goto", "mixed"};
  for (int i = 0; i < N; i++) {
    unsigned want[OUTS];
    compute(in[i], want);
    for (int j = 0; j < OUTS; j++)
      if (out[i * OUTS + j] != want[j]) {
        printf("FAIL: %s(%u) [element %d] = %u, expected %u\n", names[j], in[i], i,
               out[i * OUTS + j], want[j]);
        return 1;
      }
  }
  cudaFree(d_in);
  cudaFree(d_out);
  printf("PASS\n");
  return 0;
}
