/* tests/softmetal/smtest.h — small helpers shared by softmetal's tests.
 *
 * Every test talks to Metal only through metal/mtl.h, exactly as libanchor
 * does, so what passes here exercises the binding and softmetal together.
 */
#ifndef SMTEST_H
#define SMTEST_H

#include "mtl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int smtest_failures;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                     \
      smtest_failures++;                                                                           \
    }                                                                                              \
  } while (0)

#define REQUIRE(cond)                                                                              \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: REQUIRE failed: %s\n", __FILE__, __LINE__, #cond);                   \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static inline int smtest_finish(const char *name) {
  printf("%s: %s\n", name, smtest_failures ? "FAIL" : "PASS");
  return smtest_failures ? 1 : 0;
}

/* Compiles msl and returns a pipeline for `kernel` (+1), failing the test on error. */
static inline mtl_id smtest_pipeline(mtl_id device, const char *msl, const char *kernel) {
  mtl_id error = NULL;
  mtl_id library = mtl_new_library_with_source(device, msl, &error);
  if (!library) fprintf(stderr, "compile error: %s\n", mtl_error_description(error));
  REQUIRE(library);
  mtl_id function = mtl_library_new_function(library, kernel);
  REQUIRE(function);
  mtl_id pipeline = mtl_new_compute_pipeline_state(device, function, &error);
  if (!pipeline) fprintf(stderr, "pipeline error: %s\n", mtl_error_description(error));
  REQUIRE(pipeline);
  mtl_release(function);
  mtl_release(library);
  return pipeline;
}

/* Compiles msl expecting failure; returns the (malloc'd) error description. */
static inline char *smtest_compile_error(mtl_id device, const char *msl) {
  mtl_id error = NULL;
  mtl_id library = mtl_new_library_with_source(device, msl, &error);
  if (library) {
    mtl_release(library);
    return NULL;
  }
  const char *text = error ? mtl_error_description(error) : NULL;
  return strdup(text ? text : "");
}

static inline bool smtest_contains(const char *text, const char *part) {
  return text && strstr(text, part) != NULL;
}

#endif
