; PASS: lower-atomics-wide
; 8-, 16- and 64-bit atomics become calls of the device library's __anchor_atomic_*
; (devlib/atomics.cu) on a generic pointer, values as their bits: atomicrmw with LLVM's
; operation number (plus 0x100 for half, 0x200 for bfloat floating-point operations),
; cmpxchg as {old, old == cmp}, atomic loads and stores. 32-bit atomics stay.
; CHECK-LABEL: define void @k(
; CHECK: %0 = addrspacecast ptr addrspace(1) %g to ptr
; CHECK-NEXT: %1 = call i64 @__anchor_atomic_rmw64(ptr %0, i64 1, i32 1)
; CHECK: %2 = call i64 @__anchor_atomic_rmw64(ptr %p, i64 4611686018427387904, i32 11)
; CHECK-NEXT: %3 = bitcast i64 %2 to double
; CHECK: %4 = addrspacecast ptr addrspace(3) %s to ptr
; CHECK-NEXT: %5 = call i16 @__anchor_atomic_rmw16(ptr %4, i16 15360, i32 267)
; CHECK: call i16 @__anchor_atomic_rmw16(ptr %p, i16 16256, i32 523)
; CHECK: %[[OLD:[0-9]+]] = call i16 @__anchor_atomic_cas16(ptr %p, i16 3, i16 4)
; CHECK-NEXT: %[[OK:[0-9]+]] = icmp eq i16 %[[OLD]], 3
; CHECK-NEXT: %[[A:[0-9]+]] = insertvalue { i16, i1 } undef, i16 %[[OLD]], 0
; CHECK-NEXT: insertvalue { i16, i1 } %[[A]], i1 %[[OK]], 1
; CHECK: call i8 @__anchor_atomic_rmw8(ptr %p, i8 7, i32 8)
; CHECK: call i64 @__anchor_atomic_load64(ptr %p)
; CHECK: call void @__anchor_atomic_store64(ptr %p, i64
; CHECK: %n = atomicrmw add ptr %p, i32 1 monotonic
; CHECK: %pl = load i64, ptr %p
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr %p) {
entry:
  %a = atomicrmw add ptr addrspace(1) %g, i64 1 monotonic
  %d = atomicrmw fadd ptr %p, double 2.0 monotonic
  %h = atomicrmw fadd ptr addrspace(3) %s, half 1.0 monotonic
  %b = atomicrmw fadd ptr %p, bfloat 1.0 monotonic
  %c = cmpxchg ptr %p, i16 3, i16 4 monotonic monotonic
  %min = atomicrmw min ptr %p, i8 7 monotonic
  %l = load atomic double, ptr %p monotonic, align 8
  store atomic ptr %p, ptr %p monotonic, align 8
  %n = atomicrmw add ptr %p, i32 1 monotonic
  %pl = load i64, ptr %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
