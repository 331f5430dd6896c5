// atomics_nv.cu — end-to-end test of CUDA 12.8's __nv_atomic_* builtins:
//  1. one thread runs every builtin with every memory order it accepts and every scope
//     (THREAD, BLOCK, CLUSTER, DEVICE, SYSTEM, and none) on 8-, 16-, 32- and 64-bit integers,
//     float and double, in global memory and (relaxed, seq_cst, loads, stores) in shared
//     memory, recording every returned value; the host runs the same sequence with plain
//     reference operations and the records must be equal bit for bit;
//  2. message passing between two blocks: block 0 writes data and publishes a flag with a
//     release store, block 1 waits for it with acquire loads (bounded: "not observed" is
//     reported, never a hang) and must then read the data; the same with relaxed atomics
//     between __nv_atomic_thread_fence(RELEASE/ACQUIRE) fences.
// Prints PASS or FAIL: <details>.
#include <cuda.h> // CUDA_VERSION
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;

#if !defined(CUDA_VERSION) || CUDA_VERSION < 12080
#error "__nv_atomic_* builtins need CUDA 12.8 or later"
#endif

struct Cells {
  int i;
  unsigned u;
  u64 ull;
  long long ll;
  float f;
  double d;
  unsigned short us[2];
  signed char c[4];
};

enum { RECORDS = 1400 };

struct Rec {
  u64 *out;
  int n;
  template <class T> __host__ __device__ void put(T v) {
    u64 r = 0;
    memcpy(&r, &v, sizeof v);
    out[n++] = r; // the host's run of the same sequence checked that RECORDS is enough
  }
};

#ifdef __CUDA_ARCH__
#define OP(call, ref) (call)
#define STMT(call, ref) call
#else
#define OP(call, ref) (ref)
#define STMT(call, ref) ref
#endif

template <class T> __host__ __device__ T ref_set(T *p, T v) {
  T o = *p;
  *p = v;
  return o;
}
template <class T> __host__ __device__ bool ref_cas(T *p, T *expected, T desired) {
  if (*p == *expected) {
    *p = desired;
    return true;
  }
  *expected = *p;
  return false;
}

// Every scope with every order: a fetch-add and a compare-exchange.
#define SWEEP(O, S)                                                                                \
  {                                                                                                \
    r.put(OP(__nv_atomic_fetch_add(&c->i, 3, O, S), ref_set(&c->i, c->i + 3)));                    \
    int e = c->i;                                                                                  \
    r.put(OP(__nv_atomic_compare_exchange_n(&c->i, &e, e - 1, false, O, __NV_ATOMIC_RELAXED, S),   \
             ref_cas(&c->i, &e, e - 1)));                                                          \
  }

// The 32-bit read-modify-writes with order O and scope S (every order is valid for them).
#define RMW32(O, S)                                                                                \
  {                                                                                                \
    r.put(OP(__nv_atomic_fetch_add(&c->i, 3, O, S), ref_set(&c->i, c->i + 3)));                    \
    r.put(OP(__nv_atomic_fetch_sub(&c->u, 5u, O, S), ref_set(&c->u, c->u - 5u)));                  \
    r.put(OP(__nv_atomic_fetch_add(&c->f, 0.25f, O, S), ref_set(&c->f, c->f + 0.25f)));            \
    r.put(OP(__nv_atomic_fetch_and(&c->u, 0xfffffff7u, O, S), ref_set(&c->u, c->u & 0xfffffff7u)));\
    r.put(OP(__nv_atomic_fetch_or(&c->i, 0x100, O, S), ref_set(&c->i, c->i | 0x100)));             \
    r.put(OP(__nv_atomic_fetch_xor(&c->i, 0x55, O, S), ref_set(&c->i, c->i ^ 0x55)));              \
    r.put(OP(__nv_atomic_fetch_min(&c->i, 1000000, O, S),                                          \
             ref_set(&c->i, c->i < 1000000 ? c->i : 1000000)));                                    \
    r.put(OP(__nv_atomic_fetch_max(&c->u, 0x80000000u, O, S),                                      \
             ref_set(&c->u, c->u > 0x80000000u ? c->u : 0x80000000u)));                            \
    r.put(OP(__nv_atomic_exchange_n(&c->i, c->i + 1, O, S), ref_set(&c->i, c->i + 1)));            \
    int e = c->i;                                                                                  \
    r.put(OP(__nv_atomic_compare_exchange_n(&c->i, &e, e * 2, false, O, __NV_ATOMIC_RELAXED, S),   \
             ref_cas(&c->i, &e, e * 2)));                                                          \
    r.put(e);                                                                                      \
    unsigned ue = 7;                                                                               \
    r.put(OP(__nv_atomic_compare_exchange_n(&c->u, &ue, 1u, true, O, __NV_ATOMIC_ACQUIRE, S),      \
             ref_cas(&c->u, &ue, 1u)));                                                            \
    r.put(ue);                                                                                     \
  }

// The 64-bit and 16-bit ones (the device library's: one scope per order keeps the test
// small; the scope changes nothing).
#define RMW_WIDE(O, S)                                                                             \
  {                                                                                                \
    r.put(OP(__nv_atomic_fetch_add(&c->ull, 0x100000001ull, O, S),                                 \
             ref_set(&c->ull, c->ull + 0x100000001ull)));                                          \
    r.put(OP(__nv_atomic_fetch_sub(&c->d, 0.1, O, S), ref_set(&c->d, c->d - 0.1)));                \
    r.put(OP(__nv_atomic_fetch_or(&c->ull, 0x8000000000000000ull, O, S),                           \
             ref_set(&c->ull, c->ull | 0x8000000000000000ull)));                                   \
    r.put(OP(__nv_atomic_fetch_min(&c->ll, -1000ll, O, S),                                         \
             ref_set(&c->ll, c->ll < -1000ll ? c->ll : -1000ll)));                                 \
    r.put(OP(__nv_atomic_exchange_n(&c->ull, c->ull * 3, O, S), ref_set(&c->ull, c->ull * 3)));    \
    double dv = c->d + 1.0, dold;                                                                  \
    STMT(__nv_atomic_exchange(&c->d, &dv, &dold, O, S), dold = ref_set(&c->d, dv));                \
    r.put(dold);                                                                                   \
    u64 ue = 12345;                                                                                \
    r.put(OP(__nv_atomic_compare_exchange_n(&c->ull, &ue, 1ull, true, O, __NV_ATOMIC_RELAXED, S),  \
             ref_cas(&c->ull, &ue, 1ull)));                                                        \
    r.put(ue);                                                                                     \
    unsigned short se = c->us[1], sd = (unsigned short)(se + 0x101);                               \
    r.put(OP(__nv_atomic_compare_exchange(&c->us[1], &se, &sd, false, O, __NV_ATOMIC_SEQ_CST, S),  \
             ref_cas(&c->us[1], &se, sd)));                                                        \
    r.put(se);                                                                                     \
  }

// Loads with order O, scope S (no release, acq_rel).
#define LOADS(O, S)                                                                                \
  {                                                                                                \
    r.put(OP(__nv_atomic_load_n(&c->i, O, S), c->i));                                              \
    float f;                                                                                       \
    STMT(__nv_atomic_load(&c->f, &f, O, S), f = c->f);                                             \
    r.put(f);                                                                                      \
  }
#define LOADS_WIDE(O, S)                                                                           \
  {                                                                                                \
    r.put(OP(__nv_atomic_load_n(&c->ull, O, S), c->ull));                                          \
    r.put(OP(__nv_atomic_load_n(&c->us[0], O, S), c->us[0]));                                      \
    r.put(OP(__nv_atomic_load_n(&c->c[3], O, S), c->c[3]));                                        \
    double d;                                                                                      \
    STMT(__nv_atomic_load(&c->d, &d, O, S), d = c->d);                                             \
    r.put(d);                                                                                      \
  }

// Stores with order O, scope S (relaxed, release, seq_cst), then the values.
#define STORES(O, S)                                                                               \
  {                                                                                                \
    STMT(__nv_atomic_store_n(&c->i, c->i - 9, O, S), c->i = c->i - 9);                             \
    float fv = c->f * 2.0f;                                                                        \
    STMT(__nv_atomic_store(&c->f, &fv, O, S), c->f = fv);                                          \
    r.put(c->i), r.put(c->f);                                                                      \
  }
#define STORES_WIDE(O, S)                                                                          \
  {                                                                                                \
    STMT(__nv_atomic_store_n(&c->ll, c->ll * 5 + 1, O, S), c->ll = c->ll * 5 + 1);                 \
    STMT(__nv_atomic_store_n(&c->us[0], (unsigned short)(c->us[0] + 3), O, S),                     \
         c->us[0] = (unsigned short)(c->us[0] + 3));                                               \
    STMT(__nv_atomic_store_n(&c->c[1], (signed char)(c->c[1] - 1), O, S),                          \
         c->c[1] = (signed char)(c->c[1] - 1));                                                    \
    r.put(c->ll), r.put(c->us[0]), r.put(c->c[1]), r.put(c->c[0]), r.put(c->c[2]);                 \
  }

#define FENCE(O, S) STMT(__nv_atomic_thread_fence(O, S), (void)0);

#define EACH_SCOPE(F, O)                                                                           \
  F(O, __NV_THREAD_SCOPE_THREAD)                                                                   \
  F(O, __NV_THREAD_SCOPE_BLOCK)                                                                    \
  F(O, __NV_THREAD_SCOPE_CLUSTER) F(O, __NV_THREAD_SCOPE_DEVICE) F(O, __NV_THREAD_SCOPE_SYSTEM)

// The sequence in groups, one kernel each (small MSL functions compile fast).
template <int G> __host__ __device__ void group(Cells *c, Rec &r);
#define GROUP(G, ...)                                                                              \
  template <> __host__ __device__ void group<G>(Cells * c, Rec & r) {                              \
    __VA_ARGS__                                                                                    \
  }
GROUP(0, EACH_SCOPE(SWEEP, __NV_ATOMIC_RELAXED) RMW32(__NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD)
             RMW_WIDE(__NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM))
GROUP(1, EACH_SCOPE(SWEEP, __NV_ATOMIC_CONSUME) RMW32(__NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_BLOCK)
             RMW_WIDE(__NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_BLOCK))
GROUP(2, EACH_SCOPE(SWEEP, __NV_ATOMIC_ACQUIRE) RMW32(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_CLUSTER)
             RMW_WIDE(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_CLUSTER))
GROUP(3, EACH_SCOPE(SWEEP, __NV_ATOMIC_RELEASE) RMW32(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE)
             RMW_WIDE(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE))
GROUP(4, EACH_SCOPE(SWEEP, __NV_ATOMIC_ACQ_REL) RMW32(__NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_SYSTEM)
             RMW_WIDE(__NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_THREAD))
GROUP(5, EACH_SCOPE(SWEEP, __NV_ATOMIC_SEQ_CST) RMW32(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE)
             RMW_WIDE(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM))
GROUP(6, EACH_SCOPE(LOADS, __NV_ATOMIC_RELAXED) EACH_SCOPE(LOADS, __NV_ATOMIC_CONSUME)
             EACH_SCOPE(LOADS, __NV_ATOMIC_ACQUIRE) EACH_SCOPE(LOADS, __NV_ATOMIC_SEQ_CST)
                 LOADS_WIDE(__NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD)
                     LOADS_WIDE(__NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_BLOCK)
                         LOADS_WIDE(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_CLUSTER)
                             LOADS_WIDE(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM))
GROUP(7, EACH_SCOPE(STORES, __NV_ATOMIC_RELAXED) EACH_SCOPE(STORES, __NV_ATOMIC_RELEASE)
             EACH_SCOPE(STORES, __NV_ATOMIC_SEQ_CST)
                 STORES_WIDE(__NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE)
                     STORES_WIDE(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK)
                         STORES_WIDE(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM))
GROUP(8, EACH_SCOPE(FENCE, __NV_ATOMIC_RELAXED) EACH_SCOPE(FENCE, __NV_ATOMIC_CONSUME)
             EACH_SCOPE(FENCE, __NV_ATOMIC_ACQUIRE) EACH_SCOPE(FENCE, __NV_ATOMIC_RELEASE)
                 EACH_SCOPE(FENCE, __NV_ATOMIC_ACQ_REL) EACH_SCOPE(FENCE, __NV_ATOMIC_SEQ_CST)
  // without a scope argument
  r.put(OP(__nv_atomic_fetch_add(&c->i, 1, __NV_ATOMIC_SEQ_CST), ref_set(&c->i, c->i + 1)));
  r.put(OP(__nv_atomic_load_n(&c->ull, __NV_ATOMIC_ACQUIRE), c->ull));
  STMT(__nv_atomic_store_n(&c->u, 77u, __NV_ATOMIC_RELEASE), c->u = 77u);
  STMT(__nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST), (void)0);
  r.put(c->u), r.put(c->i), r.put(c->ull), r.put(c->ll), r.put(c->f), r.put(c->d);
  r.put(c->us[0]), r.put(c->us[1]), r.put(c->c[0]), r.put(c->c[1]), r.put(c->c[2]);
  r.put(c->c[3]);)
enum { GROUPS = 9 };

__host__ __device__ void init(Cells *c) {
  memset(c, 0, sizeof *c);
  c->i = 100;
  c->u = 0xfff0u;
  c->ull = 0xfffffffffull;
  c->ll = -5;
  c->f = 1.5f;
  c->d = 1e10;
  c->us[0] = 0xfffe;
  c->us[1] = 0x1234;
  c->c[0] = -128, c->c[1] = 5, c->c[2] = 127, c->c[3] = -1;
}

// Group G on *c in global memory, or on a copy of it in shared memory (copied back); the
// records continue at *count. (Two kernels: Anchor needs each atomic's address space known.)
template <int G> __global__ void run_global(Cells *c, u64 *out, int *count) {
  if (threadIdx.x) return;
  Rec r = {out, *count};
  group<G>(c, r);
  *count = r.n;
}
template <int G> __global__ void run_shared(Cells *c, u64 *out, int *count) {
  __shared__ Cells s;
  if (threadIdx.x) return;
  s = *c;
  Rec r = {out, *count};
  group<G>(&s, r);
  *count = r.n;
  *c = s;
}

template <int G> struct Groups {
  static void host(Cells *c, Rec &r) {
    group<G>(c, r);
    Groups<G + 1>::host(c, r);
  }
  static void launch(Cells *c, u64 *out, int *count, bool shared) {
    // in the shared pass, the groups of relaxed, seq_cst, loads and stores run in shared
    // memory, the others go on in global memory (keeps the module small: softmetal's
    // compile time)
    constexpr bool in_shared = G == 0 || G == 5 || G == 6 || G == 7;
    if (shared && in_shared)
      run_shared<(in_shared ? G : 0)><<<1, 32>>>(c, out, count);
    else
      run_global<G><<<1, 32>>>(c, out, count);
    Groups<G + 1>::launch(c, out, count, shared);
  }
};
template <> struct Groups<GROUPS> {
  static void host(Cells *, Rec &) {}
  static void launch(Cells *, u64 *, int *, bool) {}
};

// ---- 2. message passing --------------------------------------------------------------

enum { SPIN = 1 << 24, WORDS = 64 };

struct Mailbox {
  unsigned flag, fence_flag;
  unsigned data[WORDS];
  u64 data64[WORDS];
  int seen, fence_seen; // 1 observed and right, 0 observed and wrong, -1 not observed
};

__global__ void message(Mailbox *m) {
  if (threadIdx.x) return;
  if (blockIdx.x == 0) {
    for (int k = 0; k < WORDS; k++)
      m->data[k] = 1000u + k, m->data64[k] = 0x100000000ull * k + 7;
    __nv_atomic_store_n(&m->flag, 1u, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
    for (int k = 0; k < WORDS; k++)
      m->data[k] += 1u; // after the first flag: only the fence-flag reader must see these
    __nv_atomic_thread_fence(__NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_store_n(&m->fence_flag, 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  } else {
    int n = 0;
    while (!__nv_atomic_load_n(&m->flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE) &&
           ++n < SPIN) {
    }
    if (n >= SPIN) {
      m->seen = -1;
    } else {
      int ok = 1;
      for (int k = 0; k < WORDS; k++)
        ok &= (m->data[k] == 1000u + k || m->data[k] == 1001u + k) &&
              m->data64[k] == 0x100000000ull * k + 7;
      m->seen = ok;
    }
    n = 0;
    while (!__nv_atomic_load_n(&m->fence_flag, __NV_ATOMIC_RELAXED) && ++n < SPIN) {
    }
    __nv_atomic_thread_fence(__NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
    if (n >= SPIN) {
      m->fence_seen = -1;
    } else {
      int ok = 1;
      for (int k = 0; k < WORDS; k++)
        ok &= m->data[k] == 1001u + k;
      m->fence_seen = ok;
    }
  }
}

static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 1;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

int main(void) {
  static u64 expected[RECORDS];
  Cells host, *c;
  u64 *out;
  int *count, failures = 0;
  Mailbox *m;
  if (!cuda_ok(cudaMallocManaged(&c, sizeof *c), "malloc") ||
      !cuda_ok(cudaMallocManaged(&out, RECORDS * sizeof(u64)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&count, sizeof(int)), "malloc") ||
      !cuda_ok(cudaMallocManaged(&m, sizeof *m), "malloc"))
    return 1;
  init(&host);
  Rec r = {expected, 0};
  Groups<0>::host(&host, r);
  if (r.n > RECORDS) {
    printf("FAIL: %d records, room for %d\n", r.n, RECORDS);
    return 1;
  }
  for (int shared = 0; shared < 2; shared++) {
    const char *where = shared ? "shared" : "global";
    memset(out, 0, RECORDS * sizeof(u64));
    *count = 0;
    init(c);
    Groups<0>::launch(c, out, count, shared != 0);
    if (!cuda_ok(cudaDeviceSynchronize(), where)) return 1;
    if (*count != r.n) printf("FAIL: %s: %d records, expected %d\n", where, *count, r.n), failures++;
    for (int k = 0; k < r.n; k++)
      if (out[k] != expected[k] && failures++ < 20)
        printf("FAIL: %s: record %d = 0x%016llx, expected 0x%016llx\n", where, k, out[k],
               expected[k]);
  }
  memset(m, 0, sizeof *m);
  message<<<2, 32>>>(m);
  if (!cuda_ok(cudaDeviceSynchronize(), "message")) return 1;
  printf("message passing: release/acquire %d, fences %d (1 right, 0 wrong, -1 not observed)\n",
         m->seen, m->fence_seen);
  if (m->seen == 0 || m->fence_seen == 0) failures++, printf("FAIL: message passing\n");
  if (failures) return 1;
  printf("OK: %d records in global and shared memory\n", r.n);
  printf("PASS\n");
  return 0;
}
