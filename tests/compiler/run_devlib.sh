#!/bin/sh
# run_devlib.sh — how anchor-msl finds and reads Anchor's device library
# (compiler/devlib.c, docs/devlib.md):
#   1. a module that calls the library compiles with --devlib the built
#      devlib.bc, and with anchor-msl's default <root>/lib/anchor/devlib.bc
#      (anchor-msl copied into a fresh <root>/bin with the library beside it);
#   2. a missing file (--devlib, or the default of an anchor-msl whose root has
#      none) and a file that is not bitcode are errors naming the file, with no
#      output written;
#   3. a module that calls no library function never reads the file: it
#      compiles even with a missing --devlib, to the same MSL.
# usage: run_devlib.sh ANCHOR_MSL ANCHORCC DEVLIB_BC WORK_DIR
set -u
msl=$1 cc=$2 devlib=$3 work=$4/devlib
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cat > "$work/uses.cu" <<'CU'
__global__ void k(float *o) { o[0] = rsqrtf(o[0]); }
CU
cat > "$work/plain.cu" <<'CU'
__global__ void k(float *o) { o[0] = o[0] * 2.0f; }
CU
"$cc" --emit-device-ir "$work/uses.cu" -o "$work/uses.ll" || fail "device compile"
"$cc" --emit-device-ir "$work/plain.cu" -o "$work/plain.ll" || fail "device compile"

# 1. explicit and default paths
"$msl" "$work/uses.ll" -o "$work/a.mod" --devlib "$devlib" --emit-msl "$work/a.metal" ||
  fail "--devlib $devlib"
mkdir -p "$work/root/bin" "$work/root/lib/anchor"
cp "$msl" "$work/root/bin/anchor-msl" && cp "$devlib" "$work/root/lib/anchor/devlib.bc" || exit 1
"$work/root/bin/anchor-msl" "$work/uses.ll" -o "$work/b.mod" --emit-msl "$work/b.metal" ||
  fail "default <root>/lib/anchor/devlib.bc"
cmp -s "$work/a.metal" "$work/b.metal" || fail "default and explicit device library differ"

# 2. errors: missing (explicit and default), not bitcode; no output left behind
expect_error() { # expect_error MESSAGE COMMAND...
  message=$1
  shift
  echo stale > "$work/e.mod"
  if "$@" -o "$work/e.mod" 2> "$work/err"; then fail "succeeded: $*"; fi
  [ -e "$work/e.mod" ] && fail "output written despite the error: $*"
  grep -qF "$message" "$work/err" || { cat "$work/err"; fail "expected '$message'"; }
  cat "$work/err"
}
expect_error "error: cannot read Anchor's device library '$work/none.bc' (for '__anchor_rsqrtf')" \
  "$msl" "$work/uses.ll" --devlib "$work/none.bc"
rm "$work/root/lib/anchor/devlib.bc"
expect_error "error: cannot read Anchor's device library '$work/root/lib/anchor/devlib.bc' (for '__anchor_rsqrtf')" \
  "$work/root/bin/anchor-msl" "$work/uses.ll"
expect_error "error: Anchor's device library '$work/uses.cu' is not LLVM bitcode: Invalid bitcode signature" \
  "$msl" "$work/uses.ll" --devlib "$work/uses.cu"

# 3. not read when not needed
"$msl" "$work/plain.ll" -o "$work/p1.mod" --devlib "$work/none.bc" --emit-msl "$work/p1.metal" ||
  fail "a module without library calls read the library"
"$msl" "$work/plain.ll" -o "$work/p2.mod" --emit-msl "$work/p2.metal" || fail "plain module"
cmp -s "$work/p1.metal" "$work/p2.metal" || fail "MSL of a module without library calls changed"
echo PASS
