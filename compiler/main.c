/* main.c — anchor-msl: LLVM IR in, Anchor device module out.
 *   anchor-msl in.ll|in.bc -o out.anchormod [--emit-msl out.metal]
 *              [--emit-llvm after-passes.ll] [--devlib devlib.bc]
 *              [--fp64=exact|fast|demote|error]
 *   anchor-msl in.ll --run-pass NAME --emit-llvm out.ll   (one IR->IR pass alone)
 *   anchor-msl --host in.bc -o out.bc   (the host job's __managed__ pass)
 *   anchor-msl --rdc-object in.ll -o out.rdc   (-rdc: the device code an object embeds)
 *   anchor-msl --device-link a.o lib.a ... -o linked.bc --registration reg.cpp
 *                                       (-rdc: the device link, device_link.c)
 * The device library defaults to <root>/lib/anchor/devlib.bc, <root> the
 * parent of the directory holding anchor-msl (/proc/self/exe). */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "anchor_msl.h"

static int usage(void) {
  fprintf(stderr,
          "usage: anchor-msl in.ll|in.bc -o out.anchormod [--emit-msl out.metal]\n"
          "                  [--emit-llvm after-passes.ll] [--devlib devlib.bc]\n"
          "                  [--fp64=exact|fast|demote|error] [-w] [--source-name user.cu]\n"
          "       anchor-msl in.ll --run-pass NAME --emit-llvm out.ll\n"
          "       anchor-msl --host in.bc -o out.bc\n"
          "       anchor-msl --rdc-object in.ll -o out.rdc\n"
          "       anchor-msl --device-link objects... -o linked.bc --registration "
          "reg.cpp\n");
  return 2;
}

/* Removes a stale output after an error: regular files only, never what the path
 * names otherwise (`-o /dev/null` must leave /dev/null alone, found by the Csmith
 * reducer's interestingness test, which runs as root). */
static void remove_output(const char *path) {
  struct stat st;
  if (path && lstat(path, &st) == 0 && S_ISREG(st.st_mode)) remove(path);
}

static int write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    fprintf(stderr, "anchor-msl: error: cannot write '%s'\n", path);
    if (f) remove_output(path);
    return 0;
  }
  return 1;
}

/* <root>/lib/anchor/devlib.bc for anchor-msl at <root>/bin/anchor-msl, in
 * buf; NULL when /proc/self/exe cannot be read (then a module calling the
 * device library is an error naming --devlib). */
static const char *default_devlib(char *buf, size_t size) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return NULL;
  exe[n] = 0;
  for (int up = 0; up < 2; up++) { /* strip /anchor-msl, then /bin */
    char *slash = strrchr(exe, '/');
    if (!slash) return NULL;
    *slash = 0;
  }
  int len = snprintf(buf, size, "%s/lib/anchor/devlib.bc", exe);
  return len > 0 && (size_t)len < size ? buf : NULL;
}

/* --device-link objects... -o linked.bc --registration reg.cpp */
static int device_link(int argc, char **argv) {
  const char *output = NULL, *registration = NULL;
  const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
  size_t count = 0;
  if (!inputs) return 1;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc)
      output = argv[++i];
    else if (!strcmp(argv[i], "--registration") && i + 1 < argc)
      registration = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) {
      free(inputs);
      return usage();
    } else
      inputs[count++] = argv[i];
  }
  if (!output || !registration) {
    free(inputs);
    return usage();
  }
  char *message;
  int status = msl_device_link(inputs, count, output, registration, &message);
  free(inputs);
  if (message) fputs(message, stderr);
  free(message);
  if (status) {
    remove_output(output);
    remove_output(registration);
  }
  return status;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--device-link")) return device_link(argc, argv);
  char devlib[PATH_MAX + 32];
  const char *input = NULL, *output = NULL, *msl_path = NULL;
  bool no_warnings = false, host = false, rdc_object = false;
  msl_options options = {0};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc)
      output = argv[++i];
    else if (!strcmp(argv[i], "--emit-msl") && i + 1 < argc)
      msl_path = argv[++i];
    else if (!strcmp(argv[i], "--emit-llvm") && i + 1 < argc)
      options.llvm_ir_path = argv[++i];
    else if (!strcmp(argv[i], "--devlib") && i + 1 < argc)
      options.devlib_path = argv[++i];
    else if (!strcmp(argv[i], "--source-name") && i + 1 < argc)
      options.source_name = argv[++i];
    else if (!strcmp(argv[i], "--run-pass") && i + 1 < argc)
      options.run_pass = argv[++i];
    else if (!strcmp(argv[i], "--fp64=exact"))
      options.fp64 = MSL_FP64_EXACT;
    else if (!strcmp(argv[i], "--fp64=fast"))
      options.fp64 = MSL_FP64_FAST;
    else if (!strcmp(argv[i], "--fp64=demote"))
      options.fp64 = MSL_FP64_DEMOTE;
    else if (!strcmp(argv[i], "--fp64=error"))
      options.fp64 = MSL_FP64_ERROR;
    else if (!strcmp(argv[i], "-w"))
      no_warnings = true;
    else if (!strcmp(argv[i], "--host"))
      host = true;
    else if (!strcmp(argv[i], "--rdc-object"))
      rdc_object = true;
    else if (argv[i][0] == '-' && argv[i][1])
      return usage();
    else if (!input)
      input = argv[i];
    else
      return usage();
  }
  if (!input) return usage();
  if (host || rdc_object) { /* host_managed.c; device_link.c */
    if (!output || msl_path || options.llvm_ir_path || options.run_pass || (host && rdc_object))
      return usage();
    char *message;
    int status =
        host ? msl_host_managed(input, output, &message) : msl_rdc_object(input, output, &message);
    if (message) fputs(message, stderr);
    free(message);
    if (status) remove_output(output);
    return status;
  }
  if (!options.devlib_path) options.devlib_path = default_devlib(devlib, sizeof devlib);
  /* one pass alone writes IR only; otherwise some output is needed */
  if (options.run_pass ? output || msl_path || !options.llvm_ir_path : !output && !msl_path)
    return usage();
  msl_output out;
  msl_status status = msl_compile(input, &options, &out);
  if (status.failed) {
    /* No output on error, not even a stale one from an earlier run. */
    remove_output(output);
    remove_output(msl_path);
    fputs(status.message, stderr);
    msl_status_free(&status);
    return 1;
  }
  if (status.message && !no_warnings) fputs(status.message, stderr); /* warnings */
  msl_status_free(&status);
  int ok = (!output || write_file(output, out.blob, out.blob_size)) &&
           (!msl_path || write_file(msl_path, out.msl, out.msl_size));
  msl_output_free(&out);
  return ok ? 0 : 1;
}
