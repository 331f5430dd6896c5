// switch statements: several values per case, cases equal to default,
// fall-through, switches on 8- and 64-bit values, a switch in a loop with
// continue/break.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = out[i];
  int r = 0;
  switch (v & 15) {
  case 0: case 5: case 9: r = 100; break;
  case 1: r = v * 3; // fall through
  case 2: r += 7; break;
  case 3: case 4: r = -v; break;
  case 6: default: r = 42;
  }
  signed char c = (signed char)(v * 7);
  switch (c) {
  case -3: r ^= 0x55; break;
  case 14: case 21: r += 1000; break;
  case 127: r -= 1; break;
  }
  long long big = (long long)v * 3000000000LL;
  switch (big) {
  case 0: r += 1; break;
  case 3000000000LL: r += 2; break;
  case -6000000000LL: r += 3; break;
  default: r += 4;
  }
  for (int k = 0; k < 12; k++) {
    switch ((k + v) % 5) {
    case 0: continue;
    case 1: r += k; break;
    case 2: r *= 3; break;
    case 3: if (r > 100000) goto done; r -= 2; break;
    default: r ^= k;
    }
    r += 1;
  }
done:
  out[i] = r;
}
