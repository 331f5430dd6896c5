/* tests/runtime/test_load.c — issue 10, the runtime under load, without the compiler:
 * tests/e2e/load_table.h's programs (16 host threads on their own streams, many tiny
 * launches, cudaMalloc/cudaFree churn and fragmentation) over a hand-written kernel, so
 * that the sanitizer stage of CI runs them under ASan, UBSan and LSan (leaks, races on
 * freed memory): 100,000 launches as e2e.load_launches (about 4 s under ASan; a count
 * as the first argument overrides it). A watchdog alarm turns a deadlock into a
 * failure. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "handmade.h"

#include "load_table.h"

#include "add_kernel.h"

static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "FAIL: test_load hung (240 s): a deadlock?\n";
  if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
  _exit(2);
}

int main(int argc, char **argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 100000;
  signal(SIGALRM, on_alarm);
  alarm(240);
  unsigned char *blob = make_module(kernels, 1, NULL, 0, msl);
  fatbin_wrapper w = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(&w);
  __cudaRegisterFunction(h, (const char *)add_stub, (char *)"add", "add", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFatBinaryEnd(h);

  int failures = load_threads((const void *)add_stub, 16, 20);
  failures += load_launches((const void *)add_stub, launches);
  failures += load_churn(12345, 3000);
  failures += load_fragment();
  if (cudaDeviceSynchronize() != cudaSuccess) failures++;

  __cudaUnregisterFatBinary(h);
  free(blob);
  if (failures) {
    printf("test_load: FAIL (%d)\n", failures);
    return 1;
  }
  printf("test_load: PASS\n");
  return 0;
}
