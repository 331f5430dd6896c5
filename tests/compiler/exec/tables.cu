// Local arrays with constant initialisers (clang makes them private
// constant globals copied or indexed directly), a switch that may become a
// lookup table, __constant__ tables of structs.
struct Coef { short a; int b; };
__constant__ Coef coefs[5] = {{1, -7}, {2, 100}, {-3, 55}, {4, 0}, {5, 12345}};

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
  int local[6] = {9, 8, 7, 6, 5, 4};
  local[i % 6] += out[i];
  int v = out[i] & 7;
  int s;
  switch (v) {
  case 0: s = 11; break;
  case 1: s = 23; break;
  case 2: s = 37; break;
  case 3: s = 41; break;
  case 4: s = 59; break;
  case 5: s = 61; break;
  default: s = 73;
  }
  Coef c = coefs[i % 5];
  out[i] = primes[i & 7] * s + local[(i + 1) % 6] + local[i % 6] + c.a * c.b;
}
