#!/usr/bin/env bash
# nvrtc_textures.sh — cudametal's compile path (translator + NVRTC, PTX for compute_90, no
# GPU) on the texture and sampler forms of its prelude: tests/cudametal/textures.metal
# (every texture type, access and method, hand-written MSL) and the MSL anchorcc emits for
# the e2e texture and surface programs (tests/e2e/tex*.cu, surf*.cu).
#   nvrtc_textures.sh BUILD_DIR OUT_DIR
set -u
build=$1 out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
fail=0
one() { # one MSL file through msl2cuda (without lib/ on the search path: see nvrtc_e2e.sh)
  if env -u LD_LIBRARY_PATH CUDAMETAL_CACHE=off "$build/bin/msl2cuda" "$1" -90 >"$out/$2.log" 2>&1; then
    echo "PASS $2"
  else
    echo "FAIL $2"
    head -n 20 "$out/$2.log"
    fail=1
  fi
}
one "$root/tests/cudametal/textures.metal" textures
for src in "$root"/tests/e2e/tex*.cu "$root"/tests/e2e/surf*.cu; do
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
