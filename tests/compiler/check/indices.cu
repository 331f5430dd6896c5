// Thread, block and grid indices and sizes in three dimensions.
__global__ void idx(unsigned *o) {
  o[0] = threadIdx.x + threadIdx.y * 3 + threadIdx.z * 5;
  o[1] = blockIdx.x + blockIdx.y * 7 + blockIdx.z * 11;
  o[2] = blockDim.x + blockDim.y * 13 + blockDim.z * 17;
  o[3] = gridDim.x + gridDim.y * 19 + gridDim.z * 23;
}
// The signature is the fixed kernel ABI of docs/design.md.
// CHECK-LABEL: kernel void _Z3idxPj(
// CHECK-NEXT: constant uchar *anchor_params {{\[\[}}buffer(0)]],
// CHECK-NEXT: constant ulong *anchor_ctx {{\[\[}}buffer(1)]],
// CHECK-NEXT: uint3 anchor_tid {{\[\[}}thread_position_in_threadgroup]],
// CHECK-NEXT: uint3 anchor_bid {{\[\[}}threadgroup_position_in_grid]],
// CHECK-NEXT: uint3 anchor_bdim {{\[\[}}threads_per_threadgroup]],
// CHECK-NEXT: uint3 anchor_gdim {{\[\[}}threadgroups_per_grid]])
// CHECK-DAG: = anchor_tid.x;
// CHECK-DAG: = anchor_tid.y;
// CHECK-DAG: = anchor_tid.z;
// CHECK-DAG: = anchor_bid.x;
// CHECK-DAG: = anchor_bid.y;
// CHECK-DAG: = anchor_bid.z;
// CHECK-DAG: = anchor_bdim.x;
// CHECK-DAG: = anchor_bdim.y;
// CHECK-DAG: = anchor_bdim.z;
// CHECK-DAG: = anchor_gdim.x;
// CHECK-DAG: = anchor_gdim.y;
// CHECK-DAG: = anchor_gdim.z;
