/* runtime/core_services.c — the device services: memory in the arena that
 * device code reaches through words of the context buffer (common/abi.h,
 * AC_ABI_CONTEXT_LOCKS ...), for what Metal has no instruction or API for:
 *
 *   the lock table   AC_ABI_LOCK_WORDS 32-bit words, zero, that the device
 *                    library's atomics without a Metal instruction (64-bit,
 *                    ...) take by address and always give back before the
 *                    kernel ends;
 *   the status block AC_ABI_STATUS_BYTES zeroed bytes where device code
 *                    reports to the host.
 *
 * Both are created on the first launch of a device generation (a reset
 * frees the arena and with it the services) and stay for the generation's
 * life. */
#include <assert.h>
#include <string.h>

#include "core_mtl.h"

/* A zeroed service block of size bytes; its CUDA address into *address. */
static cudaError_t rt_service_block(rt_device *s, size_t size, uint64_t *address) {
  void *p = NULL;
  cudaError_t e = rt_memory_alloc(s, size, RT_BLOCK_SERVICE, &p);
  if (e != cudaSuccess) return e;
  memset(p, 0, size); /* no kernel has seen it yet */
  *address = (uint64_t)(uintptr_t)p;
  return cudaSuccess;
}

cudaError_t rt_services_context(rt_device *s, uint64_t *context) {
  assert(rt_lock_held() && s && context);
  cudaError_t e = cudaSuccess;
  if (!s->services[AC_ABI_CONTEXT_LOCKS])
    e = rt_service_block(s, AC_ABI_LOCK_WORDS * sizeof(uint32_t),
                         &s->services[AC_ABI_CONTEXT_LOCKS]);
  if (e == cudaSuccess && !s->services[AC_ABI_CONTEXT_STATUS])
    e = rt_service_block(s, AC_ABI_STATUS_BYTES, &s->services[AC_ABI_CONTEXT_STATUS]);
  if (e != cudaSuccess) return e;
  for (unsigned w = AC_ABI_CONTEXT_DELTA + 1; w < AC_ABI_CONTEXT_FIXED; w++)
    context[w] = s->services[w];
  return cudaSuccess;
}
