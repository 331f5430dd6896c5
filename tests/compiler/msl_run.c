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
 *       bytes; anchor_ctx = {delta, their CUDA addresses...}; a kernel with
 *       dynamic_smem gets 4096 bytes of dynamic threadgroup memory.
 * The arena is one buffer; CUDA addresses are its CPU addresses and the
 * delta gpuAddress - contents is what the kernel adds at each dereference.
 * MSL_RUN_LANGUAGE=3.2 in the environment compiles with that MSL version
 * instead of mtl.h's 3.1 (MTLCompileOptions set through the Objective-C
 * runtime here, as mtl.c does), to run code behind __METAL_VERSION__ checks. */
#include "mtl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OUT_INTS = 4096, ARENA_BYTES = 1 << 20, MAX_GLOBALS = 64, DYNAMIC_SMEM_BYTES = 4096 };

typedef struct module {
  char *blob;
  const char *msl;
  char *table; /* NUL-terminated copy of the table text */
} module;

static int fail(const char *fmt, const char *arg) {
  fprintf(stderr, "msl_run: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  return 1;
}

static int load(const char *path, module *m) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  m->blob = calloc((size_t)size + 1, 1);
  if (fread(m->blob, 1, (size_t)size, f) != (size_t)size || size < 16 ||
      memcmp(m->blob, "ANCHMOD1", 8)) {
    fclose(f);
    return fail("%s is not an Anchor device module", path);
  }
  fclose(f);
  char *msl_line = strstr(m->blob + 16, "\nmsl ");
  if (!msl_line)
    return fail("%s has no msl section", path);
  char *source = strchr(msl_line + 1, '\n') + 1;
  m->msl = source;
  m->table = strndup(m->blob + 16, (size_t)(msl_line + 1 - (m->blob + 16)));
  return 0;
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

static int compile_all(mtl_id device, mtl_id library, const module *m) {
  int failures = 0;
  char *table = strdup(m->table), *save = NULL;
  for (char *line = strtok_r(table, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char name[512];
    if (sscanf(line, "kernel %511s", name) != 1)
      continue;
    mtl_id p = pipeline_for(device, library, name);
    failures += !p;
    mtl_release(p);
  }
  free(table);
  return failures;
}

static int hexval(char c) { return c <= '9' ? c - '0' : c - 'a' + 10; }

/* Lay the module's globals out in the arena after `out`; fill ctx[1+i]. */
static int place_globals(const module *m, unsigned char *arena, uint64_t *ctx) {
  size_t offset = OUT_INTS * 4;
  char *table = strdup(m->table), *save = NULL;
  for (char *line = strtok_r(table, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    char name[512], flags[16], *init = malloc(strlen(line) + 1);
    unsigned index, size, align;
    if (sscanf(line, "global %511s %u %u %u %15s %s", name, &index, &size, &align, flags, init) != 6 ||
        index >= MAX_GLOBALS) {
      free(init);
      continue;
    }
    offset = (offset + align - 1) / align * align;
    if (strcmp(init, "-"))
      for (unsigned i = 0; i < size; i++)
        arena[offset + i] = (unsigned char)(hexval(init[2 * i]) * 16 + hexval(init[2 * i + 1]));
    ctx[1 + index] = (uint64_t)(uintptr_t)(arena + offset);
    offset += size;
    free(init);
  }
  free(table);
  return 0;
}

/* The table's dynamic_smem flag of `kernel`. */
static int uses_dynamic_smem(const module *m, const char *kernel) {
  char pattern[600];
  snprintf(pattern, sizeof pattern, "kernel %s ", kernel);
  const char *line = strstr(m->table, pattern);
  unsigned params, smem;
  int dynamic = 0;
  return line && sscanf(line + strlen(pattern), "%u %u %d", &params, &smem, &dynamic) == 3 &&
         dynamic;
}

static int run(mtl_id device, mtl_id library, const module *m, char **argv) {
  const char *kernel = argv[2];
  int n = atoi(argv[3]);
  unsigned groups = (unsigned)atoi(argv[4]), threads = (unsigned)atoi(argv[5]);
  mtl_id pipeline = pipeline_for(device, library, kernel);
  if (!pipeline)
    return 1;
  mtl_id arena_buffer = mtl_new_buffer(device, ARENA_BYTES, 0);
  unsigned char *arena = mtl_buffer_contents(arena_buffer);
  memset(arena, 0, ARENA_BYTES);
  int *out = (int *)arena;
  for (int i = 0; i < OUT_INTS; i++)
    out[i] = (i * 37) % 101 - 50;
  uint64_t ctx[1 + MAX_GLOBALS] = {0};
  ctx[0] = mtl_buffer_gpu_address(arena_buffer) - (uint64_t)(uintptr_t)arena;
  place_globals(m, arena, ctx);
  unsigned char params[16] = {0};
  uint64_t out_address = (uint64_t)(uintptr_t)out;
  memcpy(params, &out_address, 8);
  memcpy(params + 8, &n, 4);

  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_bytes(enc, params, 12, 0);
  mtl_compute_set_bytes(enc, ctx, sizeof ctx, 1);
  mtl_compute_use_resource(enc, arena_buffer, 3);
  if (uses_dynamic_smem(m, kernel))
    mtl_compute_set_threadgroup_memory_length(enc, DYNAMIC_SMEM_BYTES, 0);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){groups, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  mtl_id error = mtl_command_buffer_error(cmd);
  if (error) {
    fprintf(stderr, "msl_run: kernel failed: %s\n", mtl_error_description(error));
    return 1;
  }
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
  module m = {0};
  if (load(argv[1], &m))
    return 1;
  /* The module's own language line, as libanchor reads it; MSL_RUN_LANGUAGE
   * overrides it (to check that a 3.2 module does not compile at 3.1). */
  unsigned major = 3, minor = 1;
  const char *line = strstr(m.table, "language ");
  if (line && (line == m.table || line[-1] == '\n'))
    sscanf(line, "language %u.%u", &major, &minor);
  const char *language = getenv("MSL_RUN_LANGUAGE");
  if (language && sscanf(language, "%u.%u", &major, &minor) != 2) {
    fprintf(stderr, "msl_run: MSL_RUN_LANGUAGE must be MAJOR.MINOR, not '%s'\n", language);
    return 2;
  }
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device(), error = NULL;
  mtl_id library = mtl_new_library_with_source_version(device, m.msl, (uint64_t)major << 16 | minor,
                                                       &error);
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
  free(m.blob);
  free(m.table);
  return status;
}
