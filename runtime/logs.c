/* runtime/logs.c — the driver's error log (cuLogs*; docs/runtime.md "Driver
 * API"): a line for each error a driver function returns, kept in a buffer
 * of CUDA's size (25600 bytes, the oldest lines dropped first), handed to
 * the registered callbacks and, when the CUDA_LOG_FILE environment variable
 * names stdout, stderr or a file, written there as it happens. Pure C, its
 * own mutex: any thread, with or without the runtime's lock. */
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core.h"

enum { RT_LOG_BYTES = 25600, RT_LOG_LINE = 256, RT_LOG_SLOTS = RT_LOG_BYTES / 32 };

typedef struct rt_log_entry {
  struct rt_log_entry *next;
  rt_log_callback fn;
  void *context;
} rt_log_entry;

static pthread_mutex_t rt_log_mutex = PTHREAD_MUTEX_INITIALIZER;
/* lines[seq % RT_LOG_SLOTS] holds line seq for first <= seq < next */
static char *rt_log_lines[RT_LOG_SLOTS];
static unsigned rt_log_first, rt_log_next;
static size_t rt_log_bytes; /* of the kept lines, a newline each */
static rt_log_entry *rt_log_callbacks;
static FILE *rt_log_file; /* CUDA_LOG_FILE's destination, or NULL */
static bool rt_log_file_opened;

static void rt_log_drop_oldest(void) {
  char **slot = &rt_log_lines[rt_log_first % RT_LOG_SLOTS];
  rt_log_bytes -= strlen(*slot) + 1;
  free(*slot);
  *slot = NULL;
  rt_log_first++;
}

static FILE *rt_log_destination(void) {
  if (!rt_log_file_opened) {
    rt_log_file_opened = true;
    const char *name = getenv("CUDA_LOG_FILE");
    if (name && !strcmp(name, "stdout"))
      rt_log_file = stdout;
    else if (name && !strcmp(name, "stderr"))
      rt_log_file = stderr;
    else if (name && *name)
      rt_log_file = fopen(name, "a");
  }
  return rt_log_file;
}

void rt_log_message(const char *message) {
  char line[RT_LOG_LINE];
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  struct tm local;
  localtime_r(&now.tv_sec, &local);
  /* the thread as CUDA 13's driver names it: pthread_self's value */
  int header =
      snprintf(line, sizeof line, "[%02d:%02d:%02d.%03ld][%lu][CUDA][E] ", local.tm_hour,
               local.tm_min, local.tm_sec, now.tv_nsec / 1000000, (unsigned long)pthread_self());
  if (header < 0 || (size_t)header >= sizeof line) return;
  snprintf(line + header, sizeof line - (size_t)header, "%s", message);
  size_t length = strlen(line);
  char *kept = strdup(line);
  pthread_mutex_lock(&rt_log_mutex);
  if (kept) {
    while (rt_log_next - rt_log_first == RT_LOG_SLOTS || rt_log_bytes + length + 1 > RT_LOG_BYTES)
      rt_log_drop_oldest();
    rt_log_lines[rt_log_next++ % RT_LOG_SLOTS] = kept;
    rt_log_bytes += length + 1;
  }
  FILE *f = rt_log_destination();
  if (f) {
    fprintf(f, "%s\n", line);
    fflush(f);
  }
  /* the callbacks of now, called without the mutex (they may call cuLogs*) */
  size_t count = 0;
  for (rt_log_entry *e = rt_log_callbacks; e; e = e->next)
    count++;
  rt_log_entry *copy = count ? malloc(count * sizeof *copy) : NULL;
  size_t i = 0;
  for (rt_log_entry *e = rt_log_callbacks; copy && e; e = e->next)
    copy[i++] = *e;
  pthread_mutex_unlock(&rt_log_mutex);
  size_t body = length - (size_t)header;
  for (size_t k = 0; k < i; k++) {
    char text[RT_LOG_LINE];
    memcpy(text, line + header, body + 1); /* the callback's own copy: it takes a char * */
    copy[k].fn(copy[k].context, RT_LOG_LEVEL_ERROR, text, body);
  }
  free(copy);
}

void rt_log_error(const char *function, int code) {
  char message[RT_LOG_LINE];
  const char *name = rt_driver_error_name(code);
  int n = snprintf(message, sizeof message, "Returning %d (%s)", code,
                   name ? name : "CUDA_ERROR_UNKNOWN");
  if (function && n > 0 && (size_t)n < sizeof message)
    snprintf(message + n, sizeof message - (size_t)n, " from %s", function);
  rt_log_message(message);
}

const char *rt_log_function_at(const void *address) {
#if defined(__GLIBC__)
  Dl_info self, at;
  const ElfW(Sym) *symbol = NULL;
  if (!address || !dladdr((void *)&rt_log_error, &self) ||
      !dladdr1(address, &at, (void **)&symbol, RTLD_DL_SYMENT) || !symbol || !at.dli_sname)
    return NULL;
  uintptr_t start = (uintptr_t)at.dli_saddr, a = (uintptr_t)address;
  if (at.dli_fbase != self.dli_fbase || a < start || a >= start + symbol->st_size ||
      strncmp(at.dli_sname, "cu", 2) != 0 || strncmp(at.dli_sname, "cuda", 4) == 0)
    return NULL;
  return at.dli_sname;
#else
  (void)address; /* no symbol sizes to be sure of: no name */
  return NULL;
#endif
}

unsigned rt_log_current(void) {
  pthread_mutex_lock(&rt_log_mutex);
  unsigned next = rt_log_next;
  pthread_mutex_unlock(&rt_log_mutex);
  return next;
}

/* The first kept line at or after *iterator (all kept lines for NULL); a
 * note line first when lines after the iterator were dropped. Mutex held. */
static unsigned rt_log_start(const unsigned *iterator, unsigned *lost) {
  unsigned from = iterator ? *iterator : rt_log_first;
  *lost = 0;
  if ((int)(from - rt_log_first) < 0) { /* dropped since (wrap-safe) */
    *lost = rt_log_first - from;
    from = rt_log_first;
  }
  if ((int)(rt_log_next - from) < 0) from = rt_log_next; /* an iterator from the future */
  return from;
}

static void rt_log_lost_line(unsigned lost, char *out, size_t size) {
  snprintf(out, size, "[CUDA][W] %u older log messages were overwritten (the log keeps %d bytes)",
           lost, RT_LOG_BYTES);
}

cudaError_t rt_log_dump(unsigned *iterator, char *buffer, size_t *size) {
  pthread_mutex_lock(&rt_log_mutex);
  unsigned lost;
  unsigned seq = rt_log_start(iterator, &lost);
  size_t capacity = *size, used = 0;
  bool any = lost || seq != rt_log_next, wrote = false;
  char note[RT_LOG_LINE];
  if (lost) {
    rt_log_lost_line(lost, note, sizeof note);
    size_t n = strlen(note);
    if (used + n + 2 <= capacity) { /* the line, its newline, the final NUL */
      memcpy(buffer + used, note, n);
      buffer[used + n] = '\n';
      used += n + 1;
      wrote = true;
    }
  }
  for (; seq != rt_log_next; seq++) {
    const char *line = rt_log_lines[seq % RT_LOG_SLOTS];
    size_t n = strlen(line);
    if (used + n + 2 > capacity) break;
    memcpy(buffer + used, line, n);
    buffer[used + n] = '\n';
    used += n + 1;
    wrote = true;
  }
  if (capacity) buffer[used] = 0;
  if (iterator && (wrote || !any)) *iterator = seq;
  pthread_mutex_unlock(&rt_log_mutex);
  *size = used;
  return any && !wrote ? cudaErrorInvalidValue : cudaSuccess;
}

cudaError_t rt_log_dump_file(unsigned *iterator, const char *path) {
  FILE *f = fopen(path, "a");
  if (!f) return cudaErrorInvalidValue;
  pthread_mutex_lock(&rt_log_mutex);
  unsigned lost;
  unsigned seq = rt_log_start(iterator, &lost);
  if (lost) {
    char note[RT_LOG_LINE];
    rt_log_lost_line(lost, note, sizeof note);
    fprintf(f, "%s\n", note);
  }
  for (; seq != rt_log_next; seq++)
    fprintf(f, "%s\n", rt_log_lines[seq % RT_LOG_SLOTS]);
  if (iterator) *iterator = seq;
  pthread_mutex_unlock(&rt_log_mutex);
  return fclose(f) == 0 ? cudaSuccess : cudaErrorInvalidValue;
}

void *rt_log_register(rt_log_callback fn, void *context) {
  rt_log_entry *e = malloc(sizeof *e);
  if (!e) return NULL;
  pthread_mutex_lock(&rt_log_mutex);
  *e = (rt_log_entry){rt_log_callbacks, fn, context};
  rt_log_callbacks = e;
  pthread_mutex_unlock(&rt_log_mutex);
  return e;
}

bool rt_log_unregister(void *handle, void **context) {
  pthread_mutex_lock(&rt_log_mutex);
  rt_log_entry **p = &rt_log_callbacks;
  while (*p && *p != handle)
    p = &(*p)->next;
  rt_log_entry *e = *p;
  if (e) *p = e->next;
  pthread_mutex_unlock(&rt_log_mutex);
  if (!e) return false;
  *context = e->context;
  free(e);
  return true;
}
