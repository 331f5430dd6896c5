/* softmetal/foundation.c — the Foundation classes Metal's API passes around:
 * NSString, NSError and MTLCompileOptions (a plain value object, so it lives
 * here rather than with the libraries that read it).
 */
#include "sm.h"

#include <stdlib.h>
#include <string.h>

static Class string_class, error_class;

/* ---- NSString ------------------------------------------------------------- */
struct sm_string {
  struct sm_object base;
  char *utf8;
};

static void string_destroy(struct sm_object *o) {
  free(((struct sm_string *)o)->utf8);
}

id sm_string_new(const char *utf8) {
  struct sm_string *s = sm_object_new(string_class, sizeof *s, string_destroy);
  s->utf8 = strdup(utf8 ? utf8 : "");
  if (!s->utf8) abort();
  return (id)s;
}

const char *sm_string_utf8(id string) {
  assert(!string || object_getClass(string) == string_class);
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
  struct sm_error *e = sm_object_new(error_class, sizeof *e, error_destroy);
  e->code = code;
  e->domain = sm_string_new(domain);
  e->description = sm_string_new(text ? text : "softmetal: out of memory formatting an error");
  free(text);
  return (id)e;
}

const char *sm_error_text(id error) {
  assert(!error || object_getClass(error) == error_class);
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
  o->language_version = SM_MSL_BASELINE_VERSION;
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
void sm_foundation_register(void) {
  string_class = sm_class_new(sm_object_class, "NSString");
  sm_add_method(object_getClass((id)string_class), "stringWithUTF8String:", string_with_utf8,
                "@@:*");
  sm_add_method(string_class, "UTF8String", string_utf8, "*@:");
  sm_add_method(string_class, "length", string_length, "Q@:");
  objc_registerClassPair(string_class);

  error_class = sm_class_new(sm_object_class, "NSError");
  sm_add_method(error_class, "localizedDescription", error_description, "@@:");
  sm_add_method(error_class, "code", error_code, "q@:");
  sm_add_method(error_class, "domain", error_domain, "@@:");
  objc_registerClassPair(error_class);

  Class options = sm_class_new(sm_object_class, "MTLCompileOptions");
  sm_add_method(object_getClass((id)options), "alloc", options_alloc, "@@:");
  sm_add_method(options, "setFastMathEnabled:", options_set_fast_math, "v@:C");
  sm_add_method(options, "fastMathEnabled", options_fast_math, "C@:");
  sm_add_method(options, "setLanguageVersion:", options_set_language_version, "v@:Q");
  sm_add_method(options, "languageVersion", options_language_version, "Q@:");
  objc_registerClassPair(options);
}
