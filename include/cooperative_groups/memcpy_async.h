/* cooperative_groups/memcpy_async.h — cg::memcpy_async(group, dst, src, bytes) (bytes a
 * count or an aligned size such as cuda::aligned_size_t<N>), the layout form
 * memcpy_async(group, dst, dst_count, src, src_count) (elements), and
 * cg::wait(group) / cg::wait_prior<N>(group). Written for Anchor from the CUDA C++
 * Programming Guide ("Cooperative Groups", "memcpy_async"). Metal has no asynchronous
 * copy into threadgroup memory that Anchor uses: the copy is synchronous, done by the
 * group's threads together (each copies every size()-th unit, 4-byte words when both
 * pointers and the length allow, bytes otherwise), which is a correct implementation
 * since the data may be read only after wait, a barrier of the group. */
#ifndef ANCHOR_CG_MEMCPY_ASYNC_H
#define ANCHOR_CG_MEMCPY_ASYNC_H
#pragma GCC system_header

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
/* The count as an alignment-carrying size (cuda::aligned_size_t<N> of libcu++'s
 * <cuda/barrier>, or any template of one size_t parameter convertible to size_t): the
 * alignment is only a promise that lets CUDA copy wider units; the bytes are the same. */
template <class Group, template <decltype(sizeof(0))> class Alignment, decltype(sizeof(0)) Hint>
__device__ __inline__ void memcpy_async(const Group &g, void *dst, const void *src,
                                        const Alignment<Hint> &bytes) {
  memcpy_async(g, dst, src, (unsigned long long)(decltype(sizeof(0)))bytes);
}
template <class Group, class T, template <decltype(sizeof(0))> class Alignment,
          decltype(sizeof(0)) Hint>
__device__ __inline__ void memcpy_async(const Group &g, T *dst, const T *src,
                                        const Alignment<Hint> &bytes) {
  memcpy_async(g, (void *)dst, (const void *)src, (unsigned long long)(decltype(sizeof(0)))bytes);
}
/* The layout form: counts of elements (integers or aligned sizes) for the destination and
 * the source; min(dst_count, src_count) elements are copied, as in CUDA's header. */
template <class Group, class T, class DstLayout, class SrcLayout>
__device__ __inline__ void memcpy_async(const Group &g, T *dst, const DstLayout &dst_count,
                                        const T *src, const SrcLayout &src_count) {
  unsigned long long d = (decltype(sizeof(0)))dst_count, s = (decltype(sizeof(0)))src_count;
  memcpy_async(g, (void *)dst, (const void *)src, (d < s ? d : s) * sizeof(T));
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
