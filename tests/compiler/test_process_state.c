/* test_process_state.c — compiling with the MSL backend leaves the process's
 * LLVM untouched: a library that a driver, an NVRTC-style runtime compiler or
 * a test links must not change what LLVM does for anyone else in the process.
 *
 * The backend splits vector loads and stores into one per element. It once
 * did that by setting LLVM's process-wide option -scalarize-load-store, after
 * which every later "scalarizer" pass in the process split memory accesses
 * too. This test compiles a kernel with vector loads (msl_compile), then runs
 * a plain function(scalarizer) pipeline on a module of its own and checks
 * that the vector load there is still one vector load (the default). */
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "anchor_msl.h"

static const char kernel_ir[] =
    "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "define void @twice(ptr %p) {\n"
    "  %v = load <4 x float>, ptr %p, align 16\n"
    "  %w = fadd <4 x float> %v, %v\n"
    "  store <4 x float> %w, ptr %p, align 16\n"
    "  ret void\n"
    "}\n"
    "!nvvm.annotations = !{!0}\n"
    "!0 = !{ptr @twice, !\"kernel\", i32 1}\n";

/* The same shape, for a pipeline of the test's own (no target needed). */
static const char probe_ir[] = "define <4 x float> @probe(ptr %p) {\n"
                               "  %v = load <4 x float>, ptr %p, align 16\n"
                               "  ret <4 x float> %v\n"
                               "}\n";

static int failures;

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "FAIL: %s\n", what);
    failures++;
  }
}

/* Writes kernel_ir to a temporary file; returns its heap path. */
static char *write_kernel(void) {
  const char *dir = getenv("TMPDIR");
  size_t n = strlen(dir && *dir ? dir : "/tmp") + 32;
  char *path = malloc(n);
  snprintf(path, n, "%s/process-state-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, kernel_ir, sizeof kernel_ir - 1) != (ssize_t)(sizeof kernel_ir - 1)) {
    perror("write_kernel");
    exit(1);
  }
  close(fd);
  return path;
}

/* Compiles the kernel. Success means the vector accesses were split: the
 * backend rejects vector values that reach emission. */
static void compile_kernel(void) {
  char *path = write_kernel();
  msl_output out;
  msl_status status = msl_compile(path, NULL, &out);
  check(!status.failed, "msl_compile of a kernel with vector loads");
  if (status.failed) fputs(status.message, stderr);
  check(!status.failed && strstr(out.msl, "kernel void twice("), "kernel in the MSL");
  msl_status_free(&status);
  msl_output_free(&out);
  unlink(path);
  free(path);
}

/* Counts the vector loads of `fn`. */
static int vector_loads(LLVMValueRef fn) {
  int n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      n += LLVMIsALoadInst(i) && LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVectorTypeKind;
  return n;
}

/* Runs function(scalarizer) on probe_ir in a context of its own; returns how
 * many vector loads are left (-1 on a setup error). */
static int scalarize_probe(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mem =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(probe_ir, sizeof probe_ir - 1, "probe");
  LLVMModuleRef mod = NULL;
  char *message = NULL;
  int left = -1;
  if (LLVMParseIRInContext(ctx, mem, &mod, &message)) {
    fprintf(stderr, "probe IR: %s\n", message);
    LLVMDisposeMessage(message);
  } else {
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    LLVMErrorRef err = LLVMRunPasses(mod, "function(scalarizer)", NULL, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (err) {
      char *text = LLVMGetErrorMessage(err);
      fprintf(stderr, "scalarizer: %s\n", text);
      LLVMDisposeErrorMessage(text);
    } else {
      left = vector_loads(LLVMGetNamedFunction(mod, "probe"));
    }
    LLVMDisposeModule(mod);
  }
  LLVMContextDispose(ctx);
  return left;
}

int main(void) {
  /* The probe behaves as LLVM's default before any compile ... */
  check(scalarize_probe() == 1, "plain scalarizer keeps a vector load (before msl_compile)");
  compile_kernel();
  /* ... and after one: the backend changed nothing process-wide. */
  check(scalarize_probe() == 1, "plain scalarizer keeps a vector load (after msl_compile)");
  if (failures) return 1;
  puts("PASS");
  return 0;
}
