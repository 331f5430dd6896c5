/* hipfft.h — hipFFT for HIP programs (docs/hip.md, "Libraries"). Anchor uses
 * the HIP libraries only as a distribution packages them, over the CUDA library
 * they wrap on HIP's NVIDIA platform: when <hipfft.h> is installed, it is
 * used unchanged; otherwise this header is a clear error instead of a missing
 * file. Written for Anchor. */
#pragma GCC system_header
#if __has_include_next(<hipfft.h>)
#include_next <hipfft.h>
#else
#error                                                                                             \
    "hipFFT is not installed (Debian 12 does not package it); its NVIDIA platform wraps cuFFT, which Anchor provides: install hipFFT's headers, or call cuFFT (cufft.h, -lcufft) directly (docs/hip.md)"
#endif
