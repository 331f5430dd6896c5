/* softmetal/executor.c — a command queue's executor thread.
 *
 * Jobs submitted to an executor run one at a time, in submission order, on
 * one thread started at the first submission (a queue that never commits
 * costs no thread). The executor knows nothing of what a job does: a command
 * buffer embeds a struct sm_job and submits it (command_buffer.c). Executors
 * of different queues run at the same time; their dispatches share the
 * worker pool (pool.c).
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>

struct sm_executor {
  unsigned number; /* 1, 2, ... in creation order: "queue N" in SOFTMETAL_TRACE */
  pthread_mutex_t lock;
  pthread_cond_t wake;
  struct sm_job *first, *last;
  bool started, stop;
};

struct sm_executor *sm_executor_new(void) {
  static atomic_uint made;
  struct sm_executor *e = calloc(1, sizeof *e);
  if (!e) abort();
  e->number = atomic_fetch_add(&made, 1) + 1;
  pthread_mutex_init(&e->lock, NULL);
  pthread_cond_init(&e->wake, NULL);
  return e;
}

static void executor_free(struct sm_executor *e) {
  assert(!e->first);
  pthread_mutex_destroy(&e->lock);
  pthread_cond_destroy(&e->wake);
  free(e);
}

/* The executor thread: runs jobs until stopped and drained, then frees the
 * executor (its owner has let go of it) and the thread's dispatch state. */
static void *executor_main(void *arg) {
  struct sm_executor *e = arg;
  sm_pool_thread_start(e->number);
  pthread_mutex_lock(&e->lock);
  for (;;) {
    while (!e->first && !e->stop)
      pthread_cond_wait(&e->wake, &e->lock);
    if (!e->first) break; /* stopped and drained */
    struct sm_job *job = e->first;
    assert(job->run);
    e->first = job->next;
    if (!e->first) e->last = NULL;
    pthread_mutex_unlock(&e->lock);
    job->run(job); /* may stop this executor (its queue's last reference) */
    pthread_mutex_lock(&e->lock);
  }
  pthread_mutex_unlock(&e->lock);
  executor_free(e);
  sm_pool_thread_exit();
  return NULL;
}

static void start_thread(struct sm_executor *e) {
  pthread_t thread;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&thread, &attr, executor_main, e) != 0) {
    fprintf(stderr, "softmetal: cannot start a queue executor thread\n");
    abort(); /* no error channel in -commit */
  }
  pthread_attr_destroy(&attr);
  e->started = true;
}

void sm_executor_submit(struct sm_executor *e, struct sm_job *job) {
  assert(job && job->run);
  pthread_mutex_lock(&e->lock);
  assert(!e->stop);
  job->next = NULL;
  if (e->last)
    e->last->next = job;
  else
    e->first = job;
  e->last = job;
  if (!e->started) start_thread(e);
  pthread_cond_signal(&e->wake);
  pthread_mutex_unlock(&e->lock);
}

void sm_executor_stop(struct sm_executor *e) {
  pthread_mutex_lock(&e->lock);
  bool started = e->started;
  e->stop = true;
  pthread_cond_signal(&e->wake);
  pthread_mutex_unlock(&e->lock);
  if (!started) executor_free(e);
}
