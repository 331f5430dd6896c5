/* plan.c — libcufft's handles and plans (docs/cufft.md, "Plans" and "Errors"):
 * cufftCreate/Destroy, the cufftPlan*, cufftMakePlan*, cufftEstimate* and
 * cufftGetSize* families, work areas, streams, versions and properties. Making a plan
 * checks its arguments with cuFFT's codes, chooses the passes of each dimension
 * (factor.c) and uploads their tables to the device. */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cufft_internal.h"

/* Handles index this table; a destroyed handle's slot stays NULL (handles are never
 * reused, so a stale handle is CUFFT_INVALID_PLAN rather than someone else's plan). */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static cufft_plan **table;
static int table_count, table_capacity;

cufft_plan *cufft_plan_lookup(cufftHandle handle) {
  pthread_mutex_lock(&table_lock);
  cufft_plan *plan = handle >= 0 && handle < table_count ? table[handle] : NULL;
  pthread_mutex_unlock(&table_lock);
  return plan;
}

cufftResult cufftCreate(cufftHandle *handle) {
  if (!handle) return CUFFT_INVALID_VALUE;
  cufft_plan *plan = calloc(1, sizeof *plan);
  if (!plan) return CUFFT_ALLOC_FAILED;
  plan->auto_allocate = 1;
  pthread_mutex_lock(&table_lock);
  if (table_count == table_capacity) {
    int capacity = table_capacity ? 2 * table_capacity : 64;
    cufft_plan **grown =
        table_capacity < INT_MAX / 2 ? realloc(table, (size_t)capacity * sizeof *grown) : NULL;
    if (!grown) {
      pthread_mutex_unlock(&table_lock);
      free(plan);
      return CUFFT_ALLOC_FAILED;
    }
    table = grown, table_capacity = capacity;
  }
  *handle = table_count;
  table[table_count++] = plan;
  pthread_mutex_unlock(&table_lock);
  return CUFFT_SUCCESS;
}

static void release_device_memory(cufft_plan *plan) {
  for (int d = 0; d < 3; d++) {
    cufft_length_plan *lp = &plan->dims[d];
    cudaFree(lp->twiddles);
    cudaFree(lp->m_twiddles);
    cudaFree(lp->chirp);
    cudaFree(lp->kernel_hat);
    lp->twiddles = lp->m_twiddles = lp->chirp = lp->kernel_hat = NULL;
  }
  cudaFree(plan->real_roots);
  plan->real_roots = NULL;
  if (plan->work_owned) cudaFree(plan->work);
  plan->work = NULL, plan->work_owned = 0;
}

/* CUFFT_PLAN_NULL, the handle of no plan, is destroyed successfully, as NVIDIA's cuFFT
 * answers (H100, cuFFT of CUDA 13.0, 2026-12-07); any other handle of no live plan is
 * CUFFT_INVALID_PLAN. */
cufftResult cufftDestroy(cufftHandle handle) {
  if (handle == CUFFT_PLAN_NULL) return CUFFT_SUCCESS;
  pthread_mutex_lock(&table_lock);
  cufft_plan *plan = handle >= 0 && handle < table_count ? table[handle] : NULL;
  if (plan) table[handle] = NULL;
  pthread_mutex_unlock(&table_lock);
  if (!plan) return CUFFT_INVALID_PLAN;
  release_device_memory(plan);
  free(plan);
  return CUFFT_SUCCESS;
}

/* ---- configurations ------------------------------------------------------------- */

static int type_precision(cufftType type) {
  switch (type) {
  case CUFFT_C2C:
  case CUFFT_R2C:
  case CUFFT_C2R: return 0;
  case CUFFT_Z2Z:
  case CUFFT_D2Z:
  case CUFFT_Z2D: return 1;
  }
  return -1;
}

/* An advanced layout from embed/stride/dist: dimension rank-1 steps by stride, each
 * earlier one by the embed sizes after it (embed[0] only bounds the data). */
static cufftResult advanced_layout(int rank, const long long *embed, long long stride,
                                   long long dist, long long batch, cufft_layout *layout) {
  /* A distance of 0 is refused even for one transform, as NVIDIA's (an H100). */
  (void)batch;
  if (stride < 1 || dist < 1) return CUFFT_INVALID_VALUE;
  for (int i = 1; i < rank; i++)
    if (embed[i] < 1) return CUFFT_INVALID_VALUE;
  memset(layout, 0, sizeof *layout);
  long long step = stride;
  for (int i = rank - 1; i >= 0; i--) {
    layout->s[3 - rank + i] = step;
    step *= embed[i];
  }
  layout->dist = dist;
  return CUFFT_SUCCESS;
}

/* Checks a plan's parameters with cuFFT's codes and fills plan's shape, type, layouts,
 * passes (no device memory) and work size. Rules, in order: type (INVALID_TYPE), rank
 * 1..3 (INVALID_VALUE), n[i] >= 1, batch >= 1 and a size whose bytes fit (INVALID_SIZE),
 * strides >= 1, distances >= 1 and embed sizes >= 1 when both embeds are given
 * (INVALID_VALUE). */
static cufftResult configure(cufft_plan *plan, int rank, const long long *n,
                             const long long *inembed, long long istride, long long idist,
                             const long long *onembed, long long ostride, long long odist,
                             cufftType type, long long batch) {
  int precision = type_precision(type);
  if (precision < 0) return CUFFT_INVALID_TYPE;
  if (rank < 1 || rank > 3) return CUFFT_INVALID_VALUE; /* as NVIDIA's (H100) */
  if (!n) return CUFFT_INVALID_VALUE;
  if (batch < 1) return CUFFT_INVALID_SIZE;
  size_t elem = precision ? 2 * sizeof(double) : 2 * sizeof(float);
  long long shape[3] = {1, 1, 1};
  size_t total = (size_t)batch;
  for (int i = 0; i < rank; i++) {
    if (n[i] < 1) return CUFFT_INVALID_SIZE;
    shape[3 - rank + i] = n[i];
    if ((size_t)n[i] > SIZE_MAX / elem / 4 / total) return CUFFT_INVALID_SIZE;
    total *= (size_t)n[i];
  }
  plan->type = type;
  plan->precision = precision;
  plan->rank = rank;
  memcpy(plan->n, shape, sizeof shape);
  plan->batch = batch;
  if (!inembed || !onembed) {
    plan->in.basic = plan->out.basic = 1;
  } else {
    cufftResult r = advanced_layout(rank, inembed, istride, idist, batch, &plan->in);
    if (r == CUFFT_SUCCESS) r = advanced_layout(rank, onembed, ostride, odist, batch, &plan->out);
    if (r != CUFFT_SUCCESS) return r;
  }
  /* Real transforms of even length along the last dimension transform its pairs of
   * reals as n[2] / 2 complex values (exec.c, "the half-length path"); odd lengths
   * transform two rows as one complex line of n[2] (the paired-row path). */
  plan->half_real = type != CUFFT_C2C && type != CUFFT_Z2Z && shape[2] % 2 == 0;
  for (int d = 0; d < 3; d++)
    cufft_factor_length(d == 2 && plan->half_real ? shape[2] / 2 : shape[d], &plan->dims[d]);
  cufft_work_parts parts = cufft_plan_work_parts(plan);
  plan->work_size = 2 * parts.compact_bytes + 2 * parts.bluestein_bytes;
  return CUFFT_SUCCESS;
}

cufft_work_parts cufft_plan_work_parts(const cufft_plan *plan) {
  size_t elem = plan->precision ? 2 * sizeof(double) : 2 * sizeof(float);
  size_t total = (size_t)plan->batch * (size_t)(plan->n[0] * plan->n[1] * plan->n[2]);
  cufft_work_parts parts = {total * elem, 0};
  for (int d = 0; d < 3; d++)
    if (plan->dims[d].bluestein) {
      size_t lines = total / (size_t)plan->n[d];
      size_t bytes = lines * (size_t)plan->dims[d].m * elem;
      if (bytes > parts.bluestein_bytes) parts.bluestein_bytes = bytes;
    }
  return parts;
}

/* ---- device tables ----------------------------------------------------------------- */

/* cudaMalloc for the library's own memory. A failure is the library's to report (as a
 * cufftResult), so it leaves the runtime's last error as it found it: NVIDIA's cuFFT,
 * failing a plan larger than the device, leaves cudaGetLastError at cudaSuccess (H100,
 * cuFFT of CUDA 13.0, 2026-12-07). An error the program had not yet read stays. */
int cufft_device_alloc(void **device, size_t bytes) {
  cudaError_t pending = cudaPeekAtLastError();
  if (cudaMalloc(device, bytes) == cudaSuccess) return 1;
  if (pending == cudaSuccess) (void)cudaGetLastError();
  *device = NULL;
  return 0;
}

/* Copies count complex values made by fill (or Bluestein's kernel) to new device memory. */
static cufftResult upload(int precision, long long count, void (*fill)(long long, int, void *),
                          long long n_for_kernel, void **device) {
  size_t bytes = (size_t)count * (precision ? 2 * sizeof(double) : 2 * sizeof(float));
  void *host = malloc(bytes);
  if (!host) return CUFFT_ALLOC_FAILED;
  if (fill) {
    fill(count, precision, host);
  } else if (cufft_fill_bluestein_kernel(n_for_kernel, count, precision, host) != 0) {
    free(host);
    return CUFFT_ALLOC_FAILED;
  }
  cufftResult r = CUFFT_SUCCESS;
  if (!cufft_device_alloc(device, bytes))
    r = CUFFT_ALLOC_FAILED;
  else if (cudaMemcpy(*device, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess)
    r = CUFFT_INTERNAL_ERROR;
  free(host);
  return r;
}

static cufftResult upload_tables(cufft_plan *plan) {
  if (plan->half_real) {
    cufftResult r = upload(plan->precision, plan->n[2], cufft_fill_roots, 0, &plan->real_roots);
    if (r != CUFFT_SUCCESS) return r;
  }
  for (int d = 0; d < 3; d++) {
    cufft_length_plan *lp = &plan->dims[d];
    cufftResult r = CUFFT_SUCCESS;
    if (lp->n == 1) continue;
    if (!lp->bluestein) {
      r = upload(plan->precision, lp->n, cufft_fill_roots, 0, &lp->twiddles);
    } else {
      r = upload(plan->precision, lp->m, cufft_fill_roots, 0, &lp->m_twiddles);
      if (r == CUFFT_SUCCESS) r = upload(plan->precision, lp->n, cufft_fill_chirp, 0, &lp->chirp);
      if (r == CUFFT_SUCCESS) r = upload(plan->precision, lp->m, NULL, lp->n, &lp->kernel_hat);
    }
    if (r != CUFFT_SUCCESS) return r;
  }
  return CUFFT_SUCCESS;
}

/* ---- making plans ------------------------------------------------------------------ */

cufftResult cufftMakePlanMany64(cufftHandle handle, int rank, long long *n, long long *inembed,
                                long long istride, long long idist, long long *onembed,
                                long long ostride, long long odist, cufftType type, long long batch,
                                size_t *workSize) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan || plan->made) return CUFFT_INVALID_PLAN;
  cufftResult r =
      configure(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
  /* The work area first: a size too large for the device fails at once, before the
   * tables (whose host computation grows with n) are computed. */
  if (r == CUFFT_SUCCESS && plan->auto_allocate) {
    if (!cufft_device_alloc(&plan->work, plan->work_size))
      r = CUFFT_ALLOC_FAILED;
    else
      plan->work_owned = 1;
  }
  if (r == CUFFT_SUCCESS) r = upload_tables(plan);
  if (r != CUFFT_SUCCESS) {
    release_device_memory(plan);
    return r;
  }
  plan->made = 1;
  if (workSize) *workSize = plan->work_size;
  return CUFFT_SUCCESS;
}

/* The int forms widen their arrays (rank is checked first so the copies stay in bounds). */
static void widen(int rank, const int *from, long long *to) {
  for (int i = 0; i < rank; i++)
    to[i] = from[i];
}

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist, cufftType type,
                              int batch, size_t *workSize) {
  long long n64[3], in64[3], on64[3];
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  if (rank < 1 || rank > 3) return CUFFT_INVALID_VALUE; /* as NVIDIA's (H100) */
  if (!n) return CUFFT_INVALID_VALUE;
  widen(rank, n, n64);
  if (inembed) widen(rank, inembed, in64);
  if (onembed) widen(rank, onembed, on64);
  return cufftMakePlanMany64(plan, rank, n64, inembed ? in64 : NULL, istride, idist,
                             onembed ? on64 : NULL, ostride, odist, type, batch, workSize);
}

cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize) {
  long long n[1] = {nx};
  return cufftMakePlanMany64(plan, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}

cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize) {
  long long n[2] = {nx, ny};
  return cufftMakePlanMany64(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                            size_t *workSize) {
  long long n[3] = {nx, ny, nz};
  return cufftMakePlanMany64(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

/* cufftPlan*: a new handle made at once; on failure the handle is destroyed again. */
static cufftResult create_and_make(cufftHandle *plan, int rank, long long *n, long long *inembed,
                                   long long istride, long long idist, long long *onembed,
                                   long long ostride, long long odist, cufftType type,
                                   long long batch) {
  if (!plan) return CUFFT_INVALID_VALUE;
  cufftHandle handle;
  cufftResult r = cufftCreate(&handle);
  if (r != CUFFT_SUCCESS) return r;
  r = cufftMakePlanMany64(handle, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                          batch, NULL);
  if (r != CUFFT_SUCCESS) {
    cufftDestroy(handle);
    return r;
  }
  *plan = handle;
  return CUFFT_SUCCESS;
}

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch) {
  long long n[1] = {nx};
  return create_and_make(plan, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch);
}

cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type) {
  long long n[2] = {nx, ny};
  return create_and_make(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type) {
  long long n[3] = {nx, ny, nz};
  return create_and_make(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                          int *onembed, int ostride, int odist, cufftType type, int batch) {
  long long n64[3], in64[3], on64[3];
  if (!plan) return CUFFT_INVALID_VALUE;
  if (rank < 1 || rank > 3) return CUFFT_INVALID_VALUE; /* as NVIDIA's (H100) */
  if (!n) return CUFFT_INVALID_VALUE;
  widen(rank, n, n64);
  if (inembed) widen(rank, inembed, in64);
  if (onembed) widen(rank, onembed, on64);
  return create_and_make(plan, rank, n64, inembed ? in64 : NULL, istride, idist,
                         onembed ? on64 : NULL, ostride, odist, type, batch);
}

/* ---- sizes --------------------------------------------------------------------------- */

static cufftResult estimate(int rank, const long long *n, const long long *inembed,
                            long long istride, long long idist, const long long *onembed,
                            long long ostride, long long odist, cufftType type, long long batch,
                            size_t *workSize) {
  if (!workSize) return CUFFT_INVALID_VALUE;
  cufft_plan scratch;
  memset(&scratch, 0, sizeof scratch);
  cufftResult r =
      configure(&scratch, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
  if (r == CUFFT_SUCCESS) *workSize = scratch.work_size;
  return r;
}

cufftResult cufftGetSizeMany64(cufftHandle plan, int rank, long long *n, long long *inembed,
                               long long istride, long long idist, long long *onembed,
                               long long ostride, long long odist, cufftType type, long long batch,
                               size_t *workSize) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return estimate(rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
}

cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed,
                              int ostride, int odist, cufftType type, int batch, size_t *workSize) {
  long long n64[3], in64[3], on64[3];
  if (rank < 1 || rank > 3) return CUFFT_INVALID_VALUE; /* as NVIDIA's (H100) */
  if (!n) return CUFFT_INVALID_VALUE;
  widen(rank, n, n64);
  if (inembed) widen(rank, inembed, in64);
  if (onembed) widen(rank, onembed, on64);
  return estimate(rank, n64, inembed ? in64 : NULL, istride, idist, onembed ? on64 : NULL, ostride,
                  odist, type, batch, workSize);
}

cufftResult cufftGetSizeMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                             int idist, int *onembed, int ostride, int odist, cufftType type,
                             int batch, size_t *workArea) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return cufftEstimateMany(rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                           workArea);
}

cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize) {
  long long n[1] = {nx};
  return estimate(1, n, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}

cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize) {
  long long n[2] = {nx, ny};
  return estimate(2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize) {
  long long n[3] = {nx, ny, nz};
  return estimate(3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftGetSize1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return cufftEstimate1d(nx, type, batch, workSize);
}

cufftResult cufftGetSize2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return cufftEstimate2d(nx, ny, type, workSize);
}

cufftResult cufftGetSize3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                           size_t *workSize) {
  if (!cufft_plan_lookup(plan)) return CUFFT_INVALID_PLAN;
  return cufftEstimate3d(nx, ny, nz, type, workSize);
}

cufftResult cufftGetSize(cufftHandle handle, size_t *workSize) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan || !plan->made) return CUFFT_INVALID_PLAN;
  if (!workSize) return CUFFT_INVALID_VALUE;
  *workSize = plan->work_size;
  return CUFFT_SUCCESS;
}

/* ---- work area, stream ------------------------------------------------------------- */

/* The caller's work area replaces the plan's; one the plan allocated is freed. */
cufftResult cufftSetWorkArea(cufftHandle handle, void *workArea) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  if (plan->work_owned && plan->work != workArea) cudaFree(plan->work);
  plan->work = workArea;
  plan->work_owned = 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftSetAutoAllocation(cufftHandle handle, int autoAllocate) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  plan->auto_allocate = autoAllocate != 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftSetStream(cufftHandle handle, cudaStream_t stream) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  plan->stream = stream;
  return CUFFT_SUCCESS;
}

/* ---- versions and properties ------------------------------------------------------- */

cufftResult cufftGetVersion(int *version) {
  if (!version) return CUFFT_INVALID_VALUE;
  *version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType type, int *value) {
  if (!value) return CUFFT_INVALID_VALUE;
  switch (type) {
  case MAJOR_VERSION: *value = CUFFT_VER_MAJOR; return CUFFT_SUCCESS;
  case MINOR_VERSION: *value = CUFFT_VER_MINOR; return CUFFT_SUCCESS;
  case PATCH_LEVEL: *value = CUFFT_VER_PATCH; return CUFFT_SUCCESS;
  }
  return CUFFT_INVALID_TYPE;
}

/* The JIT properties steer NVIDIA's kernel generation; Anchor's kernels are compiled
 * ahead of time, so the values are kept and returned but change nothing. */
static int property_index(cufftProperty property) {
  return property == NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT            ? 0
         : property == NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS ? 1
                                                                      : -1;
}

cufftResult cufftSetPlanPropertyInt64(cufftHandle handle, cufftProperty property,
                                      const long long int inputValueInt) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  int i = property_index(property);
  if (i < 0 || inputValueInt < 0) return CUFFT_INVALID_VALUE;
  plan->properties[i] = inputValueInt;
  plan->property_set[i] = 1;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetPlanPropertyInt64(cufftHandle handle, cufftProperty property,
                                      long long int *returnPtrValue) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  int i = property_index(property);
  if (i < 0 || !returnPtrValue) return CUFFT_INVALID_VALUE;
  *returnPtrValue = plan->property_set[i] ? plan->properties[i] : 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftResetPlanProperty(cufftHandle handle, cufftProperty property) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  int i = property_index(property);
  if (i < 0) return CUFFT_INVALID_VALUE;
  plan->property_set[i] = 0;
  plan->properties[i] = 0;
  return CUFFT_SUCCESS;
}
