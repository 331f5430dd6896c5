; sm-vectorize: llvm.fma on 32 float lanes is one call of an out-of-line helper compiled with
; the CPU's FMA where the host has it (__sm_fma.v32f32, "+fma" in its target features), else
; llvm.fma.v32f32 as before (libm's fmaf per lane); either way one correctly rounded fma per
; lane. The kernel's own code keeps its features (no FMA: fmuladd still rounds twice).
; CHECK-LABEL: define void @__sm_simd_f(
; CHECK: call {{.*}}<32 x float> {{@__sm_fma.v32f32|@llvm.fma.v32f32}}(<32 x float>
; CHECK-NOT: call float @llvm.fma.f32
; CHECK: ret void
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare float @llvm.fma.f32(float, float, float)

define hidden void @__sm_lane_f(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds float, ptr %pa, i64 %i
  %v = load float, ptr %a, align 4
  %r = call float @llvm.fma.f32(float %v, float %v, float 1.0)
  store float %r, ptr %a, align 4
  ret void
}
