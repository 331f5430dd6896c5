// The second unit of e2e managed_twofile (see managed_twofile_a.cu).
static __managed__ int x = 100;

__global__ void add_b() { x += 2; }

int run_b() {
  add_b<<<1, 1>>>();
  cudaDeviceSynchronize();
  return x;
}
