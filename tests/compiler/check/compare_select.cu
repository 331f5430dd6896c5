// Signed and unsigned integer comparisons, ordered and unordered float
// comparisons, select.
__global__ void cmp(int *o, int a, int b, unsigned c, unsigned d, float x, float y) {
  o[0] = a < b ? a : 7;
  o[1] = c < d ? 3 : 4;
  o[2] = (x < y) ? 1 : 2;
  o[3] = !(x >= y) ? 5 : 6;   // unordered less-than
  o[4] = (x != y) ? 8 : 9;
  o[5] = (x == x) ? 10 : 11;  // ordered check
}
// CHECK-LABEL: kernel void _Z3cmpPiiijjff(
// CHECK-DAG: = ((int){{v[0-9]+}} < (int){{v[0-9]+}});
// CHECK-DAG: = ({{v[0-9]+}} < {{v[0-9]+}});
// CHECK-DAG: = ({{v[0-9]+}} ? {{v[0-9]+}} : 7u);
// CHECK-DAG: = (!({{v[0-9]+}} >= {{v[0-9]+}}));
// CHECK-DAG: = ({{v[0-9]+}} != {{v[0-9]+}});
// CHECK-DAG: !isnan(
