; PASS: lower-convert
; Float, half and double to integer conversions become calls of the device
; library's saturating __anchor_*2*_rz (declared once, without memory effects):
; half through float, i16 through the 32-bit call and a trunc, vectors element
; by element; the debug location stays; integer to float conversions stay.
; CHECK-LABEL: define void @k(
; CHECK-NOT: fpto{{[su]}}i
; CHECK: call i32 @__anchor_float2int_rz(float %x), !dbg [[LOC:![0-9]+]]
; CHECK: call i32 @__anchor_float2uint_rz(float %x)
; CHECK: call i64 @__anchor_double2ll_rz(double %d)
; CHECK: call i64 @__anchor_double2ull_rz(double %d)
; CHECK: [[E:%[0-9]+]] = fpext half %h to float
; CHECK-NEXT: call i32 @__anchor_float2int_rz(float [[E]])
; CHECK: [[S:%[0-9]+]] = call i32 @__anchor_float2int_rz(float %x)
; CHECK-NEXT: trunc i32 [[S]] to i16
; CHECK: extractelement <2 x float> %v, i32 0
; CHECK-NEXT: call i32 @__anchor_float2int_rz(
; CHECK: insertelement <2 x i32>
; CHECK: sitofp i32 %i to float
; CHECK-NOT: fpto{{[su]}}i
; CHECK: declare i32 @__anchor_float2int_rz(float) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind willreturn memory(none) }
; CHECK: [[LOC]] = !DILocation(line: 7, column: 3
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, float %x, double %d, half %h, <2 x float> %v, i32 %i) !dbg !4 {
entry:
  %a = fptosi float %x to i32, !dbg !7
  store i32 %a, ptr %out
  %b = fptoui float %x to i32
  store i32 %b, ptr %out
  %c = fptosi double %d to i64
  store i64 %c, ptr %out
  %e = fptoui double %d to i64
  store i64 %e, ptr %out
  %f = fptosi half %h to i32
  store i32 %f, ptr %out
  %g = fptosi float %x to i16
  store i16 %g, ptr %out
  %w = fptosi <2 x float> %v to <2 x i32>
  store <2 x i32> %w, ptr %out
  %z = sitofp i32 %i to float
  store float %z, ptr %out
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !5, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
