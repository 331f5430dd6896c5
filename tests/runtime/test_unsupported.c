/* tests/runtime/test_unsupported.c — every runtime and driver API function
 * that Anchor declares but does not implement returns CUDA's "not supported"
 * error: cudaErrorNotSupported, recorded as the thread's last error (and
 * cleared by cudaGetLastError), or CUDA_ERROR_NOT_SUPPORTED. Table-driven:
 * the tables are the lists the headers declare and libanchor defines
 * (anchor/unsupported_runtime.h, anchor/unsupported_driver.h), each function
 * called with zero arguments; and each listed name appears in docs/runtime.md
 * (checked when the path of the doc is given as the first argument). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda.h"
#include "cuda_runtime_api.h"

static int failures, checked;

static void check_runtime(const char *name, cudaError_t e) {
  cudaError_t last = cudaGetLastError();
  cudaError_t after = cudaGetLastError();
  checked++;
  if (e != cudaErrorNotSupported || last != cudaErrorNotSupported || after != cudaSuccess) {
    printf("FAIL: %s returned %d (last error %d, then %d); expected cudaErrorNotSupported (%d)\n",
           name, (int)e, (int)last, (int)after, (int)cudaErrorNotSupported);
    failures++;
  }
}

__attribute__((unused)) static void check_driver(const char *name, CUresult e) {
  checked++;
  if (e != CUDA_ERROR_NOT_SUPPORTED) {
    printf("FAIL: %s returned %d; expected CUDA_ERROR_NOT_SUPPORTED (%d)\n", name, (int)e,
           (int)CUDA_ERROR_NOT_SUPPORTED);
    failures++;
  }
}

static char *doc;
static void check_documented(const char *name) {
  char row[128];
  snprintf(row, sizeof row, "| `%s` |", name);
  if (doc && !strstr(doc, row)) {
    printf("FAIL: %s is not in docs/runtime.md's table (a row starting \"%s\")\n", name, row);
    failures++;
  }
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
  if (s) s[n] = 0;
  fclose(f);
  return s;
}

int main(int argc, char **argv) {
  if (argc > 1 && !(doc = read_file(argv[1]))) {
    printf("FAIL: cannot read %s\n", argv[1]);
    return 1;
  }
  /* A real call first, so that the stubs are seen after the runtime is up. */
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
    printf("FAIL: cudaGetDeviceCount\n");
    return 1;
  }
#define CALL_RUNTIME(name, params, args)                                                           \
  check_runtime(#name, name args);                                                                 \
  check_documented(#name);
  ANCHOR_UNSUPPORTED_RUNTIME(CALL_RUNTIME)
  if (cuInit(0) != CUDA_SUCCESS) {
    printf("FAIL: cuInit\n");
    return 1;
  }
#define CALL_DRIVER(name, params, args)                                                            \
  check_driver(#name, name args);                                                                  \
  check_documented(#name);
  ANCHOR_UNSUPPORTED_DRIVER(CALL_DRIVER)
  /* A supported call still succeeds afterwards: the stubs left no state. */
  void *p = NULL;
  if (cudaMalloc(&p, 256) != cudaSuccess || cudaFree(p) != cudaSuccess) {
    printf("FAIL: cudaMalloc/cudaFree after the unsupported calls\n");
    failures++;
  }
  printf("%s: %d functions checked, %d failures\n", failures ? "FAIL" : "PASS", checked, failures);
  free(doc);
  return failures ? 1 : 0;
}
