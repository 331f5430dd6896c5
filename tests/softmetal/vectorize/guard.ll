; sm-vectorize: a guarded vector add (if (i < n) c[i] = a[i] + b[i]) becomes a 32-lane
; function: contiguous vector loads/stores when every lane is active and no index wraps,
; masked gathers/scatters otherwise (through one out-of-line helper per signature, its mask
; passed as an integer of 32 bits); the guard's mask covers them.
; CHECK-LABEL: @__sm_vector_add = constant [7 x i8] c"vector\00"
; CHECK-LABEL: define void @__sm_simd_add(ptr %0, i32 %1, i32 %2, i32 %3)
; CHECK: icmp ult <32 x i32> <i32 0, i32 1,
; CHECK: icmp {{s[lg]t}} <32 x i32>
; CHECK: call i1 @llvm.vector.reduce.and.v32i1
; CHECK: contiguous:
; CHECK-NEXT: load <32 x float>
; CHECK: [[BITS:%[0-9]+]] = bitcast <32 x i1> %{{[0-9]+}} to i32
; CHECK: call fastcc <32 x float> @__sm_outlined.llvm.masked.gather.v32f32.v32p0.a4(<32 x ptr> %{{[0-9]+}}, i32
; CHECK: fadd <32 x float>
; CHECK: store <32 x float>
; CHECK: call fastcc void @__sm_outlined.llvm.masked.scatter.v32f32.v32p0.a4(<32 x float>
; CHECK: define internal fastcc <32 x float> @__sm_outlined.llvm.masked.gather.v32f32.v32p0.a4(<32 x ptr> %0, i32 %1, <32 x float> %2) #[[HELPER:[0-9]+]]
; CHECK-NEXT: bitcast i32 %1 to <32 x i1>
; CHECK-NEXT: call <32 x float> @llvm.masked.gather.v32f32.v32p0(<32 x ptr> %0, i32 4, <32 x i1>
; CHECK-LABEL: define internal fastcc void @__sm_outlined.llvm.masked.scatter.v32f32.v32p0.a4(
; CHECK: call void @llvm.masked.scatter.v32f32.v32p0(
; CHECK: attributes #[[HELPER]] = { noinline nounwind }
; CHECK-NOT: __sm_lane_add
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define hidden void @__sm_lane_add(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %pbp = getelementptr inbounds ptr, ptr %bufs, i64 1
  %pb = load ptr, ptr %pbp, align 8
  %pcp = getelementptr inbounds ptr, ptr %bufs, i64 2
  %pc = load ptr, ptr %pcp, align 8
  %pnp = getelementptr inbounds ptr, ptr %bufs, i64 3
  %pn = load ptr, ptr %pnp, align 8
  %n = load i32, ptr %pn, align 4
  %lt = icmp slt i32 %x, %n
  br i1 %lt, label %body, label %done
body:
  %i = sext i32 %x to i64
  %a = getelementptr inbounds float, ptr %pa, i64 %i
  %va = load float, ptr %a, align 4
  %b = getelementptr inbounds float, ptr %pb, i64 %i
  %vb = load float, ptr %b, align 4
  %s = fadd float %va, %vb
  %c = getelementptr inbounds float, ptr %pc, i64 %i
  store float %s, ptr %c, align 4
  br label %done
done:
  ret void
}
