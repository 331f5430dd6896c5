/* runtime/cuda_channel.c — cudaCreateChannelDesc: fills a channel format
 * descriptor (cuda_runtime_api.h); no state, no error. */
#include "cuda_runtime_api.h"

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f) {
  struct cudaChannelFormatDesc d = {x, y, z, w, f};
  return d;
}
