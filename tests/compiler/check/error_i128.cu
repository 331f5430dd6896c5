__global__ void wide(unsigned long long *o, unsigned long long a, unsigned long long b) {
  unsigned __int128 p = (unsigned __int128)a * b;
  o[0] = (unsigned long long)(p >> 64);
}
// ERR: error_i128.cu:2:{{[0-9]+}}: error: 128-bit integer arithmetic is not supported by Anchor's Metal backend
