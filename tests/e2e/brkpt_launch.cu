// brkpt_launch.cu — __brkpt() and inline PTX brkpt without a debugger: the breakpoint is
// an exception that ends the launch, as a trap does; the error is sticky. Which error
// CUDA reports is printed; checked: one of cudaErrorLaunchFailure (Anchor's, as for
// __trap()) and cudaErrorIllegalInstruction (unsure which the H200 gives: its run tells).
// The thread's store before the breakpoint is seen (mapped host memory), the one after
// it never happens. The PTX form runs in a second process (argv[0] ptx: the error is
// sticky), started before this one touches the device. Prints PASS or FAIL: <details>.
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

__global__ void stop(int *out, int use_ptx) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 5) {
    out[t] = 1;
    if (use_ptx)
      asm volatile("brkpt;");
    else
      __brkpt();
    out[t] = 2; // never: the launch has failed
  }
}

int main(int argc, char **argv) {
  int use_ptx = argc > 1; // one launch per process: the error is sticky
  if (!use_ptx) {         // the PTX form first, in a child process
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      execl(argv[0], argv[0], "ptx", (char *)NULL);
      _exit(127);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
      printf("FAIL: the PTX brkpt process\n");
      return 1;
    }
  }
  int *out;
  if (cudaHostAlloc(&out, 64 * sizeof(int), cudaHostAllocMapped) != cudaSuccess) {
    printf("FAIL: cudaHostAlloc\n");
    return 1;
  }
  for (int i = 0; i < 64; i++)
    out[i] = 0;
  stop<<<2, 32>>>(out, use_ptx);
  cudaError_t e = cudaDeviceSynchronize(), again = cudaDeviceSynchronize();
  printf("%s: cudaDeviceSynchronize %s, again %s, store %d\n", use_ptx ? "brkpt" : "__brkpt()",
         cudaGetErrorName(e), cudaGetErrorName(again), out[5]);
  if (e != cudaErrorLaunchFailure && e != cudaErrorIllegalInstruction) {
    printf("FAIL: expected the launch to fail\n");
    return 1;
  }
  if (again != e || out[5] != 1) {
    printf("FAIL: not sticky, or the thread went on\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
