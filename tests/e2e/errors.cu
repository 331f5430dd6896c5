// errors.cu — end-to-end test of the CUDA runtime's error model: which code each
// misuse returns, whether it is reported by cudaPeekAtLastError (repeatably) and by
// cudaGetLastError (which then clears it), whether it is sticky, and the texts of
// cudaGetErrorName / cudaGetErrorString. Prints PASS or FAIL: <details>.
//
// Every expectation below was OBSERVED by running this program, built with
// `nvcc -O2 -arch=sm_90`, on an NVIDIA H200: see the note "Observed on real CUDA" just
// below (date, CUDA version); docs/testing.md describes the run.
//
// Usage: errors        run every case in order in one process (the test)
//        errors N      run case N alone (a fresh process per case, to probe)
//        errors count  print the number of cases
//
// Observed on real CUDA: 2026-11-29, NVIDIA H200 (driver 580.159.04), CUDA 13.0
// (nvcc V13.0.88), `nvcc -O2 -arch=sm_90`, all cases in one process and each case
// alone in a fresh process (same results); the full log is observed/h200-cuda13.0.log.
//   - launch with a 4096-thread block, a zero grid, a zero block, block (1,1,128),
//     grid y = 65536, 1 MiB of dynamic shared memory: cudaErrorInvalidValue (1) from
//     the launch (not cudaErrorInvalidConfiguration), seen by two peeks, returned and
//     cleared by cudaGetLastError; not sticky; cudaDeviceSynchronize right after such a
//     launch returns cudaSuccess and leaves the error for cudaGetLastError.
//   - cudaMemcpy with kind 99: cudaErrorInvalidMemcpyDirection (21); with NULL source
//     or destination (H2D, D2H, D2D): cudaErrorInvalidValue; 64 MiB into or out of a
//     1 MiB allocation: cudaErrorInvalidValue. All recorded as the last error, cleared.
//   - cudaMalloc of 1 PiB: cudaErrorMemoryAllocation (2), pointer set to NULL, recorded
//     as the last error, cleared by cudaGetLastError; later allocations work.
//   - cudaSetDevice(99): cudaErrorInvalidDevice (101), last error, cleared; the
//     current device stays 0.
//   - cudaFree(NULL): cudaSuccess; double cudaFree and cudaFree of a stack address:
//     cudaErrorInvalidValue.
//   - names and strings as in case_names; an unknown code (9999) gives
//     "unrecognized error code" for both.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void fill(int *out, int value) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

static int mismatches = 0;

// Prints one observation and whether it matches what real CUDA returned.
static void expect(const char *what, cudaError_t got, cudaError_t want) {
  int ok = got == want;
  printf("  %-44s got %-32s (%3d)  %s", what, cudaGetErrorName(got), (int)got,
         ok ? "ok\n" : "MISMATCH, expected ");
  if (!ok) {
    printf("%s (%d)\n", cudaGetErrorName(want), (int)want);
    mismatches++;
  }
}

static void expect_text(const char *what, const char *got, const char *want) {
  int ok = got && strcmp(got, want) == 0;
  printf("  %-44s \"%s\"  %s", what, got ? got : "(null)", ok ? "ok\n" : "MISMATCH, expected ");
  if (!ok) {
    printf("\"%s\"\n", want);
    mismatches++;
  }
}

// The pattern every non-sticky error follows: two peeks see it, a get returns and
// clears it, and the next get finds nothing.
static void expect_reported_once(cudaError_t want) {
  expect("cudaPeekAtLastError", cudaPeekAtLastError(), want);
  expect("cudaPeekAtLastError again", cudaPeekAtLastError(), want);
  expect("cudaGetLastError", cudaGetLastError(), want);
  expect("cudaGetLastError again", cudaGetLastError(), cudaSuccess);
}

// A correct launch still works: the context survived the error before it.
static void expect_device_usable(void) {
  int *d = NULL, h[64];
  expect("cudaMalloc (usable afterwards)", cudaMalloc((void **)&d, sizeof h), cudaSuccess);
  fill<<<2, 32>>>(d, 4242);
  expect("launch (usable afterwards)", cudaGetLastError(), cudaSuccess);
  expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaSuccess);
  expect("cudaMemcpy back", cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost), cudaSuccess);
  for (int i = 0; i < 64; i++)
    if (h[i] != 4242) {
      printf("  element %d after the error = %d, expected 4242  MISMATCH\n", i, h[i]);
      mismatches++;
      break;
    }
  expect("cudaFree", cudaFree(d), cudaSuccess);
}

static int *scratch(void) {
  int *d = NULL;
  expect("cudaMalloc scratch", cudaMalloc((void **)&d, 64 * sizeof(int)), cudaSuccess);
  return d;
}

static void case_block_4096(void) {
  int *d = scratch();
  fill<<<1, 4096>>>(d, 1);
  expect_reported_once(cudaErrorInvalidValue);
  expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaSuccess);
  cudaFree(d);
  expect_device_usable();
}

static void case_zero_grid(void) {
  int *d = scratch();
  fill<<<0, 32>>>(d, 1);
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  expect_device_usable();
}

static void case_zero_block(void) {
  int *d = scratch();
  fill<<<1, 0>>>(d, 1);
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  expect_device_usable();
}

static void case_block_z_128(void) {
  int *d = scratch();
  fill<<<1, dim3(1, 1, 128)>>>(d, 1); // 128 threads in all, but z is limited to 64
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  expect_device_usable();
}

static void case_grid_y_65536(void) {
  int *d = scratch();
  fill<<<dim3(1, 65536), 1>>>(d, 1);
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  expect_device_usable();
}

static void case_dynamic_smem_1mib(void) {
  int *d = scratch();
  fill<<<1, 32, 1 << 20>>>(d, 1);
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  expect_device_usable();
}

// Does a synchronize report (or clear) a launch-configuration error?
static void case_sync_after_bad_launch(void) {
  int *d = scratch();
  fill<<<1, 4096>>>(d, 1);
  expect("cudaDeviceSynchronize after bad launch", cudaDeviceSynchronize(), cudaSuccess);
  expect("cudaGetLastError", cudaGetLastError(), cudaErrorInvalidValue);
  expect("cudaGetLastError again", cudaGetLastError(), cudaSuccess);
  cudaFree(d);
}

static void case_memcpy_bad_kind(void) {
  int *d = scratch(), h[16] = {0};
  expect("cudaMemcpy kind 99",
         cudaMemcpy(d, h, sizeof h, (cudaMemcpyKind)99), cudaErrorInvalidMemcpyDirection);
  expect_reported_once(cudaErrorInvalidMemcpyDirection);
  cudaFree(d);
  expect_device_usable();
}

static void case_memcpy_null(void) {
  int *d = scratch(), h[16] = {0};
  expect("cudaMemcpy H2D to NULL", cudaMemcpy(NULL, h, sizeof h, cudaMemcpyHostToDevice),
         cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  expect("cudaMemcpy D2H from NULL", cudaMemcpy(h, NULL, sizeof h, cudaMemcpyDeviceToHost),
         cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  expect("cudaMemcpy D2D NULL to NULL", cudaMemcpy(NULL, NULL, 16, cudaMemcpyDeviceToDevice),
         cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  expect("cudaMemcpy D2D NULL to d", cudaMemcpy(d, NULL, 16, cudaMemcpyDeviceToDevice),
         cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  expect_device_usable();
}

// Copies that run past the end of a 1 MiB allocation by 63 MiB.
static void case_memcpy_past_end(void) {
  const size_t alloc = 1 << 20, big = 64 << 20;
  char *d = NULL, *h = (char *)calloc(big, 1);
  expect("cudaMalloc 1 MiB", cudaMalloc((void **)&d, alloc), cudaSuccess);
  expect("cudaMemcpy H2D 64 MiB into 1 MiB", cudaMemcpy(d, h, big, cudaMemcpyHostToDevice),
         cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  expect("cudaMemcpy D2H 64 MiB from 1 MiB", cudaMemcpy(h, d, big, cudaMemcpyDeviceToHost),
         cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  cudaFree(d);
  free(h);
  expect_device_usable();
}

static void case_malloc_huge(void) {
  void *p = (void *)1;
  expect("cudaMalloc 1 PiB", cudaMalloc(&p, (size_t)1 << 50), cudaErrorMemoryAllocation);
  if (p != NULL) {
    printf("  pointer after failed cudaMalloc is %p, expected NULL  MISMATCH\n", p);
    mismatches++;
  }
  expect_reported_once(cudaErrorMemoryAllocation);
  expect_device_usable();
}

static void case_set_device_99(void) {
  int dev = -1;
  expect("cudaSetDevice(99)", cudaSetDevice(99), cudaErrorInvalidDevice);
  expect_reported_once(cudaErrorInvalidDevice);
  expect("cudaGetDevice", cudaGetDevice(&dev), cudaSuccess);
  if (dev != 0) {
    printf("  current device after cudaSetDevice(99) is %d, expected 0  MISMATCH\n", dev);
    mismatches++;
  }
  expect_device_usable();
}

static void case_free(void) {
  int *d = NULL, local = 0;
  expect("cudaFree(NULL)", cudaFree(NULL), cudaSuccess);
  expect("cudaGetLastError", cudaGetLastError(), cudaSuccess);
  expect("cudaMalloc", cudaMalloc((void **)&d, 256), cudaSuccess);
  expect("cudaFree", cudaFree(d), cudaSuccess);
  expect("cudaFree same pointer again", cudaFree(d), cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  expect("cudaFree of a host stack address", cudaFree(&local), cudaErrorInvalidValue);
  expect_reported_once(cudaErrorInvalidValue);
  expect_device_usable();
}

static void case_names(void) {
  static const struct {
    cudaError_t code;
    const char *name, *text;
  } table[] = {
      {cudaSuccess, "cudaSuccess", "no error"},
      {cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
      {cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
      {cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
       "invalid configuration argument"},
      {cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
       "invalid copy direction for memcpy"},
      {cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
      {cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer",
       "invalid device pointer"},
      {cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
      {cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
       "an illegal memory access was encountered"},
      {cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources",
       "too many resources requested for launch"},
      {cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction",
       "invalid device function"},
      {cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
      {(cudaError_t)9999, "unrecognized error code", "unrecognized error code"},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    char what[64];
    snprintf(what, sizeof what, "cudaGetErrorName(%d)", (int)table[i].code);
    expect_text(what, cudaGetErrorName(table[i].code), table[i].name);
    snprintf(what, sizeof what, "cudaGetErrorString(%d)", (int)table[i].code);
    expect_text(what, cudaGetErrorString(table[i].code), table[i].text);
  }
}

static const struct {
  const char *name;
  void (*run)(void);
} cases[] = {
    {"names_and_strings", case_names},
    {"launch_block_4096", case_block_4096},
    {"launch_zero_grid", case_zero_grid},
    {"launch_zero_block", case_zero_block},
    {"launch_block_z_128", case_block_z_128},
    {"launch_grid_y_65536", case_grid_y_65536},
    {"launch_dynamic_smem_1MiB", case_dynamic_smem_1mib},
    {"sync_after_bad_launch", case_sync_after_bad_launch},
    {"memcpy_bad_kind", case_memcpy_bad_kind},
    {"memcpy_null", case_memcpy_null},
    {"memcpy_past_end", case_memcpy_past_end},
    {"malloc_huge", case_malloc_huge},
    {"set_device_99", case_set_device_99},
    {"free", case_free},
};
enum { CASES = sizeof cases / sizeof cases[0] };

static void run_case(int i) {
  printf("case %d %s\n", i, cases[i].name);
  fflush(stdout);
  cases[i].run();
  fflush(stdout);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "count") == 0) {
    printf("%d\n", (int)CASES);
    return 0;
  }
  if (argc > 1) {
    int i = atoi(argv[1]);
    if (i < 0 || i >= CASES) {
      printf("FAIL: no case %s\n", argv[1]);
      return 1;
    }
    run_case(i);
  } else {
    for (int i = 0; i < CASES; i++)
      run_case(i);
  }
  if (mismatches) {
    printf("FAIL: %d observations differ from real CUDA's\n", mismatches);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
