/* tests/runtime/fuzz_calls.c — issue 10: random sequences of runtime API calls over a
 * small set of handles (streams, events, graphs, executable graphs, device, pinned,
 * managed and pool memory; each slot live, destroyed, NULL or foreign), byte-coded:
 * each call is an opcode byte and operand bytes. Whatever the sequence, libanchor must
 * not crash, hang, corrupt memory (ASan/UBSan in CI's sanitizer stage), leak (LSan),
 * or lose arena memory: after a sequence and its clean-up, cudaMemGetInfo's free bytes
 * are what they were before it, and no error is sticky.
 *
 * The calls stay inside what the program can know is defined for host memory: host
 * buffers are FUZZ_HOST_BYTES long and no size given with one exceeds that (CUDA cannot
 * check host buffer sizes either); kernels only get live allocations and an element
 * count that fits, so no kernel faults (a fault's sticky error would end the run).
 *
 * Without arguments: FUZZ_SEQUENCES sequences from fixed seeds (CTest). With one
 * argument N: N sequences from seed N (longer runs). Built with clang's
 * -fsanitize=fuzzer and -DANCHOR_LIBFUZZER, LLVMFuzzerTestOneInput runs one sequence
 * per input (tests/runtime/fuzz_calls.sh). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "handmade.h"

enum {
  FUZZ_SLOTS = 6,
  FUZZ_HOST_BYTES = 65536,
  FUZZ_SEQUENCES = 400,
  FUZZ_LENGTH = 384,
};

#include "add_kernel.h"

typedef enum { SLOT_EMPTY, SLOT_LIVE, SLOT_DEAD } slot_state;

typedef struct {
  cudaStream_t stream[FUZZ_SLOTS];
  slot_state stream_state[FUZZ_SLOTS];
  cudaEvent_t event[FUZZ_SLOTS];
  slot_state event_state[FUZZ_SLOTS];
  cudaGraph_t graph[FUZZ_SLOTS];
  slot_state graph_state[FUZZ_SLOTS];
  cudaGraphExec_t exec[FUZZ_SLOTS];
  slot_state exec_state[FUZZ_SLOTS];
  void *mem[FUZZ_SLOTS]; /* device (cudaMalloc, cudaMallocAsync), pinned or managed */
  size_t mem_size[FUZZ_SLOTS];
  int mem_kind[FUZZ_SLOTS]; /* 0 device, 1 pinned, 2 managed, 3 stream-ordered */
  slot_state mem_state[FUZZ_SLOTS];
  unsigned char *host[2]; /* pageable buffers, FUZZ_HOST_BYTES each */
  int host_registered[2];
} fuzz_state;

static unsigned char foreign_bytes[256];
static int host_calls;

static void CUDART_CB fuzz_host_fn(void *data) {
  (void)data;
  __atomic_add_fetch(&host_calls, 1, __ATOMIC_RELAXED);
}
static void CUDART_CB fuzz_callback(cudaStream_t s, cudaError_t status, void *data) {
  (void)s, (void)status, (void)data;
  __atomic_add_fetch(&host_calls, 1, __ATOMIC_RELAXED);
}

/* The operand reader: bytes of the input, then zeros. */
typedef struct {
  const uint8_t *data;
  size_t size, at;
} fuzz_input;

static unsigned next(fuzz_input *in) {
  return in->at < in->size ? in->data[in->at++] : 0;
}

static cudaStream_t pick_stream(fuzz_state *st, fuzz_input *in) {
  unsigned b = next(in);
  switch (b % 10) {
  case 0: return 0;
  case 1: return cudaStreamLegacy;
  case 2: return cudaStreamPerThread;
  case 3: return (cudaStream_t)(void *)foreign_bytes;
  default: return st->stream[b % FUZZ_SLOTS]; /* live, destroyed or NULL */
  }
}
static cudaEvent_t pick_event(fuzz_state *st, fuzz_input *in) {
  unsigned b = next(in);
  return b % 8 == 7 ? (cudaEvent_t)(void *)foreign_bytes : st->event[b % FUZZ_SLOTS];
}
static size_t pick_size(fuzz_input *in) {
  unsigned b = next(in), c = next(in);
  switch (b % 8) {
  case 0: return 0;
  case 1: return 1 + c % 16;
  case 2: return (size_t)1 << 60;
  default: return ((size_t)b << 8 | c) % FUZZ_HOST_BYTES + 1;
  }
}
/* A pointer operand: an allocation (live or freed), an offset into it, a host buffer,
 * NULL or foreign. *bound: the most bytes the program may name with it. */
static void *pick_pointer(fuzz_state *st, fuzz_input *in, size_t *bound) {
  unsigned b = next(in), off = next(in);
  *bound = FUZZ_HOST_BYTES;
  switch (b % 8) {
  case 0: return NULL;
  case 1: return st->host[0] + off;
  case 2: return st->host[1];
  case 3: *bound = 16; return foreign_bytes + 16 * (off % 8);
  default: {
    int i = (int)(b % FUZZ_SLOTS);
    if (!st->mem[i]) return NULL;
    size_t at = st->mem_size[i] ? off % (st->mem_size[i] + 1) : 0;
    *bound = st->mem_size[i] - at; /* a host-to-host copy would not be checked */
    return (unsigned char *)st->mem[i] + at;
  }
  }
}

/* Frees slot i; true when that certainly happened (a cudaFreeAsync into a capture
 * frees only when the graph runs, if ever: the slot stays live, and the clean-up frees
 * it again, which then may fail). */
static bool fuzz_free_slot(fuzz_state *st, int i, cudaStream_t s) {
  enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
  switch (st->mem_kind[i]) {
  case 1: return cudaFreeHost(st->mem[i]) == cudaSuccess;
  case 3:
    if (cudaFreeAsync(st->mem[i], s) != cudaSuccess) return false;
    return cudaStreamIsCapturing(s, &cs) == cudaSuccess && cs == cudaStreamCaptureStatusNone;
  default: return cudaFree(st->mem[i]) == cudaSuccess;
  }
}

static void fuzz_step(fuzz_state *st, fuzz_input *in) {
  unsigned op = next(in) % 40, b = next(in);
  int slot = (int)(b % FUZZ_SLOTS);
  size_t bound = 0, bound2 = 0;
  switch (op) {
  case 0: /* stream create */
    if (st->stream_state[slot] != SLOT_LIVE &&
        cudaStreamCreateWithPriority(&st->stream[slot], next(in) % 3, -(int)(next(in) % 8)) ==
            cudaSuccess)
      st->stream_state[slot] = SLOT_LIVE;
    break;
  case 1: /* stream destroy (of anything: live, destroyed, NULL) */
    if (cudaStreamDestroy(st->stream[slot]) == cudaSuccess) st->stream_state[slot] = SLOT_DEAD;
    break;
  case 2: (void)cudaStreamSynchronize(pick_stream(st, in)); break;
  case 3: (void)cudaStreamQuery(pick_stream(st, in)); break;
  case 4: /* event create */
    if (st->event_state[slot] != SLOT_LIVE &&
        cudaEventCreateWithFlags(&st->event[slot], next(in) % 8) == cudaSuccess)
      st->event_state[slot] = SLOT_LIVE;
    break;
  case 5: (void)cudaEventRecord(pick_event(st, in), pick_stream(st, in)); break;
  case 6: (void)cudaEventSynchronize(pick_event(st, in)); break;
  case 7: (void)cudaEventQuery(pick_event(st, in)); break;
  case 8:
    if (cudaEventDestroy(st->event[slot]) == cudaSuccess) st->event_state[slot] = SLOT_DEAD;
    break;
  case 9: (void)cudaStreamWaitEvent(pick_stream(st, in), pick_event(st, in), next(in) % 2); break;
  case 10: /* allocate */
    if (st->mem_state[slot] != SLOT_LIVE) {
      size_t size = pick_size(in);
      int kind = (int)(next(in) % 4);
      cudaError_t e;
      if (kind == 1)
        e = cudaMallocHost(&st->mem[slot], size);
      else if (kind == 2)
        e = cudaMallocManaged(&st->mem[slot], size, cudaMemAttachGlobal);
      else if (kind == 3)
        e = cudaMallocAsync(&st->mem[slot], size, pick_stream(st, in));
      else
        e = cudaMalloc(&st->mem[slot], size);
      if (e == cudaSuccess && st->mem[slot]) {
        st->mem_state[slot] = SLOT_LIVE;
        st->mem_size[slot] = size;
        st->mem_kind[slot] = kind;
      }
    }
    break;
  case 11: /* free, once or twice */
    if (st->mem[slot] && fuzz_free_slot(st, slot, pick_stream(st, in)))
      st->mem_state[slot] = SLOT_DEAD; /* the pointer stays: a freed pointer from now on */
    break;
  case 12: {
    void *dst = pick_pointer(st, in, &bound), *src = pick_pointer(st, in, &bound2);
    size_t n = pick_size(in);
    if (n <= bound && n <= bound2) /* else UB on host memory */
      (void)cudaMemcpy(dst, src, n, (enum cudaMemcpyKind)(next(in) % 6));
    break;
  }
  case 13: {
    void *dst = pick_pointer(st, in, &bound);
    size_t n = pick_size(in);
    if (n <= bound && dst != st->host[0] && dst != st->host[1]) (void)cudaMemset(dst, b, n);
    break;
  }
  case 14: {
    void *dst = pick_pointer(st, in, &bound), *src = pick_pointer(st, in, &bound2);
    size_t n = pick_size(in);
    if (n <= bound && n <= bound2)
      (void)cudaMemcpyAsync(dst, src, n, (enum cudaMemcpyKind)(next(in) % 6), pick_stream(st, in));
    break;
  }
  case 15: { /* a kernel on a live device, pinned or managed block, in bounds */
    if (st->mem_state[slot] != SLOT_LIVE) break;
    int n = (int)(st->mem_size[slot] / 4), v = (int)next(in);
    int *p = (int *)st->mem[slot];
    void *args[] = {&p, &n, &v};
    dim3 grid = {1 + next(in) % 4, 1, 1}, block = {1 + (next(in) << 3) % 1100, 1, 1};
    if ((size_t)grid.x * block.x > (size_t)n) n = 0; /* the kernel's bound */
    (void)cudaLaunchKernel((const void *)add_stub, grid, block, args, next(in) % 2 ? 64 : 0,
                           pick_stream(st, in));
    break;
  }
  case 16:
    (void)cudaStreamBeginCapture(pick_stream(st, in), (enum cudaStreamCaptureMode)(next(in) % 4));
    break;
  case 17: { /* end a capture into a graph slot */
    cudaGraph_t g = NULL;
    if (cudaStreamEndCapture(pick_stream(st, in), &g) == cudaSuccess && g) {
      if (st->graph_state[slot] == SLOT_LIVE) (void)cudaGraphDestroy(st->graph[slot]);
      st->graph[slot] = g;
      st->graph_state[slot] = SLOT_LIVE;
    }
    break;
  }
  case 18: {
    cudaGraphExec_t e = NULL;
    if (cudaGraphInstantiate(&e, st->graph[slot], next(in) % 3 ? 0 : 1) == cudaSuccess) {
      int x = (int)(next(in) % FUZZ_SLOTS);
      if (st->exec_state[x] == SLOT_LIVE) (void)cudaGraphExecDestroy(st->exec[x]);
      st->exec[x] = e;
      st->exec_state[x] = SLOT_LIVE;
    }
    break;
  }
  case 19: (void)cudaGraphLaunch(st->exec[slot], pick_stream(st, in)); break;
  case 20:
    if (cudaGraphExecDestroy(st->exec[slot]) == cudaSuccess) st->exec_state[slot] = SLOT_DEAD;
    break;
  case 21:
    if (cudaGraphDestroy(st->graph[slot]) == cudaSuccess) st->graph_state[slot] = SLOT_DEAD;
    break;
  case 22: {
    if (st->graph_state[slot] != SLOT_LIVE) {
      if (cudaGraphCreate(&st->graph[slot], 0) == cudaSuccess) st->graph_state[slot] = SLOT_LIVE;
      break;
    }
    cudaGraphNode_t n = NULL;
    struct cudaHostNodeParams hp = {fuzz_host_fn, NULL};
    if (next(in) % 2)
      (void)cudaGraphAddEmptyNode(&n, st->graph[slot], NULL, 0);
    else
      (void)cudaGraphAddHostNode(&n, st->graph[slot], NULL, 0, &hp);
    break;
  }
  case 23: (void)cudaLaunchHostFunc(pick_stream(st, in), fuzz_host_fn, NULL); break;
  case 24:
    (void)cudaStreamAddCallback(pick_stream(st, in), fuzz_callback, NULL, next(in) % 2);
    break;
  case 25: (void)cudaDeviceSynchronize(); break;
  case 26: (void)cudaGetLastError(); break;
  case 27: { /* register or unregister a host buffer */
    int h = (int)(b % 2);
    if (!st->host_registered[h]) {
      if (cudaHostRegister(st->host[h], FUZZ_HOST_BYTES, next(in) % 4) == cudaSuccess)
        st->host_registered[h] = 1;
    } else if (cudaHostUnregister(st->host[h]) == cudaSuccess) {
      st->host_registered[h] = 0;
    }
    break;
  }
  case 28: {
    struct cudaPointerAttributes a;
    (void)cudaPointerGetAttributes(&a, pick_pointer(st, in, &bound));
    break;
  }
  case 29: {
    cudaGraph_t c = NULL;
    if (cudaGraphClone(&c, st->graph[slot]) == cudaSuccess) (void)cudaGraphDestroy(c);
    break;
  }
  case 30: {
    cudaGraphExecUpdateResultInfo info;
    (void)cudaGraphExecUpdate(st->exec[slot], st->graph[next(in) % FUZZ_SLOTS], &info);
    break;
  }
  case 31: {
    enum cudaStreamCaptureStatus cs;
    (void)cudaStreamIsCapturing(pick_stream(st, in), &cs);
    break;
  }
  case 32: {
    void *p = NULL;
    (void)cudaFreeAsync(pick_pointer(st, in, &bound), pick_stream(st, in));
    (void)p;
    break;
  }
  case 33: {
    float ms;
    (void)cudaEventElapsedTime(&ms, pick_event(st, in), pick_event(st, in));
    break;
  }
  case 34: {
    void *dst = pick_pointer(st, in, &bound);
    size_t n = pick_size(in);
    if (n <= bound && dst != st->host[0] && dst != st->host[1])
      (void)cudaMemsetAsync(dst, b, n, pick_stream(st, in));
    break;
  }
  case 35: {
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess) (void)cudaMemPoolTrimTo(pool, 0);
    break;
  }
  case 36: {
    size_t f, t;
    (void)cudaMemGetInfo(&f, &t);
    break;
  }
  case 37: {
    enum cudaStreamCaptureMode mode = (enum cudaStreamCaptureMode)(next(in) % 3);
    (void)cudaThreadExchangeStreamCaptureMode(&mode);
    (void)cudaThreadExchangeStreamCaptureMode(&mode);
    break;
  }
  case 38: {
    void *dst = pick_pointer(st, in, &bound), *src = pick_pointer(st, in, &bound2);
    size_t w = pick_size(in) % 256, h = next(in) % 8;
    if (w * (h ? h : 1) <= bound && w * (h ? h : 1) <= bound2)
      (void)cudaMemcpy2D(dst, w, src, w, w, h, (enum cudaMemcpyKind)(next(in) % 5));
    break;
  }
  default: (void)cudaPeekAtLastError(); break;
  }
}

/* Ends every capture, destroys every live handle, frees every live block. */
static void fuzz_cleanup(fuzz_state *st) {
  for (int i = 0; i < FUZZ_SLOTS; i++) {
    if (st->stream_state[i] == SLOT_LIVE) {
      cudaGraph_t g = NULL;
      enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
      if (cudaStreamIsCapturing(st->stream[i], &cs) == cudaSuccess &&
          cs != cudaStreamCaptureStatusNone &&
          cudaStreamEndCapture(st->stream[i], &g) == cudaSuccess && g)
        (void)cudaGraphDestroy(g);
    }
  }
  cudaGraph_t g = NULL;
  enum cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
  cudaStream_t defaults[] = {0, cudaStreamPerThread};
  for (int i = 0; i < 2; i++)
    if (cudaStreamIsCapturing(defaults[i], &cs) == cudaSuccess &&
        cs != cudaStreamCaptureStatusNone && cudaStreamEndCapture(defaults[i], &g) == cudaSuccess &&
        g)
      (void)cudaGraphDestroy(g);
  (void)cudaDeviceSynchronize();
  for (int i = 0; i < FUZZ_SLOTS; i++) {
    if (st->exec_state[i] == SLOT_LIVE) (void)cudaGraphExecDestroy(st->exec[i]);
    if (st->graph_state[i] == SLOT_LIVE) (void)cudaGraphDestroy(st->graph[i]);
    if (st->event_state[i] == SLOT_LIVE) (void)cudaEventDestroy(st->event[i]);
    if (st->mem_state[i] == SLOT_LIVE) {
      st->mem_kind[i] = st->mem_kind[i] == 3 ? 0 : st->mem_kind[i]; /* now, whatever happened */
      (void)fuzz_free_slot(st, i, 0);
    }
  }
  (void)cudaDeviceSynchronize();
  for (int i = 0; i < FUZZ_SLOTS; i++)
    if (st->stream_state[i] == SLOT_LIVE) (void)cudaStreamDestroy(st->stream[i]);
  for (int h = 0; h < 2; h++)
    if (st->host_registered[h]) (void)cudaHostUnregister(st->host[h]);
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess) (void)cudaMemPoolTrimTo(pool, 0);
  (void)cudaDeviceSynchronize();
  (void)cudaGetLastError();
}

static unsigned char host_buffers[2][FUZZ_HOST_BYTES] __attribute__((aligned(4096)));
static size_t free_at_start;
static void **fatbin;
static unsigned char *blob;

static void fuzz_setup(void) {
  blob = make_module(kernels, 1, NULL, 0, msl);
  static fatbin_wrapper w;
  w.magic = AC_FATBIN_MAGIC;
  w.version = AC_FATBIN_VERSION;
  w.data = blob;
  fatbin = __cudaRegisterFatBinary(&w);
  __cudaRegisterFunction(fatbin, (const char *)add_stub, (char *)"add", "add", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFatBinaryEnd(fatbin);
  /* The first launch creates the device services (printf FIFO, heap, ...: arena
   * blocks kept for the process): measure after one. */
  int *p = NULL, n = 0, v = 0;
  void *args[] = {&p, &n, &v};
  dim3 one = {1, 1, 1};
  size_t total;
  (void)cudaLaunchKernel((const void *)add_stub, one, one, args, 0, 0);
  (void)cudaDeviceSynchronize();
  (void)cudaMemGetInfo(&free_at_start, &total);
}

/* One sequence; returns 0, or 1 when the arena lost memory or an error stuck. */
static int fuzz_one(const uint8_t *data, size_t size) {
  fuzz_state st;
  memset(&st, 0, sizeof st);
  st.host[0] = host_buffers[0];
  st.host[1] = host_buffers[1];
  fuzz_input in = {data, size, 0};
  const char *trace = getenv("FUZZ_TRACE");
  while (in.at < in.size) {
    size_t at = in.at;
    fuzz_step(&st, &in);
    if (trace) {
      size_t f = 0, t = 0;
      (void)cudaMemGetInfo(&f, &t);
      printf("op %u (byte %zu): %s, free %zu\n", data[at] % 40, at,
             cudaGetErrorName(cudaPeekAtLastError()), f);
    }
  }
  fuzz_cleanup(&st);
  size_t free_now = 0, total = 0;
  cudaError_t e = cudaMemGetInfo(&free_now, &total);
  if (e != cudaSuccess || free_now != free_at_start) {
    printf("FAIL: after a sequence and its clean-up: cudaMemGetInfo %s, free %zu, was %zu\n",
           cudaGetErrorName(e), free_now, free_at_start);
    return 1;
  }
  return 0;
}

#ifdef ANCHOR_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!fatbin) fuzz_setup();
  if (fuzz_one(data, size)) abort();
  return 0;
}
#else
static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "FAIL: fuzz_calls hung (300 s)\n";
  if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
  _exit(2);
}

int main(int argc, char **argv) {
  int sequences = argc > 1 ? atoi(argv[1]) : FUZZ_SEQUENCES;
  uint64_t seed = argc > 1 ? (uint64_t)sequences : 1;
  signal(SIGALRM, on_alarm);
  alarm(300);
  fuzz_setup();
  int failures = 0;
  static uint8_t bytes[FUZZ_LENGTH];
  int s = 0;
  for (; s < sequences && failures < 5; s++) {
    for (int i = 0; i < FUZZ_LENGTH; i++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      bytes[i] = (uint8_t)(seed >> 56);
    }
    if (fuzz_one(bytes, sizeof bytes)) {
      printf("  (sequence %d)\n", s);
      failures++;
    }
  }
  __cudaUnregisterFatBinary(fatbin);
  free(blob);
  printf("fuzz_calls: %d sequences of %d bytes, %d host functions ran: %s\n", s, FUZZ_LENGTH,
         host_calls, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
#endif
