// cudaLimitPrintfFifoSize: its default (8650752 bytes), a smaller FIFO set before
// any kernel that prints (8192 reads back as 512 KiB), and what a kernel printing more than
// fits leaves (the H200 printed all of 2000 lines of 45 bytes in its 512 KiB, so 30000 here):
// whole lines only, each one a line the device printed, fewer than all of
// them, the last one among them (CUDA's Programming Guide: the buffer is circular, older
// output is overwritten). Once a kernel that uses printf has been launched, setting the
// limit is cudaErrorInvalidValue and the size stays (cudaDeviceSetLimit's
// documentation). Prints the values so a run under nvcc can be compared.
#include <cstdio>
#include <set>
#include <string>

#include "printf_capture.h"

// The H200 with nvcc 13.0 (2026-12-01): the default is 8650752 bytes, 8192 set reads back as
// 524288 (Anchor: a minimum of 512 KiB).
enum { LINES = 30000, SMALL = 8192, DEFAULT_FIFO = 8650752, SMALL_FIFO = 512 << 10 };

__global__ void flood(void) {
  for (int k = 0; k < LINES; k++)
    printf("fifo line %4d of %d: some text to fill it\n", k, LINES);
}

int main() {
  bool ok = true;
  size_t fifo = 0;
  cudaError_t e = cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  printf("default cudaLimitPrintfFifoSize %zu (%s)\n", fifo, cudaGetErrorName(e));
  ok = ok && e == cudaSuccess && fifo == DEFAULT_FIFO;

  // a size above the minimum: what it reads back tells a minimum from a rounding (printed)
  e = cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1000000);
  cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  printf("set 1000000: %s, now %zu\n", cudaGetErrorName(e), fifo);

  e = cudaDeviceSetLimit(cudaLimitPrintfFifoSize, SMALL);
  cudaError_t g = cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  printf("set %d: %s, now %zu\n", SMALL, cudaGetErrorName(e), fifo);
  ok = ok && e == cudaSuccess && g == cudaSuccess && fifo == SMALL_FIFO;

  capture c = capture_begin(1);
  flood<<<1, 1>>>();
  e = cudaDeviceSynchronize();
  std::string out = capture_end(c);
  ok = ok && e == cudaSuccess;

  std::set<int> seen;
  size_t at = 0, lines = 0;
  bool whole = true;
  while (at < out.size()) {
    size_t end = out.find('\n', at);
    if (end == std::string::npos) { // a line cut short
      whole = false;
      break;
    }
    std::string line = out.substr(at, end - at);
    int k, n;
    char tail[64];
    if (sscanf(line.c_str(), "fifo line %d of %d: %63[^\n]", &k, &n, tail) != 3 || n != LINES ||
        std::string(tail) != "some text to fill it" || !seen.insert(k).second)
      whole = false;
    lines++;
    at = end + 1;
  }
  // which ones: the newest, since older output is overwritten (the Programming Guide; the
  // H200 with nvcc 13.0, 2026-12-02, printed 15502 lines from 1278 to 29999, not all of
  // them in between): the last line must be there; Anchor's ring keeps the newest whole
  // records, a contiguous run ending with the last (printed, not checked: CUDA's is not)
  bool newest = !seen.empty() && *seen.rbegin() == LINES - 1;
  bool contiguous = !seen.empty() && (size_t)(*seen.rbegin() - *seen.begin() + 1) == seen.size();
  printf("%zu of %d lines printed (%zu bytes; lines %d to %d), all whole: %s, newest: %s, "
         "contiguous: %s\n",
         lines, LINES, out.size(), seen.empty() ? -1 : *seen.begin(),
         seen.empty() ? -1 : *seen.rbegin(), whole ? "yes" : "no", newest ? "yes" : "no",
         contiguous ? "yes" : "no");
  ok = ok && whole && newest && lines > 0 && lines < LINES;

  e = cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 16);
  g = cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  printf("set after a printf launch: %s, still %zu\n", cudaGetErrorName(e), fifo);
  ok = ok && e == cudaErrorInvalidValue && g == cudaSuccess && fifo == SMALL_FIFO;
  cudaGetLastError(); // the refused set is the last error
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
