// vector_access.cu — 16- and 8-byte vector loads and stores (issue 12): float4, int4,
// double2, float2, uint2 and short4 read and written through global memory, through
// __shared__ arrays (static, and a float4 copied into a float tile at a multiple of 4, as
// SGEMM does), through a private array indexed at run time, from a by-value struct
// parameter, and through a pointer that is shared or global depending on the thread
// (generic). Anchor's MSL reads and writes these as float4/uint4/ulong2... where the
// address is device or threadgroup memory (tests/compiler/check/vector_access.cu shows
// the MSL), element by element elsewhere. Every value is checked exactly against a host
// reference (sums and products of small integers; doubles bit-exact in software).
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

enum { N = 256 };

static int failures;
static void check(int ok, const char *what, int i) {
  if (!ok && failures++ < 10) printf("FAIL: %s at %d\n", what, i);
}

struct Params {
  float4 scale;
  int4 offset;
};

__global__ void global_and_shared(const float4 *a, const int4 *b, const double2 *c, float4 *oa,
                                  int4 *ob, double2 *oc, Params p) {
  __shared__ float4 sa[N];
  __shared__ int4 sb[N];
  __shared__ double2 sc[N];
  int i = threadIdx.x;
  sa[i] = a[i]; // 16-byte copies global -> shared
  sb[i] = b[i];
  sc[i] = c[i];
  __syncthreads();
  int j = N - 1 - i;
  float4 x = sa[j];
  int4 y = sb[j];
  double2 z = sc[j];
  oa[i] = make_float4(x.x * p.scale.x, x.y * p.scale.y, x.z + p.scale.z, x.w - p.scale.w);
  ob[i] = make_int4(y.w + p.offset.x, y.z * p.offset.y, y.y - p.offset.z, y.x ^ p.offset.w);
  oc[i] = make_double2(z.y * 3.0 + 0.5, z.x - 1.25);
}

// A float4 from global memory into a float tile (the tile's alignment is 4 in the
// source; the index is a multiple of 4 floats), read back as float4 and transposed.
#define TILE 64
__global__ void tile_copy(const float *in, float *out) {
  __shared__ float tile[4][TILE];
  int t = threadIdx.x; // 64 threads: row t / 16, column (t % 16) * 4
  int r = t / 16, col = (t % 16) * 4;
  *(float4 *)&tile[r][col] = *(const float4 *)&in[r * TILE + col];
  __syncthreads();
  float4 v = *(float4 *)&tile[3 - r][col];
  *(float4 *)&out[r * TILE + col] = make_float4(v.w, v.z, v.y, v.x);
}

// 8-byte vectors and a private float4 array indexed at run time.
__global__ void small_and_private(const float2 *a, const uint2 *b, const short4 *c, float2 *oa,
                                  uint2 *ob, short4 *oc, float4 *od, int k) {
  int i = threadIdx.x;
  float2 x = a[i];
  uint2 y = b[i];
  short4 z = c[i];
  oa[i] = make_float2(x.y, x.x + 1.0f);
  ob[i] = make_uint2(y.x * 3u, y.y + y.x);
  oc[i] = make_short4(z.w, (short)(z.z + 1), z.y, (short)(z.x * 2));
  float4 local[4];
  for (int m = 0; m < 4; m++)
    local[m] = make_float4(i + m, i * m, m, -i);
  float4 v = local[(i + k) & 3];
  od[i] = v;
}

// A pointer into shared memory for even threads and into global memory for odd ones.
__global__ void generic(float4 *g, float4 *out) {
  __shared__ float4 s[N];
  int i = threadIdx.x;
  s[i] = make_float4(i, 2 * i, 3 * i, 4 * i);
  __syncthreads();
  float4 *p = (i & 1) ? &g[i] : &s[N - 1 - i];
  float4 v = *p;
  *p = make_float4(v.w, v.z, v.y, v.x);
  out[i] = *p;
}

int main() {
  static float4 ha[N], hoa[N];
  static int4 hb[N], hob[N];
  static double2 hc[N], hoc[N];
  for (int i = 0; i < N; i++) {
    ha[i] = make_float4(i, i + 0.5f, -i, 2 * i);
    hb[i] = make_int4(i, -i, 3 * i, i * i);
    hc[i] = make_double2(i * 1.5, 1.0 / (i + 1));
  }
  Params p = {make_float4(2, 3, 4, 5), make_int4(7, -2, 9, 0x55)};
  float4 *da, *doa;
  int4 *db, *dob;
  double2 *dc, *doc;
  cudaMalloc(&da, sizeof ha);
  cudaMalloc(&doa, sizeof ha);
  cudaMalloc(&db, sizeof hb);
  cudaMalloc(&dob, sizeof hb);
  cudaMalloc(&dc, sizeof hc);
  cudaMalloc(&doc, sizeof hc);
  cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice);
  global_and_shared<<<1, N>>>(da, db, dc, doa, dob, doc, p);
  cudaMemcpy(hoa, doa, sizeof hoa, cudaMemcpyDeviceToHost);
  cudaMemcpy(hob, dob, sizeof hob, cudaMemcpyDeviceToHost);
  cudaMemcpy(hoc, doc, sizeof hoc, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    int j = N - 1 - i;
    float4 x = ha[j];
    int4 y = hb[j];
    double2 z = hc[j];
    check(hoa[i].x == x.x * 2 && hoa[i].y == x.y * 3 && hoa[i].z == x.z + 4 && hoa[i].w == x.w - 5,
          "float4 through shared", i);
    check(hob[i].x == y.w + 7 && hob[i].y == y.z * -2 && hob[i].z == y.y - 9 &&
              hob[i].w == (y.x ^ 0x55),
          "int4 through shared", i);
    double e0 = z.y * 3.0 + 0.5, e1 = z.x - 1.25;
    check(!memcmp(&hoc[i].x, &e0, 8) && !memcmp(&hoc[i].y, &e1, 8), "double2 through shared", i);
  }

  static float hin[4 * TILE], hout[4 * TILE];
  for (int i = 0; i < 4 * TILE; i++)
    hin[i] = (float)(i * 7 % 101);
  float *din, *dout;
  cudaMalloc(&din, sizeof hin);
  cudaMalloc(&dout, sizeof hout);
  cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
  tile_copy<<<1, 64>>>(din, dout);
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  for (int r = 0; r < 4; r++)
    for (int col = 0; col < TILE; col += 4)
      for (int e = 0; e < 4; e++)
        check(hout[r * TILE + col + e] == hin[(3 - r) * TILE + col + 3 - e], "float4 tile",
              r * TILE + col + e);

  static float2 h2[N], ho2[N];
  static uint2 hu[N], hou[N];
  static short4 hs[N], hos[N];
  static float4 hod[N];
  for (int i = 0; i < N; i++) {
    h2[i] = make_float2(i, -2 * i);
    hu[i] = make_uint2(i * 5u, 0xFFFFFF00u + i);
    hs[i] = make_short4(i, -i, 3 * i, 100 - i);
  }
  float2 *d2, *do2;
  uint2 *du, *dou;
  short4 *ds, *dos;
  float4 *dod;
  cudaMalloc(&d2, sizeof h2);
  cudaMalloc(&do2, sizeof h2);
  cudaMalloc(&du, sizeof hu);
  cudaMalloc(&dou, sizeof hu);
  cudaMalloc(&ds, sizeof hs);
  cudaMalloc(&dos, sizeof hs);
  cudaMalloc(&dod, sizeof hod);
  cudaMemcpy(d2, h2, sizeof h2, cudaMemcpyHostToDevice);
  cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice);
  cudaMemcpy(ds, hs, sizeof hs, cudaMemcpyHostToDevice);
  int k = 3;
  small_and_private<<<1, N>>>(d2, du, ds, do2, dou, dos, dod, k);
  cudaMemcpy(ho2, do2, sizeof ho2, cudaMemcpyDeviceToHost);
  cudaMemcpy(hou, dou, sizeof hou, cudaMemcpyDeviceToHost);
  cudaMemcpy(hos, dos, sizeof hos, cudaMemcpyDeviceToHost);
  cudaMemcpy(hod, dod, sizeof hod, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    check(ho2[i].x == h2[i].y && ho2[i].y == h2[i].x + 1.0f, "float2", i);
    check(hou[i].x == hu[i].x * 3u && hou[i].y == hu[i].y + hu[i].x, "uint2", i);
    check(hos[i].x == hs[i].w && hos[i].y == (short)(hs[i].z + 1) && hos[i].z == hs[i].y &&
              hos[i].w == (short)(hs[i].x * 2),
          "short4", i);
    int m = (i + k) & 3;
    check(hod[i].x == i + m && hod[i].y == i * m && hod[i].z == m && hod[i].w == -i,
          "private float4", i);
  }

  static float4 hg[N], hgo[N], hout4[N];
  for (int i = 0; i < N; i++)
    hg[i] = make_float4(i + 1, i + 2, i + 3, i + 4);
  float4 *dg, *dgo;
  cudaMalloc(&dg, sizeof hg);
  cudaMalloc(&dgo, sizeof hg);
  cudaMemcpy(dg, hg, sizeof hg, cudaMemcpyHostToDevice);
  generic<<<1, N>>>(dg, dgo);
  cudaMemcpy(hout4, dgo, sizeof hout4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hgo, dg, sizeof hgo, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) {
    float4 v = (i & 1) ? hg[i] : make_float4(N - 1 - i, 2 * (N - 1 - i), 3 * (N - 1 - i),
                                             4 * (N - 1 - i));
    check(hout4[i].x == v.w && hout4[i].y == v.z && hout4[i].z == v.y && hout4[i].w == v.x,
          "float4 through a generic pointer", i);
    float4 g = (i & 1) ? make_float4(v.w, v.z, v.y, v.x) : hg[i];
    check(hgo[i].x == g.x && hgo[i].y == g.y && hgo[i].z == g.z && hgo[i].w == g.w,
          "global float4 after the generic store", i);
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
