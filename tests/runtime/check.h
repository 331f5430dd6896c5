/* tests/runtime/check.h — the few assertion macros the runtime tests share.
 * CHECK records a failure with its line and goes on, so one run shows every
 * broken expectation; a test's main returns check_finish(). */
#ifndef ANCHOR_TEST_CHECK_H
#define ANCHOR_TEST_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                     \
      check_failures++;                                                                            \
    }                                                                                              \
  } while (0)

/* Compares two cudaError_t values and names both on failure. */
#define CHECK_ERR(got, want)                                                                       \
  do {                                                                                             \
    cudaError_t check_got_ = (got), check_want_ = (want);                                          \
    if (check_got_ != check_want_) {                                                               \
      fprintf(stderr, "%s:%d: %s returned %s (%d), expected %s (%d)\n", __FILE__, __LINE__, #got,  \
              cudaGetErrorName(check_got_), (int)check_got_, cudaGetErrorName(check_want_),        \
              (int)check_want_);                                                                   \
      check_failures++;                                                                            \
    }                                                                                              \
  } while (0)

/* Compares two CUresult values (the file includes cuda.h) and prints both on failure. */
#define CHECK_DRV(got, want)                                                                       \
  do {                                                                                             \
    int check_got_ = (int)(got), check_want_ = (int)(want);                                        \
    if (check_got_ != check_want_) {                                                               \
      fprintf(stderr, "%s:%d: %s gave %d, expected %d\n", __FILE__, __LINE__, #got, check_got_,    \
              check_want_);                                                                        \
      check_failures++;                                                                            \
    }                                                                                              \
  } while (0)

static inline int check_finish(const char *name) {
  if (check_failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
    return 1;
  }
  printf("%s: PASS\n", name);
  return 0;
}

#endif
