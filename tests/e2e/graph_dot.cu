// graph_dot.cu — end-to-end test of cudaGraphDebugDotPrint: a graph of a kernel, a
// memset, a memcpy, a host node and an empty node with 5 edges, printed as DOT without
// and with cudaGraphDebugDotFlagsVerbose; the files are parsed (a statement with a
// label is a node, one with "->" an edge) for the node and edge counts and each node
// type's name (case-insensitive: kernel, memset, memcpy, host, empty); the verbose
// file names the kernel. Also the error codes of a NULL path and an unwritable one.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      printf("FAIL: %s: %s (%s) at line %d\n", #call, cudaGetErrorString(err_),          \
             cudaGetErrorName(err_), __LINE__);                                          \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

__global__ void dot_kernel_name(int *a) { a[threadIdx.x] = threadIdx.x; }
static void host_fn(void *) {}

struct Parsed {
  int nodes, edges;
  bool kernel, memset, memcpy, host, empty, kernel_name;
};

static void lower(char *s) {
  for (; *s; s++) *s = (char)tolower((unsigned char)*s);
}

static int parse(const char *path, Parsed *p) {
  memset(p, 0, sizeof *p);
  FILE *f = fopen(path, "r");
  if (!f) { printf("FAIL: %s not written\n", path); return 1; }
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  if (!strstr(text, "digraph")) { printf("FAIL: %s is no digraph\n", path); return 1; }
  // statements end with ';' or a newline
  for (char *stmt = strtok(text, ";\n"); stmt; stmt = strtok(NULL, ";\n")) {
    if (strstr(stmt, "->")) {
      p->edges++;
      continue;
    }
    if (!strstr(stmt, "label") || !strchr(stmt, '[')) continue;
    p->nodes++;
    if (strstr(stmt, "dot_kernel_name")) p->kernel_name = true;
    lower(stmt);
    p->kernel |= strstr(stmt, "kernel") != NULL;
    p->memset |= strstr(stmt, "memset") != NULL;
    p->memcpy |= strstr(stmt, "memcpy") != NULL;
    p->host |= strstr(stmt, "host") != NULL;
    p->empty |= strstr(stmt, "empty") != NULL;
  }
  return 0;
}

int main(void) {
  int *a;
  CHECK(cudaMalloc(&a, 32 * sizeof(int)));
  static int h[32];
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t k, ms, cp, hn, em;
  cudaMemsetParams mp = {};
  mp.dst = a;
  mp.elementSize = 4;
  mp.width = 32;
  mp.height = 1;
  CHECK(cudaGraphAddMemsetNode(&ms, g, NULL, 0, &mp));
  void *args[] = {&a};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)dot_kernel_name;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(32);
  kp.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&k, g, &ms, 1, &kp));
  CHECK(cudaGraphAddMemcpyNode1D(&cp, g, &k, 1, h, a, sizeof h, cudaMemcpyDeviceToHost));
  cudaHostNodeParams hp = {host_fn, NULL};
  CHECK(cudaGraphAddHostNode(&hn, g, &cp, 1, &hp));
  cudaGraphNode_t both[2] = {hn, ms};
  CHECK(cudaGraphAddEmptyNode(&em, g, both, 2));

  CHECK(cudaGraphDebugDotPrint(g, "graph_dot_plain.dot", 0));
  CHECK(cudaGraphDebugDotPrint(g, "graph_dot_verbose.dot", cudaGraphDebugDotFlagsVerbose));
  Parsed plain, verbose;
  if (parse("graph_dot_plain.dot", &plain) || parse("graph_dot_verbose.dot", &verbose)) return 1;
  printf("plain: %d nodes, %d edges; verbose: %d nodes, %d edges, kernel named %d\n", plain.nodes,
         plain.edges, verbose.nodes, verbose.edges, (int)verbose.kernel_name);
  const Parsed *both_files[2] = {&plain, &verbose};
  for (const Parsed *p : both_files) {
    if (p->nodes != 5 || p->edges != 5 || !p->kernel || !p->memset || !p->memcpy || !p->host ||
        !p->empty) {
      printf("FAIL: DOT: %d nodes, %d edges (5, 5); types kernel %d memset %d memcpy %d host %d "
             "empty %d\n",
             p->nodes, p->edges, p->kernel, p->memset, p->memcpy, p->host, p->empty);
      return 1;
    }
  }
  if (!verbose.kernel_name) { printf("FAIL: the verbose DOT does not name the kernel\n"); return 1; }
  cudaError_t e = cudaGraphDebugDotPrint(g, NULL, 0);
  printf("cudaGraphDebugDotPrint(NULL path) -> %s\n", cudaGetErrorName(e));
  if (e != cudaErrorInvalidValue) { printf("FAIL: expected cudaErrorInvalidValue\n"); return 1; }
  e = cudaGraphDebugDotPrint(g, "/nonexistent-dir/x.dot", 0);
  printf("cudaGraphDebugDotPrint(unwritable path) -> %s\n", cudaGetErrorName(e));
  if (e == cudaSuccess) { printf("FAIL: an unwritable path succeeded\n"); return 1; }
  cudaGetLastError();
  remove("graph_dot_plain.dot");
  remove("graph_dot_verbose.dot");
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaFree(a));
  printf("PASS\n");
  return 0;
}
