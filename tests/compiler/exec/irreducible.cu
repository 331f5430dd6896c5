// An irreducible CFG from goto: a jump into the middle of a loop (two entries
// into one cycle), taken or not depending on the data, with barriers before
// and after. fix-irreducible makes it reducible; the results must equal the
// host's, and check/irreducible_goto.cu shows each barrier emitted once.
// EXEC: 1000 4 64
__global__ void test_kernel(int *out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = out[i], s = 0, k = 0;
#ifdef __CUDA_ARCH__
  __syncthreads();
#endif
  if (x & 1) goto middle;
top:
  s += k * 3 + x;
  k++;
middle:
  s ^= k << 2;
  if (s > 400 || s < -400) goto out_of_loop;
  if (k < (x & 15)) goto top;
out_of_loop:
#ifdef __CUDA_ARCH__
  __syncthreads();
#endif
  out[i] = s * 17 + k;
}
