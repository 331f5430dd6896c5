; sm-vectorize: a kernel calling a function it cannot vectorize keeps the scalar path;
; the reason is recorded for SOFTMETAL_TRACE, and no 32-lane function is made.
; CHECK: @__sm_vector_opaque = constant [{{[0-9]+}} x i8] c"calls ext\00"
; CHECK-NOT: define void @__sm_simd_opaque
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @ext(i32) noinline

define hidden void @__sm_lane_opaque(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %v = call i32 @ext(i32 %x)
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  store i32 %v, ptr %a, align 4
  ret void
}
