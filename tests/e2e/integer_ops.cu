// integer_ops.cu — end-to-end test of integer arithmetic of every width (8, 16, 32,
// 64 bits, signed and unsigned): + - * / %, shifts (arithmetic right shift of
// negatives included), bitwise operators, negation, all comparisons, select (?:),
// conversions between all integer types and to and from float. One __host__
// __device__ function computes every result; the GPU runs it on each input pair and
// the CPU runs the very same code as the reference. Operations whose C++ result is
// undefined (division by zero, MIN / -1, overflowing signed arithmetic, shifts by the
// width or more, out-of-range float -> int) are excluded by the same code on both
// sides, so the comparison is exact. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

enum {
  OPS_PER_TYPE = 28,                  // see ops_for_type
  CONV_PER_TYPE = 8,                  // to each of the 8 integer types
  TYPES = 8,
  MIXED = 8,                          // see mixed_ops
  INT_RESULTS = TYPES * (OPS_PER_TYPE + CONV_PER_TYPE) + MIXED,
  FLOAT_RESULTS = TYPES,              // integer -> float, per type
  FROM_FLOAT = TYPES,                 // float -> integer, per type
  SENTINEL_LO = 0x0dd
};
static const u64 SENTINEL = 0xdeadbeefcafe0000ull + SENTINEL_LO;

template <typename T> struct Unsigned;
template <> struct Unsigned<signed char> { typedef unsigned char type; };
template <> struct Unsigned<unsigned char> { typedef unsigned char type; };
template <> struct Unsigned<short> { typedef unsigned short type; };
template <> struct Unsigned<unsigned short> { typedef unsigned short type; };
template <> struct Unsigned<int> { typedef unsigned int type; };
template <> struct Unsigned<unsigned int> { typedef unsigned int type; };
template <> struct Unsigned<long long> { typedef unsigned long long type; };
template <> struct Unsigned<unsigned long long> { typedef unsigned long long type; };

// Converts x to each of the 8 integer types and back out as 64 bits.
template <typename T> __host__ __device__ void conversions(T x, u64 *o) {
  o[0] = (u64)(signed char)x;
  o[1] = (u64)(unsigned char)x;
  o[2] = (u64)(short)x;
  o[3] = (u64)(unsigned short)x;
  o[4] = (u64)(int)x;
  o[5] = (u64)(unsigned int)x;
  o[6] = (u64)(long long)x;
  o[7] = (u64)(unsigned long long)x;
}

// All operators on one type. a and b are the low bits of the 64-bit inputs.
template <typename T> __host__ __device__ void ops_for_type(u64 ra, u64 rb, u64 *o) {
  typedef typename Unsigned<T>::type U;
  const int bits = (int)sizeof(T) * 8;
  const T a = (T)ra, b = (T)rb;
  const T min = (T)((T)-1 < (T)0 ? (U)1 << (bits - 1) : 0);
  const int s = (int)(rb & (u64)(bits - 1)); // shift count in range
  // + - * wrap: computed on the unsigned type (where wrapping is defined), then narrowed.
  o[0] = (u64)(T)(U)((U)a + (U)b);
  o[1] = (u64)(T)(U)((U)a - (U)b);
  o[2] = (u64)(T)(U)((u64)(U)a * (u64)(U)b);
  const bool bad_div = b == 0 || ((T)-1 < (T)0 && a == min && b == (T)-1 && bits >= 32);
  o[3] = bad_div ? SENTINEL : (u64)(T)(a / b);
  o[4] = bad_div ? SENTINEL : (u64)(T)(a % b);
  o[5] = (u64)(T)(U)((u64)(U)a << s);
  o[6] = (u64)(T)(a >> s); // arithmetic for negative signed a
  o[7] = (u64)(T)((U)a >> s);
  o[8] = (u64)(T)(a & b);
  o[9] = (u64)(T)(a | b);
  o[10] = (u64)(T)(a ^ b);
  o[11] = (u64)(T)~a;
  o[12] = (u64)(T)(U)(0 - (U)a);
  o[13] = a < b;
  o[14] = a <= b;
  o[15] = a == b;
  o[16] = a != b;
  o[17] = a > b;
  o[18] = a >= b;
  o[19] = (u64)(a < b ? a : b);
  o[20] = (u64)(a > b ? a : b);
  const bool negative = (T)-1 < (T)0 && (((u64)(U)a >> (bits - 1)) & 1) != 0;
  o[21] = (u64)(T)(negative ? (U)0 - (U)a : (U)a); // |a| modulo 2^bits
  o[22] = a ? 1 : 0;
  o[23] = !a;
  o[24] = (u64)(T)(a >> 1) + (u64)(T)(b >> (bits - 1));
  o[25] = b == 0 ? SENTINEL : (u64)(T)((U)a / (U)b);
  o[26] = b == 0 ? SENTINEL : (u64)(T)((U)a % (U)b);
  o[27] = (u64)(T)(s > 3 ? a & (T)0x5a : b | (T)0x21);
  conversions<T>(a, o + OPS_PER_TYPE);
}

// Float conversions: x -> float, and the float input f -> T when f is in T's range,
// the open interval (lo, hi); the bounds are exact floats, written in hex.
template <typename T> __host__ __device__ void floats_for_type(u64 rx, float f, float *fo,
                                                               u64 *io, float lo, float hi) {
  fo[0] = (float)(T)rx;
  io[0] = (f > lo && f < hi) ? (u64)(T)f : SENTINEL;
}

// Operands of different types meet: the usual arithmetic conversions decide.
__host__ __device__ void mixed_ops(u64 ra, u64 rb, u64 *o) {
  int i = (int)ra;
  unsigned u = (unsigned)rb;
  long long ll = (long long)ra;
  short sh = (short)rb;
  unsigned char uc = (unsigned char)ra;
  o[0] = i < u;               // i converted to unsigned
  o[1] = (u64)(i + u);        // unsigned arithmetic
  o[2] = ll < u;              // u converted to long long
  o[3] = (u64)(ll >> 40) + (u64)(long long)sh;
  o[4] = (u64)(sh * uc);      // both promoted to int: no overflow
  o[5] = (u64)(long long)(sh / (uc | 1));
  o[6] = (u64)((u + 0ull) * (unsigned)uc);
  o[7] = (u64)(i >> 31) ^ (u64)(u >> 31);
}

// Everything for one input pair.
__host__ __device__ void all_results(u64 a, u64 b, float f, u64 *io, float *fo, u64 *ffo) {
  const int per = OPS_PER_TYPE + CONV_PER_TYPE;
  ops_for_type<signed char>(a, b, io + 0 * per);
  ops_for_type<unsigned char>(a, b, io + 1 * per);
  ops_for_type<short>(a, b, io + 2 * per);
  ops_for_type<unsigned short>(a, b, io + 3 * per);
  ops_for_type<int>(a, b, io + 4 * per);
  ops_for_type<unsigned int>(a, b, io + 5 * per);
  ops_for_type<long long>(a, b, io + 6 * per);
  ops_for_type<unsigned long long>(a, b, io + 7 * per);
  mixed_ops(a, b, io + 8 * per);
  floats_for_type<signed char>(a, f, fo + 0, ffo + 0, -129.0f, 128.0f);
  floats_for_type<unsigned char>(a, f, fo + 1, ffo + 1, -1.0f, 256.0f);
  floats_for_type<short>(a, f, fo + 2, ffo + 2, -32769.0f, 32768.0f);
  floats_for_type<unsigned short>(a, f, fo + 3, ffo + 3, -1.0f, 65536.0f);
  floats_for_type<int>(a, f, fo + 4, ffo + 4, -0x1.000002p31f, 0x1p31f);
  floats_for_type<unsigned int>(a, f, fo + 5, ffo + 5, -1.0f, 0x1p32f);
  floats_for_type<long long>(a, f, fo + 6, ffo + 6, -0x1.000002p63f, 0x1p63f);
  floats_for_type<unsigned long long>(a, f, fo + 7, ffo + 7, -1.0f, 0x1p64f);
}

__global__ void integer_ops(const u64 *a, const u64 *b, const float *f, int n, u64 *io,
                            float *fo, u64 *ffo) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    all_results(a[i], b[i], f[i], io + (u64)i * INT_RESULTS, fo + (u64)i * FLOAT_RESULTS,
                ffo + (u64)i * FROM_FLOAT);
}

static const u64 edges[] = {
    0, 1, 2, 3, 5, 7, 8, 31, 63, 64, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
    0x10000, 0x7fffffff, 0x80000000ull, 0xffffffffull, 0x100000000ull,
    0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull,
    0xfffffffffffffffeull, 0xfffffffffffffff9ull, 0xffffffffffffff80ull,
    0xffffffffffff8000ull, 0xffffffff80000000ull, 0x123456789abcdef0ull,
    0xfedcba9876543210ull, 0x00000000deadbeefull, 0x8000000000000001ull};

static const float float_inputs[] = {
    0.0f, -0.0f, 0.5f, -0.5f, 0.99f, -0.99f, 1.5f, -1.5f, 2.5f, -2.5f, 100.75f, -100.75f,
    127.9f, -128.9f, 128.0f, -129.5f, 255.5f, 256.0f, 32767.5f, -32768.9f, 65535.9f,
    65536.0f, 1e9f, -1e9f, 2147483520.0f, -2147483648.0f, 4294967040.0f, 4294967296.0f,
    1e18f, -1e18f, 9.2233715e18f, -9.2233720e18f, 1.8446743e19f, 3.0e38f, -3.0e38f, 1e-30f,
    -1e-30f, 12345678.0f, -8388609.0f, 16777217.0f};

// xorshift64: a reproducible stream of pseudo-random operands.
static u64 next_random(u64 *state) {
  u64 x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static const char *type_names[] = {"schar", "uchar", "short", "ushort",
                                   "int",   "uint",  "llong", "ullong"};

static void describe_int_result(int k, char *buf, size_t len) {
  const int per = OPS_PER_TYPE + CONV_PER_TYPE;
  if (k >= TYPES * per)
    snprintf(buf, len, "mixed op %d", k - TYPES * per);
  else if (k % per < OPS_PER_TYPE)
    snprintf(buf, len, "%s op %d", type_names[k / per], k % per);
  else
    snprintf(buf, len, "%s -> %s", type_names[k / per], type_names[k % per - OPS_PER_TYPE]);
}

int main(void) {
  const int ne = (int)(sizeof edges / sizeof edges[0]);
  const int nf = (int)(sizeof float_inputs / sizeof float_inputs[0]);
  const int random_pairs = 2000;
  const int n = ne * ne + random_pairs;
  u64 *a = (u64 *)malloc(n * sizeof(u64)), *b = (u64 *)malloc(n * sizeof(u64));
  float *f = (float *)malloc(n * sizeof(float));
  u64 state = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < n; i++) {
    if (i < ne * ne) {
      a[i] = edges[i / ne];
      b[i] = edges[i % ne];
    } else {
      a[i] = next_random(&state);
      b[i] = next_random(&state) >> (next_random(&state) % 64); // small and large divisors
    }
    f[i] = float_inputs[i % nf];
  }

  size_t io_bytes = (size_t)n * INT_RESULTS * sizeof(u64);
  size_t fo_bytes = (size_t)n * FLOAT_RESULTS * sizeof(float);
  size_t ffo_bytes = (size_t)n * FROM_FLOAT * sizeof(u64);
  u64 *io = (u64 *)malloc(io_bytes), *ffo = (u64 *)malloc(ffo_bytes);
  float *fo = (float *)malloc(fo_bytes);
  u64 *da, *db, *dio, *dffo;
  float *df, *dfo;
  if (check(cudaMalloc((void **)&da, n * sizeof(u64)), "cudaMalloc") ||
      check(cudaMalloc((void **)&db, n * sizeof(u64)), "cudaMalloc") ||
      check(cudaMalloc((void **)&df, n * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dio, io_bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dfo, fo_bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dffo, ffo_bytes), "cudaMalloc") ||
      check(cudaMemcpy(da, a, n * sizeof(u64), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(db, b, n * sizeof(u64), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(df, f, n * sizeof(float), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  integer_ops<<<(n + 127) / 128, 128>>>(da, db, df, n, dio, dfo, dffo);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "kernel") ||
      check(cudaMemcpy(io, dio, io_bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(fo, dfo, fo_bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(ffo, dffo, ffo_bytes, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;

  int failures = 0;
  for (int i = 0; i < n && failures < 10; i++) {
    u64 want[INT_RESULTS], wantff[FROM_FLOAT];
    float wantf[FLOAT_RESULTS];
    all_results(a[i], b[i], f[i], want, wantf, wantff);
    for (int k = 0; k < INT_RESULTS; k++) {
      if (io[(size_t)i * INT_RESULTS + k] != want[k] && failures++ < 10) {
        char what[64];
        describe_int_result(k, what, sizeof what);
        printf("FAIL: a=0x%llx b=0x%llx %s: got 0x%llx, expected 0x%llx\n", a[i], b[i], what,
               io[(size_t)i * INT_RESULTS + k], want[k]);
      }
    }
    for (int k = 0; k < FLOAT_RESULTS; k++) {
      if (memcmp(&fo[(size_t)i * FLOAT_RESULTS + k], &wantf[k], sizeof(float)) != 0 &&
          failures++ < 10)
        printf("FAIL: a=0x%llx (%s) -> float: got %.9g, expected %.9g\n", a[i], type_names[k],
               fo[(size_t)i * FLOAT_RESULTS + k], wantf[k]);
    }
    for (int k = 0; k < FROM_FLOAT; k++) {
      if (ffo[(size_t)i * FROM_FLOAT + k] != wantff[k] && failures++ < 10)
        printf("FAIL: float %.9g -> %s: got 0x%llx, expected 0x%llx\n", f[i], type_names[k],
               ffo[(size_t)i * FROM_FLOAT + k], wantff[k]);
    }
  }
  if (failures)
    return 1;
  printf("integer_ops: %d input pairs x %d results\nPASS\n", n,
         INT_RESULTS + FLOAT_RESULTS + FROM_FLOAT);
  return 0;
}
