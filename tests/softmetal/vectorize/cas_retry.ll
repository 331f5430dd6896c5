; sm-vectorize: the loop the MSL makes of LLVM's (strong) cmpxchg — `while
; (!atomic_compare_exchange_weak_explicit(p, &o, v, ...) && o == e) {}`, compiler/atomics.c —
; only retries spurious failures: a strong exchange fails only by observing another value,
; so the loop never goes round and waits for no other thread. It is no spin loop: an
; election (`atomicCAS(&flag, 0, 1) == 0`, no loop of the program's own) is vector code, not
; lockstep. Before, every kernel with an atomicCAS of a constant ran in lockstep.
; CHECK-DAG: @__sm_vector_elect = constant [7 x i8] c"vector\00"
; CHECK-NOT: @__sm_spins_elect
; The same with a loop-invariant expected value and the exit written as `or`: vector.
; CHECK-DAG: @__sm_vector_elect_or = constant [7 x i8] c"vector\00"
; A lock around it (the program's loop exits on the exchange's result): still a spin loop.
; CHECK-DAG: @__sm_vector_lock = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; CHECK-DAG: @__sm_spins_lock = constant i32 1
; A loop that goes round after a success too (its exit is `old != 0` alone): a wait. This
; one and the next, whose exchange has uniform operands, were taken as a whole SIMD-group's
; wait before (static_uniform called an atomic's result uniform) and the tool stopped with
; "internal: a whole SIMD-group's wait leaves on a condition not uniform".
; CHECK-DAG: @__sm_vector_after_success = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
; A retry loop that also stores: not taken as a retry (refused).
; CHECK-DAG: @__sm_vector_with_store = constant [{{[0-9]+}} x i8] c"a loop that waits on an atomic or volatile access (a spin loop)\00"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @__sm_device_step()

define hidden void @__sm_lane_elect(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr addrspace(1), ptr %bufs, align 8
  %pout = getelementptr inbounds ptr, ptr %bufs, i64 1
  %out = load ptr addrspace(1), ptr %pout, align 8
  br label %retry
retry:
  %e = phi i32 [ 0, %entry ], [ %old, %retry ]
  call void @__sm_device_step()
  %r = cmpxchg weak ptr addrspace(1) %flag, i32 %e, i32 1 monotonic monotonic, align 4
  %ok = extractvalue { i32, i1 } %r, 1
  %old = extractvalue { i32, i1 } %r, 0
  %ne = icmp ne i32 %old, 0
  %leave = select i1 %ok, i1 true, i1 %ne
  br i1 %leave, label %done, label %retry
done:
  %o = phi i32 [ %old, %retry ]
  %won = icmp eq i32 %o, 0
  %w = zext i1 %won to i32
  %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %index
  store i32 %w, ptr addrspace(1) %slot, align 4
  ret void
}

define hidden void @__sm_lane_elect_or(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr addrspace(1), ptr %bufs, align 8
  %pout = getelementptr inbounds ptr, ptr %bufs, i64 1
  %out = load ptr addrspace(1), ptr %pout, align 8
  %want = add i32 %x, 0
  br label %retry
retry:
  %r = cmpxchg weak ptr addrspace(1) %flag, i32 7, i32 %want monotonic monotonic, align 4
  %ok = extractvalue { i32, i1 } %r, 1
  %old = extractvalue { i32, i1 } %r, 0
  %eq = icmp eq i32 7, %old
  %stay = xor i1 %eq, true
  %leave = or i1 %ok, %stay
  br i1 %leave, label %done, label %retry
done:
  %o = phi i32 [ %old, %retry ]
  %slot = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %index
  store i32 %o, ptr addrspace(1) %slot, align 4
  ret void
}

define hidden void @__sm_lane_lock(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr addrspace(1), ptr %bufs, align 8
  br label %outer
outer:
  br label %retry
retry:
  %e = phi i32 [ 0, %outer ], [ %old, %retry ]
  %r = cmpxchg weak ptr addrspace(1) %flag, i32 %e, i32 1 monotonic monotonic, align 4
  %ok = extractvalue { i32, i1 } %r, 1
  %old = extractvalue { i32, i1 } %r, 0
  %ne = icmp ne i32 %old, 0
  %leave = select i1 %ok, i1 true, i1 %ne
  br i1 %leave, label %check, label %retry
check:
  %o = phi i32 [ %old, %retry ]
  %held = icmp ne i32 %o, 0
  br i1 %held, label %outer, label %done
done:
  store atomic i32 0, ptr addrspace(1) %flag monotonic, align 4
  ret void
}

define hidden void @__sm_lane_after_success(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr addrspace(1), ptr %bufs, align 8
  br label %retry
retry:
  %r = cmpxchg weak ptr addrspace(1) %flag, i32 0, i32 1 monotonic monotonic, align 4
  %old = extractvalue { i32, i1 } %r, 0
  %ne = icmp ne i32 %old, 0
  br i1 %ne, label %done, label %retry
done:
  ret void
}

define hidden void @__sm_lane_with_store(ptr %t, i32 %x, i32 %index) {
entry:
  %bufs = load ptr, ptr %t, align 8
  %flag = load ptr addrspace(1), ptr %bufs, align 8
  %pout = getelementptr inbounds ptr, ptr %bufs, i64 1
  %out = load ptr addrspace(1), ptr %pout, align 8
  br label %retry
retry:
  %r = cmpxchg weak ptr addrspace(1) %flag, i32 0, i32 1 monotonic monotonic, align 4
  %ok = extractvalue { i32, i1 } %r, 1
  %old = extractvalue { i32, i1 } %r, 0
  store i32 %old, ptr addrspace(1) %out, align 4
  %ne = icmp ne i32 %old, 0
  %leave = select i1 %ok, i1 true, i1 %ne
  br i1 %leave, label %done, label %retry
done:
  ret void
}
