/* runtime/retire.c — handles are freed late (issue 10). A CUDA handle here is its
 * object's address, and the API tells a live handle from a destroyed or foreign one
 * by looking it up among the live objects. Freed at once, a destroyed object's memory
 * is soon another object's (malloc reuses it), so a destroyed handle the program keeps
 * becomes that new object's: calls through it act on the wrong stream, graph or module,
 * and a second destroy frees memory still in use (the double free fuzz_calls found).
 * rt_handle_retire keeps the last RT_RETIRE_KEEP retired objects allocated and frees the
 * oldest when a newer one comes, so a recently destroyed handle stays unknown. Pure C,
 * its own mutex (callers hold the runtime lock or not). What the ring holds at exit is
 * reachable from it (no leak for LeakSanitizer). */
#include <pthread.h>
#include <stdlib.h>

#include "core.h"

enum { RT_RETIRE_KEEP = 4096 };

static void *rt_retired[RT_RETIRE_KEEP];
static size_t rt_retired_next;
static pthread_mutex_t rt_retire_mutex = PTHREAD_MUTEX_INITIALIZER;

void rt_handle_retire(void *p) {
  if (!p) return;
  pthread_mutex_lock(&rt_retire_mutex);
  void *oldest = rt_retired[rt_retired_next];
  rt_retired[rt_retired_next] = p;
  rt_retired_next = (rt_retired_next + 1) % RT_RETIRE_KEEP;
  pthread_mutex_unlock(&rt_retire_mutex);
  free(oldest);
}
