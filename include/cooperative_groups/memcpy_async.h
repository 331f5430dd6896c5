/* cooperative_groups/memcpy_async.h — cg::memcpy_async(group, dst, src, bytes) and
 * cg::wait(group) / cg::wait_prior<N>(group). Written for Anchor from the CUDA C++
 * Programming Guide ("Cooperative Groups", "memcpy_async"). Metal has no asynchronous
 * copy into threadgroup memory that Anchor uses: the copy is synchronous, done by the
 * group's threads together (each copies every size()-th unit, 4-byte words when both
 * pointers and the length allow, bytes otherwise), which is a correct implementation
 * since the data may be read only after wait, a barrier of the group. */
#ifndef ANCHOR_CG_MEMCPY_ASYNC_H
#define ANCHOR_CG_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

#if defined(__CUDA__) && defined(__cplusplus)

namespace cooperative_groups {

template <class Group>
__device__ __inline__ void memcpy_async(const Group &g, void *dst, const void *src,
                                        unsigned long long bytes) {
  unsigned long long rank = g.thread_rank(), step = g.num_threads();
  if ((((unsigned long long)dst | (unsigned long long)src | bytes) & 3u) == 0) {
    unsigned *d = (unsigned *)dst;
    const unsigned *s = (const unsigned *)src;
    for (unsigned long long k = rank; k < bytes / 4; k += step)
      d[k] = s[k];
  } else {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    for (unsigned long long k = rank; k < bytes; k += step)
      d[k] = s[k];
  }
}
template <class Group, class T>
__device__ __inline__ void memcpy_async(const Group &g, T *dst, const T *src,
                                        unsigned long long bytes) {
  memcpy_async(g, (void *)dst, (const void *)src, bytes);
}
template <class Group> __device__ __inline__ void wait(const Group &g) {
  g.sync();
}
template <unsigned N, class Group> __device__ __inline__ void wait_prior(const Group &g) {
  g.sync();
}

} // namespace cooperative_groups

#endif /* __CUDA__ && __cplusplus */
#endif
