// The memory API's contract for bad calls: registration (NULL, size 0, bad
// flags, double and overlapping registration, unregistered pointers),
// cudaHostGetFlags / cudaHostGetDevicePointer, cudaHostAlloc flags, pitched
// allocation and copies (pitch < width, bad kinds), 3-D parameters, peers on
// another device, stream-ordered allocation, pools and their attributes,
// cudaStreamAttachMemAsync. Every call's code is printed ("name = code"), for
// the H200 comparison. Every code is checked: those CUDA documents and those the H200
// showed (CUDA 13, 2026-12-01, issue9_device_run.sh); calls added since are printed only
// (marked '?') until the next H200 run. Never a crash or a hang.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;

static void expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%-52s = %d %s\n", what, (int)got, cudaGetErrorName(got));
  if (got != want) {
    printf("FAIL: %s: want %d %s\n", what, (int)want, cudaGetErrorName(want));
    failures++;
  }
  cudaGetLastError();
}
static void show(const char *what, cudaError_t got) {
  printf("%-52s = %d %s ?\n", what, (int)got, cudaGetErrorName(got));
  cudaGetLastError();
}

int main() {
  char *heap = (char *)malloc(1 << 16);
  char *other = (char *)malloc(1 << 16);
  void *dev = NULL, *host = NULL, *managed = NULL;
  cudaMalloc(&dev, 4096);
  cudaMallocHost(&host, 4096);
  cudaMallocManaged(&managed, 4096);

  // ---- registration
  expect("cudaHostRegister(NULL, 100, 0)", cudaHostRegister(NULL, 100, 0), cudaErrorInvalidValue);
  expect("cudaHostRegister(p, 0, 0)", cudaHostRegister(heap, 0, 0), cudaErrorInvalidValue);
  expect("cudaHostRegister(p, n, 0x100)", cudaHostRegister(heap, 4096, 0x100),
         cudaErrorInvalidValue);
  expect("cudaHostRegister(p, n, IoMemory)", cudaHostRegister(heap, 4096, cudaHostRegisterIoMemory),
         cudaErrorInvalidValue);
  cudaHostUnregister(heap); /* in case it succeeded */
  cudaGetLastError();
  expect("cudaHostRegister(p, n, Default)", cudaHostRegister(heap, 4096, 0), cudaSuccess);
  expect("cudaHostRegister(same again)", cudaHostRegister(heap, 4096, 0),
         cudaErrorHostMemoryAlreadyRegistered);
  expect("cudaHostRegister(overlapping)", cudaHostRegister(heap + 100, 8192, 0),
         cudaErrorHostMemoryAlreadyRegistered);
  // H200, CUDA 13, 2026-12-01: cudaErrorInvalidValue (not ...AlreadyRegistered)
  expect("cudaHostRegister(cudaMallocHost memory)", cudaHostRegister(host, 4096, 0),
         cudaErrorInvalidValue);
  expect("cudaHostRegister(cudaMalloc memory)", cudaHostRegister(dev, 4096, 0),
         cudaErrorInvalidValue);
  unsigned registered_flags = 99;
  cudaError_t rf = cudaHostGetFlags(&registered_flags, heap);
  printf("cudaHostGetFlags(registered Default) = %d flags=%u ?\n", (int)rf, registered_flags);
  show("cudaHostRegister(cudaMallocManaged memory)", cudaHostRegister(managed, 4096, 0));
  expect("cudaHostUnregister(unregistered)", cudaHostUnregister(other),
         cudaErrorHostMemoryNotRegistered);
  // H200, CUDA 13, 2026-12-01: inside a registration is cudaErrorInvalidValue
  expect("cudaHostUnregister(interior)", cudaHostUnregister(heap + 16), cudaErrorInvalidValue);
  expect("cudaHostUnregister(NULL)", cudaHostUnregister(NULL), cudaErrorInvalidValue);
  expect("cudaHostUnregister(p)", cudaHostUnregister(heap), cudaSuccess);
  expect("cudaHostUnregister(p) again", cudaHostUnregister(heap), cudaErrorHostMemoryNotRegistered);

  // ---- flags and device pointers
  unsigned flags = 0;
  void *dp = NULL;
  expect("cudaHostGetFlags(NULL, p)", cudaHostGetFlags(NULL, host), cudaErrorInvalidValue);
  expect("cudaHostGetFlags(&f, unregistered)", cudaHostGetFlags(&flags, other),
         cudaErrorInvalidValue);
  expect("cudaHostGetFlags(&f, cudaMalloc)", cudaHostGetFlags(&flags, dev), cudaErrorInvalidValue);
  cudaError_t e = cudaHostGetFlags(&flags, host);
  printf("cudaHostGetFlags(cudaMallocHost) = %d flags=%u\n", (int)e, flags);
  if (e != cudaSuccess || flags != cudaHostAllocMapped) { // H200, CUDA 13, 2026-12-01: 0, 2
    printf("FAIL: cudaHostGetFlags(cudaMallocHost): want 0 flags=2\n");
    failures++;
  }
  expect("cudaHostGetDevicePointer(NULL, p, 0)", cudaHostGetDevicePointer(NULL, host, 0),
         cudaErrorInvalidValue);
  expect("cudaHostGetDevicePointer(&d, p, 1)", cudaHostGetDevicePointer(&dp, host, 1),
         cudaErrorInvalidValue);
  expect("cudaHostGetDevicePointer(&d, unregistered, 0)", cudaHostGetDevicePointer(&dp, other, 0),
         cudaErrorInvalidValue);
  void *ha = NULL;
  expect("cudaHostAlloc(&p, n, 0x80)", cudaHostAlloc(&ha, 4096, 0x80), cudaErrorInvalidValue);
  expect("cudaHostAlloc(NULL, n, 0)", cudaHostAlloc(NULL, 4096, 0), cudaErrorInvalidValue);
  expect("cudaHostAlloc(&p, n, Portable|Mapped|WC)",
         cudaHostAlloc(&ha, 4096,
                       cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined),
         cudaSuccess);
  e = cudaHostGetFlags(&flags, ha);
  printf("cudaHostGetFlags(cudaHostAlloc 7) = %d flags=%u\n", (int)e, flags);
  if (e != cudaSuccess || flags != 7) { // H200, CUDA 13, 2026-12-01: 0, 7
    printf("FAIL: cudaHostGetFlags(cudaHostAlloc 7): want 0 flags=7\n");
    failures++;
  }
  cudaFreeHost(ha);

  // ---- pitched memory
  size_t pitch = 0;
  void *pp = NULL;
  expect("cudaMallocPitch(NULL, &pitch, 10, 10)", cudaMallocPitch(NULL, &pitch, 10, 10),
         cudaErrorInvalidValue);
  expect("cudaMallocPitch(&p, NULL, 10, 10)", cudaMallocPitch(&pp, NULL, 10, 10),
         cudaErrorInvalidValue);
  expect("cudaMallocPitch(&p, &pitch, 100, 8)", cudaMallocPitch(&pp, &pitch, 100, 8), cudaSuccess);
  char buf[4096];
  expect("cudaMemcpy2D(dpitch < width)",
         cudaMemcpy2D(pp, 50, buf, 100, 100, 8, cudaMemcpyHostToDevice),
         cudaErrorInvalidPitchValue);
  expect("cudaMemcpy2D(spitch < width)",
         cudaMemcpy2D(pp, pitch, buf, 50, 100, 8, cudaMemcpyHostToDevice),
         cudaErrorInvalidPitchValue);
  expect("cudaMemcpy2D(kind 7)", cudaMemcpy2D(pp, pitch, buf, 100, 100, 8, (cudaMemcpyKind)7),
         cudaErrorInvalidMemcpyDirection);
  // H200, CUDA 13, 2026-12-01: cudaErrorInvalidValue (cudaMemcpy2D's is ...InvalidPitchValue)
  expect("cudaMemset2D(pitch < width)", cudaMemset2D(pp, 50, 0, 100, 8), cudaErrorInvalidValue);
  expect("cudaMemset2D(unregistered host memory)", cudaMemset2D(other, 128, 0, 100, 8),
         cudaErrorInvalidValue);
  expect("cudaMemcpy2D(H2D past the allocation)",
         cudaMemcpy2D(pp, pitch, buf, 100, 100, 9, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  expect("cudaMemcpy3D(NULL)", cudaMemcpy3D(NULL), cudaErrorInvalidValue);
  cudaMemcpy3DParms p3;
  memset(&p3, 0, sizeof p3);
  p3.extent = make_cudaExtent(10, 2, 1);
  p3.kind = cudaMemcpyHostToDevice;
  expect("cudaMemcpy3D(no pointers)", cudaMemcpy3D(&p3), cudaErrorInvalidValue);
  p3.srcPtr = make_cudaPitchedPtr(buf, 100, 100, 8);
  p3.dstPtr = make_cudaPitchedPtr(pp, pitch, 100, 8);
  expect("cudaMemcpy3D(valid)", cudaMemcpy3D(&p3), cudaSuccess);
  p3.extent = make_cudaExtent(pitch + 1, 2, 1);
  expect("cudaMemcpy3D(width > dst pitch)", cudaMemcpy3D(&p3), cudaErrorInvalidPitchValue);
  expect("cudaMalloc3D(NULL, extent)", cudaMalloc3D(NULL, make_cudaExtent(1, 1, 1)),
         cudaErrorInvalidValue);

  // ---- peers: one device
  int count = 0;
  cudaGetDeviceCount(&count);
  printf("device count = %d\n", count);
  if (count == 1) {
    expect("cudaMemcpyPeer(dst, 1, src, 0, n)", cudaMemcpyPeer(dev, 1, pp, 0, 16),
           cudaErrorInvalidDevice);
    cudaMemcpy3DPeerParms peer;
    memset(&peer, 0, sizeof peer);
    peer.srcPtr = make_cudaPitchedPtr(pp, pitch, 100, 8);
    peer.dstPtr = make_cudaPitchedPtr(dev, 128, 100, 8);
    peer.extent = make_cudaExtent(16, 1, 1);
    peer.dstDevice = 1;
    expect("cudaMemcpy3DPeer(dstDevice 1)", cudaMemcpy3DPeer(&peer), cudaErrorInvalidDevice);
  }
  expect("cudaMemcpyPeer(dst, 0, src, 0, n)", cudaMemcpyPeer(dev, 0, pp, 0, 16), cudaSuccess);

  // ---- stream-ordered allocation and pools
  void *ap = NULL;
  expect("cudaMallocAsync(NULL, n, 0)", cudaMallocAsync(NULL, 16, 0), cudaErrorInvalidValue);
  expect("cudaFreeAsync(unregistered, 0)", cudaFreeAsync(other, 0), cudaErrorInvalidValue);
  // H200, CUDA 13, 2026-12-01: cudaSuccess: it frees cudaMalloc's memory too (dev is gone after it)
  expect("cudaFreeAsync(cudaMalloc memory, 0)", cudaFreeAsync(dev, 0), cudaSuccess);
  cudaDeviceSynchronize();
  cudaGetLastError();
  cudaMemPool_t pool = NULL, def = NULL;
  expect("cudaDeviceGetDefaultMemPool(NULL, 0)", cudaDeviceGetDefaultMemPool(NULL, 0),
         cudaErrorInvalidValue);
  expect("cudaDeviceGetDefaultMemPool(&p, 99)", cudaDeviceGetDefaultMemPool(&def, 99),
         cudaErrorInvalidDevice);
  expect("cudaDeviceGetDefaultMemPool(&p, 0)", cudaDeviceGetDefaultMemPool(&def, 0), cudaSuccess);
  expect("cudaMemPoolCreate(&p, NULL)", cudaMemPoolCreate(&pool, NULL), cudaErrorInvalidValue);
  cudaMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.location.type = cudaMemLocationTypeDevice;
  expect("cudaMemPoolCreate(allocType Invalid)", cudaMemPoolCreate(&pool, &props),
         cudaErrorInvalidValue);
  props.allocType = cudaMemAllocationTypePinned;
  props.location.id = 99;
  // H200, CUDA 13, 2026-12-01: cudaErrorInvalidValue
  expect("cudaMemPoolCreate(device 99)", cudaMemPoolCreate(&pool, &props), cudaErrorInvalidValue);
  props.location.id = 0;
  expect("cudaMemPoolCreate(valid)", cudaMemPoolCreate(&pool, &props), cudaSuccess);
  unsigned long long v = 5;
  expect("cudaMemPoolSetAttribute(UsedMemCurrent)",
         cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &v), cudaErrorInvalidValue);
  expect("cudaMemPoolSetAttribute(ReservedMemCurrent)",
         cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &v),
         cudaErrorInvalidValue);
  expect("cudaMemPoolSetAttribute(UsedMemHigh, 5)",
         cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &v), cudaErrorInvalidValue);
  expect("cudaMemPoolGetAttribute(value NULL)",
         cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, NULL),
         cudaErrorInvalidValue);
  expect("cudaMemPoolGetAttribute(attr 99)", cudaMemPoolGetAttribute(pool, (cudaMemPoolAttr)99, &v),
         cudaErrorInvalidValue);
  cudaMemAccessDesc access = {{cudaMemLocationTypeDevice, 99}, cudaMemAccessFlagsProtReadWrite};
  expect("cudaMemPoolSetAccess(device 99)", cudaMemPoolSetAccess(pool, &access, 1),
         cudaErrorInvalidDevice);
  expect("cudaMallocFromPoolAsync(&p, n, NULL, 0)", cudaMallocFromPoolAsync(&ap, 16, NULL, 0),
         cudaErrorInvalidValue);
  expect("cudaMemPoolDestroy(default pool)", cudaMemPoolDestroy(def), cudaErrorInvalidValue);
  expect("cudaMemPoolDestroy(created)", cudaMemPoolDestroy(pool), cudaSuccess);
  // H200, CUDA 13, 2026-12-01: cudaErrorInvalidValue (not ...InvalidDevice)
  expect("cudaDeviceSetMemPool(99, default)", cudaDeviceSetMemPool(99, def), cudaErrorInvalidValue);

  // ---- cudaStreamAttachMemAsync
  cudaStream_t s;
  cudaStreamCreate(&s);
  expect("cudaStreamAttachMemAsync(s, managed, 0, Single)",
         cudaStreamAttachMemAsync(s, managed, 0, cudaMemAttachSingle), cudaSuccess);
  expect("cudaStreamAttachMemAsync(s, managed, 0, Global)",
         cudaStreamAttachMemAsync(s, managed, 0, cudaMemAttachGlobal), cudaSuccess);
  expect("cudaStreamAttachMemAsync(0, managed, 0, Host)",
         cudaStreamAttachMemAsync(0, managed, 0, cudaMemAttachHost), cudaSuccess);
  expect("cudaStreamAttachMemAsync(0, managed, 0, Single)",
         cudaStreamAttachMemAsync(0, managed, 0, cudaMemAttachSingle), cudaErrorInvalidValue);
  expect("cudaStreamAttachMemAsync(s, managed, 0, 0x10)",
         cudaStreamAttachMemAsync(s, managed, 0, 0x10), cudaErrorInvalidValue);
  expect("cudaStreamAttachMemAsync(s, managed, 100, Global)",
         cudaStreamAttachMemAsync(s, managed, 100, cudaMemAttachGlobal), cudaErrorInvalidValue);
  expect("cudaStreamAttachMemAsync(s, cudaMalloc, 0, Global)",
         cudaStreamAttachMemAsync(s, dev, 0, cudaMemAttachGlobal), cudaErrorInvalidValue);
  cudaStreamSynchronize(s);
  cudaGetLastError();
  cudaStreamDestroy(s);

  cudaFree(pp);
  cudaFree(managed);
  cudaFreeHost(host);
  free(heap);
  free(other);
  e = cudaDeviceSynchronize();
  expect("cudaDeviceSynchronize at the end", e, cudaSuccess);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
