/* mtgp32_params_nvidia.cc — compares NVIDIA's MTGP32 parameter sets
 * (curand_mtgp32dc_p_11213.h, CUDA toolkit) with the published MTGP Dynamic Creator sets
 * Debian ships (<rocrand/rocrand_mtgp32_11213.h>), the data source Anchor's
 * curand_mtgp32dc_p_11213.h uses. Not part of the build: needs NVIDIA's CUDA toolkit.
 *   g++ -std=c++17 -I/usr/local/cuda/include mtgp32_params_nvidia.cc -o mtgp32_params &&
 * ./mtgp32_params Observed (CUDA 13.0, librocrand-dev 5.3.3): NVIDIA's 200 sets, 512 Debian sets,
 * none of NVIDIA's recursion tables among Debian's (set 0: NVIDIA pos 88, sh1 19, sh2 5; Debian's
 * pos 19, sh1 13, sh2 4), so MTGP32 sequences cannot be NVIDIA's (docs/curand.md).
 * Written for Anchor. */
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <curand_mtgp32.h>
#include <curand_mtgp32dc_p_11213.h>

#define ROCRAND_MTGP32_H_ /* only the table, not rocRAND's HIP engine */
namespace debian {
namespace rocrand_device {
typedef ::mtgp32_params_fast mtgp32_fast_params; /* same fields */
}
#include <rocrand/rocrand_mtgp32_11213.h>
} // namespace debian

int main() {
  const int nvidia = sizeof ::mtgp32dc_params_fast_11213 / sizeof ::mtgp32dc_params_fast_11213[0];
  const int published =
      sizeof debian::mtgp32dc_params_fast_11213 / sizeof debian::mtgp32dc_params_fast_11213[0];
  int same = 0;
  for (int i = 0; i < nvidia; i++)
    for (int j = 0; j < published; j++)
      if (!memcmp(::mtgp32dc_params_fast_11213[i].tbl, debian::mtgp32dc_params_fast_11213[j].tbl,
                  sizeof(::mtgp32dc_params_fast_11213[i].tbl)))
        same++;
  const mtgp32_params_fast &a = ::mtgp32dc_params_fast_11213[0];
  const mtgp32_params_fast &b = debian::mtgp32dc_params_fast_11213[0];
  printf("NVIDIA sets %d, Debian (published) sets %d, NVIDIA sets found among Debian's: %d\n",
         nvidia, published, same);
  printf(
      "set 0: NVIDIA pos %d sh1 %d sh2 %d tbl[1] %08x; Debian pos %d sh1 %d sh2 %d tbl[1] %08x\n",
      a.pos, a.sh1, a.sh2, a.tbl[1], b.pos, b.sh1, b.sh2, b.tbl[1]);
  return 0;
}
