// hiprand.cu — a HIP program using hipRAND's device API (Debian's hiprand_kernel.h for
// HIP's NVIDIA platform, unchanged) over Anchor's cuRAND: hiprand_init/hiprand for the
// default (XORWOW), Philox and MRG32k3a states give NVIDIA's cuRAND values (the same
// recordings as device_api.cu), hiprand_uniform/normal are cuRAND's transforms, and
// quasi-random Sobol32 through hiprand. Written for Anchor.
#include <curand.h> // curandGetDirectionVectors32: hipRAND's host API is not available
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>
#include <stdio.h>

#include "record/device_points.h"
#include "recorded_device.h"

template <typename State> __global__ void first_values(unsigned int *out) {
  int i = threadIdx.x;
  if (i >= DEVICE_STREAMS * DEVICE_POSITIONS) return;
  const unsigned int streams[DEVICE_STREAMS] = DEVICE_STREAM_LIST;
  const unsigned int positions[DEVICE_POSITIONS] = DEVICE_POSITION_LIST;
  State s;
  hiprand_init(DEVICE_SEED, streams[i / DEVICE_POSITIONS], positions[i % DEVICE_POSITIONS], &s);
  out[i] = hiprand(&s);
}

__global__ void transforms(unsigned int *bits, float *uniform, float *normal) {
  hiprandState_t s;
  hiprand_init(5, threadIdx.x, 0, &s);
  bits[threadIdx.x] = hiprand(&s);
  hiprand_init(5, threadIdx.x, 0, &s);
  uniform[threadIdx.x] = hiprand_uniform(&s);
  normal[threadIdx.x] = hiprand_normal(&s);
}

// Quasi-random through hipRAND: Sobol32 dimension 1 from offset 5 (NVIDIA's values, as in
// sobol.cu), and a Poisson draw of hiprand_poisson.
__global__ void quasi(hiprandDirectionVectors32_t *vectors, unsigned int *out,
                      unsigned int *poisson) {
  hiprandStateSobol32_t s;
  hiprand_init(vectors[1], 5, &s);
  out[0] = hiprand(&s);
  out[1] = hiprand(&s);
  hiprandStatePhilox4_32_10_t p;
  hiprand_init(3, threadIdx.x, 0, &p);
  poisson[0] = hiprand_poisson(&p, 2.0);
}

int main() {
  int failures = 0;
  const int n = DEVICE_STREAMS * DEVICE_POSITIONS;
  unsigned int *d, h[n];
  hipMalloc(&d, sizeof h);
  const char *names[3] = {"XORWOW", "MRG32k3a", "Philox4_32_10"};
  for (int g = 0; g < 3; g++) {
    if (g == 0)
      hipLaunchKernelGGL(first_values<hiprandState_t>, dim3(1), dim3(64), 0, 0, d);
    else if (g == 1)
      hipLaunchKernelGGL(first_values<hiprandStateMRG32k3a_t>, dim3(1), dim3(64), 0, 0, d);
    else
      hipLaunchKernelGGL(first_values<hiprandStatePhilox4_32_10_t>, dim3(1), dim3(64), 0, 0, d);
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
      if (h[i] != recorded_device[g][i / DEVICE_POSITIONS][i % DEVICE_POSITIONS]) {
        printf("FAIL %s value %d: %u, NVIDIA's %u\n", names[g], i, h[i],
               recorded_device[g][i / DEVICE_POSITIONS][i % DEVICE_POSITIONS]);
        failures++;
      }
  }
  unsigned int *db, hb[32];
  float *du, *dn, hu[32], hn[32];
  hipMalloc(&db, sizeof hb);
  hipMalloc(&du, sizeof hu);
  hipMalloc(&dn, sizeof hn);
  hipLaunchKernelGGL(transforms, dim3(1), dim3(32), 0, 0, db, du, dn);
  hipMemcpy(hb, db, sizeof hb, hipMemcpyDeviceToHost);
  hipMemcpy(hu, du, sizeof hu, hipMemcpyDeviceToHost);
  hipMemcpy(hn, dn, sizeof hn, hipMemcpyDeviceToHost);
  double sum = 0;
  for (int i = 0; i < 32; i++) {
    float want = hb[i] * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
    if (hu[i] != want) {
      printf("FAIL hiprand_uniform %.9g, expected %.9g\n", hu[i], want);
      failures++;
    }
    sum += hn[i];
  }
  if (!(sum > -32 && sum < 32)) {
    printf("FAIL hiprand_normal sum %g\n", sum);
    failures++;
  }
  curandDirectionVectors32_t *vectors;
  curandGetDirectionVectors32(&vectors, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
  hiprandDirectionVectors32_t *dv;
  unsigned int *dq, hq[3];
  hipMalloc(&dv, 2 * sizeof *dv);
  hipMalloc(&dq, sizeof hq);
  hipMemcpy(dv, vectors, 2 * sizeof *dv, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(quasi, dim3(1), dim3(1), 0, 0, dv, dq, dq + 2);
  hipMemcpy(hq, dq, sizeof hq, hipMemcpyDeviceToHost);
  if (hq[0] != 3758096384u || hq[1] != 536870912u || hq[2] > 40) {
    printf("FAIL hipRAND Sobol32 %u %u (NVIDIA's 3758096384 536870912), poisson %u\n", hq[0], hq[1],
           hq[2]);
    failures++;
  }
  if (failures) {
    printf("FAIL: %d\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
