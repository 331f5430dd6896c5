/* tests/runtime/test_managed.c — __managed__ variables in the runtime alone:
 * a module registered by hand with a variable registered as anchorcc's host
 * pass does (__cudaRegisterManagedVar with a slot and a shadow), no compiler.
 * Checks the shadow gets the initialiser at registration and the slot points
 * at it, the move into the arena when the device becomes ready (bytes the
 * host wrote first included), a kernel and the host sharing the storage, the
 * symbol API by shadow and by arena address, pointer attributes, and the way
 * back to the shadow at cudaDeviceReset. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "handmade.h"

void __cudaRegisterManagedVar(void **handle, void **slot, char *shadow, const char *device_name,
                              int ext, size_t size, int constant, int global);

/* m (global 0, an int) += 1 by one thread. */
static const char inc_msl[] = "#include <metal_stdlib>\nusing namespace metal;\n"
                              "kernel void inc(" ABI_ARGS ") {\n"
                              "  *reinterpret_cast<device int *>(anchor_ctx[" AC_ABI_STR(
                                  AC_ABI_CONTEXT_GLOBAL(0)) "] + anchor_ctx[0]) += 1;\n"
                                                            "}\n";

static const ac_kernel inc_kernels[] = {{"inc", 0, 0, false, 0, NULL, 0, 0, 0, false}};
static unsigned char m_init[4] = {41, 0, 0, 0};
static const ac_global inc_globals[] = {{"m", 0, 4, 4, false, m_init, 0, NULL}};
static void inc_stub(void) {}

static int m_shadow = -1; /* clang's shadow: the runtime fills it */
static int *m_slot;       /* what host code reads m through */

static void launch_inc(void) {
  CHECK_ERR(cudaLaunchKernel((const void *)inc_stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0, 0),
            cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
}

int main(void) {
  unsigned char *blob = make_module(inc_kernels, 1, inc_globals, 1, inc_msl);
  fatbin_wrapper wrapper = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(&wrapper);
  __cudaRegisterFunction(h, (const char *)inc_stub, (char *)"inc", "inc", -1, 0, 0, 0, 0, 0);
  __cudaRegisterManagedVar(h, (void **)&m_slot, (char *)&m_shadow, "m", 0, 4, 0, 0);
  __cudaRegisterFatBinaryEnd(h);

  /* Before the device: the shadow is the variable, with its initialiser. */
  CHECK(m_slot == &m_shadow);
  CHECK(m_shadow == 41);
  *m_slot = 50; /* a host write before any CUDA call */

  /* The device becomes ready: the variable moves into the arena. */
  void *p;
  CHECK_ERR(cudaMalloc(&p, 16), cudaSuccess);
  CHECK(m_slot != &m_shadow);
  CHECK(*m_slot == 50);
  struct cudaPointerAttributes a;
  CHECK_ERR(cudaPointerGetAttributes(&a, m_slot), cudaSuccess);
  CHECK(a.type == cudaMemoryTypeManaged && a.hostPointer == m_slot && a.devicePointer == m_slot);
  CHECK_ERR(cudaPointerGetAttributes(&a, &m_shadow), cudaSuccess);
  CHECK(a.type == cudaMemoryTypeUnregistered);

  /* One storage for the kernel and the host. */
  launch_inc();
  CHECK(*m_slot == 51);
  *m_slot = 60;
  launch_inc();
  CHECK(*m_slot == 61);

  /* The symbol API by the shadow (cudaMemcpyToSymbol(m) before the pass's
   * slot existed) and by the arena address (&m in rewritten host code). */
  int v = 0;
  CHECK_ERR(cudaMemcpyFromSymbol(&v, &m_shadow, 4, 0, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(v == 61);
  v = 70;
  CHECK_ERR(cudaMemcpyToSymbol(m_slot, &v, 4, 0, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK(*m_slot == 70);
  void *address = NULL;
  size_t size = 0;
  CHECK_ERR(cudaGetSymbolAddress(&address, m_slot), cudaSuccess);
  CHECK(address == m_slot);
  CHECK_ERR(cudaGetSymbolSize(&size, &m_shadow), cudaSuccess);
  CHECK(size == 4);
  CHECK_ERR(cudaGetSymbolAddress(&address, (char *)m_slot + 1), cudaErrorInvalidSymbol);
  cudaGetLastError();

  /* A reset brings the bytes back to the shadow; the next device has them. */
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  CHECK(m_slot == &m_shadow);
  CHECK(m_shadow == 70);
  launch_inc(); /* the launch readies the device again */
  CHECK(m_slot != &m_shadow);
  CHECK(*m_slot == 71);

  __cudaUnregisterFatBinary(h);
  CHECK(m_slot == &m_shadow);
  CHECK(m_shadow == 71);
  free(blob);

  /* A size other than the module's: the module is unusable, its launches
   * say so (the host and device compiles disagree). */
  static const ac_kernel other_kernels[] = {{"inc", 0, 0, false, 0, NULL, 0, 0, 0, false}};
  unsigned char *other = make_module(other_kernels, 1, inc_globals, 1, inc_msl);
  fatbin_wrapper other_wrapper = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, other, NULL};
  static long long wide_shadow;
  static long long *wide_slot;
  static void (*const other_stub)(void) = launch_inc; /* any distinct host address */
  void **h2 = __cudaRegisterFatBinary(&other_wrapper);
  __cudaRegisterFunction(h2, (const char *)other_stub, (char *)"inc", "inc", -1, 0, 0, 0, 0, 0);
  __cudaRegisterManagedVar(h2, (void **)&wide_slot, (char *)&wide_shadow, "m", 0, 8, 0, 0);
  CHECK_ERR(
      cudaLaunchKernel((const void *)other_stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0, 0),
      cudaErrorInvalidKernelImage);
  cudaGetLastError();
  __cudaUnregisterFatBinary(h2);
  free(other);
  return check_finish("test_managed");
}
