// math_calls.cu — CUDA math of every kind (float, double, the fast intrinsics), compiled
// to MSL by run_math_denylist.sh, which checks that the MSL calls no inexact Metal math
// function: Anchor's device library computes every one from exact operations.
#include <cuda_runtime.h>
#include <math.h>
__global__ void k(float *f, double *d, int n) {
  int i = threadIdx.x;
  float x = f[i], z = f[i + 1];
  f[i] = sinf(x) + cosf(x) + tanf(x) + asinf(x) + acosf(x) + atanf(x) + atan2f(x, z) + sinhf(x) +
         coshf(x) + tanhf(x) + asinhf(x) + acoshf(x) + atanhf(x) + expf(x) + exp2f(x) + exp10f(x) +
         expm1f(x) + logf(x) + log2f(x) + log10f(x) + log1pf(x) + powf(x, z) + sqrtf(x) +
         rsqrtf(x) + cbrtf(x) + hypotf(x, z) + erff(x) + erfcf(x) + fmodf(x, z) +
         remainderf(x, z) + floorf(x) + ceilf(x) + truncf(x) + roundf(x) + rintf(x) + fabsf(x) +
         fminf(x, z) + fmaxf(x, z) + copysignf(x, z) + fmaf(x, z, x) + sinpif(x) + cospif(x) +
         __sinf(x) + __cosf(x) + __expf(x) + __logf(x) + __powf(x, z) + __fdividef(x, z) + x / z;
  double y = d[i], w = d[i + 1];
  d[i] = sin(y) + cos(y) + tan(y) + exp(y) + log(y) + pow(y, w) + sqrt(y) + erf(y) + cbrt(y) +
         floor(y) + fmod(y, w) + atan2(y, w) + y / w;
}
