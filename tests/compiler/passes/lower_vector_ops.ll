; PASS: lower-vector-ops
; The vector operations LLVM's scalarizer keeps whole, on elements:
; - a reduction: a chain over the elements in element order (fadd from its start
;   value, fast-math flags kept; min/max through the scalar intrinsic);
; - a bitcast <4 x i8> -> i32: the elements' bits zero-extended, shifted, or'ed
;   (element 0 lowest), each lane frozen; i32 -> <2 x i16>: shifts and truncs;
; - <4 x i1> -> i4 (no MSL type): built in i8; its compare with a constant and its
;   zext use the i8; any other user gets a trunc to i4;
; - a store of <8 x i1>: a store of the i8 of its bits.
; CHECK-LABEL: define i32 @reduce(
; CHECK-NOT: llvm.vector.reduce
; CHECK: %[[E0:[0-9]+]] = extractelement <4 x i32> %v, i64 0
; CHECK: %[[E1:[0-9]+]] = extractelement <4 x i32> %v, i64 1
; CHECK: %[[A1:[0-9]+]] = add i32 %[[E0]], %[[E1]]
; CHECK: call i32 @llvm.smax.i32(
; CHECK: fadd fast float %s,
; CHECK-LABEL: define i32 @bits(
; CHECK: %[[F0:[0-9]+]] = freeze i8
; CHECK: zext i8 %[[F0]] to i32
; CHECK: shl i32 %{{[0-9]+}}, 8
; CHECK: or i32
; CHECK: lshr i32 %w, 16
; CHECK: trunc i32 %{{[0-9]+}} to i16
; CHECK-NOT: bitcast <
; CHECK-LABEL: define i32 @bools(
; CHECK: %[[N:[0-9]+]] = trunc i8 %{{[0-9]+}} to i4
; CHECK: icmp eq i8 %{{[0-9]+}}, 15
; CHECK: zext i8 %{{[0-9]+}} to i32
; CHECK: add i4 %[[N]], 1
; CHECK: store i8 %{{[0-9]+}}, ptr %p, align 1
; CHECK-NOT: <8 x i1> %{{.*}}, ptr
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i32 @reduce(<4 x i32> %v, <4 x float> %f, float %s) {
  %a = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %m = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v)
  %x = call fast float @llvm.vector.reduce.fadd.v4f32(float %s, <4 x float> %f)
  %xi = fptosi float %x to i32
  %r1 = add i32 %a, %m
  %r = add i32 %r1, %xi
  ret i32 %r
}

define i32 @bits(<4 x i8> %b, i32 %w, ptr %out) {
  %i = bitcast <4 x i8> %b to i32
  %h = bitcast i32 %w to <2 x i16>
  store <2 x i16> %h, ptr %out, align 4
  ret i32 %i
}

define i32 @bools(<4 x i32> %v, <8 x i1> %m, ptr %p) {
  %c = icmp sgt <4 x i32> %v, zeroinitializer
  %n = bitcast <4 x i1> %c to i4
  %all = icmp eq i4 %n, -1
  %z = zext i4 %n to i32
  %other = add i4 %n, 1
  %o = zext i4 %other to i32
  store <8 x i1> %m, ptr %p, align 1
  %s = select i1 %all, i32 %z, i32 %o
  ret i32 %s
}

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
