; Blocks that end in `unreachable` (the default of a switch that covers every
; value, after switches.c; unify-loop-exits' guards) next to the return.
; @chain: an if/else-if chain whose last else is unreachable. Such a block is
; no exit for post-dominance (cfg.c), so the chain merges at %join and is
; emitted as it stands, the unreachable arm as `return;`; before, %join had
; no post-dominating merge and emission failed with "both arms of a branch
; reach before they merge".
; @tail: switch cases falling through into a shared tail (with a barrier),
; the default unreachable. This needs structurizecfg, which only structures
; single-exit regions inside a function: pipeline_structurize first gives the
; function a single exit (anchor.exit), and the barrier stays one barrier.
; CHECK-LABEL: kernel void chain(
; CHECK: if (
; CHECK: } else {
; CHECK: if (
; CHECK: return;
; CHECK: threadgroup_barrier
; CHECK-NOT: threadgroup_barrier
; CHECK: return;
; CHECK-LABEL: kernel void tail(
; CHECK: threadgroup_barrier
; CHECK-NOT: threadgroup_barrier
; CHECK: return;
; IR-LABEL: define void @tail(
; IR-NOT: unreachable
; IR: anchor.exit:
; IR-NEXT: ret void
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @chain(ptr %out, i32 %k) {
entry:
  %c0 = icmp eq i32 %k, 0
  br i1 %c0, label %join, label %k1
k1:
  %c1 = icmp eq i32 %k, 1
  br i1 %c1, label %one, label %k2
one:
  br label %join
k2:
  %c2 = icmp eq i32 %k, 2
  br i1 %c2, label %two, label %none
two:
  br label %join
none:
  unreachable
join:
  %v = phi i32 [ 5, %entry ], [ 7, %one ], [ 9, %two ]
  call void @llvm.nvvm.barrier0()
  store volatile i32 %v, ptr %out
  ret void
}

define void @tail(ptr %out, i32 %k) {
entry:
  %c0 = icmp eq i32 %k, 0
  br i1 %c0, label %a, label %k1
k1:
  %c1 = icmp eq i32 %k, 1
  br i1 %c1, label %b, label %k2
k2:
  %c2 = icmp eq i32 %k, 2
  br i1 %c2, label %c, label %none
none:
  unreachable
a:
  store volatile i32 1, ptr %out
  br label %b
b:
  %pb = getelementptr i8, ptr %out, i64 4
  store volatile i32 2, ptr %pb
  br label %c
c:
  call void @llvm.nvvm.barrier0()
  %pc = getelementptr i8, ptr %out, i64 8
  store volatile i32 3, ptr %pc
  ret void
}
declare void @llvm.nvvm.barrier0()
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @chain, !"kernel", i32 1}
!1 = !{ptr @tail, !"kernel", i32 1}
