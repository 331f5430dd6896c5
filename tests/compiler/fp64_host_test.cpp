// fp64_host_test.cpp — compiler/fp64.metal (software binary64 for the GPU)
// compiled as host C++ and checked against the host's hardware doubles:
// add, sub, mul, div, fma, sqrt, fmod, trunc/floor/ceil/round/rint (and float sqrt through it), comparisons, min/max and conversions on special
// values, random bit patterns and values with nearby exponents. NaN results
// are compared as "is NaN" (fp64.metal returns the default NaN).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t ulong;
typedef uint32_t uint;
#define thread
static inline uint clz(uint x) { return x ? (uint)__builtin_clz(x) : 32u; }
template <class T, class U> static inline T as_type(U u) {
  static_assert(sizeof(T) == sizeof(U), "as_type sizes");
  T t;
  memcpy(&t, &u, sizeof t);
  return t;
}
#include FP64_METAL

static ulong bits(double d) { return as_type<ulong>(d); }
static double dbl(ulong u) { return as_type<double>(u); }

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next() {  // xorshift64*
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 2685821657736338717ull;
}

static const ulong specials[] = {
    0, 0x8000000000000000ull, 0x3FF0000000000000ull, 0xBFF0000000000000ull,
    0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull, 0x7FF0000000000001ull,
    0x0000000000000001ull, 0x800FFFFFFFFFFFFFull, 0x0010000000000000ull, 0x7FEFFFFFFFFFFFFFull,
    0x3CA0000000000000ull, 0x4340000000000000ull, 0x000FFFFFFFFFFFFFull, 0x3FEFFFFFFFFFFFFFull};

static ulong random_double() {
  uint64_t r = next();
  switch (r & 7) {
  case 0: return specials[(r >> 3) % (sizeof specials / sizeof *specials)];
  case 1: return (r >> 4) & 0x800FFFFFFFFFFFFFull;  // subnormal
  case 2: return (r & 0x800FFFFFFFFFFFFFull) | (ulong)(0x3F0 + (r >> 56) % 32) << 52;  // near 1
  default: return r;
  }
}

static int failures;
static void check(const char *op, ulong a, ulong b, ulong got, ulong want) {
  bool same = got == want || (isnan(dbl(got)) && isnan(dbl(want)));
  if (!same && failures++ < 20)
    printf("FAIL %s(%016llx, %016llx) = %016llx, want %016llx\n", op, (unsigned long long)a,
           (unsigned long long)b, (unsigned long long)got, (unsigned long long)want);
}

int main() {
  const int N = 2000000;
  for (int i = 0; i < N; i++) {
    ulong a = random_double(), b = random_double();
    if ((i & 3) == 0)  // nearby exponents: cancellation and carries
      b = (b & 0x800FFFFFFFFFFFFFull) | (a & 0x7FF0000000000000ull) + ((next() % 5) << 52);
    double x = dbl(a), y = dbl(b);
    check("add", a, b, anchor_f64_add(a, b), bits(x + y));
    check("sub", a, b, anchor_f64_sub(a, b), bits(x - y));
    check("mul", a, b, anchor_f64_mul(a, b), bits(x * y));
    check("div", a, b, anchor_f64_div(a, b), bits(x / y));
    check("sqrt", a, 0, anchor_f64_sqrt(a), bits(sqrt(x)));
    check("fmod", a, b, anchor_f64_fmod(a, b), bits(fmod(x, y)));
    check("trunc", a, 0, anchor_f64_trunc(a), bits(trunc(x)));
    check("floor", a, 0, anchor_f64_floor(a), bits(floor(x)));
    check("ceil", a, 0, anchor_f64_ceil(a), bits(ceil(x)));
    check("round", a, 0, anchor_f64_round_away(a), bits(round(x)));
    check("rint", a, 0, anchor_f64_rint(a), bits(rint(x)));
    double half_way = (double)(int64_t)(next() % 2000001 - 1000000) + 0.5;
    check("rint.5", bits(half_way), 0, anchor_f64_rint(bits(half_way)), bits(rint(half_way)));
    check("round.5", bits(half_way), 0, anchor_f64_round_away(bits(half_way)), bits(round(half_way)));
    ulong c3 = (i & 1) ? random_double() : bits(-(x * y)) ^ (next() & 0xFF);  // near cancellation
    check("fma", a, b, anchor_f64_fma(a, b, c3), bits(fma(x, y, dbl(c3))));
    check("sqrtf", a, 0, as_type<uint>(anchor_f64_to_f32(anchor_f64_sqrt(anchor_f64_from_f32((float)x)))),
          isnan(sqrtf((float)x)) ? 0x7FC00000u : as_type<uint>(sqrtf((float)x)));
    check("lt", a, b, anchor_f64_lt(a, b), x < y);
    check("le", a, b, anchor_f64_le(a, b), x <= y);
    check("eq", a, b, anchor_f64_eq(a, b), x == y);
    check("unord", a, b, anchor_f64_unordered(a, b), isnan(x) || isnan(y));
    if (!isnan(x) && !isnan(y)) {
      check("min", a, b, anchor_f64_min(a, b), bits(x < y ? x : y == x ? x : y));
      check("max", a, b, anchor_f64_max(a, b), bits(x > y ? x : y == x ? x : y));
    }
    float got32 = anchor_f64_to_f32(a), want32 = (float)x;
    if (!(isnan(got32) && isnan(want32)))
      check("to_f32", a, 0, as_type<uint>(got32), as_type<uint>(want32));
    float f = as_type<float>((uint)next());
    check("from_f32", as_type<uint>(f), 0, anchor_f64_from_f32(f), bits((double)f));
    int64_t s = (int64_t)next() >> (next() % 64);
    check("from_i64", (ulong)s, 0, anchor_f64_from_i64(s), bits((double)s));
    uint64_t u = next() >> (next() % 64);
    check("from_u64", u, 0, anchor_f64_from_u64(u), bits((double)u));
    if (fabs(x) < 9.2e18)
      check("to_i64", a, 0, (ulong)anchor_f64_to_i64(a), (ulong)(int64_t)x);
    if (x > -1.0 && x < 1.8e19)
      check("to_u64", a, 0, anchor_f64_to_u64(a), (ulong)(uint64_t)x);
  }
  printf("fp64_host_test: %s (%d cases per operation)\n", failures ? "FAIL" : "PASS", N);
  return failures != 0;
}
