; Integers are legalised up to 1024 bits (16 64-bit words, compiler/lower_int_widths.c);
; a wider one is an error naming its width, never a crash.
; ERR: error_int_width_huge.ll{{(.ll)?}}: error: an operation beyond 1024 bits on a 1100-bit integer is not supported by Anchor's Metal backend (in function 'k'; compile with -gline-tables-only for source locations)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %in, ptr %out) {
  %a = load i1100, ptr %in, align 1
  %s = add i1100 %a, %a
  store i1100 %s, ptr %out, align 1
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
