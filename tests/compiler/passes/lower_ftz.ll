; PASS: lower-ftz
; -ftz=true (module flag nvvm-reflect-ftz = 1): float operands and results are
; flushed by integer operations on the bits (exponent field zero -> sign bit
; only): fadd/fmul and fma operands and results, fneg/fabs/floor/minnum
; operands (their results are not flushed again, nor is a flushed value),
; ordered compares (not uno), fpext to double (operand), fptrunc to float
; (result), vectors element by element, the device library's float arguments
; and results (sincosf's two packed floats; nextafterf's step from zero is
; FLT_MIN), constants folded. Left alone: trunc and copysign, uno, half and
; double arithmetic, fpext from half, a product contracted into its sum,
; __anchor_fmaf_ieee_*. The attribute denormal-fp-math-f32 goes, the flag
; becomes 0; the debug location stays.
; CHECK-LABEL: define void @k(
; CHECK-SAME: ){{.*}}!dbg
; CHECK: [[XB:%[0-9]+]] = bitcast float %x to i32, !dbg [[LOC:![0-9]+]]
; CHECK-NEXT: [[XE:%[0-9]+]] = and i32 [[XB]], 2139095040
; CHECK-NEXT: [[XT:%[0-9]+]] = icmp eq i32 [[XE]], 0
; CHECK-NEXT: [[XS:%[0-9]+]] = and i32 [[XB]], -2147483648
; CHECK-NEXT: [[XF:%[0-9]+]] = select i1 [[XT]], i32 [[XS]], i32 [[XB]]
; CHECK-NEXT: [[X:%[0-9]+]] = bitcast i32 [[XF]] to float
; CHECK: [[Y:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float, !dbg [[LOC]]
; CHECK-NEXT: %a = fadd float [[X]], [[Y]], !dbg [[LOC]]
; CHECK-NEXT: [[AB:%[0-9]+]] = bitcast float %a to i32, !dbg [[LOC]]
; CHECK: [[A:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float, !dbg [[LOC]]
; CHECK-NEXT: %m = fmul float [[A]], [[A]]
; CHECK-NEXT: bitcast float %m to i32
; CHECK: [[M:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: store float [[M]], ptr %out
; 2^-127 * x: the constant folds to +0
; CHECK: %c = fmul float {{%[0-9]+}}, 0.000000e+00
; CHECK-NEXT: bitcast float %c to i32
; CHECK: store float
; CHECK: [[NX:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: %n = fneg float [[NX]]
; CHECK-NEXT: %b = call float @llvm.fabs.f32(float %n)
; CHECK-NEXT: store float %b, ptr %out
; CHECK: [[FX:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: %f = call float @llvm.floor.f32(float [[FX]])
; CHECK-NEXT: %t = call float @llvm.trunc.f32(float %x)
; CHECK-NEXT: %s = call float @llvm.copysign.f32(float %x, float %y)
; CHECK-NEXT: %mn = call float @llvm.minnum.f32(float %f, float %t)
; CHECK-NEXT: store float %mn, ptr %out
; CHECK-NEXT: store float %s, ptr %out
; CHECK: %q = call float @llvm.fma.f32(float [[Q0:%[0-9]+]], float [[Q1:%[0-9]+]], float [[Q2:%[0-9]+]])
; CHECK-NEXT: bitcast float %q to i32
; CHECK: %lt = fcmp olt float {{%[0-9]+}}, {{%[0-9]+}}
; CHECK-NEXT: %uno = fcmp uno float %x, %y
; CHECK: %e = fpext float {{%[0-9]+}} to double
; CHECK-NEXT: store double %e, ptr %out
; CHECK-NEXT: %r = fptrunc double %d to float
; CHECK-NEXT: bitcast float %r to i32
; CHECK: [[R:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: store float [[R]], ptr %out
; CHECK-NEXT: %dd = fmul double %d, %d
; CHECK-NEXT: store double %dd, ptr %out
; CHECK-NEXT: %hh = fadd half %h, %h
; CHECK-NEXT: %hf = fpext half %hh to float
; CHECK-NEXT: %hs = fadd float %hf, %hf
; CHECK: %hr = fptrunc float %x to half
; CHECK-NEXT: store half %hr, ptr %out
; CHECK-NEXT: [[V0:%[0-9]+]] = extractelement <2 x float> %v, i32 0
; CHECK-NEXT: [[V0B:%[0-9]+]] = bitcast float [[V0]] to i32
; CHECK: [[V0F:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: [[VI0:%[0-9]+]] = insertelement <2 x float> undef, float [[V0F]], i32 0
; CHECK-NEXT: [[V1:%[0-9]+]] = extractelement <2 x float> %v, i32 1
; CHECK: [[VF:%[0-9]+]] = insertelement <2 x float> [[VI0]], float {{%[0-9]+}}, i32 1
; CHECK: [[WF:%[0-9]+]] = insertelement <2 x float> {{%[0-9]+}}, float {{%[0-9]+}}, i32 1
; CHECK-NEXT: %vm = fmul <2 x float> [[VF]], [[WF]]
; CHECK-NEXT: extractelement <2 x float> %vm, i32 0
; CHECK: [[VM:%[0-9]+]] = insertelement <2 x float> {{%[0-9]+}}, float {{%[0-9]+}}, i32 1
; CHECK-NEXT: store <2 x float> [[VM]], ptr %out
; CHECK: %p = fmul contract float {{%[0-9]+}}, {{%[0-9]+}}
; CHECK-NEXT: bitcast float %z to i32
; CHECK: %ps = fadd contract float %p, {{%[0-9]+}}
; CHECK-NEXT: bitcast float %ps to i32
; CHECK: store float
; CHECK: [[SX:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: %sin = call float @__anchor_sinf(float [[SX]])
; CHECK-NEXT: bitcast float %sin to i32
; CHECK: [[SIN:%[0-9]+]] = bitcast i32 {{%[0-9]+}} to float
; CHECK-NEXT: store float [[SIN]], ptr %out
; CHECK: %sc = call i64 @__anchor_sincosf(float {{%[0-9]+}})
; CHECK-NEXT: [[LO:%[0-9]+]] = trunc i64 %sc to i32
; CHECK-NEXT: [[LOE:%[0-9]+]] = and i32 [[LO]], 2139095040
; CHECK: [[LOF:%[0-9]+]] = select i1 {{%[0-9]+}}, i32 {{%[0-9]+}}, i32 [[LO]]
; CHECK-NEXT: [[HI64:%[0-9]+]] = lshr i64 %sc, 32
; CHECK-NEXT: [[HI:%[0-9]+]] = trunc i64 [[HI64]] to i32
; CHECK: [[HIF:%[0-9]+]] = select i1 {{%[0-9]+}}, i32 {{%[0-9]+}}, i32 [[HI]]
; CHECK-NEXT: [[HIZ:%[0-9]+]] = zext i32 [[HIF]] to i64
; CHECK-NEXT: [[HIS:%[0-9]+]] = shl i64 [[HIZ]], 32
; CHECK-NEXT: [[LOZ:%[0-9]+]] = zext i32 [[LOF]] to i64
; CHECK-NEXT: [[SC:%[0-9]+]] = or i64 [[LOZ]], [[HIS]]
; CHECK-NEXT: store i64 [[SC]], ptr %out
; CHECK: %nx = call float @__anchor_nextafterf(float [[NXX:%[0-9]+]], float {{%[0-9]+}})
; CHECK-NEXT: [[NB:%[0-9]+]] = bitcast float %nx to i32
; CHECK-NEXT: [[XB2:%[0-9]+]] = bitcast float [[NXX]] to i32
; CHECK: [[MIN:%[0-9]+]] = or i32 [[NSIGN:%[0-9]+]], 8388608
; CHECK: [[STEP:%[0-9]+]] = select i1 {{%[0-9]+}}, i32 [[MIN]], i32 [[NSIGN]]
; CHECK-NEXT: [[NR:%[0-9]+]] = select i1 {{%[0-9]+}}, i32 [[STEP]], i32 [[NB]]
; CHECK-NEXT: [[NF:%[0-9]+]] = bitcast i32 [[NR]] to float
; CHECK-NEXT: store float [[NF]], ptr %out
; CHECK-NEXT: %ie = call float @__anchor_fmaf_ieee_rn(float %x, float %y, float %z)
; CHECK-NEXT: store float %ie, ptr %out
; CHECK: %il = call i32 @__anchor_ilogbf(float {{%[0-9]+}})
; CHECK-NEXT: store i32 %il, ptr %out
; CHECK-NOT: denormal-fp-math
; CHECK: !{i32 4, !"nvvm-reflect-ftz", i32 0}
; CHECK: [[LOC]] = !DILocation(line: 7, column: 3
; CHECK-NOT: denormal-fp-math
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, float %x, float %y, float %z, double %d, half %h, <2 x float> %v, <2 x float> %w) #0 !dbg !4 {
entry:
  %a = fadd float %x, %y, !dbg !7
  %m = fmul float %a, %a
  store float %m, ptr %out
  %c = fmul float %x, 0x3800000000000000
  store float %c, ptr %out
  %n = fneg float %x
  %b = call float @llvm.fabs.f32(float %n)
  store float %b, ptr %out
  %f = call float @llvm.floor.f32(float %x)
  %t = call float @llvm.trunc.f32(float %x)
  %s = call float @llvm.copysign.f32(float %x, float %y)
  %mn = call float @llvm.minnum.f32(float %f, float %t)
  store float %mn, ptr %out
  store float %s, ptr %out
  %q = call float @llvm.fma.f32(float %x, float %y, float %z)
  store float %q, ptr %out
  %lt = fcmp olt float %x, %y
  %uno = fcmp uno float %x, %y
  %both = and i1 %lt, %uno
  store i1 %both, ptr %out
  %e = fpext float %x to double
  store double %e, ptr %out
  %r = fptrunc double %d to float
  store float %r, ptr %out
  %dd = fmul double %d, %d
  store double %dd, ptr %out
  %hh = fadd half %h, %h
  %hf = fpext half %hh to float
  %hs = fadd float %hf, %hf
  store float %hs, ptr %out
  %hr = fptrunc float %x to half
  store half %hr, ptr %out
  %vm = fmul <2 x float> %v, %w
  store <2 x float> %vm, ptr %out
  %p = fmul contract float %x, %y
  %ps = fadd contract float %p, %z
  store float %ps, ptr %out
  %sin = call float @__anchor_sinf(float %x)
  store float %sin, ptr %out
  %sc = call i64 @__anchor_sincosf(float %x)
  store i64 %sc, ptr %out
  %nx = call float @__anchor_nextafterf(float %x, float %y)
  store float %nx, ptr %out
  %ie = call float @__anchor_fmaf_ieee_rn(float %x, float %y, float %z)
  store float %ie, ptr %out
  %il = call i32 @__anchor_ilogbf(float %x)
  store i32 %il, ptr %out
  ret void
}

declare float @llvm.fabs.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.fma.f32(float, float, float)
declare float @__anchor_sinf(float)
declare i64 @__anchor_sincosf(float)
declare float @__anchor_nextafterf(float, float)
declare float @__anchor_fmaf_ieee_rn(float, float, float)
declare i32 @__anchor_ilogbf(float)

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !3, emissionKind: LineTablesOnly)
!3 = !DIFile(filename: "k.cu", directory: "/tmp")
!4 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !2)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
