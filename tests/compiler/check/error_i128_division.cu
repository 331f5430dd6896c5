// 128-bit arithmetic is legalised into pairs of 64-bit words (lower_int_widths.c), but
// not its division and remainder: a located error naming the operation.
__global__ void wide(unsigned long long *o, unsigned long long a, unsigned long long b) {
  unsigned __int128 p = (unsigned __int128)a * b;
  o[0] = (unsigned long long)(p / (b | 1));
}
// ERR: error_i128_division.cu:5:{{[0-9]+}}: error: division or remainder on a 128-bit integer is not supported by Anchor's Metal backend
