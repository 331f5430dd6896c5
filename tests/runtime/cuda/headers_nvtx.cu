// headers_nvtx.cu — NVTX ranges and marks around kernel launches: the C API
// of nvtx3/nvToolsExt.h (push/pop, start/end, marks, the Ex forms with event
// attributes, domains, registered strings, category and thread names, CUDA
// object names). The program prints what they return and checks the kernels'
// results. Built by anchorcc, libanchor is the NVTX tool (docs/runtime.md "NVTX"):
// push/pop print levels (push 0 1 0, pop 1 0 0); under nvcc with no profiler
// attached NVTX returns -2 for each. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <stdio.h>
#include <string.h>

__global__ void add(int *v, int k) { v[threadIdx.x] += k; }

int main() {
  int *dev = NULL, host[32];
  if (cudaMalloc(&dev, sizeof host) != cudaSuccess) return 1;
  cudaMemset(dev, 0, sizeof host);
  nvtxNameOsThreadA(0, "main");
  nvtxNameCategoryA(1, "compute");
  nvtxNameCudaDeviceA(0, "the device");
  nvtxDomainHandle_t domain = nvtxDomainCreateA("anchor.test");
  nvtxStringHandle_t label = nvtxDomainRegisterStringA(domain, "registered");
  nvtxEventAttributes_t attr;
  memset(&attr, 0, sizeof attr);
  attr.version = NVTX_VERSION;
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attr.colorType = NVTX_COLOR_ARGB;
  attr.color = 0xff00ff00u;
  attr.category = 1;
  attr.payloadType = NVTX_PAYLOAD_TYPE_INT32;
  attr.payload.iValue = 7;
  attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attr.message.ascii = "ex range";

  int push_outer = nvtxRangePushA("outer");
  nvtxMarkA("before the kernels");
  nvtxRangeId_t whole = nvtxRangeStartA("kernels");
  int push_inner = nvtxRangePushEx(&attr);
  add<<<1, 32>>>(dev, 3);
  int pop_inner = nvtxRangePop();
  nvtxMarkEx(&attr);
  attr.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  attr.message.registered = label;
  nvtxRangeId_t ex = nvtxRangeStartEx(&attr);
  int push_domain = nvtxDomainRangePushEx(domain, &attr);
  add<<<1, 32>>>(dev, 4);
  int pop_domain = nvtxDomainRangePop(domain);
  nvtxDomainMarkEx(domain, &attr);
  nvtxRangeEnd(ex);
  nvtxRangeEnd(whole);
  int pop_outer = nvtxRangePop();
  nvtxDomainDestroy(domain);

  cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(dev);
  int bad = 0;
  for (int i = 0; i < 32; i++) bad += host[i] != 7;
  printf("push %d %d %d, pop %d %d %d, attribute size %d\n", push_outer, push_inner, push_domain,
         pop_inner, pop_domain, pop_outer, (int)NVTX_EVENT_ATTRIB_STRUCT_SIZE);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
