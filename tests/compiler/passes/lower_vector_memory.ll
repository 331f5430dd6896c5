; PASS: lower-vector-memory
; A vector load becomes one load per element (alignment from the element's
; offset, the access's !tbaa kept) rebuilt with insertelement; a vector store
; one store per element of extractelements; scalar accesses are left alone.
; LLVM's scalarizer then removes the insert/extract chains (check/vector_memory.ll
; checks the whole pipeline).
; CHECK-LABEL: define void @copy(
; CHECK-NOT: {{load|store}} <
; CHECK: %v.i0 = load float, ptr %a, align 16, !tbaa
; CHECK: %v.i1 = load float, ptr %a.i1, align 4, !tbaa
; CHECK: %v.i2 = load float, ptr %a.i2, align 8, !tbaa
; CHECK: %v.i3 = load float, ptr %a.i3, align 4, !tbaa
; CHECK: %v = insertelement <4 x float> %v.upto2, float %v.i3, i64 3
; CHECK: store float %{{.*}}, ptr %b, align 16
; CHECK: store float %{{.*}}, ptr %b.i3, align 4
; CHECK-NOT: {{load|store}} <
; CHECK: %s = load float, ptr %a, align 4
; CHECK-NEXT: store float %s, ptr %b, align 4
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @copy(ptr %a, ptr %b, i32 %n) {
entry:
  %v = load <4 x float>, ptr %a, align 16, !tbaa !3
  store <4 x float> %v, ptr %b, align 16
  %s = load float, ptr %a, align 4
  store float %s, ptr %b, align 4
  ret void
}

!3 = !{!4, !4, i64 0}
!4 = !{!"float", !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C++ TBAA"}
