// gotos into shared tails: several branches jump into the middle of a
// common sequence, and a loop with several exits that lead into code that
// the exits share.
__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = (unsigned)out[i] * 2654435761u + (unsigned)i;
  int r = 0;
  if (v & 1) goto t1;
  if (v & 2) goto t2;
  if (v & 4) goto t3;
  r += 11;
t1:
  r ^= (int)(v >> 3);
t2:
  r += (int)(v % 97u);
t3:
  r *= 3;
  /* a loop left at three places, each into a part of one shared tail */
  for (int k = 0; k < 40; k++) {
    v = v * 1103515245u + 12345u;
    if ((v >> 20) % 13 == 0) goto e1;
    if ((v >> 16) % 17 == 0) goto e2;
    if ((v >> 12) % 19 == 0) goto e3;
    r += (int)(v >> 28);
  }
  r -= 1000;
e1:
  r ^= 0x1234;
e2:
  r += 77;
e3:
  r = r * 7 + (int)(v & 255u);
  out[i] = r;
}
