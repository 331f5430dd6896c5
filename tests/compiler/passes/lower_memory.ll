; PASS: lower-memory
; memcpy/memmove/memset become anchor_mem*.U calls (dst, src or value,
; length), U the widest unit of 1, 2, 4, 8 bytes that the alignments and a
; constant length allow (variable lengths: 1), the intrinsic's overload
; suffix kept, the volatile flag dropped. A non-volatile one of a constant
; length of at most 64 bytes in units of 4 or 8 (and a memset of a constant
; byte) is written out instead: every load, then every store, each at the
; alignment its offset keeps.
; CHECK-LABEL: define void @k(
; CHECK-NEXT: entry:
; CHECK-NEXT: load i64, ptr %s, align 16
; CHECK-NEXT: getelementptr i8, ptr %s, i64 8
; CHECK-NEXT: load i64, ptr %{{.*}}, align 8
; CHECK-NOT: store
; CHECK: store i64 %{{.*}}, ptr %d, align 8
; CHECK: store i64 %6, ptr %{{.*}}, align 8
; CHECK-NEXT: call void @anchor_memcpy.4.p0.p0.i64(ptr %d, ptr %s, i64 64)
; CHECK-NEXT: call void @anchor_memcpy.2.p0.p0.i64(ptr %d, ptr %s, i64 6)
; CHECK-NEXT: call void @anchor_memcpy.1.p0.p0.i64(ptr %d, ptr %s, i64 %n)
; CHECK-NEXT: load i32, ptr addrspace(3) %u, align 4
; CHECK-NOT: store
; CHECK: store i32 %{{.*}}, ptr addrspace(3) %t, align 4
; CHECK: store i32 %14, ptr addrspace(3) %{{.*}}, align 4
; CHECK-NEXT: store i64 506381209866536711, ptr %d, align 16
; CHECK-NEXT: getelementptr i8, ptr %d, i64 8
; CHECK-NEXT: store i64 506381209866536711, ptr %{{.*}}, align 8
; CHECK-NEXT: call void @anchor_memset.1.p0.i64(ptr %d, i8 %v, i64 %n)
; CHECK-NEXT: ret void
; CHECK-NOT: call void @llvm.mem
; CHECK: declare void @anchor_memcpy.4.p0.p0.i64(ptr, ptr, i64) [[A:#[0-9]+]]
; CHECK: attributes [[A]] = { nounwind }
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %d, ptr %s, i64 %n, ptr addrspace(3) %t, ptr addrspace(3) %u, i8 %v) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 16 %s, i64 32, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 4 %s, i64 64, i1 true)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 6, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 %n, i1 false)
  call void @llvm.memmove.p3.p3.i64(ptr addrspace(3) align 4 %t, ptr addrspace(3) align 4 %u, i64 12, i1 false)
  call void @llvm.memset.p0.i64(ptr align 16 %d, i8 7, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr align 16 %d, i8 %v, i64 %n, i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p3.p3.i64(ptr addrspace(3), ptr addrspace(3), i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
