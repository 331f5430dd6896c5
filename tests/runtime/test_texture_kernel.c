/* tests/runtime/test_texture_kernel.c — texture and surface objects used by kernels,
 * without the compiler: hand-written MSL (tests/runtime/handmade.h) reads a texture
 * object's record through its handle as docs/textures.md's argument-buffer struct, reads
 * and samples the texture, and writes an array through a surface object's record. What it
 * checks of the runtime: the records' resource IDs name the right textures and samplers,
 * every live texture is resident for the dispatch (softmetal fails a kernel that touches
 * one that is not), texels copied in before the launch are seen by it, and texels a kernel
 * writes are seen by a copy after it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "handmade.h"

enum { W = 8, H = 4 };

/* read(x, y) and sample at the texel's centre (pixel coordinates, nearest) of a float
 * texture: out[2i], out[2i + 1] for thread i; out[2 W H] the record's kind. */
static const char msl[] =
    "#include <metal_stdlib>\nusing namespace metal;\n"
    "struct rec_f { texture2d<float> t; sampler s; uint kind, format, flags, texel_bytes; };\n"
    "struct rec_w { texture2d<float, access::write> t; ulong s; uint kind, format, flags, "
    "texel_bytes; };\n"
    "kernel void fetch(" ABI_ARGS ") {\n"
    "  ulong h = *(constant ulong *)(anchor_params + 0);\n"
    "  ulong out = *(constant ulong *)(anchor_params + 8);\n"
    "  device const rec_f &r = *reinterpret_cast<device const rec_f *>(h + anchor_ctx[0]);\n"
    "  uint i = anchor_tid.x, x = i % 8, y = i / 8;\n"
    "  device float *o = reinterpret_cast<device float *>(out + anchor_ctx[0]);\n"
    "  o[2 * i] = r.t.read(uint2(x, y)).x;\n"
    "  o[2 * i + 1] = r.t.sample(r.s, float2(x + 0.5f, y + 0.5f)).x;\n"
    "  if (i == 0) o[64] = (float)r.kind;\n"
    "}\n"
    "kernel void paint(" ABI_ARGS ") {\n"
    "  ulong h = *(constant ulong *)(anchor_params + 0);\n"
    "  device const rec_w &r = *reinterpret_cast<device const rec_w *>(h + anchor_ctx[0]);\n"
    "  uint i = anchor_tid.x;\n"
    "  r.t.write(float4(100.0f + i, 0, 0, 0), uint2(i % 8, i / 8));\n"
    "}\n";

static ac_param fetch_params[] = {{0, 8}, {8, 8}};
static ac_param paint_params[] = {{0, 8}};
static const ac_kernel kernels[] = {{"fetch", 16, 0, false, 2, fetch_params, 0, 0, 0, false},
                                    {"paint", 8, 0, false, 1, paint_params, 0, 0, 0, false}};
static void fetch_stub(void) {}
static void paint_stub(void) {}

int main(void) {
  unsigned char *blob = make_module(kernels, 2, NULL, 0, msl);
  fatbin_wrapper wrapper = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(&wrapper);
  __cudaRegisterFunction(h, (const char *)fetch_stub, (char *)"fetch", "fetch", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFunction(h, (const char *)paint_stub, (char *)"paint", "paint", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFatBinaryEnd(h);

  struct cudaChannelFormatDesc d = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t a, s, other;
  CHECK_ERR(cudaMallocArray(&a, &d, W, H, 0), cudaSuccess);
  CHECK_ERR(cudaMallocArray(&s, &d, W, H, cudaArraySurfaceLoadStore), cudaSuccess);
  CHECK_ERR(cudaMallocArray(&other, &d, W, H, 0), cudaSuccess); /* live, unused: resident too */
  float host[W * H];
  for (int i = 0; i < W * H; i++)
    host[i] = 0.25f * i - 3;
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, W * 4, W * 4, H, cudaMemcpyHostToDevice),
            cudaSuccess);
  struct cudaResourceDesc res = {.resType = cudaResourceTypeArray};
  res.res.array.array = a;
  struct cudaTextureDesc t = {0};
  cudaTextureObject_t tex = 0;
  CHECK_ERR(cudaCreateTextureObject(&tex, &res, &t, NULL), cudaSuccess);
  float *out = NULL;
  CHECK_ERR(cudaMallocManaged((void **)&out, (2 * W * H + 1) * sizeof *out, cudaMemAttachGlobal),
            cudaSuccess);
  void *args[] = {&tex, &out};
  CHECK_ERR(
      cudaLaunchKernel((const void *)fetch_stub, (dim3){1, 1, 1}, (dim3){W * H, 1, 1}, args, 0, 0),
      cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  int bad = 0;
  for (int i = 0; i < W * H; i++)
    bad += out[2 * i] != host[i] || out[2 * i + 1] != host[i];
  CHECK(bad == 0);
  CHECK(out[2 * W * H] == 2.0f);

  /* a surface object written by a kernel, read back by a copy */
  res.res.array.array = s;
  cudaSurfaceObject_t surf = 0;
  CHECK_ERR(cudaCreateSurfaceObject(&surf, &res), cudaSuccess);
  void *paint_args[] = {&surf};
  CHECK_ERR(cudaLaunchKernel((const void *)paint_stub, (dim3){1, 1, 1}, (dim3){W * H, 1, 1},
                             paint_args, 0, 0),
            cudaSuccess);
  float back[W * H];
  CHECK_ERR(cudaMemcpy2DFromArray(back, W * 4, s, 0, 0, W * 4, H, cudaMemcpyDeviceToHost),
            cudaSuccess);
  bad = 0;
  for (int i = 0; i < W * H; i++)
    bad += back[i] != 100.0f + i;
  CHECK(bad == 0);

  /* an array updated between launches: the next launch reads the new texels */
  for (int i = 0; i < W * H; i++)
    host[i] = -host[i];
  CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, host, W * 4, W * 4, H, cudaMemcpyHostToDevice),
            cudaSuccess);
  CHECK_ERR(
      cudaLaunchKernel((const void *)fetch_stub, (dim3){1, 1, 1}, (dim3){W * H, 1, 1}, args, 0, 0),
      cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  bad = 0;
  for (int i = 0; i < W * H; i++)
    bad += out[2 * i] != host[i];
  CHECK(bad == 0);

  /* the array freed while its texture object lives: the program's error in CUDA; here the
   * object's view keeps the texels, and nothing crashes */
  CHECK_ERR(cudaFreeArray(a), cudaSuccess);
  CHECK_ERR(
      cudaLaunchKernel((const void *)fetch_stub, (dim3){1, 1, 1}, (dim3){W * H, 1, 1}, args, 0, 0),
      cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  CHECK(out[0] == host[0]);
  CHECK_ERR(cudaDestroySurfaceObject(surf), cudaSuccess);
  CHECK_ERR(cudaDestroyTextureObject(tex), cudaSuccess);
  CHECK_ERR(cudaFreeArray(s), cudaSuccess);
  CHECK_ERR(cudaFreeArray(other), cudaSuccess);
  CHECK_ERR(cudaFree(out), cudaSuccess);
  __cudaUnregisterFatBinary(h);
  free(blob);
  return check_finish("test_texture_kernel");
}
