/* xt.c — cuFFT's extended API (cufftXt.h, docs/cufft.md "cufftXt") on one GPU: plans by
 * CUDA data types (float and double; half and bfloat16 are refused), one execution call
 * for every type, memory descriptors of one GPU (the current one), work areas. More than
 * one GPU and callbacks are refused with CUFFT_NOT_SUPPORTED: Anchor drives one Metal
 * device, and its kernels are compiled ahead of time, so a user's device function cannot
 * be called from them. Everything here is the plain cuFFT API underneath (plan.c,
 * exec.c). */
#include <stdlib.h>
#include <string.h>

#include <cufftXt.h>

#include "cufft_internal.h"

/* ---- plans by data type -------------------------------------------------------- */

/* The cufftType of (input, output, execution) types, as cuFFT's documentation tables
 * them; 0 with *result set for what is refused. */
static cufftType xt_type(cudaDataType in, cudaDataType out, cudaDataType exec,
                         cufftResult *result) {
  static const struct {
    cudaDataType in, out, exec;
    cufftType type;
  } table[] = {
      {CUDA_C_32F, CUDA_C_32F, CUDA_C_32F, CUFFT_C2C},
      {CUDA_R_32F, CUDA_C_32F, CUDA_C_32F, CUFFT_R2C},
      {CUDA_C_32F, CUDA_R_32F, CUDA_C_32F, CUFFT_C2R},
      {CUDA_C_64F, CUDA_C_64F, CUDA_C_64F, CUFFT_Z2Z},
      {CUDA_R_64F, CUDA_C_64F, CUDA_C_64F, CUFFT_D2Z},
      {CUDA_C_64F, CUDA_R_64F, CUDA_C_64F, CUFFT_Z2D},
  };
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (table[i].in == in && table[i].out == out && table[i].exec == exec) return table[i].type;
  /* cuFFT's half and bfloat16 transforms (power-of-two sizes) have no Anchor kernels. */
  int narrow = in == CUDA_R_16F || in == CUDA_C_16F || in == CUDA_R_16BF || in == CUDA_C_16BF ||
               exec == CUDA_C_16F || exec == CUDA_C_16BF;
  *result = narrow ? CUFFT_NOT_SUPPORTED : CUFFT_INVALID_TYPE;
  return (cufftType)0;
}

cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long *n, long long *inembed,
                                long long istride, long long idist, cudaDataType inputtype,
                                long long *onembed, long long ostride, long long odist,
                                cudaDataType outputtype, long long batch, size_t *workSize,
                                cudaDataType executiontype) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  cufftResult r = CUFFT_SUCCESS;
  cufftType type = xt_type(inputtype, outputtype, executiontype, &r);
  if (r != CUFFT_SUCCESS) return r;
  return cufftMakePlanMany64(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                             batch, workSize);
}

cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long *n, long long *inembed,
                               long long istride, long long idist, cudaDataType inputtype,
                               long long *onembed, long long ostride, long long odist,
                               cudaDataType outputtype, long long batch, size_t *workSize,
                               cudaDataType executiontype) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  cufftResult r = CUFFT_SUCCESS;
  cufftType type = xt_type(inputtype, outputtype, executiontype, &r);
  if (r != CUFFT_SUCCESS) return r;
  return cufftGetSizeMany64(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                            batch, workSize);
}

/* ---- executing ------------------------------------------------------------------- */

/* The plan's type decides the call; the direction matters to C2C/Z2Z only (cuFFT
 * documents it ignored for real transforms). */
cufftResult cufftXtExec(cufftHandle handle, void *input, void *output, int direction) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan || !plan->made) return CUFFT_INVALID_PLAN;
  switch (plan->type) {
  case CUFFT_C2C: return cufftExecC2C(handle, input, output, direction);
  case CUFFT_Z2Z: return cufftExecZ2Z(handle, input, output, direction);
  case CUFFT_R2C: return cufftExecR2C(handle, input, output);
  case CUFFT_D2Z: return cufftExecD2Z(handle, input, output);
  case CUFFT_C2R: return cufftExecC2R(handle, input, output);
  case CUFFT_Z2D: return cufftExecZ2D(handle, input, output);
  }
  return CUFFT_INTERNAL_ERROR;
}

/* The device memory of a one-GPU descriptor, or NULL when it is not one. */
static void *descriptor_data(const cudaLibXtDesc *d) {
  if (!d || d->library != LIB_FORMAT_CUFFT || !d->descriptor || d->descriptor->nGPUs != 1)
    return NULL;
  return d->descriptor->data[0];
}

cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output,
                                  int direction) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  void *in = descriptor_data(input), *out = descriptor_data(output);
  if (!in || !out) return CUFFT_INVALID_VALUE;
  return cufftXtExec(plan, in, out, direction);
}

/* The typed forms: the plan's type must match, as for cufftExec*. */
#define DESCRIPTOR_EXEC(name, call, ...)                                                           \
  cufftResult name(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output __VA_ARGS__) {    \
    if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;                                       \
    void *in = descriptor_data(input), *out = descriptor_data(output);                             \
    if (!in || !out) return CUFFT_INVALID_VALUE;                                                   \
    return call;                                                                                   \
  }
DESCRIPTOR_EXEC(cufftXtExecDescriptorC2C, cufftExecC2C(plan, in, out, direction), , int direction)
DESCRIPTOR_EXEC(cufftXtExecDescriptorZ2Z, cufftExecZ2Z(plan, in, out, direction), , int direction)
DESCRIPTOR_EXEC(cufftXtExecDescriptorR2C, cufftExecR2C(plan, in, out))
DESCRIPTOR_EXEC(cufftXtExecDescriptorD2Z, cufftExecD2Z(plan, in, out))
DESCRIPTOR_EXEC(cufftXtExecDescriptorC2R, cufftExecC2R(plan, in, out))
DESCRIPTOR_EXEC(cufftXtExecDescriptorZ2D, cufftExecZ2D(plan, in, out))

/* ---- GPUs ------------------------------------------------------------------------ */

/* cufftXtSetGPUs names the GPUs of a multi-GPU plan: fewer than two is
 * CUFFT_INVALID_VALUE, as NVIDIA's cuFFT answers for one GPU (H100, cuFFT of CUDA 13.0,
 * 2026-12-07; its documentation describes plans of two GPUs or more). An index the system lacks, or
 * more GPUs than it has: CUFFT_INVALID_DEVICE; two or more that exist: refused, as Anchor
 * drives one device. After the plan is made: CUFFT_INVALID_PLAN (cuFFT documents the
 * call between cufftCreate and cufftMakePlan*). */
cufftResult cufftXtSetGPUs(cufftHandle handle, int nGPUs, int *whichGPUs) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan || plan->made) return CUFFT_INVALID_PLAN;
  if (nGPUs < 2 || !whichGPUs) return CUFFT_INVALID_VALUE;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) return CUFFT_INVALID_DEVICE;
  if (nGPUs > count) return CUFFT_INVALID_DEVICE;
  for (int i = 0; i < nGPUs; i++)
    if (whichGPUs[i] < 0 || whichGPUs[i] >= count) return CUFFT_INVALID_DEVICE;
  return CUFFT_NOT_SUPPORTED;
}

/* ---- memory descriptors ----------------------------------------------------------- */

/* Elements of one side's data as the plan lays it out: the basic layout (real rows
 * padded when in_place) or the advanced one's span. */
static long long side_elements(const cufft_plan *plan, const cufft_layout *l, int half,
                               int padded) {
  const long long *n = plan->n;
  long long last = half ? n[2] / 2 + 1 : padded ? 2 * (n[2] / 2 + 1) : n[2];
  if (l->basic) return plan->batch * n[0] * n[1] * last;
  long long span = (plan->batch - 1) * l->dist + 1;
  long long shape[3] = {n[0], n[1], last};
  for (int d = 0; d < 3; d++)
    span += (shape[d] - 1) * l->s[d];
  return span;
}

/* Bytes of the plan's input (which 0) or output (1) data; in place, the larger of the two
 * (real rows padded). */
static size_t data_bytes(const cufft_plan *plan, int which, int in_place) {
  size_t complex_size = plan->precision ? 16 : 8, real_size = complex_size / 2;
  int real_in = plan->type == CUFFT_R2C || plan->type == CUFFT_D2Z;
  int real_out = plan->type == CUFFT_C2R || plan->type == CUFFT_Z2D;
  size_t in = (size_t)side_elements(plan, &plan->in, real_out, in_place) *
              (real_in ? real_size : complex_size);
  size_t out = (size_t)side_elements(plan, &plan->out, real_in, in_place) *
               (real_out ? real_size : complex_size);
  if (in_place) return in > out ? in : out;
  return which ? out : in;
}

/* A descriptor of the current GPU holding the plan's data, usable by the calls below.
 * NVIDIA's cuFFT, for a plan of one GPU, returns CUFFT_SUCCESS with a descriptor of one
 * GPU and size[0] = 0, on which cufftXtExecDescriptorC2C answers CUFFT_EXEC_FAILED
 * (H100, cuFFT of CUDA 13.0, 2026-12-07): its descriptors serve multi-GPU plans only.
 * Anchor's one-GPU descriptors work instead (docs/cufft.md "cufftXt"). */
cufftResult cufftXtMalloc(cufftHandle handle, cudaLibXtDesc **descriptor, cufftXtSubFormat format) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan || !plan->made) return CUFFT_INVALID_PLAN;
  if (!descriptor) return CUFFT_INVALID_VALUE;
  size_t bytes;
  switch (format) {
  case CUFFT_XT_FORMAT_INPUT: bytes = data_bytes(plan, 0, 0); break;
  case CUFFT_XT_FORMAT_OUTPUT: bytes = data_bytes(plan, 1, 0); break;
  case CUFFT_XT_FORMAT_INPLACE:
  case CUFFT_XT_FORMAT_INPLACE_SHUFFLED: bytes = data_bytes(plan, 0, 1); break;
  case CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED:
  case CUFFT_XT_FORMAT_DISTRIBUTED_INPUT:
  case CUFFT_XT_FORMAT_DISTRIBUTED_OUTPUT: return CUFFT_NOT_SUPPORTED; /* multi-GPU orders */
  default: return CUFFT_INVALID_VALUE;
  }
  cudaLibXtDesc *lib = calloc(1, sizeof *lib);
  cudaXtDesc *xt = calloc(1, sizeof *xt);
  void *data = NULL;
  if (!lib || !xt || !cufft_device_alloc(&data, bytes)) {
    free(lib), free(xt);
    return CUFFT_ALLOC_FAILED;
  }
  int device = 0;
  cudaGetDevice(&device);
  xt->version = CUDA_XT_DESCRIPTOR_VERSION;
  xt->nGPUs = 1;
  xt->GPUs[0] = device;
  xt->data[0] = data;
  xt->size[0] = bytes;
  lib->version = CUDA_XT_DESCRIPTOR_VERSION;
  lib->descriptor = xt;
  lib->library = LIB_FORMAT_CUFFT;
  lib->subFormat = format;
  *descriptor = lib;
  return CUFFT_SUCCESS;
}

cufftResult cufftXtFree(cudaLibXtDesc *descriptor) {
  if (!descriptor_data(descriptor)) return CUFFT_INVALID_VALUE;
  cudaError_t e = cudaFree(descriptor->descriptor->data[0]);
  free(descriptor->descriptor);
  free(descriptor);
  return e == cudaSuccess ? CUFFT_SUCCESS : CUFFT_INTERNAL_ERROR;
}

/* Copies a descriptor's bytes (its size[0]) from or to host memory, or between two
 * descriptors (the source's size, at most the destination's). Synchronous. */
cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer, void *srcPointer,
                          cufftXtCopyType type) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  if (!dstPointer || !srcPointer) return CUFFT_INVALID_VALUE;
  cudaLibXtDesc *dst = dstPointer, *src = srcPointer;
  cudaError_t e;
  switch (type) {
  case CUFFT_COPY_HOST_TO_DEVICE:
    if (!descriptor_data(dst)) return CUFFT_INVALID_VALUE;
    e = cudaMemcpy(dst->descriptor->data[0], srcPointer, dst->descriptor->size[0],
                   cudaMemcpyHostToDevice);
    break;
  case CUFFT_COPY_DEVICE_TO_HOST:
    if (!descriptor_data(src)) return CUFFT_INVALID_VALUE;
    e = cudaMemcpy(dstPointer, src->descriptor->data[0], src->descriptor->size[0],
                   cudaMemcpyDeviceToHost);
    break;
  case CUFFT_COPY_DEVICE_TO_DEVICE:
    if (!descriptor_data(dst) || !descriptor_data(src) ||
        src->descriptor->size[0] > dst->descriptor->size[0])
      return CUFFT_INVALID_VALUE;
    e = cudaMemcpy(dst->descriptor->data[0], src->descriptor->data[0], src->descriptor->size[0],
                   cudaMemcpyDeviceToDevice);
    break;
  default: return CUFFT_INVALID_VALUE;
  }
  return e == cudaSuccess ? CUFFT_SUCCESS : CUFFT_INTERNAL_ERROR;
}

/* ---- work areas --------------------------------------------------------------------- */

/* One work area per GPU of the plan: one here. */
cufftResult cufftXtSetWorkArea(cufftHandle plan, void **workArea) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  if (!workArea) return CUFFT_INVALID_VALUE;
  return cufftSetWorkArea(plan, workArea[0]);
}

/* Anchor's plans have one work size, both the minimal and the performing one; a user
 * limit (CUFFT_WORKAREA_USER) is refused rather than promised and exceeded. */
cufftResult cufftXtSetWorkAreaPolicy(cufftHandle handle, cufftXtWorkAreaPolicy policy,
                                     size_t *workSize) {
  (void)workSize;
  if (!cufft_plan_lookup(handle)) return CUFFT_INVALID_PLAN;
  if (policy == CUFFT_WORKAREA_MINIMAL || policy == CUFFT_WORKAREA_PERFORMANCE)
    return CUFFT_SUCCESS;
  return policy == CUFFT_WORKAREA_USER ? CUFFT_NOT_SUPPORTED : CUFFT_INVALID_VALUE;
}

/* The factors of a multi-GPU 1-D plan: Anchor makes none. */
cufftResult cufftXtQueryPlan(cufftHandle plan, void *queryStruct, cufftXtQueryType queryType) {
  (void)queryStruct, (void)queryType;
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return CUFFT_NOT_SUPPORTED;
}

/* ---- callbacks ---------------------------------------------------------------------
 * A cuFFT callback is a __device__ function of the user's program that NVIDIA's kernels
 * call on each load or store. Anchor's kernels are MSL compiled with the library, and
 * Metal has no function pointers across libraries, so no callback can be set. */
cufftResult cufftXtSetCallback(cufftHandle plan, void **callback_routine,
                               cufftXtCallbackType cbType, void **caller_info) {
  (void)callback_routine, (void)cbType, (void)caller_info;
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtSetJITCallback(cufftHandle plan, const char *lto_callback_symbol_name,
                                  const void *lto_callback_fatbin, size_t lto_callback_fatbin_size,
                                  cufftXtCallbackType type, void **caller_info) {
  (void)lto_callback_symbol_name, (void)lto_callback_fatbin, (void)lto_callback_fatbin_size;
  (void)type, (void)caller_info;
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtSetCallbackSharedSize(cufftHandle plan, cufftXtCallbackType cbType,
                                         size_t sharedSize) {
  (void)cbType, (void)sharedSize;
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return CUFFT_NOT_SUPPORTED;
}

/* No callback is ever set, so there is none to clear. */
cufftResult cufftXtClearCallback(cufftHandle plan, cufftXtCallbackType cbType) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return cbType >= CUFFT_CB_LD_COMPLEX && cbType < CUFFT_CB_UNDEFINED ? CUFFT_SUCCESS
                                                                      : CUFFT_INVALID_VALUE;
}
