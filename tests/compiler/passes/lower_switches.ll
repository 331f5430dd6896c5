; PASS: lower-switches
; A switch becomes a chain of conditional branches, one per distinct target
; (its case values ORed), the default last; phis of the targets list each
; new predecessor once.
; CHECK-LABEL: define void @k(
; CHECK-NOT: switch
; CHECK: [[A:%[0-9]+]] = icmp eq i32 %x, 1
; CHECK-NEXT: [[B:%[0-9]+]] = icmp eq i32 %x, 2
; CHECK-NEXT: [[O:%[0-9]+]] = or i1 [[A]], [[B]]
; CHECK-NEXT: br i1 [[O]], label %one, label %[[NEXT:[a-z.0-9]+]]
; CHECK: %v = phi i32 [ 10, %one ], [ 70, %seven ], [ 0, %other ]
; CHECK: [[NEXT]]:
; CHECK-NEXT: [[C:%[0-9]+]] = icmp eq i32 %x, 7
; CHECK-NEXT: br i1 [[C]], label %seven, label %other
; CHECK-NOT: switch
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, i32 %x) {
entry:
  switch i32 %x, label %other [ i32 1, label %one
                                i32 2, label %one
                                i32 7, label %seven ]
one:
  br label %join
seven:
  br label %join
other:
  br label %join
join:
  %v = phi i32 [ 10, %one ], [ 70, %seven ], [ 0, %other ]
  store i32 %v, ptr %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
