// vector_model.cpp — what softmetal's planned vector mode would cost, measured before
// building it (docs/softmetal.md, "Vector mode"). The two kernels of vector_add.cu
// (per_element, grid_stride), written by hand the way the vector mode would run the
// MSL that anchorcc emits for them: a SIMD-group's 32 lanes at once, every value an
// array of 32 (`lanes<T>`), an execution mask for the `if (i < n)` and for the
// grid-stride loop (it runs while any lane is active), and each memory access done
// for the 32 lanes together: a contiguous vector access when the mask is full and the
// lanes' addresses are consecutive (checked at run time, as a vectorizer without
// affine analysis would), else lane by lane under the mask. Same grid, same number of
// CPU threads (SOFTMETAL_WORKERS or the online CPUs) and the same timing method as
// vector_add_c.c; prints "RESULT <kernel>_model <median_ms> <GB/s>" and PASS or FAIL.
//
//   vector_model [RUNS] [N]
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { W = 32, BLOCK = 256, MAX_RUNS = 101 };

// N lanes: a SIMD-group (32), or a whole threadgroup advancing together (256).
template <class T, int N = W> struct lanes {
  T v[N];
};
template <int N = W> using mask = lanes<bool, N>;

template <int N> static inline bool any(const mask<N> &m) {
  bool r = false;
  for (int l = 0; l < N; l++) r |= m.v[l];
  return r;
}
template <int N> static inline bool all(const mask<N> &m) {
  bool r = true;
  for (int l = 0; l < N; l++) r &= m.v[l];
  return r;
}
// Addresses of the lanes consecutive for elements of sizeof(T)?
template <class T, int N> static inline bool consecutive(const lanes<uint64_t, N> &a) {
  bool r = true;
  for (int l = 0; l < N; l++) r &= a.v[l] == a.v[0] + sizeof(T) * (uint64_t)l;
  return r;
}
template <class T, int N>
static inline lanes<T, N> load(const lanes<uint64_t, N> &a, const mask<N> &m) {
  lanes<T, N> r;
  if (all(m) && consecutive<T>(a)) {
    memcpy(r.v, (const void *)(uintptr_t)a.v[0], sizeof r.v);
  } else {
    for (int l = 0; l < N; l++) r.v[l] = m.v[l] ? *(const T *)(uintptr_t)a.v[l] : T();
  }
  return r;
}
template <class T, int N>
static inline void store(const lanes<uint64_t, N> &a, const lanes<T, N> &x, const mask<N> &m) {
  if (all(m) && consecutive<T>(a)) {
    memcpy((void *)(uintptr_t)a.v[0], x.v, sizeof x.v);
  } else {
    for (int l = 0; l < N; l++)
      if (m.v[l]) *(T *)(uintptr_t)a.v[l] = x.v[l];
  }
}

struct args {
  const float *a, *b;
  float *c;
  int n;
  unsigned groups, grid_groups; // groups this worker runs (first, count) and the grid's
  unsigned first;
  int kind; // 0 per_element, 1 grid_stride by SIMD-group, 2 grid_stride by group
};

// One SIMD-group of per_element: i = bid * 256 + tid; if (i < n) c[i] = a[i] + b[i].
static void per_element_simd(const args *p, unsigned bid, unsigned simd) {
  lanes<uint32_t> i;
  mask<> m;
  lanes<uint64_t> pa, pb, pc;
  for (int l = 0; l < W; l++) {
    i.v[l] = bid * BLOCK + simd * W + (unsigned)l;
    m.v[l] = (int)i.v[l] < p->n;
    pa.v[l] = (uint64_t)(uintptr_t)p->a + (uint64_t)(int64_t)(int)i.v[l] * 4;
    pb.v[l] = (uint64_t)(uintptr_t)p->b + (uint64_t)(int64_t)(int)i.v[l] * 4;
    pc.v[l] = (uint64_t)(uintptr_t)p->c + (uint64_t)(int64_t)(int)i.v[l] * 4;
  }
  if (!any(m)) return;
  lanes<float> x = load<float>(pa, m), y = load<float>(pb, m), s;
  for (int l = 0; l < W; l++) s.v[l] = x.v[l] + y.v[l];
  store(pc, s, m);
}

// N lanes of grid_stride from lane `first` of the group: the loop runs while any lane
// is active. N = 32: one SIMD-group (the group's SIMD-groups one after another);
// N = 256: the group's 8 SIMD-groups advancing through the loop together.
template <int N> static void grid_stride_lanes(const args *p, unsigned bid, unsigned first) {
  unsigned stride = BLOCK * p->grid_groups;
  lanes<uint32_t, N> i;
  mask<N> m;
  for (int l = 0; l < N; l++) {
    i.v[l] = bid * BLOCK + first + (unsigned)l;
    m.v[l] = (int)i.v[l] < p->n;
  }
  while (any(m)) {
    lanes<uint64_t, N> pa, pb, pc;
    for (int l = 0; l < N; l++) {
      pa.v[l] = (uint64_t)(uintptr_t)p->a + (uint64_t)(int64_t)(int)i.v[l] * 4;
      pb.v[l] = (uint64_t)(uintptr_t)p->b + (uint64_t)(int64_t)(int)i.v[l] * 4;
      pc.v[l] = (uint64_t)(uintptr_t)p->c + (uint64_t)(int64_t)(int)i.v[l] * 4;
    }
    lanes<float, N> x = load<float>(pa, m), y = load<float>(pb, m), s;
    for (int l = 0; l < N; l++) s.v[l] = x.v[l] + y.v[l];
    store(pc, s, m);
    for (int l = 0; l < N; l++) {
      i.v[l] += stride;
      m.v[l] = m.v[l] && (int)i.v[l] < p->n;
    }
  }
}

static void *worker(void *arg) {
  const args *p = (const args *)arg;
  for (unsigned g = p->first; g < p->first + p->groups; g++) {
    if (p->kind == 2) {
      grid_stride_lanes<BLOCK>(p, g, 0);
      continue;
    }
    for (unsigned s = 0; s < BLOCK / W; s++)
      p->kind ? grid_stride_lanes<W>(p, g, s * W) : per_element_simd(p, g, s);
  }
  return NULL;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static int compare_doubles(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

static double run_once(int workers, args base) {
  pthread_t t[256];
  args a[256];
  unsigned per = (base.grid_groups + (unsigned)workers - 1) / (unsigned)workers;
  double start = now_seconds();
  for (int w = 0; w < workers; w++) {
    a[w] = base;
    a[w].first = per * (unsigned)w < base.grid_groups ? per * (unsigned)w : base.grid_groups;
    unsigned end = a[w].first + per < base.grid_groups ? a[w].first + per : base.grid_groups;
    a[w].groups = end - a[w].first;
    pthread_create(&t[w], NULL, worker, &a[w]);
  }
  for (int w = 0; w < workers; w++) pthread_join(t[w], NULL);
  return now_seconds() - start;
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 7;
  int n = argc > 2 ? atoi(argv[2]) : 64 << 20;
  if (runs < 1 || runs > MAX_RUNS || n < 1) return 2;
  const char *env = getenv("SOFTMETAL_WORKERS");
  int workers = env && atoi(env) > 0 ? atoi(env) : (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (workers > 256) workers = 256;
  float *a = (float *)malloc((size_t)n * 4), *b = (float *)malloc((size_t)n * 4),
        *c = (float *)malloc((size_t)n * 4);
  for (int i = 0; i < n; i++) a[i] = (float)(i % 1000), b[i] = (float)(i % 777), c[i] = 0;
  int failures = 0;
  for (int k = 0; k < 3; k++) {
    args base = {a, b, c, n, 0, 0, 0, k};
    base.grid_groups = k ? 32u : (unsigned)((n + BLOCK - 1) / BLOCK); // vector_add: 4 x 8 SMs
    memset(c, 0, (size_t)n * 4);
    run_once(workers, base); // untimed, as vector_add.cu
    double t[MAX_RUNS];
    for (int r = 0; r < runs; r++) t[r] = run_once(workers, base);
    qsort(t, (size_t)runs, sizeof *t, compare_doubles);
    double med = t[runs / 2];
    const char *name = k == 2   ? "grid_stride_group_model"
                       : k == 1 ? "grid_stride_model"
                                : "per_element_model";
    printf("%s: median %.2f ms (min %.2f, max %.2f), %.2f GB/s\n", name, med * 1e3, t[0] * 1e3,
           t[runs - 1] * 1e3, 12.0 * n / med / 1e9);
    printf("RESULT %s %.3f %.3f\n", name, med * 1e3, 12.0 * n / med / 1e9);
    for (int i = 0; i < n; i++)
      if (c[i] != a[i] + b[i]) {
        if (!failures++) printf("FAIL: %s: c[%d] = %g, want %g\n", name, i, c[i], a[i] + b[i]);
        break;
      }
  }
  if (!failures) printf("PASS\n");
  return failures != 0;
}
