// __managed__ variables: one storage that device code and host code read and
// write by name (also through &x, sizeof, the symbol API), initialisers
// included. Checked against host values; builds with nvcc as well.
#include <cstdio>
#include <cstring>

static int failures = 0;
#define CHECK(cond, ...)                                                    \
  do {                                                                      \
    if (!(cond)) {                                                          \
      printf("FAIL line %d: ", __LINE__);                                   \
      printf(__VA_ARGS__);                                                  \
      printf("\n");                                                         \
      failures++;                                                           \
    }                                                                       \
  } while (0)
#define CUDA(call) CHECK((call) == cudaSuccess, "%s: %s", #call, cudaGetErrorString(cudaGetLastError()))

struct pair {
  int a;
  double b;
};

__managed__ int counter;                          // zero-initialised
__device__ __managed__ int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__managed__ pair point = {7, 2.5};
static __managed__ unsigned long long big = 0x123456789ull; // internal linkage
__managed__ float scale = 1.5f;
__device__ int plain;

__global__ void count(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&counter, 1);
}

__global__ void read_table(int *out) { // out[i] = table[i] * scale
  int i = threadIdx.x;
  if (i < 8) out[i] = (int)(table[i] * scale);
}

__global__ void write_through(int *p, int value) { *p = value; }

__global__ void touch_struct() {
  point.a += 1;
  point.b *= 2.0;
  big += 1;
}

struct refs { // a by-value kernel parameter holding managed addresses
  int add;
  int *target;
  int *more[2];
};

__global__ void through_refs(refs r) {
  *r.target += r.add;
  *r.more[1] += 100;
}

__global__ void table_sum() { // the sum of table into counter, on the device
  int s = 0;
  for (int i = 0; i < 8; i++) s += table[i];
  counter = s;
}

static int host_sum(void) { // a host function reading the array in a loop
  int s = 0;
  for (int i = 0; i < 8; i++) s += table[i];
  return s;
}

int main() {
  // Before any CUDA call: the initialisers (CUDA allows this on its platforms).
  CHECK(table[2] == 4 && table[5] == 9, "initialiser before any CUDA call: %d %d", table[2],
        table[5]);
  CHECK(counter == 0, "zero-initialised counter: %d", counter);
  CHECK(sizeof(table) == 8 * sizeof(int), "sizeof(table) = %zu", sizeof(table));

  // A counter incremented by a kernel with atomicAdd and read by the host.
  const int n = 1000;
  count<<<(n + 127) / 128, 128>>>(n);
  CUDA(cudaDeviceSynchronize());
  CHECK(counter == n, "counter after count<<<>>>: %d, want %d", counter, n);
  counter = 5; // the host writes, the device adds
  count<<<(n + 127) / 128, 128>>>(n);
  CUDA(cudaDeviceSynchronize());
  CHECK(counter == n + 5, "counter after a host write and count<<<>>>: %d", counter);

  // An initialised array read on the device after the host wrote to it.
  table[3] = 100;
  scale = 2.0f;
  int *out;
  CUDA(cudaMalloc(&out, 8 * sizeof(int)));
  read_table<<<1, 8>>>(out);
  int got[8];
  CUDA(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost));
  const int want_table[8] = {3, 1, 4, 100, 5, 9, 2, 6};
  for (int i = 0; i < 8; i++)
    CHECK(got[i] == want_table[i] * 2, "read_table[%d] = %d, want %d", i, got[i],
          want_table[i] * 2);
  CHECK(host_sum() == 130, "host_sum() = %d", host_sum());
  table_sum<<<1, 1>>>();
  CUDA(cudaDeviceSynchronize());
  CHECK(counter == 130, "table_sum on the device: %d", counter);

  // &x passed to a kernel, and a host pointer to it.
  int *p = &counter;
  write_through<<<1, 1>>>(&counter, 42);
  CUDA(cudaDeviceSynchronize());
  CHECK(counter == 42 && *p == 42, "after write_through(&counter): %d %d", counter, *p);
  write_through<<<1, 1>>>(&table[6], -7);
  CUDA(cudaDeviceSynchronize());
  CHECK(table[6] == -7, "after write_through(&table[6]): %d", table[6]);
  *p = 9;
  CHECK(counter == 9, "a write through a host pointer: %d", counter);
  // A local aggregate initialised with managed addresses.
  refs r = {3, &counter, {&table[0], &table[7]}};
  through_refs<<<1, 1>>>(r);
  CUDA(cudaDeviceSynchronize());
  CHECK(counter == 12 && table[7] == 106, "after through_refs: %d %d", counter, table[7]);
  counter = 9;

  // A struct and a static variable, members on both sides.
  touch_struct<<<1, 1>>>();
  CUDA(cudaDeviceSynchronize());
  CHECK(point.a == 8 && point.b == 5.0, "point after touch_struct: %d %g", point.a, point.b);
  CHECK(big == 0x12345678aull, "big after touch_struct: %llx", big);

  // The symbol API on managed variables.
  int from = 0;
  CUDA(cudaMemcpyFromSymbol(&from, counter, sizeof from));
  CHECK(from == 9, "cudaMemcpyFromSymbol(counter) = %d", from);
  int fresh[8] = {10, 20, 30, 40, 50, 60, 70, 80};
  CUDA(cudaMemcpyToSymbol(table, fresh, sizeof fresh));
  CHECK(table[0] == 10 && table[7] == 80, "table after cudaMemcpyToSymbol: %d %d", table[0],
        table[7]);
  int two[2] = {0, 0};
  CUDA(cudaMemcpyFromSymbol(two, table, sizeof two, 4 * sizeof(int)));
  CHECK(two[0] == 50 && two[1] == 60, "cudaMemcpyFromSymbol(table, offset 16): %d %d", two[0],
        two[1]);
  void *address = nullptr;
  CUDA(cudaGetSymbolAddress(&address, table));
  CHECK(address == (void *)table, "cudaGetSymbolAddress(table) %p, &table %p", address,
        (void *)table);
  size_t size = 0;
  CUDA(cudaGetSymbolSize(&size, point));
  CHECK(size == sizeof(pair), "cudaGetSymbolSize(point) = %zu", size);
  // A managed variable's storage is an ordinary pointer for the copy API.
  int copy = 0;
  CUDA(cudaMemcpy(&copy, &table[1], sizeof copy, cudaMemcpyDefault));
  CHECK(copy == 20, "cudaMemcpy from &table[1]: %d", copy);

  // Managed memory, as cudaMallocManaged's.
  cudaPointerAttributes attributes;
  cudaError_t e = cudaPointerGetAttributes(&attributes, &table[2]);
  CHECK(e == cudaSuccess && attributes.type == cudaMemoryTypeManaged &&
            attributes.hostPointer == (void *)&table[2] &&
            attributes.devicePointer == (void *)&table[2],
        "cudaPointerGetAttributes(&table[2]): %d type %d", (int)e,
        e == cudaSuccess ? (int)attributes.type : -1);
  // The unified-memory calls take a managed variable like cudaMallocManaged memory.
  cudaMemLocation device0 = {cudaMemLocationTypeDevice, 0};
  CUDA(cudaMemAdvise(table, sizeof table, cudaMemAdviseSetPreferredLocation, device0));
  int preferred = -5;
  CUDA(cudaMemRangeGetAttribute(&preferred, sizeof preferred,
                                cudaMemRangeAttributePreferredLocation, table, sizeof table));
  CHECK(preferred == 0, "preferred location of table: %d", preferred);
  CUDA(cudaMemPrefetchAsync(&counter, sizeof counter, device0, 0, 0));
  cudaStream_t stream;
  CUDA(cudaStreamCreate(&stream));
  CUDA(cudaStreamAttachMemAsync(stream, &point, 0, cudaMemAttachGlobal));
  CUDA(cudaStreamSynchronize(stream));
  CUDA(cudaStreamDestroy(stream));
  void *plain_address = nullptr; // an ordinary __device__ variable stays device memory
  CUDA(cudaGetSymbolAddress(&plain_address, plain));
  e = cudaPointerGetAttributes(&attributes, plain_address);
  CHECK(e == cudaSuccess && attributes.type == cudaMemoryTypeDevice,
        "cudaPointerGetAttributes(plain): %d type %d", (int)e,
        e == cudaSuccess ? (int)attributes.type : -1);
  e = cudaMemAdvise(plain_address, sizeof plain, cudaMemAdviseSetReadMostly, device0);
  CHECK(e == cudaErrorInvalidValue, "cudaMemAdvise(plain) = %d, want %d", (int)e,
        (int)cudaErrorInvalidValue);
  cudaGetLastError();
  CUDA(cudaFree(nullptr));
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
