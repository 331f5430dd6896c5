__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__global__ void rec(int *o, int n) { o[0] = fib(n); }
// ERR: error_recursion.cu:2:45: error: recursive call to '_Z3fibi' is not supported by Anchor's Metal backend
