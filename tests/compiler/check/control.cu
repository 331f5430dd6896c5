// Structured control flow: no goto, loops as while (true) with break and
// continue, branches as if/else. Each kernel exercises one CFG shape.
__global__ void ifelse(int *o, int a) {
  int r;
  if (a > 10) { r = o[1] * 3; o[5] = r; } else { r = o[2] + 7; o[6] = r; }
  o[0] = r;
}
// CHECK-LABEL: kernel void _Z6ifelsePii(
// CHECK: if (
// CHECK: } else {
// CHECK: }
// CHECK: v{{[0-9]+}} = v{{[0-9]+}}_in;

__global__ void counted(float *o, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += o[i] * (float)i;
  o[n] = s;
}
// CHECK-LABEL: kernel void _Z7countedPfi(
// CHECK: while (true) {
// CHECK: break;
// CHECK: continue;

__global__ void nested(int *o, int n, int m) {
  int acc = 0;
  for (int i = 0; i < n; i++) {
    if (o[i] < 0) continue;
    for (int j = 0; j < m; j++) {
      if (o[j] == 99) break;
      acc += o[i * m + j];
    }
    if (acc > 1000) break;
  }
  o[0] = acc;
}
// CHECK-LABEL: kernel void _Z6nestedPiii(
// CHECK: while (true) {
// CHECK: while (true) {
// This kernel keeps its direct form although other kernels of this file
// (search, shortcircuit) need structurizecfg: a `break` in an if without
// else, the loop body going on after it.
// CHECK: break;
// CHECK-NEXT: }
// CHECK-NEXT: v{{[0-9]+}} =

__global__ void early_return(int *o, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  if (o[i] == 0) { o[i] = 1; return; }
  o[i] *= 2;
}
// CHECK-LABEL: kernel void _Z12early_returnPii(
// CHECK: return;
// CHECK-NEXT: }

__global__ void search(int *o, int n, int key) {
  // a loop with two exits (found / not found) and a return inside
  int i = 0;
  while (i < n) {
    if (o[i] == key) { o[n] = i; return; }
    i += (o[i] & 1) + 1;
  }
  o[n] = -1;
}
// CHECK-LABEL: kernel void _Z6searchPiii(
// CHECK: while (true) {

__global__ void shortcircuit(int *o, int a, int b, int c) {
  if ((a > 0 && b > 0) || c == 5) o[0] = 1;
  else if (a < -5 || (b < 0 && c > 2)) o[1] = 2;
  do { a = a * 3 + 1; } while (a < b && (a & 7) != 3);
  o[2] = a;
}
// CHECK-LABEL: kernel void _Z12shortcircuitPiiii(

__global__ void dispatch(int *o, int op, int x) {
  int r;
  switch (op) {
  case 0: r = x + 1; break;
  case 1: r = x * 5; break;
  case 7: r = x - 9; o[9] = r; break;
  case 12: r = o[x]; break;
  default: r = 0;
  }
  o[0] = r;
}
// A switch whose cases end in break becomes an if / else-if chain directly
// (switches.c): one test per distinct target, the default last.
// CHECK-LABEL: kernel void _Z8dispatchPiii(
// CHECK-NOT: switch
// CHECK: = ({{v[0-9]+}} == 0u);
// CHECK: } else {
// CHECK: = ({{v[0-9]+}} == 1u);
// CHECK: } else {
// CHECK: = ({{v[0-9]+}} == 7u);
