; Issue 10: LLVM 19's instcombine, named plainly in a pipeline text, verifies that
; one iteration reached a fixpoint and aborts the process ("LLVM ERROR: Instruction
; Combining did not reach a fixpoint after 1 iterations") when it did not, which
; legal code can cause (a big-integer kernel did). This loop is such a case for
; LLVM 19 (llvm/llvm-project#213857: the sext/or/trunc cycle through the phi
; folds only on a second run); the backend must compile it, never abort.
; CHECK-LABEL: kernel void k(
; CHECK: while (true)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(i64 %s, ptr %out) {
entry:
  br label %loop
loop:
  %a = phi i8 [ 0, %entry ], [ %t, %loop ]
  %b = phi i64 [ 0, %entry ], [ %s, %loop ]
  %se = sext i8 %a to i64
  %or = or i64 %b, %se
  %t = trunc i64 %or to i8
  %c = icmp eq i64 %s, 0
  br i1 %c, label %loop, label %exit
exit:
  store i8 %t, ptr %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
