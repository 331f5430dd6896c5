/* tests/runtime/test_arena.c — the arena allocator alone (no Metal): 512-byte
 * alignment (RT_ARENA_ALIGN, an H100's cudaMalloc alignment), first fit, splitting, merging of free
 * neighbours, exhaustion, frees that must be refused, lookups of interior offsets, and the
 * cache colouring of large blocks. */
#include <stdint.h>

#include "check.h"
#include "core.h"

static void test_alignment_and_find(void) {
  rt_arena a;
  CHECK(rt_arena_init(&a, 1 << 20));
  uint64_t x, y, z;
  CHECK(rt_arena_alloc(&a, 1, RT_BLOCK_DEVICE, &x));
  CHECK(rt_arena_alloc(&a, 600, RT_BLOCK_HOST, &y));
  CHECK(rt_arena_alloc(&a, 512, RT_BLOCK_DEVICE, &z));
  CHECK(RT_ARENA_ALIGN == 512);
  CHECK(x == 0 && y == 512 && z == 1536); /* 1 → 512, 600 → 1024 */
  CHECK(a.used == 512 + 1024 + 512);
  const rt_block *b = rt_arena_find(&a, y + 599);
  CHECK(b && b->offset == y && b->requested == 600 && b->kind == RT_BLOCK_HOST);
  CHECK(rt_arena_find(&a, z + 512) == NULL); /* free space after the last block */
  CHECK(!rt_arena_alloc(&a, 0, RT_BLOCK_DEVICE, &x));
  rt_arena_destroy(&a);
}

static void test_free_rules(void) {
  rt_arena a;
  CHECK(rt_arena_init(&a, 1 << 20));
  uint64_t x, y;
  CHECK(rt_arena_alloc(&a, 1000, RT_BLOCK_DEVICE, &x));
  CHECK(rt_arena_alloc(&a, 1000, RT_BLOCK_HOST, &y));
  CHECK(!rt_arena_free(&a, x + 16, RT_BLOCK_DEVICE));  /* interior pointer */
  CHECK(!rt_arena_free(&a, y, RT_BLOCK_DEVICE));       /* wrong kind */
  CHECK(!rt_arena_free(&a, 1 << 19, RT_BLOCK_DEVICE)); /* free space */
  CHECK(rt_arena_free(&a, x, RT_BLOCK_DEVICE));
  CHECK(!rt_arena_free(&a, x, RT_BLOCK_DEVICE)); /* double free */
  CHECK(rt_arena_free(&a, y, RT_BLOCK_HOST));
  CHECK(a.used == 0 && a.count == 1); /* everything merged back into one block */
  rt_arena_destroy(&a);
}

static void test_first_fit_and_merge(void) {
  rt_arena a;
  CHECK(rt_arena_init(&a, 8192));
  uint64_t o[16];
  for (int i = 0; i < 16; i++)
    CHECK(rt_arena_alloc(&a, 512, RT_BLOCK_DEVICE, &o[i]));
  uint64_t extra;
  CHECK(!rt_arena_alloc(&a, 1, RT_BLOCK_DEVICE, &extra)); /* full */
  CHECK(rt_arena_free(&a, o[3], RT_BLOCK_DEVICE));
  CHECK(rt_arena_free(&a, o[5], RT_BLOCK_DEVICE));
  CHECK(!rt_arena_alloc(&a, 1024, RT_BLOCK_DEVICE, &extra)); /* holes not adjacent */
  CHECK(rt_arena_free(&a, o[4], RT_BLOCK_DEVICE));           /* joins 3,4,5 */
  CHECK(rt_arena_alloc(&a, 1536, RT_BLOCK_DEVICE, &extra) && extra == o[3]);
  CHECK(rt_arena_free(&a, extra, RT_BLOCK_DEVICE));
  CHECK(rt_arena_alloc(&a, 200, RT_BLOCK_MANAGED, &extra) && extra == o[3]); /* first fit */
  CHECK(!rt_arena_alloc(&a, 16384, RT_BLOCK_DEVICE, &extra)); /* larger than the arena */
  rt_arena_destroy(&a);
}

static void test_many_blocks(void) {
  rt_arena a;
  CHECK(rt_arena_init(&a, (uint64_t)1 << 32));
  enum { N = 5000 };
  static uint64_t o[N];
  for (int i = 0; i < N; i++)
    CHECK(rt_arena_alloc(&a, 100 + i, RT_BLOCK_DEVICE, &o[i]));
  for (int i = 0; i < N; i += 2)
    CHECK(rt_arena_free(&a, o[i], RT_BLOCK_DEVICE));
  for (int i = 1; i < N; i += 2) {
    const rt_block *b = rt_arena_find(&a, o[i] + 50);
    CHECK(b && b->offset == o[i]);
  }
  for (int i = 1; i < N; i += 2)
    CHECK(rt_arena_free(&a, o[i], RT_BLOCK_DEVICE));
  CHECK(a.used == 0 && a.count == 1);
  rt_arena_destroy(&a);
}

/* Cache colouring: blocks of RT_ARENA_COLOR_MIN bytes or more start at successive
 * multiples of RT_ARENA_COLOR_STEP modulo RT_ARENA_COLOR_PERIOD (the bytes before stay free
 * and serve smaller blocks), so three equal arrays do not start alike modulo a power of two;
 * where the coloured start does not fit, the first fit; smaller blocks are not coloured. */
static void test_coloring(void) {
  rt_arena a;
  const uint64_t mib = 1 << 20, period = RT_ARENA_COLOR_PERIOD, step = RT_ARENA_COLOR_STEP;
  const uint64_t big = RT_ARENA_COLOR_MIN;
  CHECK(rt_arena_init(&a, 4 * big));
  uint64_t small, x[3];
  CHECK(rt_arena_alloc(&a, 1000, RT_BLOCK_DEVICE, &small) && small == 0);
  for (int i = 0; i < 3; i++)
    CHECK(rt_arena_alloc(&a, big, RT_BLOCK_DEVICE, &x[i]));
  for (int i = 0; i < 3; i++)
    CHECK(x[i] % period == (uint64_t)i * step);
  CHECK(x[0] == period && x[1] == x[0] + big + step && x[2] == x[1] + big + step);
  CHECK(a.used == 1024 + 3 * big); /* the gaps stay free */
  uint64_t filler, one;            /* smaller blocks: first fit, into the gaps */
  CHECK(rt_arena_alloc(&a, 4096, RT_BLOCK_HOST, &filler) && filler == 1024);
  CHECK(rt_arena_alloc(&a, mib - 8192, RT_BLOCK_DEVICE, &one) && one == 5120);
  CHECK(rt_arena_alloc(&a, step, RT_BLOCK_DEVICE, &one) && one == x[0] + big);
  CHECK(rt_arena_free(&a, one, RT_BLOCK_DEVICE));
  for (int i = 0; i < 3; i++)
    CHECK(rt_arena_free(&a, x[i], RT_BLOCK_DEVICE));
  CHECK(rt_arena_free(&a, filler, RT_BLOCK_HOST) && rt_arena_free(&a, small, RT_BLOCK_DEVICE));
  CHECK(rt_arena_free(&a, 5120, RT_BLOCK_DEVICE));
  CHECK(a.used == 0 && a.count == 1);
  /* the whole arena: the coloured start (three steps in) does not fit, the first fit does */
  CHECK(rt_arena_alloc(&a, 4 * big, RT_BLOCK_DEVICE, &x[0]) && x[0] == 0);
  CHECK(rt_arena_free(&a, x[0], RT_BLOCK_DEVICE));
  rt_arena_destroy(&a);
  /* the 16 colours of the period, then the first again */
  CHECK(rt_arena_init(&a, 18 * (big + period)));
  uint64_t seen = 0, o[17];
  for (int i = 0; i < 17; i++) {
    CHECK(rt_arena_alloc(&a, big, RT_BLOCK_DEVICE, &o[i]));
    seen |= (uint64_t)1 << (o[i] % period / step);
  }
  CHECK(seen == 0xffff && o[16] % period == o[0] % period);
  rt_arena_destroy(&a);
}

int main(void) {
  test_alignment_and_find();
  test_coloring();
  test_free_rules();
  test_first_fit_and_merge();
  test_many_blocks();
  return check_finish("test_arena");
}
