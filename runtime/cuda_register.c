/* runtime/cuda_register.c — the entry points of clang's generated host code
 * that register device modules: __cudaRegisterFatBinary with the embedded
 * device module, then __cudaRegisterFunction for each kernel and
 * __cudaRegisterVar for each __device__/__constant__ variable (and
 * __cudaRegisterManagedVar, from anchorcc's host pass, for __managed__
 * ones); the unregistration at exit. They run in constructors before main, so they
 * take the lock but open no autorelease pool: registration touches no Metal
 * (core_module.c records; loading waits for the first use). */
#include "core.h"

/* The handle clang keeps for a fat binary is the core's module. */
void **__cudaRegisterFatBinary(void *fat_cubin) {
  return (void **)rt_module_register(fat_cubin);
}

void __cudaRegisterFatBinaryEnd(void **handle) {
  (void)handle;
}

void __cudaUnregisterFatBinary(void **handle) {
  if (!handle) return;
  rt_lock();
  rt_module_unregister((rt_module *)handle);
  rt_unlock();
}

void __cudaRegisterFunction(void **handle, const char *host_function, char *device_function,
                            const char *device_name, int thread_limit, uint3 *tid, uint3 *bid,
                            dim3 *block_dim, dim3 *grid_dim, int *warp_size) {
  (void)device_function, (void)thread_limit, (void)tid, (void)bid, (void)block_dim, (void)grid_dim,
      (void)warp_size;
  if (!handle || !host_function) return;
  rt_lock();
  rt_module_add_kernel((rt_module *)handle, host_function, device_name);
  rt_unlock();
}

void __cudaRegisterVar(void **handle, char *host_variable, char *device_address,
                       const char *device_name, int ext, size_t size, int constant, int global) {
  (void)device_address, (void)ext, (void)size, (void)constant, (void)global;
  if (!handle || !host_variable) return;
  rt_lock();
  rt_module_add_variable((rt_module *)handle, host_variable, device_name);
  rt_unlock();
}

/* A __managed__ variable, as anchorcc's host pass registers it in place of
 * the __cudaRegisterVar call clang emitted (NVIDIA's argument list): slot is
 * the pointer every host use goes through, shadow the host storage clang
 * emitted for the variable (docs/design.md, "Managed variables"). */
void __cudaRegisterManagedVar(void **handle, void **slot, char *shadow, const char *device_name,
                              int ext, size_t size, int constant, int global) {
  (void)ext, (void)constant, (void)global;
  if (!handle || !slot || !shadow) return;
  rt_lock();
  rt_module_add_managed((rt_module *)handle, slot, shadow, device_name, size);
  rt_unlock();
}

/* Textures and surfaces are not supported: a module that declares one
 * cannot be used (its launches report why). */
static void rt_refuse(void **handle, const char *what, const char *name) {
  if (!handle) return;
  rt_lock();
  rt_module_refuse((rt_module *)handle, what, name);
  rt_unlock();
}

void __cudaRegisterTexture(void **handle, const void *host_variable, const void **device_address,
                           const char *device_name, int dim, int norm, int ext) {
  (void)host_variable, (void)device_address, (void)dim, (void)norm, (void)ext;
  rt_refuse(handle, "texture reference", device_name);
}

void __cudaRegisterSurface(void **handle, const void *host_variable, const void **device_address,
                           const char *device_name, int dim, int ext) {
  (void)host_variable, (void)device_address, (void)dim, (void)ext;
  rt_refuse(handle, "surface reference", device_name);
}
