/* driver.h — the whole internal interface of anchorcc, Anchor's nvcc-compatible
 * compiler driver.  The driver reads an nvcc command line (options.c), finds
 * its toolchain relative to its own executable (toolchain.c), turns the
 * request into a list of jobs — argument vectors for clang, anchor-msl and the
 * linker (plan.c) — and runs them one after another (exec.c).
 *
 * Every function here reports failure by its return value; diagnostics are
 * printed to stderr at the point of detection, in clang's form
 * "anchorcc: error: ...".  Nothing in this interface calls exit(). */
#ifndef ANCHOR_DRIVER_H
#define ANCHOR_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- growable vector of owned strings (strvec.c) ---- */

/* A vector of heap strings, NULL-terminated at items[count] once non-empty so
 * it can be handed to execv directly.  The vector owns every string. */
typedef struct drv_strvec {
  char **items;
  size_t count;
  size_t capacity;
} drv_strvec;

/* Appends a copy of s.  Allocation failure is fatal for the driver process
 * (it prints "out of memory" and aborts): there is nothing useful to recover. */
void drv_strvec_push(drv_strvec *v, const char *s);
/* Appends a copy of every string of src, in order. */
void drv_strvec_append(drv_strvec *v, const drv_strvec *src);
/* Appends printf-formatted text as one new string. */
void drv_strvec_pushf(drv_strvec *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Frees every string and the array; leaves v empty and reusable. */
void drv_strvec_free(drv_strvec *v);

/* Returns a heap copy of s (aborts on allocation failure); caller frees. */
char *drv_strdup(const char *s);
/* Returns a heap string built with printf formatting; caller frees. */
char *drv_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Sets the name diagnostics start with ("anchorcc" until set; "hipcc" in
 * hipcc mode). name must outlive the driver's run (a string literal). */
void drv_set_program_name(const char *name);
/* Prints "anchorcc: error: <message>\n" to stderr; returns 1 so that callers
 * can write `return drv_error(...)`. */
int drv_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "anchorcc: warning: <message>\n" to stderr. */
void drv_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- the command line (options.c) ---- */

/* What an input file is, from its extension or from the -x in force. */
typedef enum drv_input_kind {
  DRV_INPUT_CUDA,  /* .cu, or anything after -x cu */
  DRV_INPUT_HIP,   /* .hip, -x hip; under hipcc also .cu and C++: compiled as CUDA (HIP's
                    * NVIDIA platform) with hipcc's predefined macros (docs/hip.md) */
  DRV_INPUT_C,     /* .c, or -x c */
  DRV_INPUT_CXX,   /* .cpp .cc .cxx .C, or -x c++ */
  DRV_INPUT_LINKER /* .o .a .so: handed to the link unchanged */
} drv_input_kind;

/* Whether inputs of this kind have device code (the CUDA jobs: device,
 * backend, host). */
static inline bool drv_input_is_gpu(drv_input_kind kind) {
  return kind == DRV_INPUT_CUDA || kind == DRV_INPUT_HIP;
}

/* Which side of a .cu compile --print-cuda-flags describes. */
typedef enum drv_cuda_side {
  DRV_SIDE_NONE, /* --print-cuda-flags not given */
  DRV_SIDE_DEVICE,
  DRV_SIDE_HOST
} drv_cuda_side;

typedef struct drv_input {
  const char *path; /* borrowed from the command line (opts->arguments) */
  drv_input_kind kind;
} drv_input;

/* Everything the command line asked for.  Strings are borrowed from
 * opts->arguments (the expanded copy of argv) unless they sit in another
 * drv_strvec (which owns copies). */
typedef struct drv_options {
  drv_input *inputs;
  size_t input_count;
  const char *output;           /* -o, NULL if absent */
  const char *output_directory; /* -odir: where -c puts <base>.o without -o */
  bool compile_only;            /* -c */
  bool emit_msl;                /* --emit-msl: stop after device compilation */
  bool emit_device_ir;          /* --emit-device-ir: stop after the device front end */
  bool emit_module;             /* -fatbin / -cubin: write the device module file */
  const char *module_suffix;    /* "cubin" after -cubin (its default name), else NULL */
  bool deps_only;               /* -M / -MM: print dependencies, compile nothing */
  bool preprocess_only;         /* -E: print the host-side preprocessed source */
  bool keep;                    /* -keep: keep intermediate files */
  bool implicit_hd_templates;   /* --implicit-host-device-templates: clang's
                                 * -foffload-implicit-host-device-templates (docs/driver.md) */
  const char *keep_dir;         /* --keep-dir: where -keep puts them (default .) */
  bool verbose;                 /* -v */
  bool dryrun;                  /* --dryrun */
  bool show_version;            /* --version / -V */
  bool show_help;               /* --help / -h */
  bool host_debug;              /* -g */
  bool device_debug;            /* -G */
  bool no_warnings;             /* -w */
  bool shared;                  /* -shared */
  bool fast_math;               /* --use_fast_math */
  bool per_thread_stream;       /* --default-stream per-thread */
  bool fmad_off;                /* --fmad=false */
  const char *fp64;             /* --fp64=fast|demote|error; NULL: exact (default) */
  signed char prec_div;         /* -prec-div: 1 true, 0 false, -1 not given */
  signed char prec_sqrt;        /* -prec-sqrt: 1 true, 0 false, -1 not given */
  signed char ftz;              /* -ftz: 1 true, 0 false, -1 not given */
  bool run_after_link;          /* --run */
  bool make_library;            /* -lib: add the objects to a static library */
  bool rdc;                     /* -rdc=true, -dc: relocatable device code */
  bool device_link_only;        /* -dlink: write the device-link object, no link */
  bool link_runtime;            /* false after -cudart none */
  bool forward_unknown;         /* -forward-unknown-to-host-compiler */
  bool hipcc;                   /* invoked as hipcc: hipcc's flags first, .cu and C++
                                 * inputs are HIP (docs/hip.md) */
  int opt_level;                /* -O<n>; -1 when not given */
  const char *cxx_std;          /* -std=c++NN, NULL when not given */
  drv_strvec frontend_flags;    /* -I/-D/-U/-isystem (+ warning switches), in
                                 * order, as clang arguments for every compile */
  drv_strvec host_flags;        /* -Xcompiler values, split on commas */
  drv_strvec linker_flags;      /* -Xlinker values, split on commas */
  drv_strvec library_dirs;      /* -L values */
  drv_strvec libraries;         /* -l values */
  drv_strvec dep_flags;         /* -MD -MMD -MF f -MT t -MQ t -MP, clang spelling */
  drv_strvec run_args;          /* --run-args values */
  int forced_kind;              /* parser state: drv_input_kind from -x, -1 for none */
  drv_strvec arguments;         /* the command line with --options-file expanded;
                                 * the borrowed strings above point into it */

  /* --print-cuda-flags device|host: print that side's clang flags, run nothing */
  drv_cuda_side print_cuda_flags;
} drv_options;

/* Parses argv[1..argc-1] into *opts (which it zeroes first), after replacing
 * each "--options-file f" / "-optf f" by the words of file f.  Returns 0, or 1
 * after printing a diagnostic (unknown option, missing value, unsupported
 * input ...); *opts then still needs
 * drv_options_free.  argv need not outlive *opts: the strings opts borrows
 * point into its own copy, opts->arguments. */
int drv_parse_options(int argc, char **argv, drv_options *opts);
/* Frees what drv_parse_options allocated; leaves *opts zeroed. */
void drv_options_free(drv_options *opts);

/* ---- the toolchain (toolchain.c) ---- */

typedef struct drv_toolchain {
  char *root;    /* <root>: parent of the directory holding anchorcc */
  char *clang;   /* clang++ to run: $ANCHOR_CLANG, else the configured one */
  char *ar;      /* archiver for -lib: $ANCHOR_AR, else the configured one */
  char *msl;     /* <root>/bin/anchor-msl */
  char *self;    /* <root>/bin/anchorcc: its internal --nvcc-asm-dialect step */
  char *devlib;  /* <root>/lib/anchor/devlib.bc: the device library anchor-msl links */
  char *include; /* <root>/include */
  char *lib;     /* <root>/lib */
} drv_toolchain;

/* Locates the toolchain from /proc/self/exe (and $ANCHOR_CLANG, $ANCHOR_AR).
 * Every string is a heap copy owned by *tc.  Returns 0, or 1 after printing
 * a diagnostic.  Release with drv_toolchain_free (also after a failure). */
int drv_toolchain_find(drv_toolchain *tc);
/* Frees the strings of *tc; leaves it zeroed. */
void drv_toolchain_free(drv_toolchain *tc);
/* Prints the --version text to stdout (the MSL baseline from target.h);
 * under hipcc, hipcc's first line "HIP version: M.m.p" before it. */
void drv_print_version(const drv_toolchain *tc, bool hipcc);

/* ---- nvcc's inline-asm dialect (asm_dialect.c) ---- */

/* Copies the source in_path (one file: clang -E -frewrite-includes) to out_path with
 * every '%' that clang would reject in the template of an asm statement with operands
 * doubled, as nvcc reads it (a literal '%' in the PTX). Returns 0, or 1 after printing
 * a diagnostic. What `anchorcc --nvcc-asm-dialect IN OUT`, a job of every .cu compile's
 * device side, runs. */
int drv_asm_dialect_rewrite(const char *in_path, const char *out_path);
/* The whole file at path, NUL-terminated (its size in *size), or NULL with errno set. */
char *drv_read_file(const char *path, size_t *size);
/* Makes the directory path is in (one level), if it is not there. Returns 0, or 1 after
 * printing a diagnostic. */
int drv_make_parent_dir(const char *path);

/* ---- nvcc's redeclaration rule for execution spaces (exec_space.c) ---- */

/* Copies the source in_path (one file: clang -E -frewrite-includes, after the asm-dialect
 * step on the device side) to out_path (the same path or not; its directory is made) so
 * that each function definition without execution-space attributes gets those of the
 * entity's first declaration, as nvcc reads it; argv (argc words) are the clang
 * arguments of the compile of that file (device or host side). Returns 0, or 1 after
 * printing a diagnostic. What `anchorcc --nvcc-exec-spaces IN OUT ARGS...`, a job of
 * both sides of every .cu compile, runs. */
int drv_exec_space_rewrite(const char *in_path, const char *out_path, int argc,
                           const char *const *argv);

/* ---- the plan (plan.c) ---- */

/* One job: a complete argument vector; argv.items[0] is the program. */
typedef struct drv_job {
  drv_strvec argv;
  bool needs_msl_backend; /* runs anchor-msl: checked to exist before running */
} drv_job;

typedef struct drv_plan {
  drv_job *jobs;
  size_t count;
  size_t capacity;
} drv_plan;

/* Builds the jobs for opts, with intermediate files under temp_dir (which the
 * caller creates and removes).  Returns 0, or 1 after printing a diagnostic
 * for a request that cannot be planned (e.g. -c -o with several inputs).
 * The plan owns copies of every string; release it with drv_plan_free (also
 * after a failure). */
int drv_plan_build(const drv_options *opts, const drv_toolchain *tc, const char *temp_dir,
                   drv_plan *plan);
/* Frees the jobs; leaves *plan zeroed. */
void drv_plan_free(drv_plan *plan);
/* True when opts needs a directory for intermediate files. */
bool drv_plan_needs_temp_dir(const drv_options *opts);
/* Appends to *flags the clang arguments the device (side DRV_SIDE_DEVICE) or
 * host (DRV_SIDE_HOST) job of a .cu input starts with under opts: everything
 * but the program, the input, and what names or selects the output (-S
 * -emit-llvm -o, -c -o, -fcuda-include-gpubinary, -M flags).  The jobs are
 * built from the same function, so what --print-cuda-flags prints is what
 * they run.  Strings are copies owned by *flags. */
void drv_plan_cuda_flags(const drv_options *opts, const drv_toolchain *tc, drv_cuda_side side,
                         drv_strvec *flags);

/* ---- running (exec.c) ---- */

/* Writes nvcc's "#$ NAME=value" lines that build tools parse from -v output
 * (CMake reads TOP, INCLUDES, LIBRARIES and the nominal "-arch compute_NN"):
 * the installation root, Anchor's include directory, the library arguments
 * exactly as the link job spells them, and the nominal device architecture. */
void drv_print_environment(const drv_toolchain *tc);
/* Writes "#$ " and the job's arguments, shell-quoted and space-separated, as
 * one line to stderr (the prefix nvcc uses for -v / --dryrun). */
void drv_print_job(const drv_job *job);
/* Writes the words, shell-quoted (as drv_print_job quotes them) and
 * space-separated, and a newline to out: a POSIX shell's `eval "set -- $line"`
 * gives back the same words. */
void drv_print_words(FILE *out, const drv_strvec *words);
/* Runs the jobs in order (printing each first when verbose).  Stops at the
 * first failing job and returns its exit status (128+signal if it was
 * killed); its diagnostics reach stderr unchanged.  Returns 0 when all
 * succeeded. */
int drv_plan_run(const drv_plan *plan, bool verbose, bool dryrun);
/* Creates a private directory for intermediate files under $TMPDIR (or
 * /tmp).  Returns a heap path (caller frees), or NULL after a diagnostic. */
char *drv_temp_dir_create(void);
/* Removes dir and everything in it; best effort. */
void drv_temp_dir_remove(const char *dir);

#endif
