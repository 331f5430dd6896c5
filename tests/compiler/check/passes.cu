// The backend's LLVM pipeline alone (the IR lines check anchor-msl --emit-llvm):
// device functions are inlined and dropped, switches lowered to branches,
// vector loads/stores scalarized, every loop left with a single exit.
__device__ __noinline__ int helper(int x) { return x * x + 1; }

__global__ void pipeline(int *o, float4 *v, int op, int n) {
  int r;
  switch (op) {
  case 1: r = helper(n); break;
  case 4: r = n - 3; break;
  case 9: r = o[n]; break;
  default: r = 0;
  }
  typedef float f4 __attribute__((ext_vector_type(4)));
  f4 x = *(f4 *)&v[threadIdx.x];
  *(f4 *)&v[threadIdx.x + 1] = x * 2.0f;
  for (int i = 0; i < n; i++) {
    if (o[i] == 42) break;
    if (o[i] < 0) return;
    r += o[i];
  }
  o[0] = r;
}
// IR-NOT: define {{.*}}helper
// IR-LABEL: define {{.*}}void @_Z8pipelinePiP6float4ii(
// IR-NOT: switch i
// (its float4 accesses, split by the pipeline, are joined again by pipeline_vectorize)
// IR-NOT: call {{.*}}helper
// IR: ret void
// IR-NOT: define {{.*}}helper
// CHECK-LABEL: kernel void _Z8pipelinePiP6float4ii(
// CHECK: while (true) {
