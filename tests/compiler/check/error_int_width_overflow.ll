; An operation on an odd integer width that lower_int_widths.c has no rule for (here an
; overflow intrinsic on i33, whose result is an aggregate) is an error naming it, never
; a silent miscompile. The operands are loaded, so the pipeline cannot fold it away.
; ERR: error_int_width_overflow.ll{{(.ll)?}}: error: llvm.umul.with.overflow.i33 on a 33-bit integer is not supported by Anchor's Metal backend (in function 'k'; compile with -gline-tables-only for source locations)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out) {
  %a = load i32, ptr %out
  %p = getelementptr i32, ptr %out, i64 1
  %b = load i32, ptr %p
  %x = zext i32 %a to i33
  %y = shl i33 1, 32
  %z = zext i32 %b to i33
  %w = or i33 %y, %z
  %r = call {i33, i1} @llvm.umul.with.overflow.i33(i33 %x, i33 %w)
  %v = extractvalue {i33, i1} %r, 0
  %o = extractvalue {i33, i1} %r, 1
  %t = trunc i33 %v to i32
  store i32 %t, ptr %out
  %f = zext i1 %o to i32
  store i32 %f, ptr %p
  ret void
}
declare {i33, i1} @llvm.umul.with.overflow.i33(i33, i33)
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
