; A CFG structured emission cannot follow even after the pipeline (here
; optnone keeps structurizecfg and the rest away from the kernel): an
; honest, located error naming the construct, not an "internal error"
; (before: "internal error: control flow could not be structured").
; ERR: hash.cu:6:5: error: control flow that both arms of a branch reach before they merge
; ERR-SAME: cannot be structured by Anchor's Metal backend
; ERR-NOT: internal error
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @arms(ptr %out, i32 %a, i32 %b) #0 !dbg !4 {
entry:
  %ca = icmp sgt i32 %a, 10, !dbg !7
  br i1 %ca, label %then, label %second, !dbg !7
second:
  store volatile i32 7, ptr %out, !dbg !8
  %cb = icmp sgt i32 %b, 30, !dbg !8
  br i1 %cb, label %then, label %join, !dbg !8
then:
  store volatile i32 1, ptr %out, !dbg !9
  br label %join, !dbg !9
join:
  ret void, !dbg !10
}
attributes #0 = { noinline optnone }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!nvvm.annotations = !{!11}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "hash.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "arms", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 4, column: 7, scope: !4)
!8 = !DILocation(line: 5, column: 9, scope: !4)
!9 = !DILocation(line: 6, column: 5, scope: !4)
!10 = !DILocation(line: 8, column: 1, scope: !4)
!11 = !{ptr @arms, !"kernel", i32 1}
