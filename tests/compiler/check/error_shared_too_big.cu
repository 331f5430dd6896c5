// CUDA allows 48 KiB of static __shared__ data per block (ptxas: "uses too
// much shared data"); anchor-msl refuses more too, naming the kernel.
__global__ void big(int *o) {
  __shared__ int a[8192];
  __shared__ int b[4097];
  a[threadIdx.x] = o[threadIdx.x];
  b[threadIdx.x] = a[threadIdx.x + 1];
  __syncthreads();
  o[threadIdx.x] = a[threadIdx.x ^ 1] + b[threadIdx.x ^ 2];
}
// ERR: error_shared_too_big.cu:3: error: kernel '_Z3bigPi' uses 49156 bytes of static __shared__ data, more than the 49152 bytes CUDA allows per block
