// A device variable initialised with a function's address (legal CUDA; Anchor has no
// function pointers): the error names the construct at the first line that uses the
// variable — -gline-tables-only gives variables no location of their own — never at
// the driver's temporary .ll (issue 10).
__device__ int twice(int x) { return 2 * x; }
typedef int (*op_t)(int);
__device__ op_t op = twice;
__global__ void has_op(int *out) {
  out[0] = op != nullptr;
}
// ERR: error_init_function.cu:9:12: error: initialising a device variable with the address of a function is not supported by Anchor's Metal backend
