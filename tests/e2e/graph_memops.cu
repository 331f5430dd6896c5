// graph_memops.cu — end-to-end test of stream memory operations in CUDA graphs (issue 9):
// cuStreamWaitValue32/64, cuStreamWriteValue32/64 and cuStreamBatchMemOp on a capturing
// stream become batch-memop nodes (CU_GRAPH_NODE_TYPE_BATCH_MEM_OP), and explicit graphs
// take them (cuGraphAddBatchMemOpNode, cuGraphBatchMemOpNodeGet/SetParams,
// cuGraphExecBatchMemOpNodeSetParams, the generic cuGraphAddNode).
//  - a capture over two streams: the origin resets a flag (write), forks a second stream
//    that runs a producer kernel and then writes the flag; the origin waits for the flag
//    (no graph edge between the two branches: only the word orders them), runs a consumer
//    kernel that reads what the producer wrote, and writes a 64-bit stamp; the second
//    stream joins back. Replayed REPLAYS times, the producer's and consumer's buffers are
//    checked against a host model of every replay (a consumer that ran before its
//    producer would read the previous replay's values);
//  - the captured graph's nodes: their types, and the wait node's parameters read back
//    (UNSURE how CUDA splits captured operations into nodes: printed; Anchor makes one
//    node per call, a call's operations in order);
//  - cuGraphExecBatchMemOpNodeSetParams on the instance (a new stamp), replays checked;
//  - an explicit graph: a batch (32-bit write, barrier, 64-bit write) and after it a batch
//    (a wait for the first write with each condition that holds, a write), built with
//    cuGraphAddBatchMemOpNode and with cuGraphAddNode; values after the replay;
//    cuGraphBatchMemOpNodeSetParams (a new value) seen by a new instance, not the old one;
//  - bad parameters (count 0, flags, an unaligned word): CUDA_ERROR_INVALID_VALUE (UNSURE,
//    printed for the H200 run).
// Lines without "INFO" must be the same under nvcc on an NVIDIA GPU (H200) and under
// anchorcc on softmetal. Build with nvcc:
//   nvcc -O2 -arch=sm_90 graph_memops.cu -lcuda -o graph_memops
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>
#include <vector>

enum { N = 256, REPLAYS = 20 };

static int failures;
static void check(const char *what, bool ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  if (!ok) failures++;
}
static const char *name(CUresult r) {
  const char *s = "?";
  cuGetErrorName(r, &s);
  return s;
}
static CUdeviceptr dev(const void *p) {
  return (CUdeviceptr)(uintptr_t)p;
}

__global__ void produce(unsigned *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 3u + (unsigned)i;
}

__global__ void consume(const unsigned *data, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = out[i] * 5u + data[i];
}

static void model(std::vector<unsigned> &data, std::vector<unsigned> &out, int replays) {
  for (int r = 0; r < replays; r++)
    for (int i = 0; i < N; i++) {
      data[i] = data[i] * 3u + (unsigned)i;
      out[i] = out[i] * 5u + data[i];
    }
}

static bool same(const unsigned *d, const std::vector<unsigned> &want) {
  std::vector<unsigned> got(N);
  cudaMemcpy(got.data(), d, N * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    if (got[i] != want[i]) {
      printf("  element %d: %u, expected %u\n", i, got[i], want[i]);
      return false;
    }
  return true;
}

static uint64_t read64(const void *p) {
  uint64_t v = 0;
  cudaMemcpy(&v, p, sizeof v, cudaMemcpyDeviceToHost);
  return v;
}

struct words {
  unsigned *flag;  // the producer's signal
  uint64_t *stamp; // written by the origin after the consumer
  unsigned *w32;   // explicit graph
  uint64_t *w64, *w64b;
};

static void captured(words &w, unsigned *data, unsigned *out) {
  cudaStream_t a, b;
  cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  cudaEvent_t fork, join;
  cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
  cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
  std::vector<unsigned> hdata(N), hout(N, 1);
  for (int i = 0; i < N; i++)
    hdata[i] = (unsigned)i * 7u + 1u;
  cudaMemcpy(data, hdata.data(), N * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(out, hout.data(), N * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemset(w.stamp, 0, sizeof(uint64_t));
  cudaDeviceSynchronize(); // the memset is ordered with the legacy stream only

  CUresult r[8];
  cudaError_t e = cudaStreamBeginCapture(a, cudaStreamCaptureModeGlobal);
  r[0] = cuStreamWriteValue32((CUstream)a, dev(w.flag), 0, 0); // reset for this replay
  cudaEventRecord(fork, a);
  cudaStreamWaitEvent(b, fork, 0);
  // the consumer's branch first, so a graph run in creation order would deadlock
  r[1] = cuStreamWaitValue32((CUstream)a, dev(w.flag), 1, CU_STREAM_WAIT_VALUE_EQ);
  consume<<<(N + 127) / 128, 128, 0, a>>>(data, out, N);
  r[2] = cuStreamWriteValue64((CUstream)a, dev(w.stamp), 0x1111222233334444ull, 0);
  produce<<<(N + 127) / 128, 128, 0, b>>>(data, N);
  CUstreamBatchMemOpParams signal[2];
  memset(signal, 0, sizeof signal);
  signal[0].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
  signal[0].memoryBarrier.flags = CU_STREAM_MEMORY_BARRIER_TYPE_GPU;
  signal[1].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
  signal[1].writeValue.address = dev(w.flag);
  signal[1].writeValue.value = 1;
  r[3] = cuStreamBatchMemOp((CUstream)b, 2, signal, 0);
  cudaEventRecord(join, b);
  cudaStreamWaitEvent(a, join, 0);
  cudaGraph_t graph = NULL;
  cudaError_t ended = cudaStreamEndCapture(a, &graph);
  printf("capture: begin %s, write %s, wait %s, write64 %s, batch %s, end %s\n",
         cudaGetErrorName(e), name(r[0]), name(r[1]), name(r[2]), name(r[3]),
         cudaGetErrorName(ended));
  check("captured", e == cudaSuccess && r[0] == CUDA_SUCCESS && r[1] == CUDA_SUCCESS &&
                        r[2] == CUDA_SUCCESS && r[3] == CUDA_SUCCESS && ended == cudaSuccess &&
                        graph);
  if (!graph) return;

  size_t count = 0;
  cudaGraphGetNodes(graph, NULL, &count);
  std::vector<cudaGraphNode_t> nodes(count);
  cudaGraphGetNodes(graph, nodes.data(), &count);
  int memops = 0, kernels = 0;
  CUgraphNode wait_node = NULL;
  printf("captured graph: %zu nodes, types", count);
  for (size_t i = 0; i < count; i++) {
    CUgraphNodeType t;
    cuGraphNodeGetType((CUgraphNode)nodes[i], &t);
    printf(" %d", (int)t);
    if (t == CU_GRAPH_NODE_TYPE_KERNEL) kernels++;
    if (t != CU_GRAPH_NODE_TYPE_BATCH_MEM_OP) continue;
    memops++;
    CUDA_BATCH_MEM_OP_NODE_PARAMS p;
    memset(&p, 0, sizeof p);
    if (cuGraphBatchMemOpNodeGetParams((CUgraphNode)nodes[i], &p) == CUDA_SUCCESS && p.count &&
        p.paramArray[0].operation == CU_STREAM_MEM_OP_WAIT_VALUE_32)
      wait_node = (CUgraphNode)nodes[i];
  }
  printf("\n");
  check("captured: 2 kernel nodes and 4 batch-memop nodes", kernels == 2 && memops == 4);
  if (wait_node) {
    CUDA_BATCH_MEM_OP_NODE_PARAMS p;
    memset(&p, 0, sizeof p);
    CUresult got = cuGraphBatchMemOpNodeGetParams(wait_node, &p);
    printf("wait node: %s, count %u, address ok %d, value %u, flags %u, node flags %u\n", name(got),
           p.count, p.paramArray && p.paramArray[0].waitValue.address == dev(w.flag),
           p.paramArray ? p.paramArray[0].waitValue.value : 0,
           p.paramArray ? p.paramArray[0].waitValue.flags : 0, p.flags);
    check("the wait node's parameters",
          got == CUDA_SUCCESS && p.count == 1 && p.paramArray[0].waitValue.address == dev(w.flag) &&
              p.paramArray[0].waitValue.value == 1 &&
              p.paramArray[0].waitValue.flags == CU_STREAM_WAIT_VALUE_EQ);
  } else {
    check("a wait node", false);
  }

  cudaGraphExec_t exec = NULL;
  e = cudaGraphInstantiate(&exec, graph, 0);
  for (int i = 0; e == cudaSuccess && i < REPLAYS; i++)
    e = cudaGraphLaunch(exec, a);
  if (e == cudaSuccess) e = cudaStreamSynchronize(a);
  model(hdata, hout, REPLAYS);
  printf("replays: %s\n", cudaGetErrorName(e));
  check("replays: the producer's values", e == cudaSuccess && same(data, hdata));
  check("replays: the consumer saw each replay's producer", same(out, hout));
  check("replays: the stamp", read64(w.stamp) == 0x1111222233334444ull);

  // the instance's stamp node gets a new value
  CUgraphNode stamp_node = NULL;
  for (size_t i = 0; i < count; i++) {
    CUgraphNodeType t;
    cuGraphNodeGetType((CUgraphNode)nodes[i], &t);
    CUDA_BATCH_MEM_OP_NODE_PARAMS p;
    if (t == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP &&
        cuGraphBatchMemOpNodeGetParams((CUgraphNode)nodes[i], &p) == CUDA_SUCCESS &&
        p.paramArray[0].operation == CU_STREAM_MEM_OP_WRITE_VALUE_64)
      stamp_node = (CUgraphNode)nodes[i];
  }
  CUstreamBatchMemOpParams stamp;
  memset(&stamp, 0, sizeof stamp);
  stamp.writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  stamp.writeValue.address = dev(w.stamp);
  stamp.writeValue.value64 = 0x5555666677778888ull;
  CUDA_BATCH_MEM_OP_NODE_PARAMS np;
  memset(&np, 0, sizeof np);
  cuCtxGetCurrent(&np.ctx);
  np.count = 1;
  np.paramArray = &stamp;
  CUresult set = cuGraphExecBatchMemOpNodeSetParams((CUgraphExec)exec, stamp_node, &np);
  printf("exec SetParams: %s\n", name(set));
  for (int i = 0; set == CUDA_SUCCESS && e == cudaSuccess && i < 3; i++)
    e = cudaGraphLaunch(exec, a);
  if (e == cudaSuccess) e = cudaStreamSynchronize(a);
  model(hdata, hout, 3);
  check("exec SetParams: the new stamp",
        set == CUDA_SUCCESS && e == cudaSuccess && read64(w.stamp) == 0x5555666677778888ull);
  check("exec SetParams: replays' values", same(data, hdata) && same(out, hout));

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaEventDestroy(fork);
  cudaEventDestroy(join);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
}

static void explicit_graph(words &w) {
  CUcontext ctx;
  cuCtxGetCurrent(&ctx);
  cudaMemset(w.w32, 0, 16);
  cudaMemset(w.w64, 0, 8);
  cudaMemset(w.w64b, 0, 8);
  cudaDeviceSynchronize(); // the memsets are ordered with the legacy stream only
  CUgraph g;
  cuGraphCreate(&g, 0);
  CUstreamBatchMemOpParams first[3];
  memset(first, 0, sizeof first);
  first[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
  first[0].writeValue.address = dev(w.w32);
  first[0].writeValue.value = 0x80000005u;
  first[1].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
  first[2].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  first[2].writeValue.address = dev(w.w64);
  first[2].writeValue.value64 = 0x0123456789abcdefull;
  CUDA_BATCH_MEM_OP_NODE_PARAMS p1 = {ctx, 3, first, 0};
  CUgraphNode n1 = NULL, n2 = NULL;
  CUresult r1 = cuGraphAddBatchMemOpNode(&n1, g, NULL, 0, &p1);
  // every condition, each holding for 0x80000005: GEQ 0x80000000 (cyclic), EQ, AND 4, NOR
  // (bit 1 clear in both); then a 64-bit wait and a write
  CUstreamBatchMemOpParams second[6];
  memset(second, 0, sizeof second);
  const unsigned flags[4] = {CU_STREAM_WAIT_VALUE_GEQ, CU_STREAM_WAIT_VALUE_EQ,
                             CU_STREAM_WAIT_VALUE_AND, CU_STREAM_WAIT_VALUE_NOR};
  const unsigned values[4] = {0x80000000u, 0x80000005u, 4u, 0x80000004u};
  for (int i = 0; i < 4; i++) {
    second[i].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
    second[i].waitValue.address = dev(w.w32);
    second[i].waitValue.value = values[i];
    second[i].waitValue.flags = flags[i];
  }
  second[4].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_64;
  second[4].waitValue.address = dev(w.w64);
  second[4].waitValue.value64 = 0x0123456789abcdefull;
  second[4].waitValue.flags = CU_STREAM_WAIT_VALUE_EQ;
  second[5].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  second[5].writeValue.address = dev(w.w64b);
  second[5].writeValue.value64 = 42;
  CUgraphNodeParams generic;
  memset(&generic, 0, sizeof generic);
  generic.type = CU_GRAPH_NODE_TYPE_BATCH_MEM_OP;
  generic.memOp.ctx = ctx;
  generic.memOp.count = 6;
  generic.memOp.paramArray = second;
  CUresult r2 = cuGraphAddNode(&n2, g, &n1, NULL, 1, &generic);
  printf("explicit: AddBatchMemOpNode %s, AddNode %s\n", name(r1), name(r2));
  check("explicit: nodes added", r1 == CUDA_SUCCESS && r2 == CUDA_SUCCESS);
  memset(second, 0xee, sizeof second); // the graph keeps its own copy
  CUDA_BATCH_MEM_OP_NODE_PARAMS back;
  memset(&back, 0, sizeof back);
  CUresult got = cuGraphBatchMemOpNodeGetParams(n2, &back);
  check("explicit: GetParams of the generic node",
        got == CUDA_SUCCESS && back.count == 6 &&
            back.paramArray[3].waitValue.flags == CU_STREAM_WAIT_VALUE_NOR &&
            back.paramArray[5].writeValue.value64 == 42);

  CUgraphExec x1 = NULL, x2 = NULL;
  CUresult r = cuGraphInstantiate(&x1, g, 0);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  if (r == CUDA_SUCCESS) r = cuGraphLaunch(x1, (CUstream)s);
  if (r == CUDA_SUCCESS) r = cuStreamSynchronize((CUstream)s);
  unsigned w32 = 0;
  cudaMemcpy(&w32, w.w32, 4, cudaMemcpyDeviceToHost);
  printf("explicit: replay %s\n", name(r));
  check("explicit: replay values", r == CUDA_SUCCESS && w32 == 0x80000005u &&
                                       read64(w.w64) == 0x0123456789abcdefull &&
                                       read64(w.w64b) == 42);

  // a new value in the graph: a new instance sees it, the old one keeps its own
  first[0].writeValue.value = 0x80000006u;
  first[2].writeValue.value64 = 7;
  CUresult set = cuGraphBatchMemOpNodeSetParams(n1, &p1);
  CUstreamBatchMemOpParams later[2];
  memset(later, 0, sizeof later);
  later[0].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_64;
  later[0].waitValue.address = dev(w.w64);
  later[0].waitValue.value64 = 7;
  later[0].waitValue.flags = CU_STREAM_WAIT_VALUE_GEQ;
  later[1].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  later[1].writeValue.address = dev(w.w64b);
  later[1].writeValue.value64 = 43;
  CUDA_BATCH_MEM_OP_NODE_PARAMS p2 = {ctx, 2, later, 0};
  CUresult set2 = cuGraphBatchMemOpNodeSetParams(n2, &p2);
  if (set == CUDA_SUCCESS && set2 == CUDA_SUCCESS) r = cuGraphInstantiate(&x2, g, 0);
  if (r == CUDA_SUCCESS) r = cuGraphLaunch(x2, (CUstream)s);
  if (r == CUDA_SUCCESS) r = cuStreamSynchronize((CUstream)s);
  cudaMemcpy(&w32, w.w32, 4, cudaMemcpyDeviceToHost);
  check("explicit: SetParams seen by a new instance",
        set == CUDA_SUCCESS && set2 == CUDA_SUCCESS && r == CUDA_SUCCESS && w32 == 0x80000006u &&
            read64(w.w64) == 7 && read64(w.w64b) == 43);
  if (r == CUDA_SUCCESS) r = cuGraphLaunch(x1, (CUstream)s);
  if (r == CUDA_SUCCESS) r = cuStreamSynchronize((CUstream)s);
  cudaMemcpy(&w32, w.w32, 4, cudaMemcpyDeviceToHost);
  check("explicit: the old instance keeps its values",
        r == CUDA_SUCCESS && w32 == 0x80000005u && read64(w.w64b) == 42);

  // bad parameters; count 0 is an empty node (CUDA 13 on an H100: CUDA_SUCCESS)
  CUgraphNode bad = NULL;
  CUDA_BATCH_MEM_OP_NODE_PARAMS none = {ctx, 0, first, 0};
  CUresult c0 = cuGraphAddBatchMemOpNode(&bad, g, NULL, 0, &none);
  CUDA_BATCH_MEM_OP_NODE_PARAMS flagged = {ctx, 1, first, 1};
  CUresult c1 = cuGraphAddBatchMemOpNode(&bad, g, NULL, 0, &flagged);
  CUstreamBatchMemOpParams unaligned = first[0];
  unaligned.writeValue.address = dev(w.w32) + 2;
  CUDA_BATCH_MEM_OP_NODE_PARAMS odd = {ctx, 1, &unaligned, 0};
  CUresult c2 = cuGraphAddBatchMemOpNode(&bad, g, NULL, 0, &odd);
  printf("explicit: count 0 -> %s, flags 1 -> %s, unaligned word -> %s\n", name(c0), name(c1),
         name(c2));
  check("explicit: bad parameters refused, an empty node taken",
        c0 == CUDA_SUCCESS && c1 == CUDA_ERROR_INVALID_VALUE && c2 == CUDA_ERROR_INVALID_VALUE);

  cuGraphExecDestroy(x1);
  if (x2) cuGraphExecDestroy(x2);
  cuGraphDestroy(g);
  cudaStreamDestroy(s);
}

int main() {
  cuInit(0);
  cudaFree(0); // the primary context, current
  int ops = 0, ops64 = 0;
  CUdevice device;
  cuDeviceGet(&device, 0);
  cuDeviceGetAttribute(&ops, CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR, device);
  cuDeviceGetAttribute(&ops64, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, device);
  printf("INFO: wait NOR %d, 64-bit memops %d\n", ops, ops64);
  words w;
  unsigned *data, *out;
  cudaMalloc(&w.flag, 64);
  cudaMalloc(&w.stamp, 64);
  cudaMalloc(&w.w32, 64);
  cudaMalloc(&w.w64, 64);
  cudaMalloc(&w.w64b, 64);
  cudaMalloc(&data, N * sizeof(unsigned));
  cudaMalloc(&out, N * sizeof(unsigned));
  captured(w, data, out);
  explicit_graph(w);
  cudaError_t e = cudaDeviceSynchronize();
  check("no error at the end", e == cudaSuccess);
  cudaFree(w.flag);
  cudaFree(w.stamp);
  cudaFree(w.w32);
  cudaFree(w.w64);
  cudaFree(w.w64b);
  cudaFree(data);
  cudaFree(out);
  printf(failures ? "FAIL (%d)\n" : "PASS\n", failures);
  return failures != 0;
}
