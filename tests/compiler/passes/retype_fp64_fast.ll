; PASS: retype-fp64-fast
; --fp64=fast: every double value a pair of floats hi + lo. From binary64
; (the argument, the load): the device library's __anchor_dd_from_bits of
; its bits (every pair in the bits of an i64, hi low); the phi becomes two phis, +, *, / and sqrt the device
; library's __anchor_dd_*, the
; comparison compares hi parts, then lo parts, the select selects both; to
; binary64 (llvm.sin.f64 has no pair form) fpext hi + fpext lo; fptrunc to
; float is hi + lo in float; the copy of %a stores the loaded bits.
; CHECK-LABEL: define void @k(
; CHECK: [[BB:%[0-9]+]] = bitcast double %b to i64
; CHECK-NEXT: [[BP:%[0-9]+]] = call i64 @__anchor_dd_from_bits(i64 [[BB]])
; CHECK-NEXT: [[BH0:%[0-9]+]] = trunc i64 [[BP]] to i32
; CHECK-NEXT: [[BL1:%[0-9]+]] = lshr i64 [[BP]], 32
; CHECK-NEXT: [[BL0:%[0-9]+]] = trunc i64 [[BL1]] to i32
; CHECK-NEXT: [[BH:%[0-9]+]] = bitcast i32 [[BH0]] to float
; CHECK-NEXT: [[BL:%[0-9]+]] = bitcast i32 [[BL0]] to float
; CHECK: %a = load double, ptr %out
; CHECK-NEXT: [[AB:%[0-9]+]] = bitcast double %a to i64
; CHECK-NEXT: call i64 @__anchor_dd_from_bits(i64 [[AB]])
; CHECK: [[AH:%[0-9]+]] = bitcast i32 %{{[0-9]+}} to float
; CHECK-NEXT: [[AL:%[0-9]+]] = bitcast i32 %{{[0-9]+}} to float
; CHECK: loop:
; CHECK-NEXT: [[ACCH:%[0-9]+]] = phi float [ 0.000000e+00, %entry ], [ [[NH:%[0-9]+]], %loop ]
; CHECK-NEXT: [[ACCL:%[0-9]+]] = phi float [ 0.000000e+00, %entry ], [ [[NL:%[0-9]+]], %loop ]
; CHECK: call i64 @__anchor_dd_mul(float [[ACCH]], float [[ACCL]], float [[AH]], float [[AL]])
; CHECK: [[SUM:%[0-9]+]] = call i64 @__anchor_dd_add(float %{{[0-9]+}}, float %{{[0-9]+}}, float [[BH]], float [[BL]])
; CHECK-NEXT: [[SH:%[0-9]+]] = trunc i64 [[SUM]] to i32
; CHECK-NEXT: [[SL0:%[0-9]+]] = lshr i64 [[SUM]], 32
; CHECK-NEXT: [[SL:%[0-9]+]] = trunc i64 [[SL0]] to i32
; CHECK-NEXT: [[NH]] = bitcast i32 [[SH]] to float
; CHECK-NEXT: [[NL]] = bitcast i32 [[SL]] to float
; CHECK: done:
; CHECK-NEXT: call i64 @__anchor_dd_div(float [[NH]], float [[NL]], float [[AH]], float [[AL]])
; CHECK: [[EQ:%[0-9]+]] = fcmp oeq float [[QH:%[0-9]+]], 0x3FB99999A0000000
; CHECK-NEXT: [[LT2:%[0-9]+]] = fcmp olt float [[QL:%[0-9]+]], 0xBE199999A0000000
; CHECK-NEXT: [[AND:%[0-9]+]] = and i1 [[EQ]], [[LT2]]
; CHECK-NEXT: [[LT1:%[0-9]+]] = fcmp olt float [[QH]], 0x3FB99999A0000000
; CHECK-NEXT: [[OR:%[0-9]+]] = or i1 [[LT1]], [[AND]]
; CHECK-NEXT: [[SELH:%[0-9]+]] = select i1 [[OR]], float [[QH]], float [[AH]]
; CHECK-NEXT: [[SELL:%[0-9]+]] = select i1 [[OR]], float [[QL]], float [[AL]]
; CHECK-NEXT: call i64 @__anchor_dd_sqrt(float [[SELH]], float [[SELL]])
; CHECK: [[RH:%[0-9]+]] = bitcast i32 %{{[0-9]+}} to float
; CHECK-NEXT: [[RL:%[0-9]+]] = bitcast i32 %{{[0-9]+}} to float
; CHECK-NEXT: [[XH:%[0-9]+]] = fpext float [[RH]] to double
; CHECK-NEXT: [[XL:%[0-9]+]] = fpext float [[RL]] to double
; CHECK-NEXT: [[X:%[0-9]+]] = fadd double [[XH]], [[XL]]
; CHECK-NEXT: %sin = call double @llvm.sin.f64(double [[X]])
; CHECK: store double %a, ptr %p2
; CHECK-NEXT: [[F:%[0-9]+]] = fadd float [[RH]], [[RL]]
; CHECK: store float [[F]], ptr %p3
; CHECK: declare i64 @__anchor_dd_from_bits(i64) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind willreturn memory(none) }
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, double %b, i32 %n) {
entry:
  %a = load double, ptr %out
  br label %loop
loop:
  %acc = phi double [ 0.000000e+00, %entry ], [ %next, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %m = fmul double %acc, %a
  %next = fadd double %m, %b
  %j1 = add i32 %j, 1
  %c = icmp slt i32 %j1, %n
  br i1 %c, label %loop, label %done
done:
  %q = fdiv double %next, %a
  %cmp = fcmp olt double %q, 1.000000e-01
  %s = select i1 %cmp, double %q, double %a
  %r = call double @llvm.sqrt.f64(double %s)
  %sin = call double @llvm.sin.f64(double %r)
  %bits = bitcast double %sin to i64
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %bits, ptr %p1
  %p2 = getelementptr double, ptr %out, i64 2
  store double %a, ptr %p2
  %t = fptrunc double %r to float
  %p3 = getelementptr float, ptr %out, i64 6
  store float %t, ptr %p3
  ret void
}
declare double @llvm.sqrt.f64(double)
declare double @llvm.sin.f64(double)
