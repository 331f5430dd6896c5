; PASS: lower-libcalls
; Each kernel that contains printf starts with __anchor_printf_mark(), malloc or free
; __anchor_heap_mark() (CUDA refuses the limits after launching such a kernel, called
; or not). The calls go after the entry block's allocas; a kernel that reaches none of
; them gets none, nor does a device function. A kernel that can trap starts with
; nothing (the rest of a grid runs on after a trap, as on an H100).
; CHECK-LABEL: define void @traps(
; CHECK-NEXT: %slot = alloca i32
; CHECK-NEXT: store i32 0
; CHECK-LABEL: define void @prints(
; CHECK-NEXT: call void @__anchor_printf_mark()
; CHECK-LABEL: define void @allocates_through_a_call(
; CHECK-NEXT: call void @__anchor_heap_mark()
; CHECK-NEXT: call void @helper(
; CHECK-LABEL: define void @plain(
; CHECK-NEXT: store i32 1
; CHECK-LABEL: define void @helper(
; CHECK-NEXT: call ptr @__anchor_malloc(
target triple = "nvptx64-nvidia-cuda"

define void @traps(ptr %p) {
  %slot = alloca i32
  store i32 0, ptr %slot
  call void @llvm.trap()
  unreachable
}

define void @prints(ptr %f) {
  %n = call i32 @vprintf(ptr %f, ptr null)
  ret void
}

define void @allocates_through_a_call(ptr %p) {
  call void @helper(ptr %p)
  ret void
}

define void @plain(ptr %p) {
  store i32 1, ptr %p
  ret void
}

define void @helper(ptr %p) {
  %m = call ptr @malloc(i64 16)
  store ptr %m, ptr %p
  ret void
}

declare void @llvm.trap()
declare i32 @vprintf(ptr, ptr)
declare ptr @malloc(i64)
!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @traps, !"kernel", i32 1}
!1 = !{ptr @prints, !"kernel", i32 1}
!2 = !{ptr @allocates_through_a_call, !"kernel", i32 1}
!3 = !{ptr @plain, !"kernel", i32 1}
