/* curand_discrete.c — curandCreatePoissonDistribution / curandDestroyDistribution: the
 * Poisson distribution's cumulative probabilities over the values that carry all but
 * ~1e-16 of its mass, in device memory for curand_discrete (curand_kernel.h). Talks only
 * to the CUDA runtime API. Written for Anchor. */
#include "curand.h"

#include <math.h>
#include <stdlib.h>

curandStatus_t curandCreatePoissonDistribution(double lambda,
                                               curandDiscreteDistribution_t *distribution) {
  if (!distribution) return CURAND_STATUS_OUT_OF_RANGE;
  if (!(lambda > 0) || lambda > 1e9) return CURAND_STATUS_OUT_OF_RANGE;
  double spread = 10 * sqrt(lambda) + 10;
  unsigned int shift = lambda > spread ? (unsigned int)floor(lambda - spread) : 0;
  unsigned int length = (unsigned int)ceil(lambda + spread) - shift + 1;
  double *cdf = malloc(length * sizeof *cdf);
  if (!cdf) return CURAND_STATUS_ALLOCATION_FAILED;
  double sum = 0;
  for (unsigned int j = 0; j < length; j++) {
    double k = (double)shift + j;
    sum += exp(-lambda + k * log(lambda) - lgamma(k + 1));
    cdf[j] = sum;
  }
  for (unsigned int j = 0; j < length; j++) /* the mass left outside goes to the ends */
    cdf[j] /= sum;
  cdf[length - 1] = 1.0;
  struct curandDiscreteDistribution_st host = {
      .shift = shift, .length = length, .mean = lambda, .stddev = sqrt(lambda)};
  struct curandDiscreteDistribution_st *device = NULL;
  curandStatus_t status = CURAND_STATUS_SUCCESS;
  if (cudaMalloc((void **)&host.cdf, length * sizeof *cdf) != cudaSuccess)
    status = CURAND_STATUS_ALLOCATION_FAILED;
  else if (cudaMalloc((void **)&device, sizeof host) != cudaSuccess)
    status = CURAND_STATUS_ALLOCATION_FAILED;
  else if (cudaMemcpy(host.cdf, cdf, length * sizeof *cdf, cudaMemcpyHostToDevice) != cudaSuccess ||
           cudaMemcpy(device, &host, sizeof host, cudaMemcpyHostToDevice) != cudaSuccess)
    status = CURAND_STATUS_INTERNAL_ERROR;
  free(cdf);
  if (status != CURAND_STATUS_SUCCESS) {
    cudaFree(host.cdf);
    cudaFree(device);
    return status;
  }
  *distribution = device;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t distribution) {
  struct curandDiscreteDistribution_st host;
  if (!distribution ||
      cudaMemcpy(&host, distribution, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess)
    return CURAND_STATUS_OUT_OF_RANGE;
  cudaFree(host.cdf);
  cudaFree(distribution);
  return CURAND_STATUS_SUCCESS;
}
