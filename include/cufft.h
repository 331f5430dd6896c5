/* cufft.h — cuFFT, the CUDA fast Fourier transform library (-lcufft), for host code
 * in C and C++: plans (cufftHandle), the transform types C2C/R2C/C2R and
 * Z2Z/D2Z/Z2D, forward (-1) and inverse (+1) transforms, unnormalised as cuFFT's,
 * batched and strided layouts of rank 1 to 3 (docs/cufft.md).
 *
 * Written for Anchor from NVIDIA's cuFFT documentation (the API reference of cuFFT
 * 12, CUDA 13). The numeric values of the enumerations are NVIDIA's: they are the
 * ABI (a program stores them, a library built against NVIDIA's header passes them).
 * Anchor's implementation is libraries/cufft/ (libcufft.so.12). */
#ifndef ANCHOR_CUFFT_H
#define ANCHOR_CUFFT_H
#pragma GCC system_header
#define _CUFFT_H_ /* NVIDIA's guard, so code testing for it sees cuFFT */

#include <stddef.h>

#include "cuComplex.h"
#include "driver_types.h"
#include "library_types.h"

#if defined(__GNUC__)
#define CUFFTAPI __attribute__((visibility("default")))
#else
#define CUFFTAPI
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version this header describes: cuFFT 12.0 (CUDA 13.0). cufftGetVersion
 * returns CUFFT_VERSION; cufftGetProperty the three parts. */
#define CUFFT_VER_MAJOR 12
#define CUFFT_VER_MINOR 0
#define CUFFT_VER_PATCH 0
#define CUFFT_VER_BUILD 0
#define CUFFT_VERSION (CUFFT_VER_MAJOR * 1000 + CUFFT_VER_MINOR * 100 + CUFFT_VER_PATCH)

/* What every cuFFT call returns. Codes 0xA, 0xC and 0xF belonged to cuFFT 11
 * (CUFFT_INCOMPLETE_PARAMETER_LIST, CUFFT_PARSE_ERROR, CUFFT_LICENSE_ERROR);
 * cuFFT 12 dropped them and no call returns them, but older programs name them. */
typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0x0,
  CUFFT_INVALID_PLAN = 0x1,   /* not a handle of a live plan, or a plan not yet made */
  CUFFT_ALLOC_FAILED = 0x2,   /* device or host memory ran out */
  CUFFT_INVALID_TYPE = 0x3,   /* not one of the cufftType values */
  CUFFT_INVALID_VALUE = 0x4,  /* a bad pointer, direction or other argument */
  CUFFT_INTERNAL_ERROR = 0x5, /* the CUDA runtime failed under the library */
  CUFFT_EXEC_FAILED = 0x6,    /* a kernel could not be launched */
  CUFFT_SETUP_FAILED = 0x7,   /* the library could not be initialised */
  CUFFT_INVALID_SIZE = 0x8,   /* a size, rank or batch cuFFT does not accept */
  CUFFT_UNALIGNED_DATA = 0x9,
  CUFFT_INCOMPLETE_PARAMETER_LIST = 0xA,
  CUFFT_INVALID_DEVICE = 0xB,
  CUFFT_PARSE_ERROR = 0xC,
  CUFFT_NO_WORKSPACE = 0xD, /* automatic allocation is off and no work area was set */
  CUFFT_NOT_IMPLEMENTED = 0xE,
  CUFFT_LICENSE_ERROR = 0xF,
  CUFFT_NOT_SUPPORTED = 0x10,
  CUFFT_MISSING_DEPENDENCY = 0x11,
  CUFFT_NVRTC_FAILURE = 0x12,
  CUFFT_NVJITLINK_FAILURE = 0x13,
  CUFFT_NVSHMEM_FAILURE = 0x14
} cufftResult;
#define MAX_CUFFT_ERROR 0x15

/* Data: real values and interleaved complex values (real part first). */
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

/* Directions: the sign of the exponent. Neither direction scales the result, so an
 * inverse transform of a forward transform is the input times the number of points. */
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

/* Transform types: R = float, C = float complex, D = double, Z = double complex. */
typedef enum cufftType_t {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69
} cufftType;

/* Data layouts: FFTW's padding for real transforms is the only one cuFFT 12 has. */
typedef enum cufftCompatibility_t { CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01 } cufftCompatibility;
#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING

#define MAX_SHIM_RANK 3

/* A plan: a small integer naming the library's plan object. */
typedef int cufftHandle;
#define CUFFT_PLAN_NULL -1 /* a handle no plan has; cufftDestroy of it succeeds */

/* Plan properties of cuFFT 12 (JIT tuning on NVIDIA's side). */
typedef enum cufftProperty_t {
  NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT = 0x1,
  NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS = 0x2
} cufftProperty;

/* ---- making plans ----------------------------------------------------------------
 * cufftPlan* create a handle and make the plan in one call; cufftCreate followed by
 * cufftMakePlan* does the same in two, with cufftSetAutoAllocation/cufftSetWorkArea
 * in between. Sizes are in elements: n[0] is the slowest-varying dimension, n[rank-1]
 * the fastest. For R2C/D2Z the output's last dimension is n[rank-1]/2+1 complex
 * values, for C2R/Z2D the input's. *workSize receives the bytes of work area the plan
 * needs. A handle owns device memory until cufftDestroy. */
cufftResult CUFFTAPI cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult CUFFTAPI cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult CUFFTAPI cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
/* The advanced layout: element x of batch b (rank 3: x, y, z) is at
 * b * idist + ((x * inembed[1] + y) * inembed[2] + z) * istride in the input, and
 * likewise with onembed/ostride/odist in the output. inembed or onembed NULL: both
 * layouts are the basic (contiguous) one and the strides and distances are ignored. */
cufftResult CUFFTAPI cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                                   int idist, int *onembed, int ostride, int odist, cufftType type,
                                   int batch);
cufftResult CUFFTAPI cufftCreate(cufftHandle *handle);
cufftResult CUFFTAPI cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch,
                                     size_t *workSize);
cufftResult CUFFTAPI cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type,
                                     size_t *workSize);
cufftResult CUFFTAPI cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                                     size_t *workSize);
cufftResult CUFFTAPI cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed,
                                       int istride, int idist, int *onembed, int ostride, int odist,
                                       cufftType type, int batch, size_t *workSize);
cufftResult CUFFTAPI cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n,
                                         long long int *inembed, long long int istride,
                                         long long int idist, long long int *onembed,
                                         long long int ostride, long long int odist, cufftType type,
                                         long long int batch, size_t *workSize);

/* ---- work area sizes -------------------------------------------------------------
 * cufftEstimate* need no handle; cufftGetSize* the sizes a plan of those parameters
 * would need; cufftGetSize what a made plan needs. */
cufftResult CUFFTAPI cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize);
cufftResult CUFFTAPI cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist,
                                       int *onembed, int ostride, int odist, cufftType type,
                                       int batch, size_t *workSize);
cufftResult CUFFTAPI cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch,
                                    size_t *workSize);
cufftResult CUFFTAPI cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type,
                                    size_t *workSize);
cufftResult CUFFTAPI cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type,
                                    size_t *workSize);
cufftResult CUFFTAPI cufftGetSizeMany(cufftHandle handle, int rank, int *n, int *inembed,
                                      int istride, int idist, int *onembed, int ostride, int odist,
                                      cufftType type, int batch, size_t *workArea);
cufftResult CUFFTAPI cufftGetSizeMany64(cufftHandle plan, int rank, long long int *n,
                                        long long int *inembed, long long int istride,
                                        long long int idist, long long int *onembed,
                                        long long int ostride, long long int odist, cufftType type,
                                        long long int batch, size_t *workSize);
cufftResult CUFFTAPI cufftGetSize(cufftHandle handle, size_t *workSize);

/* Work area: with automatic allocation (the default) the plan allocates its own when
 * made; cufftSetAutoAllocation(plan, 0) before making it leaves that to the caller,
 * who passes device memory of cufftGetSize bytes to cufftSetWorkArea before executing. */
cufftResult CUFFTAPI cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult CUFFTAPI cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);

/* ---- executing -------------------------------------------------------------------
 * Asynchronous in the plan's stream (cufftSetStream; the legacy default stream
 * otherwise). idata == odata is an in-place transform. C2R/Z2D may overwrite their
 * input, as cuFFT's do. */
cufftResult CUFFTAPI cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata,
                                  int direction);
cufftResult CUFFTAPI cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
cufftResult CUFFTAPI cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
cufftResult CUFFTAPI cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata,
                                  cufftDoubleComplex *odata, int direction);
cufftResult CUFFTAPI cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata,
                                  cufftDoubleComplex *odata);
cufftResult CUFFTAPI cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata,
                                  cufftDoubleReal *odata);

/* ---- utilities -------------------------------------------------------------------- */
cufftResult CUFFTAPI cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult CUFFTAPI cufftDestroy(cufftHandle plan);
cufftResult CUFFTAPI cufftGetVersion(int *version);
cufftResult CUFFTAPI cufftGetProperty(libraryPropertyType type, int *value);
cufftResult CUFFTAPI cufftSetPlanPropertyInt64(cufftHandle plan, cufftProperty property,
                                               const long long int inputValueInt);
cufftResult CUFFTAPI cufftGetPlanPropertyInt64(cufftHandle plan, cufftProperty property,
                                               long long int *returnPtrValue);
cufftResult CUFFTAPI cufftResetPlanProperty(cufftHandle plan, cufftProperty property);

#ifdef __cplusplus
}
#endif

#endif
