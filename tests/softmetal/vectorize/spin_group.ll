; sm-vectorize: a spin loop that the whole SIMD-group runs is vector code when the lanes can
; only leave it together and it waits on device memory: every exit leaves from a block each
; lane going round passes in every iteration, on a vote (the same for every lane), and the
; atomic or volatile accesses the exits depend on are in device memory (address space 1),
; where the __sm_device_step before each lets the waiting SIMD-group park while other groups
; run (the kernel records __sm_spins_NAME). CUB's decoupled look-back is this shape: each
; lane reads one predecessor tile's status, `while (__any_sync(~0u, status == INVALID))`.
; CHECK-DAG: @__sm_vector_lookback = constant [7 x i8] c"vector\00"
; CHECK-DAG: @__sm_spins_lookback = constant i32 1
; The same wait on threadgroup memory (other SIMD-groups of the group, which vector code runs
; only at barriers): refused.
; CHECK-DAG: @__sm_vector_group_local = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; An exit on a vote inside a divergent branch of the loop (only some lanes pass it): refused.
; CHECK-DAG: @__sm_vector_partial_exit = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; An exit on the lane's own status (not a vote): refused.
; CHECK-DAG: @__sm_vector_per_lane = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-LABEL: define void @__sm_simd_lookback(
; the lanes' volatile loads, one lane after another, each after the SIMD-group's device step
; CHECK: call void @__sm_device_step()
; CHECK: load volatile i32, ptr addrspace(1)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i64 @__sm_simd_vote(i1)
declare void @__sm_device_step()

; %t's word 2 stands for the tile index (uniform); lane x reads tile - 1 - x
define hidden void @__sm_lane_lookback(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %st = load ptr addrspace(1), ptr %bufs, align 8
  %pt = getelementptr inbounds i32, ptr %t, i64 2
  %tile = load i32, ptr %pt, align 4
  %d = add i32 %x, 1
  %pred = sub i32 %tile, %d
  %i = sext i32 %pred to i64
  %a = getelementptr inbounds i32, ptr addrspace(1) %st, i64 %i
  br label %spin
spin:
  call void @__sm_device_step()
  %s = load volatile i32, ptr addrspace(1) %a, align 4
  %invalid = icmp eq i32 %s, 0
  %votes = call i64 @__sm_simd_vote(i1 %invalid)
  %ballot = and i64 %votes, 4294967295
  %any = icmp ne i64 %ballot, 0
  br i1 %any, label %spin, label %done
done:
  %out = getelementptr inbounds i32, ptr addrspace(1) %st, i64 4096
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %x
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

define hidden void @__sm_lane_group_local(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %st = load ptr addrspace(3), ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr addrspace(3) %st, i64 %i
  br label %spin
spin:
  %s = load volatile i32, ptr addrspace(3) %a, align 4
  %invalid = icmp eq i32 %s, 0
  %votes = call i64 @__sm_simd_vote(i1 %invalid)
  %ballot = and i64 %votes, 4294967295
  %any = icmp ne i64 %ballot, 0
  br i1 %any, label %spin, label %done
done:
  ret void
}

define hidden void @__sm_lane_partial_exit(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %st = load ptr addrspace(1), ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr addrspace(1) %st, i64 %i
  %odd = and i32 %x, 1
  %some = icmp ne i32 %odd, 0
  br label %spin
spin:
  call void @__sm_device_step()
  %s = load volatile i32, ptr addrspace(1) %a, align 4
  br i1 %some, label %check, label %latch
check:
  %invalid = icmp eq i32 %s, 0
  %votes = call i64 @__sm_simd_vote(i1 %invalid)
  %ballot = and i64 %votes, 4294967295
  %none = icmp eq i64 %ballot, 0
  br i1 %none, label %done, label %latch
latch:
  br label %spin
done:
  ret void
}

define hidden void @__sm_lane_per_lane(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %st = load ptr addrspace(1), ptr %bufs, align 8
  %i = zext i32 %x to i64
  %a = getelementptr inbounds i32, ptr addrspace(1) %st, i64 %i
  br label %spin
spin:
  call void @__sm_device_step()
  %s = load volatile i32, ptr addrspace(1) %a, align 4
  %invalid = icmp eq i32 %s, 0
  br i1 %invalid, label %spin, label %done
done:
  ret void
}
