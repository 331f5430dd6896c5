; Integers wider than 64 bits are legalised up to 1024 bits (Csmith seed 35's packed
; bit-field struct loads i176), but their division and remainder still need a library
; routine Anchor lacks: an error naming the operation and the width, never a crash (seed
; 35 once crashed anchor-msl, an out-of-bounds third word in lower_int_widths.c's load).
; ERR: error_int_width_wide.ll{{(.ll)?}}: error: division or remainder on a 176-bit integer is not supported by Anchor's Metal backend (in function 'k'; compile with -gline-tables-only for source locations)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %in, ptr %out) {
  %a = load i176, ptr %in, align 1
  %p = getelementptr i8, ptr %in, i64 22
  %b = load i176, ptr %p, align 1
  %s = add i176 %a, %b
  %q = udiv i176 %s, %b
  store i176 %q, ptr %out, align 1
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
