/* runtime/arena.c — first-fit allocator over the offsets of the arena.
 *
 * All CUDA-visible memory is carved out of one Metal buffer (docs/design.md,
 * "Memory model"), so the allocator deals in offsets only and never touches
 * the memory itself. The blocks form one array sorted by offset that
 * partitions [0, capacity): allocation splits the first free block that is
 * large enough, freeing merges a block with free neighbours. Lookups by
 * offset (cudaFree, pointer validation) are binary searches. Allocation is
 * linear in the number of blocks, which stays small for CUDA programs (they
 * allocate few, large buffers). Large blocks are cache-coloured: they start
 * at staggered offsets where that fits (RT_ARENA_COLOR_*, core.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

static uint64_t rt_round_up(uint64_t value, uint64_t align) {
  return (value + align - 1) / align * align;
}

#ifndef NDEBUG
/* The invariants of rt_arena (core.h), checked after every change in debug
 * builds: the blocks partition [0, capacity) in order, no two free blocks
 * touch, and used is the sum of the allocated sizes. */
static bool rt_arena_valid(const rt_arena *arena) {
  uint64_t at = 0, used = 0;
  for (size_t i = 0; i < arena->count; i++) {
    const rt_block *b = &arena->blocks[i];
    if (b->offset != at || b->size == 0 || b->size % RT_ARENA_ALIGN) return false;
    if (b->kind == RT_BLOCK_FREE && i > 0 && arena->blocks[i - 1].kind == RT_BLOCK_FREE)
      return false;
    if (b->kind != RT_BLOCK_FREE) used += b->size;
    if (b->kind != RT_BLOCK_FREE && (b->requested == 0 || b->requested > b->size)) return false;
    at += b->size;
  }
  return at == arena->capacity && used == arena->used && arena->count <= arena->allocated;
}
#endif

bool rt_arena_init(rt_arena *arena, uint64_t capacity) {
  assert(arena);
  memset(arena, 0, sizeof *arena);
  arena->capacity = capacity / RT_ARENA_ALIGN * RT_ARENA_ALIGN;
  arena->allocated = 16;
  arena->blocks = calloc(arena->allocated, sizeof *arena->blocks);
  if (!arena->blocks) return false;
  if (arena->capacity > 0) {
    arena->blocks[0] = (rt_block){0, arena->capacity, 0, RT_BLOCK_FREE, 0, NULL};
    arena->count = 1;
  }
  assert(rt_arena_valid(arena));
  return true;
}

void rt_arena_destroy(rt_arena *arena) {
  free(arena->blocks);
  memset(arena, 0, sizeof *arena);
}

/* Makes room for `more` blocks beyond count; false when out of host memory. */
static bool rt_arena_reserve(rt_arena *arena, size_t more) {
  if (arena->count + more <= arena->allocated) return true;
  size_t grown =
      arena->allocated * 2 > arena->count + more ? arena->allocated * 2 : arena->count + more;
  rt_block *blocks = realloc(arena->blocks, grown * sizeof *blocks);
  if (!blocks) return false;
  arena->blocks = blocks;
  arena->allocated = grown;
  return true;
}

/* Makes room for one more block at index; false when out of host memory. */
static bool rt_arena_insert(rt_arena *arena, size_t index) {
  if (!rt_arena_reserve(arena, 1)) return false;
  memmove(&arena->blocks[index + 1], &arena->blocks[index],
          (arena->count - index) * sizeof *arena->blocks);
  arena->count++;
  return true;
}

static void rt_arena_remove(rt_arena *arena, size_t index) {
  memmove(&arena->blocks[index], &arena->blocks[index + 1],
          (arena->count - index - 1) * sizeof *arena->blocks);
  arena->count--;
}

/* Where a block of `rounded` bytes would start in `block`, or UINT64_MAX if it does
 * not fit there: at the block's start, or, for a coloured block, at the first offset with
 * the given residue modulo RT_ARENA_COLOR_PERIOD (the bytes before it stay free). */
static uint64_t rt_arena_fit(const rt_block *block, uint64_t rounded, bool colored,
                             uint64_t residue) {
  if (block->kind != RT_BLOCK_FREE || block->size < rounded) return UINT64_MAX;
  uint64_t gap = 0;
  if (colored)
    gap = (residue + RT_ARENA_COLOR_PERIOD - block->offset % RT_ARENA_COLOR_PERIOD) %
          RT_ARENA_COLOR_PERIOD;
  return block->size - rounded >= gap ? block->offset + gap : UINT64_MAX;
}

bool rt_arena_alloc(rt_arena *arena, uint64_t size, rt_block_kind kind, uint64_t *offset_out) {
  assert(arena && offset_out && kind != RT_BLOCK_FREE);
  if (size == 0 || size > arena->capacity) return false;
  uint64_t rounded = rt_round_up(size, RT_ARENA_ALIGN);
  /* Cache colouring: large blocks start at staggered offsets (the next colour's residue
   * modulo the period), where one fits; else, as every small block, at the first fit. */
  bool colored = rounded >= RT_ARENA_COLOR_MIN;
  uint64_t residue =
      arena->colored % (RT_ARENA_COLOR_PERIOD / RT_ARENA_COLOR_STEP) * RT_ARENA_COLOR_STEP;
  size_t i = 0;
  uint64_t start = UINT64_MAX;
  for (int pass = colored ? 0 : 1; pass < 2 && start == UINT64_MAX; pass++)
    for (i = 0; i < arena->count; i++) {
      start = rt_arena_fit(&arena->blocks[i], rounded, pass == 0, residue);
      if (start != UINT64_MAX) break;
    }
  if (start == UINT64_MAX) return false;
  if (!rt_arena_reserve(arena, 2)) return false; /* a free head and a free tail */
  rt_block *block = &arena->blocks[i];
  uint64_t head = start - block->offset, tail = block->size - head - rounded;
  if (head > 0) {              /* the bytes before the coloured start stay free */
    rt_arena_insert(arena, i); /* cannot fail: room reserved */
    arena->blocks[i].size = head;
    i++;
    block = &arena->blocks[i];
    block->offset = start;
    block->size = rounded + tail;
  }
  if (tail > 0) { /* split: the tail stays free */
    rt_arena_insert(arena, i + 1);
    block = &arena->blocks[i];
    arena->blocks[i + 1] = (rt_block){start + rounded, tail, 0, RT_BLOCK_FREE, 0, NULL};
    block->size = rounded;
  }
  block->kind = kind;
  block->requested = size;
  block->flags = 0;
  block->owner = NULL;
  arena->used += rounded;
  arena->colored += colored;
  *offset_out = start;
  assert(rt_arena_valid(arena));
  return true;
}

/* Index of the block containing offset, or arena->count if none. */
static size_t rt_arena_index(const rt_arena *arena, uint64_t offset) {
  size_t lo = 0, hi = arena->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const rt_block *block = &arena->blocks[mid];
    if (offset < block->offset)
      hi = mid;
    else if (offset - block->offset >= block->size)
      lo = mid + 1;
    else
      return mid;
  }
  return arena->count;
}

bool rt_arena_free(rt_arena *arena, uint64_t offset, rt_block_kind kind) {
  size_t i = rt_arena_index(arena, offset);
  if (i == arena->count) return false;
  rt_block *block = &arena->blocks[i];
  if (block->offset != offset || block->kind == RT_BLOCK_FREE || block->kind != kind) return false;
  arena->used -= block->size;
  block->kind = RT_BLOCK_FREE;
  block->requested = 0;
  if (i + 1 < arena->count && arena->blocks[i + 1].kind == RT_BLOCK_FREE) {
    block->size += arena->blocks[i + 1].size;
    rt_arena_remove(arena, i + 1);
  }
  if (i > 0 && arena->blocks[i - 1].kind == RT_BLOCK_FREE) {
    arena->blocks[i - 1].size += arena->blocks[i].size;
    rt_arena_remove(arena, i);
  }
  assert(rt_arena_valid(arena));
  return true;
}

const rt_block *rt_arena_find(const rt_arena *arena, uint64_t offset) {
  size_t i = rt_arena_index(arena, offset);
  if (i == arena->count || arena->blocks[i].kind == RT_BLOCK_FREE) return NULL;
  return &arena->blocks[i];
}
