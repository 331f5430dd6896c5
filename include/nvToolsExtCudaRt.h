/* nvToolsExtCudaRt.h — the older name of nvtx3/nvToolsExtCudaRt.h. */
#pragma GCC system_header
#include "nvtx3/nvToolsExtCudaRt.h"
