extern "C" __device__ int printf(const char *, ...);
__global__ void say(int x) {
  if (x > 3)
    printf("x=%d\n", x);
}
// ERR: error_printf.cu:4:5: error: device-side printf is not supported by Anchor's Metal backend
