; PASS: lower-asm
; Inline PTX becomes the IR clang gives the equivalent CUDA: special registers as
; NVVM intrinsics, prmt as the device library's __anchor_byte_perm (one
; implementation for both), atom as atomicrmw, a guarded instruction as a branch
; around it, the carry of add.cc/addc as an i1 register; registers are allocas
; (the pipeline's sroa makes them SSA values); no asm call is left.
; CHECK-LABEL: define void @k(
; CHECK-NOT: call {{.*}} asm
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: call i32 @__anchor_byte_perm(i32
; CHECK: atomicrmw add ptr %{{[0-9a-z.]+}}, i32 %{{[0-9]+}} monotonic
; CHECK: br i1 %{{[0-9]+}}, label %asm.then, label %asm.after
; CHECK: icmp ult i32
; CHECK: ret void
; CHECK-NOT: call {{.*}} asm
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, i32 %a, i32 %b) {
entry:
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %perm = call i32 asm "prmt.b32 $0, $1, $2, 0x3210;", "=r,r,r"(i32 %a, i32 %b)
  %old = call i32 asm sideeffect "atom.global.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %p, i32 %lane)
  %sel = call i32 asm "{ .reg .pred p; setp.lt.u32 p, $1, $2; @p mov.u32 $0, 1; }", "=r,r,r,0"(i32 %a, i32 %b, i32 %perm)
  %carry = call { i32, i32 } asm "add.cc.u32 $0, $2, $3; addc.u32 $1, 0, 0;", "=r,=r,r,r"(i32 %a, i32 %old)
  %hi = extractvalue { i32, i32 } %carry, 1
  %s = add i32 %sel, %hi
  store i32 %s, ptr %p
  ret void
}
