; PASS: lower-fp64
; Computation on doubles becomes one anchor_f64_* call per instruction
; (declared once, nounwind willreturn memory(none)); integer-typed helpers
; carry the type as a suffix; moves of doubles (load, store, select, phi,
; bitcast) and what has no helper (fptrunc to half, llvm.sin.f64) stay.
; CHECK-LABEL: define void @k(
; CHECK: %a = load double
; CHECK-NEXT: [[ADD:%[0-9]+]] = call double @anchor_f64_add(double %a, double %b)
; CHECK-NEXT: [[NEG:%[0-9]+]] = call double @anchor_f64_neg(double [[ADD]])
; CHECK-NEXT: [[CMP:%[0-9]+]] = call i1 @anchor_f64_cmp_ogt(double [[NEG]], double %b)
; CHECK-NEXT: %s = select i1 [[CMP]], double [[NEG]], double %a
; CHECK-NEXT: [[I:%[0-9]+]] = call i32 @anchor_f64_to_int.i32(double %s)
; CHECK-NEXT: [[U:%[0-9]+]] = call i1 @anchor_f64_to_uint.i1(double %s)
; CHECK-NEXT: [[F:%[0-9]+]] = call double @anchor_f64_from_int.i32(i32 [[I]])
; CHECK-NEXT: [[G:%[0-9]+]] = call double @anchor_f64_from_i64(i64 %n)
; CHECK-NEXT: [[H:%[0-9]+]] = call double @anchor_f64_from_half(half %h)
; CHECK-NEXT: [[T:%[0-9]+]] = call float @anchor_f64_to_f32(double [[F]])
; CHECK-NEXT: %th = fptrunc double [[G]] to half
; CHECK-NEXT: [[FMA:%[0-9]+]] = call double @anchor_f64_fma(double [[F]], double [[G]], double [[H]])
; CHECK-NEXT: %sin = call double @llvm.sin.f64(double [[FMA]])
; CHECK-NEXT: %bits = bitcast double %sin to i64
; CHECK: declare double @anchor_f64_add(double, double) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind willreturn memory(none) }
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, double %b, i64 %n, half %h) {
entry:
  %a = load double, ptr %out
  %add = fadd double %a, %b
  %neg = fneg double %add
  %cmp = fcmp ogt double %neg, %b
  %s = select i1 %cmp, double %neg, double %a
  %i = fptosi double %s to i32
  %u = fptoui double %s to i1
  %f = sitofp i32 %i to double
  %g = sitofp i64 %n to double
  %hh = fpext half %h to double
  %t = fptrunc double %f to float
  %th = fptrunc double %g to half
  %fma = call double @llvm.fmuladd.f64(double %f, double %g, double %hh)
  %sin = call double @llvm.sin.f64(double %fma)
  %bits = bitcast double %sin to i64
  store i64 %bits, ptr %out
  %p1 = getelementptr i8, ptr %out, i64 8
  store float %t, ptr %p1
  store half %th, ptr %p1
  store i1 %u, ptr %p1
  ret void
}
declare double @llvm.fmuladd.f64(double, double, double)
declare double @llvm.sin.f64(double)
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
