/* exec.c — runs the planned jobs and owns the directory of intermediates.
 *
 * Jobs run one at a time, in order, each as a child process whose stdout and
 * stderr are the driver's own, so clang's and anchor-msl's diagnostics reach
 * the user unchanged.  An interrupt (SIGINT, SIGTERM, SIGHUP) is passed to the
 * running job and stops the plan, so the driver still removes its temporary
 * directory before it exits. */
#include "driver.h"

#include <assert.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "target.h"

static volatile sig_atomic_t pending_signal;
static volatile pid_t running_child;

static void on_signal(int sig) {
  pending_signal = sig;
  if (running_child > 0) kill(running_child, sig);
}

static void install_signal_forwarding(void) {
  static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof signals / sizeof *signals; i++)
    sigaction(signals[i], &sa, NULL);
}

/* Characters that never need quoting in a POSIX shell word. */
static bool is_shell_safe(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                "_-./=:,+@%^",
                *s))
      return false;
  return true;
}

static void print_quoted(FILE *out, const char *s) {
  if (is_shell_safe(s)) {
    fputs(s, out);
    return;
  }
  fputc('\'', out);
  for (; *s; s++)
    if (*s == '\'')
      fputs("'\\''", out);
    else
      fputc(*s, out);
  fputc('\'', out);
}

void drv_print_environment(const drv_toolchain *tc) {
  fprintf(stderr, "#$ TOP=%s\n", tc->root);
  fputs("#$ INCLUDES=", stderr);
  char *include = drv_format("-I%s", tc->include);
  print_quoted(stderr, include);
  free(include);
  /* The same two arguments, quoted the same way, as in the link job: CMake
   * finds the link line by looking for this text in it. */
  char *lib_dir = drv_format("-L%s", tc->lib), *rpath = drv_format("-Wl,-rpath,%s", tc->lib);
  fputs("\n#$ LIBRARIES=", stderr);
  print_quoted(stderr, lib_dir);
  fputc(' ', stderr);
  print_quoted(stderr, rpath);
  free(lib_dir);
  free(rpath);
  fprintf(stderr, "\n#$ _NOMINAL_ARCH_=-arch compute_%d\n", AC_CUDA_ARCH);
}

void drv_print_words(FILE *out, const drv_strvec *words) {
  for (size_t i = 0; i < words->count; i++) {
    if (i) fputc(' ', out);
    print_quoted(out, words->items[i]);
  }
  fputc('\n', out);
  fflush(out);
}

void drv_print_job(const drv_job *job) {
  assert(job->argv.count > 0 && "a job names its program");
  fputs("#$ ", stderr);
  drv_print_words(stderr, &job->argv);
}

/* Runs one job to completion; returns its exit status (128+signal if it was
 * killed, 127 if it could not be started). */
static int run_job(const drv_job *job) {
  const char *program = job->argv.items[0];
  if (job->needs_msl_backend && access(program, X_OK) != 0)
    return drv_error("the MSL backend '%s' is missing (build the anchor-msl target)", program);
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) return drv_error("cannot start '%s': %s", program, strerror(errno));
  if (pid == 0) {
    execvp(program, job->argv.items);
    fprintf(stderr, "anchorcc: error: cannot run '%s': %s\n", program, strerror(errno));
    _exit(127);
  }
  running_child = pid;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      running_child = 0;
      return drv_error("lost track of '%s': %s", program, strerror(errno));
    }
  running_child = 0;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGABRT;
  if (!pending_signal) drv_error("'%s' terminated by signal %d (%s)", program, sig, strsignal(sig));
  return 128 + sig;
}

int drv_plan_run(const drv_plan *plan, bool verbose, bool dryrun) {
  install_signal_forwarding();
  for (size_t i = 0; i < plan->count; i++) {
    if (pending_signal) return 128 + pending_signal;
    if (verbose || dryrun) drv_print_job(&plan->jobs[i]);
    if (dryrun) continue;
    int status = run_job(&plan->jobs[i]);
    if (status) return status;
  }
  return pending_signal ? 128 + pending_signal : 0;
}

char *drv_temp_dir_create(void) {
  const char *base = getenv("TMPDIR");
  char *path = drv_format("%s/anchorcc-XXXXXX", base && *base ? base : "/tmp");
  if (!mkdtemp(path)) {
    drv_error("cannot create a temporary directory '%s': %s", path, strerror(errno));
    free(path);
    return NULL;
  }
  return path;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

void drv_temp_dir_remove(const char *dir) {
  nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
