#!/usr/bin/env bash
# tests/hip/run_h200.sh — run THERE (an NVIDIA GPU machine with its driver), from the
# repository root, with the bundle tests/hip/pack_h200.sh made here: runs each HIP
# program of the bundle through cudametal (ANCHOR_METAL=cudametal: libanchor's Metal
# calls on the CUDA driver, the generated MSL compiled by NVRTC), LIMIT seconds each
# (default 120), and prints its last lines and PASS/FAIL. Expected: every program
# prints PASS (as on softmetal: docs/hip.md, "Tests"); device_props prints the GPU's
# properties as cudametal reports them.
# Usage: tests/hip/run_h200.sh [BUNDLE (default hip_bundle)]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bundle=$(cd "${1:-$root/hip_bundle}" && pwd) || exit 1
limit=${LIMIT:-120}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
export ANCHOR_METAL=cudametal CUDAMETAL_CACHE=$bundle/cache LD_LIBRARY_PATH=$bundle/lib
pass=0 fail=0
for exe in "$bundle"/bin/*; do
  name=$(basename "$exe")
  out=$(cd "$bundle" && timeout "$limit" "$exe" 2>&1)
  status=$?
  echo "== $name (exit $status)"
  echo "$out" | tail -n 6
  if [ $status = 0 ] && grep -qx PASS <<<"$out"; then
    echo "PASS $name"
    pass=$((pass + 1))
  else
    echo "FAIL $name"
    fail=$((fail + 1))
  fi
done
echo "hip through cudametal: $pass PASS, $fail FAIL"
[ $fail = 0 ]
