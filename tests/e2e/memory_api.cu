// memory_api.cu — end-to-end test of the memory API together with kernels:
// cudaMemset byte patterns at odd offsets and lengths, cudaMemcpy device-to-device and
// with cudaMemcpyDefault, cudaMallocManaged memory written by the host and read/written
// by a kernel (and by the host after cudaDeviceSynchronize), cudaMallocHost memory
// used as a copy source/destination, and pointers stored in device memory: a linked
// list built by the host out of device addresses and walked by a kernel, and a float**
// table of rows. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Node {
  int value;
  Node *next; // device address, or NULL at the end
};

// Walks the list from `head`, summing values; writes the sum and the length.
__global__ void walk_list(const Node *head, long long *out) {
  long long sum = 0, length = 0;
  for (const Node *p = head; p != NULL; p = p->next) {
    sum += p->value;
    length++;
  }
  out[0] = sum;
  out[1] = length;
}

// rows[r][c] *= factor for every row r; each row has its own allocation.
__global__ void scale_rows(float **rows, int cols, float factor) {
  int r = blockIdx.x, c = threadIdx.x;
  if (c < cols)
    rows[r][c] = rows[r][c] * factor;
}

__global__ void add_one(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += 1;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static int test_memset_and_copies(void) {
  enum { BYTES = 10007 };
  unsigned char *a, *b, *pinned, host[BYTES];
  if (check(cudaMalloc((void **)&a, BYTES), "cudaMalloc") ||
      check(cudaMalloc((void **)&b, BYTES), "cudaMalloc") ||
      check(cudaMallocHost((void **)&pinned, BYTES), "cudaMallocHost") ||
      check(cudaMemset(a, 0x11, BYTES), "memset all") ||
      check(cudaMemset(a + 3, 0xa5, 1001), "memset at an odd offset") ||
      check(cudaMemset(a + 5000, 0, 7), "memset 7 bytes") ||
      check(cudaMemcpy(b, a, BYTES, cudaMemcpyDeviceToDevice), "D2D") ||
      check(cudaMemcpy(b + 1, a + 2, 333, cudaMemcpyDefault), "D2D by cudaMemcpyDefault") ||
      check(cudaMemcpy(pinned, b, BYTES, cudaMemcpyDeviceToHost), "D2H into pinned") ||
      check(cudaMemcpy(host, pinned, BYTES, cudaMemcpyDefault), "pinned to host, Default"))
    return 1;
  unsigned char want[BYTES];
  memset(want, 0x11, BYTES);
  memset(want + 3, 0xa5, 1001);
  memset(want + 5000, 0, 7);
  memmove(want + 1, want + 2, 333);
  for (int i = 0; i < BYTES; i++)
    if (host[i] != want[i]) {
      printf("FAIL: byte %d = 0x%02x, expected 0x%02x\n", i, host[i], want[i]);
      return 1;
    }
  cudaFree(a);
  cudaFree(b);
  cudaFreeHost(pinned);
  return 0;
}

static int test_managed(void) {
  enum { N = 4099 };
  int *m;
  if (check(cudaMallocManaged((void **)&m, N * sizeof(int)), "cudaMallocManaged"))
    return 1;
  for (int i = 0; i < N; i++)
    m[i] = i * 5;
  add_one<<<(N + 255) / 256, 256>>>(m, N);
  if (check(cudaGetLastError(), "add_one launch") || check(cudaDeviceSynchronize(), "add_one"))
    return 1;
  for (int i = 0; i < N; i++) {
    if (m[i] != i * 5 + 1) {
      printf("FAIL: managed[%d] = %d, expected %d\n", i, m[i], i * 5 + 1);
      return 1;
    }
    m[i] *= 2;
  }
  add_one<<<(N + 255) / 256, 256>>>(m, N);
  if (check(cudaDeviceSynchronize(), "add_one again"))
    return 1;
  for (int i = 0; i < N; i++)
    if (m[i] != (i * 5 + 1) * 2 + 1) {
      printf("FAIL: managed[%d] = %d after the second kernel, expected %d\n", i, m[i],
             (i * 5 + 1) * 2 + 1);
      return 1;
    }
  cudaFree(m);
  return 0;
}

static int test_linked_list(void) {
  enum { NODES = 500 };
  Node *pool, *host = (Node *)calloc(NODES, sizeof(Node));
  long long *dout, out[2];
  if (check(cudaMalloc((void **)&pool, NODES * sizeof(Node)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, sizeof out), "cudaMalloc"))
    return 1;
  // Link the nodes in a scrambled order: the k-th visited is node (k * 7) % NODES
  // (7 is coprime with NODES, so every node is visited once); the list starts at node 0.
  long long want = 0;
  for (int k = 0; k < NODES; k++) {
    int at = (k * 7) % NODES, to = ((k + 1) * 7) % NODES;
    host[at].value = at * 3 - 400;
    host[at].next = (k == NODES - 1) ? NULL : pool + to;
    want += host[at].value;
  }
  if (check(cudaMemcpy(pool, host, NODES * sizeof(Node), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  walk_list<<<1, 1>>>(pool, dout);
  if (check(cudaGetLastError(), "walk_list launch") || check(cudaDeviceSynchronize(), "walk") ||
      check(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  if (out[0] != want || out[1] != NODES) {
    printf("FAIL: list sum %lld length %lld, expected %lld and %d\n", out[0], out[1], want,
           NODES);
    return 1;
  }
  cudaFree(pool);
  cudaFree(dout);
  free(host);
  return 0;
}

static int test_pointer_table(void) {
  enum { ROWS = 9, COLS = 100 };
  float *rows[ROWS], **table, host[COLS];
  for (int r = 0; r < ROWS; r++) {
    for (int c = 0; c < COLS; c++)
      host[c] = (float)(r * 1000 + c);
    if (check(cudaMalloc((void **)&rows[r], (COLS + r) * sizeof(float)), "cudaMalloc row") ||
        check(cudaMemcpy(rows[r], host, COLS * sizeof(float), cudaMemcpyHostToDevice), "memcpy"))
      return 1;
  }
  if (check(cudaMalloc((void **)&table, sizeof rows), "cudaMalloc table") ||
      check(cudaMemcpy(table, rows, sizeof rows, cudaMemcpyHostToDevice), "memcpy table"))
    return 1;
  scale_rows<<<ROWS, 128>>>(table, COLS, 0.5f);
  if (check(cudaGetLastError(), "scale_rows launch") ||
      check(cudaDeviceSynchronize(), "scale_rows"))
    return 1;
  for (int r = 0; r < ROWS; r++) {
    if (check(cudaMemcpy(host, rows[r], COLS * sizeof(float), cudaMemcpyDeviceToHost), "memcpy"))
      return 1;
    for (int c = 0; c < COLS; c++)
      if (host[c] != (float)(r * 1000 + c) * 0.5f) {
        printf("FAIL: rows[%d][%d] = %g, expected %g\n", r, c, host[c],
               (float)(r * 1000 + c) * 0.5f);
        return 1;
      }
    cudaFree(rows[r]);
  }
  cudaFree(table);
  return 0;
}

int main(void) {
  if (test_memset_and_copies() || test_managed() || test_linked_list() || test_pointer_table())
    return 1;
  printf("PASS\n");
  return 0;
}
