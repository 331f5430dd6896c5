/* plan.c — turns a parsed command line into jobs.
 *
 * A .cu file takes three jobs: clang compiles its device side to LLVM IR,
 * anchor-msl turns that IR into a device module (MSL + kernel table), and
 * clang compiles the host side with the module embedded as the "GPU binary"
 * (-fcuda-include-gpubinary), so every object carries its own kernels and
 * objects link separately.  C and C++ inputs take one clang job; objects and
 * archives go straight to the link.  docs/driver.md lists every flag. */
#include "driver.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "target.h"

/* nvcc compiles device code optimised whatever the host -O says. */
static const char *const device_opt = "-O3";
/* clang derives the CUDA version it emulates from whatever CUDA toolkit it
 * happens to find (/usr/local/cuda ...) and, without one, falls back to
 * pre-9.2 behaviour (<<<>>> through cudaConfigureCall, PTX 4.2 builtins only).
 * Anchor never uses NVIDIA's toolkit, so it pins both (common/target.h): the
 * newest version clang 19 knows, and the PTX level that goes with it (which
 * decides which __nvvm builtins the headers may use). */
static const char *const cuda_sdk_version = "-target-sdk-version=" AC_CUDA_SDK_VERSION;
static const char *const device_ptx_feature = AC_PTX_FEATURE;

#if !defined(ANCHOR_CUDA_MAJOR) || !defined(ANCHOR_CUDA_MINOR)
#error "ANCHOR_CUDA_MAJOR/MINOR must be set by CMake (from CUDART_VERSION)"
#endif

static drv_job *new_job(drv_plan *plan, const char *program) {
  if (plan->count == plan->capacity) {
    size_t cap = plan->capacity ? plan->capacity * 2 : 8;
    drv_job *grown = realloc(plan->jobs, cap * sizeof *grown);
    if (!grown) {
      drv_error("out of memory");
      abort();
    }
    plan->jobs = grown;
    plan->capacity = cap;
  }
  assert(program && plan->count < plan->capacity);
  drv_job *job = &plan->jobs[plan->count++];
  memset(job, 0, sizeof *job);
  drv_strvec_push(&job->argv, program);
  return job;
}

/* "dir/name.cu" -> "name" (heap string). */
static char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  char *base = drv_strdup(slash ? slash + 1 : path);
  char *dot = strrchr(base, '.');
  if (dot && dot != base) *dot = '\0';
  return base;
}

/* A HIP source is CUDA code on HIP's NVIDIA platform (docs/hip.md): the
 * macros hipcc predefines there (-D__HIP_PLATFORM_NVIDIA__= as hipconfig
 * --cpp_config spells them; __HIPCC__ empty, as HIP's hip_common.h defines it
 * for CUDA compilers), and HIP_VERSION_* of the HIP headers Anchor was
 * configured with (CMake reads hip/hip_version.h; the definitions are token
 * for token the header's, so both may appear). Not __HIP__: clang defines it
 * for AMD's platform only, and HIP's hip_common.h then selects that platform.
 * HIP's headers come after Anchor's: Anchor's hip/ wrappers include_next them. */
static void push_hip_macros(drv_strvec *a) {
  drv_strvec_push(a, "-D__HIP_PLATFORM_NVIDIA__=");
  drv_strvec_push(a, "-D__HIP_PLATFORM_NVCC__=");
  drv_strvec_push(a, "-D__HIPCC__=");
#ifdef ANCHOR_HIP_VERSION_MAJOR
  drv_strvec_pushf(a, "-DHIP_VERSION_MAJOR=%d", ANCHOR_HIP_VERSION_MAJOR);
  drv_strvec_pushf(a, "-DHIP_VERSION_MINOR=%d", ANCHOR_HIP_VERSION_MINOR);
  drv_strvec_pushf(a, "-DHIP_VERSION_PATCH=%d", ANCHOR_HIP_VERSION_PATCH);
#endif
#ifdef ANCHOR_HIP_INCLUDE_DIR
  drv_strvec_push(a, "-isystem");
  drv_strvec_push(a, ANCHOR_HIP_INCLUDE_DIR);
#endif
}

/* Arguments every front-end job of this kind shares: the language, Anchor's
 * headers (before the user's, so cuda_runtime.h is always Anchor's), the
 * user's -I/-D/-U, the C++ standard and -w. */
static void push_frontend(drv_strvec *a, const drv_options *o, const drv_toolchain *tc,
                          drv_input_kind kind, bool included) {
  if (drv_input_is_gpu(kind)) {
    drv_strvec_push(a, "-x");
    drv_strvec_push(a, "cuda");
    drv_strvec_push(a, "-nocudainc");
    drv_strvec_push(a, "-nocudalib");
    drv_strvec_push(a, "-Wno-unknown-cuda-version");
    /* nvcc's redeclaration rule (a definition without execution-space attributes keeps
     * its first declaration's) is the --nvcc-exec-spaces jobs' (exec_space.c). clang's
     * flag goes further: every function template without attributes is implicitly
     * __host__ __device__, which breaks Thrust's complex (stream operators declared
     * __host__, defined bare) and accepts host templates called from device code. So
     * it is opt-in (docs/driver.md, "Execution spaces"). */
    if (o->implicit_hd_templates) drv_strvec_push(a, "-foffload-implicit-host-device-templates");
    drv_strvec_push(a, "-Xclang");
    drv_strvec_push(a, cuda_sdk_version);
    /* nvcc's predefined version macros, for the API level of Anchor's headers. */
    drv_strvec_pushf(a, "-D__CUDACC_VER_MAJOR__=%d", ANCHOR_CUDA_MAJOR);
    drv_strvec_pushf(a, "-D__CUDACC_VER_MINOR__=%d", ANCHOR_CUDA_MINOR);
    drv_strvec_push(a, "-D__CUDACC_VER_BUILD__=0");
    /* nvcc's list of the architectures compiled for, on the host and device
     * sides (CUB and Thrust name their inline namespace after it). */
    drv_strvec_pushf(a, "-D__CUDA_ARCH_LIST__=%d", AC_CUDA_ARCH * 10);
    /* -rdc=true: clang's separate compilation (external device symbols, the
     * host registering through __cudaRegisterLinkedBinary_<id>, which the
     * device link defines; __CLANG_RDC__ for the headers). */
    if (o->rdc) drv_strvec_push(a, "-fgpu-rdc");
  } else {
    drv_strvec_push(a, "-x");
    drv_strvec_push(a, kind == DRV_INPUT_C ? "c" : "c++");
  }
  drv_strvec_pushf(a, "-I%s", tc->include);
  if (kind == DRV_INPUT_HIP) push_hip_macros(a);
  if (drv_input_is_gpu(kind) && !included) {
    drv_strvec_push(a, "-include");
    drv_strvec_push(a, "cuda_runtime.h");
  }
  /* --default-stream per-thread: nvcc's macro for every file (the headers then
   * call the API's _ptsz/_ptds entry points) and, for CUDA, clang's switch,
   * under which <<<>>> launches through cudaLaunchKernel_ptsz. */
  if (o->per_thread_stream) {
    drv_strvec_push(a, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    if (drv_input_is_gpu(kind)) {
      drv_strvec_push(a, "-Xclang"); /* the clang driver passes it on for HIP only */
      drv_strvec_push(a, "-fgpu-default-stream=per-thread");
    }
  }
  drv_strvec_append(a, &o->frontend_flags);
  if (o->cxx_std && kind != DRV_INPUT_C) drv_strvec_pushf(a, "-std=%s", o->cxx_std);
  if (o->no_warnings) drv_strvec_push(a, "-w");
}

/* Host-side code generation flags: the user's -O, -g and -Xcompiler. */
static void push_host_codegen(drv_strvec *a, const drv_options *o) {
  if (o->opt_level >= 0) drv_strvec_pushf(a, "-O%d", o->opt_level);
  if (o->host_debug) drv_strvec_push(a, "-g");
  drv_strvec_append(a, &o->host_flags);
}

/* The device side of a .cu compile, up to the input: the nominal NVIDIA
 * architecture (it only decides which intrinsics clang offers; Metal is the
 * real target), the front end, the pinned PTX level, and device code
 * generation (-O3, or -O0 for -G; line tables; fast math, contraction). */
static void push_device_flags(drv_strvec *a, const drv_options *o, const drv_toolchain *tc,
                              drv_input_kind kind, bool included) {
  drv_strvec_push(a, "--cuda-device-only");
  drv_strvec_push(a, "--cuda-gpu-arch=" AC_CUDA_ARCH_NAME);
  push_frontend(a, o, tc, kind, included);
  /* No `noundef` on parameters and results: a value a thread never initialised may be
   * passed on when no thread uses it, as CUDA code does (a warp's leader computes a
   * value and __shfl_sync hands it to the others: libcu++'s cuda::barrier::arrive).
   * With noundef, clang 19 makes that call undefined and LLVM then assumes the
   * leader's branch taken by every thread (llvm.assume); nvcc's NVVM does not. */
  drv_strvec_push(a, "-Xclang");
  drv_strvec_push(a, "-no-enable-noundef-analysis");
  drv_strvec_push(a, "-Xclang");
  drv_strvec_push(a, "-target-feature");
  drv_strvec_push(a, "-Xclang");
  drv_strvec_push(a, device_ptx_feature);
  /* nvcc says nothing when it cannot unroll a loop as `#pragma unroll` asks
   * (CUB's loops over a runtime bound); clang warns. */
  drv_strvec_push(a, "-Wno-pass-failed");
  if (o->device_debug) {
    /* -G: unoptimised device code, but still IR the backend can read. */
    drv_strvec_push(a, "-O0");
    drv_strvec_push(a, "-Xclang");
    drv_strvec_push(a, "-disable-O0-optnone");
  } else {
    drv_strvec_push(a, device_opt);
  }
  /* Line tables always: the backend names source locations in its errors. */
  drv_strvec_push(a, "-gline-tables-only");
  /* nvcc's floating-point modes (docs/driver.md; what nvcc 13 does is in
   * tests/driver/observed/h200-fp-modes.log). --use_fast_math is
   * -prec-div=false -prec-sqrt=false where those are not given, and the
   * fast intrinsics for sinf, expf, ... (__ANCHOR_FAST_MATH__, the headers'
   * switch; nvcc shows user code no macro) — not clang's -ffast-math,
   * whose no-NaN/no-infinity assumptions nvcc does not make. Divisions
   * carry `arcp` under -prec-div=false (nvcc's div.full: the backend's
   * 2-ulp division) and also `afn` under --use_fast_math (nvcc's
   * div.approx: __fdividef's), compiler/lower_div.c. -prec-sqrt=false keeps
   * the correctly rounded square root (within its bound). -ftz=true (also
   * implied by --use_fast_math) is clang's -fgpu-flush-denormals-to-zero:
   * it sets the module flag nvvm-reflect-ftz, on which compiler/lower_ftz.c
   * flushes float subnormals as nvcc's .ftz instructions do; no macro (nvcc
   * defines none). */
  bool prec_div = o->prec_div >= 0 ? o->prec_div : !o->fast_math;
  if (!prec_div) drv_strvec_push(a, "-freciprocal-math");
  if (o->fast_math) {
    drv_strvec_push(a, "-fapprox-func");
    drv_strvec_push(a, "-D__ANCHOR_FAST_MATH__");
  }
  if (o->ftz >= 0 ? o->ftz : o->fast_math) drv_strvec_push(a, "-fgpu-flush-denormals-to-zero");
  if (o->fmad_off) drv_strvec_push(a, "-ffp-contract=off");
}

/* The host side of a compile of an input of this kind, up to what selects
 * the output: the front end and the user's host code generation flags. */
static void push_host_flags(drv_strvec *a, const drv_options *o, const drv_toolchain *tc,
                            drv_input_kind kind, bool included) {
  if (drv_input_is_gpu(kind)) drv_strvec_push(a, "--cuda-host-only");
  push_frontend(a, o, tc, kind, included);
  push_host_codegen(a, o);
}

void drv_plan_cuda_flags(const drv_options *o, const drv_toolchain *tc, drv_cuda_side side,
                         drv_strvec *flags) {
  assert(side == DRV_SIDE_DEVICE || side == DRV_SIDE_HOST);
  /* under hipcc (or after -x hip) the flags of a HIP source */
  drv_input_kind kind =
      o->hipcc || o->forced_kind == DRV_INPUT_HIP ? DRV_INPUT_HIP : DRV_INPUT_CUDA;
  if (side == DRV_SIDE_DEVICE)
    push_device_flags(flags, o, tc, kind, false);
  else
    push_host_flags(flags, o, tc, kind, false);
}

/* The flags of the device compile of the one-file source the first two device jobs
 * write (plan_device), without its input and output. */
static void push_compile_flags(drv_strvec *a, const drv_options *o, const drv_toolchain *tc,
                               drv_input_kind kind, const char *cuid) {
  push_device_flags(a, o, tc, kind, true);
  /* The line markers are the first job's, not the user's (-Wpedantic would flag them). */
  drv_strvec_push(a, "-Wno-gnu-line-marker");
  if (cuid) drv_strvec_pushf(a, "-cuid=%s", cuid);
}

/* The device front end: input -> nvptx LLVM IR at ir_path (what anchor-msl
 * reads, and what --emit-device-ir writes), in three jobs (asm_dialect.c): clang
 * copies every included file into <stem>.dev.inc.cu (-frewrite-includes: no macro
 * expanded), anchorcc --nvcc-asm-dialect reads inline asm templates as nvcc does into
 * <stem>.dev/<the input's file name> (so the IR's source_filename still ends in the
 * user's file name: anchor-msl names it), and clang compiles that (with the same
 * macros; cuda_runtime.h is in it already). */
static void plan_device(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                        const drv_input *in, const char *stem, const char *ir_path,
                        const char *cuid) {
  const char *input = in->path;
  const char *name = strrchr(input, '/') ? strrchr(input, '/') + 1 : input;
  char *included = drv_format("%s.dev.inc.cu", stem);
  char *dialect = drv_format("%s.dev/%s", stem, name);
  drv_strvec *e = &new_job(plan, tc->clang)->argv;
  push_device_flags(e, o, tc, in->kind, false);
  drv_strvec_push(e, "-E");
  drv_strvec_push(e, "-frewrite-includes");
  drv_strvec_push(e, input);
  drv_strvec_push(e, "-o");
  drv_strvec_push(e, included);
  drv_strvec *d = &new_job(plan, tc->self)->argv;
  drv_strvec_push(d, "--nvcc-asm-dialect");
  drv_strvec_push(d, included);
  drv_strvec_push(d, dialect);
  /* nvcc's redeclaration rule (exec_space.c): libclang parses the file with the
   * compile's own flags, so they are the same words as the compile's below. */
  drv_strvec *x = &new_job(plan, tc->self)->argv;
  drv_strvec_push(x, "--nvcc-exec-spaces");
  drv_strvec_push(x, dialect);
  drv_strvec_push(x, dialect);
  push_compile_flags(x, o, tc, in->kind, cuid);
  drv_strvec *a = &new_job(plan, tc->clang)->argv;
  push_compile_flags(a, o, tc, in->kind, cuid);
  drv_strvec_push(a, dialect);
  drv_strvec_push(a, "-S");
  drv_strvec_push(a, "-emit-llvm");
  drv_strvec_push(a, "-o");
  drv_strvec_push(a, ir_path);
  free(included);
  free(dialect);
}

static void plan_backend(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                         const char *source, const char *ir_path, const char *module_path,
                         const char *msl_path) {
  drv_job *job = new_job(plan, tc->msl);
  job->needs_msl_backend = true;
  drv_strvec_push(&job->argv, ir_path);
  drv_strvec_push(&job->argv, "-o");
  drv_strvec_push(&job->argv, module_path);
  drv_strvec_push(&job->argv, "--devlib");
  drv_strvec_push(&job->argv, tc->devlib);
  if (o->fp64) drv_strvec_pushf(&job->argv, "--fp64=%s", o->fp64);
  if (o->no_warnings) drv_strvec_push(&job->argv, "-w");
  if (source) { /* diagnostics without a line name it, not the copy in the temporary directory */
    drv_strvec_push(&job->argv, "--source-name");
    drv_strvec_push(&job->argv, source);
  }
  if (msl_path) {
    drv_strvec_push(&job->argv, "--emit-msl");
    drv_strvec_push(&job->argv, msl_path);
  }
}

/* anchor-msl in one of its other modes (--host, --rdc-object): in -> out. */
static void plan_msl_mode(drv_plan *plan, const drv_toolchain *tc, const char *mode, const char *in,
                          const char *out) {
  drv_job *job = new_job(plan, tc->msl);
  job->needs_msl_backend = true;
  drv_strvec_push(&job->argv, mode);
  drv_strvec_push(&job->argv, in);
  drv_strvec_push(&job->argv, "-o");
  drv_strvec_push(&job->argv, out);
}

/* The flags of the host compile of the one-file source plan_host's first two jobs write,
 * without its input and output. */
static void push_host_compile_flags(drv_strvec *a, const drv_options *o, const drv_toolchain *tc,
                                    drv_input_kind kind, const char *cuid) {
  push_host_flags(a, o, tc, kind, true);
  /* The line markers are the first job's, not the user's (-Wpedantic would flag them). */
  drv_strvec_push(a, "-Wno-gnu-line-marker");
  if (cuid) { /* the clang driver passes -cuid on for device compiles only */
    drv_strvec_push(a, "-Xclang");
    drv_strvec_pushf(a, "-cuid=%s", cuid);
  }
}

/* Host compile (or, with module_path NULL, a C/C++ compile or a -M run).
 * A .cu input's host side is three jobs (docs/design.md, "Managed
 * variables"): the front end writes unoptimised bitcode (-disable-llvm-passes
 * at the user's -O, so the IR is what that level's pipeline expects), the
 * backend tool's host pass (anchor-msl --host) routes host uses of
 * __managed__ variables through their slots, and clang generates the
 * object from the result with the user's -O, -g and -Xcompiler. */
static void plan_host(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                      const drv_input *in, const char *module_path, const char *out,
                      const char *host_bc, const char *cuid) {
  /* A .cu input's front end reads the source as nvcc does (exec_space.c), as the device
   * side's does: clang copies every included file into <stem>.host.inc.cu (this job
   * writes the dependency file), anchorcc --nvcc-exec-spaces writes
   * <stem>.host/<the input's file name> from it, and clang compiles that. */
  char *included = NULL, *rewritten = NULL;
  if (host_bc) {
    const char *name = strrchr(in->path, '/') ? strrchr(in->path, '/') + 1 : in->path;
    int stem = (int)(strlen(host_bc) - strlen(".host.bc"));
    included = drv_format("%.*s.host.inc.cu", stem, host_bc);
    rewritten = drv_format("%.*s.host/%s", stem, host_bc, name);
  }
  drv_strvec *a = &new_job(plan, tc->clang)->argv;
  push_host_flags(a, o, tc, in->kind, false);
  if (cuid) { /* the clang driver passes -cuid on for device compiles only */
    drv_strvec_push(a, "-Xclang");
    drv_strvec_pushf(a, "-cuid=%s", cuid);
  }
  drv_strvec_append(a, &o->dep_flags);
  if (host_bc && o->dep_flags.count) { /* the make target is the object, not the bitcode */
    bool target = false;
    for (size_t i = 0; i < o->dep_flags.count; i++)
      target |= !strcmp(o->dep_flags.items[i], "-MT");
    if (!target) {
      drv_strvec_push(a, "-MT");
      drv_strvec_push(a, out);
    }
  }
  if (host_bc) {
    drv_strvec_push(a, "-E");
    drv_strvec_push(a, "-frewrite-includes");
    drv_strvec_push(a, in->path);
    drv_strvec_push(a, "-o");
    drv_strvec_push(a, included);
    drv_strvec *x = &new_job(plan, tc->self)->argv;
    drv_strvec_push(x, "--nvcc-exec-spaces");
    drv_strvec_push(x, included);
    drv_strvec_push(x, rewritten);
    push_host_compile_flags(x, o, tc, in->kind, cuid);
    a = &new_job(plan, tc->clang)->argv;
    push_host_compile_flags(a, o, tc, in->kind, cuid);
  }
  if (module_path) {
    drv_strvec_push(a, "-Xclang");
    drv_strvec_push(a, "-fcuda-include-gpubinary");
    drv_strvec_push(a, "-Xclang");
    drv_strvec_push(a, module_path);
  }
  if (o->preprocess_only)
    drv_strvec_push(a, "-E");
  else if (!o->deps_only)
    drv_strvec_push(a, "-c");
  if (host_bc) {
    drv_strvec_push(a, "-emit-llvm");
    drv_strvec_push(a, "-Xclang");
    drv_strvec_push(a, "-disable-llvm-passes");
  }
  drv_strvec_push(a, host_bc ? rewritten : in->path);
  free(included);
  free(rewritten);
  if (host_bc || out) {
    drv_strvec_push(a, "-o");
    drv_strvec_push(a, host_bc ? host_bc : out);
  }
  if (!host_bc) return;
  /* <stem>.host.bc -> <stem>.managed.bc */
  char *managed_bc =
      drv_format("%.*s.managed.bc", (int)(strlen(host_bc) - strlen(".host.bc")), host_bc);
  plan_msl_mode(plan, tc, "--host", host_bc, managed_bc);
  drv_strvec *c = &new_job(plan, tc->clang)->argv;
  push_host_codegen(c, o);
  drv_strvec_push(c, "-Wno-unused-command-line-argument");
  drv_strvec_push(c, "-c");
  drv_strvec_push(c, managed_bc);
  drv_strvec_push(c, "-o");
  drv_strvec_push(c, out);
  free(managed_bc);
}

/* The name intermediate files of input number index get: its base name, with
 * "-<index>" added when an earlier input has the same base name. */
static char *intermediate_stem(const drv_options *o, size_t index) {
  char *base = base_name(o->inputs[index].path);
  bool clash = false;
  for (size_t j = 0; j < index && !clash; j++) {
    if (o->inputs[j].kind == DRV_INPUT_LINKER) continue;
    char *other = base_name(o->inputs[j].path);
    clash = !strcmp(base, other);
    free(other);
  }
  if (!clash) return base;
  char *stem = drv_format("%s-%zu", base, index);
  free(base);
  return stem;
}

/* Where the object of input number index goes: the user's -o or <base>.o
 * with -c, a temporary otherwise. */
static char *object_path(const drv_options *o, const char *temp_dir, size_t index,
                         const char *base) {
  if (o->compile_only && o->output) return drv_strdup(o->output);
  if (o->compile_only && o->output_directory)
    return drv_format("%s/%s.o", o->output_directory, base);
  if (o->compile_only) return drv_format("%s.o", base);
  char *stem = intermediate_stem(o, index);
  char *path = drv_format("%s/%s.o", temp_dir, stem);
  free(stem);
  return path;
}

/* clang's -cuid for a -rdc compile: the same in the device and host jobs
 * (clang renames the file's static device variables the host registers with
 * it, so the two must agree) and different for another file or another
 * object of the same file (FNV-1a of the input's path and the object's). */
static char *compilation_unit_id(const char *input, const char *object) {
  uint64_t h = 0xcbf29ce484222325u;
  for (const char *s = input; *s; s++)
    h = (h ^ (unsigned char)*s) * 0x100000001b3u;
  h = (h ^ 0) * 0x100000001b3u;
  for (const char *s = object; *s; s++)
    h = (h ^ (unsigned char)*s) * 0x100000001b3u;
  return drv_format("%016llx", (unsigned long long)h);
}

/* Plans the jobs for one compilable input; pushes its object onto objects
 * (unless it stops before objects: --emit-msl, --emit-device-ir, -M, -E). */
static void plan_input(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                       const char *temp_dir, size_t index, drv_strvec *objects) {
  assert(index < o->input_count && o->inputs[index].kind != DRV_INPUT_LINKER);
  const drv_input *in = &o->inputs[index];
  char *base = base_name(in->path);
  if (o->deps_only || o->preprocess_only) {
    plan_host(plan, o, tc, in, NULL, o->output, NULL, NULL);
  } else if (!drv_input_is_gpu(in->kind)) {
    char *obj = object_path(o, temp_dir, index, base);
    plan_host(plan, o, tc, in, NULL, obj, NULL, NULL);
    drv_strvec_push(objects, obj);
    free(obj);
  } else if (o->emit_device_ir) {
    char *ir = o->output ? drv_strdup(o->output) : drv_format("%s.dev.ll", base);
    char *stem = intermediate_stem(o, index), *temp_stem = drv_format("%s/%s", temp_dir, stem);
    plan_device(plan, o, tc, in, temp_stem, ir, NULL);
    free(stem);
    free(temp_stem);
    free(ir);
  } else {
    char *stem = intermediate_stem(o, index);
    char *ir = drv_format("%s/%s.dev.ll", temp_dir, stem);
    char *mod = drv_format("%s/%s.anchormod", temp_dir, stem);
    char *host_bc = drv_format("%s/%s.host.bc", temp_dir, stem);
    char *obj = object_path(o, temp_dir, index, base);
    /* an object of the temporary directory: its stem, so builds repeat */
    char *cuid = o->rdc ? compilation_unit_id(in->path, o->compile_only ? obj : stem) : NULL;
    char *temp_stem = drv_format("%s/%s", temp_dir, stem);
    free(stem);
    plan_device(plan, o, tc, in, temp_stem, ir, cuid);
    free(temp_stem);
    if (o->emit_msl) {
      char *msl = o->output ? drv_strdup(o->output) : drv_format("%s.metal", base);
      plan_backend(plan, o, tc, in->path, ir, mod, msl);
      free(msl);
    } else if (o->emit_module) {
      /* -fatbin / -cubin: the device module itself is the file (it starts
       * with its magic and length, docs/design.md); nvcc's default names. */
      char *out = o->output
                      ? drv_strdup(o->output)
                      : drv_format("%s.%s", base, o->module_suffix ? o->module_suffix : "fatbin");
      plan_backend(plan, o, tc, in->path, ir, out, NULL);
      free(out);
    } else {
      /* -rdc=true: the device IR is not translated but wrapped (docs/design.md,
       * "Relocatable device code") as the object's device code; the device
       * link translates the linked IR of all units */
      if (o->rdc)
        plan_msl_mode(plan, tc, "--rdc-object", ir, mod);
      else
        plan_backend(plan, o, tc, in->path, ir, mod, NULL);
      plan_host(plan, o, tc, in, mod, obj, host_bc, cuid);
      drv_strvec_push(objects, obj);
    }
    free(obj);
    free(cuid);
    free(ir);
    free(mod);
    free(host_bc);
  }
  free(base);
}

/* NVIDIA's runtime libraries (and HIP's, amdhip64), which build lines often
 * name explicitly: libanchor is what implements them here, so naming one
 * links libanchor instead. */
static bool is_cuda_runtime_library(const char *name) {
  static const char *names[] = {"cudart", "cudart_static", "cudadevrt", "cuda", "amdhip64"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(name, names[i])) return true;
  return false;
}

/* Link order follows nvcc: objects, then library paths, the user's
 * libraries, and the runtime last so that user archives can use it. */
static void plan_link(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                      const drv_strvec *objects, const char *out) {
  drv_strvec *a = &new_job(plan, tc->clang)->argv;
  if (o->shared) drv_strvec_push(a, "-shared");
  drv_strvec_append(a, objects);
  drv_strvec_append(a, &o->host_flags);
  for (size_t i = 0; i < o->linker_flags.count; i++) {
    drv_strvec_push(a, "-Xlinker");
    drv_strvec_push(a, o->linker_flags.items[i]);
  }
  for (size_t i = 0; i < o->library_dirs.count; i++)
    drv_strvec_pushf(a, "-L%s", o->library_dirs.items[i]);
  drv_strvec_pushf(a, "-L%s", tc->lib);
  drv_strvec_pushf(a, "-Wl,-rpath,%s", tc->lib);
  bool runtime = o->link_runtime;
  for (size_t i = 0; i < o->libraries.count; i++) {
    if (is_cuda_runtime_library(o->libraries.items[i]))
      runtime = true;
    else
      drv_strvec_pushf(a, "-l%s", o->libraries.items[i]);
  }
  if (runtime) drv_strvec_push(a, "-lanchor");
  drv_strvec_push(a, "-o");
  drv_strvec_push(a, out);
}

/* -lib adds the objects to the archive (creating it), as nvcc's "ar cr". */
static void plan_library(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                         const drv_strvec *objects) {
  drv_strvec *a = &new_job(plan, tc->ar)->argv;
  drv_strvec_push(a, "cr");
  drv_strvec_push(a, o->output ? o->output : "a.a");
  drv_strvec_append(a, objects);
}

static void plan_run(drv_plan *plan, const drv_options *o, const char *out) {
  char *program = strchr(out, '/') ? drv_strdup(out) : drv_format("./%s", out);
  drv_job *job = new_job(plan, program);
  drv_strvec_append(&job->argv, &o->run_args);
  free(program);
}

/* Whether the file at path (an object or an archive) holds relocatable
 * device code: it contains the wrapper's magic (common/module.h). A file
 * that cannot be read has none (--dryrun plans before objects exist). */
static bool file_has_rdc(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  static const char magic[] = AC_RDC_MAGIC;
  const size_t n = sizeof magic - 1;
  char buf[65536 + sizeof magic];
  size_t kept = 0, got;
  bool found = false;
  while (!found && (got = fread(buf + kept, 1, sizeof buf - kept, f)) > 0) {
    size_t have = kept + got;
    for (const char *p = buf; !found && (p = memchr(p, magic[0], buf + have - p)); p++)
      found = (size_t)(buf + have - p) >= n && !memcmp(p, magic, n);
    kept = have < n - 1 ? have : n - 1; /* a magic split between two reads */
    memmove(buf, buf + have - kept, kept);
  }
  fclose(f);
  return found;
}

/* The archive -l<name> names in the user's -L directories (lib<name>.a),
 * NULL when there is none there: the device link reads it as the linker
 * would. Shared libraries carry no relocatable device code (as with nvcc). */
static char *find_static_library(const drv_options *o, const char *name) {
  for (size_t i = 0; i < o->library_dirs.count; i++) {
    char *path = drv_format("%s/lib%s.a", o->library_dirs.items[i], name);
    FILE *f = fopen(path, "rb");
    if (f) {
      fclose(f);
      return path;
    }
    free(path);
  }
  return NULL;
}

/* The device link's inputs: every object and archive of the link (not
 * shared libraries), then the user's -l archives found in -L directories.
 * Returns whether one of those that exist now holds relocatable device code. */
static bool device_link_inputs(const drv_options *o, const drv_strvec *objects,
                               drv_strvec *inputs) {
  bool rdc = false;
  for (size_t i = 0; i < objects->count; i++) {
    const char *p = objects->items[i];
    size_t n = strlen(p);
    if (strstr(p, ".so") && (n < 2 || (strcmp(p + n - 2, ".o") && strcmp(p + n - 2, ".a"))))
      continue;
    drv_strvec_push(inputs, p);
    rdc |= file_has_rdc(p);
  }
  for (size_t i = 0; i < o->libraries.count; i++) {
    if (is_cuda_runtime_library(o->libraries.items[i])) continue;
    char *path = find_static_library(o, o->libraries.items[i]);
    if (!path) continue;
    drv_strvec_push(inputs, path);
    rdc |= file_has_rdc(path);
    free(path);
  }
  return rdc;
}

/* The device link (docs/driver.md, "Relocatable device code"): anchor-msl
 * --device-link links the device IR of every relocatable object into one
 * module (checking for undefined and duplicate device symbols) and writes
 * the registration source; the backend translates the linked IR once; clang
 * compiles the registration, which embeds the module (#embed), into out. */
static void plan_device_link(drv_plan *plan, const drv_options *o, const drv_toolchain *tc,
                             const char *temp_dir, const drv_strvec *inputs, const char *out) {
  char *ir = drv_format("%s/__anchor_dlink.bc", temp_dir);
  char *mod = drv_format("%s/__anchor_dlink.anchormod", temp_dir);
  char *source = drv_format("%s/__anchor_dlink.cpp", temp_dir);
  drv_job *job = new_job(plan, tc->msl);
  job->needs_msl_backend = true;
  drv_strvec_push(&job->argv, "--device-link");
  drv_strvec_append(&job->argv, inputs);
  drv_strvec_push(&job->argv, "-o");
  drv_strvec_push(&job->argv, ir);
  drv_strvec_push(&job->argv, "--registration");
  drv_strvec_push(&job->argv, source);
  plan_backend(plan, o, tc, NULL, ir, mod, NULL);
  drv_strvec *c = &new_job(plan, tc->clang)->argv;
  drv_strvec_push(c, "-x");
  drv_strvec_push(c, "c++");
  push_host_codegen(c, o);
  drv_strvec_push(c, "-w"); /* generated code: the user's -Werror & co. are not for it */
  drv_strvec_push(c, "-c");
  drv_strvec_push(c, source);
  drv_strvec_push(c, "-o");
  drv_strvec_push(c, out);
  free(ir);
  free(mod);
  free(source);
}

static bool has_object_suffix(const char *path) {
  size_t n = strlen(path);
  return n > 2 && !strcmp(path + n - 2, ".o");
}

/* The name of the option that stops after device compilation, NULL if none. */
static const char *device_stop_option(const drv_options *o) {
  return o->emit_msl         ? "--emit-msl"
         : o->emit_device_ir ? "--emit-device-ir"
         : o->emit_module    ? (o->module_suffix ? "-cubin" : "-fatbin")
                             : NULL;
}

/* Rejects combinations nvcc rejects, before anything runs. */
static int check_request(const drv_options *o) {
  size_t compiled = 0, cuda = 0;
  for (size_t i = 0; i < o->input_count; i++) {
    compiled += o->inputs[i].kind != DRV_INPUT_LINKER;
    cuda += drv_input_is_gpu(o->inputs[i].kind);
  }
  const char *device_stop = device_stop_option(o);
  bool stops_early = o->compile_only || device_stop || o->deps_only || o->preprocess_only;
  const char *stops[3];
  int stop_count = 0;
  if (o->emit_msl) stops[stop_count++] = "--emit-msl";
  if (o->emit_device_ir) stops[stop_count++] = "--emit-device-ir";
  if (o->emit_module) stops[stop_count++] = o->module_suffix ? "-cubin" : "-fatbin";
  if (stop_count > 1) return drv_error("%s and %s cannot be combined", stops[0], stops[1]);
  if (device_stop && cuda == 0) return drv_error("%s needs a .cu input", device_stop);
  if (device_stop && o->output && cuda > 1)
    return drv_error("a single .cu input is required for %s when an output file is specified",
                     device_stop);
  if (!device_stop && stops_early && o->output && compiled > 1)
    return drv_error(
        "a single input file is required for a non-link phase when an output file is specified");
  if (stops_early && o->run_after_link) return drv_error("--run needs a link step");
  if (o->rdc && (o->emit_msl || o->emit_module))
    return drv_error("%s cannot be combined with -rdc=true: relocatable device code is "
                     "translated to MSL at the device link (link the -rdc objects with anchorcc)",
                     device_stop);
  if (o->device_link_only && (stops_early || o->make_library || o->run_after_link))
    return drv_error("-dlink cannot be combined with -c, -lib, --emit-msl, --emit-device-ir, -E, "
                     "-M or --run");
  if (o->make_library && (stops_early || o->run_after_link || o->shared))
    return drv_error("-lib cannot be combined with -c, --emit-msl, --emit-device-ir, -E, -M, "
                     "--run or -shared");
  for (size_t i = 0; o->make_library && i < o->input_count; i++)
    if (o->inputs[i].kind == DRV_INPUT_LINKER && !has_object_suffix(o->inputs[i].path))
      return drv_error("-lib: '%s' is not an object file", o->inputs[i].path);
  for (size_t i = 0; stops_early && i < o->input_count; i++)
    if (o->inputs[i].kind == DRV_INPUT_LINKER)
      drv_warning("%s: linker input file unused because linking not done", o->inputs[i].path);
  if (device_stop)
    for (size_t i = 0; i < o->input_count; i++)
      if (o->inputs[i].kind == DRV_INPUT_C || o->inputs[i].kind == DRV_INPUT_CXX)
        drv_warning("%s: no device code in a C/C++ input; ignored by %s", o->inputs[i].path,
                    device_stop);
  return 0;
}

bool drv_plan_needs_temp_dir(const drv_options *o) {
  if (o->deps_only || o->preprocess_only) return false;
  if (o->emit_device_ir) return true; /* the device front end's intermediate sources */
  if (o->device_link_only || o->rdc) return true;
  for (size_t i = 0; i < o->input_count; i++)
    if (o->inputs[i].kind != DRV_INPUT_LINKER) return true;
  if (o->compile_only || o->make_library || device_stop_option(o)) return false;
  /* a link of relocatable objects only: the device link's files */
  drv_strvec objects = {0}, inputs = {0};
  for (size_t i = 0; i < o->input_count; i++)
    drv_strvec_push(&objects, o->inputs[i].path);
  bool rdc = device_link_inputs(o, &objects, &inputs);
  drv_strvec_free(&objects);
  drv_strvec_free(&inputs);
  return rdc;
}

int drv_plan_build(const drv_options *o, const drv_toolchain *tc, const char *temp_dir,
                   drv_plan *plan) {
  memset(plan, 0, sizeof *plan);
  assert(temp_dir && "the caller passes \"\" when no directory is needed");
  if (check_request(o)) return 1;
  drv_strvec objects = {0};
  for (size_t i = 0; i < o->input_count; i++) {
    if (o->inputs[i].kind == DRV_INPUT_LINKER)
      drv_strvec_push(&objects, o->inputs[i].path);
    else if (!(device_stop_option(o) && !drv_input_is_gpu(o->inputs[i].kind)))
      plan_input(plan, o, tc, temp_dir, i, &objects);
  }
  bool links = !o->make_library && !o->compile_only && !device_stop_option(o) && !o->deps_only &&
               !o->preprocess_only;
  drv_strvec device_inputs = {0};
  bool has_rdc = links && device_link_inputs(o, &objects, &device_inputs);
  if (o->make_library) {
    plan_library(plan, o, tc, &objects);
  } else if (o->device_link_only) { /* nvcc -dlink: the device-link object alone */
    plan_device_link(plan, o, tc, temp_dir, &device_inputs, o->output ? o->output : "a_dlink.o");
  } else if (links) {
    /* nvcc links device code whenever relocatable objects are linked */
    if (o->rdc || has_rdc) {
      char *dlink = drv_format("%s/__anchor_dlink.o", temp_dir);
      drv_strvec_push(&objects, dlink);
      plan_device_link(plan, o, tc, temp_dir, &device_inputs, dlink);
      free(dlink);
    }
    const char *out = o->output ? o->output : "a.out";
    plan_link(plan, o, tc, &objects, out);
    if (o->run_after_link) plan_run(plan, o, out);
  }
  drv_strvec_free(&device_inputs);
  drv_strvec_free(&objects);
  return 0;
}

void drv_plan_free(drv_plan *plan) {
  for (size_t i = 0; i < plan->count; i++)
    drv_strvec_free(&plan->jobs[i].argv);
  free(plan->jobs);
  memset(plan, 0, sizeof *plan);
}
