; PASS: lower-div
; Float divisions become calls of the device library's __anchor_fdiv_rn
; (declared once, without memory effects), `arcp` ones of __anchor_fdiv_full,
; `arcp afn` ones of __anchor_fdividef (`afn` alone changes nothing);
; half ones go through float, vector ones element by element; the debug
; location stays; double division is left to lower-fp64.
; CHECK-LABEL: define void @k(
; CHECK-NOT: fdiv {{.*}}float
; CHECK: [[A:%[0-9]+]] = call float @__anchor_fdiv_rn(float %x, float %y), !dbg [[LOC:![0-9]+]]
; CHECK-NEXT: store float [[A]]
; CHECK: [[B:%[0-9]+]] = call float @__anchor_fdiv_full(float %x, float %y)
; CHECK-NEXT: store float [[B]]
; CHECK: [[F:%[0-9]+]] = call float @__anchor_fdividef(float %x, float %y)
; CHECK-NEXT: store float [[F]]
; CHECK: call float @__anchor_fdiv_rn(float %x, float %y)
; CHECK: [[HX:%[0-9]+]] = fpext half %h to float
; CHECK-NEXT: [[HY:%[0-9]+]] = fpext half %h to float
; CHECK-NEXT: [[C:%[0-9]+]] = call float @__anchor_fdiv_rn(float [[HX]], float [[HY]])
; CHECK-NEXT: [[T:%[0-9]+]] = fptrunc float [[C]] to half
; CHECK-NEXT: store half [[T]]
; CHECK: [[V0:%[0-9]+]] = extractelement <2 x float> %v, i32 0
; CHECK-NEXT: [[W0:%[0-9]+]] = extractelement <2 x float> %w, i32 0
; CHECK-NEXT: [[Q0:%[0-9]+]] = call float @__anchor_fdiv_rn(float [[V0]], float [[W0]])
; CHECK-NEXT: [[R0:%[0-9]+]] = insertelement <2 x float> undef, float [[Q0]], i32 0
; CHECK: [[Q1:%[0-9]+]] = call float @__anchor_fdiv_rn(
; CHECK-NEXT: [[R1:%[0-9]+]] = insertelement <2 x float> [[R0]], float [[Q1]], i32 1
; CHECK-NEXT: store <2 x float> [[R1]]
; CHECK: fdiv double %d, %d
; CHECK-NOT: fdiv {{.*}}float
; CHECK: declare float @__anchor_fdiv_rn(float, float) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind willreturn memory(none) }
; CHECK: [[LOC]] = !DILocation(line: 7, column: 3
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, float %x, float %y, half %h, <2 x float> %v, <2 x float> %w, double %d) !dbg !4 {
entry:
  %a = fdiv float %x, %y, !dbg !7
  store float %a, ptr %out
  %b = fdiv arcp float %x, %y
  store float %b, ptr %out
  %f = fdiv arcp afn float %x, %y
  store float %f, ptr %out
  %g = fdiv afn float %x, %y
  store float %g, ptr %out
  %c = fdiv half %h, %h
  store half %c, ptr %out
  %q = fdiv <2 x float> %v, %w
  store <2 x float> %q, ptr %out
  %e = fdiv double %d, %d
  store double %e, ptr %out
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
