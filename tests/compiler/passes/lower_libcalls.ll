; PASS: lower-libcalls
; The C library's functions device code calls become the device library's
; services (over-aligned new too): vprintf with a format that is no
; constant gains its argument buffer's size (the alloca's, 0 for a null
; buffer); with a constant format the record is written piece by piece (in
; @constant: the format's words, an int slot zero-extended, a string's
; length and bytes, the header; printf's value the 2 arguments consumed); operator new/delete reach malloc/free (the sized delete's
; size dropped), glibc's __assert_fail and llvm.trap their devlib
; definitions, the clock registers __anchor_clock64 (clock truncated to 32
; bits), %globaltimer __anchor_globaltimer; nanosleep is removed. A function
; the program defines itself (here `free`) is left alone.
; CHECK-LABEL: define void @k(
; CHECK: [[N1:%.*]] = call i32 @__anchor_vprintf(ptr %f, ptr %buf, i32 24)
; CHECK: [[N0:%.*]] = call i32 @__anchor_vprintf(ptr %f, ptr null, i32 0)
; CHECK: [[M:%.*]] = call ptr @__anchor_malloc(i64 16)
; CHECK: [[A:%.*]] = call ptr @__anchor_malloc(i64 8)
; CHECK: [[B:%.*]] = call ptr @__anchor_malloc(i64 32)
; CHECK: call void @__anchor_free(ptr [[A]])
; CHECK: call void @__anchor_free(ptr [[B]])
; CHECK: [[C64:%.*]] = call i64 @__anchor_clock64()
; CHECK: [[C:%.*]] = call i64 @__anchor_clock64()
; CHECK: {{%.*}} = trunc i64 [[C]] to i32
; CHECK: [[T:%.*]] = call i64 @__anchor_globaltimer()
; CHECK-NOT: nanosleep
; CHECK: call void @__anchor_trap()
; CHECK-NEXT: unreachable
; CHECK-LABEL: define void @aligned(
; CHECK: [[W:%.*]] = call ptr @__anchor_malloc_aligned(i64 64, i64 64)
; CHECK: call void @__anchor_free(ptr [[W]])
; CHECK-LABEL: define i32 @constant(
; CHECK: [[X:%.*]] = load i32, ptr [[XA:%.*]], align 4
; CHECK: [[X64:%.*]] = zext i32 [[X]] to i64
; CHECK: [[S:%.*]] = load ptr, ptr [[SA:%.*]], align 8
; CHECK: [[LEN:%.*]] = call i64 @__anchor_printf_strlen(ptr [[S]])
; CHECK: [[REC:%.*]] = call ptr @__anchor_printf_begin(i64 [[TOTAL:%.*]])
; CHECK: call void @__anchor_printf_word(ptr [[REC]], i64 8, i64 11489660396581)
; CHECK: call void @__anchor_printf_word(ptr [[REC]], i64 16, i64 [[X64]])
; CHECK: call void @__anchor_printf_string(ptr [[REC]], i64 24, ptr [[S]], i64 [[LEN]])
; CHECK: call void @__anchor_printf_end(ptr [[REC]], i64 [[TOTAL]])
; CHECK: ret i32 2
; CHECK-LABEL: define void @free2(
; CHECK: call void @__anchor_free(ptr %p)
; CHECK-LABEL: define void @own(
; CHECK: call void @free(ptr %p)
; CHECK-LABEL: define void @fails(
; CHECK: call void @__anchor_assert_fail(ptr @fmt, ptr @fmt, i32 7, ptr @fmt)
; CHECK-NEXT: unreachable
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00"

define void @k(ptr %out, ptr %f) {
entry:
  %buf = alloca { i32, double, i32 }, align 8
  %n1 = call i32 @vprintf(ptr %f, ptr %buf)
  %n0 = call i32 @vprintf(ptr %f, ptr null)
  %m = call ptr @malloc(i64 16)
  %a = call ptr @_Znwm(i64 8)
  %b = call ptr @_Znam(i64 32)
  call void @_ZdlPvm(ptr %a, i64 8)
  call void @_ZdaPv(ptr %b)
  call void @free2(ptr %m)
  %c64 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %c32 = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %t = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  call void @llvm.nvvm.nanosleep(i32 100)
  store i64 %c64, ptr %out
  store i32 %c32, ptr %out
  store i64 %t, ptr %out
  call void @llvm.trap()
  unreachable
}

define void @aligned() {
  %w = call ptr @_ZnwmSt11align_val_t(i64 64, i64 64)
  call void @_ZdlPvmSt11align_val_t(ptr %w, i64 64, i64 64)
  ret void
}

@two = private unnamed_addr constant [7 x i8] c"%d %s\0A\00"

define i32 @constant(i32 %x, ptr %s) {
  %buf = alloca { i32, ptr }, align 8
  store i32 %x, ptr %buf, align 8
  %at = getelementptr inbounds i8, ptr %buf, i64 8
  store ptr %s, ptr %at, align 8
  %n = call i32 @vprintf(ptr @two, ptr %buf)
  ret i32 %n
}

define void @free2(ptr %p) {
  call void @_ZdlPv(ptr %p)
  ret void
}

define void @free(ptr %p) {
  ret void
}

define void @own(ptr %p) {
  call void @free(ptr %p)
  ret void
}

define void @fails() {
  call void @__assert_fail(ptr @fmt, ptr @fmt, i32 7, ptr @fmt)
  unreachable
}

declare i32 @vprintf(ptr, ptr)
declare ptr @malloc(i64)
declare ptr @_Znwm(i64)
declare ptr @_Znam(i64)
declare ptr @_ZnwmSt11align_val_t(i64, i64)
declare void @_ZdlPvmSt11align_val_t(ptr, i64, i64)
declare void @_ZdlPvm(ptr, i64)
declare void @_ZdaPv(ptr)
declare void @_ZdlPv(ptr)
declare void @__assert_fail(ptr, ptr, i32, ptr)
declare void @llvm.trap()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
declare void @llvm.nvvm.nanosleep(i32)
