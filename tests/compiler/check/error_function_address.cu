// A function's address as a value (here stored to memory): the operand is rejected
// at the line of the instruction that uses it. The emitter reports operand errors
// without an instruction of their own; diag.c points them at the instruction being
// emitted, never at the driver's temporary .ll (issue 10).
__device__ int twice(int x) { return 2 * x; }
__global__ void leak(void **out) {
  out[threadIdx.x] = (void *)&twice;
}
// ERR: error_function_address.cu:7:20: error: function pointer is not supported by Anchor's Metal backend
