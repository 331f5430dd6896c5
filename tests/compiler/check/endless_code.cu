// Code from which nothing returns — an endless loop, as Csmith's programs reach
// through gotos (its seeds 28, 110, 155 were refused before): legal CUDA, a
// reducible CFG, so it must be emitted structured. exec/struct_endless.cu runs both
// shapes; e2e.i10_endless_gotos checks values.
//
// (1) endless_merge: an if/else inside code that never returns, before its loop.
// Post-dominators computed only towards the function's returns left the branch
// without a merge, so the block after the if/else was reached by both arms ("both
// arms of a branch reach before they merge"). cfg.c computes such code's own
// post-dominators (its endless loop's header an exit): the arms merge before it.
// CHECK-LABEL: kernel void _Z13endless_mergePii(
// CHECK: if (
// CHECK: } else {
// CHECK: *reinterpret_cast<volatile device uint*>({{.*}}) = 424242u;
// CHECK-NEXT: continue;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: return;
__global__ void endless_merge(int *out, int n) {
  int i = threadIdx.x;
  volatile int *vo = out;
  unsigned v = (unsigned)out[i] * 2654435761u;
  int r = (int)(v >> 7);
  if (n == -123456789) {
    if (v & 1) {
      for (unsigned k = 0; k < (v >> 28); k++)
        vo[i] = r + (int)k;
    } else {
      vo[i] = r ^ 5;
      vo[i] = 0;
    }
    for (;;) vo[i] = 424242;
  }
  out[i] = r + n;
}

// (2) endless_tail: an early and a late branch both jump to one tail that ends in an
// endless loop while the rest returns. No merge exists for it; structurizecfg (the
// fallback) only structures regions that reach the exit, so passes.c gives the
// endless code an exit that is never taken (`br i1 false`), written `if (false)`.
// CHECK-LABEL: kernel void _Z12endless_tailPii(
// CHECK: while (true) {
// CHECK: if (false) {
// CHECK-NEXT: break;
// CHECK: return;
__global__ void endless_tail(int *out, int n) {
  int i = threadIdx.x;
  volatile int *vo = out;
  unsigned v = (unsigned)out[i] * 2654435761u + (unsigned)i;
  int r = (int)(v >> 7);
  if (out[i] == -987654321) goto tail;
  r += (int)(v % 1009u);
  for (int k = 0; k < (int)(v & 7u); k++) {
    r = r * 3 + k;
    if (r == -55555) goto tail;
  }
  out[i] = r + n;
  return;
tail:
  r ^= 0x55;
  for (;;) vo[i] = r + 1;
}
