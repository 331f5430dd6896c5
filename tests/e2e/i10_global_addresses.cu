// i10_global_addresses.cu — issue 10: device variables initialised with addresses of
// other device variables, which is legal CUDA: `__device__ int *p = &g;`, pointers into
// the middle of arrays and structs, an array of such pointers, a struct holding them,
// a pointer to a __constant__ variable, a table of string literals, a pointer to a
// pointer, an address as an integer and an integer as a pointer. The kernel reads and writes
// through them; the host checks the values and that each stored address is the variable's own
// (cudaGetSymbolAddress), also after a kernel moved a pointer. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct Pair {
  int a;
  float b[3];
};

__device__ int g = 5;
__device__ int arr[4] = {10, 20, 30, 40};
__device__ Pair pair = {7, {1.5f, 2.5f, 3.5f}};
__constant__ int table[3] = {100, 200, 300};
__device__ int later = 77;

__device__ int *p = &g;
__device__ int *ps[4] = {&g, &arr[2], arr, &later};
__device__ float *pb = &pair.b[1];
__device__ const int *pc = &table[1];
__device__ int **pp = &p;
__device__ uintptr_t as_int = (uintptr_t)&arr[3];
__device__ const char *names[3] = {"alpha", "beta", "gamma"};
__device__ int *back = &arr[3] - 2;                     // arithmetic on an address
__device__ int *fixed = (int *)0x1000;                  // an integer as a pointer
__device__ unsigned long long plus = (uintptr_t)&g + 0; // an address as an integer

struct Holder {
  int *q;
  int v;
  float *f;
  const int *c;
};
__device__ Holder holder = {&arr[1], 42, &pair.b[0], table};
__device__ Holder holders[2] = {{&g, 1, &pair.b[2], &table[2]}, {arr + 3, 2, nullptr, nullptr}};

__global__ void read_all(int *out) {
  out[0] = *p;
  out[1] = *ps[0] + *ps[1] + ps[2][3] + *ps[3];
  out[2] = (int)(*pb * 10.f);
  out[3] = *pc + pc[1];
  out[4] = **pp;
  out[5] = *(int *)as_int;
  out[6] = names[0][0] + names[1][3] + names[2][4];
  out[7] = *holder.q + holder.v + (int)(*holder.f * 2.f) + holder.c[2];
  out[8] = *holders[0].q + holders[0].v + (int)(*holders[0].f * 2.f) + *holders[0].c;
  out[9] = *holders[1].q + holders[1].v + (holders[1].f == nullptr) + (holders[1].c == nullptr);
  out[10] = *back + (int)(uintptr_t)fixed + *(int *)plus;
}

__global__ void write_through(void) {
  *p = 9;         // g
  *ps[1] += 1;    // arr[2]
  *holder.q = -1; // arr[1]
  p = &arr[0];    // the pointer itself moves
}

static int failures;
static void check(long long got, long long want, const char *what) {
  if (got != want && failures++ < 10) printf("FAIL: %s: %lld, expected %lld\n", what, got, want);
}

template <typename T> static char *symbol(const T &s) {
  void *a = NULL;
  if (cudaGetSymbolAddress(&a, s) != cudaSuccess) printf("FAIL: cudaGetSymbolAddress\n");
  return (char *)a;
}

int main(void) {
  int out[11], *dout;
  cudaMalloc(&dout, sizeof out);
  read_all<<<1, 1>>>(dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  check(out[0], 5, "*p");
  check(out[1], 5 + 30 + 40 + 77, "ps[]");
  check(out[2], 25, "*pb");
  check(out[3], 200 + 300, "pc");
  check(out[4], 5, "**pp");
  check(out[5], 40, "as_int");
  check(out[6], 'a' + 'a' + 'a', "names");
  check(out[7], 20 + 42 + 3 + 300, "holder");
  check(out[8], 5 + 1 + 7 + 300, "holders[0]");
  check(out[9], 40 + 2 + 1 + 1, "holders[1]");
  check(out[10], 20 + 0x1000 + 5, "back, fixed, plus");

  // The stored addresses are the variables' own.
  int *hp, *hps[4], **hpp;
  uintptr_t hint;
  Holder hh;
  cudaMemcpyFromSymbol(&hp, p, sizeof hp);
  cudaMemcpyFromSymbol(hps, ps, sizeof hps);
  cudaMemcpyFromSymbol(&hpp, pp, sizeof hpp);
  cudaMemcpyFromSymbol(&hint, as_int, sizeof hint);
  cudaMemcpyFromSymbol(&hh, holder, sizeof hh);
  check((long long)(intptr_t)hp, (long long)(intptr_t)symbol(g), "address in p");
  check((long long)(intptr_t)hps[1], (long long)(intptr_t)(symbol(arr) + 8), "address in ps[1]");
  check((long long)(intptr_t)hps[3], (long long)(intptr_t)symbol(later), "address in ps[3]");
  check((long long)(intptr_t)hpp, (long long)(intptr_t)symbol(p), "address in pp");
  check((long long)hint, (long long)(intptr_t)(symbol(arr) + 12), "as_int");
  check((long long)(intptr_t)hh.f, (long long)(intptr_t)symbol(pair) + 4, "address in holder.f");
  // Whether CUDA's generic address of a __constant__ variable equals what
  // cudaGetSymbolAddress returns for it is not documented: printed, not checked (the
  // kernel's reads through holder.c and pc are checked above).
  printf("note: address in holder.c %s cudaGetSymbolAddress(table)\n",
         (char *)hh.c == symbol(table) ? "==" : "!=");

  write_through<<<1, 1>>>();
  read_all<<<1, 1>>>(dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int hg, harr[4];
  cudaMemcpyFromSymbol(&hg, g, sizeof hg);
  cudaMemcpyFromSymbol(harr, arr, sizeof harr);
  check(hg, 9, "g after *p = 9");
  check(harr[1], -1, "arr[1] after *holder.q = -1");
  check(harr[2], 31, "arr[2] after *ps[1] += 1");
  check(out[0], 10, "*p after p = &arr[0]");
  check(out[4], 10, "**pp after p = &arr[0]");
  cudaMemcpyFromSymbol(&hp, p, sizeof hp);
  check((long long)(intptr_t)hp, (long long)(intptr_t)symbol(arr), "p after p = &arr[0]");

  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
