// warp_mask_unhonoured.cu — a warp operation whose member mask does not name the calling
// lane. In CUDA that is undefined (PTX ISA, shfl.sync: "the behavior of shfl.sync is
// undefined if the executing thread is not in the membermask"; the Programming Guide: each
// calling thread must have its own bit set in the mask); NVIDIA's hardware may fault
// with an illegal instruction (cudaErrorIllegalInstruction, reported for such shuffles
// on an H100) or hang. Anchor checks masks at run time (docs/compiler.md, "Warps"): such
// a launch fails with cudaErrorIllegalInstruction, sticky, with a line on stderr. The
// lanes that name themselves still get their results. Under nvcc nothing is run (the
// behaviour is undefined and could hang the device): the program only says so.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

// Lanes 0-15 shuffle under mask (0x0000ffff: theirs), lanes 16-31 under the same mask,
// which does not name them. A kernel parameter, so that no compiler sees a constant.
__global__ void unhonoured(unsigned mask, int *out) {
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = __shfl_sync(mask, lane * 10, (lane + 1) % 16);
}

// The same with a mask that names every caller: no failure.
__global__ void honoured(unsigned mask, int *out) {
  int lane = threadIdx.x % 32;
  if (lane < 16) out[threadIdx.x] = __shfl_sync(mask, lane * 10, (lane + 1) % 16);
}

static int check(cudaError_t err, cudaError_t want, const char *what) {
  if (err == want) return 0;
  printf("FAIL: %s: %s (%s), expected %s\n", what, cudaGetErrorString(err), cudaGetErrorName(err),
         cudaGetErrorName(want));
  return 1;
}

#if defined(__clang__)
static int run(void) {
  int *out, host[32];
  if (check(cudaMalloc((void **)&out, 32 * sizeof(int)), cudaSuccess, "cudaMalloc")) return 1;
  honoured<<<1, 32>>>(0x0000ffffu, out);
  if (check(cudaDeviceSynchronize(), cudaSuccess, "honoured") ||
      check(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost), cudaSuccess, "memcpy"))
    return 1;
  for (int k = 0; k < 16; k++)
    if (host[k] != (k + 1) % 16 * 10) {
      printf("FAIL: honoured: lane %d = %d, expected %d\n", k, host[k], (k + 1) % 16 * 10);
      return 1;
    }
  unhonoured<<<1, 32>>>(0x0000ffffu, out);
  if (check(cudaGetLastError(), cudaSuccess, "launch") ||
      check(cudaDeviceSynchronize(), cudaErrorIllegalInstruction, "unhonoured") ||
      check(cudaGetLastError(), cudaErrorIllegalInstruction, "cudaGetLastError after it") ||
      check(cudaDeviceSynchronize(), cudaErrorIllegalInstruction, "sticky"))
    return 1;
  printf("PASS\n");
  return 0;
}
#endif

int main(void) {
#if defined(__clang__)
  return run();
#else
  (void)check;
  printf("a warp mask that does not name its caller is undefined in CUDA: nothing run\n");
  printf("PASS\n");
  return 0;
#endif
}
