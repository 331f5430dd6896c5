; A phi of an integer wider than 1024 bits (values are at most 16 64-bit words in
; compiler/lower_int_widths.c) is an error naming it before anything is rewritten.
; ERR: error_int_width_huge_phi.ll{{(.ll)?}}: error: a phi beyond 1024 bits on a 2048-bit integer is not supported by Anchor's Metal backend (in function 'k'; compile with -gline-tables-only for source locations)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %in, ptr %out, i32 %n) {
entry:
  %a = load i2048, ptr %in, align 1
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %v = phi i2048 [ %a, %entry ], [ %v1, %loop ]
  %v1 = mul i2048 %v, %a
  %j1 = add i32 %j, 1
  %more = icmp ult i32 %j1, %n
  br i1 %more, label %loop, label %done
done:
  store i2048 %v1, ptr %out, align 1
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
