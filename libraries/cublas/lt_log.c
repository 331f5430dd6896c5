/* lt_log.c — cuBLASLt's logger (cublasLtLoggerSetCallback, SetFile, OpenFile, SetLevel,
 * SetMask, ForceDisable) and the one function the other cuBLASLt files log through.
 * Levels as NVIDIA's: 1 errors, 2 performance trace, 3 performance hints, 4 heuristics
 * trace, 5 API trace; a level enables itself and every level below it (mask bits 1, 2, 4,
 * 8, 16). The environment's CUBLASLT_LOG_LEVEL, CUBLASLT_LOG_MASK and CUBLASLT_LOG_FILE are
 * read at the first message, as NVIDIA's library reads them at start. A message goes to the
 * callback when one is set and to the file (stdout by default) as
 * "[date time][cublasLt][pid][Trace][function] message", both, as NVIDIA's cuBLASLt 13.1 did
 * on an H100 (2026-12-07). Anchor logs the trace (level 2, as NVIDIA's) of cublasLtMatmul and
 * cublasLtMatrixTransform (their arguments), cublasLtLoggerSetLevel's level (API trace,
 * logged before the level changes, as NVIDIA's), and errors (mostly the status only: the
 * check that failed is not named). SetLevel takes any level >= 0 (NVIDIA's took 6); above 5
 * it is 5. ForceDisable turns logging off for the rest of the process. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <cublasLt.h>

#include "cublas_internal.h"

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static cublasLtLoggerCallback_t log_callback;
static FILE *log_file; /* NULL: stdout */
static int log_own_file, log_mask, log_disabled, log_env_read;

static void read_env(void) { /* under log_lock */
  if (log_env_read) return;
  log_env_read = 1;
  const char *level = getenv("CUBLASLT_LOG_LEVEL"), *mask = getenv("CUBLASLT_LOG_MASK"),
             *file = getenv("CUBLASLT_LOG_FILE");
  if (level && atoi(level) >= 0 && atoi(level) <= 5) log_mask |= (1 << atoi(level)) - 1;
  if (mask) log_mask |= atoi(mask) & 31;
  if (file && !log_file) {
    log_file = fopen(file, "a");
    log_own_file = log_file != NULL;
  }
}

cublasStatus_t cublasLtLoggerSetCallback(cublasLtLoggerCallback_t callback) {
  pthread_mutex_lock(&log_lock);
  log_callback = callback;
  pthread_mutex_unlock(&log_lock);
  return CUBLAS_STATUS_SUCCESS;
}

static void set_file(FILE *file, int own) {
  pthread_mutex_lock(&log_lock);
  if (log_own_file && log_file) fclose(log_file);
  log_file = file, log_own_file = own;
  pthread_mutex_unlock(&log_lock);
}

cublasStatus_t cublasLtLoggerSetFile(FILE *file) {
  set_file(file, 0);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtLoggerOpenFile(const char *logFile) {
  FILE *f = logFile ? fopen(logFile, "a") : NULL;
  if (!f) return CUBLAS_STATUS_INVALID_VALUE;
  set_file(f, 1);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtLoggerSetLevel(int level) {
  if (level < 0) return CUBLAS_STATUS_INVALID_VALUE;
  cublas_lt_log(5, "cublasLtLoggerSetLevel", "level=%d", level);
  pthread_mutex_lock(&log_lock);
  log_env_read = 1; /* the program's choice wins over the environment */
  log_mask = (1 << (level > 5 ? 5 : level)) - 1;
  pthread_mutex_unlock(&log_lock);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtLoggerSetMask(int mask) {
  pthread_mutex_lock(&log_lock);
  log_env_read = 1;
  log_mask = mask & 31;
  pthread_mutex_unlock(&log_lock);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtLoggerForceDisable(void) {
  pthread_mutex_lock(&log_lock);
  log_disabled = 1;
  pthread_mutex_unlock(&log_lock);
  return CUBLAS_STATUS_SUCCESS;
}

void cublas_lt_log(int level, const char *function, const char *format, ...) {
  static const char *const names[] = {"", "Error", "Trace", "Hints", "Info", "Api"};
  if (level < 1 || level > 5) return;
  pthread_mutex_lock(&log_lock);
  read_env();
  if (!log_disabled && (log_mask & (1 << (level - 1)))) {
    char message[1024];
    va_list ap;
    va_start(ap, format);
    vsnprintf(message, sizeof message, format, ap);
    va_end(ap);
    if (log_callback) log_callback(level, function, message);
    {
      char when[32];
      time_t now = time(NULL);
      struct tm tm;
      strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", localtime_r(&now, &tm));
      FILE *f = log_file ? log_file : stdout;
      fprintf(f, "[%s][cublasLt][%ld][%s][%s] %s\n", when, (long)getpid(), names[level], function,
              message);
      fflush(f);
    }
  }
  pthread_mutex_unlock(&log_lock);
}

cublasStatus_t cublas_lt_log_status(const char *function, cublasStatus_t status) {
  if (status != CUBLAS_STATUS_SUCCESS)
    cublas_lt_log(1, function, "failed with %s", cublasGetStatusName(status));
  return status;
}
