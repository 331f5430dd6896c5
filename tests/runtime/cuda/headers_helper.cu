// headers_helper.cu — a program written the way NVIDIA's cuda-samples
// helper_cuda.h is (our own code, the same pattern): the error-checking
// helpers exist only when NVIDIA's header guards (__DRIVER_TYPES_H__,
// __CUDA_RUNTIME_H__, __cuda_cuda_h__) say the headers were included; the
// SM-version-to-cores table, cudaDeviceProp fields, cudaGetErrorName,
// cuGetErrorName, CUDART_CB callbacks and the version macros are used as
// the samples use them; make_cudaExtent & co. and cudaCreateChannelDesc. Compiles with nvcc as well; prints PASS or FAIL.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#if !defined(CUDART_VERSION) || CUDART_VERSION < 12000
#error "CUDART_VERSION is missing or too old"
#endif
#if !defined(CUDA_VERSION) || CUDA_VERSION < 12000
#error "CUDA_VERSION is missing or too old"
#endif
#if !defined(__CUDACC_VER_MAJOR__) || !defined(__CUDACC_VER_MINOR__) ||                             \
    !defined(__CUDACC_VER_BUILD__) || __CUDACC_VER_MAJOR__ < 12
#error "the __CUDACC_VER_*__ macros are missing"
#endif
#if !defined(__CUDA_RUNTIME_API_H__) || !defined(__VECTOR_TYPES_H__)
#error "NVIDIA's guard macros are missing"
#endif

#ifdef __cuda_cuda_h__
static const char *errorEnumName(CUresult error) {
  const char *name = NULL;
  cuGetErrorName(error, &name);
  return name ? name : "<unknown>";
}
#endif

#ifdef __DRIVER_TYPES_H__
static const char *errorEnumName(cudaError_t error) { return cudaGetErrorName(error); }

template <typename T> void check(T result, const char *what, const char *file, int line) {
  if (result) {
    printf("FAIL: %s:%d: %s returned %d (%s)\n", file, line, what, (int)result,
           errorEnumName(result));
    exit(1);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

// Cores per multiprocessor by compute capability, as the samples tabulate it.
inline int convertSMVer2Cores(int major, int minor) {
  struct SMtoCores {
    int sm, cores;
  } table[] = {{0x30, 192}, {0x50, 128}, {0x60, 64},  {0x61, 128}, {0x70, 64},  {0x75, 64},
               {0x80, 64},  {0x86, 128}, {0x89, 128}, {0x90, 128}, {0xa0, 128}, {-1, -1}};
  for (int i = 0; table[i].sm != -1; i++)
    if (table[i].sm == ((major << 4) + minor)) return table[i].cores;
  return table[sizeof table / sizeof table[0] - 2].cores;
}

#ifdef __CUDA_RUNTIME_H__
inline int findCudaDevice() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    printf("FAIL: no device\n");
    exit(1);
  }
  int dev = 0;
  checkCudaErrors(cudaSetDevice(dev));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  printf("device %d: \"%s\" compute capability %d.%d, %d multiprocessors x %d cores\n", dev,
         prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         convertSMVer2Cores(prop.major, prop.minor));
  return dev;
}
#endif

__global__ void scale(float *v, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= k;
}

static int callbacks;
static void CUDART_CB onHost(void *userData) { *(int *)userData += 1; }
static void CUDART_CB onStream(cudaStream_t, cudaError_t status, void *userData) {
  if (status == cudaSuccess) *(int *)userData += 10;
}

int main() {
  findCudaDevice();
  const int n = 1000;
  float host[n];
  for (int i = 0; i < n; i++) host[i] = (float)i;
  float *dev = NULL;
  checkCudaErrors(cudaMalloc(&dev, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(dev, host, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  scale<<<(n + 127) / 128, 128, 0, stream>>>(dev, 2.5f, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaLaunchHostFunc(stream, onHost, &callbacks));
  checkCudaErrors(cudaStreamAddCallback(stream, onStream, &callbacks, 0));
  checkCudaErrors(cudaStreamSynchronize(stream));
  checkCudaErrors(cudaMemcpy(host, dev, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) bad += host[i] != 2.5f * (float)i;
  // The driver API's error names, through the guard-dependent helper.
  int version = 0;
  checkCudaErrors(cuInit(0));
  checkCudaErrors(cuDriverGetVersion(&version));
  printf("CUDART_VERSION %d, CUDA_VERSION %d, driver %d, nvcc %d.%d, %s / %s\n", CUDART_VERSION,
         CUDA_VERSION, version, __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__,
         errorEnumName(cudaErrorInvalidValue), errorEnumName(CUDA_ERROR_INVALID_VALUE));
  // The structure constructors and channel descriptors of the runtime headers.
  cudaExtent extent = make_cudaExtent(4, 5, 6);
  cudaPitchedPtr pitched = make_cudaPitchedPtr(dev, 512, 400, 3);
  cudaPos pos = make_cudaPos(1, 2, 3);
  cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
  cudaChannelFormatDesc u2 = cudaCreateChannelDesc<uchar2>();
  cudaChannelFormatDesc c = cudaCreateChannelDesc(8, 8, 0, 0, cudaChannelFormatKindUnsigned);
  printf("channel descriptors: float4 %d %d %d %d kind %d, uchar2 %d %d %d %d kind %d\n", f4.x,
         f4.y, f4.z, f4.w, (int)f4.f, u2.x, u2.y, u2.z, u2.w, (int)u2.f);
  bad += extent.width != 4 || extent.height != 5 || extent.depth != 6;
  bad += pitched.ptr != dev || pitched.pitch != 512 || pitched.xsize != 400 || pitched.ysize != 3;
  bad += pos.x != 1 || pos.y != 2 || pos.z != 3;
  bad += f4.x != 32 || f4.y != 32 || f4.z != 32 || f4.w != 32 || f4.f != cudaChannelFormatKindFloat;
  bad += u2.x != 8 || u2.y != 8 || u2.z != 0 || u2.w != 0 || u2.f != cudaChannelFormatKindUnsigned;
  bad += c.x != 8 || c.y != 8 || c.z != 0 || c.f != cudaChannelFormatKindUnsigned;
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(dev));
  if (bad || callbacks != 11 || version < 12000) {
    printf("FAIL: %d wrong values, callbacks %d (expected 11)\n", bad, callbacks);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
