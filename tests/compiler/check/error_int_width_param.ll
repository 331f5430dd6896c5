; A kernel parameter of an odd integer width (clang's _BitInt(33) would give one) has no
; MSL type: an error naming the width and the kernel, not a crash.
; ERR: error: a 33-bit integer parameter of 'k' is not supported by Anchor's Metal backend
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, i33 %x) {
  %t = trunc i33 %x to i32
  store i32 %t, ptr %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
