/* curand_direction.c — curandGetDirectionVectors32/64: Sobol direction vectors for 20,000
 * dimensions from Joe and Kuo's new-joe-kuo-6.21201 table. They are served from rocRAND's
 * precomputed tables as Debian ships them (librocrand-dev), which hold exactly the vectors
 * NVIDIA's cuRAND returns (compared element by element: docs/curand.md). Written for
 * Anchor. */
#include "curand.h"

#include <rocrand/rocrand_sobol32_precomputed.h>
#include <rocrand/rocrand_sobol64_precomputed.h>

_Static_assert(SOBOL32_N == 20000 * 32 && SOBOL64_N == 20000 * 64,
               "rocRAND's tables hold 20,000 dimensions");

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[],
                                           curandDirectionVectorSet_t set) {
  if (!vectors) return CURAND_STATUS_OUT_OF_RANGE;
  if (set != CURAND_DIRECTION_VECTORS_32_JOEKUO6)
    return CURAND_STATUS_OUT_OF_RANGE; /* scrambled set: docs/curand.md, "Missing" */
  *vectors = (curandDirectionVectors32_t *)h_sobol32_direction_vectors;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[],
                                           curandDirectionVectorSet_t set) {
  if (!vectors) return CURAND_STATUS_OUT_OF_RANGE;
  if (set != CURAND_DIRECTION_VECTORS_64_JOEKUO6) return CURAND_STATUS_OUT_OF_RANGE;
  *vectors = (curandDirectionVectors64_t *)h_sobol64_direction_vectors;
  return CURAND_STATUS_SUCCESS;
}
