// API contract (issue 9): cuGetErrorName and cuGetErrorString for every code
// 0..999, one line "code name | text" per code the driver names, and the
// answer for codes it does not. Compare Anchor's output with the H200's
// (nvcc driver_error_names.cpp -lcuda; no GPU is needed for these calls).
// Checks a few names and the unknown-code behaviour; prints PASS.
// H200, CUDA 13, 2026-12-01: codes 0..709 named and worded as Anchor does
// (202's text "context already current"); the run crashed before the rest.
#include <cuda.h>

#include <stdio.h>
#include <string.h>

int main() {
  // One line at a time, so that a crash shows the last call that returned
  // (a pipe's buffer of 4096 bytes hid it on the H200).
  setvbuf(stdout, NULL, _IOLBF, 0);
  int failures = 0, named = 0;
  for (int code = 0; code < 1000; code++) {
    const char *name = NULL, *text = NULL;
    CUresult rn = cuGetErrorName((CUresult)code, &name);
    CUresult rs = cuGetErrorString((CUresult)code, &text);
    if (rn == CUDA_SUCCESS) {
      named++;
      printf("%d %s | %s\n", code, name, rs == CUDA_SUCCESS && text ? text : "(no text)");
    } else if (rs == CUDA_SUCCESS) {
      printf("%d (no name, %d) | %s\n", code, (int)rn, text ? text : "(null)");
    }
  }
  const char *s = "untouched";
  CUresult r = cuGetErrorName((CUresult)12345, &s);
  printf("cuGetErrorName(12345) -> %d, %s\n", (int)r, s ? s : "NULL");
  if (r != CUDA_ERROR_INVALID_VALUE) failures++;
  r = cuGetErrorString((CUresult)12345, &s);
  printf("cuGetErrorString(12345) -> %d, %s\n", (int)r, s ? s : "NULL");
  if (r != CUDA_ERROR_INVALID_VALUE) failures++;
  // cuGetErrorName(CUDA_SUCCESS, NULL) is not called: CUDA crashes on it (H200, CUDA 13,
  // 2026-12-01: exit 139 after the codes' lines); Anchor returns CUDA_ERROR_INVALID_VALUE
  // (tests/runtime/test_driver.c checks that).
  const struct {
    CUresult code;
    const char *name;
  } known[] = {{CUDA_SUCCESS, "CUDA_SUCCESS"},
               {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT"},
               {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"},
               {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"},
               {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"}};
  for (const auto &k : known) {
    const char *name = NULL;
    if (cuGetErrorName(k.code, &name) != CUDA_SUCCESS || !name || strcmp(name, k.name) != 0) {
      printf("FAIL: the name of %d is %s, expected %s\n", (int)k.code, name ? name : "NULL",
             k.name);
      failures++;
    }
  }
  printf("%d codes named\n", named);
  if (named < 101) failures++; // CUDA 13.0 has 101 CUresult codes
  if (failures) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
