/* tests/runtime/test_driver.c — the driver-API subset of include/cuda.h:
 * cuInit gating, device enumeration and queries agreeing with the runtime
 * API, error names/texts, and that driver calls leave the runtime's last
 * error alone. */
#include <string.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"

#define CHECK_CU(got, want) CHECK((got) == (want))

int main(void) {
  int count = -1, version = 0, value = 0;
  CUdevice dev = -1;
  char name[256];
  size_t bytes = 0;
  CHECK_CU(cuDriverGetVersion(&version), CUDA_SUCCESS); /* allowed before cuInit */
  CHECK(version == 13000);
  CHECK_CU(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
  CHECK_CU(cuInit(1), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGetCount(&count), CUDA_SUCCESS);
  CHECK(count == 1);
  CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  CHECK(dev == 0);
  CHECK_CU(cuDeviceGet(&dev, 1), CUDA_ERROR_INVALID_DEVICE);
  cudaSetDevice(42); /* a runtime error the driver calls must not disturb */
  CHECK_CU(cuDeviceGetName(name, sizeof name, 0), CUDA_SUCCESS);
  struct cudaDeviceProp p;
  CHECK_CU(cuDeviceGetName(name, sizeof name, 7), CUDA_ERROR_INVALID_DEVICE);
  CHECK_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  CHECK(strcmp(name, p.name) == 0);
  CHECK_CU(cuDeviceGetName(name, 4, 0), CUDA_SUCCESS);
  CHECK(strlen(name) == 3);
  CHECK_CU(cuDeviceTotalMem(&bytes, 0), CUDA_SUCCESS);
  CHECK(bytes == p.totalGlobalMem);
  CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0), CUDA_SUCCESS);
  CHECK(value == 32);
  CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 0), CUDA_SUCCESS);
  CHECK(value == 64);
  CHECK_CU(cuDeviceGetAttribute(&value, (CUdevice_attribute)9999, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDevice); /* still cudaSetDevice(42)'s */
  const char *s = NULL;
  CHECK_CU(cuGetErrorName(CUDA_ERROR_INVALID_DEVICE, &s), CUDA_SUCCESS);
  CHECK(s && strcmp(s, "CUDA_ERROR_INVALID_DEVICE") == 0);
  CHECK_CU(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &s), CUDA_SUCCESS);
  CHECK(s && strcmp(s, "invalid argument") == 0);
  CHECK_CU(cuGetErrorString((CUresult)4242, &s), CUDA_ERROR_INVALID_VALUE);
  CHECK(s == NULL);
  /* NULL outputs: CUDA crashes (H200, CUDA 13: driver_error_names), Anchor refuses */
  CHECK_CU(cuGetErrorName(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGetErrorString(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
  /* a driver-only code has the driver's text (the H200's), not its name */
  CHECK_CU(cuGetErrorString(CUDA_ERROR_CONTEXT_ALREADY_CURRENT, &s), CUDA_SUCCESS);
  CHECK(s && strcmp(s, "context already current") == 0);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);

  /* CU_EVENT_RECORD_EXTERNAL / CU_EVENT_WAIT_EXTERNAL: CUDA_ERROR_ILLEGAL_STATE
   * outside capture (as cudaEventRecordExternal on the H200), a node inside a
   * (runtime-begun) capture. */
  CUcontext ctx = NULL;
  CUstream st = NULL;
  CUevent ev = NULL;
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
  CHECK_CU(cuStreamCreate(&st, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  CHECK_CU(cuEventRecordWithFlags(ev, st, CU_EVENT_RECORD_EXTERNAL), CUDA_ERROR_ILLEGAL_STATE);
  CHECK_CU(cuStreamWaitEvent(st, ev, CU_EVENT_WAIT_EXTERNAL), CUDA_ERROR_ILLEGAL_STATE);
  CHECK_CU(cuEventRecordWithFlags(ev, st, 0x80), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuEventRecordWithFlags(NULL, st, CU_EVENT_RECORD_EXTERNAL), CUDA_ERROR_INVALID_HANDLE);
  CHECK_ERR(cudaStreamBeginCapture((cudaStream_t)st, cudaStreamCaptureModeGlobal), cudaSuccess);
  CHECK_CU(cuStreamWaitEvent(st, ev, CU_EVENT_WAIT_EXTERNAL), CUDA_SUCCESS);
  CHECK_CU(cuEventRecordWithFlags(ev, st, CU_EVENT_RECORD_EXTERNAL), CUDA_SUCCESS);
  cudaGraph_t graph = NULL;
  CHECK_ERR(cudaStreamEndCapture((cudaStream_t)st, &graph), cudaSuccess);
  cudaGraphNode_t nodes[4];
  size_t nodes_count = 4;
  CHECK_ERR(cudaGraphGetNodes(graph, nodes, &nodes_count), cudaSuccess);
  CHECK(nodes_count == 2);
  enum cudaGraphNodeType types[2] = {cudaGraphNodeTypeEmpty, cudaGraphNodeTypeEmpty};
  for (size_t i = 0; i < nodes_count && i < 2; i++)
    CHECK_ERR(cudaGraphNodeGetType(nodes[i], &types[i]), cudaSuccess);
  CHECK((types[0] == cudaGraphNodeTypeWaitEvent && types[1] == cudaGraphNodeTypeEventRecord) ||
        (types[1] == cudaGraphNodeTypeWaitEvent && types[0] == cudaGraphNodeTypeEventRecord));
  CHECK_ERR(cudaGraphDestroy(graph), cudaSuccess);
  CHECK_CU(cuEventDestroy(ev), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(st), CUDA_SUCCESS);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  return check_finish("test_driver");
}
