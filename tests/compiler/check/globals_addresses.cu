// Addresses in device variables' initialisers (issue 10): each becomes an `address`
// line after its global in the module table — offset, target global's index,
// addend — and zero bytes in its hex initialiser; the runtime stores the target's
// CUDA address there at load (e2e i10_global_addresses runs it).
__device__ int g = 5;
__device__ int arr[4] = {10, 20, 30, 40};
__device__ int *ps[2] = {&arr[2], &g};
struct Holder {
  int v;
  int *q;
};
__device__ Holder holder = {42, arr + 1};
__global__ void use(int *out) {
  out[0] = *ps[0] + *ps[1] + *holder.q + holder.v;
}
// TABLE: global g 0 4 4 device 05000000
// TABLE: global arr 1 16 4 device 0a000000140000001e00000028000000
// TABLE: global ps 2 16 8 device -
// TABLE-NEXT: address 0 1 8
// TABLE-NEXT: address 8 0 0
// TABLE: global holder 3 16 8 device 2a00000000000000{{0+}}
// TABLE-NEXT: address 8 1 4
