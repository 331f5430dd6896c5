/* softmetal/register.c — the registration driver: every class softmetal
 * implements is registered once, when the library is loaded, so that
 * objc_getClass("NSString") and MTLCreateSystemDefaultDevice work at once.
 *
 * Each file registers its own classes (sm_<file>_register); this file only
 * fixes the order, superclasses first. It is the top of softmetal's
 * dependency graph: it calls every register function, and nothing calls it.
 */
#include "sm.h"

__attribute__((constructor)) static void sm_register_classes(void) {
  sm_object_register(); /* NSObject, the root of every class below */
  sm_foundation_register();
  sm_buffer_register();
  sm_texture_register(); /* adds MTLBuffer's newTextureWithDescriptor:offset:bytesPerRow: */
  sm_sampler_register();
  sm_library_register();
  sm_pipeline_register();
  sm_event_register();
  sm_queue_register();
  sm_command_buffer_register();
  sm_capture_register();
  sm_encoder_register(); /* before its subclasses */
  sm_compute_encoder_register();
  sm_blit_encoder_register();
  sm_device_register();
}
