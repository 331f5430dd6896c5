; PASS: lower-atomics
; Relaxed 32-bit atomics become anchor_atomic_<op>.<type>.p<addrspace> calls:
; atomicrmw (ptr, value) -> old, cmpxchg (ptr, cmp, new) -> {old, success},
; NVVM's atomicInc as uinc_wrap. Stronger orderings and 64-bit atomics stay
; (the emitter reports them); atomic loads and stores stay.
; CHECK-LABEL: define void @k(
; CHECK: %0 = call i32 @anchor_atomic_add.i32.p1(ptr addrspace(1) %g, i32 1)
; CHECK-NEXT: %1 = call float @anchor_atomic_fadd.f32.p3(ptr addrspace(3) %s, float 2.000000e+00)
; CHECK-NEXT: %2 = call { i32, i1 } @anchor_atomic_cmpxchg.i32.p0(ptr %p, i32 3, i32 4)
; CHECK-NEXT: %ok = extractvalue { i32, i1 } %2, 1
; CHECK-NEXT: %3 = call i32 @anchor_atomic_uinc_wrap.i32.p0(ptr %p, i32 9)
; CHECK-NEXT: %strong = atomicrmw add ptr %p, i32 1 seq_cst
; CHECK-NEXT: %wide = atomicrmw add ptr %p, i64 1 monotonic
; CHECK-NEXT: %l = load atomic i32, ptr %p monotonic
; CHECK: declare i32 @anchor_atomic_add.i32.p1(ptr addrspace(1), i32) [[A:#[0-9]+]]
; CHECK: attributes [[A]] = { nounwind }
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr %p) {
entry:
  %a = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  %f = atomicrmw fadd ptr addrspace(3) %s, float 2.0 monotonic
  %c = cmpxchg ptr %p, i32 3, i32 4 monotonic monotonic
  %ok = extractvalue { i32, i1 } %c, 1
  %i = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %p, i32 9)
  %strong = atomicrmw add ptr %p, i32 1 seq_cst
  %wide = atomicrmw add ptr %p, i64 1 monotonic
  %l = load atomic i32, ptr %p monotonic, align 4
  ret void
}
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
