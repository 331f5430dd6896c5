; An irreducible CFG (two entries into one cycle) is made reducible by
; fix-irreducible and then emitted structurally: no goto, each block once.
; CHECK-LABEL: kernel void irr(
; CHECK: while (true) {
; CHECK-NOT: goto
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @irr(ptr %out, i32 %n, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %ia = phi i32 [ 0, %entry ], [ %ib2, %b ]
  %ia2 = add i32 %ia, 1
  store volatile i32 %ia2, ptr %out
  %da = icmp slt i32 %ia2, %n
  br i1 %da, label %b, label %exit
b:
  %ib = phi i32 [ 5, %entry ], [ %ia2, %a ]
  %ib2 = mul i32 %ib, 2
  %db = icmp slt i32 %ib2, %n
  br i1 %db, label %a, label %exit
exit:
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @irr, !"kernel", i32 1}
