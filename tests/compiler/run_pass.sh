#!/bin/sh
# run_pass.sh — one IR->IR pass alone: passes/NAME.ll names its pass on a
# line `; PASS: lower-math`; anchor-msl --run-pass runs only that pass on the
# file and the IR it writes is checked with FileCheck (CHECK: lines).
# usage: run_pass.sh ANCHOR_MSL FILECHECK WORK_DIR TEST_FILE
set -u
msl_tool=$1 filecheck=$2 work=$3 test=$4
name=$(basename "$test" .ll)
pass=$(sed -n 's|^; PASS: *||p' "$test" | head -1)
[ -n "$pass" ] || { echo "FAIL: no '; PASS: name' line"; exit 1; }
mkdir -p "$work"
out="$work/$name.out.ll"
rm -f "$out"
"$msl_tool" "$test" --run-pass "$pass" --emit-llvm "$out" || { echo "FAIL: anchor-msl"; exit 1; }
"$filecheck" --input-file="$out" "$test" || { cat "$out"; exit 1; }
echo "PASS: $name"
