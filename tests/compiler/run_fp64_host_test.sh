#!/bin/sh
# run_fp64_host_test.sh — builds fp64_host_test.cpp (compiler/fp64.metal as host
# C++) and runs it against the host's hardware doubles.
# usage: run_fp64_host_test.sh CLANGXX FP64_METAL WORK_DIR
set -u
clangxx=$1 fp64=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
"$clangxx" -std=c++17 -O2 -DFP64_METAL="\"$fp64\"" "$here/fp64_host_test.cpp" -o "$work/fp64_host_test" ||
  { echo "FAIL: compile"; exit 1; }
"$work/fp64_host_test"
