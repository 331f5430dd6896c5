// Addresses of private (and shared) memory stored to memory (issue 10, Csmith: a
// local's address in a local array of pointers, a struct, a global): stored as a
// generic pointer (the space's tag in the top byte); a pointer loaded back, or an
// integer loaded from memory turned into a pointer, is generic and each access
// through it tests the tag. exec/ has no runner for these: tests/e2e/i10_private_pointers.cu
// runs them.
__global__ void keep(int **out, int i) {
  int local[4] = {1, 2, 3, 4};
  local[i & 3] = i;
  out[0] = local;
  *out[0] += 5;
  out[1][0] = local[1];
}
// CHECK-LABEL: kernel void _Z4keepPPii(
// CHECK: = ((1ul << 56) | (ulong)(
// The pointer loaded from out[1] may be private: its store tests the tag.
// CHECK: >> 56) == 1) { *reinterpret_cast<thread uint*>

__global__ void choose(int **out, int *g, int sel) {
  int local[4] = {1, 2, 3, 4};
  local[sel & 3] = sel;
  out[0] = sel ? local : g;
  out[1][0] = *out[0];
}
// CHECK-LABEL: kernel void _Z6choosePPiS_i(
// CHECK: ((1ul << 56) | (ulong)(
// CHECK: >> 56) == 0 ? *reinterpret_cast<device uint*>({{.*}}) : *reinterpret_cast<thread uint*>
