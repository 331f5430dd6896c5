; PASS: fp64-check-error
; --fp64=error: moving doubles is no arithmetic: loads, stores, a phi, a
; select on an integer condition, bit casts, an atomic exchange and an
; aggregate pass the check, and the module is left as it was (a kernel with
; arithmetic is an error: tests/driver case fp64_modes).
; CHECK-LABEL: define void @k(
; CHECK: %a = load double, ptr %p
; CHECK: %x = phi double [ %a, %entry ], [ %s, %loop ]
; CHECK: %s = select i1 %c, double %x, double %b
; CHECK: %i = bitcast double %s to i64
; CHECK: %old = atomicrmw xchg ptr %p, double %s monotonic
; CHECK: %agg = insertvalue { double, i32 } undef, double %old, 0
; CHECK: store double %e, ptr %q
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, ptr %q, double %b, i32 %n) {
entry:
  %a = load double, ptr %p
  br label %loop
loop:
  %x = phi double [ %a, %entry ], [ %s, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j1, %loop ]
  %j1 = add i32 %j, 1
  %c = icmp slt i32 %j1, %n
  %s = select i1 %c, double %x, double %b
  br i1 %c, label %loop, label %done
done:
  %i = bitcast double %s to i64
  store i64 %i, ptr %q
  %old = atomicrmw xchg ptr %p, double %s monotonic
  %agg = insertvalue { double, i32 } undef, double %old, 0
  %e = extractvalue { double, i32 } %agg, 0
  store double %e, ptr %q
  ret void
}
