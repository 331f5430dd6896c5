; unaligned.ll — compiler/lower_unaligned.c on hand-written IR: loads and stores of
; i16, i32, i64, i128, half, float, double and a pointer at alignments below their size
; (1, 2, 4 and 8), at offsets that really are unaligned, volatile ones too.
; Run by anchor-msl + msl_run (softmetal) and, as the reference, by the host's LLVM code
; generator (run_ir_exec.sh): the two outputs must be identical.
; Inputs: out[k] = (k*37)%101-50; results go to out[64...].
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @test_kernel(ptr %out, i32 %n) {
entry:
  %r = getelementptr i32, ptr %out, i64 64
  ; i64 at a 4-byte offset (align 4), at an odd byte offset (align 1), at 2 (align 2)
  %p4 = getelementptr i8, ptr %out, i64 4
  %v4 = load i64, ptr %p4, align 4
  %p1 = getelementptr i8, ptr %out, i64 9
  %v1 = load i64, ptr %p1, align 1
  %p2 = getelementptr i8, ptr %out, i64 18
  %v2 = load volatile i64, ptr %p2, align 2
  %s0 = add i64 %v4, %v1
  %s1 = xor i64 %s0, %v2
  store i64 %s1, ptr %r, align 4
  ; stores at unaligned offsets, read back whole words
  %q1 = getelementptr i8, ptr %out, i64 265
  store i64 %v4, ptr %q1, align 1
  %q2 = getelementptr i8, ptr %out, i64 282
  store volatile i64 %v1, ptr %q2, align 2
  ; i32 and i16 at odd offsets
  %p5 = getelementptr i8, ptr %out, i64 33
  %w = load i32, ptr %p5, align 1
  %h16 = load i16, ptr %p5, align 1
  %w2 = add i32 %w, 7
  %q3 = getelementptr i8, ptr %out, i64 303
  store i32 %w2, ptr %q3, align 1
  %q4 = getelementptr i8, ptr %out, i64 311
  store i16 %h16, ptr %q4, align 1
  ; float, double, half
  %p6 = getelementptr i8, ptr %out, i64 42
  %f = load float, ptr %p6, align 2
  %d = load double, ptr %p6, align 2
  %hf = load half, ptr %p1, align 1
  %f2 = fmul float %f, 2.0
  %q5 = getelementptr i8, ptr %out, i64 322
  store float %f2, ptr %q5, align 2
  %q6 = getelementptr i8, ptr %out, i64 329
  store double %d, ptr %q6, align 1
  %q7 = getelementptr i8, ptr %out, i64 339
  store half %hf, ptr %q7, align 1
  ; i128 at align 4
  %p7 = getelementptr i8, ptr %out, i64 52
  %x = load i128, ptr %p7, align 4
  %x1 = add i128 %x, 1
  %q8 = getelementptr i8, ptr %out, i64 348
  store i128 %x1, ptr %q8, align 4
  ; a pointer stored and loaded at align 4, then used
  %q9 = getelementptr i8, ptr %out, i64 372
  store ptr %p4, ptr %q9, align 4
  %pp = load ptr, ptr %q9, align 4
  %back = load i32, ptr %pp, align 4
  %q10 = getelementptr i32, ptr %out, i64 96
  store i32 %back, ptr %q10, align 4
  ; the pointer's bits differ between host and device: cleared
  %q11 = getelementptr i8, ptr %out, i64 376
  store i32 0, ptr %q9, align 4
  store i32 0, ptr %q11, align 4
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @test_kernel, !"kernel", i32 1}
