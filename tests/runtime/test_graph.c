/* tests/runtime/test_graph.c — libanchor's graphs and stream capture without
 * kernels (so it also runs under the sanitizers): memset (1-, 2- and 4-byte
 * elements, 2-D), memcpy (1-D, 3-D slices), host and empty nodes replayed;
 * capture of cudaMemsetAsync / cudaMemcpyAsync / cudaLaunchHostFunc /
 * cudaMallocAsync / cudaFreeAsync (the alloc node's memory is the graph's and
 * returns when the graph and its instance are gone); a while node whose body
 * clears its own handle and an if node left untaken; structure errors and
 * handle validation. Expected codes as in tests/e2e/graph_*.cu. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cuda_runtime.h"

static int host_calls;
static void count_call(void *p) {
  host_calls += *(int *)p;
}

static void test_nodes(void) {
  enum { N = 1000 };
  static uint32_t h[N], back[N];
  for (int i = 0; i < N; i++)
    h[i] = (uint32_t)i * 2654435761u;
  uint32_t *a = NULL, *b = NULL;
  CHECK_ERR(cudaMalloc((void **)&a, N * 4), cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&b, N * 4), cudaSuccess);
  cudaGraph_t g = NULL;
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  cudaGraphNode_t set, copy_in, copy, copy_out, host, empty;
  struct cudaMemsetParams ms = {a, 0, 0x12345678u, 4, N, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&set, g, NULL, 0, &ms), cudaSuccess);
  CHECK_ERR(cudaGraphAddMemcpyNode1D(&copy_in, g, &set, 1, b, h, N * 4, cudaMemcpyHostToDevice),
            cudaSuccess);
  /* 3-D: two slices of 5 rows of 40 bytes, pitch 80, 10 rows a slice: b -> a */
  struct cudaMemcpy3DParms p3;
  memset(&p3, 0, sizeof p3);
  p3.srcPtr = (struct cudaPitchedPtr){b, 80, 80, 10};
  p3.dstPtr = (struct cudaPitchedPtr){(char *)a + 2000, 80, 80, 10};
  p3.extent = (struct cudaExtent){40, 5, 2};
  p3.kind = cudaMemcpyDeviceToDevice;
  CHECK_ERR(cudaGraphAddMemcpyNode(&copy, g, &copy_in, 1, &p3), cudaSuccess);
  CHECK_ERR(cudaGraphAddMemcpyNode1D(&copy_out, g, &copy, 1, back, a, sizeof back,
                                     cudaMemcpyDeviceToHost),
            cudaSuccess);
  int one = 1;
  struct cudaHostNodeParams hp = {count_call, &one};
  CHECK_ERR(cudaGraphAddHostNode(&host, g, &copy_out, 1, &hp), cudaSuccess);
  CHECK_ERR(cudaGraphAddEmptyNode(&empty, g, &host, 1), cudaSuccess);
  cudaGraphExec_t x = NULL;
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  for (int r = 0; r < 3; r++) {
    memset(back, 0, sizeof back);
    CHECK_ERR(cudaGraphLaunch(x, NULL), cudaSuccess);
    CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  }
  CHECK(host_calls == 3);
  const unsigned char *bytes = (const unsigned char *)back, *src = (const unsigned char *)h;
  int bad = 0;
  for (int i = 0; i < N * 4; i++) {
    int off = i - 2000, z = off / 800, y = (off % 800) / 80, x3 = off % 80;
    int copied = off >= 0 && z < 2 && y < 5 && x3 < 40;
    unsigned char want = copied ? src[off] : ((const unsigned char *)&ms.value)[i % 4];
    bad += bytes[i] != want;
  }
  CHECK(bad == 0);
  /* 2-D memset of 2-byte elements: 3 rows of 10 elements, pitch 64 */
  struct cudaMemsetParams m2 = {a, 64, 0xbeef, 2, 10, 3};
  cudaGraphNode_t set2;
  CHECK_ERR(cudaGraphAddMemsetNode(&set2, g, &empty, 1, &m2), cudaSuccess);
  CHECK_ERR(cudaGraphExecUpdate(x, g, &(cudaGraphExecUpdateResultInfo){0}),
            cudaErrorGraphExecUpdateFailure); /* a node more: topology */
  cudaGraphExec_t x2 = NULL;
  CHECK_ERR(cudaGraphInstantiate(&x2, g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x2, NULL), cudaSuccess);
  CHECK_ERR(cudaMemcpy(back, a, 256, cudaMemcpyDeviceToHost), cudaSuccess);
  const uint16_t *half = (const uint16_t *)back;
  CHECK(half[0] == 0xbeef && half[9] == 0xbeef && half[32] == 0xbeef && half[73] == 0xbeef);
  CHECK(half[10] == 0x5678 && half[74] == 0x5678);
  CHECK(host_calls == 4);

  /* errors */
  CHECK_ERR(cudaGraphExecDestroy(NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphLaunch((cudaGraphExec_t)(uintptr_t)16, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphLaunch(x, (cudaStream_t)(uintptr_t)16), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaGraphDestroy((cudaGraph_t)(uintptr_t)16), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphAddEmptyNode(&empty, (cudaGraph_t)(uintptr_t)16, NULL, 0),
            cudaErrorInvalidValue);
  cudaGraphNode_t twice[2] = {set, set};
  CHECK_ERR(cudaGraphAddEmptyNode(&empty, g, twice, 2), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphAddDependencies(g, &set, &set, NULL, 1), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphNodeSetEnabled(x, host, 0), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphInstantiate(&x2, g, cudaGraphInstantiateFlagUpload), cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphExecDestroy(x2), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  CHECK_ERR(cudaFree(a), cudaSuccess);
  CHECK_ERR(cudaFree(b), cudaSuccess);
}

static void test_capture(void) {
  size_t free_before, total;
  CHECK_ERR(cudaMemGetInfo(&free_before, &total), cudaSuccess);
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  static int out[256];
  int two = 2, *tmp = NULL;
  host_calls = 0;
  CHECK_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
  CHECK_ERR(cudaMallocAsync((void **)&tmp, sizeof out, s), cudaSuccess);
  CHECK(tmp != NULL);
  CHECK_ERR(cudaMemsetAsync(tmp, 7, sizeof out, s), cudaSuccess);
  CHECK_ERR(cudaMemcpyAsync(out, tmp, sizeof out, cudaMemcpyDeviceToHost, s), cudaSuccess);
  CHECK_ERR(cudaLaunchHostFunc(s, count_call, &two), cudaSuccess);
  CHECK_ERR(cudaFreeAsync(tmp, s), cudaSuccess);
  cudaGraph_t g = NULL;
  CHECK_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
  CHECK(host_calls == 0);
  size_t count = 0;
  CHECK_ERR(cudaGraphGetNodes(g, NULL, &count), cudaSuccess);
  CHECK(count == 5);
  cudaGraphNode_t nodes[5];
  count = 5;
  CHECK_ERR(cudaGraphGetNodes(g, nodes, &count), cudaSuccess);
  enum cudaGraphNodeType t = cudaGraphNodeTypeCount;
  CHECK_ERR(cudaGraphNodeGetType(nodes[0], &t), cudaSuccess);
  CHECK(t == cudaGraphNodeTypeMemAlloc);
  CHECK_ERR(cudaGraphNodeGetType(nodes[4], &t), cudaSuccess);
  CHECK(t == cudaGraphNodeTypeMemFree);
  cudaGraphExec_t x = NULL;
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  CHECK(host_calls == 4 && out[0] == 0x07070707 && out[255] == 0x07070707);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess); /* the instance outlives its graph */
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  CHECK(host_calls == 6);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  size_t free_after;
  CHECK_ERR(cudaMemGetInfo(&free_after, &total), cudaSuccess);
  CHECK(free_after == free_before);
  /* a 2-D copy captured: 4 rows of 8 bytes between pitches 16 and 8 */
  unsigned char *pitched = NULL;
  CHECK_ERR(cudaMalloc((void **)&pitched, 64), cudaSuccess);
  CHECK_ERR(cudaMemset(pitched, 0x5a, 64), cudaSuccess);
  static unsigned char rows[32];
  memset(rows, 0, sizeof rows);
  CHECK_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
  CHECK_ERR(cudaMemcpy2DAsync(rows, 8, pitched, 16, 8, 4, cudaMemcpyDeviceToHost, s), cudaSuccess);
  CHECK_ERR(cudaStreamEndCapture(s, &g), cudaSuccess);
  CHECK(rows[0] == 0); /* captured, not done */
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  CHECK(rows[0] == 0x5a && rows[31] == 0x5a);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  CHECK_ERR(cudaFree(pitched), cudaSuccess);
  /* errors */
  CHECK_ERR(cudaStreamEndCapture(s, &g), cudaErrorIllegalState);
  CHECK_ERR(cudaStreamBeginCapture(NULL, cudaStreamCaptureModeGlobal),
            cudaErrorStreamCaptureUnsupported);
  CHECK_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
  void *p = NULL;
  CHECK_ERR(cudaMalloc(&p, 16), cudaErrorStreamCaptureUnsupported);
  enum cudaStreamCaptureStatus st;
  CHECK_ERR(cudaStreamIsCapturing(s, &st), cudaSuccess);
  CHECK(st == cudaStreamCaptureStatusInvalidated);
  CHECK_ERR(cudaMemsetAsync(out, 0, 4, s), cudaErrorStreamCaptureInvalidated);
  CHECK_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  CHECK(g == NULL);
  /* a stream destroyed while it captures: its capture is gone */
  CHECK_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  cudaGetLastError();
}

static void test_conditional(void) {
  cudaGraph_t g = NULL;
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  cudaGraphConditionalHandle loop = 0, never = 0;
  CHECK_ERR(cudaGraphConditionalHandleCreate(&loop, g, 1, cudaGraphCondAssignDefault), cudaSuccess);
  CHECK_ERR(cudaGraphConditionalHandleCreate(&never, g, 0, 0), cudaSuccess);
  CHECK_ERR(cudaGraphConditionalHandleCreate(&never, g, 0, 2), cudaErrorInvalidValue);
  int *marks = NULL;
  CHECK_ERR(cudaMalloc((void **)&marks, 8), cudaSuccess);
  CHECK_ERR(cudaMemset(marks, 0, 8), cudaSuccess);
  struct cudaGraphNodeParams wp = {.type = cudaGraphNodeTypeConditional};
  wp.conditional.handle = loop;
  wp.conditional.type = cudaGraphCondTypeWhile;
  wp.conditional.size = 1;
  cudaGraphNode_t w, i, body_set, body_mark, if_mark;
  CHECK_ERR(cudaGraphAddNode(&w, g, NULL, NULL, 0, &wp), cudaSuccess);
  CHECK(wp.conditional.phGraph_out && wp.conditional.phGraph_out[0]);
  CHECK_ERR(cudaGraphDestroy(wp.conditional.phGraph_out[0]), cudaErrorInvalidValue);
  /* the body clears its own condition: one iteration per launch */
  struct cudaMemsetParams clear = {(void *)(uintptr_t)loop, 0, 0, 4, 1, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&body_set, wp.conditional.phGraph_out[0], NULL, 0, &clear),
            cudaSuccess);
  struct cudaMemsetParams mark = {marks, 0, 1, 1, 1, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&body_mark, wp.conditional.phGraph_out[0], &body_set, 1, &mark),
            cudaSuccess);
  struct cudaGraphNodeParams ip = {.type = cudaGraphNodeTypeConditional};
  ip.conditional.handle = never;
  ip.conditional.type = cudaGraphCondTypeIf;
  ip.conditional.size = 1;
  CHECK_ERR(cudaGraphAddNode(&i, g, &w, NULL, 1, &ip), cudaSuccess);
  struct cudaMemsetParams mark2 = {marks + 1, 0, 1, 1, 1, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&if_mark, ip.conditional.phGraph_out[0], NULL, 0, &mark2),
            cudaSuccess);
  struct cudaGraphNodeParams bad = wp;
  bad.conditional.size = 2; /* a while node has one body */
  CHECK_ERR(cudaGraphAddNode(&i, g, NULL, NULL, 0, &bad), cudaErrorInvalidValue);
  bad = wp;
  bad.conditional.handle = 12345; /* not a handle of g */
  CHECK_ERR(cudaGraphAddNode(&i, g, NULL, NULL, 0, &bad), cudaErrorInvalidValue);
  cudaGraphExec_t x = NULL;
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  for (int r = 0; r < 3; r++)
    CHECK_ERR(cudaGraphLaunch(x, NULL), cudaSuccess);
  int h[2] = {9, 9};
  CHECK_ERR(cudaMemcpy(h, marks, 8, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(h[0] == 1 && h[1] == 0);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  CHECK_ERR(cudaFree(marks), cudaSuccess);
  cudaGetLastError();
}

/* Independent branches (replayed on separate lanes, joined back): pinned
 * buffers cleared at the root, three branches of copies and a memset, a host
 * node after all three that must see every branch's bytes; replayed back to
 * back. Then a while node evaluated asynchronously (its body, a host node and
 * a copy into the handle's cell, never waits for the device): cudaGraphLaunch
 * returns at once, the stream's later work waits for every iteration. */
enum { BRANCH_WORDS = 64, LOOP_ITERATIONS = 5 };
static uint32_t *branch_out[3];
static int join_calls, join_bad;
static void check_join(void *unused) {
  (void)unused;
  join_calls++;
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < BRANCH_WORDS; i++)
      join_bad += branch_out[k][i] != (k == 2 ? 0x22222222u : 0x11111111u);
}
static int loop_left, loop_runs;
static uint32_t *loop_value; /* pinned: what the body copies into the handle's cell */
static void count_down(void *unused) {
  (void)unused;
  loop_runs++;
  *loop_value = --loop_left > 0;
}

static void test_branches(void) {
  const size_t bytes = BRANCH_WORDS * 4;
  uint32_t *a = NULL, *b = NULL, *c = NULL, *d = NULL;
  CHECK_ERR(cudaMalloc((void **)&a, bytes), cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&b, bytes), cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&c, bytes), cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&d, bytes), cudaSuccess);
  for (int k = 0; k < 3; k++)
    CHECK_ERR(cudaMallocHost((void **)&branch_out[k], bytes), cudaSuccess);
  cudaGraph_t g = NULL;
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  cudaGraphNode_t clear[3], fill, ends[3], mid[3], join;
  for (int k = 0; k < 3; k++) {
    struct cudaMemsetParams z = {branch_out[k], 0, 0, 4, BRANCH_WORDS, 1};
    CHECK_ERR(cudaGraphAddMemsetNode(&clear[k], g, k ? &clear[k - 1] : NULL, k ? 1 : 0, &z),
              cudaSuccess);
  }
  struct cudaMemsetParams ones = {a, 0, 0x11, 1, bytes, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&fill, g, &clear[2], 1, &ones), cudaSuccess);
  CHECK_ERR(cudaGraphAddMemcpyNode1D(&mid[0], g, &fill, 1, b, a, bytes, cudaMemcpyDeviceToDevice),
            cudaSuccess);
  CHECK_ERR(cudaGraphAddMemcpyNode1D(&mid[1], g, &fill, 1, c, a, bytes, cudaMemcpyDeviceToDevice),
            cudaSuccess);
  struct cudaMemsetParams twos = {d, 0, 0x22222222u, 4, BRANCH_WORDS, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&mid[2], g, &fill, 1, &twos), cudaSuccess);
  uint32_t *from[3] = {b, c, d};
  for (int k = 0; k < 3; k++)
    CHECK_ERR(cudaGraphAddMemcpyNode1D(&ends[k], g, &mid[k], 1, branch_out[k], from[k], bytes,
                                       cudaMemcpyDeviceToHost),
              cudaSuccess);
  struct cudaHostNodeParams hp = {check_join, NULL};
  CHECK_ERR(cudaGraphAddHostNode(&join, g, ends, 3, &hp), cudaSuccess);
  cudaGraphExec_t x = NULL;
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  for (int r = 0; r < 10; r++)
    CHECK_ERR(cudaGraphLaunch(x, r % 2 ? s : NULL), cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  CHECK(join_calls == 10 && join_bad == 0);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);

  /* while: body = count_down (host) -> copy *loop_value into the cell */
  CHECK_ERR(cudaMallocHost((void **)&loop_value, 4), cudaSuccess);
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  cudaGraphConditionalHandle loop = 0;
  CHECK_ERR(cudaGraphConditionalHandleCreate(&loop, g, 1, cudaGraphCondAssignDefault), cudaSuccess);
  struct cudaGraphNodeParams wp = {.type = cudaGraphNodeTypeConditional};
  wp.conditional.handle = loop;
  wp.conditional.type = cudaGraphCondTypeWhile;
  wp.conditional.size = 1;
  cudaGraphNode_t w, body_host, body_copy, after;
  CHECK_ERR(cudaGraphAddNode(&w, g, NULL, NULL, 0, &wp), cudaSuccess);
  struct cudaHostNodeParams down = {count_down, NULL};
  CHECK_ERR(cudaGraphAddHostNode(&body_host, wp.conditional.phGraph_out[0], NULL, 0, &down),
            cudaSuccess);
  CHECK_ERR(cudaGraphAddMemcpyNode1D(&body_copy, wp.conditional.phGraph_out[0], &body_host, 1,
                                     (void *)(uintptr_t)loop, loop_value, 4,
                                     cudaMemcpyHostToDevice),
            cudaSuccess);
  struct cudaMemsetParams mark = {branch_out[0], 0, 0x33, 1, bytes, 1};
  CHECK_ERR(cudaGraphAddMemsetNode(&after, g, &w, 1, &mark), cudaSuccess);
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  for (int r = 0; r < 3; r++) {
    loop_left = LOOP_ITERATIONS; /* the previous launch is done: synchronised below */
    branch_out[0][0] = 0;
    CHECK_ERR(cudaGraphLaunch(x, s), cudaSuccess);
    CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
    CHECK(loop_runs == (r + 1) * LOOP_ITERATIONS && branch_out[0][0] == 0x33333333u);
  }
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  for (int k = 0; k < 3; k++)
    CHECK_ERR(cudaFreeHost(branch_out[k]), cudaSuccess);
  CHECK_ERR(cudaFreeHost(loop_value), cudaSuccess);
  uint32_t *all[] = {a, b, c, d};
  for (int k = 0; k < 4; k++)
    CHECK_ERR(cudaFree(all[k]), cudaSuccess);
  cudaGetLastError();
}

/* cudaDeviceReset destroys graphs, instances and captures: their handles are
 * invalid afterwards (never a crash), and the next graph works. */
static void test_reset(void) {
  cudaGraph_t g = NULL;
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.bytesize = 4096;
  cudaGraphNode_t alloc;
  CHECK_ERR(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &ap), cudaSuccess);
  cudaGraphExec_t x = NULL;
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  CHECK_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed), cudaSuccess);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, NULL), cudaErrorInvalidValue);
  CHECK_ERR(cudaGraphDestroy(g), cudaErrorInvalidValue);
  size_t n = 0;
  CHECK_ERR(cudaGraphGetNodes(g, NULL, &n), cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK_ERR(cudaGraphCreate(&g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphAddEmptyNode(&alloc, g, NULL, 0), cudaSuccess);
  CHECK_ERR(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
  CHECK_ERR(cudaGraphLaunch(x, NULL), cudaSuccess);
  CHECK_ERR(cudaGraphExecDestroy(x), cudaSuccess);
  CHECK_ERR(cudaGraphDestroy(g), cudaSuccess);
}

int main(void) {
  test_nodes();
  test_capture();
  test_conditional();
  test_branches();
  test_reset();
  return check_finish("test_graph");
}
