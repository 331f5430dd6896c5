/* vector_add_c.c — the plain-C baseline of bench/vector_add.cu: c = a + b over 64 M
 * floats, split over as many POSIX threads as softmetal has workers.
 *
 *   clang-19 -O2 -pthread vector_add_c.c -o vector_add_c && ./vector_add_c [RUNS] [N] [LAYOUT]
 *
 * Threads: SOFTMETAL_WORKERS if set (as softmetal reads it), else the online CPUs —
 * the same count softmetal's pool uses, so the ratio compares like with like. Each
 * thread adds one contiguous slice. The arrays are written before timing (pages
 * committed), one untimed run warms up, then RUNS runs (default 7) are timed with the
 * monotonic clock around creating, running and joining the threads (thread creation
 * is tens of microseconds against tens of milliseconds of memory traffic). Prints the
 * median and the bandwidth at 12 bytes per element, then checks every element and
 * prints PASS or FAIL. The line "RESULT c_threads <median_ms> <GB/s> <cpu_ms>" (cpu_ms:
 * the process's CPU time per timed run, all threads) is for bench/softmetal.sh. LAYOUT: `malloc`
 * (the default: three malloc'd arrays, which glibc maps 4 KiB more than their size apart) or
 * `packed` (the three arrays back to back in one mapping, exactly their size apart, as the
 * runtime's arena placed cudaMalloc's arrays before it coloured them: docs/benchmarks.md; RESULT
 * c_threads_packed). Not a library: exit codes are this program's result. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { MAX_RUNS = 101, MAX_THREADS = 1024 };

typedef struct slice {
  const float *a, *b;
  float *c;
  size_t begin, end;
} slice;

static void *add_slice(void *arg) {
  const slice *s = arg;
  for (size_t i = s->begin; i < s->end; i++)
    s->c[i] = s->a[i] + s->b[i];
  return NULL;
}

/* The process's CPU time (all its threads), seconds: on a shared machine the CPU time a
 * run used says more than its wall time (memory stalls count, waiting for a CPU does not). */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

/* The thread count softmetal's pool would use (softmetal/pool.c). */
static int worker_count(void) {
  const char *env = getenv("SOFTMETAL_WORKERS");
  long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  return n > MAX_THREADS ? MAX_THREADS : (int)n;
}

/* One run: threads created, each adds its slice, all joined. 0 on success. */
static int run_once(const float *a, const float *b, float *c, size_t n, int threads) {
  pthread_t ids[MAX_THREADS];
  slice slices[MAX_THREADS];
  for (int t = 0; t < threads; t++) {
    slices[t] =
        (slice){a, b, c, n * (size_t)t / (size_t)threads, n * (size_t)(t + 1) / (size_t)threads};
    if (pthread_create(&ids[t], NULL, add_slice, &slices[t]) != 0) {
      printf("FAIL: pthread_create\n");
      return 1;
    }
  }
  for (int t = 0; t < threads; t++)
    pthread_join(ids[t], NULL);
  return 0;
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 7;
  long n_arg = argc > 2 ? atol(argv[2]) : 64L << 20;
  const char *layout = argc > 3 ? argv[3] : "malloc";
  bool packed = strcmp(layout, "packed") == 0;
  if (runs < 1 || runs > MAX_RUNS || n_arg < 1 || (!packed && strcmp(layout, "malloc") != 0)) {
    printf("FAIL: usage: vector_add_c [RUNS 1..%d] [N >= 1] [malloc|packed]\n", MAX_RUNS);
    return 1;
  }
  size_t n = (size_t)n_arg;
  int threads = worker_count();
  float *a, *b, *c;
  if (packed) {
    void *all =
        mmap(NULL, 3 * n * sizeof *a, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    a = all == MAP_FAILED ? NULL : all;
    b = a ? a + n : NULL;
    c = a ? a + 2 * n : NULL;
  } else {
    a = malloc(n * sizeof *a), b = malloc(n * sizeof *b), c = malloc(n * sizeof *c);
  }
  if (!a || !b || !c) {
    printf("FAIL: out of memory\n");
    return 1;
  }
  for (size_t i = 0; i < n; i++) {
    a[i] = (float)(i % 1000);
    b[i] = (float)((i * 7) % 1009);
    c[i] = -1.0f;
  }
  printf("vector_add_c: %zu floats (%.0f MiB per array, %s), %d runs, %d threads\n", n,
         (double)(n * sizeof *a) / (1 << 20), layout, runs, threads);

  double times[MAX_RUNS];
  if (run_once(a, b, c, n, threads)) return 1;
  double cpu_start = cpu_seconds();
  for (int r = 0; r < runs; r++) {
    double start = now_seconds();
    if (run_once(a, b, c, n, threads)) return 1;
    times[r] = now_seconds() - start;
  }
  double cpu_ms = (cpu_seconds() - cpu_start) * 1e3 / runs;
  qsort(times, (size_t)runs, sizeof times[0], compare_doubles);
  double median = times[runs / 2];
  double gbs = 12.0 * (double)n / median / 1e9;
  const char *name = packed ? "c_threads_packed" : "c_threads";
  printf("%-12s median %8.2f ms (min %8.2f, max %8.2f) %8.2f GB/s, CPU %.2f ms per run\n", name,
         median * 1e3, times[0] * 1e3, times[runs - 1] * 1e3, gbs, cpu_ms);
  printf("RESULT %s %.3f %.3f %.3f\n", name, median * 1e3, gbs, cpu_ms);

  for (size_t i = 0; i < n; i++)
    if (c[i] != a[i] + b[i]) {
      printf("FAIL: c[%zu] = %.9g, expected %.9g\n", i, c[i], a[i] + b[i]);
      return 1;
    }
  printf("PASS\n");
  if (packed) {
    munmap(a, 3 * n * sizeof *a);
  } else {
    free(a);
    free(b);
    free(c);
  }
  return 0;
}
