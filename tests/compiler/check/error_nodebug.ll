; Without debug info an error still names the construct and the function.
; ERR: error_nodebug.ll{{(.ll)?}}: error: 128-bit atomic operation is not supported by Anchor's Metal backend (in function 'count'; compile with -gline-tables-only for source locations)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @count(ptr %c) {
  %old = atomicrmw add ptr %c, i128 1 monotonic
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @count, !"kernel", i32 1}
