/* msl_run.c — runs anchor-msl's output on softmetal through the Metal API
 * (metal/mtl.h), exactly as libanchor would bind it (docs/design.md).
 *
 *   msl_run MODULE
 *       compile the module's MSL (softmetal's strict compile) and build a
 *       pipeline for every kernel of its table; exit 1 on any error.
 *   msl_run MODULE KERNEL N GROUPS THREADS
 *       run KERNEL(int *out, int n) over GROUPS x THREADS threads with `out`
 *       4096 ints in the arena (initialised to (i*37)%101-50) and print them.
 *       __device__/__constant__ globals get arena slots with their initial
 *       bytes (and the addresses their initialisers hold); anchor_ctx = {delta, their CUDA
 * addresses...} and a zeroed lock table at the arena's end (64-bit atomics); a kernel
 * with dynamic_smem gets 4096 bytes of dynamic threadgroup memory. The
 * arena is one buffer; CUDA addresses are its CPU addresses and the delta gpuAddress - contents is
 * what the kernel adds at each dereference. The module is read by the format's one parser
 * (common/module.h, ac_module_parse), which libanchor uses too, so a table libanchor would refuse
 * fails here too. The MSL is compiled at the version its table asks for (`language`, 3.1 by
 * default); MSL_RUN_LANGUAGE=M.N in the environment overrides it. */
#include "abi.h"
#include "module.h"
#include "mtl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OUT_INTS = 4096, ARENA_BYTES = 1 << 20, MAX_GLOBALS = 64, DYNAMIC_SMEM_BYTES = 4096 };

/* Reads and parses the module at path into *m (free with ac_module_free).
 * Returns 0, or 1 with a message. */
static int load(const char *path, ac_module *m) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "msl_run: cannot open %s\n", path);
    return 1;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *blob = calloc((size_t)size + 1, 1);
  char error[512] = "";
  bool ok = fread(blob, 1, (size_t)size, f) == (size_t)size &&
            ac_module_parse(blob, m, error, sizeof error);
  fclose(f);
  free(blob);
  if (!ok) fprintf(stderr, "msl_run: %s is not a valid Anchor device module: %s\n", path, error);
  return !ok;
}

static mtl_id pipeline_for(mtl_id device, mtl_id library, const char *name) {
  mtl_id function = mtl_library_new_function(library, name), error = NULL;
  if (!function) {
    fprintf(stderr, "msl_run: kernel %s not found in the library\n", name);
    return NULL;
  }
  mtl_id pipeline = mtl_new_compute_pipeline_state(device, function, &error);
  if (!pipeline)
    fprintf(stderr, "msl_run: pipeline for %s: %s\n", name, mtl_error_description(error));
  mtl_release(function);
  return pipeline;
}

static int compile_all(mtl_id device, mtl_id library, const ac_module *m) {
  int failures = 0;
  for (size_t k = 0; k < m->kernel_count; k++) {
    mtl_id p = pipeline_for(device, library, m->kernels[k].name);
    failures += !p;
    mtl_release(p);
  }
  return failures;
}

/* Lay the module's globals out in the arena after `out`; fill their context words. */
static int place_globals(const ac_module *m, unsigned char *arena, uint64_t *ctx) {
  size_t offset = OUT_INTS * 4;
  if (m->global_count > MAX_GLOBALS) {
    fprintf(stderr, "msl_run: more than %d globals\n", MAX_GLOBALS);
    return 1;
  }
  for (size_t i = 0; i < m->global_count; i++) {
    const ac_global *g = &m->globals[i]; /* globals[i].index == i */
    offset = (offset + g->align - 1) / g->align * g->align;
    if (offset + g->size > ARENA_BYTES - AC_ABI_LOCK_WORDS * 4) { /* the lock table: the end */
      fprintf(stderr, "msl_run: globals do not fit in the arena\n");
      return 1;
    }
    if (g->init) memcpy(arena + offset, g->init, g->size);
    ctx[AC_ABI_CONTEXT_GLOBAL(i)] = (uint64_t)(uintptr_t)(arena + offset);
    offset += g->size;
  }
  /* addresses in initialisers, as libanchor stores them (common/module.h) */
  for (size_t i = 0; i < m->global_count; i++) {
    const ac_global *g = &m->globals[i];
    unsigned char *at = (unsigned char *)(uintptr_t)ctx[AC_ABI_CONTEXT_GLOBAL(i)];
    for (size_t a = 0; a < g->address_count; a++) {
      uint64_t value = ctx[AC_ABI_CONTEXT_GLOBAL(g->addresses[a].target)] + g->addresses[a].addend;
      for (int b = 0; b < 8; b++)
        at[g->addresses[a].offset + (size_t)b] = (unsigned char)(value >> (8 * b));
    }
  }
  return 0;
}

/* The kernel's table entry, or NULL. */
static const ac_kernel *find_kernel(const ac_module *m, const char *name) {
  for (size_t k = 0; k < m->kernel_count; k++)
    if (!strcmp(m->kernels[k].name, name)) return &m->kernels[k];
  return NULL;
}

static int run(mtl_id device, mtl_id library, const ac_module *m, char **argv) {
  const char *kernel = argv[2];
  int n = atoi(argv[3]);
  unsigned groups = (unsigned)atoi(argv[4]), threads = (unsigned)atoi(argv[5]);
  const ac_kernel *desc = find_kernel(m, kernel);
  if (!desc) {
    fprintf(stderr, "msl_run: kernel %s is not in the module's table\n", kernel);
    return 1;
  }
  mtl_id pipeline = pipeline_for(device, library, kernel);
  if (!pipeline) return 1;
  mtl_id arena_buffer = mtl_new_buffer(device, ARENA_BYTES, 0);
  unsigned char *arena = mtl_buffer_contents(arena_buffer);
  memset(arena, 0, ARENA_BYTES);
  int *out = (int *)arena;
  for (int i = 0; i < OUT_INTS; i++)
    out[i] = (i * 37) % 101 - 50;
  uint64_t ctx[AC_ABI_CONTEXT_WORDS(MAX_GLOBALS)] = {0};
  ctx[AC_ABI_CONTEXT_DELTA] = mtl_buffer_gpu_address(arena_buffer) - (uint64_t)(uintptr_t)arena;
  if (place_globals(m, arena, ctx)) return 1;
  /* the atomics' lock table (devlib/atomics.cu): the arena's last words, zero */
  ctx[AC_ABI_CONTEXT_LOCKS] = (uint64_t)(uintptr_t)(arena + ARENA_BYTES - AC_ABI_LOCK_WORDS * 4);
  /* the status block (a failure device code reports): just before them, zero */
  unsigned char *status = arena + ARENA_BYTES - AC_ABI_LOCK_WORDS * 4 - AC_ABI_STATUS_BYTES;
  ctx[AC_ABI_CONTEXT_STATUS] = (uint64_t)(uintptr_t)status;
  /* the overflow area of __shared__ data beyond threadgroup memory
   * (compiler/smem_spill.c): the arena's second half, zero (its slot bits
   * clear), a slot per group */
  if (AC_ABI_SPILL_HEADER_BYTES((uint64_t)groups) + (uint64_t)groups * desc->spill_bytes >
      ARENA_BYTES / 2 - AC_ABI_LOCK_WORDS * 4 - 4096) {
    fprintf(stderr, "msl_run: the spilled shared memory does not fit in the arena\n");
    return 1;
  }
  if (desc->spill_bytes) {
    ctx[AC_ABI_CONTEXT_SPILL(m->global_count)] = (uint64_t)(uintptr_t)(arena + ARENA_BYTES / 2);
    ctx[AC_ABI_CONTEXT_SPILL_SLOTS(m->global_count)] = groups;
    /* MSL_RUN_SPILL_TAKEN=1: every slot's bit is set, as if other blocks held
     * them all (a wrong resident bound): each claim must give up after its
     * bounded scan and report AC_ABI_FAILURE_SPILL_SLOT, never hang */
    const char *taken = getenv("MSL_RUN_SPILL_TAKEN");
    if (taken && atoi(taken) == 1) memset(arena + ARENA_BYTES / 2, 0xFF, (groups + 31) / 32 * 4);
  }
  unsigned char params[16] = {0};
  uint64_t out_address = (uint64_t)(uintptr_t)out;
  memcpy(params, &out_address, 8);
  memcpy(params + 8, &n, 4);

  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_bytes(enc, params, 12, AC_ABI_PARAMS_SLOT);
  mtl_compute_set_bytes(enc, ctx, sizeof ctx, AC_ABI_CONTEXT_SLOT);
  mtl_compute_use_resource(enc, arena_buffer, 3);
  if (desc->dynamic_smem)
    mtl_compute_set_threadgroup_memory_length(enc, DYNAMIC_SMEM_BYTES, AC_ABI_DYNAMIC_SMEM_SLOT);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){groups, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  mtl_id error = mtl_command_buffer_error(cmd);
  if (error) {
    fprintf(stderr, "msl_run: kernel failed: %s\n", mtl_error_description(error));
    return 1;
  }
  uint32_t failure;
  memcpy(&failure, status + 4 * AC_ABI_STATUS_FAILURE, sizeof failure);
  if (failure) fprintf(stderr, "msl_run: device code reported failure %u\n", (unsigned)failure);
  for (int i = 0; i < OUT_INTS; i++)
    printf("%d\n", out[i]);
  mtl_release(queue);
  mtl_release(arena_buffer);
  mtl_release(pipeline);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 6) {
    fprintf(stderr, "usage: msl_run MODULE [KERNEL N GROUPS THREADS]\n");
    return 2;
  }
  ac_module m;
  if (load(argv[1], &m)) return 1;
  unsigned major = m.language_major, minor = m.language_minor;
  const char *language = getenv("MSL_RUN_LANGUAGE");
  if (language && sscanf(language, "%u.%u", &major, &minor) != 2) {
    fprintf(stderr, "msl_run: MSL_RUN_LANGUAGE must be MAJOR.MINOR, not '%s'\n", language);
    ac_module_free(&m);
    return 2;
  }
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device(), error = NULL;
  mtl_id library =
      mtl_new_library_with_source_version(device, m.msl, (uint64_t)major << 16 | minor, &error);
  int status;
  if (!library) {
    fprintf(stderr, "msl_run: the MSL does not compile:\n%s\n", mtl_error_description(error));
    status = 1;
  } else {
    status = argc == 2 ? compile_all(device, library, &m) != 0 : run(device, library, &m, argv);
  }
  mtl_release(library);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  ac_module_free(&m);
  return status;
}
