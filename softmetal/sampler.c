/* softmetal/sampler.c — MTLSamplerDescriptor and MTLSamplerState.
 *
 * A sampler state is immutable: its descriptor's filters, address modes, border
 * colour, coordinate space and level-of-detail clamps, registered with resource.c
 * (struct sm_sampler_desc) so that kernels reach it through its gpuResourceID.
 * As on Metal, gpuResourceID is valid only for a sampler made with
 * supportArgumentBuffers = YES: otherwise softmetal reports a validation error and
 * returns 0, which no kernel can resolve.
 */
#include "sm.h"

#include <float.h>
#include <stdio.h>

struct sampler_descriptor {
  struct sm_object base;
  struct sm_sampler_desc d;
  bool argument_buffers, lod_average;
};

struct sampler_state {
  struct sm_object base;
  struct sm_sampler_desc d;
  bool argument_buffers;
  uint64_t id;
};

static Class state_class;

static id descriptor_alloc(id cls, SEL cmd) {
  (void)cmd;
  struct sampler_descriptor *s = sm_object_new((Class)cls, sizeof *s, NULL);
  /* Metal's defaults: nearest, not mipmapped, clamp to edge, transparent black,
   * normalized coordinates, lod clamps [0, FLT_MAX], anisotropy 1, compare never */
  s->d.normalized = 1;
  s->d.max_anisotropy = 1;
  s->d.lod_min = 0.0f;
  s->d.lod_max = FLT_MAX;
  return (id)s;
}

#define U32_PROPERTY(name, field)                                                                  \
  static unsigned long get_##name(id self, SEL cmd) {                                              \
    (void)cmd;                                                                                     \
    return ((struct sampler_descriptor *)self)->d.field;                                           \
  }                                                                                                \
  static void set_##name(id self, SEL cmd, unsigned long v) {                                      \
    (void)cmd;                                                                                     \
    ((struct sampler_descriptor *)self)->d.field = (uint32_t)v;                                    \
  }
U32_PROPERTY(min_filter, min_filter)
U32_PROPERTY(mag_filter, mag_filter)
U32_PROPERTY(mip_filter, mip_filter)
U32_PROPERTY(s_address, address[0])
U32_PROPERTY(t_address, address[1])
U32_PROPERTY(r_address, address[2])
U32_PROPERTY(border_color, border_color)
U32_PROPERTY(max_anisotropy, max_anisotropy)
U32_PROPERTY(compare, compare)

static BOOL get_normalized(id self, SEL cmd) {
  (void)cmd;
  return ((struct sampler_descriptor *)self)->d.normalized != 0;
}
static void set_normalized(id self, SEL cmd, BOOL v) {
  (void)cmd;
  ((struct sampler_descriptor *)self)->d.normalized = v != 0;
}
static BOOL get_argument_buffers(id self, SEL cmd) {
  (void)cmd;
  return ((struct sampler_descriptor *)self)->argument_buffers;
}
static void set_argument_buffers(id self, SEL cmd, BOOL v) {
  (void)cmd;
  ((struct sampler_descriptor *)self)->argument_buffers = v != 0;
}
static float get_lod_min(id self, SEL cmd) {
  (void)cmd;
  return ((struct sampler_descriptor *)self)->d.lod_min;
}
static void set_lod_min(id self, SEL cmd, float v) {
  (void)cmd;
  ((struct sampler_descriptor *)self)->d.lod_min = v;
}
static float get_lod_max(id self, SEL cmd) {
  (void)cmd;
  return ((struct sampler_descriptor *)self)->d.lod_max;
}
static void set_lod_max(id self, SEL cmd, float v) {
  (void)cmd;
  ((struct sampler_descriptor *)self)->d.lod_max = v;
}

static void state_destroy(struct sm_object *o) {
  sm_resource_remove(((struct sampler_state *)o)->id);
}

id sm_sampler_new(id descriptor) {
  const struct sampler_descriptor *s = (const struct sampler_descriptor *)descriptor;
  if (!s) return nil;
  const struct sm_sampler_desc *d = &s->d;
  const char *why = NULL;
  if (d->min_filter > 1 || d->mag_filter > 1 || d->mip_filter > 2)
    why = "invalid filter";
  else if (d->address[0] > 5 || d->address[1] > 5 || d->address[2] > 5)
    why = "invalid address mode";
  else if (d->border_color > 2)
    why = "invalid border colour";
  else if (d->max_anisotropy < 1 || d->max_anisotropy > 16)
    why = "maxAnisotropy must be in [1, 16]";
  else if (d->compare > 7)
    why = "invalid compare function";
  else if (!(d->lod_min >= 0.0f) || !(d->lod_max >= d->lod_min))
    why = "lodMinClamp must be >= 0 and <= lodMaxClamp";
  if (why) {
    fprintf(stderr,
            "softmetal: validation error: -[MTLDevice newSamplerStateWithDescriptor:]: %s\n", why);
    return nil;
  }
  struct sampler_state *st = sm_object_new(state_class, sizeof *st, state_destroy);
  st->d = *d;
  st->argument_buffers = s->argument_buffers;
  st->id = sm_resource_add_sampler(d);
  return (id)st;
}

static struct sm_resource_id state_resource_id(id self, SEL cmd) {
  (void)cmd;
  struct sampler_state *st = (struct sampler_state *)self;
  if (!st->argument_buffers) {
    fprintf(stderr, "softmetal: validation error: -[MTLSamplerState gpuResourceID]: the sampler "
                    "was not made with supportArgumentBuffers = YES; its ID is 0 (invalid)\n");
    return (struct sm_resource_id){0};
  }
  return (struct sm_resource_id){st->id};
}

void sm_sampler_register(void) {
  Class d = sm_class_new(sm_object_class, "MTLSamplerDescriptor");
  sm_add_method(object_getClass((id)d), "alloc", descriptor_alloc, "@@:");
#define PROPERTY(name, getter, setter)                                                             \
  sm_add_method(d, getter, get_##name, "Q@:");                                                     \
  sm_add_method(d, setter, set_##name, "v@:Q");
  PROPERTY(min_filter, "minFilter", "setMinFilter:")
  PROPERTY(mag_filter, "magFilter", "setMagFilter:")
  PROPERTY(mip_filter, "mipFilter", "setMipFilter:")
  PROPERTY(s_address, "sAddressMode", "setSAddressMode:")
  PROPERTY(t_address, "tAddressMode", "setTAddressMode:")
  PROPERTY(r_address, "rAddressMode", "setRAddressMode:")
  PROPERTY(border_color, "borderColor", "setBorderColor:")
  PROPERTY(max_anisotropy, "maxAnisotropy", "setMaxAnisotropy:")
  PROPERTY(compare, "compareFunction", "setCompareFunction:")
#undef PROPERTY
  sm_add_method(d, "normalizedCoordinates", get_normalized, "C@:");
  sm_add_method(d, "setNormalizedCoordinates:", set_normalized, "v@:C");
  sm_add_method(d, "supportArgumentBuffers", get_argument_buffers, "C@:");
  sm_add_method(d, "setSupportArgumentBuffers:", set_argument_buffers, "v@:C");
  sm_add_method(d, "lodMinClamp", get_lod_min, "f@:");
  sm_add_method(d, "setLodMinClamp:", set_lod_min, "v@:f");
  sm_add_method(d, "lodMaxClamp", get_lod_max, "f@:");
  sm_add_method(d, "setLodMaxClamp:", set_lod_max, "v@:f");
  objc_registerClassPair(d);

  state_class = sm_class_new(sm_object_class, "SoftMetalSamplerState");
  sm_add_method(state_class, "gpuResourceID", state_resource_id, "{MTLResourceID=Q}@:");
  objc_registerClassPair(state_class);
}
