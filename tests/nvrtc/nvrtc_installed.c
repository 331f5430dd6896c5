/* nvrtc_installed.c — run by install_test.sh against an installed libnvrtc:
 * a kernel including Anchor's headers compiles with no -I (they are found
 * relative to the library).  With --no-anchorcc (the library copied alone)
 * the compile fails with NVRTC_ERROR_BUILTIN_OPERATION_FAILURE and a log
 * line naming what is missing. */
#include <nvrtc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  bool lone = argc > 1 && !strcmp(argv[1], "--no-anchorcc");
  const char *src =
      "#include <cuda_runtime.h>\n"
      "#include <cuda_fp16.h>\n"
      "#include <cooperative_groups.h>\n"
      "__global__ void k(__half *p) {\n"
      "  p[cooperative_groups::this_thread_block().thread_rank()] = __float2half(2);\n"
      "}\n";
  nvrtcProgram p;
  if (nvrtcCreateProgram(&p, src, "installed.cu", 0, NULL, NULL) != NVRTC_SUCCESS) return 1;
  nvrtcResult r = nvrtcCompileProgram(p, 0, NULL);
  size_t n = 0;
  nvrtcGetProgramLogSize(p, &n);
  char *log = malloc(n);
  nvrtcGetProgramLog(p, log);
  printf("%s\n%s", nvrtcGetErrorString(r), log);
  bool ok = lone ? r == NVRTC_ERROR_BUILTIN_OPERATION_FAILURE && strstr(log, "anchorcc not found")
                 : r == NVRTC_SUCCESS;
  if (!lone && ok) {
    size_t size = 0;
    nvrtcGetCUBINSize(p, &size);
    char *image = malloc(size);
    nvrtcGetCUBIN(p, image);
    ok = size > 8 && !memcmp(image, "ANCHMOD1", 8);
    free(image);
  }
  free(log);
  nvrtcDestroyProgram(&p);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
