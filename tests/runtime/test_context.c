/* tests/runtime/test_context.c — the core's contexts alone (core_context.c,
 * no API file): the primary context's retains, created contexts, each
 * thread's current-context stack, the runtime's binding of the primary
 * context to a thread with an empty stack, destroyed handles. */
#include <pthread.h>

#include "check.h"
#include "core.h"

static rt_ctx *other_thread_saw = (rt_ctx *)1;

static void *other_thread(void *arg) {
  (void)arg;
  rt_lock();
  other_thread_saw = rt_context_current(); /* its own stack: empty */
  rt_unlock();
  return NULL;
}

int main(void) {
  rt_lock();
  CHECK(rt_context_current() == NULL);
  CHECK(rt_context_pop() == NULL);
  rt_ctx *primary = rt_context_primary();
  CHECK(primary && rt_context_valid(primary));
  CHECK(rt_context_primary() == primary); /* one handle */
  CHECK(!rt_context_primary_active());
  CHECK(!rt_context_primary_release()); /* nothing retained */
  CHECK(rt_context_primary_retain() == 1 && rt_context_primary_retain() == 2);
  CHECK(rt_context_primary_active());

  rt_ctx *a = NULL, *b = NULL;
  CHECK(rt_context_create(0x4, &a) == cudaSuccess && a && a != primary);
  CHECK(rt_context_create(0, &b) == cudaSuccess && b && b != a);
  CHECK(rt_context_flags(a) == 0x4);
  CHECK(rt_context_push(a) && rt_context_push(b));
  CHECK(rt_context_current() == b);
  CHECK(rt_context_pop() == b && rt_context_current() == a);
  rt_context_set(primary); /* replaces the top */
  CHECK(rt_context_current() == primary);
  CHECK(rt_context_pop() == primary && rt_context_current() == NULL);
  rt_context_set(b); /* an empty stack gets it pushed */
  CHECK(rt_context_current() == b);
  rt_context_set(NULL); /* pops */
  CHECK(rt_context_current() == NULL);

  /* Per thread: another thread's stack is its own. */
  CHECK(rt_context_push(a));
  rt_unlock();
  pthread_t t;
  CHECK(pthread_create(&t, NULL, other_thread, NULL) == 0);
  pthread_join(t, NULL);
  rt_lock();
  CHECK(other_thread_saw == NULL);
  CHECK(rt_context_current() == a);

  /* Destroying pops it from this thread's stack; the handle is then dead. */
  CHECK(rt_context_push(b) && rt_context_push(a));
  CHECK(rt_context_destroy(a));
  CHECK(!rt_context_valid(a));
  CHECK(rt_context_current() == b);
  CHECK(!rt_context_destroy(a));
  CHECK(!rt_context_destroy(primary)); /* released, never destroyed */
  CHECK(rt_context_pop() == b && rt_context_pop() == NULL);

  /* A full stack refuses a push. */
  int pushed = 0;
  while (pushed < 1000 && rt_context_push(b))
    pushed++;
  CHECK(pushed == 64);
  while (rt_context_pop())
    ;
  CHECK(rt_context_destroy(b));

  CHECK(rt_context_primary_release() && rt_context_primary_release());
  CHECK(!rt_context_primary_active());
  rt_unlock();

  /* The runtime's way in makes the primary context current on an empty stack. */
  rt_device *d = NULL;
  cudaError_t e = rt_enter_device(&d);
  rt_leave(e);
  rt_lock();
  CHECK(rt_context_current() == primary);
  CHECK(rt_context_primary_active());
  rt_context_primary_reset();
  CHECK(rt_context_flags(primary) == 0);
  rt_unlock();

  CHECK(!rt_context_initialised());
  rt_context_mark_initialised();
  CHECK(rt_context_initialised());
  return check_finish("test_context");
}
