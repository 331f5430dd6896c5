/* main.c — anchorcc: compiles CUDA programs for Apple GPUs (Metal).
 *
 *   anchorcc -O2 app.cu -o app && ./app
 *
 * Reads the nvcc-style command line, plans the clang / anchor-msl / link jobs
 * and runs them.  See docs/driver.md. */
#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_help(void) {
  puts("usage: anchorcc [options] <inputs...>\n"
       "\n"
       "Compiles CUDA (.cu), C (.c) and C++ (.cpp .cc .cxx) sources and links them\n"
       "with objects (.o) and archives (.a) into programs that run their kernels\n"
       "through Metal (or softmetal where there is no Metal).\n"
       "\n"
       "  -c                   compile to objects, do not link\n"
       "  -o <file>            output file (default a.out, <base>.o with -c)\n"
       "  -I/-D/-U <value>     include directory / define / undefine\n"
       "  -O0..-O3, -g, -G     host optimisation, host debug info, unoptimised device code\n"
       "  -std=c++NN           C++ standard\n"
       "  -Xcompiler a,b       pass options to the host compiler (clang)\n"
       "  -Xlinker a,b         pass options to the linker\n"
       "  -l<lib>, -L<dir>     libraries and library directories for the link\n"
       "  -x cu|c|c++|none     language of the following inputs\n"
       "  --emit-msl           stop after device compilation, write the MSL (<base>.metal)\n"
       "  --emit-device-ir     stop after the device front end, write its nvptx LLVM IR\n"
       "                       (what anchor-msl reads; <base>.dev.ll)\n"
       "  --print-cuda-flags device|host   print the clang flags of a .cu compile's\n"
       "                       device or host side (shell-quoted, one line)\n"
       "  -E                   preprocess (host side) to stdout or -o\n"
       "  -M, -MM, -MD, -MMD, -MF, -MT, -MP   make-style dependencies\n"
       "  -keep, --keep-dir d  keep intermediate files (.dev.ll, .anchormod, .host.bc, "
       ".managed.bc, .dev.inc.cu, .dev/) in d or .\n"
       "  -v, --dryrun         print each job (and do not run them, with --dryrun)\n"
       "  --version            print the version\n"
       "  -arch, -gencode, -code, --extended-lambda ...   accepted, no effect on Metal\n"
       "\n"
       "See docs/driver.md for every accepted option.");
}

/* Plans and runs the jobs inside a private temporary directory (or, with
 * -keep, in the --keep-dir / current directory, where the files stay). */
static int compile(const drv_options *opts, const drv_toolchain *tc) {
  char *temp_dir = NULL;
  if (opts->keep)
    temp_dir = drv_strdup(opts->keep_dir ? opts->keep_dir : ".");
  else if (drv_plan_needs_temp_dir(opts) && !(temp_dir = drv_temp_dir_create()))
    return 1;
  drv_plan plan;
  int status = drv_plan_build(opts, tc, temp_dir ? temp_dir : "", &plan);
  if (!status && (opts->verbose || opts->dryrun)) drv_print_environment(tc);
  if (!status) status = drv_plan_run(&plan, opts->verbose, opts->dryrun);
  drv_plan_free(&plan);
  if (temp_dir && !opts->keep) drv_temp_dir_remove(temp_dir);
  free(temp_dir);
  return status;
}

/* --print-cuda-flags: the flags the device or host job of a .cu input would
 * start with, to stdout, quoted for a POSIX shell. */
static void print_cuda_flags(const drv_options *opts, const drv_toolchain *tc) {
  drv_strvec flags = {0};
  drv_plan_cuda_flags(opts, tc, opts->print_cuda_flags, &flags);
  drv_print_words(stdout, &flags);
  drv_strvec_free(&flags);
}

int main(int argc, char **argv) {
  /* an internal step of the device front end (plan.c, asm_dialect.c) */
  if (argc == 4 && !strcmp(argv[1], "--nvcc-asm-dialect"))
    return drv_asm_dialect_rewrite(argv[2], argv[3]);
  if (argc >= 4 && !strcmp(argv[1], "--nvcc-exec-spaces"))
    return drv_exec_space_rewrite(argv[2], argv[3], argc - 4, (const char *const *)argv + 4);
  drv_options opts;
  int status = drv_parse_options(argc, argv, &opts);
  drv_toolchain tc = {0};
  if (!status) status = drv_toolchain_find(&tc);
  if (!status) {
    if (opts.show_help)
      print_help();
    else if (opts.show_version)
      drv_print_version(&tc, opts.hipcc);
    else if (opts.print_cuda_flags)
      print_cuda_flags(&opts, &tc);
    else
      status = compile(&opts, &tc);
  }
  drv_toolchain_free(&tc);
  drv_options_free(&opts);
  return status;
}
