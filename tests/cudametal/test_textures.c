/* tests/cudametal/test_textures.c — cudametal's textures and samplers from the host side,
 * through metal/mtl.h over the CPU stand-in for the CUDA driver (fake_cuda.c: CUDA arrays
 * are host memory, 3D copies run on the CPU, kernels are not run): replaceRegion/getBytes
 * of layers, mip levels and 3D z-slices (padded bytes per image), blits between buffers and
 * textures and between textures in stream order, views (level and slice ranges, formats),
 * textures over buffers, the descriptors that gpuResourceID names (what kernels read),
 * sampler states, Metal's refusals, and every CUDA array and surface object released. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mtl.h"

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* cudametal/cm.h's struct cm_texture_desc and cm_sampler_desc (what the prelude reads) */
struct texture_desc {
  uint32_t type, format, width, height, depth, slices, levels, bpp, usage, store, slice0, reserved;
  uint64_t linear, row_pitch;
  uint64_t surface[16];
};
struct sampler_desc {
  uint32_t min_filter, mag_filter, mip_filter, address[3], border_color, normalized, max_anisotropy,
      compare;
  float lod_min, lod_max;
};
enum { STORE_LINEAR, STORE_1D, STORE_1D_LAYERED, STORE_2D, STORE_2D_LAYERED, STORE_3D };

static mtl_id texture(mtl_id device, uint64_t type, uint64_t format, uint64_t w, uint64_t h,
                      uint64_t d, uint64_t layers, uint64_t levels, uint64_t usage) {
  mtl_id desc = mtl_new_texture_descriptor();
  mtl_texture_descriptor_set_texture_type(desc, type);
  mtl_texture_descriptor_set_pixel_format(desc, format);
  mtl_texture_descriptor_set_width(desc, w);
  mtl_texture_descriptor_set_height(desc, h);
  mtl_texture_descriptor_set_depth(desc, d);
  mtl_texture_descriptor_set_array_length(desc, layers);
  mtl_texture_descriptor_set_mipmap_level_count(desc, levels);
  mtl_texture_descriptor_set_usage(desc, usage);
  mtl_texture_descriptor_set_storage_mode(desc, MTL_STORAGE_MODE_SHARED);
  mtl_id t = mtl_new_texture(device, desc);
  mtl_release(desc);
  return t;
}
static mtl_region region(uint64_t x, uint64_t y, uint64_t z, uint64_t w, uint64_t h, uint64_t d) {
  return (mtl_region){{x, y, z}, {w, h, d}};
}
static const struct texture_desc *desc_of(mtl_id t) {
  return (const struct texture_desc *)(uintptr_t)mtl_texture_gpu_resource_id(t);
}

int main(void) {
  setenv("ANCHOR_METAL", "cudametal", 1);
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  int (*arrays)(void) = cuda ? (int (*)(void))dlsym(cuda, "fake_cuda_arrays") : NULL;
  int (*surfaces)(void) = cuda ? (int (*)(void))dlsym(cuda, "fake_cuda_surfaces") : NULL;
  if (!device || !arrays || !surfaces) {
    printf("FAIL cudametal is not running over tests/cudametal/fake_cuda.c\n");
    return 1;
  }
  CHECK(mtl_device_argument_buffers_support(device) == 1, "argument buffers tier 2");
  CHECK(mtl_device_min_linear_texture_alignment(device, MTL_PIXEL_FORMAT_R32_FLOAT) == 16,
        "linear texture alignment 16");
  uint64_t rw = MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_SHADER_WRITE;

  /* 1. a 2D array, RGBA8, 5 x 3, 2 layers, 2 levels: layers and levels apart */
  mtl_id a = texture(device, MTL_TEXTURE_TYPE_2D_ARRAY, MTL_PIXEL_FORMAT_RGBA8_UNORM, 5, 3, 1, 2, 2,
                     rw | MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW);
  CHECK(a && arrays() == 2 && surfaces() == 2,
        "2D array: a mipmapped array (2 levels, 2 surfaces): "
        "%d arrays, %d surfaces",
        arrays(), surfaces());
  uint8_t in[5 * 3 * 4], out[5 * 3 * 4], zero[sizeof out] = {0};
  for (unsigned i = 0; i < sizeof in; i++)
    in[i] = (uint8_t)(7 * i + 1);
  mtl_texture_replace_region(a, region(0, 0, 0, 5, 3, 1), 0, 1, in, 20, 0);
  memset(out, 0xEE, sizeof out);
  mtl_texture_get_bytes(a, out, 20, 0, region(0, 0, 0, 5, 3, 1), 0, 1);
  CHECK(!memcmp(in, out, sizeof in), "layer 1 level 0 reads back");
  mtl_texture_get_bytes(a, out, 20, 0, region(0, 0, 0, 5, 3, 1), 0, 0);
  CHECK(!memcmp(out, zero, sizeof out), "layer 0 untouched");
  /* level 1 is 2 x 1: a sub-region with a padded row pitch */
  uint8_t lv[2 * 4] = {1, 2, 3, 4, 5, 6, 7, 8}, lv_out[32] = {0};
  mtl_texture_replace_region(a, region(1, 0, 0, 1, 1, 1), 1, 1, lv + 4, 16, 0);
  mtl_texture_get_bytes(a, lv_out, 16, 0, region(0, 0, 0, 2, 1, 1), 1, 1);
  CHECK(!memcmp(lv_out, (uint8_t[8]){0, 0, 0, 0, 5, 6, 7, 8}, 8),
        "level 1 texel (1, 0) of layer 1");
  const struct texture_desc *ad = desc_of(a);
  CHECK(ad && ad->type == MTL_TEXTURE_TYPE_2D_ARRAY && ad->width == 5 && ad->height == 3 &&
            ad->slices == 2 && ad->levels == 2 && ad->bpp == 4 && ad->store == STORE_2D_LAYERED &&
            ad->slice0 == 0 && ad->surface[0] && ad->surface[1] && !ad->surface[2],
        "the 2D array's descriptor");

  /* 2. a view: layer 1, level 1, as a 2D RGBA8Uint texture (PixelFormatView usage) */
  mtl_id v = mtl_texture_new_view_levels_slices(a, MTL_PIXEL_FORMAT_RGBA8_UINT, MTL_TEXTURE_TYPE_2D,
                                                (mtl_range){1, 1}, (mtl_range){1, 1});
  CHECK(v && mtl_texture_width(v) == 2 && mtl_texture_height(v) == 1, "view of level 1");
  const struct texture_desc *vd = v ? desc_of(v) : NULL;
  CHECK(vd && vd->type == MTL_TEXTURE_TYPE_2D && vd->format == MTL_PIXEL_FORMAT_RGBA8_UINT &&
            vd->width == 2 && vd->levels == 1 && vd->slice0 == 1 && vd->store == STORE_2D_LAYERED &&
            vd->surface[0] == ad->surface[1],
        "the view's descriptor: the parent's level 1 surface, layer 1");
  memset(lv_out, 0, sizeof lv_out);
  if (v) mtl_texture_get_bytes(v, lv_out, 8, 0, region(0, 0, 0, 2, 1, 1), 0, 0);
  CHECK(!memcmp(lv_out, (uint8_t[8]){0, 0, 0, 0, 5, 6, 7, 8}, 8), "the view reads the parent's");
  CHECK(!mtl_texture_new_view_levels_slices(a, MTL_PIXEL_FORMAT_R32_FLOAT, MTL_TEXTURE_TYPE_2D,
                                            (mtl_range){0, 1}, (mtl_range){2, 1}),
        "a view past the slices is refused");
  CHECK(!mtl_texture_new_view_levels_slices(a, MTL_PIXEL_FORMAT_RG8_UNORM, MTL_TEXTURE_TYPE_2D,
                                            (mtl_range){0, 1}, (mtl_range){0, 1}),
        "a view of another texel size is refused");

  /* 3. a 3D texture, R32Float 3 x 2 x 4: z-slices with padded bytes per image */
  mtl_id t3 = texture(device, MTL_TEXTURE_TYPE_3D, MTL_PIXEL_FORMAT_R32_FLOAT, 3, 2, 4, 1, 1, rw);
  float vol[4][8], vol_out[4][6];
  for (int z = 0; z < 4; z++)
    for (int i = 0; i < 8; i++)
      vol[z][i] = (float)(100 * z + i);
  mtl_texture_replace_region(t3, region(0, 0, 0, 3, 2, 4), 0, 0, vol, 12, sizeof vol[0]);
  mtl_texture_get_bytes(t3, vol_out, 12, sizeof vol_out[0], region(0, 0, 0, 3, 2, 4), 0, 0);
  int bad = 0;
  for (int z = 0; z < 4; z++)
    for (int i = 0; i < 6; i++)
      bad += vol_out[z][i] != vol[z][i];
  CHECK(!bad && desc_of(t3)->store == STORE_3D && desc_of(t3)->depth == 4,
        "3D: 4 z-slices back (%d wrong)", bad);

  /* 4. blits in stream order: buffer -> 1D array layer 2 -> another 1D array -> buffer */
  mtl_id la =
      texture(device, MTL_TEXTURE_TYPE_1D_ARRAY, MTL_PIXEL_FORMAT_R16_SINT, 8, 1, 1, 3, 1, rw);
  mtl_id lb =
      texture(device, MTL_TEXTURE_TYPE_1D_ARRAY, MTL_PIXEL_FORMAT_R16_SINT, 8, 1, 1, 3, 1, rw);
  mtl_id src = mtl_new_buffer(device, 64, MTL_RESOURCE_STORAGE_MODE_SHARED);
  mtl_id dst = mtl_new_buffer(device, 64, MTL_RESOURCE_STORAGE_MODE_SHARED);
  int16_t *s16 = mtl_buffer_contents(src), *d16 = mtl_buffer_contents(dst);
  for (int i = 0; i < 32; i++)
    s16[i] = (int16_t)(-3 * i), d16[i] = 99;
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cb = mtl_queue_command_buffer(queue);
  mtl_id blit = mtl_command_buffer_blit_encoder(cb);
  mtl_blit_copy_buffer_to_texture(blit, src, 4, 16, 0, (mtl_size){6, 1, 1}, la, 2, 0,
                                  (mtl_origin){1, 0, 0});
  mtl_blit_copy_texture_to_texture(blit, la, 2, 0, (mtl_origin){0, 0, 0}, (mtl_size){8, 1, 1}, lb,
                                   0, 0, (mtl_origin){0, 0, 0});
  mtl_blit_copy_texture_to_buffer(blit, lb, 0, 0, (mtl_origin){0, 0, 0}, (mtl_size){8, 1, 1}, dst,
                                  16, 16, 0);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_commit(cb);
  mtl_command_buffer_wait_until_completed(cb);
  CHECK(mtl_command_buffer_status(cb) == 4, "blits completed (status %ld)",
        mtl_command_buffer_status(cb));
  int16_t want[8] = {0, -6, -9, -12, -15, -18, -21, 0};
  CHECK(!memcmp(d16 + 8, want, sizeof want) && d16[7] == 99 && d16[16] == 99,
        "buffer <- 1D array <- 1D array layer 2 <- buffer: %d %d %d %d %d %d %d %d", d16[8], d16[9],
        d16[10], d16[11], d16[12], d16[13], d16[14], d16[15]);
  CHECK(desc_of(la)->store == STORE_1D_LAYERED && desc_of(la)->slices == 3, "1D array descriptor");

  /* 5. an invalid blit (region past the texture) fails the command buffer with code 9 */
  cb = mtl_queue_command_buffer(queue);
  blit = mtl_command_buffer_blit_encoder(cb);
  mtl_blit_copy_texture_to_buffer(blit, lb, 0, 0, (mtl_origin){4, 0, 0}, (mtl_size){8, 1, 1}, dst,
                                  0, 16, 0);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_commit(cb);
  mtl_command_buffer_wait_until_completed(cb);
  mtl_id error = mtl_command_buffer_error(cb);
  CHECK(mtl_command_buffer_status(cb) == 5 && error && mtl_error_code(error) == 9,
        "an out-of-range blit: InvalidResource");

  /* 6. a texture over a buffer (linear): the buffer's bytes, its row pitch */
  mtl_id lin_buf = mtl_new_buffer(device, 4096, MTL_RESOURCE_STORAGE_MODE_SHARED);
  mtl_id ld = mtl_new_texture_descriptor();
  mtl_texture_descriptor_set_texture_type(ld, MTL_TEXTURE_TYPE_2D);
  mtl_texture_descriptor_set_pixel_format(ld, MTL_PIXEL_FORMAT_RG16_FLOAT);
  mtl_texture_descriptor_set_width(ld, 10);
  mtl_texture_descriptor_set_height(ld, 4);
  mtl_texture_descriptor_set_usage(ld, rw);
  mtl_id lt = mtl_buffer_new_texture(lin_buf, ld, 256, 64);
  const struct texture_desc *lt_d = lt ? desc_of(lt) : NULL;
  CHECK(lt_d && lt_d->store == STORE_LINEAR &&
            lt_d->linear == mtl_buffer_gpu_address(lin_buf) + 256 && lt_d->row_pitch == 64 &&
            lt_d->bpp == 4,
        "a texture over a buffer");
  uint32_t px = 0xA1B2C3D4, px_out = 0;
  if (lt) mtl_texture_replace_region(lt, region(3, 2, 0, 1, 1, 1), 0, 0, &px, 4, 0);
  CHECK(!memcmp((uint8_t *)mtl_buffer_contents(lin_buf) + 256 + 2 * 64 + 3 * 4, &px, 4),
        "its texel (3, 2) is the buffer's bytes");
  if (lt) mtl_texture_get_bytes(lt, &px_out, 4, 0, region(3, 2, 0, 1, 1, 1), 0, 0);
  CHECK(px_out == px, "read back");
  CHECK(!mtl_buffer_new_texture(lin_buf, ld, 8, 64), "an offset not 16-aligned is refused");
  mtl_release(ld);

  /* 7. a cube array: 2 cubes = 12 layers; samplers */
  mtl_id cube =
      texture(device, MTL_TEXTURE_TYPE_CUBE_ARRAY, MTL_PIXEL_FORMAT_R32_UINT, 4, 4, 1, 2, 3, rw);
  CHECK(cube && desc_of(cube)->slices == 12 && desc_of(cube)->levels == 3 &&
            desc_of(cube)->store == STORE_2D_LAYERED,
        "cube array: 12 layers, 3 levels");
  mtl_id sd = mtl_new_sampler_descriptor();
  mtl_sampler_descriptor_set_min_filter(sd, 1);
  mtl_sampler_descriptor_set_mip_filter(sd, 2);
  mtl_sampler_descriptor_set_s_address_mode(sd, 2);
  mtl_sampler_descriptor_set_t_address_mode(sd, 4);
  mtl_sampler_descriptor_set_r_address_mode(sd, 5);
  mtl_sampler_descriptor_set_border_color(sd, 2);
  mtl_sampler_descriptor_set_normalized_coordinates(sd, false);
  mtl_sampler_descriptor_set_lod_min_clamp(sd, 0.5f);
  mtl_sampler_descriptor_set_lod_max_clamp(sd, 2.5f);
  mtl_id plain = mtl_new_sampler_state(device, sd);
  CHECK(plain && mtl_sampler_gpu_resource_id(plain) == 0,
        "no gpuResourceID without supportArgumentBuffers");
  mtl_sampler_descriptor_set_support_argument_buffers(sd, true);
  mtl_id smp = mtl_new_sampler_state(device, sd);
  const struct sampler_desc *sdd =
      smp ? (const struct sampler_desc *)(uintptr_t)mtl_sampler_gpu_resource_id(smp) : NULL;
  CHECK(sdd && sdd->min_filter == 1 && sdd->mag_filter == 0 && sdd->mip_filter == 2 &&
            sdd->address[0] == 2 && sdd->address[1] == 4 && sdd->address[2] == 5 &&
            sdd->border_color == 2 && !sdd->normalized && sdd->lod_min == 0.5f &&
            sdd->lod_max == 2.5f && sdd->max_anisotropy == 1,
        "the sampler's descriptor");
  mtl_sampler_descriptor_set_lod_min_clamp(sd, 3.0f);
  CHECK(!mtl_new_sampler_state(device, sd), "lodMinClamp > lodMaxClamp is refused");
  mtl_release(sd);
  CHECK(!texture(device, MTL_TEXTURE_TYPE_CUBE, MTL_PIXEL_FORMAT_R32_UINT, 4, 5, 1, 1, 1, rw),
        "a cube that is not square is refused");

  /* 8. released: every CUDA array and surface object destroyed */
  mtl_id all[] = {v, a, t3, la, lb, lt, cube, plain, smp, src, dst, lin_buf, queue};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    mtl_release(all[i]);
  mtl_autorelease_pop(pool);
  /* the completion thread drops its command buffers (and their textures) soon after */
  for (int i = 0; i < 2000 && (arrays() || surfaces()); i++)
    usleep(1000);
  CHECK(arrays() == 0 && surfaces() == 0, "all released: %d arrays, %d surfaces left", arrays(),
        surfaces());
  printf("%s test_textures (%d failures)\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
