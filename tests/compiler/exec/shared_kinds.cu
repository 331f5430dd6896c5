// Static __shared__ arrays of several types (float, short, uchar, a 2-D int
// array, an array of structs) and extern __shared__ memory in one kernel:
// every thread fills its element of each, then after a barrier reads its
// mirror thread's elements of all of them. Any overlap between the static
// slots, or between them and the dynamic memory (msl_run gives 4096 bytes),
// would clobber values and differ from the host, which computes the same sum
// from the input pattern directly.
// EXEC: 1000 4 64
struct P { short s; unsigned char c; int n; };
extern __shared__ int dyn[];

__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, b = blockIdx.x, N = blockDim.x, i = b * N + t;
  unsigned r = N - 1 - t; // the mirror thread
#ifdef __CUDA_ARCH__
  __shared__ float f[64];
  __shared__ short h[64];
  __shared__ unsigned char c[64];
  __shared__ int g2[8][9];
  __shared__ P ps[64];
  int v = out[i];
  f[t] = v * 0.5f;
  h[t] = (short)(v * 3);
  c[t] = (unsigned char)(v + 7);
  g2[t >> 3][t & 7] = v ^ 0x55;
  ps[t] = P{(short)(v - 1), (unsigned char)(v * 5), v * 11};
  dyn[t] = v * 13;
  dyn[N + t] = -v;
  __syncthreads();
  int res = (int)(f[r] * 2) + h[r] + c[r] + g2[r >> 3][r & 7] + ps[r].s + ps[r].c + ps[r].n +
            dyn[r] + dyn[N + r];
#else
  // out changes thread by thread on the host: the mirror's input from the
  // pattern msl_run and the host harness both start from.
  int w = ((int)(b * N + r) * 37) % 101 - 50;
  int res = w + (short)(w * 3) + (unsigned char)(w + 7) + (w ^ 0x55) + (short)(w - 1) +
            (unsigned char)(w * 5) + w * 11 + w * 13 - w;
#endif
  out[i] = res;
}
