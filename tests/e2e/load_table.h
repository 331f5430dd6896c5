/* tests/e2e/load_table.h — the runtime under load (issue 10), in the common subset of
 * C17 and C++ so that the CUDA programs tests/e2e/load_*.cu (nvcc and anchorcc) and
 * the C test tests/runtime/test_load.c (libanchor alone, under ASan/LSan in CI) run
 * the same code. Every result is compared with a CPU reference; each function returns
 * its number of failures and prints FAIL lines naming the first wrong value.
 *
 *   load_threads    host threads, each with its own non-blocking stream: copies in,
 *                   a chain of kernels, copies out, an event, for several rounds
 *   load_launches   many tiny launches in a row; prints the time per launch
 *   load_churn      cudaMalloc/cudaFree of random sizes, small to near the free
 *                   memory, contents and non-overlap checked, until the end
 *   load_fragment   the memory split in blocks, every other one freed: the holes are
 *                   filled again, and after freeing everything one block of nearly
 *                   all the memory fits
 *
 * The kernel is the includer's: add(int *p, int n, int v), p[i] += v for i < n. */
#ifndef ANCHOR_LOAD_TABLE_H
#define ANCHOR_LOAD_TABLE_H

#include <cuda_runtime.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double load_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static cudaError_t load_add(const void *kernel, int *p, int n, int v, cudaStream_t s) {
  void *args[3];
  dim3 grid, block;
  args[0] = &p;
  args[1] = &n;
  args[2] = &v;
  block.x = 128;
  block.y = block.z = 1;
  grid.x = (unsigned)((n + 127) / 128);
  grid.y = grid.z = 1;
  return cudaLaunchKernel(kernel, grid, block, args, 0, s);
}

/* A small deterministic generator (the same sequence everywhere). */
static uint32_t load_rand(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(*state >> 33);
}

/* ---- host threads, each on its own stream ----------------------------------------- */
enum { LOAD_KERNELS_PER_ROUND = 8 };

typedef struct {
  const void *kernel;
  int index, rounds, failures;
} load_thread_arg;

static void *load_thread_main(void *opaque) {
  load_thread_arg *a = (load_thread_arg *)opaque;
  int n = 1000 + 97 * a->index;
  int *d = NULL, *h = NULL;
  cudaStream_t s = NULL;
  cudaEvent_t e = NULL;
  cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  if (err == cudaSuccess) err = cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
  if (err == cudaSuccess) err = cudaMalloc((void **)&d, (size_t)n * sizeof(int));
  if (err == cudaSuccess) err = cudaMallocHost((void **)&h, (size_t)n * sizeof(int));
  for (int r = 0; r < a->rounds && err == cudaSuccess; r++) {
    int sum = 0;
    for (int j = 0; j < n; j++)
      h[j] = a->index * 1000000 + r * 10000 + j;
    err = cudaMemcpyAsync(d, h, (size_t)n * sizeof(int), cudaMemcpyHostToDevice, s);
    for (int k = 0; k < LOAD_KERNELS_PER_ROUND && err == cudaSuccess; k++) {
      int v = (a->index + k + r) % 5 + 1;
      sum += v;
      err = load_add(a->kernel, d, n, v, s);
    }
    if (err == cudaSuccess)
      err = cudaMemcpyAsync(h, d, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost, s);
    if (err == cudaSuccess) err = cudaEventRecord(e, s);
    if (err == cudaSuccess) err = cudaEventSynchronize(e);
    if (err == cudaSuccess && cudaStreamQuery(s) != cudaSuccess) {
      printf("FAIL: thread %d round %d: the stream is busy after its last event\n", a->index, r);
      a->failures++;
    }
    for (int j = 0; j < n && err == cudaSuccess; j++)
      if (h[j] != a->index * 1000000 + r * 10000 + j + sum) {
        printf("FAIL: thread %d round %d: element %d is %d, want %d\n", a->index, r, j, h[j],
               a->index * 1000000 + r * 10000 + j + sum);
        a->failures++;
        break;
      }
  }
  if (err != cudaSuccess) {
    printf("FAIL: thread %d: %s\n", a->index, cudaGetErrorName(err));
    a->failures++;
  }
  if (h) cudaFreeHost(h);
  if (d) cudaFree(d);
  if (e) cudaEventDestroy(e);
  if (s) cudaStreamDestroy(s);
  return NULL;
}

static int load_threads(const void *kernel, int threads, int rounds) {
  pthread_t tid[64];
  load_thread_arg args[64];
  int failures = 0;
  double start = load_now_ms();
  if (threads > 64) threads = 64;
  for (int i = 0; i < threads; i++) {
    args[i].kernel = kernel;
    args[i].index = i;
    args[i].rounds = rounds;
    args[i].failures = 0;
    if (pthread_create(&tid[i], NULL, load_thread_main, &args[i]) != 0) {
      printf("FAIL: pthread_create\n");
      return 1;
    }
  }
  for (int i = 0; i < threads; i++) {
    pthread_join(tid[i], NULL);
    failures += args[i].failures;
  }
  printf("load_threads: %d threads x %d rounds x (2 copies + %d kernels): %.0f ms, %s\n", threads,
         rounds, LOAD_KERNELS_PER_ROUND, load_now_ms() - start,
         failures ? "FAIL" : "all values right");
  return failures;
}

/* ---- many tiny launches ------------------------------------------------------------ */
static int load_launches(const void *kernel, int count) {
  int *d = NULL, h[32];
  int failures = 0;
  cudaError_t err = cudaMalloc((void **)&d, sizeof h);
  if (err == cudaSuccess) err = cudaMemset(d, 0, sizeof h);
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  double start = load_now_ms();
  for (int i = 0; i < count && err == cudaSuccess; i++)
    err = load_add(kernel, d, 32, 1, 0);
  double enqueued = load_now_ms();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  double done = load_now_ms();
  if (err == cudaSuccess) err = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("FAIL: load_launches: %s\n", cudaGetErrorName(err));
    failures++;
  }
  for (int i = 0; i < 32 && err == cudaSuccess; i++)
    if (h[i] != count) {
      printf("FAIL: load_launches: element %d is %d, want %d\n", i, h[i], count);
      failures++;
      break;
    }
  printf("load_launches: %d launches of 1 block x 128 threads: %.0f ms to enqueue, %.0f ms in "
         "all, %.1f us per launch\n",
         count, enqueued - start, done - start, (done - start) * 1e3 / count);
  if (d) cudaFree(d);
  return failures;
}

/* ---- cudaMalloc/cudaFree churn ------------------------------------------------------ */
enum { LOAD_LIVE_MAX = 256, LOAD_TAG_BYTES = 4096 };

typedef struct {
  unsigned char *p;
  size_t size;
  unsigned char tag;
} load_block;

/* The first and last LOAD_TAG_BYTES of a block hold its tag. */
static cudaError_t load_tag(const load_block *b) {
  size_t n = b->size < LOAD_TAG_BYTES ? b->size : LOAD_TAG_BYTES;
  cudaError_t e = cudaMemset(b->p, b->tag, n);
  if (e == cudaSuccess) e = cudaMemset(b->p + b->size - n, b->tag, n);
  return e;
}

static int load_check_tag(const load_block *b) {
  static unsigned char back[LOAD_TAG_BYTES];
  size_t n = b->size < LOAD_TAG_BYTES ? b->size : LOAD_TAG_BYTES;
  for (int end = 0; end < 2; end++) {
    cudaError_t e = cudaMemcpy(back, end ? b->p + b->size - n : b->p, n, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
      printf("FAIL: load_churn: reading a block: %s\n", cudaGetErrorName(e));
      return 1;
    }
    for (size_t i = 0; i < n; i++)
      if (back[i] != b->tag) {
        printf("FAIL: load_churn: block %p (%zu bytes) byte %zu of its %s is %d, want %d\n",
               (void *)b->p, b->size, i, end ? "end" : "start", back[i], b->tag);
        return 1;
      }
  }
  return 0;
}

static int load_churn(uint64_t seed, int ops) {
  static load_block live[LOAD_LIVE_MAX];
  size_t free_before = 0, total = 0, free_after = 0;
  int count = 0, failures = 0, allocations = 0, refused = 0, near_full = 0;
  size_t used = 0, peak = 0;
  cudaError_t e = cudaMemGetInfo(&free_before, &total);
  if (e != cudaSuccess) {
    printf("FAIL: cudaMemGetInfo: %s\n", cudaGetErrorName(e));
    return 1;
  }
  size_t budget = free_before - free_before / 16;
  for (int op = 0; op < ops && !failures; op++) {
    uint32_t r = load_rand(&seed);
    if (count == 0 || (r % 3 != 0 && count < LOAD_LIVE_MAX)) {
      uint32_t kind = load_rand(&seed) % 100;
      size_t size;
      if (kind < 70)
        size = 1 + load_rand(&seed) % (64 * 1024);
      else if (kind < 95)
        size = 1 + (size_t)(((double)load_rand(&seed) / 4294967296.0) * (double)(budget / 16));
      else
        size = budget - (size_t)(((double)load_rand(&seed) / 4294967296.0) * (double)(budget / 8));
      unsigned char *p = NULL;
      e = cudaMalloc((void **)&p, size);
      if (e == cudaErrorMemoryAllocation) {
        refused++;
        if (cudaGetLastError() != cudaErrorMemoryAllocation) {
          printf("FAIL: load_churn: the refusal was not the last error\n");
          failures++;
        }
        continue;
      }
      if (e != cudaSuccess) {
        printf("FAIL: load_churn: cudaMalloc(%zu): %s\n", size, cudaGetErrorName(e));
        failures++;
        break;
      }
      allocations++;
      if (size > budget / 2) near_full++;
      if ((uintptr_t)p % 512 != 0) { /* an H100's cudaMalloc alignment (tex_values.cu) */
        printf("FAIL: load_churn: cudaMalloc(%zu) gave %p, not 512-byte aligned\n", size,
               (void *)p);
        failures++;
      }
      for (int i = 0; i < count; i++)
        if (p < live[i].p + live[i].size && live[i].p < p + size) {
          printf("FAIL: load_churn: [%p, +%zu) overlaps the live block [%p, +%zu)\n", (void *)p,
                 size, (void *)live[i].p, live[i].size);
          failures++;
        }
      live[count].p = p;
      live[count].size = size;
      live[count].tag = (unsigned char)(1 + op % 251);
      e = load_tag(&live[count]);
      if (e != cudaSuccess) {
        printf("FAIL: load_churn: cudaMemset: %s\n", cudaGetErrorName(e));
        failures++;
      }
      used += size;
      if (used > peak) peak = used;
      count++;
    } else {
      int i = (int)(load_rand(&seed) % (uint32_t)count);
      failures += load_check_tag(&live[i]);
      e = cudaFree(live[i].p);
      if (e != cudaSuccess) {
        printf("FAIL: load_churn: cudaFree: %s\n", cudaGetErrorName(e));
        failures++;
      }
      used -= live[i].size;
      live[i] = live[--count];
    }
  }
  for (int i = 0; i < count; i++) {
    failures += load_check_tag(&live[i]);
    if (cudaFree(live[i].p) != cudaSuccess) failures++;
  }
  e = cudaMemGetInfo(&free_after, &total);
  printf("load_churn: %d operations, %d allocations (%d over half the free memory), %d refused "
         "(cudaErrorMemoryAllocation), peak %.1f%% of %zu free bytes; free before %zu, after "
         "%zu\n",
         ops, allocations, near_full, refused, 100.0 * (double)peak / (double)free_before,
         free_before, free_before, free_after);
  /* Everything freed: nearly all of it in one block again. */
  unsigned char *big = NULL;
  e = cudaMalloc((void **)&big, budget);
  if (e != cudaSuccess) {
    printf("FAIL: load_churn: cudaMalloc(%zu) after freeing everything: %s\n", budget,
           cudaGetErrorName(e));
    failures++;
  } else {
    cudaFree(big);
  }
  return failures;
}

/* ---- fragmentation ----------------------------------------------------------------- */
static int load_fragment(void) {
  enum { BLOCKS = 64 };
  static unsigned char *block[BLOCKS + 8];
  size_t free_b = 0, total = 0;
  int n = 0, failures = 0;
  cudaError_t e = cudaMemGetInfo(&free_b, &total);
  if (e != cudaSuccess) return 1;
  size_t budget = free_b - free_b / 16;
  size_t size = budget / BLOCKS / 4096 * 4096;
  while (n < BLOCKS + 8) {
    e = cudaMalloc((void **)&block[n], size);
    if (e != cudaSuccess) break;
    n++;
  }
  (void)cudaGetLastError();
  if (n < BLOCKS) {
    printf("FAIL: load_fragment: only %d blocks of %zu bytes in %zu free\n", n, size, free_b);
    failures++;
  }
  for (int i = 0; i < n; i += 2) {
    if (cudaFree(block[i]) != cudaSuccess) failures++;
    block[i] = NULL;
  }
  /* Twice a hole: a contiguous allocator has no room for it (Anchor's arena); CUDA maps
   * physical pages into new virtual addresses and may give it. */
  unsigned char *twice = NULL;
  e = cudaMalloc((void **)&twice, 2 * size);
  printf("load_fragment: %d blocks of %zu bytes, every other one freed; cudaMalloc of two "
         "holes' size: %s ?\n",
         n, size, cudaGetErrorName(e));
  if (e == cudaSuccess) cudaFree(twice);
  (void)cudaGetLastError();
  /* Every hole takes a block of its size again. */
  for (int i = 0; i < n; i += 2) {
    e = cudaMalloc((void **)&block[i], size);
    if (e != cudaSuccess) {
      printf("FAIL: load_fragment: refilling hole %d: %s\n", i, cudaGetErrorName(e));
      failures++;
      block[i] = NULL;
    }
  }
  for (int i = 0; i < n; i++)
    if (block[i] && cudaFree(block[i]) != cudaSuccess) failures++;
  e = cudaMalloc((void **)&twice, budget);
  if (e != cudaSuccess) {
    printf("FAIL: load_fragment: one block of %zu bytes after freeing all: %s\n", budget,
           cudaGetErrorName(e));
    failures++;
  } else {
    cudaFree(twice);
  }
  printf("load_fragment: %s\n", failures ? "FAIL" : "holes refilled, memory whole again");
  return failures;
}

#endif
