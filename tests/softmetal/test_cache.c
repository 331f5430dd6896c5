/* tests/softmetal/test_cache.c — the compiled-kernel cache.
 * In a fresh $XDG_CACHE_HOME: compiling a source creates one object, the same
 * source again reuses it (same inode), another source adds a second; four
 * processes compiling one new source at once all succeed and leave exactly one
 * object and no temporary files. ANCHOR_CLANG picks the compiler: a missing
 * one and a failing one are reported as errors. */
#include "smtest.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char cache[512];

static const char *source(int variant) {
  static char text[512];
  snprintf(text, sizeof text,
           "#include <metal_stdlib>\nusing namespace metal;\n"
           "kernel void k(device uint *o [[buffer(0)]], uint i [[thread_position_in_grid]]) {\n"
           "  o[i] = i * %d;\n}\n",
           variant);
  return text;
}

/* Counts files in the cache: objects (*.so) and anything else. */
static void count(int *objects, int *others) {
  *objects = *others = 0;
  DIR *d = opendir(cache);
  REQUIRE(d);
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    size_t n = strlen(e->d_name);
    if (n > 3 && !strcmp(e->d_name + n - 3, ".so"))
      ++*objects;
    else
      ++*others;
  }
  closedir(d);
}

static bool compiles(mtl_id device, const char *msl, char **error) {
  mtl_id err = NULL;
  mtl_id lib = mtl_new_library_with_source(device, msl, &err);
  *error = err ? strdup(mtl_error_description(err)) : NULL;
  mtl_release(lib);
  return lib != NULL;
}

static ino_t only_object(void) {
  DIR *d = opendir(cache);
  struct dirent *e;
  ino_t ino = 0;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.') ino = e->d_ino;
  closedir(d);
  return ino;
}

int main(void) {
  char home[] = "/tmp/softmetal-cache-test-XXXXXX";
  REQUIRE(mkdtemp(home));
  setenv("XDG_CACHE_HOME", home, 1);
  snprintf(cache, sizeof cache, "%s/softmetal", home);
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  char *err;
  int objects, others;

  CHECK(compiles(device, source(1), &err));
  count(&objects, &others);
  CHECK(objects == 1 && others == 0);
  ino_t first = only_object();
  CHECK(compiles(device, source(1), &err));
  count(&objects, &others);
  CHECK(objects == 1 && others == 0 && only_object() == first);
  CHECK(compiles(device, source(2), &err));
  count(&objects, &others);
  CHECK(objects == 2 && others == 0);

  /* Four processes race on one new source. */
  pid_t children[4];
  for (int i = 0; i < 4; i++) {
    children[i] = fork();
    REQUIRE(children[i] >= 0);
    if (children[i] == 0) {
      char *e;
      _exit(compiles(device, source(3), &e) ? 0 : 1);
    }
  }
  for (int i = 0; i < 4; i++) {
    int status;
    waitpid(children[i], &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  count(&objects, &others);
  CHECK(objects == 3 && others == 0);

  setenv("ANCHOR_CLANG", "/nonexistent/clang++", 1);
  CHECK(!compiles(device, source(4), &err));
  CHECK(smtest_contains(err, "/nonexistent/clang++"));
  free(err);
  setenv("ANCHOR_CLANG", "/bin/false", 1);
  CHECK(!compiles(device, source(5), &err));
  CHECK(smtest_contains(err, "Compilation failed"));
  free(err);
  count(&objects, &others);
  CHECK(objects == 3 && others == 0);
  unsetenv("ANCHOR_CLANG");

  /* No usable XDG_CACHE_HOME or HOME: the cache moves to $TMPDIR/softmetal-<uid>. */
  char tmpdir[300], readonly[300];
  snprintf(tmpdir, sizeof tmpdir, "%s/tmp", home);
  snprintf(readonly, sizeof readonly, "%s/readonly", home);
  REQUIRE(mkdir(tmpdir, 0755) == 0 && mkdir(readonly, 0555) == 0);
  setenv("XDG_CACHE_HOME", readonly, 1);
  unsetenv("HOME");
  setenv("TMPDIR", tmpdir, 1);
  if (access(readonly, W_OK) == 0) {
    printf("(running as root: a read-only directory is still writable; checking only TMPDIR)\n");
    unsetenv("XDG_CACHE_HOME");
  }
  CHECK(compiles(device, source(6), &err));
  snprintf(cache, sizeof cache, "%s/softmetal-%d", tmpdir, (int)getuid());
  count(&objects, &others);
  CHECK(objects == 1 && others == 0);

  mtl_release(device);
  mtl_autorelease_pop(pool);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
  CHECK(system(cmd) == 0);
  return smtest_finish("test_cache");
}
