; sm-vectorize: a volatile 16-byte device access (PTX's indivisible ld/st.v2.u64, CUB's tile
; states) stays one <2 x i64> access per lane, in lane order; its value is kept as the lanes'
; vectors one after another (<64 x i64>), elements taken and put back with constant permutes.
; CHECK: @__sm_vector_v2 = constant [7 x i8] c"vector\00"
; CHECK-LABEL: define void @__sm_simd_v2(
; CHECK: load volatile <2 x i64>, ptr addrspace(1)
; CHECK-DAG: shufflevector <64 x i64> %{{[0-9]+}}, <64 x i64> poison, <32 x i32> <i32 0, i32 2, i32 4,
; CHECK-DAG: shufflevector <64 x i64> %{{[0-9]+}}, <64 x i64> poison, <32 x i32> <i32 1, i32 3, i32 5,
; CHECK-DAG: store volatile <2 x i64> %{{[0-9]+}}, ptr addrspace(1)
; CHECK: ret void
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define hidden void @__sm_lane_v2(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr addrspace(1), ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds <2 x i64>, ptr addrspace(1) %pa, i64 %i
  %v = load volatile <2 x i64>, ptr addrspace(1) %a, align 16
  %lo = extractelement <2 x i64> %v, i64 0
  %hi = extractelement <2 x i64> %v, i64 1
  %s = add i64 %lo, %hi
  %p = mul i64 %lo, %i
  %w0 = insertelement <2 x i64> poison, i64 %s, i64 0
  %w1 = insertelement <2 x i64> %w0, i64 %p, i64 1
  store volatile <2 x i64> %w1, ptr addrspace(1) %a, align 16
  ret void
}
