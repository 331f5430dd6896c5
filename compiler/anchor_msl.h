/* anchor_msl.h — the whole public interface of Anchor's MSL backend.
 *
 * The backend reads nvptx64 LLVM IR (as produced by clang -x cuda
 * --cuda-device-only) and produces the device module blob of docs/design.md:
 * a kernel/param/global table followed by Metal Shading Language source.
 * The tool bin/anchor-msl is a thin command line around msl_compile_file; the
 * driver may link the library (anchor_compiler) and call it directly. */
#ifndef ANCHOR_MSL_H
#define ANCHOR_MSL_H

#include <stddef.h>

/* Result of a compilation. On success `failed` is 0 and `message` NULL, or
 * the warnings ("file.cu:12:5: warning: ...\n", --fp64=demote's). On failure
 * `message` holds one or more clang-style diagnostics ("file.cu:12:5: error:
 * ...\n"), heap-allocated; free with msl_status_free. */
typedef struct msl_status {
  int failed;
  char *message;
} msl_status;

/* What a successful compilation produces; both buffers are heap-allocated and
 * owned by the caller (msl_output_free). `blob` is the complete device module
 * (magic, length, table, MSL); `msl` is the MSL source alone, NUL-terminated. */
typedef struct msl_output {
  unsigned char *blob;
  size_t blob_size;
  char *msl;
  size_t msl_size;
} msl_output;

/* What double precision in device code becomes (anchorcc --fp64=MODE,
 * docs/compiler.md "FP64 modes"): EXACT, the default, IEEE binary64 in
 * software; FAST, double-float (a pair of floats, ~48-bit significand,
 * float's exponent range); DEMOTE, float (with a warning per kernel);
 * ERROR, any double arithmetic left after inlining is an error. */
typedef enum msl_fp64_mode {
  MSL_FP64_EXACT = 0,
  MSL_FP64_FAST,
  MSL_FP64_DEMOTE,
  MSL_FP64_ERROR
} msl_fp64_mode;

/* Options of msl_compile; zero-initialised means defaults. */
typedef struct msl_options {
  /* When set, the module after the backend's LLVM pipeline (what emission
   * reads) is also written there as textual IR: lets passes.c be tested
   * alone. */
  const char *llvm_ir_path;
  /* When set, only this IR->IR pass ("lower-switches", "lower-math",
   * "lower-fp64", "lower-memory", "lower-atomics", "fp64-check-error",
   * "fp64-demote-calls", "retype-fp64-demote", "retype-fp64-fast") runs
   * on the module as loaded, its result goes to llvm_ir_path (required)
   * and no device module is produced (out stays zeroed): lets each
   * lowering be tested alone. An unknown name is an error. */
  const char *run_pass;
  /* Anchor's device library (LLVM bitcode, <root>/lib/anchor/devlib.bc):
   * linked into a module that calls one of its functions (a "__anchor_"
   * name) before inlining; read only then. NULL: such a module is an
   * error. Not used with run_pass. */
  const char *devlib_path;
  msl_fp64_mode fp64; /* MSL_FP64_EXACT unless anchor-msl --fp64=MODE */
  /* The user's source file as named on anchorcc's command line: diagnostics without a
   * line name it rather than the IR's source_filename (a copy in anchorcc's temporary
   * directory). NULL: source_filename. */
  const char *source_name;
} msl_options;

/* msl_compile_file with options (NULL for defaults). */
msl_status msl_compile(const char *path, const msl_options *options, msl_output *out);

/* Compile the LLVM IR file at `path` (textual .ll or bitcode .bc) into `out`,
 * with default options (so without a device library: a module calling one
 * of its functions fails, saying so).
 * Every kernel of the module (functions listed in !nvvm.annotations as
 * "kernel", or with the ptx_kernel calling convention) becomes one MSL kernel.
 * On error nothing is stored in `out` (it is zeroed) and the status carries the
 * diagnostics. Not thread-safe: LLVM target initialisation is global. */
msl_status msl_compile_file(const char *path, msl_output *out);

/* The host-side pass for __managed__ variables (host_managed.c): reads the
 * host front end's bitcode at input, gives each variable marked
 * annotate("anchor.managed") a slot every host use goes through, writes
 * bitcode to output. Returns 0; or 1 with *message a heap-allocated
 * diagnostic ("file.cu:L: error: ...\n"). */
int msl_host_managed(const char *input, const char *output, char **message);

/* Relocatable device code (device_link.c; docs/design.md "Relocatable
 * device code"). msl_rdc_object reads one unit's device IR (.ll or .bc) at
 * input and writes the blob a -rdc object embeds (common/module.h,
 * AC_RDC_MAGIC) to output. msl_device_link reads the objects and archives
 * of a link (inputs[0..count-1]), links the device bitcode of every -rdc
 * unit they hold into one module written as bitcode to output (an empty
 * module when there is none), after checking that every external device
 * symbol is defined once and every one used is defined, and writes to
 * registration the C/C++ source that defines clang's
 * __cudaRegisterLinkedBinary<id> for each unit and embeds the module the
 * backend makes of output (output's name with .bc replaced by .anchormod,
 * in the same directory). Both return 0, or 1 with *message the heap
 * diagnostics ("anchor-msl: error: ...
", one per problem). */
int msl_rdc_object(const char *input, const char *output, char **message);
int msl_device_link(const char *const *inputs, size_t count, const char *output,
                    const char *registration, char **message);
/* Free what msl_compile_file stored; both are safe on zeroed structs. */
void msl_status_free(msl_status *status);
void msl_output_free(msl_output *out);

#endif
