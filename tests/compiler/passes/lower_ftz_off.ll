; PASS: lower-ftz
; Without -ftz=true (nvvm-reflect-ftz 0, as clang sets it by default, or no
; flag at all) the pass changes nothing: subnormals are kept.
; CHECK-LABEL: define void @k(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = fadd float %x, %y
; CHECK-NEXT: %n = fneg float %a
; CHECK-NEXT: %s = call float @__anchor_sinf(float %n)
; CHECK-NEXT: store float %s, ptr %out
; CHECK-NEXT: ret void
; CHECK: !{i32 4, !"nvvm-reflect-ftz", i32 0}
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, float %x, float %y) {
entry:
  %a = fadd float %x, %y
  %n = fneg float %a
  %s = call float @__anchor_sinf(float %n)
  store float %s, ptr %out
  ret void
}

declare float @__anchor_sinf(float)

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
