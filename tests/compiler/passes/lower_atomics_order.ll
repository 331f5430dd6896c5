; PASS: lower-atomics-order
; Atomics stronger than relaxed become relaxed ones between seq_cst fences (MSL 3.2's
; atomic_thread_fence): acquire -> fence after, release -> fence before, acq_rel and
; seq_cst -> both; a cmpxchg by the stronger of its orderings. Relaxed ones stay.
; CHECK-LABEL: define void @k(
; CHECK-NEXT: entry:
; CHECK-NEXT: %relaxed = atomicrmw add ptr %p, i32 1 monotonic
; CHECK-NEXT: %acq = load atomic i32, ptr %p monotonic, align 4
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: store atomic i32 1, ptr %p monotonic, align 4
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: %sc = atomicrmw add ptr %p, i64 1 monotonic
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: %ar = atomicrmw xchg ptr %p, i32 2 monotonic
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: %c = cmpxchg ptr %p, i32 3, i32 4 monotonic monotonic
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: %c2 = cmpxchg ptr %p, i32 3, i32 4 monotonic monotonic
; CHECK-NEXT: ret void
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p) {
entry:
  %relaxed = atomicrmw add ptr %p, i32 1 monotonic
  %acq = load atomic i32, ptr %p acquire, align 4
  store atomic i32 1, ptr %p release, align 4
  %sc = atomicrmw add ptr %p, i64 1 seq_cst
  %ar = atomicrmw xchg ptr %p, i32 2 acq_rel
  %c = cmpxchg ptr %p, i32 3, i32 4 monotonic acquire
  %c2 = cmpxchg ptr %p, i32 3, i32 4 release monotonic
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
