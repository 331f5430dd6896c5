/* tests/softmetal/test_simd.c — SIMD-group functions exchange values among lanes.
 * Threadgroups of 40 threads: a full SIMD-group of 32 lanes and a partial one
 * of 8. Checks shuffles (index, xor butterfly, up, down, broadcast), sum,
 * prefix sums, ballot, all/any and the active mask, including SIMD operations
 * in the two arms of a divergent branch, which must see only their own lanes. */
#include "smtest.h"

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void lanes(device uint *out [[buffer(0)]],\n"
    "                  uint t [[thread_index_in_threadgroup]],\n"
    "                  uint g [[threadgroup_position_in_grid]],\n"
    "                  uint lane [[thread_index_in_simdgroup]]) {\n"
    "  device uint *o = out + (g * 40 + t) * 12;\n"
    "  uint v = t * 3 + g;\n"
    "  o[0] = simd_shuffle(v, (ushort)((lane + 5) % 32));\n"
    "  uint x = v;\n"
    "  for (ushort m = 16; m > 0; m /= 2) x += simd_shuffle_xor(x, m);\n"
    "  o[1] = x;\n"
    "  o[2] = simd_shuffle_down(v, (ushort)1);\n"
    "  o[3] = simd_shuffle_up(v, (ushort)2);\n"
    "  o[4] = simd_broadcast(v, (ushort)3);\n"
    "  o[5] = simd_sum(v);\n"
    "  o[6] = simd_prefix_exclusive_sum(v);\n"
    "  o[7] = (uint)static_cast<simd_vote::vote_t>(simd_ballot(lane % 3 == 0));\n"
    "  o[8] = (simd_all(v >= g) ? 1u : 0u) | (simd_any(lane == 7) ? 2u : 0u);\n"
    "  if (lane < 10) o[9] = simd_sum(1u);\n"
    "  else o[9] = simd_sum(100u);\n"
    "  if (lane % 2 == 1) o[10] = (uint)static_cast<ulong>(simd_active_threads_mask());\n"
    "  else o[10] = 0;\n"
    "  o[11] = (uint)simd_max((float)lane);\n"
    "}\n";

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "lanes");
  enum { G = 3, T = 40, K = 12 };
  mtl_id out = mtl_new_buffer(device, G * T * K * 4, 0);
  unsigned *o = mtl_buffer_contents(out);
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, out, 0, 0);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){G, 1, 1}, (mtl_size){T, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int wrong = 0;
  for (unsigned g = 0; g < G; g++)
    for (unsigned t = 0; t < T; t++) {
      const unsigned *r = o + (g * T + t) * K;
      unsigned lane = t % 32, base = t - lane, n = t < 32 ? 32 : T - 32; /* lanes in my group */
#define V(l) ((base + (l)) * 3 + g)
      unsigned want[K];
      unsigned src = (lane + 5) % 32;
      want[0] = src < n ? V(src) : V(lane);
      unsigned sum = 0, prefix = 0, ballot = 0, low = 0, high = 0, odd = 0;
      for (unsigned l = 0; l < n; l++) {
        sum += V(l);
        if (l < lane) prefix += V(l);
        if (l % 3 == 0) ballot |= 1u << l;
        if (l < 10)
          low++;
        else
          high++;
        if (l % 2 == 1) odd |= 1u << l;
      }
      /* The xor butterfly reads own value from missing lanes (partial group). */
      unsigned x[32];
      for (unsigned l = 0; l < 32; l++)
        x[l] = l < n ? V(l) : 0;
      for (unsigned m = 16; m > 0; m /= 2) {
        unsigned y[32];
        for (unsigned l = 0; l < n; l++)
          y[l] = x[l] + ((l ^ m) < n ? x[l ^ m] : x[l]);
        for (unsigned l = 0; l < n; l++)
          x[l] = y[l];
      }
      want[1] = x[lane];
      want[2] = lane + 1 < n ? V(lane + 1) : V(lane);
      want[3] = lane >= 2 ? V(lane - 2) : V(lane);
      want[4] = 3 < n ? V(3) : V(lane);
      want[5] = sum;
      want[6] = prefix;
      want[7] = ballot;
      want[8] = 1u | (n > 7 ? 2u : 0u);
      want[9] = lane < 10 ? low : high * 100;
      want[10] = lane % 2 == 1 ? odd : 0;
      want[11] = n - 1;
      for (int k = 0; k < K; k++)
        if (r[k] != want[k]) {
          if (wrong < 10)
            fprintf(stderr, "group %u thread %u value %d: got %u want %u\n", g, t, k, r[k],
                    want[k]);
          wrong++;
        }
    }
  CHECK(wrong == 0);
  mtl_release(out), mtl_release(pipeline), mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_simd");
}
