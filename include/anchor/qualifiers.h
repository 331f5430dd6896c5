/* anchor/qualifiers.h — CUDA's execution-space and memory-space keywords.
 *
 * In a CUDA compilation (clang defines __CUDA__ for -x cuda, host and device
 * sides alike) they are the clang attributes they stand for. In a plain C or
 * C++ compilation (a .c/.cpp file that includes cuda_runtime.h to call
 * cudaMalloc and friends) they expand to nothing, as with nvcc's headers
 * seen by a host compiler, so such files compile warning-free. Included by
 * every other Anchor header. */
#ifndef ANCHOR_QUALIFIERS_H
#define ANCHOR_QUALIFIERS_H
#pragma GCC system_header
/* The include guard of NVIDIA's crt/host_defines.h, where nvcc's headers define
 * these keywords. Libraries test it to know the keywords are CUDA's own: Thrust's
 * guarded_cuda_runtime_api.h #undefs __host__ and __device__ unless it is set. */
#define __HOST_DEFINES_H__

#ifdef __CUDA__
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang honours the managed attribute only for HIP; in CUDA mode it would be
 * ignored. A __managed__ variable is a __device__ variable marked for
 * anchorcc's host pass (docs/design.md, "Managed variables"), which routes
 * every host use of its shadow through a pointer to the managed storage.
 * nvcc writes `__device__ __managed__` and `__managed__` alike. */
#ifdef __CLANG_RDC__
/* -rdc=true (clang's -fgpu-rdc): an `extern __managed__` declaration must be
 * known as managed in a unit that does not define it, and clang keeps a
 * section, unlike an annotation, on declarations; the host pass reads it.
 * The section is where the linker puts data anyway (.data.* on ELF; Mach-O
 * names a segment and a section). */
#ifdef __APPLE__
#define __ANCHOR_MANAGED_SECTION "__DATA,__anchor_managed"
#else
#define __ANCHOR_MANAGED_SECTION ".data.anchor.managed"
#endif
#define __managed__                                                                                \
  __attribute__((device, annotate("anchor.managed"), section(__ANCHOR_MANAGED_SECTION)))
#else
#define __managed__ __attribute__((device, annotate("anchor.managed")))
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#define __inline_hint__ __attribute__((nv_inline_hint))
#ifdef __cplusplus
/* __cluster_dims__(x, y, z): Metal has no thread-block clusters (cudaDevAttrClusterLaunch
 * is 0). A cluster of one block is what every launch is (cooperative_groups.h's
 * this_cluster() answers for it), so __cluster_dims__(1, 1, 1) — and the empty form,
 * whose size the launch gives — compiles to a marker; a larger cluster is a compile-time
 * error at the kernel (the static_assert's instantiation note names the user's line). */
template <unsigned __anchor_x = 1, unsigned __anchor_y = 1, unsigned __anchor_z = 1>
struct __anchor_cluster_blocks { /* reserved names: a user's macro X must not reach them */
  static constexpr unsigned value = __anchor_x * __anchor_y * __anchor_z;
  static_assert(value == 1, "Anchor: __cluster_dims__ of more than one block: Metal has no "
                            "thread-block clusters (cudaDevAttrClusterLaunch is 0)");
};
#define __cluster_dims__(...)                                                                      \
  __attribute__((annotate("anchor.cluster_dims", __anchor_cluster_blocks<__VA_ARGS__>::value)))
#endif
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#else /* plain C/C++: the keywords have no meaning */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#define __inline_hint__
#define __cluster_dims__(...)
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is deliberately not a macro. glibc's <sys/cdefs.h> and
 * libstdc++ (<memory>, via shared_ptr_base.h) write the GNU attribute
 * `__attribute__((__noinline__))`; a macro of that name would rewrite it into
 * `__attribute__((__attribute__((noinline))))` and break them. In a CUDA
 * compilation clang itself treats `__noinline__` as a keyword standing for
 * the noinline attribute (and accepts it inside __attribute__ too), which is
 * how clang's own CUDA support solves it; in a plain C or C++ compilation it
 * is left undefined, as nvcc's headers leave it for the host compiler. */
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict

#endif
