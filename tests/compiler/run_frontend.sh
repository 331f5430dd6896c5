#!/bin/sh
# run_frontend.sh — one front-end error test: frontend/NAME.cu must fail to compile in
# anchorcc's device front end (clang against Anchor's headers: what nvcc rejects in CUDA's
# own headers), and its diagnostics are checked with FileCheck (ERR: lines).
# usage: run_frontend.sh ANCHORCC FILECHECK WORK_DIR TEST_FILE
set -u
anchorcc=$1 filecheck=$2 work=$3 test=$4
name=$(basename "$test")
mkdir -p "$work"
err="$work/$name.err"
# From the test's directory, so that diagnostics name the file as "NAME.cu".
if (cd "$(dirname "$test")" && "$anchorcc" --emit-device-ir "$name" -o "$work/$name.ll") 2>"$err"; then
  echo "FAIL: the device front end accepted $name"; exit 1
fi
cat "$err"
"$filecheck" --check-prefix=ERR --input-file="$err" "$test" || exit 1
echo "PASS: $name"
