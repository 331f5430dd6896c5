// devlib/named_barrier.cu — PTX's named barriers with a thread count (bar.sync a, b /
// barrier.sync, bar.arrive a, b, bar.red.{popc,and,or} with a count, and every barrier
// other than 0), which Metal has no instruction for: its one threadgroup barrier is
// __syncthreads (bar.sync 0 without a count, which compiler/ptx_sync.c keeps). Each of the
// 16 barriers is four words of threadgroup memory — arrivals, generation, the reduction's
// accumulator and its last result — that __anchor_bar_init zeroes at the start of every
// kernel that uses them (compiler/lower_asm.c inserts the call; it is a block barrier, as
// every thread starts there). As PTX says, a warp arrives as a whole and counts 32
// threads: its lowest active lane adds 32 to the arrivals (and the warp's votes to the
// accumulator); the arrival that reaches the count takes the count back off, publishes
// the reduction and advances the generation. Waiting warps spin on the generation with
// a shuffle in the loop (on softmetal a SIMD-group function is where a waiting warp lets
// the other warps run, as cooperative_groups.h's large tiles do), fences (MSL 3.2) order
// memory around the barrier. Arrivals beyond the count before it completes (a producer
// arriving twice) count toward the next use, as with a hardware barrier.

enum { BARRIERS = 16, WORDS = 4 };

static __shared__ unsigned barrier_words[BARRIERS * WORDS];

static __device__ unsigned linear_thread(void) {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

extern "C" __device__ void __anchor_bar_init(void) {
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  for (unsigned k = linear_thread(); k < BARRIERS * WORDS; k += n)
    barrier_words[k] = 0;
  __syncthreads();
}

/* Barrier id (0..15) for count threads (0: the whole block, its warps times 32); op 0 none,
 * 1 popc, 2 and, 3 or of pred; wait 0 for bar.arrive. Returns the reduction. */
extern "C" __device__ unsigned __anchor_bar(unsigned id, unsigned count, unsigned op, int pred,
                                            int wait) {
  unsigned *words = barrier_words + WORDS * (id % BARRIERS);
  unsigned *arrived = words, *generation = words + 1, *accumulator = words + 2,
           *result = words + 3;
  unsigned lane = linear_thread() % 32u, active = __activemask();
  unsigned leader = (unsigned)__builtin_ctz(active);
  if (count == 0) count = (blockDim.x * blockDim.y * blockDim.z + 31u) & ~31u;
  unsigned votes = op ? (unsigned)__popc(__ballot_sync(active, op == 2 ? !pred : pred)) : 0u;
  __threadfence_block();
  unsigned seen = 0;
  if (lane == leader) {
    seen = atomicAdd(generation, 0u);
    if (op) atomicAdd(accumulator, votes);
    if (atomicAdd(arrived, 32u) + 32u == count) {
      atomicSub(arrived, count);
      if (op) atomicExch(result, atomicExch(accumulator, 0u));
      __threadfence_block();
      atomicAdd(generation, 1u);
    }
  }
  if (!wait) return 0;
  seen = __shfl_sync(0xffffffffu, seen, (int)leader);
  while (__shfl_sync(0xffffffffu, lane == leader ? atomicAdd(generation, 0u) : seen,
                     (int)leader) == seen) {
  }
  __threadfence_block();
  unsigned total = op ? atomicAdd(result, 0u) : 0u;
  return op == 1 ? total : op == 2 ? (unsigned)(total == 0) : op == 3 ? (unsigned)(total != 0) : 0u;
}
