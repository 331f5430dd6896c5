// An extern "C" kernel keeps its name, which is also its MSL function name:
// MSL keywords cannot be used.
extern "C" __global__ void kernel(int *o) { o[0] = 1; }
// ERR: error_kernel_name.cu:3: error: kernel name 'kernel' is not a valid MSL function name
