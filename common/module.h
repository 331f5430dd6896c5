/* common/module.h — the device-module format (docs/design.md, "The device
 * module"): what anchor-msl writes, clang embeds in every host object, and
 * libanchor, softmetal's tests and the compiler's tests read. This header and
 * module.c are its only definition: the writer and the parser below.
 *
 *   offset 0   "ANCHMOD1"
 *   offset 8   uint64 LE: total length of the blob, header included
 *   offset 16  text lines:
 *     language <major>.<minor>          optional (default: the baseline)
 *     kernel <name> <param_bytes> <static_threadgroup_bytes> <dynamic 0|1>
 *     param <offset> <size>             per parameter, after its kernel
 *     spill <bytes>                     after its kernel, when it has any
 *     global <name> <index> <size> <align> <device|constant> <hex|->
 *     address <offset> <target> <addend>   per address in a global's
 *                                      initialiser, after its global
 *     msl <n>
 *     <n bytes of MSL source, the rest of the blob>
 *
 * Pure C, no Metal, no LLVM; thread-safe (no shared state). */
#ifndef ANCHOR_COMMON_MODULE_H
#define ANCHOR_COMMON_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AC_MODULE_MAGIC "ANCHMOD1"

/* Relocatable device code (anchorcc -rdc=true, docs/design.md "Relocatable
 * device code"): what a -rdc object embeds in place of a module (clang puts
 * it in the section __nv_relfatbin): the magic, the total length as a
 * little-endian uint64 (header included), then the translation unit's
 * device LLVM bitcode, untranslated. anchor-msl writes it (--rdc-object)
 * and reads it back at the device link (--device-link), which translates
 * the linked bitcode of all such objects into one module. */
#define AC_RDC_MAGIC "ANCHRDC1"
#define AC_RDC_HEADER_SIZE 16

/* How a host object carries its module: clang's __cuda_fatbin_wrapper (what
 * __cudaRegisterFatBinary receives) points at the blob and records no
 * length. */
typedef struct {
  int magic;        /* AC_FATBIN_MAGIC */
  int version;      /* AC_FATBIN_VERSION */
  const void *data; /* the device module blob */
  void *unused;
} ac_fatbin_wrapper;
#define AC_FATBIN_MAGIC 0x466243b1
#define AC_FATBIN_VERSION 1
enum {
  AC_MODULE_HEADER_BYTES = 16,
  AC_MODULE_MAX_BYTES = 1 << 30, /* the parser refuses longer blobs */
  /* Globals are aligned at most to this (cudaMalloc's alignment, the arena's). */
  AC_MODULE_MAX_GLOBAL_ALIGN = 256,
};

typedef struct {
  uint64_t offset, size; /* in the CUDA parameter block */
} ac_param;

typedef struct {
  char *name;                 /* device symbol name = MSL function name */
  uint64_t param_bytes;       /* size of the CUDA parameter block */
  uint64_t static_smem_bytes; /* static threadgroup memory the MSL declares */
  bool dynamic_smem;          /* binds the dynamic threadgroup slot (abi.h) */
  size_t param_count;
  ac_param *params;     /* in order, not overlapping, inside param_bytes */
  uint64_t max_threads; /* __launch_bounds__'s thread count, 0 when none */
  /* __shared__ bytes per block kept in device memory instead of threadgroup
   * memory (more than Metal's AC_MAX_THREADGROUP_MEMORY): the size of a slot
   * of the launch's overflow area (abi.h AC_ABI_CONTEXT_SPILL), which a block
   * claims while it runs; a multiple of AC_ABI_SPILL_ALIGN; 0 when everything
   * fits. */
  uint64_t spill_bytes;
  /* CUDA's static __shared__ bytes (what cudaFuncGetAttributes reports as sharedSizeBytes,
   * ptxas's "bytes smem"): the variables at their own alignment in declaration order,
   * rounded up to 16 before dynamic shared memory (compiler/smem_spill.c). Anchor's own
   * layout above (static_smem_bytes + spill_bytes) pads each variable to 16 bytes and may
   * add the __syncthreads_count counter. Table line "shared <n>" when it differs from
   * static_smem_bytes + spill_bytes, which it is otherwise. */
  uint64_t cuda_smem_bytes;
  bool cuda_smem_listed; /* the reader saw its "shared" line */
} ac_kernel;

/* An address in a global's initial bytes (`__device__ int *p = &g;`): the
 * loader stores the CUDA address of global `target` plus `addend` (modulo
 * 2^64) as 8 little-endian bytes at `offset` of the global, over its init. */
typedef struct {
  uint64_t offset, target, addend;
} ac_address;

typedef struct {
  char *name;
  uint64_t index; /* its word in the context buffer: AC_ABI_CONTEXT_GLOBAL(index) */
  uint64_t size, align;
  bool constant;       /* __constant__ (else __device__) */
  unsigned char *init; /* size bytes, or NULL for zero-initialised */
  size_t address_count;
  ac_address *addresses; /* each inside the global, target < global_count */
} ac_global;

typedef struct {
  uint32_t language_major, language_minor; /* MSL version the source needs */
  size_t kernel_count, global_count;
  ac_kernel *kernels;
  ac_global *globals; /* after parsing: sorted so that globals[i].index == i */
  char *msl;          /* NUL-terminated MSL source */
  size_t msl_length;
} ac_module;

/* Serialises m into a new blob. On success stores the blob (malloc'd; the
 * caller frees it) and its length and returns true; returns false only when
 * out of memory (nothing stored). m is only read; a language of 0.0 or the
 * baseline writes no language line; a global whose init is NULL or all zero
 * is written as "-". m->msl may hold any bytes (msl_length of them). */
bool ac_module_write(const ac_module *m, unsigned char **blob_out, size_t *size_out);

/* Parses the blob at data, which describes its own length (clang's fat-binary
 * wrapper records none). On success fills *out (free with ac_module_free) and
 * returns true; on failure writes a one-line message to error (error_size
 * bytes) and returns false, leaving *out empty. Never reads past the length
 * the header gives, nor more than AC_MODULE_MAX_BYTES. Every line is
 * validated; anything unexpected refuses the whole module. */
bool ac_module_parse(const void *data, ac_module *out, char *error, size_t error_size);

/* Frees what ac_module_parse stored (or any ac_module whose pointers are
 * malloc'd or NULL) and zeroes *m. Safe on a zeroed module. */
void ac_module_free(ac_module *m);

#endif
