// i10_endless_gotos.cu — issue 10 (found by Csmith, seeds 28, 110 and 155): gotos
// out of nested loops into code that an if and its else both reach, next to code from
// which nothing returns (an endless loop behind a goto, as Csmith writes them). The
// CFGs are reducible and legal CUDA; Anchor refused them ("control flow that both arms
// of a branch reach before they merge ... cannot be structured") until its structurizer
// computed post-dominators inside code that never returns (compiler/cfg.c) and gave
// such code an exit that is never taken before structurizecfg (compiler/passes.c).
// The endless paths are guarded by a parameter the host never passes (`trap_key`), so
// they never run, but the compiler cannot know; everything else runs on 20,011 inputs
// and is compared with the same __host__ __device__ functions run on the CPU.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

enum { N = 20011, OUTS = 3 };

// (1) An if/else whose arms merge inside code that never returns (seed 28's shape):
// reached only when key == trap_key.
__host__ __device__ unsigned merge_before_endless(unsigned v, unsigned key, unsigned trap_key,
                                                  volatile unsigned *sink) {
  unsigned r = v * 2654435761u;
  if (key == trap_key) {
    if (v & 1) {
      for (unsigned k = 0; k < (v >> 28); k++)
        *sink = r + k;
    } else {
      *sink = r ^ 5;
    }
    r *= 7;
    for (;;) *sink = r; // never left
  }
  for (unsigned k = 0; k < (v & 15); k++)
    r = (r ^ (r >> 13)) * 31 + k;
  return r;
}

// (2) An early goto and a goto out of two nested loops into one tail that ends in an
// endless loop, while the other paths return (seed 110's shape); a second tail shared
// by an if and its else that does return.
__host__ __device__ unsigned shared_tails(unsigned v, unsigned trap_key,
                                          volatile unsigned *sink) {
  unsigned r = v ^ 0x9e3779b9u, i, j;
  if (v == trap_key) goto endless;
  for (i = 0; i < (v & 7); i++) {
    for (j = 0; j < ((v >> 3) & 7); j++) {
      r = r * 1103515245u + 12345u + j;
      if (r == trap_key) goto endless; // out of two loops
      if ((r >> 27) == 5) goto merge;  // out of two loops into the returning tail
    }
    if (r & 0x100) {
      r += i;
      goto merge;
    } else {
      r ^= i << 4;
    }
  }
  r = r * 3 + 1;
merge: // reached from the loops, the if and the fall-through
  r ^= r >> 11;
  return r;
endless:
  r |= 1;
  for (;;) *sink = r;
}

// (3) Both shapes nested in a switch with fall-through.
__host__ __device__ unsigned switch_tails(unsigned v, unsigned trap_key,
                                          volatile unsigned *sink) {
  unsigned r = v;
  switch (v % 5) {
  case 0:
    r += 17;
    if (r == trap_key) goto endless; // fall through
  case 1:
    r *= 3;
    break;
  case 2:
    if (v & 64) goto shared;
    r ^= 0x5555;
    // fall through
  case 3:
  shared:
    r -= 9;
    break;
  default:
    if (r == trap_key + 1) goto endless;
    r = ~r;
  }
  return r;
endless:
  for (;;) *sink = r;
}

__host__ __device__ void compute(unsigned v, unsigned trap_key, volatile unsigned *sink,
                                 unsigned *out) {
  out[0] = merge_before_endless(v, v % 97, trap_key, sink);
  out[1] = shared_tails(v, trap_key, sink);
  out[2] = switch_tails(v, trap_key, sink);
}

__global__ void run(const unsigned *in, unsigned *out, int n, unsigned trap_key,
                    unsigned *sink) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) compute(in[i], trap_key, sink + i, out + (size_t)i * OUTS);
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
  // Never a value the functions reach with these inputs: no thread enters the endless
  // code (the host runs the same functions below, and would not finish otherwise).
  const unsigned trap_key = 0xfffffffeu;
  unsigned s = 11;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = i < 300 ? (unsigned)i : s >> (i % 11);
  }
  static unsigned sink_host;
  unsigned *d_in = NULL, *d_out = NULL, *d_sink = NULL;
  if (check(cudaMalloc(&d_in, sizeof in), "cudaMalloc in") ||
      check(cudaMalloc(&d_out, sizeof out), "cudaMalloc out") ||
      check(cudaMalloc(&d_sink, sizeof in), "cudaMalloc sink") ||
      check(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice), "copy in"))
    return 1;
  run<<<(N + 127) / 128, 128>>>(d_in, d_out, N, trap_key, d_sink);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "sync") ||
      check(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost), "copy out"))
    return 1;
  static const char *names[OUTS] = {"merge_before_endless", "shared_tails", "switch_tails"};
  for (int i = 0; i < N; i++) {
    unsigned want[OUTS];
    compute(in[i], trap_key, &sink_host, want);
    for (int j = 0; j < OUTS; j++)
      if (out[i * OUTS + j] != want[j]) {
        printf("FAIL: %s(%u) [element %d] = %u, expected %u\n", names[j], in[i], i,
               out[i * OUTS + j], want[j]);
        return 1;
      }
  }
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sink);
  printf("PASS\n");
  return 0;
}
