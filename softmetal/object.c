/* softmetal/object.c — the Objective-C object model softmetal's classes share.
 *
 * The root class NSObject (retain/release/autorelease/init/retainCount),
 * reference counting, and per-thread autorelease pools
 * (objc_autoreleasePoolPush/Pop, exported as Apple's libobjc does). Objects
 * are C structs that begin with struct sm_object; methods are C functions
 * registered as IMPs. Every other class file builds on this one; it calls
 * none of them.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>

#define SM_EXPORT __attribute__((visibility("default")))

Class sm_object_class;

void sm_add_method(Class cls, const char *selector, void *imp, const char *types) {
  assert(cls && selector && imp && types);
  class_addMethod(cls, sel_registerName(selector), (IMP)imp, types);
}

Class sm_class_new(Class superclass, const char *name) {
  assert(superclass != Nil); /* registered in order: superclasses first (register.c) */
  Class cls = objc_allocateClassPair(superclass, name, 0);
  assert(cls != Nil); /* a name registered twice */
  return cls;
}

void *sm_object_new(Class cls, size_t size, void (*destroy)(struct sm_object *)) {
  assert(cls != Nil && size >= sizeof(struct sm_object));
  struct sm_object *o = calloc(1, size);
  if (!o) {
    fprintf(stderr, "softmetal: out of memory allocating %zu bytes\n", size);
    abort(); /* as +alloc: there is no error channel */
  }
  o->isa = cls;
  atomic_init(&o->refs, 1);
  o->destroy = destroy;
  return o;
}

void *sm_retain(void *obj) {
  if (!obj) return obj;
  long before =
      atomic_fetch_add_explicit(&((struct sm_object *)obj)->refs, 1, memory_order_relaxed);
  assert(before > 0); /* retaining a destroyed object */
  (void)before;
  return obj;
}

void sm_release(void *obj) {
  struct sm_object *o = obj;
  if (!o) return;
  long before = atomic_fetch_sub_explicit(&o->refs, 1, memory_order_acq_rel);
  assert(before > 0); /* over-release */
  if (before != 1) return;
  if (o->destroy) o->destroy(o);
  free(o);
}

/* ---- autorelease pools ---------------------------------------------------
 * One stack of objects per thread. A pool token is the stack depth at push
 * time plus one (so that it is never NULL); popping releases everything
 * autoreleased above it, most recent first. */
static _Thread_local struct {
  void **items;
  size_t count, capacity;
} pool_stack;

/* At thread exit the thread's pools are drained and the stack freed, as
 * Apple's runtime does. */
static pthread_key_t pool_key;

static void pool_thread_exit(void *unused) {
  (void)unused;
  while (pool_stack.count > 0)
    sm_release(pool_stack.items[--pool_stack.count]);
  free(pool_stack.items);
  pool_stack.items = NULL;
  pool_stack.capacity = 0;
}

static void pool_key_create(void) {
  pthread_key_create(&pool_key, pool_thread_exit);
}

void *sm_autorelease(void *obj) {
  if (!obj) return obj;
  assert(atomic_load(&((struct sm_object *)obj)->refs) > 0);
  if (!pool_stack.items) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, pool_key_create);
    pthread_setspecific(pool_key, &pool_stack); /* any non-NULL value arms the destructor */
  }
  if (pool_stack.count == pool_stack.capacity) {
    size_t cap = pool_stack.capacity ? pool_stack.capacity * 2 : 64;
    void **items = realloc(pool_stack.items, cap * sizeof *items);
    if (!items) {
      fprintf(stderr, "softmetal: out of memory in autorelease\n");
      abort();
    }
    pool_stack.items = items;
    pool_stack.capacity = cap;
  }
  pool_stack.items[pool_stack.count++] = obj;
  return obj;
}

SM_EXPORT void *objc_autoreleasePoolPush(void) {
  return (void *)(uintptr_t)(pool_stack.count + 1);
}

SM_EXPORT void objc_autoreleasePoolPop(void *token) {
  assert(token != NULL);
  size_t depth = (size_t)(uintptr_t)token - 1;
  /* Releasing may autorelease more objects (above depth); loop until drained. */
  while (pool_stack.count > depth)
    sm_release(pool_stack.items[--pool_stack.count]);
}

/* ---- NSObject ------------------------------------------------------------- */
static id object_retain(id self, SEL cmd) {
  (void)cmd;
  return sm_retain(self);
}
static void object_release(id self, SEL cmd) {
  (void)cmd;
  sm_release(self);
}
static id object_autorelease(id self, SEL cmd) {
  (void)cmd;
  return sm_autorelease(self);
}
static id object_init(id self, SEL cmd) {
  (void)cmd;
  return self;
}
static unsigned long object_retain_count(id self, SEL cmd) {
  (void)cmd;
  return (unsigned long)atomic_load(&((struct sm_object *)self)->refs);
}

void sm_object_register(void) {
  assert(sm_object_class == Nil);
  Class root = objc_allocateClassPair(Nil, "NSObject", 0);
  sm_add_method(root, "retain", object_retain, "@@:");
  sm_add_method(root, "release", object_release, "v@:");
  sm_add_method(root, "autorelease", object_autorelease, "@@:");
  sm_add_method(root, "init", object_init, "@@:");
  sm_add_method(root, "retainCount", object_retain_count, "Q@:");
  objc_registerClassPair(root);
  sm_object_class = root;
}
