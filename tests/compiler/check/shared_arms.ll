; `if (a || g())`-shaped CFG: both arms of the first branch reach %then
; before the post-dominator %join, so direct emission would duplicate %then.
; anchor-msl notices and emits again after structurizecfg: %then's code
; (the barrier in particular) appears exactly once.
; CHECK-LABEL: kernel void arms(
; CHECK: threadgroup_barrier
; CHECK-NOT: threadgroup_barrier
; CHECK: return;
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @arms(ptr %out, i32 %a, i32 %b) {
entry:
  %ca = icmp sgt i32 %a, 10
  br i1 %ca, label %then, label %second
second:
  store volatile i32 7, ptr %out
  %cb = icmp sgt i32 %b, 30
  br i1 %cb, label %then, label %join
then:
  call void @llvm.nvvm.barrier0()
  %p = getelementptr i8, ptr %out, i64 4
  store volatile i32 1, ptr %p
  br label %join
join:
  ret void
}
declare void @llvm.nvvm.barrier0()
!nvvm.annotations = !{!0}
!0 = !{ptr @arms, !"kernel", i32 1}
