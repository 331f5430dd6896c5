/* softmetal/pipeline.c — MTLComputePipelineState: one kernel function made
 * ready to dispatch, with the limits Metal reports for it.
 */
#include "sm.h"

static Class pipeline_class;

static void pipeline_destroy(struct sm_object *o) {
  sm_release(((struct sm_pipeline *)o)->function);
}

struct sm_pipeline *sm_pipeline_new(id function, id *error) {
  assert(error);
  struct sm_function *f = sm_function_from(function);
  if (!f) {
    *error = sm_error_new("MTLLibraryErrorDomain", 1,
                          "newComputePipelineStateWithFunction: not a kernel function");
    return NULL;
  }
  if (f->kernel->static_threadgroup_bytes > AC_MAX_THREADGROUP_MEMORY) {
    *error = sm_error_new(
        "AGXMetalG13X", 3,
        "Compiler encountered an internal error: kernel %s uses %lu bytes of threadgroup "
        "memory, more than the %d bytes available",
        f->kernel->name, (unsigned long)f->kernel->static_threadgroup_bytes,
        AC_MAX_THREADGROUP_MEMORY);
    return NULL;
  }
  struct sm_pipeline *p = sm_object_new(pipeline_class, sizeof *p, pipeline_destroy);
  p->function = sm_retain(f);
  p->max_threads = f->kernel->max_threads;
  assert(p->max_threads >= 1 && p->max_threads <= AC_MAX_THREADS_PER_THREADGROUP);
  return p;
}

static unsigned long pipeline_max_threads(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_pipeline *)self)->max_threads;
}
static unsigned long pipeline_execution_width(id self, SEL cmd) {
  (void)self, (void)cmd;
  return AC_SIMD_WIDTH;
}
static unsigned long pipeline_static_tg(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_pipeline *)self)->function->kernel->static_threadgroup_bytes;
}

/* Not Metal's (mtl_pipeline_resident_threadgroups): at most how many groups
 * of this kernel, of x * y * z threads, run or are parked at once: every
 * worker holds its residency (pool.c). */
static unsigned long pipeline_resident_threadgroups(id self, SEL cmd, unsigned long x,
                                                    unsigned long y, unsigned long z) {
  (void)cmd;
  const struct sm_kernel *k = ((struct sm_pipeline *)self)->function->kernel;
  if (!x || !y || !z || x > AC_MAX_THREADS_PER_THREADGROUP || y > AC_MAX_THREADS_PER_THREADGROUP ||
      z > AC_MAX_THREADS_PER_THREADGROUP)
    return 0;
  const unsigned size[3] = {(unsigned)x, (unsigned)y, (unsigned)z};
  return (unsigned long)sm_pool_workers() * (unsigned long)sm_pool_residency(k, size);
}

void sm_pipeline_register(void) {
  pipeline_class = sm_class_new(sm_object_class, "SoftMetalComputePipelineState");
  sm_add_method(pipeline_class, "maxTotalThreadsPerThreadgroup", pipeline_max_threads, "Q@:");
  sm_add_method(pipeline_class, "threadExecutionWidth", pipeline_execution_width, "Q@:");
  sm_add_method(pipeline_class, "staticThreadgroupMemoryLength", pipeline_static_tg, "Q@:");
  sm_add_method(pipeline_class,
                "anchorResidentThreadgroups:height:depth:", pipeline_resident_threadgroups,
                "Q@:QQQ");
  objc_registerClassPair(pipeline_class);
}
