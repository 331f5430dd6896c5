// A pointer that may point to a private array or to global memory has no
// single MSL address space.
__global__ void mixed(int *g, int sel, int i) {
  int local[8];
  for (int k = 0; k < 8; k++) local[k] = g[k + 8];
  int *p = sel ? local : g;
  g[0] = p[i & 7];
}
// ERR: error_mixed_space.cu:{{6|7}}:{{[0-9]+}}: error: pointer that may point to both {{private and global|global and private}} memory is not supported by Anchor's Metal backend
