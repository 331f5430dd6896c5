; half constants: one float->half conversion (fp16.c) for constants in code
; and in initialisers, IEEE round-to-nearest-even with NaN sign and payload
; kept. Before, emit.c dropped the payload (0xfe01 -> 0xfe00) and module.c
; the sign and the payload (0x7e00).
; CHECK-LABEL: kernel void k(
; CHECK: as_type<half>((ushort)0xfe01)
; CHECK: as_type<half>((ushort)0x3c00)
; CHECK: as_type<half>((ushort)0x1)
; TABLE: global g 0 8 2 device 01fe003c01000000
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) externally_initialized global [4 x half] [half 0xHFE01, half 0xH3C00, half 0xH0001, half 0xH0000], align 2

define void @k(ptr %out) {
entry:
  store volatile half 0xHFE01, ptr %out
  %p1 = getelementptr i8, ptr %out, i64 2
  store volatile half 0xH3C00, ptr %p1
  %p2 = getelementptr i8, ptr %out, i64 4
  store volatile half 0xH0001, ptr %p2
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
