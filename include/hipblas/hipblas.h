/* hipblas/hipblas.h — hipBLAS for HIP programs (docs/hip.md, "Libraries"). Anchor uses
 * the HIP libraries only as a distribution packages them, over the CUDA library
 * they wrap on HIP's NVIDIA platform: when <hipblas/hipblas.h> is installed, it is
 * used unchanged; otherwise this header is a clear error instead of a missing
 * file. Written for Anchor. */
#pragma GCC system_header
#if __has_include_next(<hipblas/hipblas.h>)
#include_next <hipblas/hipblas.h>
#else
#error                                                                                             \
    "hipBLAS is not installed (Debian 12 does not package it); its NVIDIA platform wraps cuBLAS, which Anchor provides: install hipBLAS's headers, or call cuBLAS (cublas_v2.h, -lcublas) directly (docs/hip.md)"
#endif
