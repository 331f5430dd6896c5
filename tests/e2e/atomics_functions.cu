// atomics_functions.cu — end-to-end test of every CUDA atomic function on every type it
// has (CUDA 13's device_atomic_functions.h, sm_32/60/70/90 declarations and cuda_fp16.h/
// cuda_bf16.h; not the 128-bit atomicExch/atomicCAS templates), on global and on shared
// memory, with their exact return values:
//  1. a script: one thread calls each function (and its _block/_system variants) in turn on
//     known values (float atomicAdd with subnormal operands and results, which NVIDIA's
//     atom.add.f32 flushes to zero on global memory and not on shared), recording every returned value and the memory; the same
//     script runs on the host with plain reference operations (CUDA's definitions), and the
//     records must be equal bit for bit — in global memory and in shared memory;
//  2. concurrency: N threads atomicAdd 1 to one location of each type (int, unsigned, 64-bit,
//     float, double, __half, __half2, __nv_bfloat16, __nv_bfloat162, float2, float4) and
//     atomicSub 1 from one (int, unsigned); the returned old values must be a permutation of
//     0..N-1 (N..1) and the final value N (0); atomicExch's olds with the final value are a
//     permutation of the initial value and all the stored ones. Global and shared memory.
// Prints PASS or FAIL: <details>.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;

// ---- 1. the script ----------------------------------------------------------------------

struct Mem {
  int i;
  unsigned u;
  u64 ull;
  long long ll;
  float f;
  double d;
  unsigned short us[2];
  __half h[2];
  __nv_bfloat16 b[2];
  __half2 h2;
  __nv_bfloat162 b2;
  float2 f2;
  float4 f4;
};

enum { RECORDS = 160 };

// On the device the atomic function; on the host CUDA's definition of it.
#ifdef __CUDA_ARCH__
#define OP(call, ref) (call)
#else
#define OP(call, ref) (ref)
#endif

template <class T> __host__ __device__ T ref_set(T *p, T v) {
  T o = *p;
  *p = v;
  return o;
}

// The host's results of the 16-bit floating-point adds, rounded once from float (exact).
__host__ __device__ inline float h2f(__half h) {
  return __half2float(h);
}
__host__ __device__ inline float b2f(__nv_bfloat16 b) {
  return __bfloat162float(b);
}

__host__ __device__ inline float bits_float(unsigned u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
// A subnormal float as a zero of its sign.
__host__ __device__ inline float ftz(float x) {
  return x != 0.0f && x > -1.17549435e-38f && x < 1.17549435e-38f ? (x < 0.0f ? -0.0f : 0.0f)
                                                                  : x;
}
// ftz(x) on global memory, x on shared (float atomicAdd, see the script).
__host__ __device__ inline float ftz_if(bool global, float x) {
  return global ? ftz(x) : x;
}

struct Rec {
  u64 *out;
  int n;
  __host__ __device__ void put(u64 v) {
    if (n < RECORDS) out[n] = v;
    n++;
  }
  template <class T> __host__ __device__ void bits(T v) {
    u64 r = 0;
    memcpy(&r, &v, sizeof v);
    put(r);
  }
};

// global: global memory, with the float2/float4 adds (which CUDA has on global memory
// only) and float atomicAdd flushing subnormals (see below).
__host__ __device__ void script(Mem *m, Rec &r, bool global) {
  // add / sub
  r.bits(OP(atomicAdd(&m->i, -5), ref_set(&m->i, m->i - 5)));
  r.bits(OP(atomicAdd_block(&m->i, 7), ref_set(&m->i, m->i + 7)));
  r.bits(OP(atomicAdd_system(&m->u, 0xfffffff0u), ref_set(&m->u, m->u + 0xfffffff0u)));
  r.bits(OP(atomicAdd(&m->ull, 0xffffffffull), ref_set(&m->ull, m->ull + 0xffffffffull)));
  r.bits(OP(atomicAdd_block(&m->ull, 3ull), ref_set(&m->ull, m->ull + 3ull)));
  r.bits(OP(atomicAdd(&m->f, 0.375f), ref_set(&m->f, m->f + 0.375f)));
  r.bits(OP(atomicAdd_system(&m->f, -1.5f), ref_set(&m->f, m->f - 1.5f)));
  // float atomicAdd on global memory flushes subnormal inputs and results to a zero of
  // their sign (PTX atom.add.f32, in every -ftz mode); on shared memory it does not (IEEE
  // addition): records 7-12 were 00400000 00000000 00800000 00800000 80c00000 80000000 in
  // global memory and 00400000 00400000 00800000 00400000 80c00000 80400000 in shared
  // memory, observed on the H200 with nvcc 13.0 (2026-12-01). The old value comes back
  // as it was.
  m->f = bits_float(0x00400000u); // 2^-127
  r.bits(OP(atomicAdd(&m->f, 0.0f), ref_set(&m->f, ftz_if(global, ftz_if(global, m->f) + 0.0f))));
  r.bits(m->f); // global: +0; shared: 2^-127
  m->f = bits_float(0x00800000u); // FLT_MIN
  r.bits(OP(atomicAdd(&m->f, bits_float(0x80400000u)),
            ref_set(&m->f, ftz_if(global, ftz_if(global, m->f) + ftz_if(global, bits_float(0x80400000u))))));
  r.bits(m->f); // global: FLT_MIN (the subnormal operand counted as -0); shared: 2^-127
  m->f = bits_float(0x80c00000u); // -1.5 FLT_MIN
  r.bits(OP(atomicAdd_block(&m->f, bits_float(0x00800000u)),
            ref_set(&m->f, ftz_if(global, ftz_if(global, m->f) + bits_float(0x00800000u)))));
  r.bits(m->f); // global: -0 (the subnormal result -0.5 FLT_MIN flushed); shared: -0.5 FLT_MIN
  m->f = 1.0f;
  r.bits(OP(atomicAdd(&m->d, 0.1), ref_set(&m->d, m->d + 0.1)));
  r.bits(OP(atomicAdd_block(&m->d, 1e300), ref_set(&m->d, m->d + 1e300)));
  r.bits(OP(atomicAdd(&m->d, -1e300), ref_set(&m->d, m->d - 1e300)));
  r.bits(OP(atomicSub(&m->i, 100), ref_set(&m->i, m->i - 100)));
  r.bits(OP(atomicSub_block(&m->u, 7u), ref_set(&m->u, m->u - 7u)));
  r.bits(OP(atomicSub_system(&m->u, 0xffffffffu), ref_set(&m->u, m->u - 0xffffffffu)));
  // 16-bit floating point, each half of a pair on its own
  r.bits(OP(atomicAdd(&m->h[1], __float2half(1.25f)),
            ref_set(&m->h[1], __float2half(h2f(m->h[1]) + 1.25f))));
  r.bits(OP(atomicAdd(&m->h[0], __float2half(-0.0009765625f)),
            ref_set(&m->h[0], __float2half(h2f(m->h[0]) - 0.0009765625f))));
  r.bits(OP(atomicAdd(&m->b[1], __float2bfloat16(3.0f)),
            ref_set(&m->b[1], __float2bfloat16(b2f(m->b[1]) + 3.0f))));
  r.bits(OP(atomicAdd(&m->b[0], __float2bfloat16(0.01171875f)),
            ref_set(&m->b[0], __float2bfloat16(b2f(m->b[0]) + 0.01171875f))));
  // rounding: 1 + 2^-11 is a tie (to even: 1), 1 + 3 * 2^-12 rounds up; bfloat16 likewise
  m->h[0] = __float2half(1.0f);
  r.bits(OP(atomicAdd(&m->h[0], __float2half(0.00048828125f)),
            ref_set(&m->h[0], __float2half(h2f(m->h[0]) + 0.00048828125f))));
  r.bits(OP(atomicAdd(&m->h[0], __float2half(0.000732421875f)),
            ref_set(&m->h[0], __float2half(h2f(m->h[0]) + 0.000732421875f))));
  m->b[0] = __float2bfloat16(1.0f);
  r.bits(OP(atomicAdd(&m->b[0], __float2bfloat16(0.00390625f)),
            ref_set(&m->b[0], __float2bfloat16(b2f(m->b[0]) + 0.00390625f))));
  r.bits(OP(atomicAdd(&m->b[0], __float2bfloat16(0.005859375f)),
            ref_set(&m->b[0], __float2bfloat16(b2f(m->b[0]) + 0.005859375f))));
  r.bits(m->h[0]), r.bits(m->b[0]);
  r.bits(OP(atomicAdd(&m->h2, __floats2half2_rn(0.5f, 1024.0f)),
            ref_set(&m->h2, __floats2half2_rn(h2f(m->h2.x) + 0.5f, h2f(m->h2.y) + 1024.0f))));
  r.bits(OP(atomicAdd(&m->b2, __floats2bfloat162_rn(-2.0f, 0.5f)),
            ref_set(&m->b2,
                    __floats2bfloat162_rn(b2f(m->b2.x) - 2.0f, b2f(m->b2.y) + 0.5f))));
  if (global) {
    float2 f2v = make_float2(1.0f, -2.0f);
    float2 f2o = OP(atomicAdd(&m->f2, f2v),
                    ref_set(&m->f2, make_float2(m->f2.x + 1.0f, m->f2.y - 2.0f)));
    r.bits(f2o.x), r.bits(f2o.y);
    float4 f4v = make_float4(0.5f, 1.0f, 1.5f, 2.0f);
    float4 f4o = OP(atomicAdd(&m->f4, f4v),
                    ref_set(&m->f4, make_float4(m->f4.x + 0.5f, m->f4.y + 1.0f, m->f4.z + 1.5f,
                                                m->f4.w + 2.0f)));
    r.bits(f4o.x), r.bits(f4o.y), r.bits(f4o.z), r.bits(f4o.w);
  }
  // exchange
  r.bits(OP(atomicExch(&m->i, -42), ref_set(&m->i, -42)));
  r.bits(OP(atomicExch_block(&m->u, 0x80000000u), ref_set(&m->u, 0x80000000u)));
  r.bits(OP(atomicExch_system(&m->ull, 0x123456789abcdef0ull),
            ref_set(&m->ull, 0x123456789abcdef0ull)));
  r.bits(OP(atomicExch(&m->f, -0.0f), ref_set(&m->f, -0.0f)));
  r.bits(OP(atomicExch_block(&m->f, 2.5f), ref_set(&m->f, 2.5f)));
  // min / max: signed and unsigned, 32 and 64 bits
  r.bits(OP(atomicMin(&m->i, -43), ref_set(&m->i, m->i < -43 ? m->i : -43)));
  r.bits(OP(atomicMin_block(&m->i, 5), ref_set(&m->i, m->i < 5 ? m->i : 5)));
  r.bits(OP(atomicMax(&m->i, -1), ref_set(&m->i, m->i > -1 ? m->i : -1)));
  r.bits(OP(atomicMax_system(&m->i, -7), ref_set(&m->i, m->i > -7 ? m->i : -7)));
  r.bits(OP(atomicMin(&m->u, 0x7fffffffu), ref_set(&m->u, m->u < 0x7fffffffu ? m->u : 0x7fffffffu)));
  r.bits(OP(atomicMax(&m->u, 0xfffffffeu), ref_set(&m->u, m->u > 0xfffffffeu ? m->u : 0xfffffffeu)));
  m->ll = 5; // the host writes it too (same script)
  r.bits(OP(atomicMin(&m->ll, -3ll), ref_set(&m->ll, m->ll < -3ll ? m->ll : -3ll)));
  r.bits(OP(atomicMax_block(&m->ll, -9000000000ll),
            ref_set(&m->ll, m->ll > -9000000000ll ? m->ll : -9000000000ll)));
  r.bits(OP(atomicMax(&m->ll, 9000000000ll),
            ref_set(&m->ll, m->ll > 9000000000ll ? m->ll : 9000000000ll)));
  r.bits(OP(atomicMin_system(&m->ll, 8999999999ll),
            ref_set(&m->ll, m->ll < 8999999999ll ? m->ll : 8999999999ll)));
  r.bits(OP(atomicMin(&m->ull, 0x123456789abcdef1ull),
            ref_set(&m->ull, m->ull < 0x123456789abcdef1ull ? m->ull : 0x123456789abcdef1ull)));
  r.bits(OP(atomicMax(&m->ull, 0xf000000000000000ull),
            ref_set(&m->ull, m->ull > 0xf000000000000000ull ? m->ull : 0xf000000000000000ull)));
  r.bits(OP(atomicMin_block(&m->ull, 0x100000000ull),
            ref_set(&m->ull, m->ull < 0x100000000ull ? m->ull : 0x100000000ull)));
  // and / or / xor
  r.bits(OP(atomicAnd(&m->i, 0x0ff0), ref_set(&m->i, m->i & 0x0ff0)));
  r.bits(OP(atomicOr_block(&m->i, -0x10000), ref_set(&m->i, m->i | -0x10000)));
  r.bits(OP(atomicXor_system(&m->i, 0x5555), ref_set(&m->i, m->i ^ 0x5555)));
  r.bits(OP(atomicAnd_block(&m->u, 0xf0f0f0f0u), ref_set(&m->u, m->u & 0xf0f0f0f0u)));
  r.bits(OP(atomicOr(&m->u, 0x3u), ref_set(&m->u, m->u | 0x3u)));
  r.bits(OP(atomicXor(&m->u, 0xffffffffu), ref_set(&m->u, m->u ^ 0xffffffffu)));
  r.bits(OP(atomicOr(&m->ull, 0x8000000000000001ull), ref_set(&m->ull, m->ull | 0x8000000000000001ull)));
  r.bits(OP(atomicAnd_system(&m->ull, 0xffff0000ffff0001ull),
            ref_set(&m->ull, m->ull & 0xffff0000ffff0001ull)));
  r.bits(OP(atomicXor_block(&m->ull, 0x0123456789abcdefull),
            ref_set(&m->ull, m->ull ^ 0x0123456789abcdefull)));
  r.bits(OP(atomicAnd(&m->ll, 0x7ffffffff0ll), ref_set(&m->ll, m->ll & 0x7ffffffff0ll)));
  r.bits(OP(atomicOr_block(&m->ll, -0x100000000ll), ref_set(&m->ll, m->ll | -0x100000000ll)));
  r.bits(OP(atomicXor_system(&m->ll, 0x123456789ll), ref_set(&m->ll, m->ll ^ 0x123456789ll)));
  // compare-and-swap: a failing and a succeeding one of each type
  r.bits(OP(atomicCAS(&m->i, 1, 2), ref_set(&m->i, m->i == 1 ? 2 : m->i)));
  r.bits(OP(atomicCAS_block(&m->i, m->i, 77), ref_set(&m->i, 77)));
  r.bits(OP(atomicCAS(&m->u, 0u, 9u), ref_set(&m->u, m->u == 0u ? 9u : m->u)));
  r.bits(OP(atomicCAS_system(&m->u, m->u, 0xdeadbeefu), ref_set(&m->u, 0xdeadbeefu)));
  r.bits(OP(atomicCAS(&m->ull, 1ull, 2ull), ref_set(&m->ull, m->ull == 1ull ? 2ull : m->ull)));
  r.bits(OP(atomicCAS_block(&m->ull, m->ull, 0xfedcba9876543210ull),
            ref_set(&m->ull, 0xfedcba9876543210ull)));
  r.bits(OP(atomicCAS(&m->us[1], (unsigned short)1, (unsigned short)2),
            ref_set(&m->us[1], m->us[1] == 1 ? (unsigned short)2 : m->us[1])));
  r.bits(OP(atomicCAS(&m->us[1], m->us[1], (unsigned short)0xbeef),
            ref_set(&m->us[1], (unsigned short)0xbeef)));
  r.bits(OP(atomicCAS(&m->us[0], m->us[0], (unsigned short)0x1234),
            ref_set(&m->us[0], (unsigned short)0x1234)));
  // increment / decrement with wrap-around (more in atomics_wrap.cu)
  m->u = 3;
  for (int k = 0; k < 6; k++)
    r.bits(OP(atomicInc(&m->u, 4u), ref_set(&m->u, m->u >= 4u ? 0u : m->u + 1u)));
  for (int k = 0; k < 6; k++)
    r.bits(OP(atomicDec_block(&m->u, 2u), ref_set(&m->u, m->u == 0u || m->u > 2u ? 2u : m->u - 1u)));
  r.bits(OP(atomicInc_system(&m->u, 0u), ref_set(&m->u, 0u))); // old >= 0: always 0
  r.bits(OP(atomicDec_system(&m->u, 0u), ref_set(&m->u, m->u == 0u || m->u > 0u ? 0u : m->u - 1u)));
  // the memory afterwards
  r.bits(m->i), r.bits(m->u), r.bits(m->ull), r.bits(m->ll), r.bits(m->f), r.bits(m->d);
  r.bits(m->us[0]), r.bits(m->us[1]), r.bits(m->h[0]), r.bits(m->h[1]), r.bits(m->b[0]);
  r.bits(m->b[1]), r.bits(m->h2), r.bits(m->b2);
  r.bits(m->f2.x), r.bits(m->f2.y), r.bits(m->f4.x), r.bits(m->f4.y), r.bits(m->f4.z);
  r.bits(m->f4.w);
}

__host__ __device__ void init(Mem *m) {
  memset(m, 0, sizeof *m);
  m->i = 10;
  m->u = 20;
  m->ull = 0xfffffffffffffff0ull;
  m->f = 1.0f;
  m->d = 2.0;
  m->us[0] = 0x8001;
  m->us[1] = 0x7ffe;
  m->h[0] = __float2half(0.5f);
  m->h[1] = __float2half(-3.0f);
  m->b[0] = __float2bfloat16(1.0f);
  m->b[1] = __float2bfloat16(-100.0f);
  m->h2 = __floats2half2_rn(1.0f, 2.0f);
  m->b2 = __floats2bfloat162_rn(3.0f, 4.0f);
  m->f2 = make_float2(1.0f, 2.0f);
  m->f4 = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
}

// Global memory: thread 0 runs the script on *m; shared: on a copy in shared memory.
__global__ void script_global(Mem *m, u64 *out, int *count) {
  if (threadIdx.x != 0) return;
  init(m);
  Rec r = {out, 0};
  script(m, r, true);
  *count = r.n;
}

__global__ void script_shared(u64 *out, int *count) {
  __shared__ Mem m;
  if (threadIdx.x == 0) {
    init(&m);
    Rec r = {out, 0};
    script(&m, r, false);
    *count = r.n;
  }
}

// ---- 2. concurrency -----------------------------------------------------------------------

enum { N = 1024, BF_N = 256 }; // bfloat16 counts exactly to 256 only

struct Counters {
  int i, si, xi;
  unsigned u, su;
  u64 ull;
  float f;
  double d;
  __half h;
  __nv_bfloat16 b;
  __half2 h2;
  __nv_bfloat162 b2;
  float2 f2;
  float4 f4;
};

struct Olds {
  int i[N], si[N], xi[N];
  unsigned u[N], su[N];
  u64 ull[N];
  float f[N];
  double d[N];
  __half h[N];
  __nv_bfloat16 b[BF_N];
  __half2 h2[N];
  __nv_bfloat162 b2[BF_N];
  float2 f2[N];
  float4 f4[N];
};

__device__ void count_all(Counters *c, Olds *o, int t, bool vector) {
  o->i[t] = atomicAdd(&c->i, 1);
  o->u[t] = atomicAdd(&c->u, 1u);
  o->ull[t] = atomicAdd(&c->ull, 1ull);
  o->f[t] = atomicAdd(&c->f, 1.0f);
  o->d[t] = atomicAdd(&c->d, 1.0);
  o->h[t] = atomicAdd(&c->h, __float2half(1.0f));
  o->h2[t] = atomicAdd(&c->h2, __floats2half2_rn(1.0f, 1.0f));
  if (t < BF_N) {
    o->b[t] = atomicAdd(&c->b, __float2bfloat16(1.0f));
    o->b2[t] = atomicAdd(&c->b2, __floats2bfloat162_rn(1.0f, 1.0f));
  }
  if (vector) {
    o->f2[t] = atomicAdd(&c->f2, make_float2(1.0f, 1.0f));
    o->f4[t] = atomicAdd(&c->f4, make_float4(1.0f, 1.0f, 1.0f, 1.0f));
  }
  o->si[t] = atomicSub(&c->si, 1);
  o->su[t] = atomicSub(&c->su, 1u);
  o->xi[t] = atomicExch(&c->xi, t + 1);
}

__host__ __device__ void init_counters(Counters *c) {
  memset(c, 0, sizeof *c);
  c->si = N;
  c->su = N;
  c->xi = 0;
}

// One block of N threads; shared: counters in shared memory, copied out at the end.
__global__ void count_global(Counters *c, Olds *o) {
  count_all(c, o, threadIdx.x, true);
}

__global__ void count_shared(Counters *result, Olds *o) {
  __shared__ Counters c;
  if (threadIdx.x == 0) init_counters(&c);
  __syncthreads();
  count_all(&c, o, threadIdx.x, false);
  __syncthreads();
  if (threadIdx.x == 0) *result = c;
}

// ---- host checks --------------------------------------------------------------------------

static int failures;

static void fail(const char *where, const char *what, long long k, double got) {
  if (failures++ < 20) printf("FAIL: %s: %s [%lld] = %.17g\n", where, what, k, got);
}

// values[0..n) must be a permutation of first, first+step, ... (n values).
static void permutation(const char *where, const char *what, const double *values, int n,
                        double first, double step) {
  static unsigned char seen[N + 1];
  memset(seen, 0, sizeof seen);
  for (int k = 0; k < n; k++) {
    double q = (values[k] - first) / step;
    long long idx = (long long)q;
    if (q != (double)idx || idx < 0 || idx >= n || seen[idx]++) {
      fail(where, what, k, values[k]);
      return;
    }
  }
}

static void check_counters(const char *where, const Counters *c, const Olds *o, bool vector) {
  static double v[N];
  int n = N;
#define PERM(field, count, first, step, expr)                                                    \
  do {                                                                                           \
    for (int k = 0; k < (count); k++)                                                            \
      v[k] = (double)(expr);                                                                     \
    permutation(where, #field, v, (count), first, step);                                         \
  } while (0)
  PERM(i, n, 0, 1, o->i[k]);
  PERM(u, n, 0, 1, o->u[k]);
  PERM(ull, n, 0, 1, o->ull[k]);
  PERM(f, n, 0, 1, o->f[k]);
  PERM(d, n, 0, 1, o->d[k]);
  PERM(h, n, 0, 1, __half2float(o->h[k]));
  PERM(b, BF_N, 0, 1, __bfloat162float(o->b[k]));
  PERM(si, n, n, -1, o->si[k]);
  PERM(su, n, n, -1, o->su[k]);
  PERM(h2.x, n, 0, 1, __half2float(o->h2[k].x));
  PERM(b2.x, BF_N, 0, 1, __bfloat162float(o->b2[k].x));
  if (vector) {
    PERM(f2.x, n, 0, 1, o->f2[k].x);
    PERM(f2.y, n, 0, 1, o->f2[k].y);
    PERM(f4.x, n, 0, 1, o->f4[k].x);
    PERM(f4.w, n, 0, 1, o->f4[k].w);
  }
#undef PERM
  // one compare-and-swap per word: both halves of each old pair are equal
  for (int k = 0; k < n; k++) {
    if (__half2float(o->h2[k].x) != __half2float(o->h2[k].y)) fail(where, "h2 pair", k, 0);
    if (k < BF_N && __bfloat162float(o->b2[k].x) != __bfloat162float(o->b2[k].y))
      fail(where, "b2 pair", k, 0);
  }
  // exchange: the olds and the final value are 0..N, each once
  static unsigned char seen[N + 1];
  memset(seen, 0, sizeof seen);
  for (int k = 0; k < n; k++)
    if (o->xi[k] < 0 || o->xi[k] > n || seen[o->xi[k]]++) fail(where, "xi old", k, o->xi[k]);
  if (c->xi < 1 || c->xi > n || seen[c->xi]++) fail(where, "xi final", 0, c->xi);
  if (c->i != n || c->u != (unsigned)n || c->ull != (u64)n || c->f != n || c->d != n ||
      __half2float(c->h) != n || __bfloat162float(c->b) != BF_N || c->si != 0 || c->su != 0 ||
      __half2float(c->h2.x) != n || __half2float(c->h2.y) != n ||
      __bfloat162float(c->b2.x) != BF_N || __bfloat162float(c->b2.y) != BF_N ||
      (vector && (c->f2.x != n || c->f2.y != n || c->f4.x != n || c->f4.y != n ||
                  c->f4.z != n || c->f4.w != n)))
    fail(where, "final values", 0, c->i);
}

static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 1;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

int main(void) {
  Mem host, *m;
  u64 expected[RECORDS], *out;
  int *count;
  if (!cuda_ok(cudaMallocManaged(&m, sizeof(Mem)), "cudaMallocManaged") ||
      !cuda_ok(cudaMallocManaged(&out, RECORDS * sizeof(u64)), "cudaMallocManaged") ||
      !cuda_ok(cudaMallocManaged(&count, sizeof(int)), "cudaMallocManaged"))
    return 1;
  int n_global = 0;
  for (int shared = 0; shared < 2; shared++) {
    const char *where = shared ? "script/shared" : "script/global";
    init(&host);
    Rec r = {expected, 0};
    script(&host, r, !shared);
    if (r.n > RECORDS) {
      printf("FAIL: %d records, room for %d\n", r.n, RECORDS);
      return 1;
    }
    if (!shared) n_global = r.n;
    memset(out, 0, RECORDS * sizeof(u64));
    *count = 0;
    if (shared)
      script_shared<<<1, 32>>>(out, count);
    else
      script_global<<<1, 32>>>(m, out, count);
    if (!cuda_ok(cudaDeviceSynchronize(), where)) return 1;
    if (*count != r.n) fail(where, "record count", 0, *count);
    // records 7..12: float atomicAdd with subnormals (old, new) x 3 (see the script)
    printf("%s: float atomicAdd subnormals: 0x%08llx 0x%08llx 0x%08llx 0x%08llx 0x%08llx "
           "0x%08llx (expected %08llx %08llx %08llx %08llx %08llx %08llx)\n",
           where, out[7], out[8], out[9], out[10], out[11], out[12], expected[7], expected[8],
           expected[9], expected[10], expected[11], expected[12]);
    for (int k = 0; k < r.n; k++)
      if (out[k] != expected[k]) {
        if (failures++ < 20)
          printf("FAIL: %s: record %d = 0x%016llx, expected 0x%016llx\n", where, k, out[k],
                 expected[k]);
      }
  }

  Counters *c;
  Olds *o;
  if (!cuda_ok(cudaMallocManaged(&c, sizeof(Counters)), "cudaMallocManaged") ||
      !cuda_ok(cudaMallocManaged(&o, sizeof(Olds)), "cudaMallocManaged"))
    return 1;
  for (int shared = 0; shared < 2; shared++) {
    const char *where = shared ? "concurrent/shared" : "concurrent/global";
    init_counters(c);
    memset(o, 0xff, sizeof *o);
    if (shared)
      count_shared<<<1, N>>>(c, o);
    else
      count_global<<<1, N>>>(c, o);
    if (!cuda_ok(cudaDeviceSynchronize(), where)) return 1;
    check_counters(where, c, o, !shared);
  }
  if (failures) return 1;
  printf("OK: %d script records (global; shared without the vector adds), %d-thread "
         "concurrent atomics\n",
         n_global, N);
  printf("PASS\n");
  return 0;
}
