#!/bin/sh
# run_golden.sh — golden test: golden/NAME.cu must compile to exactly
# golden/NAME.metal. With --update, rewrite the golden file instead. The
# device IR comes from anchorcc --emit-device-ir (anchorcc's own flags).
# usage: run_golden.sh ANCHOR_MSL ANCHORCC WORK_DIR TEST_FILE [--update]
set -u
msl_tool=$1 anchorcc=$2 work=$3 test=$4 update=${5:-}
name=$(basename "$test" .cu)
dir=$(dirname "$test")
mkdir -p "$work"
(cd "$dir" && "$anchorcc" --emit-device-ir "$name.cu" -o "$work/$name.ll") ||
  { echo "FAIL: device compile (anchorcc --emit-device-ir)"; exit 1; }
"$msl_tool" "$work/$name.ll" -o "$work/$name.anchormod" --emit-msl "$work/$name.metal" ||
  { echo "FAIL: anchor-msl"; exit 1; }
if [ "$update" = "--update" ]; then
  cp "$work/$name.metal" "$dir/$name.metal" && echo "updated $dir/$name.metal"
  exit 0
fi
diff -u "$dir/$name.metal" "$work/$name.metal" || { echo "FAIL: MSL differs from the golden file"; exit 1; }
echo "PASS: $name"
