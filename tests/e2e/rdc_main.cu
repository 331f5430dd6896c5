// e2e rdc: relocatable device code across three units (with rdc_lib.cu and
// rdc_kernels.cu; declarations in rdc_common.h), built with -rdc=true, each
// unit compiled alone and the objects linked (the device link joins their
// device code). Checked against a CPU reference:
// - an extern __device__ function (rdc_poly) called from another unit's kernel;
// - an extern __device__ array written by one unit's kernel and read by
//   another's, and read here with cudaMemcpyFromSymbol through its extern
//   declaration;
// - an extern __managed__ variable read and written by this unit's host code
//   and used by kernels of the other units;
// - an extern __constant__ array set here with cudaMemcpyToSymbol;
// - a device function of another unit using the launch's dynamic shared
//   memory (extern __shared__, under another name in each unit);
// - inline and template device functions defined in every unit, and static
//   device variables and functions of the same name in two units, each
//   unit's own (the variables also read by each unit's host code).
#include <cstdio>
#include "rdc_common.h"

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t e = (call);                                                           \
    if (e != cudaSuccess) {                                                           \
      printf("FAIL: %s: %s\n", #call, cudaGetErrorString(e));                         \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

static int run(int scale, const float coeffs[4], int *bad) {
  int *d_out;
  float *d_fout;
  CHECK(cudaMalloc(&d_out, RDC_N * sizeof(int)));
  CHECK(cudaMalloc(&d_fout, RDC_N * sizeof(float)));
  rdc_fill<<<2, RDC_N / 2>>>(RDC_N);
  CHECK(cudaGetLastError());
  rdc_use<<<2, RDC_N / 2>>>(d_out, d_fout, RDC_N);
  CHECK(cudaGetLastError());
  int out[RDC_N], table[RDC_N];
  float fout[RDC_N];
  CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(fout, d_fout, sizeof fout, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpyFromSymbol(table, rdc_table, sizeof table));
  const int unsized[4] = {11, 22, 33, 44};
  for (int i = 0; i < RDC_N; i++) {
    int t = i + scale * i;
    int want = rdc_poly_host(i) + t + unsized[i % 4] + 2 * scale + 7 + 4;
    float fwant = coeffs[i % 4] * (float)i;
    if (table[i] != t || out[i] != want || fout[i] != fwant) {
      if (*bad < 5)
        printf("mismatch at %d (scale %d): table %d (want %d), out %d (want %d), fout %g (want %g)\n",
               i, scale, table[i], t, out[i], want, fout[i], fwant);
      ++*bad;
    }
  }
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_fout));
  return 0;
}

int main() {
  int bad = 0;
  // rdc_scale's initialiser (rdc_lib.cu), read through the extern declaration
  printf("rdc_scale initially %d\n", rdc_scale);
  if (rdc_scale != 5) bad++, printf("rdc_scale initially %d, want 5\n", rdc_scale);
  const float initial[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  if (run(5, initial, &bad)) return 1;

  // the host writes the managed variable; the other units' kernels see it
  rdc_scale = 9;
  const float coeffs[4] = {0.5f, -1.5f, 2.25f, 8.0f};
  CHECK(cudaMemcpyToSymbol(rdc_coeffs, coeffs, sizeof coeffs));
  if (run(9, coeffs, &bad)) return 1;

  // the symbol's address and size through the extern declaration
  void *addr = nullptr;
  size_t size = 0;
  CHECK(cudaGetSymbolAddress(&addr, rdc_table));
  CHECK(cudaGetSymbolSize(&size, rdc_table));
  if (!addr || size != RDC_N * sizeof(int)) bad++, printf("rdc_table: size %zu\n", size);
  CHECK(cudaGetSymbolSize(&size, rdc_coeffs));
  if (size != 4 * sizeof(float)) bad++, printf("rdc_coeffs: size %zu\n", size);

  // a device function of another unit using the launch's dynamic shared memory
  int *d_rot, rot[RDC_N];
  CHECK(cudaMalloc(&d_rot, sizeof rot));
  rdc_rotate<<<1, RDC_N, RDC_N * sizeof(int)>>>(d_rot);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(rot, d_rot, sizeof rot, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_rot));
  for (int i = 0; i < RDC_N; i++)
    if (rot[i] != 3 * ((i + 1) % RDC_N) + 3 * i) {
      if (bad < 5) printf("rdc_rotate: out[%d] = %d, want %d\n", i, rot[i], 3 * ((i + 1) % RDC_N) + 3 * i);
      bad++;
    }

  int priv = rdc_kernels_static_value();
  if (priv != 7) bad++, printf("rdc_kernels.cu's static rdc_private is %d, want 7\n", priv);
  priv = rdc_lib_static_value();
  if (priv != 1000) bad++, printf("rdc_lib.cu's static rdc_private is %d, want 1000\n", priv);

  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
