; sm-vectorize: an MSL float4 load and store (Anchor's vector accesses, docs/compiler.md
; "Vector accesses") are split into their elements by the scalarizer (-scalarize-load-store,
; set in sm-vectorize's own process), so the lane function is vectorized: each element of
; the 32 lanes' float4s is one strided <32 x float> access (a gather/scatter of stride 16
; bytes), and no <4 x float> is left varying per lane.
; CHECK: @__sm_vector_f = {{.*}}c"vector\00"
; CHECK-LABEL: define void @__sm_simd_f(
; CHECK-NOT: {{load|store}} <4 x float>
; CHECK: <32 x float>
; CHECK-NOT: {{load|store}} <4 x float>
; CHECK: ret void
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define hidden void @__sm_lane_f(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds <4 x float>, ptr %pa, i64 %i
  %v = load <4 x float>, ptr %a, align 16
  %x0 = extractelement <4 x float> %v, i32 0
  %x3 = extractelement <4 x float> %v, i32 3
  %s = fadd float %x0, %x3
  %w = insertelement <4 x float> %v, float %s, i32 1
  store <4 x float> %w, ptr %a, align 16
  ret void
}
