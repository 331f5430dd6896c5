; sm-vectorize: a loop with a per-lane trip count runs while any lane goes round: the
; header's mask is a phi, the exit's lanes and live-out values accumulate.
; CHECK: @__sm_simd_width_loop = constant i32 -32
; CHECK-LABEL: define void @__sm_simd_loop(
; CHECK: loop:
; CHECK-NEXT: phi <32 x i1>
; An outermost loop's iteration ends in the prelude's __sm_loop_yield (the kernel has no
; barrier): softmetal interleaves the worker's SIMD-groups and groups there.
; CHECK: call void @__sm_loop_yield()
; CHECK-NEXT: call i1 @llvm.vector.reduce.or.v32i1
; CHECK: br i1 %{{[0-9]+}}, label %loop, label
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @__sm_loop_yield()

define hidden void @__sm_lane_loop(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  br label %head
head:
  %k = phi i32 [ 0, %entry ], [ %k1, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s1, %latch ]
  %c = icmp ult i32 %k, %x
  br i1 %c, label %latch, label %exit
latch:
  %s1 = add i32 %s, %k
  %k1 = add i32 %k, 1
  br label %head
exit:
  %sl = phi i32 [ %s, %head ]
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  store i32 %sl, ptr %a, align 4
  ret void
}
