#!/usr/bin/env bash
# h200.sh — builds every tests/cccl program with nvcc (its own, newer CCCL) and runs it
# on a real NVIDIA GPU: proves the programs are correct CUDA and their host references
# right, including the two whose shared memory exceeds Metal's 32 KiB (cub_radix_sort,
# thrust_radix_setops).
# occupancy_header compares NVIDIA's cuda_occupancy.h with NVIDIA's runtime there.
# Not a CTest test (needs nvcc and a GPU). From the repository root:
#   tests/cccl/h200.sh [OUTDIR]
# Expected: every program prints PASS; the last lines are "cccl on nvcc: 8 passed, 0 failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/cccl-nvcc}
nvcc=${NVCC:-nvcc}
mkdir -p "$out"
echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
passed=0 failed=0
for p in occupancy_header cub_block cub_warp cub_device cub_radix_sort thrust_algorithms \
         thrust_iterators thrust_radix_setops; do
  echo "== $p"
  start=$(date +%s)
  if "$nvcc" -O2 -arch=sm_90 --extended-lambda "$root/tests/cccl/$p.cu" -o "$out/$p" >"$out/$p.cc.log" 2>&1; then
    built=$(date +%s)
    "$out/$p" >"$out/$p.log" 2>&1
    rc=$?
    tail -n 4 "$out/$p.log"
    echo "   compile $((built - start)) s, run $(($(date +%s) - built)) s, exit $rc"
    if [ $rc -eq 0 ] && grep -qx PASS "$out/$p.log"; then passed=$((passed + 1)); else failed=$((failed + 1)); grep FAIL "$out/$p.log" | head; fi
  else
    echo "   nvcc failed:"; head -n 20 "$out/$p.cc.log"; failed=$((failed + 1))
  fi
done
echo "cccl on nvcc: $passed passed, $failed failed"
