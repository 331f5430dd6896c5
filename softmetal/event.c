/* softmetal/event.c — MTLSharedEvent (and MTLEvent, the same class here): a
 * 64-bit value that command buffers signal (encodeSignalEvent:value: sets it
 * when the command buffer reaches that point) and wait for
 * (encodeWaitForEvent:value: holds the command buffer's queue there until the
 * value is >= the one waited for), and that the host reads and sets
 * (signaledValue, setSignaledValue:). As in Metal, a value may be set to
 * anything, also lower; a wait is for "value >= n". Waiters sleep on a
 * condition variable.
 */
#include "sm.h"

static Class event_class;

static void event_destroy(struct sm_object *o) {
  struct sm_event *e = (struct sm_event *)o;
  pthread_mutex_destroy(&e->lock);
  pthread_cond_destroy(&e->changed);
}

struct sm_event *sm_event_new(void) {
  struct sm_event *e = sm_object_new(event_class, sizeof *e, event_destroy);
  pthread_mutex_init(&e->lock, NULL);
  pthread_cond_init(&e->changed, NULL);
  return e;
}

void sm_event_signal(struct sm_event *e, uint64_t value) {
  pthread_mutex_lock(&e->lock);
  e->value = value;
  pthread_cond_broadcast(&e->changed);
  pthread_mutex_unlock(&e->lock);
}

void sm_event_wait(struct sm_event *e, uint64_t value) {
  pthread_mutex_lock(&e->lock);
  while (e->value < value)
    pthread_cond_wait(&e->changed, &e->lock);
  pthread_mutex_unlock(&e->lock);
}

static uint64_t event_signaled_value(id self, SEL cmd) {
  (void)cmd;
  struct sm_event *e = (struct sm_event *)self;
  pthread_mutex_lock(&e->lock);
  uint64_t value = e->value;
  pthread_mutex_unlock(&e->lock);
  return value;
}

static void event_set_signaled_value(id self, SEL cmd, uint64_t value) {
  (void)cmd;
  sm_event_signal((struct sm_event *)self, value);
}

void sm_event_register(void) {
  event_class = sm_class_new(sm_object_class, "SoftMetalSharedEvent");
  sm_add_method(event_class, "signaledValue", event_signaled_value, "Q@:");
  sm_add_method(event_class, "setSignaledValue:", event_set_signaled_value, "v@:Q");
  objc_registerClassPair(event_class);
}
