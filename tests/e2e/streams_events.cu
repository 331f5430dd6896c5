// streams_events.cu — end-to-end test of streams and events: chains of dependent
// kernels and cudaMemcpyAsync on created streams (work in one stream runs in order),
// two streams working on separate data, the legacy default stream, cudaStreamQuery /
// cudaEventQuery after synchronisation, cudaEventElapsedTime between two recorded
// events (checked only to be non-negative: no timing assertions), and
// cudaStreamWaitEvent across streams. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void set_index(int *a, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = i + base;
}

__global__ void combine(int *dst, const int *src, int n, int mul) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = dst[i] * mul + src[i];
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

enum { N = 30011, STEPS = 6 };

// The result of the chain run() enqueues, computed on the host.
static int expected(int i, int base, int mul) {
  int a = i + base, b = i + base + 1;
  for (int s = 0; s < STEPS; s++) {
    if (s % 2 == 0)
      a = a * mul + b;
    else
      b = b * 1 + a;
  }
  return a ^ b;
}

// Enqueues a chain of dependent kernels on `stream`: each reads what the previous wrote.
static void run(cudaStream_t stream, int *a, int *b, int base, int mul) {
  int blocks = (N + 127) / 128;
  set_index<<<blocks, 128, 0, stream>>>(a, N, base);
  set_index<<<blocks, 128, 0, stream>>>(b, N, base + 1);
  for (int s = 0; s < STEPS; s++) {
    if (s % 2 == 0)
      combine<<<blocks, 128, 0, stream>>>(a, b, N, mul);
    else
      combine<<<blocks, 128, 0, stream>>>(b, a, N, 1);
  }
}

static int verify(const int *a, const int *b, int base, int mul, const char *what) {
  for (int i = 0; i < N; i++) {
    int want = expected(i, base, mul);
    if ((a[i] ^ b[i]) != want) {
      printf("FAIL: %s element %d: %d, expected %d\n", what, i, a[i] ^ b[i], want);
      return 1;
    }
  }
  return 0;
}

int main(void) {
  size_t bytes = N * sizeof(int);
  cudaStream_t s1, s2;
  cudaEvent_t start, stop, s1_done;
  int *a1, *b1, *a2, *b2, *h1a, *h1b, *h2a, *h2b;
  if (check(cudaStreamCreate(&s1), "cudaStreamCreate") ||
      check(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking), "cudaStreamCreateWithFlags") ||
      check(cudaEventCreate(&start), "cudaEventCreate") ||
      check(cudaEventCreate(&stop), "cudaEventCreate") ||
      check(cudaEventCreateWithFlags(&s1_done, cudaEventDisableTiming), "cudaEventCreate") ||
      check(cudaMalloc((void **)&a1, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&b1, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&a2, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&b2, bytes), "cudaMalloc") ||
      check(cudaMallocHost((void **)&h1a, bytes), "cudaMallocHost") ||
      check(cudaMallocHost((void **)&h1b, bytes), "cudaMallocHost") ||
      check(cudaMallocHost((void **)&h2a, bytes), "cudaMallocHost") ||
      check(cudaMallocHost((void **)&h2b, bytes), "cudaMallocHost"))
    return 1;

  // Two independent chains on two streams, results copied back asynchronously.
  if (check(cudaEventRecord(start, s1), "cudaEventRecord start"))
    return 1;
  run(s1, a1, b1, 5, 3);
  run(s2, a2, b2, -7000, -2);
  if (check(cudaGetLastError(), "launches") ||
      check(cudaMemcpyAsync(h1a, a1, bytes, cudaMemcpyDeviceToHost, s1), "async copy") ||
      check(cudaMemcpyAsync(h1b, b1, bytes, cudaMemcpyDeviceToHost, s1), "async copy") ||
      check(cudaMemcpyAsync(h2a, a2, bytes, cudaMemcpyDeviceToHost, s2), "async copy") ||
      check(cudaMemcpyAsync(h2b, b2, bytes, cudaMemcpyDeviceToHost, s2), "async copy") ||
      check(cudaEventRecord(stop, s1), "cudaEventRecord stop") ||
      check(cudaStreamSynchronize(s1), "cudaStreamSynchronize s1") ||
      check(cudaStreamSynchronize(s2), "cudaStreamSynchronize s2") ||
      check(cudaEventSynchronize(stop), "cudaEventSynchronize") ||
      check(cudaStreamQuery(s1), "cudaStreamQuery after synchronize") ||
      check(cudaEventQuery(stop), "cudaEventQuery after synchronize"))
    return 1;
  float ms = -1.0f;
  if (check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime"))
    return 1;
  if (!(ms >= 0.0f)) {
    printf("FAIL: cudaEventElapsedTime gave %g ms\n", ms);
    return 1;
  }
  if (verify(h1a, h1b, 5, 3, "stream 1") || verify(h2a, h2b, -7000, -2, "stream 2"))
    return 1;

  // s2 waits for s1's chain through an event, then adds s1's result into its own.
  run(s1, a1, b1, 11, 5);
  if (check(cudaEventRecord(s1_done, s1), "cudaEventRecord") ||
      check(cudaStreamWaitEvent(s2, s1_done, 0), "cudaStreamWaitEvent"))
    return 1;
  combine<<<(N + 127) / 128, 128, 0, s2>>>(a2, a1, N, 0); // a2 = a1
  if (check(cudaGetLastError(), "launch") ||
      check(cudaMemcpyAsync(h2a, a2, bytes, cudaMemcpyDeviceToHost, s2), "async copy") ||
      check(cudaMemcpyAsync(h2b, b1, bytes, cudaMemcpyDeviceToHost, s2), "async copy") ||
      check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"))
    return 1;
  if (verify(h2a, h2b, 11, 5, "after cudaStreamWaitEvent"))
    return 1;

  // The legacy default stream: kernels then a synchronous copy, in order.
  run(0, a1, b1, 100, 7);
  if (check(cudaMemcpy(h1a, a1, bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(h1b, b1, bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      verify(h1a, h1b, 100, 7, "default stream"))
    return 1;

  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaEventDestroy(s1_done);
  cudaFree(a1);
  cudaFree(b1);
  cudaFree(a2);
  cudaFree(b2);
  cudaFreeHost(h1a);
  cudaFreeHost(h1b);
  cudaFreeHost(h2a);
  cudaFreeHost(h2b);
  printf("PASS\n");
  return 0;
}
