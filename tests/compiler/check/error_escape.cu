// The address of a private array stored to memory has no CUDA address.
__global__ void leak(int **out, int i) {
  int local[4] = {1, 2, 3, 4};
  local[i & 3] = i;
  out[0] = local;
}
// ERR: error_escape.cu:5:10: error: storing the address of private memory is not supported by Anchor's Metal backend
