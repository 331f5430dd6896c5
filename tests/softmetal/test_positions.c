/* tests/softmetal/test_positions.c — every position attribute, in 3-D.
 * A 3x2x2 grid of 4x3x2 threadgroups; each thread writes what it was given to
 * the slot of its global linear id; all values are checked against the
 * definitions in the MSL specification. Position arguments of types uint,
 * ushort2 and uint3 exercise the conversions. */
#include "smtest.h"

static const char *msl = "#include <metal_stdlib>\n"
                         "using namespace metal;\n"
                         "struct Rec { uint tid[3], bid[3], bdim[3], gdim[3], gpos[3], gsize[3];\n"
                         "             uint index, lane, simd, width; };\n"
                         "kernel void record(device Rec *out [[buffer(5)]],\n"
                         "    uint3 tid [[thread_position_in_threadgroup]],\n"
                         "    ushort3 bid [[threadgroup_position_in_grid]],\n"
                         "    const uint3 bdim [[threads_per_threadgroup]],\n"
                         "    uint3 gdim [[threadgroups_per_grid]],\n"
                         "    uint3 gpos [[thread_position_in_grid]],\n"
                         "    uint3 gsize [[threads_per_grid]],\n"
                         "    uint index [[thread_index_in_threadgroup]],\n"
                         "    ushort lane [[thread_index_in_simdgroup]],\n"
                         "    uint simd [[simdgroup_index_in_threadgroup]],\n"
                         "    uint width [[threads_per_simdgroup]]) {\n"
                         "  uint id = (gpos.z * gsize.y + gpos.y) * gsize.x + gpos.x;\n"
                         "  device Rec &r = out[id];\n"
                         "  for (int k = 0; k < 3; k++) {\n"
                         "    r.tid[k] = tid[k]; r.bid[k] = bid[k]; r.bdim[k] = bdim[k];\n"
                         "    r.gdim[k] = gdim[k]; r.gpos[k] = gpos[k]; r.gsize[k] = gsize[k];\n"
                         "  }\n"
                         "  r.index = index; r.lane = lane; r.simd = simd; r.width = width;\n"
                         "}\n";

struct rec {
  unsigned tid[3], bid[3], bdim[3], gdim[3], gpos[3], gsize[3], index, lane, simd, width;
};

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "record");
  const unsigned G[3] = {3, 2, 2}, T[3] = {4, 3, 2}, S[3] = {12, 6, 4};
  unsigned total = S[0] * S[1] * S[2];
  mtl_id out = mtl_new_buffer(device, total * sizeof(struct rec), 0);
  struct rec *r = mtl_buffer_contents(out);
  memset(r, 0xff, total * sizeof *r);
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, out, 0, 5);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){G[0], G[1], G[2]},
                                    (mtl_size){T[0], T[1], T[2]});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int wrong = 0;
  for (unsigned z = 0; z < S[2]; z++)
    for (unsigned y = 0; y < S[1]; y++)
      for (unsigned x = 0; x < S[0]; x++) {
        const struct rec *e = &r[(z * S[1] + y) * S[0] + x];
        unsigned g[3] = {x, y, z};
        for (int k = 0; k < 3; k++) {
          wrong += e->gpos[k] != g[k] || e->gsize[k] != S[k];
          wrong += e->tid[k] != g[k] % T[k] || e->bid[k] != g[k] / T[k];
          wrong += e->bdim[k] != T[k] || e->gdim[k] != G[k];
        }
        unsigned index = (e->tid[2] * T[1] + e->tid[1]) * T[0] + e->tid[0];
        wrong += e->index != index || e->lane != index % 32 || e->simd != index / 32;
        wrong += e->width != 32;
      }
  CHECK(wrong == 0);
  mtl_release(out), mtl_release(pipeline), mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_positions");
}
