/* softmetal/watchdog.c — the GPU watchdog's clock: one timer thread that calls
 * back when an armed watch's deadline passes.
 *
 * macOS ends a command buffer whose GPU work runs too long with
 * MTLCommandBufferErrorTimeout; softmetal does the same per dispatch. This
 * file only keeps time: pool.c arms a watch for each dispatch it runs, and
 * the watch's callback (on this file's thread) stops the dispatch. The
 * thread starts with the first watch and sleeps on a CLOCK_MONOTONIC
 * condition variable until the earliest deadline, or, with no watch armed,
 * for as long as the last watch was armed for. Arming wakes it only for a
 * deadline earlier than the one it sleeps until, which a watch of the same
 * length never is: a dispatch costs two uncontended lock round trips, no
 * thread switch. The limit is SOFTMETAL_WATCHDOG_SECONDS (0 disables it).
 */
#include "sm.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;    /* the thread: the list changed */
  pthread_cond_t settled; /* sm_watch_disarm: a callback returned */
  struct sm_watch *first; /* armed watches, unordered */
  double wake_at;         /* when the thread wakes next (sm_now_seconds) */
  double idle_seconds;    /* how long it sleeps with no watch armed */
  bool started;
} dog = {.lock = PTHREAD_MUTEX_INITIALIZER, .settled = PTHREAD_COND_INITIALIZER};

/* ---- the limit ---------------------------------------------------------------------- */
static double limit_seconds;

static void read_limit(void) {
  const char *env = getenv("SOFTMETAL_WATCHDOG_SECONDS");
  limit_seconds = SM_WATCHDOG_DEFAULT_SECONDS;
  if (!env || !*env) return;
  char *end;
  errno = 0;
  double s = strtod(env, &end);
  if (errno || *end || !(s >= 0) || isinf(s)) {
    fprintf(stderr,
            "softmetal: SOFTMETAL_WATCHDOG_SECONDS=%s is not a number of seconds >= 0; "
            "using %d\n",
            env, SM_WATCHDOG_DEFAULT_SECONDS);
    return;
  }
  limit_seconds = s;
}

double sm_watchdog_limit(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, read_limit);
  return limit_seconds;
}

/* ---- the timer thread ---------------------------------------------------------------- */
static struct timespec to_timespec(double t) {
  struct timespec ts;
  ts.tv_sec = (time_t)t;
  ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
  if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
  if (ts.tv_nsec < 0) ts.tv_nsec = 0;
  return ts;
}

static void unlink_watch(struct sm_watch *w) {
  for (struct sm_watch **p = &dog.first; *p; p = &(*p)->next)
    if (*p == w) {
      *p = w->next;
      w->next = NULL;
      w->armed = false;
      return;
    }
}

/* Sleeps until the earliest deadline, then calls that watch back without the
 * lock held; a positive return re-arms it that many seconds later. */
static void *watchdog_main(void *arg) {
  (void)arg;
  pthread_mutex_lock(&dog.lock);
  for (;;) {
    struct sm_watch *next = NULL;
    for (struct sm_watch *w = dog.first; w; w = w->next)
      if (!next || w->deadline < next->deadline) next = w;
    double now = sm_now_seconds();
    if (!next || now < next->deadline) {
      dog.wake_at = next ? next->deadline : now + dog.idle_seconds;
      struct timespec until = to_timespec(dog.wake_at);
      pthread_cond_timedwait(&dog.wake, &dog.lock, &until);
      continue; /* the list may have changed */
    }
    next->calling = true;
    pthread_mutex_unlock(&dog.lock);
    double again = next->expired(next->arg);
    pthread_mutex_lock(&dog.lock);
    next->calling = false;
    if (next->armed) {
      if (again > 0)
        next->deadline = sm_now_seconds() + again;
      else
        unlink_watch(next);
    }
    pthread_cond_broadcast(&dog.settled);
  }
  return NULL;
}

static void start_thread(void) {
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC); /* sm_now_seconds' clock */
  pthread_cond_init(&dog.wake, &attr);
  pthread_condattr_destroy(&attr);
  pthread_t thread;
  pthread_attr_t thread_attr;
  pthread_attr_init(&thread_attr);
  pthread_attr_setdetachstate(&thread_attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&thread, &thread_attr, watchdog_main, NULL) != 0) {
    fprintf(stderr, "softmetal: cannot start the watchdog thread\n");
    abort(); /* a hung kernel could never be stopped */
  }
  pthread_attr_destroy(&thread_attr);
  dog.started = true;
}

void sm_watch_arm(struct sm_watch *w, double seconds, double (*expired)(void *arg), void *arg) {
  assert(w && expired && seconds > 0);
  pthread_mutex_lock(&dog.lock);
  w->deadline = sm_now_seconds() + seconds;
  dog.idle_seconds = seconds;
  if (!dog.started) {
    dog.wake_at = w->deadline;
    start_thread();
  }
  w->expired = expired;
  w->arg = arg;
  w->calling = false;
  w->armed = true;
  w->next = dog.first;
  dog.first = w;
  if (w->deadline < dog.wake_at) pthread_cond_signal(&dog.wake);
  pthread_mutex_unlock(&dog.lock);
}

void sm_watch_disarm(struct sm_watch *w) {
  pthread_mutex_lock(&dog.lock);
  if (w->armed) unlink_watch(w);
  while (w->calling)
    pthread_cond_wait(&dog.settled, &dog.lock);
  pthread_mutex_unlock(&dog.lock);
}
