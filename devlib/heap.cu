// devlib/heap.cu — the device heap: malloc/free in kernels (operator
// new/new[]/delete/delete[] reach them through compiler/lower_libcalls.c).
// The heap is a block of cudaLimitMallocHeapSize bytes that libanchor
// creates zeroed, its size in the first 8 bytes (common/abi.h,
// runtime/core_services.c); it lives as long as the device, so memory one
// kernel allocates stays valid for later kernels until one frees it.
// Declarations: include/anchor/device_services.h.
//
// Every block is 16-byte aligned (CUDA's guarantee); an over-aligned
// operator new gets up to a page's alignment (__anchor_malloc_aligned).
// Only relaxed 32-bit atomics (what MSL 3.1 has). The heap is cut into pages
// of PAGE bytes after a header and the pages' metadata: one state word per
// page (free, a size class, the head or the rest of a large block, or
// locked while being given back), a count word (a large block's pages) and
// BITMAP_WORDS bitmap words per page.
//   - Small blocks (up to PAGE / 2 bytes) are the power of two at or above
//     the size, at least 16 (CUDA's alignment): a page of class c holds
//     PAGE >> (4 + c) of them, one bit each. A malloc finds a page of its
//     class with a clear bit (from the class's hint, the page last used) and
//     sets it with atomicOr; a page is taken for the class with atomicCAS on
//     a free page's state. After setting a bit the page's state is read
//     again: if it changed (the page was given back meanwhile) the bit is
//     cleared and the search goes on, so a block is only ever used inside a
//     page of its class. free clears the bit; the free that empties a page
//     locks it (state -> LOCKED + c), checks the bitmap again and frees the page
//     or gives it back to its class.
//   - Large blocks take whole consecutive pages, claimed one by one with
//     atomicCAS (free -> REST), released again when one is taken; the first
//     page becomes HEAD, with the number of pages in its count word.
//   No thread ever waits for another (no lock is spun on): a page being
//   given back is only skipped by malloc, and a free in it clears its bit.
// Cost: a malloc is O(1) atomics while the hinted page has room, a scan of
// the state words when it has none (O(pages)), a large block a scan for a
// run of free pages; free is O(1), plus 2-9 words read when a page empties.
// Fragmentation: small blocks waste up to half their power of two; a page
// stays with its class while any block in it lives; large blocks round up
// to whole pages. The metadata is 40 bytes per 4 KiB page (under 1%).
// Relaxed atomics order nothing else: a block freed by one thread and
// reused by another in the same kernel relies on the program's own
// synchronisation for its data, as in CUDA.
#include <anchor/device_context.h>

#include "abi.h"

namespace {

enum : unsigned {
  PAGE = 4096,
  BITMAP_WORDS = PAGE / 16 / 32, // the smallest class, one bit per block
  CLASSES = 8,                   // 16 ... 2048 bytes
  HEADER = 256,                  // size (8 bytes), used word, the classes' hints
  HINTS = 16,                    // byte offset of the hints in the header
  // page states: 0 free, 1 + class for a small-block page, LOCKED + class
  // while the free that emptied it gives it back
  HEAD = CLASSES + 1,
  REST = CLASSES + 2,
  LOCKED = CLASSES + 3,
};

struct heap {
  unsigned *state, *count, *bitmap, *hint;
  unsigned char *data;
  unsigned long long pages;
};

__device__ heap open_heap() {
  unsigned char *base = (unsigned char *)__anchor_context_heap();
  heap h = {nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  if (!base) return h;
  unsigned long long bytes = *(const unsigned long long *)(base + AC_ABI_HEAP_SIZE_OFFSET);
  __atomic_store_n((unsigned *)(base + AC_ABI_HEAP_USED_OFFSET), 1u, __ATOMIC_RELAXED);
  // header, pages * (state, count, bitmap), up to PAGE - 1 bytes to align the
  // pages to PAGE (as addresses), pages * PAGE
  unsigned long long room = bytes > HEADER + PAGE ? bytes - HEADER - PAGE : 0;
  h.pages = room / (PAGE + 4 * (2 + BITMAP_WORDS));
  h.hint = (unsigned *)(base + HINTS);
  h.state = (unsigned *)(base + HEADER);
  h.count = h.state + h.pages;
  h.bitmap = h.count + h.pages;
  unsigned long long meta = (unsigned long long)base + HEADER + h.pages * 4 * (2 + BITMAP_WORDS);
  h.data = (unsigned char *)((meta + PAGE - 1) & ~(unsigned long long)(PAGE - 1));
  return h;
}

__device__ __forceinline__ unsigned load(const unsigned *p) {
  return __atomic_load_n(p, __ATOMIC_RELAXED);
}

// Blocks per page of class c, and the mask of the valid bits of word w.
__device__ __forceinline__ unsigned blocks(unsigned c) {
  return PAGE >> (4 + c);
}
__device__ __forceinline__ unsigned valid_bits(unsigned c, unsigned w) {
  unsigned n = blocks(c) - w * 32;
  return n >= 32 ? ~0u : (1u << n) - 1u;
}

// A block of class c in page p, or null when it is full or no longer c's.
__device__ void *take_block(const heap &h, unsigned long long p, unsigned c) {
  unsigned words = (blocks(c) + 31) / 32;
  for (unsigned w = 0; w < words; w++) {
    unsigned *word = &h.bitmap[p * BITMAP_WORDS + w], mask = valid_bits(c, w);
    unsigned v = load(word);
    while ((v & mask) != mask) {
      unsigned bit = 1u << (__ffs(~v & mask) - 1);
      unsigned old = atomicOr(word, bit);
      if (!(old & bit)) {
        if (load(&h.state[p]) != 1 + c) { // given back meanwhile: not ours
          atomicAnd(word, ~bit);
          return nullptr;
        }
        unsigned index = w * 32 + (__ffs(bit) - 1);
        return h.data + p * PAGE + (unsigned long long)index * (16u << c);
      }
      v = old | bit;
    }
  }
  return nullptr;
}

__device__ void *malloc_small(const heap &h, unsigned c) {
  unsigned long long start = load(&h.hint[c]) % h.pages;
  for (int pass = 0; pass < 2; pass++) // pages of the class, then free pages
    for (unsigned long long k = 0; k < h.pages; k++) {
      unsigned long long p = (start + k) % h.pages;
      unsigned s = load(&h.state[p]);
      if (pass == 1 && s == 0 && atomicCAS(&h.state[p], 0u, 1 + c) == 0) s = 1 + c;
      if (s != 1 + c) continue;
      if (void *block = take_block(h, p, c)) {
        if (k) atomicExch(&h.hint[c], (unsigned)p);
        return block;
      }
    }
  return nullptr;
}

__device__ void *malloc_large(const heap &h, unsigned long long n) {
  for (unsigned long long p = 0; p + n <= h.pages;) {
    unsigned long long k = 0;
    while (k < n && atomicCAS(&h.state[p + k], 0u, (unsigned)REST) == 0)
      k++;
    if (k == n) {
      h.count[p] = (unsigned)n;
      atomicExch(&h.state[p], (unsigned)HEAD);
      return h.data + p * PAGE;
    }
    for (unsigned long long j = 0; j < k; j++)
      atomicExch(&h.state[p + j], 0u);
    p += k + 1; // page p + k is taken
  }
  return nullptr;
}

// The page that held a block of class c has none left: free it, unless a
// malloc took a block in it meanwhile.
__device__ void release_page(const heap &h, unsigned long long p, unsigned c) {
  if (atomicCAS(&h.state[p], 1 + c, LOCKED + c) != 1 + c) return;
  bool empty = true;
  for (unsigned w = 0; w < BITMAP_WORDS; w++)
    empty = empty && !load(&h.bitmap[p * BITMAP_WORDS + w]);
  atomicExch(&h.state[p], empty ? 0u : 1 + c);
}

} // namespace

extern "C" __device__ void *__anchor_malloc(size_t size) {
  heap h = open_heap();
  if (!h.pages || size > h.pages * PAGE) return nullptr;
  if (size > PAGE / 2) return malloc_large(h, (size + PAGE - 1) / PAGE);
  unsigned c = 0;
  while ((16u << c) < size)
    c++;
  return malloc_small(h, c);
}

// operator new with an alignment (an over-aligned type): a block of class c
// is aligned to its size up to PAGE (pages are PAGE-aligned addresses), a
// large block to PAGE; beyond a page, or an alignment that is no power of
// two, there is no block (NULL).
extern "C" __device__ void *__anchor_malloc_aligned(size_t size, size_t alignment) {
  if (alignment & (alignment - 1) || alignment > PAGE) return nullptr;
  return __anchor_malloc(size < alignment ? alignment : size);
}

extern "C" __device__ void __anchor_free(void *ptr) {
  heap h = open_heap();
  unsigned long long at = (unsigned long long)ptr, data = (unsigned long long)h.data;
  if (!ptr || !h.pages || at < data || at >= data + h.pages * PAGE) return;
  unsigned long long p = (at - data) / PAGE;
  unsigned s = load(&h.state[p]);
  if (s == HEAD) {
    unsigned n = h.count[p];
    for (unsigned k = n; k-- > 0;)
      atomicExch(&h.state[p + k], 0u);
    return;
  }
  // a page of a class, or one being given back (its bitmap still counts);
  // anything else is no live block (undefined in CUDA): nothing happens
  bool locked = s >= LOCKED && s < LOCKED + CLASSES;
  if (!locked && (s == 0 || s > CLASSES)) return;
  unsigned c = locked ? s - LOCKED : s - 1;
  unsigned index = (unsigned)((at - data) % PAGE) >> (4 + c);
  unsigned *word = &h.bitmap[p * BITMAP_WORDS + index / 32], bit = 1u << (index % 32);
  if ((atomicAnd(word, ~bit) & ~bit) != 0) return; // its word still holds blocks
  for (unsigned w = 0; w < BITMAP_WORDS; w++)
    if (load(&h.bitmap[p * BITMAP_WORDS + w])) return;
  release_page(h, p, c);
}

// CUDA refuses cudaLimitMallocHeapSize after the launch of a kernel that contains
// malloc or free, called or not: the first thread of every such kernel
// (compiler/lower_libcalls.c puts the call first) marks the heap used.
extern "C" __device__ void __anchor_heap_mark(void) {
  unsigned char *base = (unsigned char *)__anchor_context_heap();
  if (base && (threadIdx.x | threadIdx.y | threadIdx.z | blockIdx.x | blockIdx.y | blockIdx.z) == 0)
    __atomic_store_n((unsigned *)(base + AC_ABI_HEAP_USED_OFFSET), 1u, __ATOMIC_RELAXED);
}
