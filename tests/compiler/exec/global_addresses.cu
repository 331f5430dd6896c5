// Device variables whose initialisers hold addresses of others (the module table's
// address lines, relocated by msl_run as by libanchor), against the same code as host
// C++: pointers into arrays and structs, a table of pointers, a pointer to a pointer.
struct Node {
  int value;
  const Node *next;
};
__device__ int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ const Node chain[3] = {{10, &chain[1]}, {20, &chain[2]}, {30, nullptr}};
__device__ int *rows[3] = {&table[0], &table[3], table + 6};
__device__ int **row_table = rows;
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = 0;
  for (const Node *p = &chain[i % 3]; p; p = p->next)
    sum += p->value;
  out[i] = out[i] * 7 + sum + row_table[i % 3][i & 1] * 100 + (n > 0 ? *rows[2] : 0);
}
