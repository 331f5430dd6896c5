#!/bin/sh
# run_golden.sh — golden test: golden/NAME.cu must compile to exactly
# golden/NAME.metal. With --update, rewrite the golden file instead.
# usage: run_golden.sh ANCHOR_MSL CLANGXX INCLUDE_DIR WORK_DIR TEST_FILE [--update]
set -u
msl_tool=$1 clangxx=$2 include=$3 work=$4 test=$5 update=${6:-}
name=$(basename "$test" .cu)
dir=$(dirname "$test")
mkdir -p "$work"
(cd "$dir" && "$clangxx" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_75 \
  -O3 -gline-tables-only -I"$include" -include cuda_runtime.h -S -emit-llvm \
  -Wno-unknown-cuda-version "$name.cu" -o "$work/$name.ll") || { echo "FAIL: clang"; exit 1; }
"$msl_tool" "$work/$name.ll" -o "$work/$name.anchormod" --emit-msl "$work/$name.metal" ||
  { echo "FAIL: anchor-msl"; exit 1; }
if [ "$update" = "--update" ]; then
  cp "$work/$name.metal" "$dir/$name.metal" && echo "updated $dir/$name.metal"
  exit 0
fi
diff -u "$dir/$name.metal" "$work/$name.metal" || { echo "FAIL: MSL differs from the golden file"; exit 1; }
echo "PASS: $name"
