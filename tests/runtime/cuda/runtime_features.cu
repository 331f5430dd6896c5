// tests/runtime/cuda/runtime_features.cu — libanchor features seen from a real
// CUDA program compiled by anchorcc: pointers stored in memory mean the same
// on host and device (a linked list in managed memory, decision 5), host
// (pinned) memory read by a kernel directly, __device__ and __constant__
// variables with initialisers, cudaMemcpyToSymbol/FromSymbol and
// cudaGetSymbolAddress, a by-value struct parameter over 4 KiB, streams and
// events around kernels. Checks every value; prints PASS or FAIL lines.
// Expectations are CUDA's documented semantics (all of this is ordinary CUDA
// that nvcc accepts).
#include <cstdio>
#include <cuda_runtime.h>

struct Node {
  int value;
  Node *next;
};

__device__ int counter = 7;
__constant__ float scale[4] = {1.f, 2.f, 3.f, 4.f};

struct Big {
  int v[1100]; // 4400 bytes: the parameter block goes through a buffer
};

__global__ void walk(const Node *head, int *out) {
  int sum = 0;
  for (const Node *n = head; n; n = n->next) sum += n->value;
  *out = sum + counter;
  counter += 1;
}

__global__ void scale_by_constant(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= scale[i % 4];
}

__global__ void copy_big(Big b, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1100) out[i] = b.v[i];
}

__global__ void add_from(const int *pinned, int *counter_address, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && pinned[i] != i) *counter_address = -1000;
}

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

int main() {
  Node *nodes;
  expect(cudaMallocManaged(&nodes, 5 * sizeof(Node)) == cudaSuccess, "cudaMallocManaged");
  for (int i = 0; i < 5; i++) nodes[i] = Node{i + 1, i < 4 ? &nodes[i + 1] : nullptr};
  int *out;
  expect(cudaMalloc(&out, 1100 * sizeof(int)) == cudaSuccess, "cudaMalloc");

  int initial = 0;
  expect(cudaMemcpyFromSymbol(&initial, counter, sizeof initial) == cudaSuccess, "FromSymbol");
  expect(initial == 7, "__device__ initialiser");
  int hundred = 100;
  expect(cudaMemcpyToSymbol(counter, &hundred, sizeof hundred) == cudaSuccess, "ToSymbol");
  walk<<<1, 1>>>(nodes, out);
  int walked = 0;
  cudaMemcpy(&walked, out, sizeof walked, cudaMemcpyDeviceToHost);
  expect(walked == 115, "linked list in managed memory + __device__ variable");

  float *x;
  cudaMallocManaged(&x, 8 * sizeof(float));
  for (int i = 0; i < 8; i++) x[i] = 1.5f;
  cudaStream_t stream;
  cudaEvent_t start, stop;
  cudaStreamCreate(&stream);
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  scale_by_constant<<<1, 8, 0, stream>>>(x, 8);
  cudaEventRecord(stop, stream);
  expect(cudaEventSynchronize(stop) == cudaSuccess, "cudaEventSynchronize");
  float ms = -1;
  expect(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess && ms >= 0, "cudaEventElapsedTime");
  expect(cudaStreamSynchronize(stream) == cudaSuccess, "cudaStreamSynchronize");
  for (int i = 0; i < 8; i++) expect(x[i] == 1.5f * (float)(i % 4 + 1), "__constant__ array");

  Big big;
  for (int i = 0; i < 1100; i++) big.v[i] = i * 5 - 9;
  copy_big<<<5, 256>>>(big, out);
  int back[1100];
  cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 1100; i++) wrong += back[i] != i * 5 - 9;
  expect(wrong == 0, "4400-byte by-value struct parameter");

  int *pinned, *counter_address;
  cudaMallocHost(&pinned, 256 * sizeof(int));
  for (int i = 0; i < 256; i++) pinned[i] = i;
  expect(cudaGetSymbolAddress((void **)&counter_address, counter) == cudaSuccess, "GetSymbolAddress");
  add_from<<<2, 128>>>(pinned, counter_address, 256);
  int final_counter = 0;
  cudaMemcpyFromSymbol(&final_counter, counter, sizeof final_counter);
  expect(final_counter == 101, "pinned host memory read by a kernel; symbol address");

  int min_grid = 0, block_size = 0;
  expect(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block_size, scale_by_constant) == cudaSuccess,
         "cudaOccupancyMaxPotentialBlockSize");
  expect(block_size > 0 && block_size % 32 == 0 && block_size <= 1024 && min_grid > 0,
         "occupancy suggestion");
  scale_by_constant<<<(8 + block_size - 1) / block_size, block_size>>>(x, 8);
  expect(cudaDeviceSynchronize() == cudaSuccess, "launch with the suggested block size");
  expect(x[1] == 1.5f * 2.0f * 2.0f, "second scaling");

  expect(cudaGetLastError() == cudaSuccess, "no error left");
  cudaFree(nodes);
  cudaFree(x);
  cudaFree(out);
  cudaFreeHost(pinned);
  cudaStreamDestroy(stream);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  if (failures == 0) printf("PASS\n");
  return failures ? 1 : 0;
}
