/* metal/mtl.h — Anchor's C interface to the Metal API (prefix mtl_).
 *
 * Every function here is a thin call of one Metal method through the
 * Objective-C runtime's C interface: the class comes from objc_getClass, the
 * selector from sel_registerName, and the method's IMP (from
 * class_getMethodImplementation(object_getClass(obj), sel)) is cast to the
 * exact C prototype of that method (self, _cmd, args...) — never a variadic
 * call. On macOS this binds to Metal.framework; on Linux to softmetal, which
 * registers the same classes and selectors in the GNU Objective-C runtime.
 * This file never knows which one it talks to (ARCHITECTURE.md decision 1).
 *
 * Ownership: functions named mtl_new_* / mtl_create_* return an object the
 * caller owns (+1) and releases with mtl_release. Other returned objects are
 * borrowed (autoreleased in Metal's terms); wrap work in
 * mtl_autorelease_push/pop. Strings returned as const char * are borrowed from
 * an object and live as long as it does.
 * Thread safety: as Metal's — devices, queues, buffers and pipelines may be
 * used from any thread; one command buffer/encoder from one thread at a time.
 */
#ifndef ANCHOR_MTL_H
#define ANCHOR_MTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target.h"

typedef struct mtl_object *mtl_id; /* any Objective-C object (id) */

/* Metal's by-value structs, with Metal's layout (NSUInteger = 64-bit). */
typedef struct {
  uint64_t width, height, depth;
} mtl_size; /* MTLSize */
typedef struct {
  uint64_t location, length;
} mtl_range; /* NSRange */

/* MTLResourceOptions values used by Anchor. */
enum {
  MTL_RESOURCE_STORAGE_MODE_SHARED = 0 << 4,
  MTL_RESOURCE_STORAGE_MODE_PRIVATE = 2 << 4,
  MTL_RESOURCE_HAZARD_TRACKING_MODE_UNTRACKED = 1 << 8,
};
/* MTLResourceUsage */
enum { MTL_RESOURCE_USAGE_READ = 1, MTL_RESOURCE_USAGE_WRITE = 2 };
/* MTLCommandBufferStatus */
enum {
  MTL_COMMAND_BUFFER_STATUS_NOT_ENQUEUED = 0,
  MTL_COMMAND_BUFFER_STATUS_ENQUEUED = 1,
  MTL_COMMAND_BUFFER_STATUS_COMMITTED = 2,
  MTL_COMMAND_BUFFER_STATUS_SCHEDULED = 3,
  MTL_COMMAND_BUFFER_STATUS_COMPLETED = 4,
  MTL_COMMAND_BUFFER_STATUS_ERROR = 5,
};
/* MTLLanguageVersion: (major << 16) + minor; the baseline is common/target.h's. */
#define MTL_LANGUAGE_VERSION(major, minor) (((uint64_t)(major) << 16) + (uint64_t)(minor))
#define MTL_LANGUAGE_VERSION_BASELINE                                                              \
  MTL_LANGUAGE_VERSION(AC_MSL_BASELINE_MAJOR, AC_MSL_BASELINE_MINOR)

/* --- runtime plumbing ---------------------------------------------------- */
void *mtl_autorelease_push(void);     /* objc_autoreleasePoolPush */
void mtl_autorelease_pop(void *pool); /* objc_autoreleasePoolPop */
void mtl_retain(mtl_id obj);          /* [obj retain]; NULL is ignored */
void mtl_release(mtl_id obj);         /* [obj release]; NULL is ignored */

/* NSString: a new +1 string from UTF-8, and a borrowed UTF-8 view of one. */
mtl_id mtl_new_string(const char *utf8);
const char *mtl_string_utf8(mtl_id string);
/* NSError: [[error localizedDescription] UTF8String], [error code]. */
const char *mtl_error_description(mtl_id error);
long mtl_error_code(mtl_id error);

/* --- MTLDevice ------------------------------------------------------------ */
mtl_id mtl_create_system_default_device(void); /* MTLCreateSystemDefaultDevice(); NULL if none */
const char *mtl_device_name(mtl_id device);
mtl_size mtl_device_max_threads_per_threadgroup(mtl_id device);
uint64_t mtl_device_max_threadgroup_memory_length(mtl_id device);
uint64_t mtl_device_max_buffer_length(mtl_id device);
uint64_t mtl_device_recommended_max_working_set_size(mtl_id device);
bool mtl_device_has_unified_memory(mtl_id device);
uint64_t mtl_device_registry_id(mtl_id device);
/* The GPU's core count, which Metal's API does not report: on macOS the
 * IORegistry's "gpu-core-count" of the AGXAccelerator whose registry id is
 * the device's; on softmetal its worker threads (the device's gpuCoreCount
 * selector, softmetal's own). 0 when unknown. */
uint64_t mtl_device_core_count(mtl_id device);
/* Whether the GPU stops work that runs too long (a kernel watchdog). Metal's API does not
 * say: macOS always has one; a device that answers the selector kernelWatchdog (not
 * Metal's: softmetal 1, cudametal its GPU's CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT) says
 * so; any other: true. */
bool mtl_device_has_kernel_watchdog(mtl_id device);
mtl_id mtl_new_command_queue(mtl_id device);
/* newBufferWithLength:options:; NULL when Metal refuses (e.g. too long). */
mtl_id mtl_new_buffer(mtl_id device, uint64_t length, uint64_t options);
/* newBufferWithBytesNoCopy:length:options:deallocator: with no deallocator
 * over the caller's memory (pointer and length page-aligned; the caller
 * keeps the memory alive longer than the buffer); NULL when Metal refuses. */
mtl_id mtl_new_buffer_no_copy(mtl_id device, void *pointer, uint64_t length, uint64_t options);
/* newLibraryWithSource:options:error: at the baseline MSL version and fast
 * math off.
 * On failure returns NULL and, if error_out, a borrowed NSError. */
mtl_id mtl_new_library_with_source(mtl_id device, const char *msl, mtl_id *error_out);
/* The same at another MTLLanguageVersion (MTL_LANGUAGE_VERSION(major, minor)). A Metal that does
 * not know the version fails the compile: the caller reports it, it never retries at a lower
 * version. */
mtl_id mtl_new_library_with_source_version(mtl_id device, const char *msl,
                                           uint64_t language_version, mtl_id *error_out);
/* newComputePipelineStateWithFunction:error: */
mtl_id mtl_new_compute_pipeline_state(mtl_id device, mtl_id function, mtl_id *error_out);

/* --- MTLLibrary / MTLFunction / MTLComputePipelineState -------------------- */
mtl_id mtl_library_new_function(mtl_id library,
                                const char *name); /* newFunctionWithName:; NULL if absent */
uint64_t mtl_pipeline_max_total_threads_per_threadgroup(mtl_id pipeline);
uint64_t mtl_pipeline_thread_execution_width(mtl_id pipeline);
uint64_t mtl_pipeline_static_threadgroup_memory_length(mtl_id pipeline);
/* Not Metal's: a bound on how many threadgroups of `size` threads of pipeline are
 * resident on device (running or waiting to resume) at any time of one dispatch,
 * 0 when unknown (libanchor sizes the overflow area of spilled __shared__ data by
 * it, docs/runtime.md). A pipeline that answers the selector
 * anchorResidentThreadgroups:height:depth: tells it: softmetal its workers times
 * a worker's residency, cudametal its GPU's multiprocessors times the CUDA
 * occupancy of the function. Apple's GPUs publish no such figure: the GPU's
 * cores (mtl_device_core_count) times MTL_APPLE_CORE_THREADS_BOUND (metal/mtl.c)
 * threads in whole SIMD-groups of 32, at least one group per core. */
uint64_t mtl_pipeline_resident_threadgroups(mtl_id device, mtl_id pipeline, mtl_size size);

/* --- MTLBuffer ------------------------------------------------------------ */
void *mtl_buffer_contents(mtl_id buffer);       /* CPU address */
uint64_t mtl_buffer_gpu_address(mtl_id buffer); /* GPU address; != contents */
uint64_t mtl_buffer_length(mtl_id buffer);

/* --- MTLCommandQueue / MTLCommandBuffer ------------------------------------ */
mtl_id mtl_queue_command_buffer(mtl_id queue);            /* borrowed */
mtl_id mtl_command_buffer_compute_encoder(mtl_id cmdbuf); /* borrowed */
mtl_id mtl_command_buffer_blit_encoder(mtl_id cmdbuf);    /* borrowed */
void mtl_command_buffer_commit(mtl_id cmdbuf);
void mtl_command_buffer_wait_until_completed(mtl_id cmdbuf);
long mtl_command_buffer_status(mtl_id cmdbuf);
mtl_id mtl_command_buffer_error(mtl_id cmdbuf); /* borrowed; NULL if none */
double mtl_command_buffer_gpu_start_time(mtl_id cmdbuf);
double mtl_command_buffer_gpu_end_time(mtl_id cmdbuf);
/* encodeSignalEvent:value: / encodeWaitForEvent:value: (no encoder open):
 * when the GPU reaches this point of the command buffer it sets event's
 * value / its queue waits there until the value is >= value. */
void mtl_command_buffer_encode_signal_event(mtl_id cmdbuf, mtl_id event, uint64_t value);
void mtl_command_buffer_encode_wait_for_event(mtl_id cmdbuf, mtl_id event, uint64_t value);
/* addCompletedHandler: (before commit) in C: fn(context, cmdbuf) runs on a
 * thread of Metal's once cmdbuf has completed (status Completed or Error).
 * On Apple a block calling fn; on softmetal a hand-built block literal (mtl.c). */
typedef void (*mtl_completed_fn)(void *context, mtl_id command_buffer);
void mtl_command_buffer_add_completed_handler(mtl_id cmdbuf, mtl_completed_fn fn, void *context);

/* Debug groups (MTLCommandBuffer and MTLCommandEncoder: pushDebugGroup:,
 * popDebugGroup) and signposts (MTLCommandEncoder: insertDebugSignpost:), named
 * by UTF-8 text (made an NSString here). A tool that captures GPU work (Xcode's
 * frame capture; softmetal's trace) shows them; otherwise they change nothing.
 * Metal's rule: a command buffer's groups are balanced before commit. An object that does
 * not answer these messages (a Metal without them) is sent nothing. */
void mtl_command_buffer_push_debug_group(mtl_id cmdbuf, const char *name);
void mtl_command_buffer_pop_debug_group(mtl_id cmdbuf);
void mtl_encoder_push_debug_group(mtl_id encoder, const char *name); /* compute or blit */
void mtl_encoder_pop_debug_group(mtl_id encoder);
void mtl_encoder_insert_debug_signpost(mtl_id encoder, const char *name);

/* --- MTLCaptureManager ----------------------------------------------------------- */
/* [MTLCaptureManager sharedCaptureManager] (borrowed; NULL where there is none) and
 * its isCapturing: whether a GPU capture runs now (started by Xcode, by
 * MTL_CAPTURE_ENABLED + startCaptureWithDescriptor:error:, or on softmetal by
 * SOFTMETAL_CAPTURE=1 / startCaptureWithDescriptor:error:). */
mtl_id mtl_capture_manager_shared(void);
bool mtl_capture_manager_is_capturing(mtl_id manager);
/* startCaptureWithDescriptor:error: with a new MTLCaptureDescriptor of capture_object (a
 * device or queue) and destination MTLCaptureDestinationDeveloperTools: true when the
 * capture started, else false and, if error_out, a borrowed NSError. stopCapture ends it. */
bool mtl_capture_manager_start(mtl_id manager, mtl_id capture_object, mtl_id *error_out);
void mtl_capture_manager_stop(mtl_id manager);

/* --- MTLSharedEvent --------------------------------------------------------- */
mtl_id mtl_new_shared_event(mtl_id device); /* newSharedEvent; value 0 */
uint64_t mtl_shared_event_signaled_value(mtl_id event);
void mtl_shared_event_set_signaled_value(mtl_id event, uint64_t value);

/* --- MTLComputeCommandEncoder ---------------------------------------------- */
void mtl_compute_set_pipeline_state(mtl_id encoder, mtl_id pipeline);
void mtl_compute_set_buffer(mtl_id encoder, mtl_id buffer, uint64_t offset, uint64_t index);
void mtl_compute_set_bytes(mtl_id encoder, const void *bytes, uint64_t length, uint64_t index);
void mtl_compute_set_threadgroup_memory_length(mtl_id encoder, uint64_t length, uint64_t index);
void mtl_compute_use_resource(mtl_id encoder, mtl_id resource, uint64_t usage);
void mtl_compute_dispatch_threadgroups(mtl_id encoder, mtl_size threadgroups,
                                       mtl_size threads_per_threadgroup);
void mtl_encoder_end_encoding(mtl_id encoder); /* compute or blit */

/* --- MTLBlitCommandEncoder ------------------------------------------------- */
void mtl_blit_copy_buffer(mtl_id encoder, mtl_id src, uint64_t src_offset, mtl_id dst,
                          uint64_t dst_offset, uint64_t size);
void mtl_blit_fill_buffer(mtl_id encoder, mtl_id buffer, mtl_range range, uint8_t value);

/* --- Textures and samplers (Metal 3: MTLTexture, MTLSamplerState, MTLResourceID) ---------- */
typedef struct {
  uint64_t x, y, z;
} mtl_origin; /* MTLOrigin */
typedef struct {
  mtl_origin origin;
  mtl_size size;
} mtl_region; /* MTLRegion */
/* MTLPixelFormat: the ordinary formats CUDA's channel formats need (Metal's values). */
enum {
  MTL_PIXEL_FORMAT_INVALID = 0,
  MTL_PIXEL_FORMAT_R8_UNORM = 10,
  MTL_PIXEL_FORMAT_R8_UNORM_SRGB = 11,
  MTL_PIXEL_FORMAT_R8_SNORM = 12,
  MTL_PIXEL_FORMAT_R8_UINT = 13,
  MTL_PIXEL_FORMAT_R8_SINT = 14,
  MTL_PIXEL_FORMAT_R16_UNORM = 20,
  MTL_PIXEL_FORMAT_R16_SNORM = 22,
  MTL_PIXEL_FORMAT_R16_UINT = 23,
  MTL_PIXEL_FORMAT_R16_SINT = 24,
  MTL_PIXEL_FORMAT_R16_FLOAT = 25,
  MTL_PIXEL_FORMAT_RG8_UNORM = 30,
  MTL_PIXEL_FORMAT_RG8_UNORM_SRGB = 31,
  MTL_PIXEL_FORMAT_RG8_SNORM = 32,
  MTL_PIXEL_FORMAT_RG8_UINT = 33,
  MTL_PIXEL_FORMAT_RG8_SINT = 34,
  MTL_PIXEL_FORMAT_R32_UINT = 53,
  MTL_PIXEL_FORMAT_R32_SINT = 54,
  MTL_PIXEL_FORMAT_R32_FLOAT = 55,
  MTL_PIXEL_FORMAT_RG16_UNORM = 60,
  MTL_PIXEL_FORMAT_RG16_SNORM = 62,
  MTL_PIXEL_FORMAT_RG16_UINT = 63,
  MTL_PIXEL_FORMAT_RG16_SINT = 64,
  MTL_PIXEL_FORMAT_RG16_FLOAT = 65,
  MTL_PIXEL_FORMAT_RGBA8_UNORM = 70,
  MTL_PIXEL_FORMAT_RGBA8_UNORM_SRGB = 71,
  MTL_PIXEL_FORMAT_RGBA8_SNORM = 72,
  MTL_PIXEL_FORMAT_RGBA8_UINT = 73,
  MTL_PIXEL_FORMAT_RGBA8_SINT = 74,
  MTL_PIXEL_FORMAT_RG32_UINT = 103,
  MTL_PIXEL_FORMAT_RG32_SINT = 104,
  MTL_PIXEL_FORMAT_RG32_FLOAT = 105,
  MTL_PIXEL_FORMAT_RGBA16_UNORM = 110,
  MTL_PIXEL_FORMAT_RGBA16_SNORM = 112,
  MTL_PIXEL_FORMAT_RGBA16_UINT = 113,
  MTL_PIXEL_FORMAT_RGBA16_SINT = 114,
  MTL_PIXEL_FORMAT_RGBA16_FLOAT = 115,
  MTL_PIXEL_FORMAT_RGBA32_UINT = 123,
  MTL_PIXEL_FORMAT_RGBA32_SINT = 124,
  MTL_PIXEL_FORMAT_RGBA32_FLOAT = 125,
};
/* MTLTextureType */
enum {
  MTL_TEXTURE_TYPE_1D = 0,
  MTL_TEXTURE_TYPE_1D_ARRAY = 1,
  MTL_TEXTURE_TYPE_2D = 2,
  MTL_TEXTURE_TYPE_2D_ARRAY = 3,
  MTL_TEXTURE_TYPE_CUBE = 5,
  MTL_TEXTURE_TYPE_CUBE_ARRAY = 6,
  MTL_TEXTURE_TYPE_3D = 7,
  MTL_TEXTURE_TYPE_TEXTURE_BUFFER = 9,
};
/* MTLTextureUsage */
enum {
  MTL_TEXTURE_USAGE_SHADER_READ = 1,
  MTL_TEXTURE_USAGE_SHADER_WRITE = 2,
  MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW = 0x10,
};
/* MTLStorageMode */
enum { MTL_STORAGE_MODE_SHARED = 0, MTL_STORAGE_MODE_PRIVATE = 2 };
/* MTLSamplerMinMagFilter, MTLSamplerMipFilter, MTLSamplerAddressMode, MTLSamplerBorderColor */
enum { MTL_SAMPLER_MIN_MAG_FILTER_NEAREST = 0, MTL_SAMPLER_MIN_MAG_FILTER_LINEAR = 1 };
enum {
  MTL_SAMPLER_MIP_FILTER_NOT_MIPMAPPED = 0,
  MTL_SAMPLER_MIP_FILTER_NEAREST = 1,
  MTL_SAMPLER_MIP_FILTER_LINEAR = 2,
};
enum {
  MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE = 0,
  MTL_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE = 1,
  MTL_SAMPLER_ADDRESS_MODE_REPEAT = 2,
  MTL_SAMPLER_ADDRESS_MODE_MIRROR_REPEAT = 3,
  MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_ZERO = 4,
  MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER_COLOR = 5,
};
enum {
  MTL_SAMPLER_BORDER_COLOR_TRANSPARENT_BLACK = 0,
  MTL_SAMPLER_BORDER_COLOR_OPAQUE_BLACK = 1,
  MTL_SAMPLER_BORDER_COLOR_OPAQUE_WHITE = 2,
};

/* MTLTextureDescriptor: [[MTLTextureDescriptor alloc] init] (+1, Metal's defaults: 2D,
 * RGBA8Unorm, 1 x 1 x 1, one level and slice, usage ShaderRead, storage Shared), and
 * +texture2DDescriptorWithPixelFormat:width:height:mipmapped: (borrowed). */
mtl_id mtl_new_texture_descriptor(void);
mtl_id mtl_texture_descriptor_2d(uint64_t pixel_format, uint64_t width, uint64_t height,
                                 bool mipmapped);
/* The descriptor's properties (setTextureType: ... / textureType ...). */
void mtl_texture_descriptor_set_texture_type(mtl_id desc, uint64_t type);
void mtl_texture_descriptor_set_pixel_format(mtl_id desc, uint64_t format);
void mtl_texture_descriptor_set_width(mtl_id desc, uint64_t width);
void mtl_texture_descriptor_set_height(mtl_id desc, uint64_t height);
void mtl_texture_descriptor_set_depth(mtl_id desc, uint64_t depth);
void mtl_texture_descriptor_set_array_length(mtl_id desc, uint64_t length);
void mtl_texture_descriptor_set_mipmap_level_count(mtl_id desc, uint64_t count);
void mtl_texture_descriptor_set_usage(mtl_id desc, uint64_t usage);
void mtl_texture_descriptor_set_storage_mode(mtl_id desc, uint64_t mode);
uint64_t mtl_texture_descriptor_texture_type(mtl_id desc);
uint64_t mtl_texture_descriptor_pixel_format(mtl_id desc);
uint64_t mtl_texture_descriptor_width(mtl_id desc);
uint64_t mtl_texture_descriptor_height(mtl_id desc);
uint64_t mtl_texture_descriptor_depth(mtl_id desc);
uint64_t mtl_texture_descriptor_array_length(mtl_id desc);
uint64_t mtl_texture_descriptor_mipmap_level_count(mtl_id desc);
uint64_t mtl_texture_descriptor_usage(mtl_id desc);
uint64_t mtl_texture_descriptor_storage_mode(mtl_id desc);
/* -[MTLDevice newTextureWithDescriptor:]; NULL when Metal refuses the descriptor. */
mtl_id mtl_new_texture(mtl_id device, mtl_id desc);
/* -[MTLBuffer newTextureWithDescriptor:offset:bytesPerRow:]: a 2D or TextureBuffer texture
 * sharing the buffer's bytes; offset (and a 2D texture's bytes_per_row) multiples of
 * mtl_device_min_linear_texture_alignment; NULL when Metal refuses. */
mtl_id mtl_buffer_new_texture(mtl_id buffer, mtl_id desc, uint64_t offset, uint64_t bytes_per_row);
/* argumentBuffersSupport: MTLArgumentBuffersTier1 (0) or Tier2 (1); textures and samplers in
 * device-memory records need Tier2. */
uint64_t mtl_device_argument_buffers_support(mtl_id device);
/* minimumLinearTextureAlignmentForPixelFormat: / minimumTextureBufferAlignmentForPixelFormat: */
uint64_t mtl_device_min_linear_texture_alignment(mtl_id device, uint64_t pixel_format);
uint64_t mtl_device_min_texture_buffer_alignment(mtl_id device, uint64_t pixel_format);
/* newTextureViewWithPixelFormat: and ...:textureType:levels:slices: (+1; NULL when the
 * view breaks Metal's rules: another format than the sRGB twin needs the texture's usage
 * to have PixelFormatView and the same pixel size; types per Metal's view table). */
mtl_id mtl_texture_new_view(mtl_id texture, uint64_t pixel_format);
mtl_id mtl_texture_new_view_levels_slices(mtl_id texture, uint64_t pixel_format, uint64_t type,
                                          mtl_range levels, mtl_range slices);
/* replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage: and
 * getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice: (CPU copies; not for
 * Private storage). */
void mtl_texture_replace_region(mtl_id texture, mtl_region region, uint64_t level, uint64_t slice,
                                const void *bytes, uint64_t bytes_per_row,
                                uint64_t bytes_per_image);
void mtl_texture_get_bytes(mtl_id texture, void *bytes, uint64_t bytes_per_row,
                           uint64_t bytes_per_image, mtl_region region, uint64_t level,
                           uint64_t slice);
/* gpuResourceID (MTLResourceID's 64 bits): what an argument buffer holds for a texture. */
uint64_t mtl_texture_gpu_resource_id(mtl_id texture);
uint64_t mtl_texture_texture_type(mtl_id texture);
uint64_t mtl_texture_pixel_format(mtl_id texture);
uint64_t mtl_texture_width(mtl_id texture);
uint64_t mtl_texture_height(mtl_id texture);
uint64_t mtl_texture_depth(mtl_id texture);
uint64_t mtl_texture_array_length(mtl_id texture);
uint64_t mtl_texture_mipmap_level_count(mtl_id texture);
uint64_t mtl_texture_usage(mtl_id texture);

/* MTLSamplerDescriptor: [[MTLSamplerDescriptor alloc] init] (+1, Metal's defaults) and its
 * properties; newSamplerStateWithDescriptor: (+1, NULL when refused); gpuResourceID
 * (valid only with supportArgumentBuffers = YES, as on Metal). */
mtl_id mtl_new_sampler_descriptor(void);
void mtl_sampler_descriptor_set_min_filter(mtl_id desc, uint64_t filter);
void mtl_sampler_descriptor_set_mag_filter(mtl_id desc, uint64_t filter);
void mtl_sampler_descriptor_set_mip_filter(mtl_id desc, uint64_t filter);
void mtl_sampler_descriptor_set_s_address_mode(mtl_id desc, uint64_t mode);
void mtl_sampler_descriptor_set_t_address_mode(mtl_id desc, uint64_t mode);
void mtl_sampler_descriptor_set_r_address_mode(mtl_id desc, uint64_t mode);
void mtl_sampler_descriptor_set_border_color(mtl_id desc, uint64_t color);
void mtl_sampler_descriptor_set_normalized_coordinates(mtl_id desc, bool normalized);
void mtl_sampler_descriptor_set_lod_min_clamp(mtl_id desc, float lod);
void mtl_sampler_descriptor_set_lod_max_clamp(mtl_id desc, float lod);
void mtl_sampler_descriptor_set_max_anisotropy(mtl_id desc, uint64_t anisotropy);
void mtl_sampler_descriptor_set_compare_function(mtl_id desc, uint64_t function);
void mtl_sampler_descriptor_set_support_argument_buffers(mtl_id desc, bool support);
mtl_id mtl_new_sampler_state(mtl_id device, mtl_id desc);
uint64_t mtl_sampler_gpu_resource_id(mtl_id sampler);

/* Blit copies between buffers and textures, and between textures (MTLBlitCommandEncoder). */
void mtl_blit_copy_buffer_to_texture(mtl_id encoder, mtl_id buffer, uint64_t offset,
                                     uint64_t bytes_per_row, uint64_t bytes_per_image,
                                     mtl_size size, mtl_id texture, uint64_t slice, uint64_t level,
                                     mtl_origin origin);
void mtl_blit_copy_texture_to_buffer(mtl_id encoder, mtl_id texture, uint64_t slice, uint64_t level,
                                     mtl_origin origin, mtl_size size, mtl_id buffer,
                                     uint64_t offset, uint64_t bytes_per_row,
                                     uint64_t bytes_per_image);
void mtl_blit_copy_texture_to_texture(mtl_id encoder, mtl_id src, uint64_t src_slice,
                                      uint64_t src_level, mtl_origin src_origin, mtl_size size,
                                      mtl_id dst, uint64_t dst_slice, uint64_t dst_level,
                                      mtl_origin dst_origin);
/* copyFromTexture:toTexture: every level and slice (same dimensions and format). */
void mtl_blit_copy_texture(mtl_id encoder, mtl_id src, mtl_id dst);

#endif
