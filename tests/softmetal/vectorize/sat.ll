; sm-vectorize: saturating arithmetic (CUB's loops clamp with usub.sat), saturating
; float-to-integer conversions and class tests are lane-wise: one vector intrinsic each, with
; the immediates (is.fpclass's class mask) kept as they are.
; CHECK: @__sm_vector_sat = constant [7 x i8] c"vector\00"
; CHECK-LABEL: define void @__sm_simd_sat(
; CHECK: call <32 x i32> @llvm.usub.sat.v32i32(<32 x i32>
; CHECK: call <32 x i32> @llvm.uadd.sat.v32i32(<32 x i32>
; CHECK: call <32 x i16> @llvm.sadd.sat.v32i16(<32 x i16>
; CHECK: call <32 x i64> @llvm.ssub.sat.v32i64(<32 x i64>
; CHECK: call <32 x i32> @llvm.ushl.sat.v32i32(<32 x i32>
; CHECK: call <32 x i32> @llvm.sshl.sat.v32i32(<32 x i32>
; CHECK: call <32 x i32> @llvm.fptosi.sat.v32i32.v32f32(<32 x float>
; CHECK: call <32 x i8> @llvm.fptoui.sat.v32i8.v32f32(<32 x float>
; CHECK: call <32 x i1> @llvm.is.fpclass.v32f32(<32 x float> %{{[0-9]+}}, i32 144)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @llvm.usub.sat.i32(i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i16 @llvm.sadd.sat.i16(i16, i16)
declare i64 @llvm.ssub.sat.i64(i64, i64)
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare i32 @llvm.sshl.sat.i32(i32, i32)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i8 @llvm.fptoui.sat.i8.f32(float)
declare i1 @llvm.is.fpclass.f32(float, i32)

define hidden void @__sm_lane_sat(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  %v = load i32, ptr %a, align 4
  %s1 = call i32 @llvm.usub.sat.i32(i32 %v, i32 %x)
  %s2 = call i32 @llvm.uadd.sat.i32(i32 %s1, i32 %v)
  %h = trunc i32 %s2 to i16
  %hx = trunc i32 %x to i16
  %s3 = call i16 @llvm.sadd.sat.i16(i16 %h, i16 %hx)
  %w = sext i16 %s3 to i64
  %pw = getelementptr inbounds i64, ptr %pa, i64 %i
  %wx = load i64, ptr %pw, align 8
  %s4 = call i64 @llvm.ssub.sat.i64(i64 %w, i64 %wx)
  %n = trunc i64 %s4 to i32
  %s5 = call i32 @llvm.ushl.sat.i32(i32 %n, i32 %x)
  %s6 = call i32 @llvm.sshl.sat.i32(i32 %s5, i32 %v)
  %f = bitcast i32 %s6 to float
  %c1 = call i32 @llvm.fptosi.sat.i32.f32(float %f)
  %c2 = call i8 @llvm.fptoui.sat.i8.f32(float %f)
  %c3 = call i1 @llvm.is.fpclass.f32(float %f, i32 144)
  %z2 = zext i8 %c2 to i32
  %z3 = zext i1 %c3 to i32
  %r1 = add i32 %c1, %z2
  %r = add i32 %r1, %z3
  store i32 %r, ptr %a, align 4
  ret void
}
