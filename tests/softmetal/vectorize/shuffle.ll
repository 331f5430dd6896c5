; sm-vectorize: in a kernel with SIMD-group calls the low 5 bits of thread_index are the lane
; number ("lane bits"), so a shuffle whose source lane is computed from them alone (here the
; butterfly lane ^ 1, as `thread_index % 32 ^ 1`, and a simdgroup_matrix-like pattern of shifts
; and masks) is a constant permute of the value and of the execution mask: no store, no
; gather. A source lane that depends on data stays a gather.
; CHECK-LABEL: define void @__sm_simd_shuffle(
; CHECK: shufflevector <32 x i32> %{{[0-9]+}}, <32 x i32> poison, <32 x i32> <i32 1, i32 0, i32 3, i32 2,
; CHECK: shufflevector <32 x i1> %{{[0-9]+}}, <32 x i1> poison, <32 x i32> <i32 1, i32 0, i32 3, i32 2,
; CHECK: shufflevector <32 x i64> %{{[0-9]+}}, <32 x i64> poison, <32 x i32> <i32 0, i32 0, i32 2, i32 2, i32 0, i32 0, i32 2, i32 2, i32 0, i32 0, i32 2, i32 2, i32 0, i32 0, i32 2, i32 2, i32 16, i32 16,
; CHECK: call fastcc <32 x i32> @__sm_outlined.llvm.masked.gather.v32i32
; CHECK-LABEL: define void @__sm_simd_rowlane(
; CHECK-NOT: shufflevector <32 x i32> %{{[0-9]+}}, <32 x i32> poison, <32 x i32> <i32 1, i32 0,
; CHECK: ret void
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @__sm_thread_index()
declare i32 @__sm_simd_shuffle_32(i32, i32)
declare i64 @__sm_simd_shuffle_64(i64, i32)

define hidden void @__sm_lane_shuffle(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %index to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  %v = load i32, ptr %a, align 4
  %ti = call i32 @__sm_thread_index()
  %lane = urem i32 %ti, 32
  %x1 = xor i32 %lane, 1
  %s = call i32 @__sm_simd_shuffle_32(i32 %v, i32 %x1)
  ; (lane / 4 & 4) * 4 + (lane & 2): lanes 0 0 2 2 (four times), then 16 16 18 18 ...
  %q = lshr i32 %ti, 2
  %q4 = and i32 %q, 4
  %hi = shl i32 %q4, 2
  %lo = and i32 %ti, 2
  %src = or i32 %hi, %lo
  %w = zext i32 %s to i64
  %s64 = call i64 @__sm_simd_shuffle_64(i64 %w, i32 %src)
  %n = trunc i64 %s64 to i32
  ; a data-dependent source lane: a gather
  %dl = and i32 %n, 31
  %g = call i32 @__sm_simd_shuffle_32(i32 %n, i32 %dl)
  store i32 %g, ptr %a, align 4
  ret void
}

; Without SIMD-group calls index0 need not be a multiple of 32 (16 x 16 groups run row by
; row): thread_index % 32 is not the lane, and stays a computed vector.
define hidden void @__sm_lane_rowlane(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %index to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  %lane = and i32 %index, 31
  %x1 = xor i32 %lane, 1
  store i32 %x1, ptr %a, align 4
  ret void
}
