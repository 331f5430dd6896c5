/* nvrtc_module.c — what nvrtcGetPTX/nvrtcGetCUBIN give is Anchor's device
 * module, the image cuModuleLoadData loads: it parses (common/module.h), and
 * holds the kernels a name expression instantiated, under their lowered
 * names, with their parameter layout, and the program's __device__
 * variables.  Anchor only (NVIDIA's image is PTX). */
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      failures++;                                                                                  \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

static const ac_kernel *find_kernel(const ac_module *m, const char *name) {
  for (size_t i = 0; i < m->kernel_count; i++)
    if (!strcmp(m->kernels[i].name, name)) return &m->kernels[i];
  return NULL;
}

int main(void) {
  const char *src = "template <typename T> __global__ void scale(T *p, T factor, int n) {\n"
                    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                    "  if (i < n) p[i] *= factor;\n"
                    "}\n"
                    "__device__ int counter;\n";
  nvrtcProgram p;
  CHECK(nvrtcCreateProgram(&p, src, "scale.cu", 0, NULL, NULL) == NVRTC_SUCCESS, "create");
  CHECK(nvrtcAddNameExpression(p, "&scale<float>") == NVRTC_SUCCESS, "add");
  CHECK(nvrtcAddNameExpression(p, "scale<double>") == NVRTC_SUCCESS, "add");
  nvrtcResult r = nvrtcCompileProgram(p, 0, NULL);
  CHECK(r == NVRTC_SUCCESS, "compile: %s", nvrtcGetErrorString(r));
  const char *f = NULL, *d = NULL;
  CHECK(nvrtcGetLoweredName(p, "&scale<float>", &f) == NVRTC_SUCCESS && f, "lowered");
  CHECK(nvrtcGetLoweredName(p, "scale<double>", &d) == NVRTC_SUCCESS && d, "lowered");
  CHECK(f && !strcmp(f, "_Z5scaleIfEvPT_S0_i"), "lowered %s", f ? f : "(null)");
  CHECK(d && !strcmp(d, "_Z5scaleIdEvPT_S0_i"), "lowered %s", d ? d : "(null)");

  size_t size = 0, cubin_size = 0;
  CHECK(nvrtcGetPTXSize(p, &size) == NVRTC_SUCCESS && size > AC_MODULE_HEADER_BYTES, "size");
  CHECK(nvrtcGetCUBINSize(p, &cubin_size) == NVRTC_SUCCESS && cubin_size == size, "CUBIN size");
  char *image = malloc(size), *cubin = malloc(cubin_size);
  CHECK(nvrtcGetPTX(p, image) == NVRTC_SUCCESS, "PTX");
  CHECK(nvrtcGetCUBIN(p, cubin) == NVRTC_SUCCESS && !memcmp(image, cubin, size), "CUBIN");
  ac_module m;
  char error[256];
  bool parsed = ac_module_parse(image, &m, error, sizeof error);
  CHECK(parsed, "ac_module_parse: %s", error);
  if (parsed) {
    const ac_kernel *kf = f ? find_kernel(&m, f) : NULL, *kd = d ? find_kernel(&m, d) : NULL;
    CHECK(kf && kd, "kernels %s and %s in the module", f, d);
    /* (float *p, float factor, int n): 8 + 4 + 4; (double *, double, int): 8 + 8 + 4. */
    CHECK(kf && kf->param_count == 3 && kf->params[1].offset == 8 && kf->params[1].size == 4 &&
              kf->params[2].offset == 12,
          "float kernel's parameters");
    CHECK(kd && kd->param_count == 3 && kd->params[1].size == 8 && kd->params[2].offset == 16,
          "double kernel's parameters");
    bool counter = false;
    for (size_t i = 0; i < m.global_count; i++)
      counter |= !strcmp(m.globals[i].name, "counter") && m.globals[i].size == 4;
    CHECK(counter, "__device__ int counter in the module");
    ac_module_free(&m);
  }
  free(image);
  free(cubin);
  nvrtcDestroyProgram(&p);
  printf("%s (%d failures)\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
