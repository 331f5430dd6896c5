// Virtual memory management through the driver API (issue 9): the "growable
// vector" — reserve a large address range, create physical chunks of the
// allocation granularity and map them one after another as the vector grows,
// so kernels see one contiguous range; a kernel reads across every chunk
// boundary and its results are checked on the CPU. Then the vector moves to
// a bigger reservation: its chunks are unmapped and mapped again there, and
// their contents follow them. Handles, access flags, properties and CUDA's
// codes for misuse. Prints "call -> code" lines for the H200 comparison
// (lines marked "print only" may differ: see docs/runtime.md), then PASS.
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>

#include <vector>

static int failures;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}
static CUresult show(const char *call, CUresult r) {
  printf("%s -> %d\n", call, (int)r);
  return r;
}
#define CALL(call, want) check(show(#call, call) == (want), #call)
#define SHOW(call) show(#call, call)

// out[i] = v[i] + v[i + 1] (the last: v[i]), across the chunks' boundaries
__global__ void neighbour_sum(const unsigned *v, unsigned *out, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = v[i] + (i + 1 < n ? v[i + 1] : 0u);
}

static void fill_chunk(unsigned *host, size_t first, size_t count) {
  for (size_t i = 0; i < count; i++) host[i] = (unsigned)((first + i) * 2654435761u);
}

int main() {
  CALL(cuInit(0), CUDA_SUCCESS);
  check(cudaFree(0) == cudaSuccess, "the primary context");
  int vmm = -1;
  CALL(cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, 0),
       CUDA_SUCCESS);
  check(vmm == 1, "virtual memory management is supported");
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  size_t gran = 0, recommended = 0;
  CALL(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM), CUDA_SUCCESS);
  CALL(cuMemGetAllocationGranularity(&recommended, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
       CUDA_SUCCESS);
  printf("granularity %zu, recommended %zu\n", gran, recommended);
  check(gran > 0 && (gran & (gran - 1)) == 0, "the granularity is a power of two");

  // ---- the growable vector ------------------------------------------------------
  const int chunks = 4, more = 3; // 4 chunks now, 3 more after the move
  const size_t per_chunk = gran / sizeof(unsigned);
  CUdeviceptr base = 0;
  CALL(cuMemAddressReserve(&base, chunks * gran, 0, 0, 0), CUDA_SUCCESS);
  check(base % gran == 0, "the reservation starts at a granule");
  CUmemGenericAllocationHandle handles[chunks + more];
  CUmemAccessDesc access;
  memset(&access, 0, sizeof access);
  access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  access.location.id = 0;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  std::vector<unsigned> host(per_chunk * (chunks + more));
  for (int c = 0; c < chunks; c++) { // grow by one chunk, mapped right after the last
    CALL(cuMemCreate(&handles[c], gran, &prop, 0), CUDA_SUCCESS);
    CALL(cuMemMap(base + c * gran, gran, 0, handles[c], 0), CUDA_SUCCESS);
    CALL(cuMemSetAccess(base + c * gran, gran, &access, 1), CUDA_SUCCESS);
    fill_chunk(&host[c * per_chunk], c * per_chunk, per_chunk);
    CALL(cuMemcpyHtoD(base + c * gran, &host[c * per_chunk], gran), CUDA_SUCCESS);
  }
  unsigned long long flags = 0;
  CALL(cuMemGetAccess(&flags, &access.location, base + gran + 64), CUDA_SUCCESS);
  check(flags == CU_MEM_ACCESS_FLAGS_PROT_READWRITE, "read-write access");
  size_t n = per_chunk * chunks;
  unsigned *out = NULL;
  check(cudaMalloc(&out, (per_chunk * (chunks + more)) * sizeof(unsigned)) == cudaSuccess,
        "cudaMalloc");
  neighbour_sum<<<(unsigned)((n + 255) / 256), 256>>>((const unsigned *)base, out, n);
  check(cudaDeviceSynchronize() == cudaSuccess, "the kernel over the mapped range");
  std::vector<unsigned> got(n);
  check(cudaMemcpy(got.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost) == cudaSuccess,
        "cudaMemcpy");
  size_t bad = 0;
  for (size_t i = 0; i < n; i++)
    bad += got[i] != host[i] + (i + 1 < n ? host[i + 1] : 0u);
  printf("neighbour sums over %d chunks: %zu wrong\n", chunks, bad);
  check(bad == 0, "a kernel reads one contiguous range across the chunks");
  // one copy across a boundary, both ways
  unsigned across[8] = {0};
  CALL(cuMemcpyDtoH(across, base + gran - 16, sizeof across), CUDA_SUCCESS);
  check(memcmp(across, &host[per_chunk - 4], sizeof across) == 0, "a copy across a boundary");

  // ---- handles and properties -------------------------------------------------------
  CUmemGenericAllocationHandle again = 0;
  CALL(cuMemRetainAllocationHandle(&again, (void *)(base + 2 * gran + 100)), CUDA_SUCCESS);
  check(again == handles[2], "the handle mapped there");
  CALL(cuMemRelease(again), CUDA_SUCCESS);
  CUmemAllocationProp back;
  memset(&back, 0xff, sizeof back);
  CALL(cuMemGetAllocationPropertiesFromHandle(&back, handles[1]), CUDA_SUCCESS);
  check(back.type == CU_MEM_ALLOCATION_TYPE_PINNED &&
            back.location.type == CU_MEM_LOCATION_TYPE_DEVICE && back.location.id == 0 &&
            back.requestedHandleTypes == CU_MEM_HANDLE_TYPE_NONE,
        "the properties it was created with");

  // ---- misuse --------------------------------------------------------------------
  CUmemGenericAllocationHandle odd = 0;
  CALL(cuMemCreate(&odd, gran + 4096, &prop, 0), CUDA_ERROR_INVALID_VALUE);
  CALL(cuMemCreate(&odd, gran, &prop, 1), CUDA_ERROR_INVALID_VALUE);
  CALL(cuMemCreate(&odd, 0, &prop, 0), CUDA_ERROR_INVALID_VALUE);
  CALL(cuMemCreate(&odd, gran, NULL, 0), CUDA_ERROR_INVALID_VALUE);
  CUmemAllocationProp other = prop;
  other.location.id = 5;
  CALL(cuMemCreate(&odd, gran, &other, 0), CUDA_ERROR_INVALID_DEVICE);
  CALL(cuMemGetAllocationGranularity(NULL, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM),
       CUDA_ERROR_INVALID_VALUE);
  CUdeviceptr spare = 0;
  CALL(cuMemAddressReserve(&spare, 2 * gran, 0, 0, 0), CUDA_SUCCESS);
  CUmemGenericAllocationHandle extra = 0;
  CALL(cuMemCreate(&extra, gran, &prop, 0), CUDA_SUCCESS);
  CALL(cuMemMap(spare + 4096, gran, 0, extra, 0), CUDA_ERROR_INVALID_VALUE); // unaligned
  CALL(cuMemMap(spare, gran, gran, extra, 0), CUDA_ERROR_NOT_SUPPORTED); // offset not 0: H100
  CALL(cuMemMap(spare, gran, 0, extra, 1), CUDA_ERROR_INVALID_VALUE);        // flags
  SHOW(cuMemMap(spare, 2 * gran, 0, extra, 0)); // print only: bigger than the handle
  SHOW(cuMemSetAccess(spare, gran, &access, 1)); // print only: not mapped yet
  CALL(cuMemMap(spare, gran, 0, extra, 0), CUDA_SUCCESS);
  SHOW(cuMemMap(spare, gran, 0, handles[0], 0)); // print only: over a mapped range
  SHOW(cuMemAddressFree(spare, 2 * gran));       // print only: still mapped
  // the same handle at a second address at once: CUDA aliases the memory;
  // Anchor cannot (one Metal buffer): CUDA_ERROR_NOT_SUPPORTED (print only)
  if (SHOW(cuMemMap(spare + gran, gran, 0, handles[0], 0)) == CUDA_SUCCESS)
    CALL(cuMemUnmap(spare + gran, gran), CUDA_SUCCESS);
  SHOW(cuMemUnmap(spare, gran / 2)); // print only: part of a mapping
  CALL(cuMemUnmap(spare, gran), CUDA_SUCCESS);
  CALL(cuMemRelease(extra), CUDA_SUCCESS);
  CALL(cuMemAddressFree(spare, 2 * gran), CUDA_SUCCESS);
  check(cuMemFree(base) != CUDA_SUCCESS, "cuMemFree refuses a reservation");
  printf("cuMemFree(reservation) -> refused\n");

  // ---- the vector moves to a bigger reservation ----------------------------------------
  CUdeviceptr bigger = 0;
  CALL(cuMemAddressReserve(&bigger, (chunks + more) * gran, 0, 0, 0), CUDA_SUCCESS);
  CALL(cuMemUnmap(base, chunks * gran), CUDA_SUCCESS); // all its chunks at once
  CALL(cuMemAddressFree(base, chunks * gran), CUDA_SUCCESS);
  for (int c = 0; c < chunks; c++) {
    CALL(cuMemMap(bigger + c * gran, gran, 0, handles[c], 0), CUDA_SUCCESS);
  }
  CALL(cuMemSetAccess(bigger, chunks * gran, &access, 1), CUDA_SUCCESS);
  for (int c = chunks; c < chunks + more; c++) {
    CALL(cuMemCreate(&handles[c], gran, &prop, 0), CUDA_SUCCESS);
    CALL(cuMemMap(bigger + c * gran, gran, 0, handles[c], 0), CUDA_SUCCESS);
    CALL(cuMemSetAccess(bigger + c * gran, gran, &access, 1), CUDA_SUCCESS);
    fill_chunk(&host[c * per_chunk], c * per_chunk, per_chunk);
    CALL(cuMemcpyHtoD(bigger + c * gran, &host[c * per_chunk], gran), CUDA_SUCCESS);
  }
  n = per_chunk * (chunks + more);
  neighbour_sum<<<(unsigned)((n + 255) / 256), 256>>>((const unsigned *)bigger, out, n);
  check(cudaDeviceSynchronize() == cudaSuccess, "the kernel over the moved vector");
  got.resize(n);
  check(cudaMemcpy(got.data(), out, n * sizeof(unsigned), cudaMemcpyDeviceToHost) == cudaSuccess,
        "cudaMemcpy");
  bad = 0;
  for (size_t i = 0; i < n; i++)
    bad += got[i] != host[i] + (i + 1 < n ? host[i + 1] : 0u);
  printf("neighbour sums over %d chunks after the move: %zu wrong\n", chunks + more, bad);
  check(bad == 0, "the chunks' contents followed them to the new range");

  // release the handles while mapped: the memory stays until unmapped
  for (int c = 0; c < chunks + more; c++) CALL(cuMemRelease(handles[c]), CUDA_SUCCESS);
  CALL(cuMemcpyDtoH(across, bigger + gran - 16, sizeof across), CUDA_SUCCESS);
  check(memcmp(across, &host[per_chunk - 4], sizeof across) == 0, "released, still mapped");
  CALL(cuMemUnmap(bigger, (chunks + more) * gran), CUDA_SUCCESS);
  CALL(cuMemAddressFree(bigger, (chunks + more) * gran), CUDA_SUCCESS);
  check(cudaFree(out) == cudaSuccess, "cudaFree");
  if (failures == 0) printf("PASS\n");
  return failures ? 1 : 0;
}
