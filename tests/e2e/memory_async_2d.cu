// memory_async_2d.cu — 2-D/3-D copies and memsets are stream-ordered work, not host
// copies after a device-wide wait. Behind a kernel that keeps its stream busy until the
// host opens a gate (spin_wait.h), it queues cudaMemcpy2DAsync, cudaMemset2DAsync,
// cudaMemcpy3DAsync (with positions) and cudaMemset3DAsync of device memory, a 2-D copy
// from page-locked host memory and a device-to-device cudaMemcpy2D; each call must return
// while the kernel still runs (an event recorded after it is not ready), and once the
// gate opens the results must show the kernel's values copied in stream order. Then a
// second stream waits for the first through an event, a 2-D copy with unaligned rows
// (which may be done by the host) still sees the work before it, and a captured
// cudaMemcpy2DAsync is a memcpy node whose replay copies again. Last, the driver API's
// cuMemcpy2DAsync and cuMemcpy3DAsync behind the kernel, the same way (links -lcuda).
// Prints PASS or FAIL: <details>.
#include <cuda.h>
#include <stdio.h>
#include <string.h>

#include "spin_wait.h"

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s -> %s (line %d)\n", #call, cudaGetErrorName(e_), __LINE__);                 \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL: " __VA_ARGS__);                                                                \
      printf(" (line %d)\n", __LINE__);                                                            \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

enum { W = 48, H = 20, D = 3, N = 4096 };

// The call must not have waited for the spinning kernel: the event after it is pending.
static int still_running(cudaEvent_t after, const char *what) {
  cudaError_t q = cudaEventQuery(after);
  if (q != cudaErrorNotReady) {
    printf("FAIL: %s waited for the kernel before it (event query %s)\n", what,
           cudaGetErrorName(q));
    return 0;
  }
  return 1;
}

static int opened(spin_gate *g, const char *what) {
  int seen = 0;
  if (cudaMemcpy(&seen, g->opened, sizeof seen, cudaMemcpyDeviceToHost) != cudaSuccess || !seen) {
    printf("FAIL: %s: the kernel gave up waiting for the gate (the call waited for it)\n", what);
    return 0;
  }
  return 1;
}

int main() {
  spin_gate gate;
  CHECK(spin_gate_create(&gate));
  cudaStream_t s, t;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking));
  cudaEvent_t after, joined;
  CHECK(cudaEventCreate(&after));
  CHECK(cudaEventCreate(&joined));

  int *src = NULL, *dst = NULL;
  size_t spitch = 0, dpitch = 0;
  CHECK(cudaMallocPitch((void **)&src, &spitch, W * sizeof(int), H * D));
  CHECK(cudaMallocPitch((void **)&dst, &dpitch, W * sizeof(int), H * D));
  int *flat = NULL; // the kernel's output, W*H*D values in a row
  CHECK(cudaMalloc((void **)&flat, N * sizeof(int)));
  static int host[H * D][W];

  // 1. cudaMemcpy2DAsync device to device behind the kernel: the kernel fills flat, a
  //    2-D copy moves its first W*H values into src's rows, another into dst.
  CHECK(cudaMemset2D(dst, dpitch, 0, W * sizeof(int), H * D));
  CHECK(cudaDeviceSynchronize());
  spin_then_fill<<<1, 256, 0, s>>>(gate.device, flat, N, 1000, gate.opened);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2DAsync(src, spitch, flat, W * sizeof(int), W * sizeof(int), H,
                          cudaMemcpyDeviceToDevice, s));
  CHECK(
      cudaMemcpy2DAsync(dst, dpitch, src, spitch, W * sizeof(int), H, cudaMemcpyDeviceToDevice, s));
  CHECK(cudaEventRecord(after, s));
  if (!still_running(after, "cudaMemcpy2DAsync (device to device)")) return 1;
  spin_gate_open(&gate);
  CHECK(cudaStreamSynchronize(s));
  if (!opened(&gate, "cudaMemcpy2DAsync")) return 1;
  CHECK(
      cudaMemcpy2D(host, W * sizeof(int), dst, dpitch, W * sizeof(int), H, cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      EXPECT(host[y][x] == 1000 + y * W + x, "2-D copy [%d][%d] = %d, want %d", y, x, host[y][x],
             1000 + y * W + x);

  // 2. cudaMemset2DAsync behind the kernel: rows 2..9 of dst, bytes 8..(8+64) of each,
  //    become 0x7f bytes after the kernel's values were copied into dst.
  spin_gate_close(&gate);
  spin_then_fill<<<1, 256, 0, s>>>(gate.device, flat, N, 2000, gate.opened);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2DAsync(dst, dpitch, flat, W * sizeof(int), W * sizeof(int), H,
                          cudaMemcpyDeviceToDevice, s));
  CHECK(cudaMemset2DAsync((char *)dst + 2 * dpitch + 8, dpitch, 0x7f, 64, 8, s));
  CHECK(cudaEventRecord(after, s));
  if (!still_running(after, "cudaMemset2DAsync")) return 1;
  spin_gate_open(&gate);
  CHECK(cudaStreamSynchronize(s));
  if (!opened(&gate, "cudaMemset2DAsync")) return 1;
  CHECK(
      cudaMemcpy2D(host, W * sizeof(int), dst, dpitch, W * sizeof(int), H, cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      bool set = y >= 2 && y < 10 && x >= 2 && x < 2 + 16;
      int want = set ? 0x7f7f7f7f : 2000 + y * W + x;
      EXPECT(host[y][x] == want, "2-D memset [%d][%d] = %d, want %d", y, x, host[y][x], want);
    }

  // 3. cudaMemcpy3DAsync behind the kernel: D slices of H rows from flat (pitch W ints,
  //    H rows a slice) into src at x = 4 ints, y = 1, z = 0, extent (W-8) ints x (H-2) x D;
  //    then cudaMemset3DAsync clears slice 2 of dst, then src goes to dst in 3-D.
  spin_gate_close(&gate);
  CHECK(cudaMemset2D(src, spitch, 0, W * sizeof(int), H * D));
  CHECK(cudaDeviceSynchronize());
  spin_then_fill<<<1, 256, 0, s>>>(gate.device, flat, N, 3000, gate.opened);
  CHECK(cudaGetLastError());
  cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(flat, W * sizeof(int), W, H);
  p.dstPtr = make_cudaPitchedPtr(src, spitch, W, H);
  p.dstPos = make_cudaPos(4 * sizeof(int), 1, 0);
  p.extent = make_cudaExtent((W - 8) * sizeof(int), H - 2, D);
  p.kind = cudaMemcpyDeviceToDevice;
  CHECK(cudaMemcpy3DAsync(&p, s));
  cudaPitchedPtr whole = make_cudaPitchedPtr(dst, dpitch, W, H);
  CHECK(cudaMemset3DAsync(whole, 0x11, make_cudaExtent(W * sizeof(int), H, D), s));
  cudaMemcpy3DParms q;
  memset(&q, 0, sizeof q);
  q.srcPtr = make_cudaPitchedPtr(src, spitch, W, H);
  q.dstPtr = whole;
  q.extent = make_cudaExtent(W * sizeof(int), H, D - 1); // slices 0 and 1
  q.kind = cudaMemcpyDeviceToDevice;
  CHECK(cudaMemcpy3DAsync(&q, s));
  CHECK(cudaEventRecord(after, s));
  if (!still_running(after, "cudaMemcpy3DAsync/cudaMemset3DAsync")) return 1;
  spin_gate_open(&gate);
  CHECK(cudaStreamSynchronize(s));
  if (!opened(&gate, "cudaMemcpy3DAsync")) return 1;
  CHECK(cudaMemcpy2D(host, W * sizeof(int), dst, dpitch, W * sizeof(int), H * D,
                     cudaMemcpyDeviceToHost));
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
        int want;
        if (z == D - 1)
          want = 0x11111111; // the 3-D memset, not overwritten
        else if (y >= 1 && y < H - 1 && x >= 4 && x < W - 4)
          want = 3000 + z * W * H + (y - 1) * W + (x - 4);
        else
          want = 0; // src's cleared border
        EXPECT(host[z * H + y][x] == want, "3-D [%d][%d][%d] = %d, want %d", z, y, x,
               host[z * H + y][x], want);
      }

  // 4. A 2-D copy from page-locked host memory and a blocking device-to-device
  //    cudaMemcpy2D on the legacy stream behind a kernel on a blocking stream.
  spin_gate_close(&gate);
  int *pinned = NULL;
  CHECK(cudaMallocHost((void **)&pinned, W * H * sizeof(int)));
  for (int i = 0; i < W * H; i++)
    pinned[i] = 5000 + i;
  cudaStream_t blocking;
  CHECK(cudaStreamCreate(&blocking));
  spin_then_fill<<<1, 256, 0, blocking>>>(gate.device, flat, N, 4000, gate.opened);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2DAsync(src, spitch, pinned, W * sizeof(int), W * sizeof(int), H,
                          cudaMemcpyHostToDevice, blocking));
  CHECK(cudaMemcpy2D(dst, dpitch, flat, W * sizeof(int), W * sizeof(int), H,
                     cudaMemcpyDeviceToDevice)); // legacy: after the kernel, host not blocked
  CHECK(cudaEventRecord(after, 0));
  if (!still_running(after, "cudaMemcpy2D (device to device) / 2-D copy from pinned memory"))
    return 1;
  spin_gate_open(&gate);
  CHECK(cudaDeviceSynchronize());
  if (!opened(&gate, "cudaMemcpy2D")) return 1;
  CHECK(
      cudaMemcpy2D(host, W * sizeof(int), dst, dpitch, W * sizeof(int), H, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy2D(host[H], W * sizeof(int), src, spitch, W * sizeof(int), H,
                     cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      EXPECT(host[y][x] == 4000 + y * W + x, "cudaMemcpy2D [%d][%d] = %d", y, x, host[y][x]);
      EXPECT(host[H + y][x] == 5000 + y * W + x, "pinned 2-D [%d][%d] = %d", y, x, host[H + y][x]);
    }

  // 5. Stream t waits for s through an event: t's 2-D copy of 3-byte rows at odd offsets
  //    (not blit-aligned; CUDA may do it any way) sees s's kernel's values.
  spin_gate_close(&gate);
  spin_then_fill<<<1, 256, 0, s>>>(gate.device, flat, N, 0x01020304, gate.opened);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(joined, s));
  CHECK(cudaStreamWaitEvent(t, joined, 0));
  spin_gate_open(&gate); // the unaligned copy may wait for the device
  CHECK(cudaMemcpy2DAsync((char *)dst + 1, dpitch, (char *)flat + 1, W * sizeof(int), 3, H,
                          cudaMemcpyDeviceToDevice, t));
  CHECK(cudaStreamSynchronize(t));
  if (!opened(&gate, "event join")) return 1;
  static unsigned char bytes[H][W * sizeof(int)], want_bytes[W * sizeof(int)];
  CHECK(cudaMemcpy2D(bytes, sizeof bytes[0], dst, dpitch, sizeof bytes[0], H,
                     cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      int v = 4000 + y * W + x; // what case 4 left in dst
      memcpy(want_bytes + x * sizeof(int), &v, sizeof v);
    }
    int first = 0x01020304 + y * W;
    memcpy(want_bytes + 1, (unsigned char *)&first + 1, 3);
    EXPECT(memcmp(bytes[y], want_bytes, sizeof want_bytes) == 0, "unaligned 2-D row %d", y);
  }

  // 6. Captured: cudaMemcpy2DAsync in a capture is a memcpy node; each replay copies.
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK(
      cudaMemcpy2DAsync(dst, dpitch, src, spitch, W * sizeof(int), H, cudaMemcpyDeviceToDevice, s));
  CHECK(cudaStreamEndCapture(s, &graph));
  size_t count = 0;
  CHECK(cudaGraphGetNodes(graph, NULL, &count));
  EXPECT(count == 1, "capture has %zu nodes, want 1", count);
  cudaGraphNode_t node;
  CHECK(cudaGraphGetNodes(graph, &node, &count));
  cudaGraphNodeType type;
  CHECK(cudaGraphNodeGetType(node, &type));
  EXPECT(type == cudaGraphNodeTypeMemcpy, "captured 2-D copy is node type %d", (int)type);
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < W * H; i++)
      pinned[i] = 7000 * (round + 1) + i;
    CHECK(cudaMemcpy2D(src, spitch, pinned, W * sizeof(int), W * sizeof(int), H,
                       cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy2D(host, W * sizeof(int), dst, dpitch, W * sizeof(int), H,
                       cudaMemcpyDeviceToHost));
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        EXPECT(host[y][x] == 7000 * (round + 1) + y * W + x, "replay %d [%d][%d] = %d", round, y, x,
               host[y][x]);
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));

  // 7. The driver API: cuMemcpy2DAsync and cuMemcpy3DAsync (device to device) on s
  //    behind the kernel, returning while it runs.
  spin_gate_close(&gate);
  spin_then_fill<<<1, 256, 0, s>>>(gate.device, flat, N, 9000, gate.opened);
  CHECK(cudaGetLastError());
  CUDA_MEMCPY2D c2;
  memset(&c2, 0, sizeof c2);
  c2.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c2.srcDevice = (CUdeviceptr)flat;
  c2.srcPitch = W * sizeof(int);
  c2.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  c2.dstDevice = (CUdeviceptr)src;
  c2.dstPitch = spitch;
  c2.WidthInBytes = W * sizeof(int);
  c2.Height = H;
  CUresult r = cuInit(0);
  EXPECT(r == CUDA_SUCCESS, "cuInit -> %d", (int)r);
  r = cuMemcpy2DAsync(&c2, (CUstream)s);
  EXPECT(r == CUDA_SUCCESS, "cuMemcpy2DAsync -> %d", (int)r);
  CUDA_MEMCPY3D c3;
  memset(&c3, 0, sizeof c3);
  c3.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c3.srcDevice = (CUdeviceptr)src;
  c3.srcPitch = spitch;
  c3.srcHeight = H;
  c3.srcY = 2;
  c3.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  c3.dstDevice = (CUdeviceptr)dst;
  c3.dstPitch = dpitch;
  c3.dstHeight = H;
  c3.WidthInBytes = W * sizeof(int);
  c3.Height = H - 2;
  c3.Depth = 1;
  r = cuMemcpy3DAsync(&c3, (CUstream)s);
  EXPECT(r == CUDA_SUCCESS, "cuMemcpy3DAsync -> %d", (int)r);
  CHECK(cudaEventRecord(after, s));
  if (!still_running(after, "cuMemcpy2DAsync/cuMemcpy3DAsync")) return 1;
  spin_gate_open(&gate);
  CHECK(cudaStreamSynchronize(s));
  if (!opened(&gate, "cuMemcpy2DAsync")) return 1;
  CHECK(cudaMemcpy2D(host, W * sizeof(int), dst, dpitch, W * sizeof(int), H - 2,
                     cudaMemcpyDeviceToHost));
  for (int y = 0; y < H - 2; y++)
    for (int x = 0; x < W; x++)
      EXPECT(host[y][x] == 9000 + (y + 2) * W + x, "driver 3-D copy [%d][%d] = %d", y, x,
             host[y][x]);

  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFreeHost(gate.host));
  CHECK(cudaFree(gate.opened));
  CHECK(cudaFree(flat));
  CHECK(cudaFree(src));
  CHECK(cudaFree(dst));
  CHECK(cudaStreamDestroy(blocking));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaStreamDestroy(t));
  printf("PASS\n");
  return 0;
}
