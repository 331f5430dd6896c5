// graph_dot.cu — end-to-end test of cudaGraphDebugDotPrint: a graph of a kernel, a
// memset, a memcpy, a host node and an empty node with 5 edges, printed as DOT without
// and with cudaGraphDebugDotFlagsVerbose. Each file is printed whole, then parsed: a node
// statement is a quoted name at the start of a line followed by '[' (its attributes run to
// "];", labels may span lines), an edge a statement with "->"; the kernel is found by its
// name, the other node types by their names (case-insensitive: memset, memcpy, host,
// empty) anywhere in the node's attributes. CUDA 13 on the H200 (2026-12-01), read by
// this program's first parse (one statement per line, a node any with "label" and '['),
// gave 6 "nodes" (5 and, by CUDA's published dumps, the cluster's label="graph_1"
// graph[...] line), 5 edges and no type names on the nodes' first lines: CUDA's dumps
// (torch with CUDA 12.8, verbose; MLX, plain) put each label's lines on lines of their
// own. Both files must name the kernel; the verbose one must name every type, the plain
// one's types are printed only. H200, CUDA 13, 2026-12-01: Anchor's plain file now matches
// CUDA's byte for byte; in the verbose one the topoIds differ (CUDA's order is not yet
// understood), CUDA says "DtoH (DEVICE to HOST PAGEABLE)" and stores a 1D copy with pitch,
// xsize and ysize 0 (Anchor: "DtoH (DEVICE to HOST)", the 1D copy as a pitched one). Error codes
// of a NULL path and an unwritable one. Anchor writes CUDA's layout (docs/runtime.md): one
// dashed cluster per graph, nodes named graph_<id>_node_<i>. Prints PASS or FAIL: <details>.
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
  int nodes, edges, clusters, cuda_names; // cuda_names: nodes named "graph_<id>_node_<i>"
  bool kernel, memset, memcpy, host, empty, kernel_name;
};

static int count(const char *text, const char *what) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what)) n++;
  return n;
}

static int parse(const char *path, Parsed *p) {
  memset(p, 0, sizeof *p);
  FILE *f = fopen(path, "r");
  if (!f) { printf("FAIL: %s not written\n", path); return 1; }
  static char text[1 << 16];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  printf("---- %s (%zu bytes)\n%s---- end of %s\n", path, n, text, path);
  if (!strstr(text, "digraph")) { printf("FAIL: %s is no digraph\n", path); return 1; }
  p->edges = count(text, "->");
  p->clusters = count(text, "subgraph");
  for (char *open = strchr(text, '['); open; open = strchr(open + 1, '[')) {
    // a node statement: `"name"[` or `"name" [` with nothing but blanks before "name"
    char *q = open;
    while (q > text && q[-1] == ' ') q--;
    if (q == text || q[-1] != '"') continue;
    char *name = q - 1; // the closing quote
    while (name > text && name[-1] != '"' && name[-1] != '\n') name--;
    if (name == text || name[-1] != '"') continue;
    char *line = name - 1; // the opening quote
    while (line > text && (line[-1] == ' ' || line[-1] == '\t')) line--;
    if (line != text && line[-1] != '\n' && line[-1] != '{' && line[-1] != ';') continue;
    char *end = strstr(open, "];");
    size_t len = end ? (size_t)(end - open) : strlen(open);
    static char attrs[1 << 14];
    if (len >= sizeof attrs) len = sizeof attrs - 1;
    memcpy(attrs, open, len);
    attrs[len] = 0;
    p->nodes++;
    if (strncmp(name, "graph_", 6) == 0 && strstr(name, "_node_") && strstr(name, "_node_") < q)
      p->cuda_names++;
    if (strstr(attrs, "dot_kernel_name")) p->kernel_name = true;
    for (char *c = attrs; *c; c++) *c = (char)tolower((unsigned char)*c);
    p->kernel |= strstr(attrs, "kernel") != NULL || strstr(attrs, "octagon") != NULL;
    p->memset |= strstr(attrs, "memset") != NULL;
    p->memcpy |= strstr(attrs, "memcpy") != NULL;
    p->host |= strstr(attrs, "host") != NULL;
    p->empty |= strstr(attrs, "empty") != NULL;
  }
  printf("%s: %d nodes (%d named graph_<id>_node_<i>), %d edges, %d clusters; types kernel %d memset %d memcpy %d host %d "
         "empty %d; kernel named %d\n",
         path, p->nodes, p->cuda_names, p->edges, p->clusters, p->kernel, p->memset, p->memcpy, p->host,
         p->empty, p->kernel_name);
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
  const Parsed *both_files[2] = {&plain, &verbose};
  for (const Parsed *p : both_files)
    if (p->nodes != 5 || p->edges != 5 || !p->kernel || !p->kernel_name || p->clusters != 1 ||
        p->cuda_names != 5) {
      printf("FAIL: DOT: %d nodes, %d edges (5, 5), kernel %d, named %d, %d clusters (1), %d "
             "nodes named graph_<id>_node_<i> (5)\n",
             p->nodes, p->edges, p->kernel, p->kernel_name, p->clusters, p->cuda_names);
      return 1;
    }
  if (!verbose.memset || !verbose.memcpy || !verbose.host || !verbose.empty) {
    printf("FAIL: the verbose DOT does not name every node type\n");
    return 1;
  }
  // a child graph node: its graph (a clone of g) is a cluster of its own after the parent's
  // (CUDA's published plain dumps: the node a rectangle labelled with the child's name)
  cudaGraph_t outer;
  CHECK(cudaGraphCreate(&outer, 0));
  cudaGraphNode_t child;
  CHECK(cudaGraphAddChildGraphNode(&child, outer, NULL, 0, g));
  CHECK(cudaGraphDebugDotPrint(outer, "graph_dot_child.dot", 0));
  Parsed nested;
  if (parse("graph_dot_child.dot", &nested)) return 1;
  if (nested.nodes != 6 || nested.edges != 5 || nested.clusters != 2 || nested.cuda_names != 6) {
    printf("FAIL: child DOT: %d nodes (6), %d edges (5), %d clusters (2), %d named (6)\n",
           nested.nodes, nested.edges, nested.clusters, nested.cuda_names);
    return 1;
  }
  remove("graph_dot_child.dot");
  CHECK(cudaGraphDestroy(outer));
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
