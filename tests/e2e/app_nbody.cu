// app_nbody.cu — an all-pairs gravitational n-body step in float, as CUDA's samples write
// it: tiles of bodies in shared memory, the softened inverse distance by rsqrtf, one
// fmaf-heavy accumulation per pair, then a leapfrog update; 4096 bodies, 4 steps.
// Checked against the same step in double on the host: positions relative to the
// system's size, and the total momentum (conserved by the pairwise forces) of the
// device's own result. Valid CUDA for nvcc.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BODIES 4096
#define TILE 128
#define STEPS 4
#define SOFTENING 0.01f
#define DT 0.001f

__global__ void step(const float4 *pos, float4 *new_pos, float3 *vel, int n) {
  __shared__ float4 tile[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float3 a = make_float3(0, 0, 0);
  for (int start = 0; start < n; start += TILE) {
    tile[threadIdx.x] = pos[start + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < TILE; j++) {
      float4 q = tile[j];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float d2 = dx * dx + dy * dy + dz * dz + SOFTENING * SOFTENING;
      float inv = rsqrtf(d2);
      float s = q.w * inv * inv * inv;
      a.x += dx * s, a.y += dy * s, a.z += dz * s;
    }
    __syncthreads();
  }
  float3 v = vel[i];
  v.x += a.x * DT, v.y += a.y * DT, v.z += a.z * DT;
  vel[i] = v;
  new_pos[i] = make_float4(p.x + v.x * DT, p.y + v.y * DT, p.z + v.z * DT, p.w);
}

int main() {
  static float4 pos[BODIES], out[BODIES];
  static float3 vel[BODIES];
  static double rp[BODIES][4], rv[BODIES][3];
  unsigned state = 12345u;
  for (int i = 0; i < BODIES; i++) {
    float c[4];
    for (int k = 0; k < 4; k++) {
      state = state * 1664525u + 1013904223u;
      c[k] = (float)(state >> 8) * (1.0f / 16777216.0f);
    }
    pos[i] = make_float4(2 * c[0] - 1, 2 * c[1] - 1, 2 * c[2] - 1, 0.5f + c[3]);
    vel[i] = make_float3(0, 0, 0);
    rp[i][0] = pos[i].x, rp[i][1] = pos[i].y, rp[i][2] = pos[i].z, rp[i][3] = pos[i].w;
    rv[i][0] = rv[i][1] = rv[i][2] = 0;
  }
  float4 *dpos[2];
  float3 *dvel;
  cudaMalloc(&dpos[0], sizeof pos), cudaMalloc(&dpos[1], sizeof pos), cudaMalloc(&dvel, sizeof vel);
  cudaMemcpy(dpos[0], pos, sizeof pos, cudaMemcpyHostToDevice);
  cudaMemcpy(dvel, vel, sizeof vel, cudaMemcpyHostToDevice);
  for (int s = 0; s < STEPS; s++)
    step<<<BODIES / TILE, TILE>>>(dpos[s & 1], dpos[(s + 1) & 1], dvel, BODIES);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(out, dpos[STEPS & 1], sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(vel, dvel, sizeof vel, cudaMemcpyDeviceToHost);
  static double np[BODIES][4];
  for (int s = 0; s < STEPS; s++) {
    for (int i = 0; i < BODIES; i++) {
      double a[3] = {0, 0, 0};
      for (int j = 0; j < BODIES; j++) {
        double d[3] = {rp[j][0] - rp[i][0], rp[j][1] - rp[i][1], rp[j][2] - rp[i][2]};
        double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + (double)SOFTENING * SOFTENING;
        double sc = rp[j][3] / (d2 * sqrt(d2));
        for (int k = 0; k < 3; k++)
          a[k] += d[k] * sc;
      }
      for (int k = 0; k < 3; k++) {
        rv[i][k] += a[k] * DT;
        np[i][k] = rp[i][k] + rv[i][k] * DT;
      }
      np[i][3] = rp[i][3];
    }
    for (int i = 0; i < BODIES; i++)
      for (int k = 0; k < 4; k++)
        rp[i][k] = np[i][k];
  }
  double max_err = 0, mom[3] = {0, 0, 0}, mom_scale = 0;
  for (int i = 0; i < BODIES; i++) {
    double g[3] = {out[i].x, out[i].y, out[i].z};
    double v[3] = {vel[i].x, vel[i].y, vel[i].z};
    for (int k = 0; k < 3; k++) {
      max_err = fmax(max_err, fabs(g[k] - rp[i][k]) / 2.0); // relative to the cube's size
      mom[k] += rp[i][3] * v[k];
      mom_scale += fabs(rp[i][3] * v[k]);
    }
  }
  double drift = sqrt(mom[0] * mom[0] + mom[1] * mom[1] + mom[2] * mom[2]) / mom_scale;
  printf("%d bodies, %d steps: max position error %.3g of the system's size, momentum drift %.3g\n",
         BODIES, STEPS, max_err, drift);
  if (!(max_err < 1e-5 && drift < 1e-4)) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
