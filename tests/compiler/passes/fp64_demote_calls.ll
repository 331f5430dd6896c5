; PASS: fp64-demote-calls
; --fp64=demote, before the pipeline: a call of a double device-library
; function with a float counterpart of the same shape calls that one
; (exp -> expf, dadd_rn -> fadd_rn, double2int_rz -> float2int_rz), its
; double arguments rounded (fptrunc) and its result widened (fpext), both
; identities once fp64_retype runs; sincos's double* outputs get float
; temporaries, widened and stored after the call; norm, which reads doubles
; through its pointer, keeps its double code (retyped later).
; CHECK-LABEL: define void @k(
; CHECK: [[C:%[0-9]+]] = alloca float
; CHECK-NEXT: [[S:%[0-9]+]] = alloca float
; CHECK: [[X:%[0-9]+]] = fptrunc double %x to float
; CHECK-NEXT: [[E:%[0-9]+]] = call float @__anchor_expf(float [[X]])
; CHECK-NEXT: [[ED:%[0-9]+]] = fpext float [[E]] to double
; CHECK: [[Y:%[0-9]+]] = fptrunc double [[ED]] to float
; CHECK-NEXT: [[Z:%[0-9]+]] = fptrunc double %x to float
; CHECK-NEXT: [[A:%[0-9]+]] = call float @__anchor_fadd_rn(float [[Y]], float [[Z]])
; CHECK-NEXT: [[AD:%[0-9]+]] = fpext float [[A]] to double
; CHECK: call i32 @__anchor_float2int_rz(float
; CHECK: call void @__anchor_sincosf(float {{%[0-9]+}}, ptr [[S]], ptr [[C]])
; CHECK-NEXT: [[SV:%[0-9]+]] = load float, ptr [[S]]
; CHECK-NEXT: [[SD:%[0-9]+]] = fpext float [[SV]] to double
; CHECK-NEXT: store double [[SD]], ptr %out
; CHECK-NEXT: [[CV:%[0-9]+]] = load float, ptr [[C]]
; CHECK-NEXT: [[CD:%[0-9]+]] = fpext float [[CV]] to double
; CHECK-NEXT: store double [[CD]], ptr %p1
; CHECK: call double @__anchor_norm(i32 2, ptr %out)
; CHECK-NOT: call double @__anchor_exp(
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define double @__anchor_exp(double %x) {
  ret double %x
}
define float @__anchor_expf(float %x) {
  ret float %x
}
define double @__anchor_dadd_rn(double %x, double %y) {
  %s = fadd double %x, %y
  ret double %s
}
define float @__anchor_fadd_rn(float %x, float %y) {
  %s = fadd float %x, %y
  ret float %s
}
define i32 @__anchor_double2int_rz(double %x) {
  ret i32 0
}
define i32 @__anchor_float2int_rz(float %x) {
  ret i32 0
}
define void @__anchor_sincos(double %x, ptr %s, ptr %c) {
  ret void
}
define void @__anchor_sincosf(float %x, ptr %s, ptr %c) {
  ret void
}
define double @__anchor_norm(i32 %n, ptr %p) {
  ret double 0.0
}

define void @k(ptr %out, double %x) {
entry:
  %e = call double @__anchor_exp(double %x)
  %a = call double @__anchor_dadd_rn(double %e, double %x)
  %i = call i32 @__anchor_double2int_rz(double %a)
  %p1 = getelementptr double, ptr %out, i64 1
  call void @__anchor_sincos(double %a, ptr %out, ptr %p1)
  %n = call double @__anchor_norm(i32 2, ptr %out)
  %p2 = getelementptr double, ptr %out, i64 2
  store double %n, ptr %p2
  %p3 = getelementptr i32, ptr %out, i64 6
  store i32 %i, ptr %p3
  ret void
}
