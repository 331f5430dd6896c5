; sm-vectorize: a loop whose exit depends on an atomic access (a spin loop) is vectorized
; only when at most one lane of a SIMD-group can run it: its header is reached only through
; one side of a branch outside every loop whose condition holds there for at most one lane
; (the linear thread index, tid.x or thread_index equal to a uniform value). Every kernel
; with a spin loop records __sm_spins_NAME: softmetal interleaves its SIMD-groups.
;
; The linear index tid.x + bdim.x * tid.y (uniform within a vector: one row) == 0: taken.
; CHECK-DAG: @__sm_vector_guarded = constant [7 x i8] c"vector\00"
; CHECK-DAG: @__sm_spins_guarded = constant i32 1
; thread_index != 5 with the loop on the false side: taken.
; CHECK-DAG: @__sm_vector_index_ne = constant [7 x i8] c"vector\00"
; CHECK-DAG: @__sm_spins_index_ne = constant i32 1
; No guard: every lane spins (a lane holding the lock would wait for the others): refused.
; CHECK-DAG: @__sm_vector_unguarded = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-DAG: @__sm_spins_unguarded = constant i32 1
; (tid.x & 15) == 0 holds for lanes 0 and 16 of a SIMD-group: refused.
; CHECK-DAG: @__sm_vector_two_lanes = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; tid.y == 0 is uniform: the whole row passes: refused.
; CHECK-DAG: @__sm_vector_row = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; The guard inside a loop (tid.x == k in iteration k: another lane each round): refused.
; CHECK-DAG: @__sm_vector_in_loop = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; The guard's false side joins the true side before the loop: refused.
; CHECK-DAG: @__sm_vector_joined = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-LABEL: define void @__sm_simd_guarded(
; the loop runs while any lane goes round: one lane's atomic load per round
; CHECK: load atomic i32
; CHECK: call i1 @llvm.vector.reduce.or.v32i1
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; %t: the thread (uniform); its word 2 stands for tid.y, word 3 for bdim.x
define hidden void @__sm_lane_guarded(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  %py = getelementptr inbounds i32, ptr %t, i64 2
  %y = load i32, ptr %py, align 4
  %pd = getelementptr inbounds i32, ptr %t, i64 3
  %bdx = load i32, ptr %pd, align 4
  %row = mul i32 %bdx, %y
  %lin = add i32 %x, %row
  %first = icmp eq i32 %lin, 0
  br i1 %first, label %spin, label %done
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp eq i32 %v, 0
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_index_ne(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  %other = icmp ne i32 %index, 5
  br i1 %other, label %done, label %spin
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp eq i32 %v, 0
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_unguarded(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  br label %spin
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp eq i32 %v, 0
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_two_lanes(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  %low = and i32 %x, 15
  %first = icmp eq i32 %low, 0
  br i1 %first, label %spin, label %done
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp eq i32 %v, 0
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_row(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  %py = getelementptr inbounds i32, ptr %t, i64 2
  %y = load i32, ptr %py, align 4
  %first = icmp eq i32 %y, 0
  br i1 %first, label %spin, label %done
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp eq i32 %v, 0
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_in_loop(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  br label %outer
outer:
  %k = phi i32 [ 0, %entry ], [ %k1, %next ]
  %mine = icmp eq i32 %x, %k
  br i1 %mine, label %spin, label %next
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp ult i32 %v, %k
  br i1 %wait, label %spin, label %next
next:
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 32
  br i1 %more, label %outer, label %done
done:
  ret void
}

define hidden void @__sm_lane_joined(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr, ptr %bufs, align 8
  %first = icmp eq i32 %x, 0
  br i1 %first, label %a, label %b
a:
  br label %pre
b:
  br label %pre
pre:
  br label %spin
spin:
  %v = load atomic i32, ptr %flag monotonic, align 4
  %wait = icmp eq i32 %v, 0
  br i1 %wait, label %spin, label %done
done:
  ret void
}
