/* softmetal/object.c — the Objective-C object model softmetal's classes share.
 *
 * A root class NSObject (retain/release/autorelease/init), per-thread
 * autorelease pools (objc_autoreleasePoolPush/Pop, exported as Apple's libobjc
 * does), NSString, NSError and MTLCompileOptions. Objects are C structs that
 * begin with struct sm_object; methods are C functions registered as IMPs.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SM_EXPORT __attribute__((visibility("default")))

struct sm_classes sm_class;

void sm_add_method(Class cls, const char *selector, void *imp, const char *types) {
  class_addMethod(cls, sel_registerName(selector), (IMP)imp, types);
}

void *sm_object_new(Class cls, size_t size, void (*destroy)(struct sm_object *)) {
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
  if (obj) atomic_fetch_add_explicit(&((struct sm_object *)obj)->refs, 1, memory_order_relaxed);
  return obj;
}

void sm_release(void *obj) {
  struct sm_object *o = obj;
  if (!o) return;
  if (atomic_fetch_sub_explicit(&o->refs, 1, memory_order_acq_rel) != 1) return;
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

/* ---- NSString ------------------------------------------------------------- */
struct sm_string {
  struct sm_object base;
  char *utf8;
};

static void string_destroy(struct sm_object *o) {
  free(((struct sm_string *)o)->utf8);
}

id sm_string_new(const char *utf8) {
  struct sm_string *s = sm_object_new(sm_class.string, sizeof *s, string_destroy);
  s->utf8 = strdup(utf8 ? utf8 : "");
  if (!s->utf8) abort();
  return (id)s;
}

const char *sm_string_utf8(id string) {
  return string ? ((struct sm_string *)string)->utf8 : NULL;
}

static id string_with_utf8(id cls, SEL cmd, const char *utf8) {
  (void)cls, (void)cmd;
  if (!utf8) return nil; /* Apple: nil for NULL */
  return sm_autorelease(sm_string_new(utf8));
}
static const char *string_utf8(id self, SEL cmd) {
  (void)cmd;
  return sm_string_utf8(self);
}
static unsigned long string_length(id self, SEL cmd) {
  (void)cmd;
  return strlen(sm_string_utf8(self));
}

/* ---- NSError -------------------------------------------------------------- */
struct sm_error {
  struct sm_object base;
  long code;
  id domain, description;
};

static void error_destroy(struct sm_object *o) {
  struct sm_error *e = (struct sm_error *)o;
  sm_release(e->domain);
  sm_release(e->description);
}

id sm_error_new(const char *domain, long code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  struct sm_error *e = sm_object_new(sm_class.error, sizeof *e, error_destroy);
  e->code = code;
  e->domain = sm_string_new(domain);
  e->description = sm_string_new(text ? text : "softmetal: out of memory formatting an error");
  free(text);
  return (id)e;
}

const char *sm_error_text(id error) {
  return error ? sm_string_utf8(((struct sm_error *)error)->description) : NULL;
}

static id error_description(id self, SEL cmd) {
  (void)cmd;
  return sm_autorelease(sm_retain(((struct sm_error *)self)->description));
}
static long error_code(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_error *)self)->code;
}
static id error_domain(id self, SEL cmd) {
  (void)cmd;
  return sm_autorelease(sm_retain(((struct sm_error *)self)->domain));
}

/* ---- MTLCompileOptions ------------------------------------------------------ */
static id options_alloc(id cls, SEL cmd) {
  (void)cmd;
  struct sm_compile_options *o = sm_object_new((Class)cls, sizeof *o, NULL);
  o->fast_math = true; /* Metal's default */
  o->language_version = (3 << 16) + 1;
  return (id)o;
}
static void options_set_fast_math(id self, SEL cmd, BOOL on) {
  (void)cmd;
  ((struct sm_compile_options *)self)->fast_math = on;
}
static BOOL options_fast_math(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_compile_options *)self)->fast_math;
}
static void options_set_language_version(id self, SEL cmd, unsigned long v) {
  (void)cmd;
  ((struct sm_compile_options *)self)->language_version = v;
}
static unsigned long options_language_version(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_compile_options *)self)->language_version;
}

/* ---- registration ------------------------------------------------------------ */
static Class new_class(const char *name) {
  return objc_allocateClassPair(sm_class.object, name, 0);
}

static void register_object_classes(void) {
  Class root = objc_allocateClassPair(Nil, "NSObject", 0);
  sm_add_method(root, "retain", object_retain, "@@:");
  sm_add_method(root, "release", object_release, "v@:");
  sm_add_method(root, "autorelease", object_autorelease, "@@:");
  sm_add_method(root, "init", object_init, "@@:");
  sm_add_method(root, "retainCount", object_retain_count, "Q@:");
  objc_registerClassPair(root);
  sm_class.object = root;

  Class string = new_class("NSString");
  sm_add_method(object_getClass((id)string), "stringWithUTF8String:", string_with_utf8, "@@:*");
  sm_add_method(string, "UTF8String", string_utf8, "*@:");
  sm_add_method(string, "length", string_length, "Q@:");
  objc_registerClassPair(string);
  sm_class.string = string;

  Class error = new_class("NSError");
  sm_add_method(error, "localizedDescription", error_description, "@@:");
  sm_add_method(error, "code", error_code, "q@:");
  sm_add_method(error, "domain", error_domain, "@@:");
  objc_registerClassPair(error);
  sm_class.error = error;

  Class options = new_class("MTLCompileOptions");
  sm_add_method(object_getClass((id)options), "alloc", options_alloc, "@@:");
  sm_add_method(options, "setFastMathEnabled:", options_set_fast_math, "v@:C");
  sm_add_method(options, "fastMathEnabled", options_fast_math, "C@:");
  sm_add_method(options, "setLanguageVersion:", options_set_language_version, "v@:Q");
  sm_add_method(options, "languageVersion", options_language_version, "Q@:");
  objc_registerClassPair(options);
  sm_class.compile_options = options;
}

static void register_all(void) {
  register_object_classes();
  sm_device_register();
  sm_library_register();
  sm_command_register();
}

void sm_register_classes(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, register_all);
}

/* Classes exist before main so that objc_getClass("NSString") works at once. */
__attribute__((constructor)) static void sm_load(void) {
  sm_register_classes();
}

char *sm_strdup_vprintf(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return NULL;
  char *s = malloc((size_t)n + 1);
  if (s) vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

char *sm_strdup_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  return s;
}
