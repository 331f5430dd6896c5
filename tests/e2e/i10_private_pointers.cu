// Issue 10 (found by the Csmith differential test, tests/differential): addresses of
// a thread's local variables stored to memory and used through what is loaded back,
// as Csmith's programs do everywhere — a local array of pointers to locals, pointers
// to pointers, a struct holding them, a __device__ global pointer set to a local's
// address (read back only by the same thread), a pointer chosen between a local and
// global memory, pointers compared, and a round trip through uintptr_t. One
// __host__ __device__ function per case is the reference on the host; 256 threads,
// each with its own locals. Last, printf with a format chosen at run time and %s
// strings in a thread's own array and in shared memory (the argument buffer holds
// their addresses), its output captured and compared.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "printf_capture.h"

struct holder {
  int *a;
  int **pa;
  unsigned short *s;
};

__device__ int *g_ptr;   // a local's address parked in a global
__device__ int g_val[4]; // device memory some pointers point into

__host__ __device__ int chains(int seed, int *globalp) {
  int x = seed, y = seed * 3 + 1;
  int arr[6] = {1, 2, 3, 4, 5, 6};
  int *ptrs[4] = {&x, &y, &arr[seed & 3], globalp};
  int **pp = &ptrs[(seed >> 2) & 3];
  int ***ppp = &pp;
  **pp += 7;               // writes x, y, arr[k] or *globalp
  *ptrs[2] = *ptrs[0] * 2; // arr[k] = x * 2
  ptrs[(seed >> 4) & 3] = &arr[5];
  **ppp = ptrs[3];         // pp now points at ptrs[3]... or whatever ptrs[k] is
  int sum = x + y + **pp;
  for (int k = 0; k < 6; k++)
    sum = sum * 31 + arr[k];
  return sum + (ptrs[0] == &x) + 2 * (ptrs[1] == ptrs[0]) + 4 * (*pp == globalp);
}

__host__ __device__ int in_struct(int seed) {
  int a = seed ^ 0x55;
  int *pa = &a;
  unsigned short sh[3] = {(unsigned short)seed, 9, 10};
  holder h = {&a, &pa, &sh[seed % 3]};
  holder copy = h; // copied with its pointers
  *copy.a += 1;
  **copy.pa *= 3;
  *copy.s += 100;
  holder arr[2] = {h, copy};
  *arr[seed & 1].s ^= 0x0F0F;
  return a * 7 + sh[0] + sh[1] * 3 + sh[2] * 5;
}

__host__ __device__ int round_trip(int seed) {
  long long v[3] = {seed, seed * 2LL, seed * 3LL};
  uintptr_t u = (uintptr_t)&v[0];
  long long *p = (long long *)(u + sizeof(long long) * (seed % 3));
  *p += 1000;
  long long *q[2] = {p, &v[0]};
  uintptr_t w = (uintptr_t)q[seed & 1];
  return (int)(*(long long *)w + v[0] + v[1] + v[2]);
}

struct triple {
  int a, b, c;
  unsigned short d[5];
};

// Whole structs copied and cleared through pointers loaded from memory, which may
// point into a thread's own memory or global memory (memcpy/memset through a
// generic pointer; Csmith seed 82's `(*g_917) = l_1630`).
__host__ __device__ int struct_copies(int seed, triple *global_slot) {
  triple mine = {seed, seed + 1, seed + 2, {1, 2, 3, 4, 5}}, other = {7, 8, 9, {9, 9, 9, 9, 9}};
  triple *slots[3] = {&mine, &other, global_slot};
  triple **pick = &slots[seed % 3];
  triple tmp = **pick;                  // copy from a loaded pointer
  *slots[(seed + 1) % 3] = tmp;         // copy to one
  *slots[(seed + 2) % 3] = *slots[seed % 3];
  memset(slots[seed & 1], 0, sizeof(triple) - 2 * sizeof(unsigned short));
  tmp.d[seed % 5] += 3;
  *slots[2] = tmp;
  int sum = 0;
  for (int k = 0; k < 3; k++)
    sum = sum * 7 + slots[k]->a + 3 * slots[k]->b + 5 * slots[k]->c + slots[k]->d[k] +
          11 * slots[k]->d[4];
  return sum;
}

// The members, not the bytes: triple's two bytes of tail padding are whatever the
// copies happened to move (the host's are stack bytes). A byte comparison failed for
// thread 6 in a fresh clone (the official CI, then /work/ci-clone) with every member
// equal; a member that differs is printed.
static bool same_fields(const triple &x, const triple &y) {
  bool same = x.a == y.a && x.b == y.b && x.c == y.c;
  for (int k = 0; k < 5; k++) same = same && x.d[k] == y.d[k];
  return same;
}

__device__ int parked(int seed) {
  int local = seed * 5;
  g_ptr = &local; // the same thread reads it back below
  *g_ptr += 2;
  return local;
}

__global__ void copies(int *out, triple *slots) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = struct_copies(t, &slots[t]);
}

__global__ void run(int *out, int *scratch) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[4 * t + 0] = chains(t, &scratch[t]);
  out[4 * t + 1] = in_struct(t);
  out[4 * t + 2] = round_trip(t);
  out[4 * t + 3] = t == 0 ? parked(t + 11) : 0;
}

__global__ void say(int x) {
  char own[4] = {'a', 'b', 'c', 0};
  own[0] += x;
  __shared__ char sh[3];
  sh[0] = 'x';
  sh[1] = 'y';
  sh[2] = 0;
  printf(x ? "%s|%s\n" : "[%s]\n", x ? sh : own, own);
}

int main() {
  capture c = capture_begin(1);
  say<<<1, 1>>>(1);
  cudaDeviceSynchronize();
  say<<<1, 1>>>(0);
  cudaDeviceSynchronize();
  std::string printed = capture_end(c);
  if (printed != "xy|bbc\n[abc]\n") {
    printf("FAIL: printf printed '%s'\n", printed.c_str());
    return 1;
  }
  const int n = 256;
  int *out, *scratch;
  cudaMalloc(&out, 4 * n * sizeof(int));
  cudaMalloc(&scratch, n * sizeof(int));
  int hs[n];
  for (int i = 0; i < n; i++)
    hs[i] = i * 13;
  cudaMemcpy(scratch, hs, sizeof hs, cudaMemcpyHostToDevice);
  run<<<2, n / 2>>>(out, scratch);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorName(e));
    return 1;
  }
  static int got[4 * n], dev_scratch[n];
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  cudaMemcpy(dev_scratch, scratch, sizeof dev_scratch, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < n; t++) {
    int want[4] = {chains(t, &hs[t]), in_struct(t), round_trip(t), t == 0 ? (t + 11) * 5 + 2 : 0};
    for (int k = 0; k < 4; k++)
      if (got[4 * t + k] != want[k] && !bad++)
        printf("FAIL: thread %d case %d: %d, expected %d\n", t, k, got[4 * t + k], want[k]);
    if (dev_scratch[t] != hs[t] && !bad++)
      printf("FAIL: scratch[%d] = %d, expected %d\n", t, dev_scratch[t], hs[t]);
  }
  triple *slots;
  cudaMalloc(&slots, n * sizeof(triple));
  cudaMemset(slots, 0, n * sizeof(triple));
  copies<<<2, n / 2>>>(out, slots);
  if ((e = cudaDeviceSynchronize()) != cudaSuccess) {
    printf("FAIL: copies: %s\n", cudaGetErrorName(e));
    return 1;
  }
  static triple host_slots[n], dev_slots[n];
  cudaMemcpy(got, out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(dev_slots, slots, sizeof dev_slots, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; t++) {
    int want = struct_copies(t, &host_slots[t]);
    if (got[t] != want && !bad++) printf("FAIL: copies thread %d: %d, expected %d\n", t, got[t], want);
    if (!same_fields(dev_slots[t], host_slots[t]) && !bad++) {
      const triple &x = dev_slots[t], &y = host_slots[t];
      printf("FAIL: copies thread %d: its global slot differs: {%d %d %d %d %d %d %d %d} vs "
             "{%d %d %d %d %d %d %d %d} on the host\n",
             t, x.a, x.b, x.c, x.d[0], x.d[1], x.d[2], x.d[3], x.d[4], y.a, y.b, y.c, y.d[0], y.d[1],
             y.d[2], y.d[3], y.d[4]);
    }
  }
  if (bad) return 1;
  printf("PASS\n");
  return 0;
}
