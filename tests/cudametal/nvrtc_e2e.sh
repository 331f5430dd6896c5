#!/usr/bin/env bash
# nvrtc_e2e.sh — cudametal's compile path on every e2e program, without a GPU: each
# .cu that tests/e2e/CMakeLists.txt (and samples/) builds is compiled with
# `anchorcc -O2 --emit-msl`, and its MSL goes through cudametal's translator and NVRTC
# (msl2cuda, PTX for compute_90: NVRTC needs no device). Fails if any does not compile.
# One at a time by default (CUDAMETAL_JOBS): NVRTC takes GBs on the largest fp64 modules.
#   nvrtc_e2e.sh BUILD_DIR OUT_DIR
set -u
build=$1 out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
export LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
sources=$(grep -oE '[A-Za-z0-9_/{}.$]+\.cu\b' "$root/tests/e2e/CMakeLists.txt" |
  sed "s|\${PROJECT_SOURCE_DIR}|$root|; s|^\([^/]\)|$root/tests/e2e/\1|" | sort -u)
one() {
  local src=$1 base
  base=$(basename "${src%.cu}")
  # programs whose e2e test passes flags (extended lambdas, a mode macro): those flags.
  if ! "$build/bin/anchorcc" -O2 --emit-msl "$src" -o "$out/$base.metal" >"$out/$base.log" 2>&1 &&
    ! "$build/bin/anchorcc" -O2 --extended-lambda -DMODE_RN --emit-msl "$src" -o "$out/$base.metal" \
      >"$out/$base.log" 2>&1
  then
    echo "SKIP $base (anchorcc --emit-msl failed: not cudametal's; see $out/$base.log)"
    return 0
  fi
  # msl2cuda without lib/ on the search path: NVIDIA's NVRTC dlopens libcuda.so.1 itself,
  # and lib/libcuda.so.1 is libanchor (no cuGetExportTable: NVRTC crashes).
  if env -u LD_LIBRARY_PATH "$build/bin/msl2cuda" "$out/$base.metal" -90 >>"$out/$base.log" 2>&1; then
    echo "PASS $base"
  else
    echo "FAIL $base"
    head -n 20 "$out/$base.log"
  fi
}
export -f one
export build out
printf '%s\n' $sources | xargs -P "${CUDAMETAL_JOBS:-1}" -I{} bash -c 'one {}' | tee "$out/summary.txt"
pass=$(grep -c '^PASS' "$out/summary.txt")
fail=$(grep -c '^FAIL' "$out/summary.txt")
echo "cudametal nvrtc_e2e: $pass compiled, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
