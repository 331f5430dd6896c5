#!/usr/bin/env bash
# ptx_retarget.sh — CUDAMETAL_PTX_TARGET (docs/cudametal.md "Warp convergence"), no GPU:
# msl2cuda compiles a warp-shuffle kernel to PTX for compute_75 and rewrites its .target
# directive as cudametal does before the driver's JIT: sm_60 replaces sm_75, and the
# unrewritten PTX (the cache's) still names sm_75.
#   ptx_retarget.sh BUILD_DIR OUT_DIR
set -u
build=$1 out=$2
rm -rf "$out" && mkdir -p "$out/cache"
printf '#include <metal_stdlib>\nusing namespace metal;\nkernel void k(device float *a [[buffer(0)]], uint i [[thread_position_in_grid]]) { a[i] = simd_shuffle(a[i], 3); }\n' >"$out/k.metal"
got=$(env -u LD_LIBRARY_PATH CUDAMETAL_CACHE="$out/cache" CUDAMETAL_PTX_TARGET=sm_60 \
  "$build/bin/msl2cuda" "$out/k.metal" -75) || { echo "FAIL: msl2cuda: $got"; exit 1; }
fail=0
echo "$got" | grep -qx '\.target sm_60' || { echo "FAIL: no '.target sm_60' in: $got"; fail=1; }
grep -qx '\.target sm_75' "$out"/cache/*.ptx || { echo "FAIL: NVRTC's PTX does not target sm_75"; fail=1; }
[ $fail = 0 ] && echo "PASS ptx_retarget" || echo "FAIL ptx_retarget"
exit $fail
