; An nvvm.annotations node with more than 8 operands, "kernel" last (index 9),
; as clang writes it for a kernel with __launch_bounds__ and other hints: the
; kernel must still be found. (The backend once read such a node into a fixed
; array of 8 operands, overflowing it, and lost the kernel: no kernel in the
; MSL, exit status 0.)
; CHECK-LABEL: kernel void bounded(
; CHECK: *reinterpret_cast<device uint*>(v0 + anchor_ctx[0]) = 7u;
; TABLE: kernel bounded 8 0 0
; TABLE-NEXT: param 0 8
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @bounded(ptr %out) {
  store i32 7, ptr %out, align 4
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @bounded, !"maxntidx", i32 256, !"maxntidy", i32 1, !"maxntidz", i32 1, !"minctasm", i32 2, !"kernel", i32 1}
