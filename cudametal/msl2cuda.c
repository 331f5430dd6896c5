/* cudametal/msl2cuda.c — cudametal's compile path without a GPU: reads an MSL file,
 * translates it (translate.c) and compiles it with NVRTC for sm_ARCH (compile.c),
 * which needs no device. Prints the diagnostic and exits 1 on failure.
 *   msl2cuda FILE.metal [ARCH (default 90; -90: PTX only, no ptxas)] [--print]
 * With ARCH < 0 and CUDAMETAL_PTX_TARGET=sm_NN it also rewrites the PTX's .target as
 * cudametal does and prints the directive (test cudametal.ptx_retarget).
 * Used by the test cudametal.nvrtc_e2e on every e2e program's --emit-msl output. */
#include "cm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: msl2cuda FILE.metal [ARCH] [--print]\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *msl = malloc((size_t)n + 1);
  if (!msl || fread(msl, 1, (size_t)n, f) != (size_t)n) return 2;
  msl[n] = 0;
  fclose(f);
  int arch = argc > 2 && strcmp(argv[2], "--print") ? atoi(argv[2]) : 90;
  bool print = !strcmp(argv[argc - 1], "--print");
  struct cm_translation t;
  char *err = cm_translate(msl, &t);
  if (err) {
    fprintf(stderr, "%s: %s\n", argv[1], err);
    return 1;
  }
  if (print) fputs(t.source, stdout);
  size_t size = 0;
  char *log = NULL;
  void *cubin = cm_nvrtc_compile(t.source, arch, 320, false, &size, &log);
  if (!cubin) {
    fprintf(stderr, "%s:\n%s\n", argv[1], log ? log : "(no log)");
    return 1;
  }
  bool bad_target;
  const char *target = cm_ptx_target(&bad_target);
  if (arch < 0 && target && !bad_target) { /* what cudametal would give the driver */
    char *ptx = cm_ptx_retarget(cubin, target, &size);
    if (!ptx) {
      fprintf(stderr, "%s: no .target directive in NVRTC's PTX\n", argv[1]);
      return 1;
    }
    const char *line = strstr(ptx, "\n.target");
    printf("%.*s\n", line ? (int)strcspn(line + 1, "\n") : 0, line ? line + 1 : "");
    free(cubin);
    cubin = ptx;
  }
  printf("%s: %d kernels, %s %zu bytes\n", argv[1], t.kernel_count, arch < 0 ? "PTX" : "cubin",
         size);
  free(cubin);
  free(log);
  cm_translation_free(&t);
  free(msl);
  return 0;
}
