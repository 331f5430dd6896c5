// goto into the middle of a loop: clang's CFG has a cycle with two entries
// (irreducible). fix-irreducible routes both entries through one guard block
// (irr.guard in the IR), so the MSL is one structured loop and each barrier stays
// exactly one barrier, outside the loop. exec/irreducible.cu runs it.
__global__ void into_loop(int *out) {
  unsigned i = threadIdx.x;
  int x = out[i], s = 0, k = 0;
  __syncthreads();
  if (x & 1) goto middle;
top:
  s += k * 3 + x;
  k++;
middle:
  s ^= k << 2;
  if (s > 400 || s < -400) goto out_of_loop;
  if (k < (x & 15)) goto top;
out_of_loop:
  __syncthreads();
  out[i] = s * 17 + k;
}
// IR: irr.guard:
// CHECK-LABEL: kernel void _Z9into_loopPi(
// CHECK: {{^  }}threadgroup_barrier(
// CHECK-NOT: threadgroup_barrier
// CHECK: {{^  }}while (true) {
// CHECK-NOT: while
// CHECK-NOT: threadgroup_barrier
// CHECK: {{^      }}continue;
// CHECK: {{^        }}continue;
// CHECK: {{^        }}break;
// CHECK-NOT: while
// CHECK: {{^  }}threadgroup_barrier(
// CHECK-NOT: threadgroup_barrier
// CHECK: return;
