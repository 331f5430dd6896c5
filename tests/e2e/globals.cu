// globals.cu — end-to-end test of module-scope device variables: a __constant__ table
// filled with cudaMemcpyToSymbol, __device__ variables with and without initialisers
// (a scalar, an array, a struct) read and written by kernels and by the host
// (cudaMemcpyFromSymbol, cudaMemcpyToSymbol with an offset, cudaGetSymbolAddress), and
// a __device__ pointer variable that holds a cudaMalloc'd address set from the host.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

struct Config {
  int scale;
  short shift;
  char tag;
  long long bias;
};

__constant__ int coeffs[16];
__constant__ Config config = {3, 2, 'c', -1000000000000LL};
__device__ int counter_base = 41;
__device__ int hits[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__device__ unsigned zeroed[4];
__device__ int *target; // set from the host to a cudaMalloc'd array

__global__ void use_globals(const int *in, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (long long)in[i] * coeffs[i % 16] * config.scale + (in[i] >> config.shift) +
             config.tag + config.bias + counter_base;
}

// A single thread updates the globals so the result does not depend on ordering.
__global__ void update_globals(int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    counter_base += n;
    for (int k = 0; k < 8; k++)
      hits[k] *= 10 + k;
    zeroed[2] = 0xabcdu;
    for (int k = 0; k < 5; k++)
      target[k] = hits[k] + k;
  }
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  enum { N = 1000 };
  int host_coeffs[16], in[N];
  long long out[N];
  for (int k = 0; k < 16; k++)
    host_coeffs[k] = k * k - 30;
  for (int i = 0; i < N; i++)
    in[i] = i * 37 - 15000;
  int *din, *dtarget;
  long long *dout;
  if (check(cudaMalloc((void **)&din, sizeof in), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, sizeof out), "cudaMalloc") ||
      check(cudaMalloc((void **)&dtarget, 5 * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpyToSymbol(coeffs, host_coeffs, sizeof host_coeffs), "coeffs") ||
      check(cudaMemcpyToSymbol(target, &dtarget, sizeof dtarget), "target"))
    return 1;

  // Overwrite coeffs[4..5] through an offset.
  const int patch[2] = {1000, -1000};
  if (check(cudaMemcpyToSymbol(coeffs, patch, sizeof patch, 4 * sizeof(int)), "coeffs+4"))
    return 1;
  host_coeffs[4] = patch[0];
  host_coeffs[5] = patch[1];

  use_globals<<<(N + 127) / 128, 128>>>(din, dout, N);
  if (check(cudaGetLastError(), "use_globals launch") ||
      check(cudaDeviceSynchronize(), "use_globals") ||
      check(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < N; i++) {
    long long want = (long long)in[i] * host_coeffs[i % 16] * 3 + (in[i] >> 2) + 'c' -
                     1000000000000LL + 41;
    if (out[i] != want) {
      printf("FAIL: use_globals out[%d] = %lld, expected %lld\n", i, out[i], want);
      return 1;
    }
  }

  update_globals<<<2, 32>>>(N);
  int base = 0, host_hits[8], host_target[5];
  unsigned host_zeroed[4];
  Config cfg;
  if (check(cudaGetLastError(), "update_globals launch") ||
      check(cudaDeviceSynchronize(), "update_globals") ||
      check(cudaMemcpyFromSymbol(&base, counter_base, sizeof base), "counter_base") ||
      check(cudaMemcpyFromSymbol(host_hits, hits, sizeof host_hits), "hits") ||
      check(cudaMemcpyFromSymbol(host_zeroed, zeroed, sizeof host_zeroed), "zeroed") ||
      check(cudaMemcpyFromSymbol(&cfg, config, sizeof cfg), "config") ||
      check(cudaMemcpy(host_target, dtarget, sizeof host_target, cudaMemcpyDeviceToHost),
            "target"))
    return 1;
  if (base != 41 + N) {
    printf("FAIL: counter_base = %d, expected %d\n", base, 41 + N);
    return 1;
  }
  for (int k = 0; k < 8; k++)
    if (host_hits[k] != (k + 1) * (10 + k)) {
      printf("FAIL: hits[%d] = %d, expected %d\n", k, host_hits[k], (k + 1) * (10 + k));
      return 1;
    }
  for (int k = 0; k < 4; k++)
    if (host_zeroed[k] != (k == 2 ? 0xabcdu : 0u)) {
      printf("FAIL: zeroed[%d] = 0x%x\n", k, host_zeroed[k]);
      return 1;
    }
  if (cfg.scale != 3 || cfg.shift != 2 || cfg.tag != 'c' || cfg.bias != -1000000000000LL) {
    printf("FAIL: config read back as {%d, %d, %d, %lld}\n", cfg.scale, cfg.shift, cfg.tag,
           cfg.bias);
    return 1;
  }
  for (int k = 0; k < 5; k++)
    if (host_target[k] != (k + 1) * (10 + k) + k) {
      printf("FAIL: target[%d] = %d, expected %d\n", k, host_target[k], (k + 1) * (10 + k) + k);
      return 1;
    }

  // The address of a __device__ variable is an ordinary device pointer.
  int *hits_address = NULL;
  int three[3] = {0, 0, 0};
  if (check(cudaGetSymbolAddress((void **)&hits_address, hits), "cudaGetSymbolAddress") ||
      check(cudaMemcpy(three, hits_address + 5, sizeof three, cudaMemcpyDeviceToHost),
            "memcpy from symbol address"))
    return 1;
  for (int k = 0; k < 3; k++)
    if (three[k] != host_hits[5 + k]) {
      printf("FAIL: through cudaGetSymbolAddress hits[%d] = %d, expected %d\n", 5 + k, three[k],
             host_hits[5 + k]);
      return 1;
    }
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dtarget);
  printf("PASS\n");
  return 0;
}
