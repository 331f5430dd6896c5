; sm-vectorize: a loop whose exit depends on an atomic access *through a SIMD-group function*
; is a spin loop too. This is cooperative_groups' barrier of tiles of more than 32 threads
; (include/cooperative_groups.h, large_tile_sync): lane 0 reads the tile's generation word in
; threadgroup memory with an atomic and the SIMD-group waits, on the shuffle of that value
; from lane 0, until another SIMD-group advances it. Taken as an ordinary loop (the walk
; stopped at calls), its SIMD-group spun forever in vector code, never letting the group's
; other SIMD-groups run (e2e.cg_nested_tiles hung once its kernel fit the vectorizer). Every
; lane runs the loop, so it is refused and the kernel runs in lockstep (__sm_spins_NAME).
; The same wait on a vote (simd_any of a lane's atomic) and on a reduction: refused too.
; CHECK-DAG: @__sm_vector_tile_wait = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-DAG: @__sm_spins_tile_wait = constant i32 1
; CHECK-DAG: @__sm_vector_vote_wait = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-DAG: @__sm_spins_vote_wait = constant i32 1
; CHECK-DAG: @__sm_vector_reduce_wait = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-DAG: @__sm_spins_reduce_wait = constant i32 1
; A shuffle in a loop that does not wait on an atomic (a counted loop): still vector code.
; CHECK-DAG: @__sm_vector_counted = constant [7 x i8] c"vector\00"
; CHECK-NOT: @__sm_spins_counted
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @__sm_thread_index()
declare ptr @__sm_threadgroup_base()
declare i32 @__sm_simd_shuffle_32(i32, i32)
declare i64 @__sm_simd_vote(i1)
declare i32 @__sm_simd_reduce_32(i32, i32)

define hidden void @__sm_lane_tile_wait(ptr %t, i32 %x, i32 %index) {
entry:
  %base = call ptr @__sm_threadgroup_base()
  %ti = call i32 @__sm_thread_index()
  %lane = urem i32 %ti, 32
  %first = icmp eq i32 %lane, 0
  %seen = load i32, ptr %base, align 4
  br label %spin
spin:
  br i1 %first, label %read, label %join
read:
  %g = atomicrmw add ptr %base, i32 0 monotonic, align 4
  br label %join
join:
  %mine = phi i32 [ %g, %read ], [ %seen, %spin ]
  %all = call i32 @__sm_simd_shuffle_32(i32 %mine, i32 0)
  %wait = icmp eq i32 %all, %seen
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_vote_wait(ptr %t, i32 %x, i32 %index) {
entry:
  %base = call ptr @__sm_threadgroup_base()
  br label %spin
spin:
  %g = load atomic i32, ptr %base monotonic, align 4
  %zero = icmp eq i32 %g, 0
  %votes = call i64 @__sm_simd_vote(i1 %zero)
  %ballot = lshr i64 %votes, 32
  %any = icmp ne i64 %ballot, 0
  br i1 %any, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_reduce_wait(ptr %t, i32 %x, i32 %index) {
entry:
  %base = call ptr @__sm_threadgroup_base()
  br label %spin
spin:
  %g = load atomic i32, ptr %base monotonic, align 4
  %s = call i32 @__sm_simd_reduce_32(i32 %g, i32 2048)
  %wait = icmp ult i32 %s, 32
  br i1 %wait, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_counted(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %pa = load ptr, ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr %pa, i64 %i
  %v0 = load i32, ptr %a, align 4
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %v = phi i32 [ %v0, %entry ], [ %s, %loop ]
  %src = xor i32 %x, 1
  %s = call i32 @__sm_simd_shuffle_32(i32 %v, i32 %src)
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, 5
  br i1 %more, label %loop, label %done
done:
  store i32 %s, ptr %a, align 4
  ret void
}
