// Device-side printf from many threads of many blocks: every call's output
// arrives whole (never interleaved with another call's), each line exactly
// once, a thread's lines in the order it printed them, and at the points
// CUDA's Programming Guide says the buffer is flushed: not before the
// synchronising call (a host line printed after the launch comes first),
// and at a blocking cudaMemcpy (before the host's next line); of two
// kernels in one stream, the first one's lines all come first. Output is
// captured (printf_capture.h) and checked here; the order between threads
// is CUDA's to choose, so lines are matched as a set.
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "printf_capture.h"

enum { BLOCKS = 8, THREADS = 96, LINES = 3 };

__global__ void chatter(int round, int *done) {
  int b = blockIdx.x, t = threadIdx.x;
  for (int k = 0; k < LINES; k++)
    printf("round %d block %d thread %d line %d: %s %08x %.2f\n", round, b, t, k,
           (t & 1) ? "odd" : "even", (unsigned)(b * 1000 + t), b + t / 100.0);
  done[b * THREADS + t] = 1;
}

// The lines the device should have printed in one round.
static std::vector<std::string> expected_lines(int round) {
  std::vector<std::string> lines;
  char buf[160];
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0; t < THREADS; t++)
      for (int k = 0; k < LINES; k++) {
        snprintf(buf, sizeof buf, "round %d block %d thread %d line %d: %s %08x %.2f", round, b, t,
                 k, (t & 1) ? "odd" : "even", (unsigned)(b * 1000 + t), b + t / 100.0);
        lines.push_back(buf);
      }
  return lines;
}

static std::vector<std::string> split(const std::string &text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

// The device's lines of one round, after the host's marker line; every
// expected line once, each thread's in order.
static bool check_round(const std::vector<std::string> &got, int round, const char *marker) {
  std::vector<std::string> want = expected_lines(round);
  if (got.empty() || got[0] != marker) {
    printf("round %d: the first line is not the host's \"%s\"\n", round, marker);
    return false;
  }
  if (got.size() != want.size() + 1) {
    printf("round %d: %zu lines, expected %zu\n", round, got.size() - 1, want.size());
    return false;
  }
  std::set<std::string> expected(want.begin(), want.end()), seen;
  std::vector<int> next(BLOCKS * THREADS, 0);
  for (size_t i = 1; i < got.size(); i++) {
    const std::string &l = got[i];
    if (!expected.count(l) || !seen.insert(l).second) {
      printf("round %d: unexpected or repeated line \"%s\"\n", round, l.c_str());
      return false;
    }
    int r, b, t, k;
    if (sscanf(l.c_str(), "round %d block %d thread %d line %d", &r, &b, &t, &k) != 4 ||
        next[b * THREADS + t] != k) {
      printf("round %d: line out of its thread's order: \"%s\"\n", round, l.c_str());
      return false;
    }
    next[b * THREADS + t]++;
  }
  return true;
}

int main() {
  int *done;
  if (cudaMalloc(&done, BLOCKS * THREADS * sizeof(int)) != cudaSuccess) return 1;
  std::vector<int> host(BLOCKS * THREADS);
  bool ok = true;

  // 1. flushed by cudaDeviceSynchronize, not before
  capture c = capture_begin(1);
  chatter<<<BLOCKS, THREADS>>>(1, done);
  printf("host: launched round 1\n");
  fflush(stdout);
  ok = cudaDeviceSynchronize() == cudaSuccess && ok;
  std::string out = capture_end(c);
  ok = check_round(split(out), 1, "host: launched round 1") && ok;

  // 2. flushed by a blocking cudaMemcpy, before the host's next line
  c = capture_begin(1);
  chatter<<<BLOCKS, THREADS>>>(2, done);
  printf("host: launched round 2\n");
  fflush(stdout);
  ok = cudaMemcpy(host.data(), done, host.size() * sizeof(int), cudaMemcpyDeviceToHost) ==
           cudaSuccess &&
       ok;
  printf("host: copied\n");
  out = capture_end(c);
  std::vector<std::string> lines = split(out);
  if (lines.empty() || lines.back() != "host: copied") {
    printf("round 2: the device's lines did not come before the host's next line\n");
    ok = false;
  } else {
    lines.pop_back();
    ok = check_round(lines, 2, "host: launched round 2") && ok;
  }
  for (int v : host)
    ok = ok && v == 1;

  // 3. two kernels in one stream: all of the first one's lines come first
  // (where the host's line falls is open: the second launch may flush the
  // first kernel's lines, if it has finished)
  c = capture_begin(1);
  chatter<<<BLOCKS, THREADS>>>(3, done);
  chatter<<<BLOCKS, THREADS>>>(4, done);
  printf("host: launched rounds 3 and 4\n");
  fflush(stdout);
  ok = cudaDeviceSynchronize() == cudaSuccess && ok;
  lines.clear();
  bool marker = false;
  for (const std::string &l : split(capture_end(c)))
    if (l == "host: launched rounds 3 and 4")
      marker = true;
    else
      lines.push_back(l);
  ok = marker && ok;
  size_t first_of_4 = lines.size();
  for (size_t i = 0; i < lines.size(); i++)
    if (lines[i].compare(0, 8, "round 4 ") == 0) {
      first_of_4 = i;
      break;
    }
  std::vector<std::string> three(lines.begin(), lines.begin() + first_of_4),
      four(lines.begin() + first_of_4, lines.end());
  three.insert(three.begin(), "host: launched rounds 3 and 4");
  four.insert(four.begin(), "host: launched rounds 3 and 4");
  ok = check_round(three, 3, "host: launched rounds 3 and 4") &&
       check_round(four, 4, "host: launched rounds 3 and 4") && ok;
  printf("%d blocks x %d threads x %d lines, four times\n%s\n", BLOCKS, THREADS, LINES,
         ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
