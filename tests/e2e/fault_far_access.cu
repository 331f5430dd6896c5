// fault_far_access.cu — issue 10: a kernel whose access lands far outside any allocation
// (1 TiB past one, 1 TiB before one, a load and a store) yields CUDA's error and a usable
// process: cudaErrorIllegalAddress (700) from the synchronisation, sticky — every later
// call that reaches the device returns it (CUDA's error model: the context is lost; the
// process must start again to use the GPU) — and never a crash of the host program.
// Each case runs in its own child process (fork before any CUDA call, so each child
// starts CUDA afresh), which exits 0 when its codes are CUDA's; a child killed by a
// signal is a crash. A last case passes a host stack address as a device pointer: on a
// GPU with HMM that may even work, so its result is printed ("?"), and only a crash
// fails it. Prints PASS or FAIL lines.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

__global__ void far_load(const int *p, long long offset, int *out) {
  if (threadIdx.x == 5 && blockIdx.x == 1) out[0] = p[offset];
  else out[1 + blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

__global__ void far_store(int *p, long long offset) {
  if (threadIdx.x == 0 && blockIdx.x == 0) p[offset] = 42;
}

__global__ void noop() {}

static int check(const char *what, cudaError_t got, cudaError_t want) {
  printf("  %-44s %s\n", what, cudaGetErrorName(got));
  if (got == want) return 0;
  printf("FAIL: %s: want %s\n", what, cudaGetErrorName(want));
  return 1;
}

// The sticky error after a fault: every later device call returns it; cudaGetLastError
// reports it once (then cudaSuccess) until a call returns it again.
static int sticky(cudaError_t want) {
  int bad = 0;
  void *p = NULL;
  int host = 7;
  bad += check("cudaGetLastError", cudaGetLastError(), want);
  // H200, CUDA 13, 2026-12-01: cudaSuccess — cudaGetLastError reports the sticky error
  // once; the calls below that reach the device return it again.
  bad += check("cudaGetLastError again", cudaGetLastError(), cudaSuccess);
  bad += check("cudaMalloc", cudaMalloc(&p, 64), want);
  noop<<<1, 1>>>();
  bad += check("a later launch", cudaGetLastError(), want);
  bad += check("cudaMemcpy", cudaMemcpy(&host, &host, sizeof host, cudaMemcpyHostToHost), want);
  bad += check("cudaDeviceSynchronize", cudaDeviceSynchronize(), want);
  if (host != 7) {
    printf("FAIL: host memory changed\n");
    bad++;
  }
  return bad;
}

static const long long TIB_INTS = (1LL << 40) / (long long)sizeof(int);

static int run_case(int which) {
  int *buf = NULL, *out = NULL;
  cudaError_t e = cudaMalloc((void **)&buf, 4096);
  if (e == cudaSuccess) e = cudaMalloc((void **)&out, 4096);
  if (e != cudaSuccess) {
    printf("FAIL: cudaMalloc: %s\n", cudaGetErrorName(e));
    return 1;
  }
  int stack_int = 5;
  switch (which) {
  case 0:
    printf("load 1 TiB past an allocation\n");
    far_load<<<2, 64>>>(buf, TIB_INTS, out);
    break;
  case 1:
    printf("load 1 TiB before an allocation\n");
    far_load<<<2, 64>>>(buf, -TIB_INTS, out);
    break;
  case 2:
    printf("store 1 TiB past an allocation\n");
    far_store<<<1, 32>>>(buf, TIB_INTS);
    break;
  case 3:
    printf("store 1 TiB before an allocation\n");
    far_store<<<1, 32>>>(buf, -TIB_INTS);
    break;
  default: {
    printf("store through a host stack address\n");
    far_store<<<1, 32>>>(&stack_int, 0);
    cudaError_t launched = cudaGetLastError(), synced = cudaDeviceSynchronize();
    printf("  launch %s, sync %s, the stack int %d ?\n", cudaGetErrorName(launched),
           cudaGetErrorName(synced), stack_int);
    return 0;
  }
  }
  int bad = check("launch", cudaGetLastError(), cudaSuccess);
  bad += check("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  bad += sticky(cudaErrorIllegalAddress);
  return bad ? 1 : 0;
}

int main() {
  int failures = 0;
  for (int which = 0; which < 5; which++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
      printf("FAIL: fork\n");
      return 1;
    }
    if (pid == 0) {
      int rc = run_case(which);
      fflush(stdout);
      _exit(rc);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) {
      printf("FAIL: waitpid\n");
      return 1;
    }
    if (WIFSIGNALED(status)) {
      printf("FAIL: case %d: the process crashed (signal %d)\n", which, WTERMSIG(status));
      failures++;
    } else if (WEXITSTATUS(status) != 0) {
      printf("FAIL: case %d\n", which);
      failures++;
    }
  }
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
