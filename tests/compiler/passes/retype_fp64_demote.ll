; PASS: retype-fp64-demote
; --fp64=demote: every double value a float. The argument and the load are
; rounded to float where a computation first needs them (fptrunc, which
; lower_fp64 makes anchor_f64_to_f32); the loop's phi, the arithmetic, the
; comparison, the select and llvm.sqrt become float ones, x / y the
; correctly rounded __anchor_fdiv_rn; what has no float form (llvm.sin.f64)
; and the bit cast see binary64 again (fpext); the copy of %a stores the
; loaded bits unchanged; fptrunc to float is the float itself.
; CHECK-LABEL: define void @k(
; CHECK: [[B:%[0-9]+]] = fptrunc double %b to float
; CHECK: %a = load double, ptr %out
; CHECK-NEXT: [[A:%[0-9]+]] = fptrunc double %a to float
; CHECK: loop:
; CHECK-NEXT: [[ACC:%[0-9]+]] = phi float [ 0.000000e+00, %entry ], [ [[NEXT:%[0-9]+]], %loop ]
; CHECK: [[M:%[0-9]+]] = fmul float [[ACC]], [[A]]
; CHECK-NEXT: [[NEXT]] = fadd float [[M]], [[B]]
; CHECK: done:
; CHECK-NEXT: [[Q:%[0-9]+]] = call float @__anchor_fdiv_rn(float [[NEXT]], float [[A]])
; CHECK-NEXT: [[C:%[0-9]+]] = fcmp olt float [[Q]], 0x3FB99999A0000000
; CHECK-NEXT: [[S:%[0-9]+]] = select i1 [[C]], float [[Q]], float [[A]]
; CHECK-NEXT: [[R:%[0-9]+]] = call float @llvm.sqrt.f32(float [[S]])
; CHECK-NEXT: [[D:%[0-9]+]] = fpext float [[R]] to double
; CHECK-NEXT: %sin = call double @llvm.sin.f64(double [[D]])
; CHECK-NEXT: %bits = bitcast double %sin to i64
; CHECK: store double %a, ptr %p2
; CHECK: store float [[R]], ptr %p3
; CHECK-NOT: fadd double
; CHECK: declare float @__anchor_fdiv_rn(float, float) [[ATTR:#[0-9]+]]
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
