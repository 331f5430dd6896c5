/* softmetal/capture.c — MTLCaptureManager and MTLCaptureDescriptor: Metal's
 * programmatic GPU capture, as far as softmetal has one. What Xcode's frame
 * capture shows of the work (command buffers, their debug groups and
 * signposts) softmetal prints with SOFTMETAL_TRACE; a capture here is only the
 * state isCapturing reports, which tools (libanchor's NVTX ranges) use to
 * decide whether to annotate their work. It starts with the process when
 * SOFTMETAL_CAPTURE is set (non-empty, not "0"; as Xcode starts one with a
 * launched program), or with startCaptureWithDescriptor:error: (destination
 * MTLCaptureDestinationDeveloperTools; a GPU trace document, which softmetal
 * cannot write, is MTLCaptureErrorNotSupported), and ends with stopCapture.
 */
#include "sm.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* MTLCaptureError, MTLCaptureDestination */
enum { CAPTURE_ERROR_NOT_SUPPORTED = 1, CAPTURE_ERROR_ALREADY_CAPTURING = 2 };
enum { CAPTURE_ERROR_INVALID_DESCRIPTOR = 3 };
enum { DESTINATION_DEVELOPER_TOOLS = 1, DESTINATION_GPU_TRACE_DOCUMENT = 2 };

struct sm_capture_descriptor {
  struct sm_object base;
  id capture_object; /* retained: a device, queue or capture scope */
  long destination;
};

static Class manager_class, descriptor_class;
static atomic_int capturing = -1; /* -1: SOFTMETAL_CAPTURE not read yet */

static bool is_capturing(void) {
  int value = atomic_load(&capturing);
  if (value < 0) {
    const char *env = getenv("SOFTMETAL_CAPTURE");
    int initial = env && *env && strcmp(env, "0") != 0;
    int unread = -1;
    atomic_compare_exchange_strong(&capturing, &unread, initial);
    value = atomic_load(&capturing);
  }
  return value != 0;
}

/* ---- MTLCaptureManager: one, never freed ---------------------------------------------- */
static id manager_shared(id cls, SEL cmd) {
  (void)cls, (void)cmd;
  static _Atomic(id) shared;
  id m = atomic_load(&shared);
  if (m) return m;
  id made = sm_object_new(manager_class, sizeof(struct sm_object), NULL);
  id none = nil;
  if (!atomic_compare_exchange_strong(&shared, &none, made)) sm_release(made);
  return atomic_load(&shared);
}

static BOOL manager_is_capturing(id self, SEL cmd) {
  (void)self, (void)cmd;
  return is_capturing();
}

static BOOL manager_start(id self, SEL cmd, id descriptor, id *error) {
  (void)self, (void)cmd;
  const struct sm_capture_descriptor *d = (const struct sm_capture_descriptor *)descriptor;
  long code = 0;
  const char *why = NULL;
  if (!d || !d->capture_object)
    code = CAPTURE_ERROR_INVALID_DESCRIPTOR, why = "the descriptor has no capture object";
  else if (d->destination != DESTINATION_DEVELOPER_TOOLS)
    code = CAPTURE_ERROR_NOT_SUPPORTED, why = "softmetal captures to its trace only "
                                              "(MTLCaptureDestinationDeveloperTools)";
  else if (is_capturing())
    code = CAPTURE_ERROR_ALREADY_CAPTURING, why = "a capture is already running";
  if (code) {
    if (error) *error = sm_autorelease(sm_error_new("MTLCaptureErrorDomain", code, "%s", why));
    return NO;
  }
  atomic_store(&capturing, 1);
  return YES;
}

static void manager_stop(id self, SEL cmd) {
  (void)self, (void)cmd;
  (void)is_capturing(); /* the environment's state read first, then overridden */
  atomic_store(&capturing, 0);
}

/* ---- MTLCaptureDescriptor ---------------------------------------------------------------- */
static void descriptor_destroy(struct sm_object *o) {
  sm_release(((struct sm_capture_descriptor *)o)->capture_object);
}
static id descriptor_alloc(id cls, SEL cmd) {
  (void)cmd;
  struct sm_capture_descriptor *d = sm_object_new((Class)cls, sizeof *d, descriptor_destroy);
  d->destination = DESTINATION_DEVELOPER_TOOLS; /* Metal's default */
  return (id)d;
}
static void descriptor_set_object(id self, SEL cmd, id object) {
  (void)cmd;
  struct sm_capture_descriptor *d = (struct sm_capture_descriptor *)self;
  sm_retain(object);
  sm_release(d->capture_object);
  d->capture_object = object;
}
static id descriptor_object(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_capture_descriptor *)self)->capture_object;
}
static void descriptor_set_destination(id self, SEL cmd, long destination) {
  (void)cmd;
  ((struct sm_capture_descriptor *)self)->destination = destination;
}
static long descriptor_destination(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_capture_descriptor *)self)->destination;
}

void sm_capture_register(void) {
  manager_class = sm_class_new(sm_object_class, "MTLCaptureManager");
  sm_add_method(object_getClass((id)manager_class), "sharedCaptureManager", manager_shared, "@@:");
  sm_add_method(manager_class, "isCapturing", manager_is_capturing, "C@:");
  sm_add_method(manager_class, "startCaptureWithDescriptor:error:", manager_start, "C@:@^@");
  sm_add_method(manager_class, "stopCapture", manager_stop, "v@:");
  objc_registerClassPair(manager_class);

  descriptor_class = sm_class_new(sm_object_class, "MTLCaptureDescriptor");
  sm_add_method(object_getClass((id)descriptor_class), "alloc", descriptor_alloc, "@@:");
  sm_add_method(descriptor_class, "setCaptureObject:", descriptor_set_object, "v@:@");
  sm_add_method(descriptor_class, "captureObject", descriptor_object, "@@:");
  sm_add_method(descriptor_class, "setDestination:", descriptor_set_destination, "v@:q");
  sm_add_method(descriptor_class, "destination", descriptor_destination, "q@:");
  objc_registerClassPair(descriptor_class);
}
