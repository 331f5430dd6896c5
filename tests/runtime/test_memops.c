/* tests/runtime/test_memops.c — stream memory operations (cuStreamWaitValue32/64,
 * cuStreamWriteValue32/64, cuStreamBatchMemOp; docs/runtime.md "Driver API"):
 * a wait holds the stream's later work (a memset blit and an event) until another
 * stream's write, or the host writing registered memory, satisfies it; the
 * enqueueing thread is never held up; each condition (GEQ cyclic, EQ, AND,
 * NOR) in 32 and 64 bits against the same rule computed here; writes land
 * after the stream's earlier work; a batch runs in order; bad calls give
 * CUDA's codes, and a capturing stream records a batch-memop node.
 * No kernels, so the sanitizer build runs it too. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cuda.h"

#define CHECK_CU CHECK_DRV

static void sleep_ms(int ms) {
  struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

/* Read through stream s, so that a stream held by a wait is not waited for
 * (Anchor's synchronous copies wait for the whole device). */
static uint32_t read32(CUdeviceptr p, CUstream s) {
  uint32_t v = 0;
  CHECK_CU(cuMemcpyDtoHAsync(&v, p, 4, s), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  return v;
}

/* What CUDA documents for each condition, computed independently. */
static int holds(uint64_t word, uint64_t value, unsigned condition, int bits) {
  uint64_t mask = bits == 32 ? 0xffffffffu : ~0ull;
  word &= mask;
  value &= mask;
  switch (condition) {
  case CU_STREAM_WAIT_VALUE_GEQ:
    return bits == 32 ? (int32_t)(uint32_t)(word - value) >= 0 : (int64_t)(word - value) >= 0;
  case CU_STREAM_WAIT_VALUE_EQ: return word == value;
  case CU_STREAM_WAIT_VALUE_AND: return (word & value) != 0;
  default: return (~(word | value) & mask) != 0;
  }
}

/* A wait that blocks: the memset after it has not run 100 ms later; the
 * write from another stream releases it. */
static void wait_released_by_other_stream(CUstream a, CUstream b, CUdeviceptr flag,
                                          CUdeviceptr buf) {
  CUevent done;
  CHECK_CU(cuEventCreate(&done, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32(flag, 0, 1), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32(buf, 0, 64), CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS); /* a memset of device memory is asynchronous */
  CHECK_CU(cuStreamWaitValue32(a, flag, 5, CU_STREAM_WAIT_VALUE_EQ), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32Async(buf, 0x07070707, 64, a), CUDA_SUCCESS);
  CHECK_CU(cuEventRecord(done, a), CUDA_SUCCESS);
  sleep_ms(100);
  CHECK_CU(cuEventQuery(done), CUDA_ERROR_NOT_READY);
  CHECK_CU(cuStreamQuery(a), CUDA_ERROR_NOT_READY);
  CHECK(read32(buf, b) == 0);
  /* a write of the wrong value leaves it waiting */
  CHECK_CU(cuStreamWriteValue32(b, flag, 4, 0), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(b), CUDA_SUCCESS);
  sleep_ms(50);
  CHECK_CU(cuEventQuery(done), CUDA_ERROR_NOT_READY);
  CHECK_CU(cuStreamWriteValue32(b, flag, 5, 0), CUDA_SUCCESS);
  CHECK_CU(cuEventSynchronize(done), CUDA_SUCCESS);
  CHECK(read32(buf, b) == 0x07070707 && read32(buf + 63 * 4, b) == 0x07070707);
  CHECK_CU(cuEventDestroy(done), CUDA_SUCCESS);
}

/* The host signals the GPU through registered memory (the usual use). */
static void wait_released_by_host(CUstream a, CUstream b, CUdeviceptr buf) {
  uint64_t *host = aligned_alloc(4096, 4096);
  memset(host, 0, 4096);
  CHECK_CU(cuMemHostRegister(host, 4096, CU_MEMHOSTREGISTER_DEVICEMAP), CUDA_SUCCESS);
  CUdeviceptr dhost = 0;
  CHECK_CU(cuMemHostGetDevicePointer(&dhost, host, 0), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32(buf, 0, 1), CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
  CHECK_CU(cuStreamWaitValue64(a, dhost, 0x100000000ull, CU_STREAM_WAIT_VALUE_GEQ), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32Async(buf, 0x09090909, 1, a), CUDA_SUCCESS);
  sleep_ms(50);
  CHECK_CU(cuStreamQuery(a), CUDA_ERROR_NOT_READY);
  __atomic_store_n(&host[0], 0x0ffffffffull, __ATOMIC_SEQ_CST); /* still below */
  sleep_ms(50);
  CHECK_CU(cuStreamQuery(a), CUDA_ERROR_NOT_READY);
  __atomic_store_n(&host[0], 0x100000001ull, __ATOMIC_SEQ_CST);
  CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);
  CHECK(read32(buf, b) == 0x09090909);
  /* a write to registered memory reaches the host's bytes */
  CHECK_CU(cuStreamWriteValue64(a, dhost + 8, 0x1122334455667788ull, 0), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);
  CHECK(host[1] == 0x1122334455667788ull);
  CHECK_CU(cuMemHostUnregister(host), CUDA_SUCCESS);
  free(host);
}

/* Every condition, on values where it holds (the stream gets through) and
 * where it does not (the stream waits until the word is changed so it does). */
static void conditions(CUstream a, CUstream b, CUdeviceptr word) {
  static const uint64_t words[] = {
      0, 1, 5, 0x7fffffff, 0x80000000u, 0xfffffffeu, 0x100000000ull, 0x8000000000000000ull, ~0ull};
  static const uint64_t values[] = {0, 1, 4, 0x80000001u, 0xffffffffu, 0x100000000ull, ~0ull};
  int checked = 0, blocked = 0;
  for (int bits = 32; bits <= 64; bits += 32)
    for (unsigned c = CU_STREAM_WAIT_VALUE_GEQ; c <= CU_STREAM_WAIT_VALUE_NOR; c++)
      for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        for (size_t j = 0; j < sizeof values / sizeof *values; j++) {
          uint64_t w = words[i], v = values[j];
          /* the word for which the condition holds: v (GEQ, EQ, AND) or 0
           * (NOR); none for AND 0 and NOR all ones, never enqueued (a wait
           * that is never satisfied holds the stream for ever, as in CUDA) */
          uint64_t ok = c == CU_STREAM_WAIT_VALUE_NOR ? 0 : v;
          if (!holds(ok, v, c, bits)) {
            CHECK((c == CU_STREAM_WAIT_VALUE_AND && (uint32_t)v == 0 && (bits == 32 || !v)) ||
                  c == CU_STREAM_WAIT_VALUE_NOR);
            continue;
          }
          CHECK_CU(cuMemsetD32(word, 0, 2), CUDA_SUCCESS);
          CHECK_CU(cuMemcpyHtoD(word, &w, bits / 8), CUDA_SUCCESS);
          CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
          CUresult r = bits == 32 ? cuStreamWaitValue32(a, word, (uint32_t)v, c)
                                  : cuStreamWaitValue64(a, word, v, c);
          CHECK_CU(r, CUDA_SUCCESS);
          if (!holds(w, v, c, bits)) {
            blocked++;
            sleep_ms(2);
            if (cuStreamQuery(a) != CUDA_ERROR_NOT_READY) {
              fprintf(stderr, "condition %u/%d passed: word %llx value %llx\n", c, bits,
                      (unsigned long long)w, (unsigned long long)v);
              check_failures++;
            }
            r = bits == 32 ? cuStreamWriteValue32(b, word, (uint32_t)ok, 0)
                           : cuStreamWriteValue64(b, word, ok, 0);
            CHECK_CU(r, CUDA_SUCCESS);
          }
          CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);
          checked++;
        }
  CHECK(checked > 100 && blocked > 20);
}

int main(void) {
  CUcontext ctx = NULL;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
  int attribute = 0;
  CHECK_CU(cuDeviceGetAttribute(&attribute, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, 0),
           CUDA_SUCCESS);
  CHECK(attribute == 1);
  CHECK_CU(cuDeviceGetAttribute(&attribute, CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR, 0),
           CUDA_SUCCESS);
  CHECK(attribute == 1);
  CUstream a, b;
  CHECK_CU(cuStreamCreate(&a, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CHECK_CU(cuStreamCreate(&b, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUdeviceptr flag, buf, word;
  CHECK_CU(cuMemAlloc(&flag, 64), CUDA_SUCCESS);
  CHECK_CU(cuMemAlloc(&buf, 256), CUDA_SUCCESS);
  CHECK_CU(cuMemAlloc(&word, 64), CUDA_SUCCESS);

  wait_released_by_other_stream(a, b, flag, buf);
  wait_released_by_host(a, b, buf);

  /* a write lands after the stream's earlier work: the memset, then the flag */
  CHECK_CU(cuMemsetD32(flag, 0, 2), CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS); /* a memset of device memory is asynchronous */
  CHECK_CU(cuMemsetD32Async(buf, 0x03030303, 64, a), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(a, flag, 1, 0), CUDA_SUCCESS);
  CHECK_CU(cuStreamWaitValue32(b, flag, 1, CU_STREAM_WAIT_VALUE_EQ), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoDAsync(buf + 128, buf, 64, b), CUDA_SUCCESS); /* sees the memset */
  CHECK_CU(cuStreamSynchronize(b), CUDA_SUCCESS);
  CHECK(read32(buf + 128, b) == 0x03030303 && read32(buf + 188, b) == 0x03030303);

  /* a batch in order: write, barrier, wait on what it wrote, 64-bit write */
  CUstreamBatchMemOpParams ops[4];
  memset(ops, 0, sizeof ops);
  ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
  ops[0].writeValue.address = word;
  ops[0].writeValue.value = 41;
  ops[1].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
  ops[1].memoryBarrier.flags = CU_STREAM_MEMORY_BARRIER_TYPE_SYS;
  ops[2].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
  ops[2].waitValue.address = word;
  ops[2].waitValue.value = 40;
  ops[2].waitValue.flags = CU_STREAM_WAIT_VALUE_GEQ;
  ops[3].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  ops[3].writeValue.address = word + 8;
  ops[3].writeValue.value64 = 0xa5a5a5a5deadbeefull;
  CHECK_CU(cuStreamBatchMemOp(a, 4, ops, 0), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);
  uint64_t got[2] = {0, 0};
  CHECK_CU(cuMemcpyDtoH(got, word, 16), CUDA_SUCCESS);
  CHECK((uint32_t)got[0] == 41 && got[1] == 0xa5a5a5a5deadbeefull);
  CHECK_CU(cuStreamBatchMemOp(a, 0, NULL, 0), CUDA_SUCCESS);

  conditions(a, b, word);

  /* CUDA's codes for bad calls */
  CHECK_CU(cuStreamWaitValue32(a, flag, 0, 4), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWaitValue32(a, flag, 0, CU_STREAM_WAIT_VALUE_FLUSH), CUDA_ERROR_NOT_SUPPORTED);
  CHECK_CU(cuStreamWaitValue32(a, flag + 2, 0, 0), CUDA_ERROR_INVALID_VALUE); /* unaligned */
  CHECK_CU(cuStreamWaitValue64(a, flag + 4, 0, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWriteValue32(a, 0, 0, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWriteValue32(a, flag + 64, 0, 0), CUDA_ERROR_INVALID_VALUE); /* past it */
  CHECK_CU(cuStreamWriteValue32(a, flag, 0, CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWriteValue32((CUstream)(uintptr_t)0x1234, flag, 0, 0),
           CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuStreamBatchMemOp(a, 1, NULL, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamBatchMemOp(a, 1, ops, 1), CUDA_ERROR_INVALID_VALUE);
  ops[0].operation = (CUstreamBatchMemOpType)99;
  CHECK_CU(cuStreamBatchMemOp(a, 1, ops, 0), CUDA_ERROR_INVALID_VALUE);
  ops[0].flushRemoteWrites.operation = CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES;
  CHECK_CU(cuStreamBatchMemOp(a, 1, ops, 0), CUDA_ERROR_NOT_SUPPORTED);
  /* captured: a batch-memop node, performed when the graph runs (e2e graph_memops has more) */
  CHECK_CU(cuMemsetD32(flag, 0, 1), CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
  CHECK_CU(cuStreamBeginCapture(a, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(a, flag, 1, 0), CUDA_SUCCESS);
  CUgraph g = NULL;
  CHECK_CU(cuStreamEndCapture(a, &g), CUDA_SUCCESS);
  CHECK(read32(flag, b) == 0); /* not performed by the capture */
  CUgraphNode node = NULL;
  size_t count = 1;
  CHECK_CU(cuGraphGetNodes(g, &node, &count), CUDA_SUCCESS);
  CUgraphNodeType type = CU_GRAPH_NODE_TYPE_EMPTY;
  CHECK_CU(cuGraphNodeGetType(node, &type), CUDA_SUCCESS);
  CHECK(count == 1 && type == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP);
  CUgraphExec x = NULL;
  CHECK_CU(cuGraphInstantiate(&x, g, 0), CUDA_SUCCESS);
  CHECK_CU(cuGraphLaunch(x, a), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);
  CHECK(read32(flag, b) == 1);
  CHECK_CU(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);

  /* the legacy stream orders them too */
  CHECK_CU(cuMemsetD32(flag, 0, 1), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(NULL, flag, 77, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
  CHECK(read32(flag, b) == 77);

  CHECK_CU(cuMemFree(flag), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(buf), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(word), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(a), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(b), CUDA_SUCCESS);
  return check_finish("test_memops");
}
