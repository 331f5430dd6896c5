/* nvrtc_api.c — the NVRTC API contract: every nvrtcResult's string, the
 * version and architectures, argument errors, options (accepted, unknown,
 * bad values, refused), the log of a failing compile (program name and
 * line, NVRTC's form, no private path), headers found by name, name
 * expressions and their lowered names, -default-device, predefined macros,
 * and compiles on several threads at once.
 *
 * Builds against NVIDIA's NVRTC too (gcc nvrtc_api.c -I<cuda>/include
 * -lnvrtc -lpthread): where Anchor differs on purpose (the image is Anchor's
 * device module, also as CUBIN for compute_XX; Anchor's headers are found
 * without -I) the check applies only when the image is Anchor's.  Prints
 * each failing check and PASS at the end; exit status 1 on failure. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem, mkdtemp, setenv under gcc -std=c17 (the H200 build) */
#endif
#include <dirent.h>
#include <nvrtc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      failures++;                                                                                  \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)
#define EXPECT(call, want)                                                                         \
  do {                                                                                             \
    nvrtcResult got_ = (call);                                                                     \
    CHECK(got_ == (want), "%s: %s, want %s", #call, nvrtcGetErrorString(got_),                     \
          nvrtcGetErrorString(want));                                                              \
  } while (0)

static char *log_of(nvrtcProgram p) {
  size_t n = 0;
  EXPECT(nvrtcGetProgramLogSize(p, &n), NVRTC_SUCCESS);
  char *log = malloc(n ? n : 1);
  log[0] = '\0';
  EXPECT(nvrtcGetProgramLog(p, log), NVRTC_SUCCESS);
  CHECK(strlen(log) + 1 == n, "log size %zu for a log of %zu characters", n, strlen(log));
  return log;
}

/* Compiles src (name, options); returns the result, and the log in *log
 * (caller frees) when log is not NULL. */
static nvrtcResult compile(const char *src, const char *name, int n, const char *const *opts,
                           char **log) {
  nvrtcProgram p;
  EXPECT(nvrtcCreateProgram(&p, src, name, 0, NULL, NULL), NVRTC_SUCCESS);
  nvrtcResult r = nvrtcCompileProgram(p, n, opts);
  char *l = log_of(p);
  if (log)
    *log = l;
  else
    free(l);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);
  return r;
}

static const char kernel[] = "__global__ void k(int *p) { p[threadIdx.x] = 1; }\n";

static bool anchor; /* the image is Anchor's device module */

static void test_strings(void) {
  static const char *const names[] = {
      "NVRTC_SUCCESS",
      "NVRTC_ERROR_OUT_OF_MEMORY",
      "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
      "NVRTC_ERROR_INVALID_INPUT",
      "NVRTC_ERROR_INVALID_PROGRAM",
      "NVRTC_ERROR_INVALID_OPTION",
      "NVRTC_ERROR_COMPILATION",
      "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
      "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
      "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
      "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
      "NVRTC_ERROR_INTERNAL_ERROR",
      "NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
      "NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
      "NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED",
      "NVRTC_ERROR_PCH_CREATE",
      "NVRTC_ERROR_CANCELLED",
      "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED",
  };
  for (int i = 0; i < (int)(sizeof names / sizeof *names); i++) {
    const char *s = nvrtcGetErrorString((nvrtcResult)i);
    CHECK(s && !strcmp(s, names[i]), "nvrtcGetErrorString(%d) = %s, want %s", i, s, names[i]);
  }
  CHECK(NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED == 17, "enum value");
  CHECK(!strcmp(nvrtcGetErrorString((nvrtcResult)18), "NVRTC_ERROR unknown"), "18");
  CHECK(!strcmp(nvrtcGetErrorString((nvrtcResult)-1), "NVRTC_ERROR unknown"), "-1");
}

static void test_queries(void) {
  int major = 0, minor = -1, n = 0;
  EXPECT(nvrtcVersion(&major, &minor), NVRTC_SUCCESS);
  CHECK(major == 13 && minor >= 0, "version %d.%d", major, minor);
  EXPECT(nvrtcVersion(NULL, &minor), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcGetNumSupportedArchs(&n), NVRTC_SUCCESS);
  CHECK(n > 0 && n < 64, "%d architectures", n);
  int archs[64] = {0};
  EXPECT(nvrtcGetSupportedArchs(archs), NVRTC_SUCCESS);
  bool has75 = false, has90 = false;
  for (int i = 0; i < n; i++) {
    has75 |= archs[i] == 75, has90 |= archs[i] == 90;
    CHECK(i == 0 || archs[i] > archs[i - 1], "architectures not ascending at %d", i);
  }
  CHECK(has75 && has90, "sm_75 and sm_90 among the architectures");
  EXPECT(nvrtcGetNumSupportedArchs(NULL), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcGetSupportedArchs(NULL), NVRTC_ERROR_INVALID_INPUT);
}

static void test_arguments(void) {
  nvrtcProgram p = NULL;
  EXPECT(nvrtcCreateProgram(NULL, kernel, "k.cu", 0, NULL, NULL), NVRTC_ERROR_INVALID_PROGRAM);
  EXPECT(nvrtcCreateProgram(&p, NULL, "k.cu", 0, NULL, NULL), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcCreateProgram(&p, kernel, "k.cu", -1, NULL, NULL), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcCompileProgram(NULL, 0, NULL), NVRTC_ERROR_INVALID_PROGRAM);
  EXPECT(nvrtcDestroyProgram(NULL), NVRTC_ERROR_INVALID_PROGRAM);
  p = NULL;
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_ERROR_INVALID_PROGRAM);
  size_t size = 0;
  EXPECT(nvrtcGetProgramLogSize(NULL, &size), NVRTC_ERROR_INVALID_PROGRAM);
  EXPECT(nvrtcGetPTXSize(NULL, &size), NVRTC_ERROR_INVALID_PROGRAM);
  EXPECT(nvrtcGetCUBINSize(NULL, &size), NVRTC_ERROR_INVALID_PROGRAM);

  EXPECT(nvrtcCreateProgram(&p, kernel, NULL, 0, NULL, NULL), NVRTC_SUCCESS);
  EXPECT(nvrtcGetProgramLogSize(p, NULL), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcGetPTXSize(p, NULL), NVRTC_ERROR_INVALID_INPUT);
  size = 0;
  EXPECT(nvrtcGetPTXSize(p, &size), NVRTC_SUCCESS);
  CHECK(size == 1, "PTX size %zu before compiling, want 1", size);
  EXPECT(nvrtcGetProgramLogSize(p, &size), NVRTC_SUCCESS);
  CHECK(size == 1, "log size %zu before compiling, want 1", size);
  EXPECT(nvrtcAddNameExpression(p, NULL), NVRTC_ERROR_INVALID_INPUT);
  const char *lowered = NULL;
  EXPECT(nvrtcGetLoweredName(p, "k", &lowered), NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  EXPECT(nvrtcCompileProgram(p, -1, NULL), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcCompileProgram(p, 1, NULL), NVRTC_ERROR_INVALID_OPTION);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);
  CHECK(p == NULL, "nvrtcDestroyProgram leaves the handle NULL");
}

static void test_options(void) {
  char *log;
  /* Every option Anchor accepts, in NVRTC's spellings. */
  const char *accepted[] = {"-arch=sm_90",
                            "--gpu-architecture=compute_80",
                            "-arch",
                            "sm_75",
                            "--std=c++20",
                            "-std=c++17",
                            "-default-device",
                            "--device-as-default-execution-space",
                            "-ftz=true",
                            "-prec-div=false",
                            "-prec-sqrt=false",
                            "-fmad=false",
                            "--fmad=true",
                            "-dopt=on",
                            "-dopt",
                            "on",
                            "-lineinfo",
                            "--generate-line-info",
                            "-G",
                            "-w",
                            "--disable-warnings",
                            "--use_fast_math",
                            "-I/tmp",
                            "--include-path=/tmp",
                            "-I",
                            "/tmp",
                            "-DX=1",
                            "--define-macro=Y",
                            "-D",
                            "Z=3",
                            "-UX",
                            "--undefine-macro=Y",
                            "-rdc=false",
                            "--relocatable-device-code=false",
                            "-maxrregcount=32",
                            "--restrict",
                            "--extra-device-vectorization"};
  int n = (int)(sizeof accepted / sizeof *accepted);
  EXPECT(compile(kernel, "k.cu", n, accepted, &log), NVRTC_SUCCESS);
  CHECK(!strstr(log, "error"), "accepted options logged: %s", log);
  free(log);

  const char *unknown[] = {"--foo"};
  EXPECT(compile(kernel, "k.cu", 1, unknown, &log), NVRTC_ERROR_INVALID_OPTION);
  CHECK(strstr(log, "--foo") && strstr(log, "error"), "log for --foo: %s", log);
  free(log);
  const char *arch[] = {"-arch=sm_12"};
  EXPECT(compile(kernel, "k.cu", 1, arch, &log), NVRTC_ERROR_INVALID_OPTION);
  CHECK(strstr(log, "--gpu-architecture") && strstr(log, "error"), "log for sm_12: %s", log);
  free(log);
  const char *arch2[] = {"--gpu-architecture=compute_foo"};
  EXPECT(compile(kernel, "k.cu", 1, arch2, NULL), NVRTC_ERROR_INVALID_OPTION);
  const char *std[] = {"--std=c++98"};
  EXPECT(compile(kernel, "k.cu", 1, std, &log), NVRTC_ERROR_INVALID_OPTION);
  CHECK(strstr(log, "--std") && strstr(log, "error"), "log for c++98: %s", log);
  free(log);
  const char *ftz[] = {"-ftz=maybe"};
  EXPECT(compile(kernel, "k.cu", 1, ftz, NULL), NVRTC_ERROR_INVALID_OPTION);
  const char *missing[] = {"-arch"};
  EXPECT(compile(kernel, "k.cu", 1, missing, NULL), NVRTC_ERROR_INVALID_OPTION);
  const char *flag_value[] = {"-G=1"};
  EXPECT(compile(kernel, "k.cu", 1, flag_value, NULL), NVRTC_ERROR_INVALID_OPTION);
  if (anchor) {
    /* Anchor cannot make LTO IR nor relocatable device code: refused. */
    const char *dlto[] = {"-dlto"};
    EXPECT(compile(kernel, "k.cu", 1, dlto, &log), NVRTC_ERROR_INVALID_OPTION);
    CHECK(strstr(log, "-dlto") && strstr(log, "not supported"), "log for -dlto: %s", log);
    free(log);
    const char *rdc[] = {"-rdc=true"};
    CHECK(compile(kernel, "k.cu", 1, rdc, &log) != NVRTC_SUCCESS, "-rdc=true accepted");
    CHECK(strstr(log, "relocatable device code"), "log for -rdc=true: %s", log);
    free(log);
  }
}

/* A failing compile: NVRTC's "name(line): error: ..." and its summary. */
static void test_errors(void) {
  char *log;
  const char *bad = "__global__ void k(int *p) {\n"
                    "  p[0] = undefined_x;\n"
                    "}\n";
  EXPECT(compile(bad, "bad.cu", 0, NULL, &log), NVRTC_ERROR_COMPILATION);
  CHECK(strstr(log, "bad.cu(2): error:") && strstr(log, "undefined_x"), "log: %s", log);
  CHECK(strstr(log, "1 error detected in the compilation of \"bad.cu\"."), "summary: %s", log);
  CHECK(!strstr(log, "/tmp") && !strstr(log, "anchor"), "private path in log: %s", log);
  free(log);
  /* No name: NVRTC's default_program. */
  EXPECT(compile(bad, NULL, 0, NULL, &log), NVRTC_ERROR_COMPILATION);
  CHECK(strstr(log, "default_program(2): error:"), "log: %s", log);
  free(log);
  /* A failed compile leaves no image; the program can be compiled again. */
  nvrtcProgram p;
  EXPECT(nvrtcCreateProgram(&p, bad, "bad.cu", 0, NULL, NULL), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_ERROR_COMPILATION);
  size_t size = 0;
  EXPECT(nvrtcGetPTXSize(p, &size), NVRTC_SUCCESS);
  CHECK(size == 1, "PTX size %zu after a failed compile", size);
  const char *defined[] = {"-Dundefined_x=4"};
  EXPECT(nvrtcCompileProgram(p, 1, defined), NVRTC_SUCCESS);
  EXPECT(nvrtcGetPTXSize(p, &size), NVRTC_SUCCESS);
  CHECK(size > 1, "PTX size %zu after a good compile", size);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);
}

/* Headers given to nvrtcCreateProgram are found by #include, by name;
 * errors in them name the header. */
static void test_headers(void) {
  const char *src = "#include \"util/value.h\"\n"
                    "#include <other.h>\n"
                    "static_assert(VALUE == 7 && OTHER == 8, \"headers\");\n"
                    "__global__ void k(int *p) { p[0] = VALUE + OTHER; }\n";
  const char *texts[] = {"#define VALUE 7\n", "#define OTHER 8\n"};
  const char *names[] = {"util/value.h", "other.h"};
  nvrtcProgram p;
  EXPECT(nvrtcCreateProgram(&p, src, "headers.cu", 2, texts, names), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_SUCCESS);
  char *log = log_of(p);
  CHECK(!strstr(log, "error"), "log: %s", log);
  free(log);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);

  const char *broken[] = {"#define VALUE 7\nint oops = ;\n", "#define OTHER 8\n"};
  EXPECT(nvrtcCreateProgram(&p, src, "headers.cu", 2, broken, names), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_ERROR_COMPILATION);
  log = log_of(p);
  CHECK(strstr(log, "util/value.h(2): error:"), "header error: %s", log);
  CHECK(!strstr(log, "/tmp") && !strstr(log, "anchor"), "private path in log: %s", log);
  free(log);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);

  /* --pre-include, -D and -U reach the program. */
  const char *pre = "static_assert(FROM_PRE == 5 && DEFINED == 2, \"pre-include\");\n"
                    "#ifdef GONE\n#error GONE\n#endif\n"
                    "__global__ void k(int *p) { p[0] = FROM_PRE; }\n";
  const char *pre_text[] = {"#define FROM_PRE 5\n"};
  const char *pre_name[] = {"pre.h"};
  const char *opts[] = {"--pre-include=pre.h", "-DDEFINED=2", "-DGONE", "-UGONE"};
  EXPECT(nvrtcCreateProgram(&p, pre, "pre.cu", 1, pre_text, pre_name), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 4, opts), NVRTC_SUCCESS);
  log = log_of(p);
  CHECK(!strstr(log, "error"), "log: %s", log);
  free(log);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);
}

/* Name expressions: lowered names are clang's mangling, as NVIDIA's. */
static void test_names(void) {
  const char *src = "template <typename T> __global__ void f(T *p) { p[threadIdx.x] *= 2; }\n"
                    "namespace N {\n"
                    "__device__ int var;\n"
                    "__global__ void g(float x, int *y) { *y = (int)x + var; }\n"
                    "}\n";
  static const struct {
    const char *expression, *lowered;
  } names[] = {{"&f<int>", "_Z1fIiEvPT_"},
               {"f<float>", "_Z1fIfEvPT_"},
               {"&N::g", "_ZN1N1gEfPi"},
               {"&N::var", "_ZN1N3varE"}};
  size_t count = sizeof names / sizeof *names;
  nvrtcProgram p;
  EXPECT(nvrtcCreateProgram(&p, src, "names.cu", 0, NULL, NULL), NVRTC_SUCCESS);
  for (size_t i = 0; i < count; i++)
    EXPECT(nvrtcAddNameExpression(p, names[i].expression), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_SUCCESS);
  char *log = log_of(p);
  CHECK(!strstr(log, "error"), "log: %s", log);
  free(log);
  for (size_t i = 0; i < count; i++) {
    const char *lowered = NULL;
    EXPECT(nvrtcGetLoweredName(p, names[i].expression, &lowered), NVRTC_SUCCESS);
    CHECK(lowered && !strcmp(lowered, names[i].lowered), "lowered name of %s: %s, want %s",
          names[i].expression, lowered ? lowered : "(null)", names[i].lowered);
  }
  const char *lowered = NULL;
  EXPECT(nvrtcGetLoweredName(p, "&f<char>", &lowered), NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID);
  EXPECT(nvrtcGetLoweredName(p, "&f<int>", NULL), NVRTC_ERROR_INVALID_INPUT);
  EXPECT(nvrtcAddNameExpression(p, "&f<char>"), NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION);
  /* The image holds the instantiated kernel under its lowered name. */
  size_t size = 0;
  EXPECT(nvrtcGetPTXSize(p, &size), NVRTC_SUCCESS);
  char *image = malloc(size);
  EXPECT(nvrtcGetPTX(p, image), NVRTC_SUCCESS);
  CHECK(image[size - 1] == '\0', "image not NUL-terminated");
  /* (Anchor's image may hold NUL bytes before its end.) */
  CHECK(memmem(image, size, "_Z1fIiEvPT_", 11) && memmem(image, size, "_Z1fIfEvPT_", 11),
        "kernels in the image");
  free(image);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);

  /* An expression that names nothing is a compile error. */
  EXPECT(nvrtcCreateProgram(&p, src, "names.cu", 0, NULL, NULL), NVRTC_SUCCESS);
  EXPECT(nvrtcAddNameExpression(p, "&nothing<int>"), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_ERROR_COMPILATION);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);
}

/* Builtins without includes; NVRTC's macros; -default-device. */
static void test_language(void) {
  const char *builtins = "__global__ void k(float *p) {\n"
                         "  p[threadIdx.x + blockIdx.x * blockDim.x] = sinf(p[0]) + expf(1.0f);\n"
                         "  __syncthreads();\n"
                         "  atomicAdd(p, 1.0f);\n"
                         "  float4 v = make_float4(1, 2, 3, 4);\n"
                         "  size_t n = sizeof v;\n"
                         "  p[1] = v.y + (float)n;\n"
                         "}\n"
                         "#ifndef __CUDACC_RTC__\n#error __CUDACC_RTC__ undefined\n#endif\n"
                         "#ifndef __CUDACC__\n#error __CUDACC__ undefined\n#endif\n"
                         "#ifdef __NVCC__\n#error __NVCC__ defined\n#endif\n";
  char *log;
  EXPECT(compile(builtins, "builtins.cu", 0, NULL, &log), NVRTC_SUCCESS);
  CHECK(!strstr(log, "error"), "log: %s", log);
  free(log);

  const char *plain = "int twice(int x) { return 2 * x; }\n"
                      "__global__ void k(int *p) { p[0] = twice(p[0]); }\n";
  EXPECT(compile(plain, "plain.cu", 0, NULL, NULL), NVRTC_ERROR_COMPILATION);
  const char *dd[] = {"-default-device"};
  EXPECT(compile(plain, "plain.cu", 1, dd, &log), NVRTC_SUCCESS);
  CHECK(!strstr(log, "error"), "log: %s", log);
  free(log);

  const char *cxx20 = "#if __cplusplus < 202002L\n#error not C++20\n#endif\n"
                      "__global__ void k(int *p) { p[0] = 1; }\n";
  const char *std20[] = {"--std=c++20"};
  EXPECT(compile(cxx20, "cxx20.cu", 1, std20, NULL), NVRTC_SUCCESS);
  EXPECT(compile(cxx20, "cxx20.cu", 0, NULL, NULL), NVRTC_ERROR_COMPILATION);
}

/* Anchor's headers (cuda_fp16.h, cooperative_groups.h) without -I. */
static void test_anchor_headers(void) {
  const char *src = "#include <cuda_fp16.h>\n"
                    "#include <cooperative_groups.h>\n"
                    "namespace cg = cooperative_groups;\n"
                    "__global__ void k(__half *p) {\n"
                    "  cg::thread_block b = cg::this_thread_block();\n"
                    "  p[b.thread_rank()] = __float2half(1.5f);\n"
                    "}\n";
  char *log;
  EXPECT(compile(src, "fp16.cu", 0, NULL, &log), NVRTC_SUCCESS);
  CHECK(!strstr(log, "error"), "log: %s", log);
  free(log);
}

/* Different programs compile at the same time on different threads. */
#define THREADS 4
static void *compile_thread(void *arg) {
  int i = (int)(size_t)arg;
  char src[256], expression[32], want[32];
  snprintf(src, sizeof src,
           "template <int N> __global__ void t(int *p) { p[threadIdx.x] = N; }\n"
           "#if THREAD_VALUE != %d\n#error THREAD_VALUE\n#endif\n",
           i);
  snprintf(expression, sizeof expression, "&t<%d>", i);
  snprintf(want, sizeof want, "_Z1tILi%dEEvPi", i);
  char define[32];
  snprintf(define, sizeof define, "-DTHREAD_VALUE=%d", i);
  const char *opts[] = {define};
  nvrtcProgram p;
  bool ok = nvrtcCreateProgram(&p, src, "thread.cu", 0, NULL, NULL) == NVRTC_SUCCESS;
  ok = ok && nvrtcAddNameExpression(p, expression) == NVRTC_SUCCESS;
  ok = ok && nvrtcCompileProgram(p, 1, opts) == NVRTC_SUCCESS;
  const char *lowered = NULL;
  ok = ok && nvrtcGetLoweredName(p, expression, &lowered) == NVRTC_SUCCESS;
  ok = ok && lowered && !strcmp(lowered, want);
  nvrtcDestroyProgram(&p);
  return ok ? arg : NULL;
}

static void test_threads(void) {
  pthread_t threads[THREADS];
  for (size_t i = 0; i < THREADS; i++)
    pthread_create(&threads[i], NULL, compile_thread, (void *)(i + 1));
  for (size_t i = 0; i < THREADS; i++) {
    void *r;
    pthread_join(threads[i], &r);
    CHECK(r == (void *)(i + 1), "thread %zu's compile", i + 1);
  }
}

/* Entries left in dir (its temporary files: none may survive a compile). */
static int entries(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(d);
  return n;
}

int main(void) {
  /* Every compile below runs with TMPDIR here; it must be empty at the end. */
  char tmpdir[] = "/tmp/nvrtc-api-XXXXXX";
  if (!mkdtemp(tmpdir) || setenv("TMPDIR", tmpdir, 1)) return 1;
  /* Whose NVRTC: Anchor's image is its device module. */
  nvrtcProgram p;
  EXPECT(nvrtcCreateProgram(&p, kernel, "k.cu", 0, NULL, NULL), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_SUCCESS);
  size_t size = 0, cubin = 0;
  EXPECT(nvrtcGetPTXSize(p, &size), NVRTC_SUCCESS);
  char *image = malloc(size);
  EXPECT(nvrtcGetPTX(p, image), NVRTC_SUCCESS);
  anchor = !strncmp(image, "ANCHMOD", 7);
  printf("NVRTC: %s\n", anchor ? "Anchor's" : "NVIDIA's");
  EXPECT(nvrtcGetCUBINSize(p, &cubin), NVRTC_SUCCESS);
  if (anchor) {
    /* The one image, also as CUBIN (NVIDIA's has none for compute_XX). */
    CHECK(cubin == size, "CUBIN size %zu, PTX size %zu", cubin, size);
    char *copy = malloc(cubin);
    EXPECT(nvrtcGetCUBIN(p, copy), NVRTC_SUCCESS);
    CHECK(!memcmp(copy, image, size), "CUBIN differs from PTX");
    free(copy);
  }
  size_t lto = 99;
  EXPECT(nvrtcGetLTOIRSize(p, &lto), NVRTC_SUCCESS);
  CHECK(lto == 0, "LTO IR size %zu without -dlto", lto);
  free(image);
  EXPECT(nvrtcDestroyProgram(&p), NVRTC_SUCCESS);
  EXPECT(nvrtcCompileProgram(p, 0, NULL), NVRTC_ERROR_INVALID_PROGRAM);

  test_strings();
  test_queries();
  test_arguments();
  test_options();
  test_errors();
  test_headers();
  test_names();
  test_language();
  if (anchor) test_anchor_headers();
  test_threads();
  int left = entries(tmpdir);
  CHECK(left == 0, "%d files left in TMPDIR %s", left, tmpdir);
  rmdir(tmpdir);
  printf("%s (%d failures)\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
