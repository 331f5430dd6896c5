// __launch_bounds__: clang's maxntid annotations become the MSL attribute
// [[max_total_threads_per_threadgroup(N)]] on the kernel (the pipeline's
// thread limit, which cudaFuncGetAttributes reports); minBlocksPerMultiprocessor
// changes nothing; a kernel without bounds has no attribute.
__global__ void __launch_bounds__(256) bounded(float *p) { p[threadIdx.x] = 1.0f; }
// CHECK: {{\[\[}}max_total_threads_per_threadgroup(256){{\]\]}}
// CHECK-NEXT: kernel void _Z7boundedPf(

__global__ void __launch_bounds__(128, 4) bounded_min_blocks(float *p) { p[threadIdx.x] = 2.0f; }
// CHECK: {{\[\[}}max_total_threads_per_threadgroup(128){{\]\]}}
// CHECK-NEXT: kernel void _Z18bounded_min_blocksPf(

__global__ void unbounded(float *p) { p[threadIdx.x] = 3.0f; }
// CHECK-NOT: max_total_threads_per_threadgroup
// CHECK: kernel void _Z9unboundedPf(
