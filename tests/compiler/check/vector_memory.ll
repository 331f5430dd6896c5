; Vector loads and stores become one access per element in the pipeline
; (lower_vectors.c splits them itself rather than through LLVM's process-wide
; -scalarize-load-store), each element access keeping the alignment its offset
; allows and the memory metadata (!tbaa); copies, phis and constant (global)
; pointers come out scalar too. Right before emission pipeline_vectorize joins
; the consecutive accesses whose alignment covers them again (the 16-byte
; float4 copy, the 8-byte global), while the under-aligned <2 x i64> stays in
; 4-byte pieces (lower_unaligned.c).
; IR-LABEL: define void @copy(
; IR: load <4 x float>, ptr %a, align 16, !tbaa
; IR: store <4 x float> %{{.*}}, ptr %b, align 16
; IR: load i32, ptr %m.in, align 4
; IR-NOT: {{load|store}} <2 x i64>
; IR: load <2 x i32>, ptr addrspace(1) @g, align 8
; IR: store <2 x i32> %{{.*}}, ptr addrspace(1) @g, align 8
; IR: ret void
; CHECK-LABEL: kernel void copy(
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) global <2 x i32> zeroinitializer, align 8

define void @copy(ptr %a, ptr %b, i32 %n) {
entry:
  %v = load <4 x float>, ptr %a, align 16, !tbaa !3
  store <4 x float> %v, ptr %b, align 16
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %t, label %e
t:
  %pa = getelementptr i8, ptr %a, i64 32
  %w = load <2 x i64>, ptr %pa, align 8
  br label %j
e:
  %pb = getelementptr i8, ptr %b, i64 32
  %x = load <2 x i64>, ptr %pb, align 4
  br label %j
j:
  %m = phi <2 x i64> [ %w, %t ], [ %x, %e ]
  %pc = getelementptr i8, ptr %b, i64 64
  store <2 x i64> %m, ptr %pc, align 8
  %gv = load <2 x i32>, ptr addrspacecast (ptr addrspace(1) @g to ptr), align 8
  %gw = add <2 x i32> %gv, <i32 1, i32 2>
  store <2 x i32> %gw, ptr addrspacecast (ptr addrspace(1) @g to ptr), align 8
  %e1 = extractelement <2 x i32> %gv, i64 1
  %pd = getelementptr i8, ptr %b, i64 96
  store i32 %e1, ptr %pd
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @copy, !"kernel", i32 1}
!1 = !{!"tbaa root"}
!2 = !{!"float", !1, i64 0}
!3 = !{!2, !2, i64 0}
