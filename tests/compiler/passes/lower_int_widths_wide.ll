; PASS: lower-int-widths
; Integers wider than 128 bits (Csmith seed 35: a packed bit-field struct's 22-byte
; storage unit, loaded and stored as i176) become ceil(N/64) i64 words: the packed load
; byte by byte into three words, a field extracted by a constant shift (each word's
; bits moved down, the next word's shifted up into it), masked and truncated; a store of
; the unit byte by byte; an add as a carry chain over the three words, the top one masked
; to 48 bits; a 24-byte (i192) load as three i64 words.
; CHECK-LABEL: define void @k(
; CHECK-NOT: {{\bi(176|192)\b}}
; the load: 22 bytes
; CHECK-COUNT-22: load i8
; CHECK-NOT: load i8
; the field: bits 30..89 (word 0 shifted down by 30, word 1 up by 34)
; CHECK: lshr i64 {{%[0-9]+}}, 30
; CHECK: shl i64 {{%[0-9]+}}, 34
; the add: carry out of word 0, then out of word 1, the top word masked to 48 bits
; CHECK: [[S0:%[0-9]+]] = add i64 [[X0:%[0-9]+]], {{%[0-9]+}}
; CHECK-NEXT: icmp ult i64 [[S0]], [[X0]]
; CHECK: and i64 {{%[0-9]+}}, 281474976710655
; the store: 22 bytes
; CHECK-COUNT-22: store i8
; CHECK-NOT: store i8
; the i192: three words of 8 bytes (the first at the access's alignment 8)
; CHECK: load i64, ptr %w, align 8
; CHECK: load i64, ptr {{%[0-9]+}}, align 8
; CHECK: load i64, ptr {{%[0-9]+}}, align 8
; CHECK-NOT: load i64
; uitofp i176 to float: the top 64 bits converted, scaled by 2^(128 - leading zeros),
; the exponent clamped to 127 (float's largest) so that numbers from 2^128 up become
; infinity instead of a wrapped exponent field (the host's LLVM 19 expansion gets this
; wrong: llvm-project issue 189054)
; CHECK: uitofp i64 {{%[0-9]+}} to float
; CHECK: [[E:%[0-9]+]] = sub i64 128, {{%[0-9]+}}
; CHECK-NEXT: [[BIG:%[0-9]+]] = icmp ugt i64 [[E]], 127
; CHECK-NEXT: select i1 [[BIG]], i64 127, i64 [[E]]
; CHECK: fmul float
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %s, ptr %w, ptr %out) {
  %u = load i176, ptr %s, align 1
  %f = lshr i176 %u, 30
  %m = and i176 %f, 1152921504606846975
  %b = trunc i176 %m to i64
  store i64 %b, ptr %out, align 8
  %u2 = add i176 %u, %m
  store i176 %u2, ptr %s, align 1
  %v = load i192, ptr %w, align 8
  %v32 = trunc i192 %v to i32
  %o4 = getelementptr i8, ptr %out, i64 8
  store i32 %v32, ptr %o4, align 4
  %fl = uitofp i176 %u to float
  %o8 = getelementptr i8, ptr %out, i64 12
  store float %fl, ptr %o8, align 4
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
