// Inline PTX reaches the MSL as plain code: a carry chain's carries are bool values (the i1
// register, SSA after sroa: no thread array holds a register), a guarded pair of movs a select,
// membar.cta the block fence, and the module asks for MSL 3.2 only because of that fence.
// TABLE: language 3.2
__global__ void chain(const unsigned *a, const unsigned *b, unsigned *o) {
  asm("add.cc.u32 %0, %2, %4;\n\taddc.u32 %1, %3, %5;"
      : "=r"(o[0]), "=r"(o[1]) : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]));
  unsigned r;
  asm("{ .reg .pred p; setp.lt.u32 p, %1, %2; @p add.u32 %0, %1, 1; @!p mov.u32 %0, 0; }"
      : "=r"(r) : "r"(a[2]), "r"(b[2]));
  asm volatile("membar.cta;" ::: "memory");
  o[2] = r;
}
// CHECK: kernel void _Z5chainPKjS0_Pj(
// CHECK-NOT: anchor_priv
// CHECK: uint [[SUM:v[0-9]+]] = (uint)((uint)[[A0:v[0-9]+]] + (uint)[[B0:v[0-9]+]]);
// CHECK-NEXT: bool [[CARRY:v[0-9]+]] = ([[SUM]] < [[A0]]);
// CHECK: uint [[C:v[0-9]+]] = (uint)[[CARRY]];
// CHECK: = (uint)((uint){{v[0-9]+}} + (uint)[[C]]);
// CHECK: bool [[LT:v[0-9]+]] = ({{v[0-9]+}} < {{v[0-9]+}});
// CHECK: = ([[LT]] ? {{v[0-9]+}} : 0u);
// CHECK: anchor_threadfence_block();
// CHECK: return;
