#!/usr/bin/env bash
# shared_spill_h200.sh — builds the shared-memory-above-32-KiB programs with nvcc and
# runs them on a real NVIDIA GPU, to confirm the programs and their CPU references are
# right CUDA and to record what CUDA reports (sharedSizeBytes, the device's limits).
# Not a CTest test (needs nvcc and a GPU). From the repository root:
#   tests/e2e/shared_spill_h200.sh [OUTDIR]
# Expected on an H100/H200 (CUDA 13): each prints PASS;
#   shared_spill_static:  "forty: sharedSizeBytes 41040, maxDynamicSharedSizeBytes 8112",
#                         "fortyeight: sharedSizeBytes 49152"
#   shared_spill_dynamic: "device: sharedMemPerBlock 49152, sharedMemPerBlockOptin 232448",
#                         "opt-in launches with 102400 bytes of dynamic memory",
#                         "reverse_count: sharedSizeBytes 48, maxDynamicSharedSizeBytes 49104",
#                         "static_and_dynamic: sharedSizeBytes 40960"
#   shared_size_bytes:    sharedSizeBytes 44, 48, 17, 9, 4 (ptxas -v's "bytes smem")
#   shared_spill_slots:   "grid of 1048576 blocks x 45056 bytes of static shared data =
#                         45056 MiB; device memory ..." (CUDA runs it: shared memory is
#                         per resident block), then PASS
# and the last line "shared_spill on nvcc: 5 passed, 0 failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/shared-spill-nvcc}
nvcc=${NVCC:-nvcc}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
passed=0 failed=0
for p in shared_spill_static shared_spill_dynamic shared_spill_misc shared_size_bytes shared_spill_slots; do
  echo "== $p"
  if "$nvcc" -O2 -arch=sm_90 "$root/tests/e2e/$p.cu" -o "$out/$p" >"$out/$p.cc.log" 2>&1; then
    "$out/$p" >"$out/$p.log" 2>&1
    rc=$?
    cat "$out/$p.log" | head -n 30
    if [ $rc -eq 0 ] && grep -qx PASS "$out/$p.log"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  else
    echo "   nvcc failed:"; head -n 20 "$out/$p.cc.log"; failed=$((failed + 1))
  fi
done
echo "shared_spill on nvcc: $passed passed, $failed failed"
