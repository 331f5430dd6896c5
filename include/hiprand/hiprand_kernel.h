/* hiprand/hiprand_kernel.h — hipRAND for HIP programs (docs/hip.md, "Libraries"). Anchor uses
 * the HIP libraries only as a distribution packages them, over the CUDA library
 * they wrap on HIP's NVIDIA platform: when <hiprand/hiprand_kernel.h> is installed, it is
 * used unchanged; otherwise this header is a clear error instead of a missing
 * file. Written for Anchor. */
#pragma GCC system_header
#if __has_include_next(<hiprand/hiprand_kernel.h>)
#include_next <hiprand/hiprand_kernel.h>
#else
#error                                                                                             \
    "hipRAND is not installed, and on HIP's NVIDIA platform it wraps cuRAND, which Anchor does not provide yet (docs/hip.md)"
#endif
