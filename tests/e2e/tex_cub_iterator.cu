// tex_cub_iterator.cu — CUB's TexObjInputIterator (the library unmodified: Debian's CUB for
// Anchor, the toolkit's CCCL for nvcc) binds a texture object over cudaMalloc'd memory
// (cudaCreateTextureObject on linear memory, with the channel format CUB picks for the
// type: int4 words for a double) and reads through tex1Dfetch<int4> in a kernel and in
// cub::DeviceReduce::Sum. Doubles and floats at odd offsets; checked exactly against the
// CPU. Prints PASS, or FAIL: <details>.
#include <cub/cub.cuh>
#include <stdio.h>

template <class T> __global__ void twice(cub::TexObjInputIterator<T> it, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = it[i] * (T)2;
}

template <class T> static int run(const char *name, int n, int offset) {
  T *h = new T[n + offset], *d = NULL, *o = NULL, *sum = NULL;
  for (int i = 0; i < n + offset; i++) h[i] = (T)((i * 37) % 101) * (T)0.25 - (T)3;
  cudaMalloc(&d, (n + offset) * sizeof(T));
  cudaMalloc(&o, n * sizeof(T));
  cudaMalloc(&sum, sizeof(T));
  cudaMemcpy(d, h, (n + offset) * sizeof(T), cudaMemcpyHostToDevice);
  cub::TexObjInputIterator<T> it;
  cudaError_t e = it.BindTexture(d, (n + offset) * sizeof(T));
  if (e != cudaSuccess) return printf("FAIL: %s BindTexture: %s\n", name, cudaGetErrorString(e)), 1;
  it = it + offset;
  twice<<<(n + 127) / 128, 128>>>(it, o, n);
  void *temp = NULL;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(temp, bytes, it, sum, n);
  cudaMalloc(&temp, bytes);
  cub::DeviceReduce::Sum(temp, bytes, it, sum, n);
  e = cudaDeviceSynchronize();
  if (e != cudaSuccess) return printf("FAIL: %s kernels: %s\n", name, cudaGetErrorString(e)), 1;
  T *got = new T[n], total = 0, want = 0;
  cudaMemcpy(got, o, n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaMemcpy(&total, sum, sizeof(T), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    want += h[i + offset]; // quarters: every partial sum is exact in either type
    if (got[i] != h[i + offset] * (T)2 && bad++ < 3)
      printf("%s [%d]: got %g, want %g\n", name, i, (double)got[i], (double)(h[i + offset] * 2));
  }
  if (total != want) bad++, printf("%s sum: got %.17g, want %.17g\n", name, (double)total, (double)want);
  it.UnbindTexture();
  cudaFree(d), cudaFree(o), cudaFree(sum), cudaFree(temp);
  delete[] h;
  delete[] got;
  return bad ? printf("FAIL: %s\n", name), 1 : 0;
}

int main(void) {
  int failures = run<float>("float", 5000, 3) + run<double>("double", 3001, 5) +
                 run<int>("int", 777, 0);
  if (failures) return 1;
  printf("passed: CUB TexObjInputIterator over float, double and int, in a kernel and "
         "DeviceReduce::Sum\n");
  printf("PASS\n");
  return 0;
}
