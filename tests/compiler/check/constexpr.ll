; Constant expressions over global addresses: GEP, casts and integer
; arithmetic of CUDA addresses (anchor_ctx[8 + index]).
; CHECK-LABEL: kernel void k(
; CHECK-DAG: = (ulong)((ulong)(ulong)(anchor_ctx[9] + (ulong)(8)) - (ulong)(ulong)anchor_ctx[8]);
; CHECK-DAG: *reinterpret_cast<device uint*>((anchor_ctx[8] + (ulong)(12)) + anchor_ctx[0])
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = addrspace(1) global [4 x i32] zeroinitializer, align 4
@b = addrspace(1) global [4 x i64] zeroinitializer, align 8

define void @k(ptr %out) {
  store i64 sub (i64 ptrtoint (ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @b to ptr), i64 8) to i64), i64 ptrtoint (ptr addrspacecast (ptr addrspace(1) @a to ptr) to i64)), ptr %out
  store i32 5, ptr getelementptr ([4 x i32], ptr addrspacecast (ptr addrspace(1) @a to ptr), i64 0, i64 3)
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
