// nvcuda::wmma's mma_sync (include/mma.h) is one MSL simdgroup_multiply_accumulate per
// 8x8 tile: __anchor_sgmma_f32/_f16 become calls of the prelude's anchor_sgmma_f32/_f16
// (compiler/wmma.c), which build simdgroup_float8x8 / simdgroup_half8x8 matrices from the
// lanes' pairs of elements (thread_elements()). m16n16k16: 2x2 output tiles x 2 k tiles.
#include <mma.h>
using namespace nvcuda;
__global__ void gemm_f32(const __half *a, const __half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
__global__ void gemm_f16(const __half *a, const __half *b, __half *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::col_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __half> acc;
  wmma::load_matrix_sync(acc, c, 16, wmma::mem_col_major);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}
// CHECK: inline ulong anchor_sgmma_f32(ulong a, ulong b, ulong c) {
// CHECK-NEXT: simdgroup_float8x8 ma, mb, mc;
// CHECK: ma.thread_elements()[0] = as_type<float>((uint)a);
// CHECK: simdgroup_multiply_accumulate(mc, ma, mb, mc);
// CHECK: return (ulong)as_type<uint>(mc.thread_elements()[0]) |
// CHECK: inline ulong anchor_sgmma_f16(ulong a, ulong b, ulong c) {
// CHECK-NEXT: simdgroup_half8x8 ma, mb, mc;
// CHECK: simdgroup_multiply_accumulate(mc, ma, mb, mc);
// CHECK-LABEL: kernel void _Z8gemm_f32PK6__halfS1_Pf(
// CHECK-COUNT-8: = anchor_sgmma_f32(
// CHECK-NOT: anchor_sgmma_
// CHECK-LABEL: kernel void _Z8gemm_f16PK6__halfS1_PS_(
// CHECK-COUNT-8: = anchor_sgmma_f16(
// CHECK-NOT: anchor_sgmma_
