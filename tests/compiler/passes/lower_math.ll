; PASS: lower-math
; Float square roots become calls of anchor_f32_sqrt (declared once, without
; memory effects); half ones go through float; the debug location stays;
; other intrinsics (double sqrt is fp64's, fabs) are left alone.
; CHECK-LABEL: define void @k(
; CHECK-NOT: @llvm.{{(nvvm.)?}}sqrt.{{(f32|rn.f|f16)}}(
; CHECK: [[A:%[0-9]+]] = call float @anchor_f32_sqrt(float %x), !dbg [[LOC:![0-9]+]]
; CHECK-NEXT: store float [[A]]
; CHECK: [[B:%[0-9]+]] = call float @anchor_f32_sqrt(float %x)
; CHECK-NEXT: store float [[B]]
; CHECK: [[E:%[0-9]+]] = fpext half %h to float
; CHECK-NEXT: [[C:%[0-9]+]] = call float @anchor_f32_sqrt(float [[E]])
; CHECK-NEXT: [[T:%[0-9]+]] = fptrunc float [[C]] to half
; CHECK-NEXT: store half [[T]]
; CHECK: call double @llvm.sqrt.f64(double %d)
; CHECK: call float @llvm.fabs.f32(float %x)
; CHECK-NOT: call {{.*}}@llvm.{{(nvvm.)?}}sqrt.{{(f32|rn.f|f16)}}(
; CHECK: declare float @anchor_f32_sqrt(float) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind willreturn memory(none) }
; CHECK: [[LOC]] = !DILocation(line: 7, column: 3
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, float %x, half %h, double %d) !dbg !4 {
entry:
  %a = call float @llvm.sqrt.f32(float %x), !dbg !7
  store float %a, ptr %out
  %b = call float @llvm.nvvm.sqrt.rn.f(float %x)
  store float %b, ptr %out
  %c = call half @llvm.sqrt.f16(half %h)
  store half %c, ptr %out
  %e = call double @llvm.sqrt.f64(double %d)
  store double %e, ptr %out
  %f = call float @llvm.fabs.f32(float %x)
  store float %f, ptr %out
  ret void
}
declare float @llvm.sqrt.f32(float)
declare float @llvm.nvvm.sqrt.rn.f(float)
declare half @llvm.sqrt.f16(half)
declare double @llvm.sqrt.f64(double)
declare float @llvm.fabs.f32(float)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!nvvm.annotations = !{!8}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !5, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
!8 = !{ptr @k, !"kernel", i32 1}
