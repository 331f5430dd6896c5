// Anchor's device services (common/abi.h, runtime/core_services.c): every
// launch's context carries the CUDA addresses of the atomics' lock table and
// of the status block, inside the arena, distinct, zero when a kernel starts.
// Anchor-internal (anchor/device_context.h is the device library's view):
// nvcc has nothing to compare with, so this test is for anchorcc only.
#include <anchor/device_context.h>
#include <cstdio>

__global__ void probe(unsigned long long *out) {
  unsigned long long locks = __anchor_context_locks(), status = __anchor_context_status();
  out[0] = locks;
  out[1] = status;
  unsigned nonzero = 0;
  for (unsigned i = 0; i < 4096; i++) nonzero += ((const unsigned *)locks)[i] != 0;
  for (unsigned i = 0; i < 64; i++) nonzero += ((const unsigned *)status)[i] != 0;
  out[2] = nonzero;
}

int main() {
  unsigned long long *out, host[2][3];
  if (cudaMalloc(&out, 3 * sizeof *out) != cudaSuccess) return 1;
  for (int run = 0; run < 2; run++) {
    probe<<<1, 1>>>(out);
    if (cudaMemcpy(host[run], out, sizeof host[run], cudaMemcpyDeviceToHost) != cudaSuccess)
      return 1;
  }
  cudaPointerAttributes a, b;
  bool ok = cudaPointerGetAttributes(&a, (void *)host[0][0]) == cudaSuccess &&
            cudaPointerGetAttributes(&b, (void *)host[0][1]) == cudaSuccess;
  ok = ok && host[0][0] && host[0][1] && host[0][0] != host[0][1] && host[0][2] == 0 &&
       host[1][0] == host[0][0] && host[1][1] == host[0][1] && host[1][2] == 0 &&
       a.type == cudaMemoryTypeDevice && b.type == cudaMemoryTypeDevice;
  printf("locks %#llx status %#llx, nonzero words %llu/%llu\n%s\n", host[0][0], host[0][1],
         host[0][2], host[1][2], ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
