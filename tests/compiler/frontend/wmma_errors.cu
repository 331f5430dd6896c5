// nvcuda::wmma shapes and types CUDA does not have are compile errors at the user's line
// (include/mma.h's static_asserts); nvcc 13 rejects the same lines (incomplete fragment
// types, no matching mma_sync) except the sub-byte fragment, Anchor's own limit.
#include <mma.h>
using namespace nvcuda;
__global__ void shapes(float *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, __half, wmma::row_major> a;
  wmma::fragment<wmma::accumulator, 8, 8, 4, float> c;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, float, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __nv_bfloat16> d;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half> e;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float, wmma::row_major> f;
  p[0] = a.x[0] + c.x[0] + b.x[0] + (float)d.x[0] + e.x[0] + f.x[0];
}
__global__ void mixes(float *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __half> c;
  wmma::mma_sync(c, a, b, c);
  p[0] = c.x[0];
}
// Anchor's own limits (nvcc accepts these): the experimental sub-byte types.
__global__ void sub_byte(int *p) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> a;
  p[0] = sizeof a;
}
// nvcc rejects this too: satf exists for the 8-bit integer forms only.
__global__ void satf(float *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::mma_sync(c, a, b, c, true);
  p[0] = c.x[0];
}
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:7:70: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:8:53: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:9:70: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:10:64: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: matrix_a and matrix_b fragments need row_major or col_major
// ERR: wmma_errors.cu:11:54: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: an accumulator fragment has no layout
// ERR: wmma_errors.cu:12:73: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: the experimental sub-byte types (u4, s4, b1) are not supported by Anchor
// ERR: wmma_errors.cu:24:96: note: in instantiation
// ERR: wmma_errors.cu:32:3: error: no matching function for call to 'mma_sync'
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::mma_sync: bf16 and tf32 inputs accumulate in float
// ERR: wmma_errors.cu:19:9: note: in instantiation
