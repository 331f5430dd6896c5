#!/usr/bin/env bash
# nvrtc_wmma.sh — cudametal's compile path (translator + NVRTC, PTX for compute_90, no GPU)
# on the SIMD-group matrix functions of its prelude: tests/cudametal/simdgroup_matrix.metal
# (every form, hand-written MSL) and the MSL anchorcc emits for the wmma tests and bench.
#   nvrtc_wmma.sh BUILD_DIR OUT_DIR
set -u
build=$1 out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
fail=0
one() { # one MSL file through msl2cuda (without lib/ on the search path: see nvrtc_e2e.sh)
  if env -u LD_LIBRARY_PATH "$build/bin/msl2cuda" "$1" -90 >"$out/$2.log" 2>&1; then
    echo "PASS $2"
  else
    echo "FAIL $2"
    head -n 20 "$out/$2.log"
    fail=1
  fi
}
one "$root/tests/cudametal/simdgroup_matrix.metal" simdgroup_matrix
for src in "$root"/tests/libraries/wmma/wmma_*.cu "$root/bench/wmma_gemm.cu"; do
  base=$(basename "${src%.cu}")
  if LD_LIBRARY_PATH="$build/lib" "$build/bin/anchorcc" -O2 --emit-msl "$src" -o "$out/$base.metal" \
    >"$out/$base.log" 2>&1; then
    one "$out/$base.metal" "$base"
  else
    echo "FAIL $base (anchorcc --emit-msl)"
    fail=1
  fi
done
exit $fail
