// Device-side printf, one thread: every conversion CUDA documents
// (%d %i %u %x %X %o %c %s %p %f %F %e %E %g %G %a %A %%), the flags
// (- + space # 0), widths and precisions (numbers and *), the length
// modifiers h l ll, float arguments (promoted to double), strings in
// device memory, in a thread's own array, in shared memory, literals and NULL, a call without
// arguments and printf's return value (the number of arguments the format consumed). The output
// is captured (printf_capture.h) and compared line by line with printf_formats.expected: what
// the host's C library prints for the same calls, as the CUDA Programming Guide says the host
// does the formatting (`printf_formats --host` prints that list with the host's printf; every
// line that the H200 printed with nvcc 13.0 on 2026-12-01 is the same there).
// Then the formats outside CUDA's grammar %[flags][width][.precision][size]type (width `*` or
// digits, precision digits only, size h l ll): `hh` and `.*`, and 34 conversions, past the
// limit of 32 arguments. On the H200 (nvcc 13.0, 2026-12-01) such a conversion took no argument
// and printf did not count it, while the host formatted the conversions in order from the
// arguments stored, the ones after them from whatever followed (bytes of the format: "104 8292
// 68" for "%hhu %hd %hhx", 2037277037 543434016 for the 33rd and 34th "%d", where the guide
// says "printed as they stand"): so their values are checked, their text only up to the
// conversions that read a stored argument, and the rest printed.
#include <cmath>
#include <cstdio>

#include "printf_capture.h"

// Each line: P(format, arguments...); devstr is a string in device memory,
// own one in the thread's own array, shared one in shared memory.
#define PRINTS(P)                                                                                  \
  P("plain text, no arguments\n");                                                                 \
  P("%%d: %d %d %d %d\n", 0, -42, 2147483647, -2147483647 - 1);                                    \
  P("%%i: %i %i\n", -1, 123456);                                                                   \
  P("%%u: %u %u\n", 0u, 4294967295u);                                                              \
  P("%%x %%X %%o: %x %X %o %o\n", 3735928559u, 3735928559u, 8u, 511u);                             \
  P("%%#x %%#X %%#o: %#x %#X %#o %#x\n", 255u, 255u, 8u, 0u);                                      \
  P("%%c: [%c][%c][%3c][%-3c]\n", 'A', 'z', 'b', 'c');                                             \
  P("%%s: [%s] [%10s] [%-10s] [%.3s] [%*s] [%-*s]\n", "hello", "right", "left", "truncated", 6,    \
    "star", 6, "ltar");                                                                            \
  P("%%f: %f %.0f %.3f %10.4f [%-10.2f] %+f % f\n", 3.14159265358979, 2.5, -1.0005, 1.0 / 3.0,     \
    2.0, 1.5, 1.5);                                                                                \
  P("%%F: %F %F %.1F\n", 1e10, -0.0, 0.05);                                                        \
  P("%%e %%E: %e %E %.2e %.0e\n", 123456.789, 0.000123, -1e-300, 5.5);                             \
  P("%%g %%G: %g %g %G %g %#g %.3g\n", 100000.0, 1000000.0, 1e-5, 0.0001, 1.0, 3.14159);           \
  P("%%a %%A: %a %A %.2a %a\n", 1.0, -0.5, 3.0, 0.1);                                              \
  P("floats: %f %e %g %a\n", 1.25f, 3.0e-5f, 0.1f, 2.0f);                                          \
  P("specials: %f %F %e %g %E\n", (double)INFINITY, -(double)INFINITY, 1e308 * 10.0, (double)NAN,  \
    (double)NAN);                                                                                  \
  P("%%p: %p\n", (void *)0x1000);                                                                  \
  P("h: %hd %hu %hd %hx\n", -2, 65535, 70000, 0x12345);                                           \
  P("l ll: %ld %lld %lu %llu %lx %llX %lli %llo\n", -5L, -6LL, 7UL, 18446744073709551615ULL,       \
    0xabcdefL, 0x123456789abcdefULL, -9223372036854775807LL - 1, 8ULL);                            \
  P("flags: [%05d] [%-5d] [%+d] [% d] [%+05d] [%-+6d] [%x]\n", 42, 42, 42, 42, -42, 7, 0);         \
  P("stars: [%*d] [%-*d] [%*d]\n", 6, 1, 6, 2, -4, 9);                                             \
  P("int precision: [%.5d] [%.0d] [%8.3x] [%.3u]\n", 42, 0, 255u, 7u);                             \
  P("strings: %s / %s / %s\n", devstr, "literal", (const char *)nullptr);                          \
  P("own and shared: [%s] [%-8s] [%8s]\n", own, shared, own);                                      \
  P("mixed: %d %f %s %c %lld %u %e\n", 1, 2.0, "three", '4', 5LL, 6u, 7.0);                        \
  P("%d%% done\n", 50);                                                                            \
  P("no newline, ");                                                                               \
  P("then the rest\n")

__device__ char devstr[16] = "device string";

// 34 conversions and arguments: CUDA's printf takes at most 32 arguments,
// the conversions past them are printed as they stand.
#define MANY_FORMAT                                                                                \
  "many: %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d "  \
  "%d %d %d %d %d\n"
#define MANY_ARGUMENTS                                                                             \
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,    \
      26, 27, 28, 29, 30, 31, 32, 33

// Outside CUDA's grammar, with the counts printf returned on the H200 (nvcc 13.0, 2026-12-01)
// and the part of the line that came from stored arguments there.
#define HH_FORMAT "h hh: %hd %hhd %hu %hhu %hd %hhx\n"
#define HH_ARGUMENTS -2, -3, 65535, 255, 70000, 300
#define STARS_FORMAT "stars: [%*d] [%-*d] [%.*f] [%*.*f] [%*d]\n"
#define STARS_ARGUMENTS 6, 1, 6, 2, 2, 3.14159, 8, 3, 2.71828, -4, 9
struct unspecified_call {
  int count;
  const char *prefix;
};
static const unspecified_call unspecified_calls[3] = {
    {3, "h hh: -2 -3 65535 "}, // %hd %hu %hd stored, the host's first three read them
    // six stored: the first two %*d's, and for the last two ints from where the buffer stood
    {6, "stars: [     1] [2     ] "},
    {32, "many: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 "
         "30 31 "}};

__global__ void unspecified(int *results) {
  results[0] = printf(HH_FORMAT, HH_ARGUMENTS);
  results[1] = printf(STARS_FORMAT, STARS_ARGUMENTS);
  results[2] = printf(MANY_FORMAT, MANY_ARGUMENTS);
}

__global__ void formats(int *results) {
  char own[8] = {'o', 'w', 'n', 0};
  __shared__ char shared[8];
  const char text[] = "shared";
  for (int i = 0; i < 7; i++)
    shared[i] = text[i];
  int k = 0;
#define DEVICE_PRINTF(...) results[k++] = printf(__VA_ARGS__)
  PRINTS(DEVICE_PRINTF);
  results[k++] = printf("last line: %d args\n", k);
  results[31] = k;
}

template <class... T> static int arguments(const char *, T...) {
  return (int)sizeof...(T);
}

// The same calls with the host's printf: printf_formats.expected.
static int host_list(void) {
  char devstr[16] = "device string", own[8] = "own", shared[8] = "shared";
  int k = 0;
#define HOST_PRINTF(...) (printf(__VA_ARGS__), k++)
  PRINTS(HOST_PRINTF);
  printf("last line: %d args\n", k);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--host")) return host_list();
  int *results, host[32] = {0};
  if (cudaMalloc(&results, sizeof host) != cudaSuccess) return 1;
  capture c = capture_begin(1);
  formats<<<1, 1>>>(results);
  cudaError_t e = cudaDeviceSynchronize();
  std::string out = capture_end(c);
  fputs(out.c_str(), stdout); // the device's output, for the log
  bool ok = e == cudaSuccess;
  ok = cudaMemcpy(host, results, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess && ok;
  // printf's value: the number of arguments each format consumed (all given)
  int expected_counts[32], calls = 0;
  const char *own = "own", *shared = "shared";
#define COUNT_ARGUMENTS(...) expected_counts[calls++] = arguments(__VA_ARGS__)
  PRINTS(COUNT_ARGUMENTS);
  expected_counts[calls++] = 1;
  if (host[31] != calls) {
    printf("%d printf calls ran, expected %d\n", host[31], calls);
    ok = false;
  }
  for (int i = 0; i < calls && i < 31; i++)
    if (host[i] != expected_counts[i]) {
      printf("printf call %d returned %d, expected %d\n", i + 1, host[i], expected_counts[i]);
      ok = false;
    }
  std::string want;
  if (!read_text(expected_path(__FILE__), want)) {
    printf("cannot read %s\n", expected_path(__FILE__).c_str());
    ok = false;
  } else if (!same_lines(out, want))
    ok = false;
  // the formats outside CUDA's grammar: the counts, the lines' starts
  int counts[3] = {0};
  c = capture_begin(1);
  unspecified<<<1, 1>>>(results);
  e = cudaDeviceSynchronize();
  out = capture_end(c);
  fputs(out.c_str(), stdout); // the rest of each line is unspecified: printed, not checked
  ok = e == cudaSuccess && ok;
  ok = cudaMemcpy(counts, results, sizeof counts, cudaMemcpyDeviceToHost) == cudaSuccess && ok;
  size_t at = 0;
  for (int i = 0; i < 3; i++) {
    size_t end = out.find('\n', at);
    std::string line = out.substr(at, end == std::string::npos ? end : end - at);
    at = end == std::string::npos ? out.size() : end + 1;
    if (counts[i] != unspecified_calls[i].count) {
      printf("unspecified call %d returned %d, expected %d\n", i + 1, counts[i],
             unspecified_calls[i].count);
      ok = false;
    }
    if (line.compare(0, strlen(unspecified_calls[i].prefix), unspecified_calls[i].prefix)) {
      printf("unspecified line %d does not start with \"%s\"\n", i + 1, unspecified_calls[i].prefix);
      ok = false;
    }
  }
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
