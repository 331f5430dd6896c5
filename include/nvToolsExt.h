/* nvToolsExt.h — the NVTX header by its older name (NVTX v2 programs include
 * it directly); the same API as nvtx3/nvToolsExt.h, which it includes. */
#include "nvtx3/nvToolsExt.h"
