/* curand_mtgp32dc_p_11213.h — mtgp32dc_params_fast_11213[]: MTGP32 parameter sets for
 * the 11213-bit state, from the table of Saito and Matsumoto's MTGP Dynamic Creator
 * (mtgp32dc-param-11213.c) as Debian's librocrand-dev ships it
 * (<rocrand/rocrand_mtgp32_11213.h>, 512 sets; the first CURAND_NUM_MTGP32_PARAMS are
 * used). NVIDIA's header holds 200 other parameter sets, not published in any Debian
 * package: MTGP32 sequences here are MTGP's, not NVIDIA's (docs/curand.md). C++ only, as
 * Debian's table is. Written for Anchor. */
#ifndef ANCHOR_CURAND_MTGP32DC_P_11213_H
#define ANCHOR_CURAND_MTGP32DC_P_11213_H
#pragma GCC system_header

#include <stdint.h>

#include "curand_mtgp32.h"

#ifndef __cplusplus
#error "curand_mtgp32dc_p_11213.h: the parameter table (Debian's rocRAND header) is C++ only"
#endif

/* rocRAND's table names its element type rocrand_device::mtgp32_fast_params and includes
 * rocRAND's MTGP32 engine (HIP device code); the element is cuRAND's mtgp32_params_fast
 * field for field, so that type is given to it and the engine's header left out. */
#ifndef ROCRAND_MTGP32_H_
#define ROCRAND_MTGP32_H_
#define ANCHOR_ROCRAND_MTGP32_H_SKIPPED
#endif
namespace rocrand_device {
typedef ::mtgp32_params_fast mtgp32_fast_params;
}
#include <rocrand/rocrand_mtgp32_11213.h>
#ifdef ANCHOR_ROCRAND_MTGP32_H_SKIPPED
#undef ROCRAND_MTGP32_H_
#undef ANCHOR_ROCRAND_MTGP32_H_SKIPPED
#endif
#undef mtgpdc_params_11213_num

static_assert(sizeof(mtgp32dc_params_fast_11213) / sizeof(mtgp32dc_params_fast_11213[0]) >=
                  CURAND_NUM_MTGP32_PARAMS,
              "MTGP32 needs CURAND_NUM_MTGP32_PARAMS parameter sets");

#endif
