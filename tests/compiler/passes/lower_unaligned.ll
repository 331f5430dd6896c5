; PASS: lower-unaligned
; Non-atomic loads and stores below their natural alignment become naturally aligned
; pieces of their alignment, little-endian, bitcast (inttoptr/ptrtoint for pointers)
; back; volatile stays volatile per piece; aligned and atomic accesses are untouched.
; CHECK-LABEL: define void @k(
; CHECK: [[L0:%[0-9]+]] = load i32, ptr %p, align 4
; CHECK: [[G:%[0-9]+]] = getelementptr i8, ptr %p, i64 4
; CHECK: [[L1:%[0-9]+]] = load i32, ptr [[G]], align 4
; CHECK: shl i64 {{%[0-9]+}}, 32
; CHECK: or i64
; CHECK: load volatile i16, ptr %p, align 2
; CHECK: load volatile i16
; CHECK: bitcast i32 {{%[0-9]+}} to float
; CHECK: lshr i64 {{%[0-9]+}}, 8
; CHECK: store i8
; CHECK: inttoptr i64
; CHECK: load i64, ptr %p, align 8
; CHECK: load atomic i64, ptr %p monotonic, align 8
; CHECK-NOT: align 1{{$}}
; CHECK: ret void
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, ptr %o) {
entry:
  %a = load i64, ptr %p, align 4
  %b = load volatile float, ptr %p, align 2
  store i64 %a, ptr %o, align 1
  %c = load ptr, ptr %p, align 4
  store ptr %c, ptr %o, align 8
  %d = load i64, ptr %p, align 8
  %e = load atomic i64, ptr %p monotonic, align 8
  store float %b, ptr %o, align 4
  store i64 %d, ptr %o, align 8
  store i64 %e, ptr %o, align 8
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
