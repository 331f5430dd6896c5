/* nvToolsExt.h — the NVTX header by its older name (NVTX v2 programs include
 * it directly); the same API as nvtx3/nvToolsExt.h, which it includes. */
#pragma GCC system_header
#include "nvtx3/nvToolsExt.h"
