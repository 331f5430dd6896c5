#!/bin/sh
# tests/runtime/cuda/driver_issue9_codes.sh [ANCHORCC] — builds driver_issue9_codes.cpp
# with nvcc (when it is installed) and with Anchor's anchorcc (when given), runs each
# that can run, and shows the difference: the `call -> CODE` lines where CUDA 13's
# driver and Anchor answer differently (for the H200/H100 run of issue 9; an NVIDIA
# GPU is needed for the nvcc build to run: without one it prints CUDA_ERROR_NO_DEVICE
# or a stub-library error and stops).
#   on the GPU machine:  sh tests/runtime/cuda/driver_issue9_codes.sh > cuda.txt
#   here:                sh tests/runtime/cuda/driver_issue9_codes.sh build/bin/anchorcc
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/driver_issue9_codes.$$
mkdir -p "$out" && trap 'rm -rf "$out"' EXIT
if command -v nvcc >/dev/null; then
  nvcc -O2 -Xcompiler -Wno-deprecated-declarations -o "$out/cuda" "$here/driver_issue9_codes.cpp" \
    -lcuda && "$out/cuda" >"$out/cuda.txt" 2>&1
  echo "== CUDA ($(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null || echo no GPU))"
  cat "$out/cuda.txt"
fi
if [ $# -ge 1 ]; then
  "$1" -O2 -Wno-deprecated-declarations "$here/driver_issue9_codes.cpp" -lcuda -o "$out/anchor" &&
    "$out/anchor" >"$out/anchor.txt" 2>&1
  echo "== Anchor"
  cat "$out/anchor.txt"
fi
if [ -s "$out/cuda.txt" ] && [ -s "$out/anchor.txt" ]; then
  echo "== differences (< CUDA, > Anchor)"
  diff "$out/cuda.txt" "$out/anchor.txt" | grep '^[<>]' || echo "none"
fi
