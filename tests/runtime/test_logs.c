/* tests/runtime/test_logs.c — the driver's error log (cuLogs*; docs/runtime.md
 * "Driver API"): a failing driver call is one line naming its code and the
 * function, given to a registered callback, kept for cuLogsDumpToMemory/ToFile
 * from an auto-advancing iterator, written to CUDA_LOG_FILE; a buffer too small
 * for a line, the 25600-byte bound (the oldest lines dropped, with a note),
 * unregistering, and the codes of bad calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cuda.h"

#define CHECK_CU CHECK_DRV

static int calls;
static char last[512];
static CUlogLevel last_level = (CUlogLevel)-1;

static void CUDA_CB on_log(void *data, CUlogLevel level, char *message, size_t length) {
  calls++;
  CHECK(data == &calls && strlen(message) == length && length < sizeof last);
  memcpy(last, message, length + 1);
  last_level = level;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  static char text[65536];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  return text;
}

static int count_lines(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

/* CUDA's explanations before the "Returning" line, each as an H100 logged it (CUDA 13.0,
 * driver 580, 2026-12-07: tests/runtime/cuda/driver_issue9_codes.cpp): the stream memory
 * operations' flags, flushes, alignment and addresses, and a device that is its own peer.
 * Every line from a mark, exactly. */
static void explanations(CUstream s, CUdeviceptr word) {
  CUlogIterator from = 0;
  CHECK_CU(cuLogsCurrent(&from, 0), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(s, word, 1, CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWaitValue32(s, word, 0, CU_STREAM_WAIT_VALUE_GEQ | CU_STREAM_WAIT_VALUE_FLUSH),
           CUDA_ERROR_NOT_SUPPORTED);
  CHECK_CU(cuStreamWaitValue32(s, word, 0, 4), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWaitValue32(s, word + 2, 0, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWaitValue64(s, word + 4, 0, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamWriteValue32(s, 0x1000, 0, 0), CUDA_ERROR_INVALID_VALUE);
  CUstreamBatchMemOpParams op;
  memset(&op, 0, sizeof op);
  op.flushRemoteWrites.operation = CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES;
  CHECK_CU(cuStreamBatchMemOp(s, 1, &op, 0), CUDA_ERROR_NOT_SUPPORTED);
  int p2p = -1;
  CHECK_CU(cuDeviceGetP2PAttribute(&p2p, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0),
           CUDA_ERROR_INVALID_DEVICE);
  char want[2048];
  unsigned long long w = (unsigned long long)word;
  snprintf(want, sizeof want,
           "Index 0: Invalid flags 0x1\n"
           "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuStreamWriteValue32_v2\n"
           "Index 0: Hardware does not support flushing remote writes\n"
           "Returning 801 (CUDA_ERROR_NOT_SUPPORTED) from cuStreamWaitValue32_v2\n"
           "Index 0: Invalid flags 0x4\n"
           "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuStreamWaitValue32_v2\n"
           "Index 0: Address 0x%llx not aligned\n"
           "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuStreamWaitValue32_v2\n"
           "Index 0: Address 0x%llx not aligned\n"
           "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuStreamWaitValue64_v2\n"
           "Batch memory address 0x0000000000001000 is not valid\n"
           "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuStreamWriteValue32_v2\n"
           "Index 0: Hardware does not support flushing remote writes\n"
           "Returning 801 (CUDA_ERROR_NOT_SUPPORTED) from cuStreamBatchMemOp_v2\n"
           "Same source and destination device: 0\n"
           "Returning 101 (CUDA_ERROR_INVALID_DEVICE) from cuDeviceGetP2PAttribute\n",
           w + 2, w + 4);
  static char dumped[8192], got[8192];
  size_t size = sizeof dumped;
  CHECK_CU(cuLogsDumpToMemory(&from, dumped, &size, 0), CUDA_SUCCESS);
  /* each line without its "[time][thread][CUDA][E] " header */
  got[0] = 0;
  for (char *line = dumped; *line;) {
    char *end = strchr(line, '\n');
    char *body = strstr(line, "[CUDA][E] ");
    if (!end || !body || body > end) break;
    body += strlen("[CUDA][E] ");
    strncat(got, body, (size_t)(end - body) + 1);
    line = end + 1;
  }
  CHECK(strcmp(got, want) == 0);
  if (strcmp(got, want) != 0) printf("logged:\n%swanted:\n%s", got, want);
}

int main(void) {
  char env_path[] = "/tmp/anchor_cuda_log_XXXXXX";
  int fd = mkstemp(env_path);
  CHECK(fd >= 0);
  close(fd);
  setenv("CUDA_LOG_FILE", env_path, 1); /* read at the first line */
  CUlogIterator it = 0;
  CHECK_CU(cuLogsCurrent(&it, 0), CUDA_SUCCESS); /* before cuInit too, as CUDA 13's */
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CUcontext ctx;
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);

  CUlogIterator start = 0;
  CHECK_CU(cuLogsCurrent(&start, 0), CUDA_SUCCESS);
  CUlogsCallbackHandle handle = NULL;
  CHECK_CU(cuLogsRegisterCallback(on_log, &calls, &handle), CUDA_SUCCESS);
  CHECK(handle != NULL);

  /* a failing call: its lines, to the callback without the header, naming the code and
   * the function, as an H100's driver (CUDA 13.0) logged cuMemAlloc(&p, 0): "Requested 0
   * byte allocation", "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuMemAlloc_v2" */
  CUdeviceptr p = 0;
  CHECK_CU(cuMemAlloc(&p, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK(calls == 2 && last_level == CU_LOG_LEVEL_ERROR);
  CHECK(strcmp(last, "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuMemAlloc_v2") == 0);
  printf("logged: %s\n", last);
  /* a successful call and an answer (not ready) log nothing */
  CHECK_CU(cuMemAlloc(&p, 64), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
  CHECK(calls == 2);

  /* dumped from the iterator: the line, then nothing new */
  char buffer[4096];
  size_t size = sizeof buffer;
  it = start;
  CHECK_CU(cuLogsDumpToMemory(&it, buffer, &size, 0), CUDA_SUCCESS);
  CHECK(size == strlen(buffer) && count_lines(buffer) == 2 && strstr(buffer, last));
  CHECK(strstr(buffer, "[CUDA][E] Requested 0 byte allocation\n") &&
        strstr(buffer, "[CUDA][E] Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuMemAlloc_v2\n"));
  CHECK(it == start + 2);
  size = sizeof buffer;
  CHECK_CU(cuLogsDumpToMemory(&it, buffer, &size, 0), CUDA_SUCCESS);
  CHECK(size == 0 && buffer[0] == 0);

  /* too small for a line: INVALID_VALUE, nothing written, the iterator kept */
  CHECK_CU(cuStreamSynchronize((CUstream)(void *)0x10), CUDA_ERROR_INVALID_HANDLE);
  CHECK(calls == 3 &&
        strcmp(last, "Returning 400 (CUDA_ERROR_INVALID_HANDLE) from cuStreamSynchronize") == 0);
  CUlogIterator before = it;
  size = 8;
  CHECK_CU(cuLogsDumpToMemory(&it, buffer, &size, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK(size == 0 && it == before);
  CHECK(calls == 5 && strstr(last, "from cuLogsDumpToMemory")); /* logged itself, explained */
  size = sizeof buffer;
  CHECK_CU(cuLogsDumpToMemory(&it, buffer, &size, 0), CUDA_SUCCESS);
  CHECK(count_lines(buffer) == 3 && strstr(buffer, "cuStreamSynchronize") &&
        strstr(buffer, "Provided buffer is not large enough to write any logs to") &&
        strstr(buffer, "cuLogsDumpToMemory"));

  /* to a file, all the lines (NULL iterator) */
  char path[] = "/tmp/anchor_logs_XXXXXX";
  fd = mkstemp(path);
  CHECK(fd >= 0);
  close(fd);
  CHECK_CU(cuLogsDumpToFile(NULL, path, 0), CUDA_SUCCESS);
  char *text = read_file(path);
  CHECK(text && count_lines(text) >= 3 && strstr(text, "cuMemAlloc_v2") &&
        strstr(text, "cuStreamSynchronize"));
  remove(path);
  /* CUDA_LOG_FILE got every line as it happened */
  text = read_file(env_path);
  CHECK(text && count_lines(text) == 5 && strstr(text, "cuMemAlloc_v2"));
  remove(env_path);

  /* the bound: 25600 bytes; older lines dropped, a note says so */
  for (int i = 0; i < 1000; i++)
    CHECK_CU(cuMemAlloc(&p, 0), CUDA_ERROR_INVALID_VALUE);
  static char big[65536];
  size = sizeof big;
  it = start;
  CHECK_CU(cuLogsDumpToMemory(&it, big, &size, 0), CUDA_SUCCESS);
  CHECK(size <= 25600 + 200 && size == strlen(big));
  CHECK(strncmp(big, "[CUDA][W]", 9) == 0 && strstr(big, "older log messages were overwritten"));
  CHECK(count_lines(big) > 100 && count_lines(big) < 1004);
  CUlogIterator now = 0;
  CHECK_CU(cuLogsCurrent(&now, 0), CUDA_SUCCESS);
  CHECK(it == now);

  /* unregistered: no more calls */
  int before_calls = calls;
  CHECK_CU(cuLogsUnregisterCallback(handle), CUDA_SUCCESS);
  CHECK_CU(cuMemAlloc(&p, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK(calls == before_calls);
  CHECK_CU(cuLogsUnregisterCallback(handle), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsRegisterCallback(on_log, &calls, NULL), CUDA_SUCCESS); /* the handle optional */

  /* bad calls */
  CHECK_CU(cuLogsRegisterCallback(NULL, NULL, &handle), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsUnregisterCallback(NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsCurrent(NULL, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsCurrent(&it, 1), CUDA_ERROR_INVALID_VALUE);
  size = sizeof buffer;
  CHECK_CU(cuLogsDumpToMemory(&it, NULL, &size, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsDumpToMemory(&it, buffer, NULL, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsDumpToMemory(&it, buffer, &size, 1), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuLogsDumpToFile(&it, NULL, 0), CUDA_ERROR_INVALID_VALUE);
  /* a stream memory operation's error names the function called (CUDA 13 on an H100:
   * "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuStreamWriteValue32_v2") */
  CUstream s = NULL;
  CHECK_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUdeviceptr word = 0;
  CHECK_CU(cuMemAlloc(&word, 64), CUDA_SUCCESS);
  CHECK_CU(cuStreamWriteValue32(s, word, 1, 0x1), CUDA_ERROR_INVALID_VALUE);
  CHECK(strstr(last, "from cuStreamWriteValue32_v2") != NULL);
  CHECK_CU(cuStreamWaitValue64(s, word + 4, 0, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK(strstr(last, "from cuStreamWaitValue64_v2") != NULL);
  explanations(s, word);
  CHECK_CU(cuMemFree(word), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(s), CUDA_SUCCESS);
  CUlogIterator mark = 0;
  CHECK_CU(cuLogsCurrent(&mark, 0), CUDA_SUCCESS);
  CHECK_CU(cuLogsDumpToFile(&it, "/nonexistent-dir/log.txt", 0), CUDA_ERROR_INVALID_VALUE);
  size = sizeof buffer;
  CHECK_CU(cuLogsDumpToMemory(&mark, buffer, &size, 0), CUDA_SUCCESS);
  CHECK(count_lines(buffer) == 2 &&
        strstr(buffer, "Unable to open file at /nonexistent-dir/log.txt for dumping logs\n") &&
        strstr(buffer, "Returning 1 (CUDA_ERROR_INVALID_VALUE) from cuLogsDumpToFile\n"));
  return check_finish("test_logs");
}
