// Golden: nested loops with continue and break, emitted from the CFG's own
// structure (no structurizecfg needed): the outer loop's latch is the merge
// of the branch that skips the inner loop.
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
