#!/bin/sh
# run_exec.sh — an execution test: exec/NAME.cu defines
#   __global__ void test_kernel(int *out, int n)
# where each thread writes only its own elements of out (4096 ints, also the
# input). It is compiled by anchor-msl and run on softmetal (msl_run), and
# compiled as host C++ and run thread by thread (exec_host_main.cpp); the two
# outputs must be identical. An optional line `// EXEC: N GROUPS THREADS`
# sets the launch (default 1000 3 64); `// EXEC-ENV: VAR=VALUE ...` sets
# msl_run's environment (e.g. MSL_RUN_LANGUAGE=3.2). The device side is
# compiled by anchorcc --emit-device-ir (anchorcc's own device flags), the
# host reference by CLANGXX as plain C++.
# usage: run_exec.sh ANCHOR_MSL ANCHORCC CLANGXX WORK_DIR MSL_RUN TEST_FILE
set -u
msl_tool=$1 anchorcc=$2 clangxx=$3 work=$4 msl_run=$5 test=$6
here=$(cd "$(dirname "$0")" && pwd)
name=$(basename "$test" .cu)
mkdir -p "$work"
base="$work/exec_$name"
launch=$(sed -n 's|^// EXEC: *||p' "$test" | head -1)
[ -n "$launch" ] || launch="1000 3 64"
run_env=$(sed -n 's|^// EXEC-ENV: *||p' "$test" | head -1)

(cd "$(dirname "$test")" && "$anchorcc" --emit-device-ir "$name.cu" -o "$base.ll") ||
  { echo "FAIL: device compile (anchorcc --emit-device-ir)"; exit 1; }
"$msl_tool" "$base.ll" -o "$base.anchormod" --emit-msl "$base.metal" || { echo "FAIL: anchor-msl"; exit 1; }
kernel=$(tail -c +17 "$base.anchormod" | sed -n 's/^kernel \(_Z11test_kernelPii\) .*/\1/p')
[ -n "$kernel" ] || { echo "FAIL: no test_kernel(int*, int) in the module"; exit 1; }
"$clangxx" -x c++ -std=c++17 -O1 -w -I"$here" -DTEST_FILE="\"$test\"" "$here/exec_host_main.cpp" \
  -o "$base.host" || { echo "FAIL: host compile"; exit 1; }
"$base.host" $launch > "$base.expected" || { echo "FAIL: host run"; exit 1; }
env $run_env "$msl_run" "$base.anchormod" "$kernel" $launch > "$base.actual" || { echo "FAIL: msl_run"; exit 1; }
if ! cmp -s "$base.expected" "$base.actual"; then
  echo "FAIL: device output differs from the host reference (first differences, line: expected actual):"
  paste -d' ' "$base.expected" "$base.actual" | awk '$1 != $2 { print NR-1 ": " $1 " " $2 }' | head -10
  exit 1
fi
echo "PASS: $name"
