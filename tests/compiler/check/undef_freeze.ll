; freeze is a copy; poison and undef operands become zero of their type.
; CHECK-LABEL: kernel void k(
; CHECK-DAG: [[FZ:v[0-9]+]] = [[A:v[0-9]+]];
; CHECK-DAG: bool [[C:v[0-9]+]] = anchor_params[16] != 0;
; CHECK-DAG: = ([[C]] ? {{v[0-9]+}} : 0.0f);
; CHECK-DAG: *reinterpret_cast<volatile device ulong*>({{v[0-9]+}} + anchor_ctx[0]) = (ulong)0;
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, i32 %a, float %f, i1 %c) {
entry:
  %x = freeze i32 %a
  %m = mul i32 %x, %x
  br i1 %c, label %then, label %join
then:
  %t = add i32 %m, 1
  %g = fmul float %f, 3.0
  br label %join
join:
  %pi = phi i32 [ %t, %then ], [ poison, %entry ]
  %pf = phi float [ %g, %then ], [ undef, %entry ]
  store volatile i32 %pi, ptr %out
  %p1 = getelementptr i8, ptr %out, i64 8
  store volatile float %pf, ptr %p1
  %p2 = getelementptr i8, ptr %out, i64 16
  store volatile i64 undef, ptr %p2
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
