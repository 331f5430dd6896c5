; int_widths.ll — compiler/lower_int_widths.c on hand-written IR: i2, i24, i33, i40,
; i48, i65, i100 and i128 arithmetic, casts (to floating point too), compares, selects,
; phis, memory and intrinsics.
; Run by anchor-msl + msl_run (softmetal) and, as the reference, by the host's
; LLVM code generator (run_ir_exec.sh): the two outputs must be identical.
; Inputs: out[k] = (k*37)%101-50 (out[0] = -50, out[1] = -13, out[2] = 24,
; out[3] = -40, out[4] = -3, out[5] = 34); results go to out[16...].
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @test_kernel(ptr %out, i32 %n) {
entry:
  %p1 = getelementptr i32, ptr %out, i64 1
  %p2 = getelementptr i32, ptr %out, i64 2
  %p3 = getelementptr i32, ptr %out, i64 3
  %p5 = getelementptr i32, ptr %out, i64 5
  %a = load i32, ptr %out
  %b = load i32, ptr %p1
  %c = load i32, ptr %p2
  %d = load i32, ptr %p3
  %e = load i32, ptr %p5
  %r = getelementptr i32, ptr %out, i64 16
  ; ---- i2
  %a2 = trunc i32 %a to i2
  %b2 = trunc i32 %b to i2
  %s2 = add i2 %a2, %b2
  %m2 = mul i2 %a2, %b2
  %sh2 = ashr i2 %m2, 1
  %dv2 = sdiv i2 %b2, %a2
  %lt2 = icmp slt i2 %a2, %b2
  %sel2 = select i1 %lt2, i2 %s2, i2 %sh2
  %x0 = zext i2 %s2 to i32
  %x1 = sext i2 %sh2 to i32
  %x2 = sext i2 %dv2 to i32
  %x3 = sext i2 %sel2 to i32
  call void @put(ptr %r, i32 0, i32 %x0)
  call void @put(ptr %r, i32 1, i32 %x1)
  call void @put(ptr %r, i32 2, i32 %x2)
  call void @put(ptr %r, i32 3, i32 %x3)
  ; ---- i33
  %a33 = sext i32 %a to i33
  %b33 = zext i32 %b to i33
  %c33 = zext i32 %c to i33
  %add33 = add i33 %a33, %b33
  %sub33 = sub i33 %c33, %b33
  %mul33 = mul i33 %a33, %b33
  %shl33 = shl i33 %b33, %c33
  %lshr33 = lshr i33 %a33, 3
  %ashr33 = ashr i33 %a33, 7
  %udiv33 = udiv i33 %a33, %c33
  %urem33 = urem i33 %b33, %c33
  %sdiv33 = sdiv i33 %a33, %c33
  %srem33 = srem i33 %a33, %c33
  %ult33 = icmp ult i33 %a33, %b33
  %slt33 = icmp slt i33 %a33, %b33
  %sgt33 = icmp sgt i33 %mul33, %add33
  %cmp33 = select i1 %ult33, i33 %udiv33, i33 %srem33
  call void @put33(ptr %r, i32 4, i33 %add33)
  call void @put33(ptr %r, i32 6, i33 %sub33)
  call void @put33(ptr %r, i32 8, i33 %mul33)
  call void @put33(ptr %r, i32 10, i33 %shl33)
  call void @put33(ptr %r, i32 12, i33 %lshr33)
  call void @put33(ptr %r, i32 14, i33 %ashr33)
  call void @put33(ptr %r, i32 16, i33 %udiv33)
  call void @put33(ptr %r, i32 18, i33 %urem33)
  call void @put33(ptr %r, i32 20, i33 %sdiv33)
  call void @put33(ptr %r, i32 22, i33 %srem33)
  call void @put33(ptr %r, i32 24, i33 %cmp33)
  %f0 = zext i1 %ult33 to i32
  %f1 = zext i1 %slt33 to i32
  %f2 = zext i1 %sgt33 to i32
  call void @put(ptr %r, i32 26, i32 %f0)
  call void @put(ptr %r, i32 27, i32 %f1)
  call void @put(ptr %r, i32 28, i32 %f2)
  ; i33 intrinsics
  %pop33 = call i33 @llvm.ctpop.i33(i33 %a33)
  %clz33 = call i33 @llvm.ctlz.i33(i33 %c33, i1 false)
  %ctz33 = call i33 @llvm.cttz.i33(i33 %shl33, i1 false)
  %ctz0 = call i33 @llvm.cttz.i33(i33 0, i1 false)
  %rev33 = call i33 @llvm.bitreverse.i33(i33 %c33)
  %umin33 = call i33 @llvm.umin.i33(i33 %a33, i33 %b33)
  %smax33 = call i33 @llvm.smax.i33(i33 %a33, i33 %b33)
  %abs33 = call i33 @llvm.abs.i33(i33 %a33, i1 false)
  %fr33 = freeze i33 %abs33
  call void @put33(ptr %r, i32 30, i33 %pop33)
  call void @put33(ptr %r, i32 32, i33 %clz33)
  call void @put33(ptr %r, i32 34, i33 %ctz33)
  call void @put33(ptr %r, i32 36, i33 %ctz0)
  call void @put33(ptr %r, i32 38, i33 %rev33)
  call void @put33(ptr %r, i32 40, i33 %umin33)
  call void @put33(ptr %r, i32 42, i33 %smax33)
  call void @put33(ptr %r, i32 44, i33 %fr33)
  ; i48 bswap, i33 to float and back
  %a48 = sext i32 %a to i48
  %bs48 = call i48 @llvm.bswap.i48(i48 %a48)
  %bs64 = zext i48 %bs48 to i64
  call void @put64(ptr %r, i32 46, i64 %bs64)
  %fl = sitofp i33 %a33 to float
  %ufl = uitofp i33 %a33 to float
  %fb = bitcast float %fl to i32
  %ufb = bitcast float %ufl to i32
  call void @put(ptr %r, i32 48, i32 %fb)
  call void @put(ptr %r, i32 49, i32 %ufb)
  br label %loop

loop:                       ; an i33 recurrence: s = s * 3 + j, wrapping at 33 bits
  %j = phi i33 [ 0, %entry ], [ %j1, %loop ]
  %s = phi i33 [ 12345, %entry ], [ %s1, %loop ]
  %t = mul i33 %s, 3
  %s1 = add i33 %t, %j
  %j1 = add i33 %j, 1
  %more = icmp ult i33 %j1, %c33
  br i1 %more, label %loop, label %wide

wide:
  call void @put33(ptr %r, i32 50, i33 %s1)
  ; ---- i65
  %a64 = sext i32 %a to i64
  %e64 = zext i32 %e to i64
  %a65 = zext i64 %a64 to i65
  %b65 = sext i32 %b to i65
  %e65 = zext i64 %e64 to i65
  %add65 = add i65 %a65, %b65
  %sub65 = sub i65 %e65, %a65
  %mul65 = mul i65 %a65, %b65
  %big = shl i65 %e65, 40
  %mul65b = mul i65 %big, %a65
  %c65 = zext i32 %c to i65
  %shl65 = shl i65 %a65, %c65
  %amt = add i65 %c65, 40   ; 64: the amounts stay below 65
  %shl65b = shl i65 %e65, %amt
  %lshr65 = lshr i65 %b65, %c65
  %lshr65b = lshr i65 %b65, %amt
  %ashr65 = ashr i65 %b65, %amt
  %ashr65b = ashr i65 %add65, 1
  %and65 = and i65 %mul65, %b65
  %xor65 = xor i65 %mul65b, %shl65b
  %u65 = icmp ult i65 %a65, %b65
  %s65 = icmp slt i65 %a65, %b65
  %q65 = icmp eq i65 %a65, %b65
  %sg65 = icmp sge i65 %mul65b, %sub65
  %sel65 = select i1 %s65, i65 %lshr65, i65 %ashr65
  %pop65 = call i65 @llvm.ctpop.i65(i65 %b65)
  call void @put65(ptr %r, i32 52, i65 %add65)
  call void @put65(ptr %r, i32 55, i65 %sub65)
  call void @put65(ptr %r, i32 58, i65 %mul65)
  call void @put65(ptr %r, i32 61, i65 %mul65b)
  call void @put65(ptr %r, i32 64, i65 %shl65)
  call void @put65(ptr %r, i32 67, i65 %shl65b)
  call void @put65(ptr %r, i32 70, i65 %lshr65)
  call void @put65(ptr %r, i32 73, i65 %lshr65b)
  call void @put65(ptr %r, i32 76, i65 %ashr65)
  call void @put65(ptr %r, i32 79, i65 %ashr65b)
  call void @put65(ptr %r, i32 82, i65 %and65)
  call void @put65(ptr %r, i32 85, i65 %xor65)
  call void @put65(ptr %r, i32 88, i65 %sel65)
  call void @put65(ptr %r, i32 91, i65 %pop65)
  %g0 = zext i1 %u65 to i32
  %g1 = zext i1 %s65 to i32
  %g2 = zext i1 %q65 to i32
  %g3 = zext i1 %sg65 to i32
  call void @put(ptr %r, i32 94, i32 %g0)
  call void @put(ptr %r, i32 95, i32 %g1)
  call void @put(ptr %r, i32 96, i32 %g2)
  call void @put(ptr %r, i32 97, i32 %g3)
  ; the closed form scalar evolution writes: (n * (n - 1)) / 2 in i65
  %n1 = add i65 %mul65b, -1
  %prod = mul i65 %mul65b, %n1
  %half = lshr i65 %prod, 1
  %tri = trunc i65 %half to i64
  call void @put64(ptr %r, i32 98, i64 %tri)
  ; ---- memory: i24 and i40 (bytes), i33 (5 bytes), i65 (9 bytes) stored and loaded
  %m = getelementptr i32, ptr %out, i64 200
  %v24 = trunc i32 %d to i24
  store i24 %v24, ptr %m, align 4
  %m40 = getelementptr i8, ptr %m, i64 3
  %v40 = sext i32 %d to i40
  store i40 %v40, ptr %m40, align 1
  %m33 = getelementptr i8, ptr %m, i64 8
  store i33 %mul33, ptr %m33, align 8
  %m65 = getelementptr i8, ptr %m, i64 16
  store i65 %mul65b, ptr %m65, align 8
  %l24 = load i24, ptr %m, align 4
  %l40 = load i40, ptr %m40, align 1
  %l33 = load i33, ptr %m33, align 8
  %l65 = load i65, ptr %m65, align 8
  %w24 = sext i24 %l24 to i32
  %w40 = ashr i40 %l40, 4
  call void @put(ptr %r, i32 101, i32 %w24)
  call void @put64(ptr %r, i32 102, i64 0)
  %w40x = sext i40 %w40 to i64
  call void @put64(ptr %r, i32 104, i64 %w40x)
  call void @put33(ptr %r, i32 106, i33 %l33)
  call void @put65(ptr %r, i32 108, i65 %l65)
  ; ---- 65..128 bits to floating point: rounded once (ties, sticky bits, negatives)
  %big128 = zext i65 %mul65b to i128
  %s128 = shl i128 %big128, 50
  %n128 = sub i128 0, %s128
  %odd128 = or i128 %s128, 1
  %f0d = uitofp i128 %s128 to double
  %f1d = sitofp i128 %n128 to double
  %f2d = uitofp i128 %odd128 to double
  %f3f = uitofp i128 %odd128 to float
  %f4f = sitofp i65 %mul65b to float
  %f5d = uitofp i65 %e65 to double
  ; 2^53 + 1 from the input (c = 24: c >> 4 = 1), so that nothing folds it
  %c128 = zext i32 %c to i128
  %one = lshr i128 %c128, 4
  %p53 = shl i128 %one, 53
  %t53 = or i128 %p53, %one
  %tie = shl i128 %t53, 60        ; halfway: rounds to even (2^113)
  %f6d = uitofp i128 %tie to double
  %tie1 = or i128 %tie, %one      ; just above halfway: rounds up
  %f7d = uitofp i128 %tie1 to double
  %m1 = ashr i32 %a, 31           ; -1
  %m100 = sext i32 %m1 to i100
  %f8d = sitofp i100 %m100 to double
  call void @putd(ptr %r, i32 111, double %f0d)
  call void @putd(ptr %r, i32 113, double %f1d)
  call void @putd(ptr %r, i32 115, double %f2d)
  %f3b = bitcast float %f3f to i32
  call void @put(ptr %r, i32 117, i32 %f3b)
  %f4b = bitcast float %f4f to i32
  call void @put(ptr %r, i32 118, i32 %f4b)
  call void @putd(ptr %r, i32 119, double %f5d)
  call void @putd(ptr %r, i32 121, double %f6d)
  call void @putd(ptr %r, i32 123, double %f7d)
  call void @putd(ptr %r, i32 125, double %f8d)
  ret void
}

define internal void @putd(ptr %r, i32 %k, double %v) {
  %b = bitcast double %v to i64
  call void @put64(ptr %r, i32 %k, i64 %b)
  ret void
}

define internal void @put(ptr %r, i32 %k, i32 %v) {
  %p = getelementptr i32, ptr %r, i32 %k
  store i32 %v, ptr %p
  ret void
}
define internal void @put64(ptr %r, i32 %k, i64 %v) {
  %lo = trunc i64 %v to i32
  %h = lshr i64 %v, 32
  %hi = trunc i64 %h to i32
  call void @put(ptr %r, i32 %k, i32 %lo)
  %k1 = add i32 %k, 1
  call void @put(ptr %r, i32 %k1, i32 %hi)
  ret void
}
define internal void @put33(ptr %r, i32 %k, i33 %v) {
  %w = zext i33 %v to i64
  call void @put64(ptr %r, i32 %k, i64 %w)
  ret void
}
define internal void @put65(ptr %r, i32 %k, i65 %v) {
  %lo = trunc i65 %v to i64
  %h = lshr i65 %v, 64
  %hi = trunc i65 %h to i32
  call void @put64(ptr %r, i32 %k, i64 %lo)
  %k2 = add i32 %k, 2
  call void @put(ptr %r, i32 %k2, i32 %hi)
  ret void
}

declare i33 @llvm.ctpop.i33(i33)
declare i33 @llvm.ctlz.i33(i33, i1)
declare i33 @llvm.cttz.i33(i33, i1)
declare i33 @llvm.bitreverse.i33(i33)
declare i33 @llvm.umin.i33(i33, i33)
declare i33 @llvm.smax.i33(i33, i33)
declare i33 @llvm.abs.i33(i33, i1)
declare i48 @llvm.bswap.i48(i48)
declare i65 @llvm.ctpop.i65(i65)

!nvvm.annotations = !{!0}
!0 = !{ptr @test_kernel, !"kernel", i32 1}
