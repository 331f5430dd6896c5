; PASS: lower-int-widths
; Odd integer widths become MSL's: an i2/i33 value lives zero-extended in i8/i64 and
; is masked after the operations that carry out of it (add, mul, shl, signed
; results), sign-extended from its top bit before signed ones (ashr, sdiv, slt); an
; i65 is two i64 words with a carry (add), 32-bit partial products (mul) and word-wise
; compares; phis of them become phis of the words; a GEP index is sign-extended; a
; load or store of i24 is byte by byte; legal code is left as it is; the debug
; location stays.
; CHECK-LABEL: define void @k(
; CHECK-NOT: {{\bi(2|24|33|65)\b}}
; i2 in i8: add masked to 2 bits
; CHECK: [[A8:%[0-9]+]] = trunc i32 %a to i8
; CHECK: [[A2:%[0-9]+]] = and i8 [[A8]], 3
; CHECK: [[S:%[0-9]+]] = add i8 [[A2]], {{%[0-9]+}}, !dbg [[LOC:![0-9]+]]
; CHECK-NEXT: and i8 [[S]], 3
; i33 in i64: ashr sign-extends from bit 32 first (shl/ashr by 31), then masks
; CHECK: [[X:%[0-9]+]] = and i64 {{%[0-9]+}}, 8589934591
; CHECK: [[L:%[0-9]+]] = shl i64 [[X]], 31
; CHECK-NEXT: [[R:%[0-9]+]] = ashr i64 [[L]], 31
; CHECK-NEXT: [[SH:%[0-9]+]] = ashr i64 [[R]], 3
; CHECK-NEXT: and i64 [[SH]], 8589934591
; i33 slt on sign-extended carriers
; CHECK: icmp slt i64
; i65 add: low words, carry, high words masked to 1 bit
; CHECK: [[LO:%[0-9]+]] = add i64 [[XL:%[0-9]+]], [[YL:%[0-9]+]]
; CHECK-NEXT: [[C:%[0-9]+]] = icmp ult i64 [[LO]], [[XL]]
; CHECK-NEXT: [[CZ:%[0-9]+]] = zext i1 [[C]] to i64
; CHECK: add i64 {{%[0-9]+}}, [[CZ]]
; CHECK-NEXT: and i64 {{%[0-9]+}}, 1
; i65 mul: the high word of the low product from 32-bit halves
; CHECK: and i64 {{%[0-9]+}}, 4294967295
; CHECK: lshr i64 {{%[0-9]+}}, 32
; the GEP index: the i33 sign-extended from bit 32
; CHECK: getelementptr i32, ptr %out, i64 {{%[0-9]+}}
; i24 store: three bytes
; CHECK: store i8
; CHECK: store i8
; CHECK: store i8
; CHECK-NOT: store i8
; CHECK: load i8
; CHECK: load i8
; CHECK: load i8
; the loop's i33 phi is an i64 phi, the i65 one two i64 phis
; CHECK: phi i64 [ 0, %entry ], [ {{%[0-9]+}}, %loop ]
; CHECK: phi i64
; CHECK: phi i64
; CHECK-LABEL: define void @legal(
; CHECK-NEXT: %s = add i32 %a, 1
; CHECK-NEXT: store i32 %s, ptr %out
; CHECK: [[LOC]] = !DILocation(line: 4, column: 9
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, i32 %a, i32 %b, i32 %n) !dbg !4 {
entry:
  %a2 = trunc i32 %a to i2
  %b2 = trunc i32 %b to i2
  %s2 = add i2 %a2, %b2, !dbg !7
  %z2 = zext i2 %s2 to i32
  store i32 %z2, ptr %out
  %a33 = zext i32 %a to i33
  %x33 = shl i33 %a33, 1
  %h33 = ashr i33 %x33, 3
  %lt = icmp slt i33 %h33, %a33
  %t33 = trunc i33 %h33 to i32
  %v = select i1 %lt, i32 %t33, i32 0
  store i32 %v, ptr %out
  %a65 = zext i32 %a to i65
  %b65 = sext i32 %b to i65
  %add65 = add i65 %a65, %b65
  %mul65 = mul i65 %add65, %b65
  %t65 = trunc i65 %mul65 to i64
  store i64 %t65, ptr %out
  %p = getelementptr i32, ptr %out, i33 %h33
  store i32 1, ptr %p
  %a24 = trunc i32 %a to i24
  store i24 %a24, ptr %out, align 1
  %l24 = load i24, ptr %out, align 1
  %w24 = zext i24 %l24 to i32
  store i32 %w24, ptr %out
  br label %loop

loop:
  %j = phi i33 [ 0, %entry ], [ %j1, %loop ]
  %acc = phi i65 [ 7, %entry ], [ %acc1, %loop ]
  %jw = zext i33 %j to i65
  %acc1 = add i65 %acc, %jw
  %j1 = add i33 %j, 1
  %n33 = zext i32 %n to i33
  %more = icmp ult i33 %j1, %n33
  br i1 %more, label %loop, label %done

done:
  %r = trunc i65 %acc1 to i64
  store i64 %r, ptr %out
  ret void
}

define void @legal(ptr %out, i32 %a) {
  %s = add i32 %a, 1
  store i32 %s, ptr %out
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 9, scope: !4)
