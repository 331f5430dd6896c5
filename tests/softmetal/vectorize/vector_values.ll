; sm-vectorize: values of vector type in a lane function (MSL float4 arithmetic, CUB's
; vectorized int4 loads) are split into their elements before vectorizing (LLVM's scalarizer,
; loads and stores included): each element is a <32 x T>, each element access its own
; (strided) gather or scatter. The kernel's scalar path keeps its vector code.
; CHECK: @__sm_vector_v4 = constant [7 x i8] c"vector\00"
; CHECK-LABEL: define hidden void @scalar_path(
; CHECK: load <4 x i32>
; CHECK-LABEL: define void @__sm_simd_v4(
; CHECK-NOT: {{(load|store|add|fadd|shufflevector) <4 x}}
; CHECK: fadd <32 x float>
; CHECK-NOT: {{(load|store|add|fadd|shufflevector) <4 x}}
; CHECK: ret void
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define hidden void @scalar_path(ptr %p) {
entry:
  %v = load <4 x i32>, ptr %p, align 16
  %w = add <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  store <4 x i32> %w, ptr %p, align 16
  ret void
}

define hidden void @__sm_lane_v4(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds <4 x i32>, ptr %pa, i64 %i
  %v = load <4 x i32>, ptr %a, align 16
  %f = bitcast <4 x i32> %v to <4 x float>
  %g = fadd <4 x float> %f, <float 1.0, float 2.0, float 3.0, float 4.0>
  %s = shufflevector <4 x float> %g, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %e = extractelement <4 x float> %s, i32 1
  %h = insertelement <4 x float> %s, float %e, i32 0
  %r = bitcast <4 x float> %h to <4 x i32>
  store <4 x i32> %r, ptr %a, align 16
  call void @scalar_path(ptr %pa)
  ret void
}
