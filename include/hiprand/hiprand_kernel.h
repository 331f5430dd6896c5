/* hiprand/hiprand_kernel.h — hipRAND for HIP programs (docs/hip.md, "Libraries"). Anchor uses
 * the HIP libraries only as a distribution packages them, over the CUDA library
 * they wrap on HIP's NVIDIA platform: <hiprand/hiprand_kernel.h> (Debian's libhiprand-dev) is
 * used unchanged, over Anchor's cuRAND (curand.h, curand_kernel.h); when it is not
 * installed, this header is a clear error instead of a missing file. Written for Anchor. */
#pragma GCC system_header
#if __has_include_next(<hiprand/hiprand_kernel.h>)
#include_next <hiprand/hiprand_kernel.h>
#else
#error                                                                                             \
    "hipRAND is not installed (Debian: libhiprand-dev); on HIP's NVIDIA platform it wraps cuRAND, which Anchor provides (docs/hip.md)"
#endif
