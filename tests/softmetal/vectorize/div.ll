; sm-vectorize: a division under a guard divides by 1 in masked-off lanes (a masked-off
; lane must not trap); a gathered load (a[idx[i]]) stays a masked gather.
; CHECK-LABEL: define void @__sm_simd_div(
; CHECK: call fastcc <32 x i32> @__sm_outlined.llvm.masked.gather.v32i32
; CHECK: [[D:%[0-9]+]] = select <32 x i1> %{{[0-9]+}}, <32 x i32> %{{[0-9]+}}, <32 x i32> <i32 1,
; CHECK-NEXT: sdiv <32 x i32> <i32 100, {{.*}}>, [[D]]
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define hidden void @__sm_lane_div(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  %idx = load i32, ptr %a, align 4
  %j = zext i32 %idx to i64
  %g = getelementptr inbounds i32, ptr %pa, i64 %j
  %d = load i32, ptr %g, align 4
  %nz = icmp ne i32 %d, 0
  br i1 %nz, label %body, label %done
body:
  %q = sdiv i32 100, %d
  store i32 %q, ptr %a, align 4
  br label %done
done:
  ret void
}
