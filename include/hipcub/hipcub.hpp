/* hipcub/hipcub.hpp — hipCUB for HIP programs (docs/hip.md, "Libraries"). Anchor uses
 * the HIP libraries only as a distribution packages them, over the CUDA library
 * they wrap on HIP's NVIDIA platform: when <hipcub/hipcub.hpp> is installed, it is
 * used unchanged; otherwise this header is a clear error instead of a missing
 * file. Written for Anchor. */
#pragma GCC system_header
#if __has_include_next(<hipcub/hipcub.hpp>)
#include_next <hipcub/hipcub.hpp>
#else
#error                                                                                             \
    "hipCUB is not installed: Debian 12 does not package it, and Anchor does not imitate it; use CUB (cub/cub.cuh), which hipCUB's NVIDIA backend wraps (docs/hip.md)"
#endif
