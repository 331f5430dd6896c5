// Issue 3's CFG shapes, each emitted as structured MSL (while (true), if/else,
// break, continue, return; never goto — run_test.sh also checks that), and a
// __syncthreads() inside each shape that stays exactly one barrier.
__device__ int f(int x);
__device__ __noinline__ int f(int x) { return x * 3 + 1; }

// A nested loop with several exits: the inner loop leaves to the outer loop
// (break), leaves both loops (found) and continues the outer one.
__global__ void nested_exits(int *o, int n, int m, int key) {
  int found = -1;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      int v = o[i * m + j];
      if (v == key) { found = i * m + j; goto done; }
      if (v < 0) break;
    }
  }
done:
  __syncthreads();
  o[0] = found;
}

// break and continue two loops deep.
__global__ void depth2(int *o, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (o[i] == 7) continue;
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < n; k++) {
        int v = o[i + j + k];
        if (v == 3) break;
        if (v == 4) continue;
        s += v;
      }
      if (s > 1000) break;
    }
    __syncthreads();
  }
  o[1] = s;
}

// return from inside a loop nest.
__global__ void early_return(int *o, int n) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      if (o[i * n + j] == 0) {
        o[0] = i;
        return;
      }
    }
  }
  o[0] = -1;
}

// A switch whose cases fall through into each other.
__global__ void fallthrough(int *o, int x) {
  int r = 0;
  switch (x & 7) {
  case 0: r += 1; [[fallthrough]];
  case 1: r += f(x); [[fallthrough]];
  case 2: r *= 3; break;
  case 5: r = f(r + x); [[fallthrough]];
  default: r -= 9;
  }
  __syncthreads();
  o[0] = r;
}

// goto forward (skipping code) and backward (a loop made of goto).
__global__ void gotos(int *o, int n) {
  int i = 0, s = 0;
again:
  if (o[i] < 0) goto skip;
  s += o[i];
  o[i] = s; // a side effect the forward goto skips
skip:
  i++;
  if (i < n) goto again;
  o[0] = s;
}

// && and || whose right operands are calls with side effects (each call
// counts itself in o[9]), so they must run only when needed.
__device__ __noinline__ bool q(int *o, int x) { o[9] += 1; return (x & 5) == 1; }
__global__ void shortcircuit(int *o, int a, int b) {
  int r = 0;
  if (q(o, a) && q(o, b + 1)) r |= 1;
  if (q(o, b) || q(o, a + 2)) r |= 2;
  if ((q(o, a + 3) || q(o, b + 4)) && q(o, a + b)) r |= 4;
  o[0] = r;
}

// A counted loop LLVM rotates (the test moves to the bottom, guarded once).
__global__ void rotated(int *o, int n) {
  int s = 0;
#pragma unroll 1
  for (int i = 0; i < n; i++) s += o[i] * i;
  o[0] = s;
}

// Partial unrolling with a run-time trip count: an unrolled body plus a
// remainder loop.
__global__ void unrolled(float *o, const float *a, int n) {
  float s = 0;
#pragma unroll 4
  for (int i = 0; i < n; i++) s += a[i] * a[i];
  o[0] = s;
}

// Nesting is visible in the indentation (two spaces per level).
// CHECK-LABEL: kernel void _Z12nested_exitsPiiii(
// CHECK: {{^    }}while (true) {
// CHECK: {{^        }}while (true) {
// CHECK: {{^            }}break;
// CHECK: {{^            }}break;
// CHECK: {{^            }}continue;
// CHECK: {{^        }}break;
// CHECK: {{^        }}continue;
// CHECK: {{^  }}threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);
// CHECK-NOT: threadgroup_barrier
// CHECK-LABEL: kernel void _Z6depth2Pii(
// CHECK: {{^    }}while (true) {
// CHECK: {{^        }}while (true) {
// CHECK: {{^          }}while (true) {
// CHECK: {{^              }}break;
// CHECK: {{^              }}break;
// CHECK: {{^              }}continue;
// CHECK: {{^            }}continue;
// CHECK: {{^            }}break;
// CHECK: {{^        }}threadgroup_barrier(
// CHECK-NOT: threadgroup_barrier
// CHECK: {{^        }}break;
// CHECK: {{^        }}continue;
// CHECK-LABEL: kernel void _Z12early_returnPii(
// CHECK: {{^    }}while (true) {
// CHECK: {{^        }}while (true) {
// CHECK: {{^            }}break;
// CHECK: {{^            }}break;
// CHECK: {{^            }}continue;
// CHECK: {{^          }}break;
// CHECK: {{^        }}break;
// CHECK: {{^        }}continue;
// CHECK: {{^  }}return;
// A switch with fall-through: if / else if over the cases, the shared tails
// after the chain, one barrier.
// CHECK-LABEL: kernel void _Z11fallthroughPii(
// CHECK-NOT: while
// CHECK: if (
// CHECK: } else {
// CHECK-COUNT-1: threadgroup_barrier(
// CHECK-NOT: threadgroup_barrier
// CHECK: return;
// The backward goto is a loop (here unrolled by LLVM, with a remainder loop),
// the forward one an if around the store it skips.
// CHECK-LABEL: kernel void _Z5gotosPii(
// CHECK: {{^    }}while (true) {
// CHECK: {{^      }}if (
// CHECK-NEXT: {{^        }}v{{[0-9]+}}_in = v
// CHECK-NEXT: {{^      }}} else {
// CHECK: *reinterpret_cast<device uint*>
// CHECK: {{^        }}break;
// CHECK: {{^        }}continue;
// Each call with a side effect only in the arm that needs it.
// CHECK-LABEL: kernel void _Z12shortcircuitPiii(
// CHECK-NOT: while
// CHECK: {{^  }}*reinterpret_cast<device uint*>(v{{[0-9]+}} + anchor_ctx[0]) = v
// CHECK: {{^  }}if (v{{[0-9]+}}) {
// CHECK: {{^    }}*reinterpret_cast<device uint*>(v{{[0-9]+}} + anchor_ctx[0]) = v
// CHECK: {{^  }}} else {
// CHECK: {{^  }}*reinterpret_cast<device uint*>(v{{[0-9]+}} + anchor_ctx[0]) = v
// CHECK: {{^  }}if (v{{[0-9]+}}) {
// CHECK: {{^    }}*reinterpret_cast<device uint*>(v{{[0-9]+}} + anchor_ctx[0]) = v
// CHECK: {{^  }}} else {
// The rotated loop: guarded once, exit test at the bottom of the body.
// CHECK-LABEL: kernel void _Z7rotatedPii(
// CHECK: {{^  }}if (v{{[0-9]+}}) {
// CHECK: {{^    }}while (true) {
// CHECK: {{^      }}if (v{{[0-9]+}}) {
// CHECK-NEXT: {{^        }}v{{[0-9]+}}_in = v
// CHECK-NEXT: {{^        }}break;
// CHECK-NEXT: {{^      }}} else {
// CHECK: {{^        }}continue;
// CHECK-NOT: while
// CHECK: return;
// Unrolled by 4 (four loads per iteration), then the remainder loop.
// CHECK-LABEL: kernel void _Z8unrolledPfPKfi(
// CHECK: {{^      }}while (true) {
// CHECK-COUNT-4: *reinterpret_cast<device float*>
// CHECK: {{^          }}break;
// CHECK: {{^          }}continue;
// CHECK: {{^      }}while (true) {
// CHECK: *reinterpret_cast<device float*>
// CHECK-NOT: *reinterpret_cast<device float*>
// CHECK: {{^          }}break;
// CHECK: {{^          }}continue;
