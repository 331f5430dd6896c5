// nvcuda::wmma shapes and types CUDA does not have are compile errors at the user's line
// (include/mma.h's static_asserts); nvcc 13 rejects the same lines (incomplete fragment
// types, no matching mma_sync / bmma_sync).
#include <mma.h>
using namespace nvcuda;
namespace wp = nvcuda::wmma::experimental::precision;
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
// The sub-byte types: matrix_a row_major and matrix_b col_major only, u4/s4 m8n8k32 and
// b1 m8n8k128 only, int accumulators, b1 through bmma_sync only (and bmma_sync b1 only).
__global__ void sub_byte(int *p) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wp::u4, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wp::s4, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 32, float> c;
  p[0] = a.x[0] + b.x[0] + (int)c.x[0];
}
__global__ void sub_byte_ops(int *p) {
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wp::b1, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wp::b1, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> c;
  wmma::mma_sync(c, a, b, c);
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wp::u4, wmma::row_major> ua;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, wp::u4, wmma::col_major> ub;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> uc;
  wmma::bmma_sync(uc, ua, ub, uc);
  p[0] = c.x[0] + uc.x[0];
}
// nvcc rejects this too: satf exists for the 8-bit and 4-bit integer forms only.
__global__ void satf(float *p) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::mma_sync(c, a, b, c, true);
  p[0] = c.x[0];
}
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:8:70: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:9:53: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:10:70: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:11:64: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: matrix_a and matrix_b fragments need row_major or col_major
// ERR: wmma_errors.cu:12:54: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: an accumulator fragment has no layout
// ERR: wmma_errors.cu:13:73: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: the sub-byte types (u4, s4, b1) take a row_major matrix_a and a col_major matrix_b only
// ERR: wmma_errors.cu:26:69: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:27:70: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::fragment: CUDA has no fragment of this use, shape (m, n, k) and type
// ERR: wmma_errors.cu:28:54: note: in instantiation
// ERR: wmma_errors.cu:39:19: error: non-const lvalue reference
// ERR: wmma_errors.cu:47:3: error: no matching function for call to 'mma_sync'
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::mma_sync: bf16 and tf32 inputs accumulate in float
// ERR: wmma_errors.cu:20:9: note: in instantiation
// ERR: error: static assertion failed {{.*}}: nvcuda::wmma::mma_sync: b1 fragments multiply with bmma_sync
// ERR: wmma_errors.cu:35:9: note: in instantiation
// ERR-NOT: error:
