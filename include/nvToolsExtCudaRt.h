/* nvToolsExtCudaRt.h — the older name of nvtx3/nvToolsExtCudaRt.h. */
#include "nvtx3/nvToolsExtCudaRt.h"
