#!/usr/bin/env bash
# i3_device_run.sh — builds the issue-3 end-to-end programs (i3_*.cu) with nvcc and
# runs them on a real NVIDIA GPU, to prove they are correct CUDA and to observe what the
# GPU does at the shared-memory limit (i3_shared_misc.cu prints it). Not a CTest test:
# it needs nvcc and an NVIDIA GPU. Run from the repository root:
#   tests/e2e/i3_device_run.sh [OUTDIR]
# Prints the toolkit and GPU, each program's log, then a summary line per program.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/e2e-i3-nvcc}
nvcc=${NVCC:-nvcc}
flags=${NVCC_FLAGS:-"-O2 -arch=sm_90"}
mkdir -p "$out"
e2e=$root/tests/e2e

echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

names=()
for src in "$e2e"/i3_*.cu; do
  name=$(basename "$src" .cu)
  names+=("$name")
  ( "$e2e/run.sh" "$nvcc" "$flags" "$out" "$name" "$src" >"$out/$name.log" 2>&1
    echo $? >"$out/$name.rc" ) &
done
wait

summary=""
for name in "${names[@]}"; do
  echo "================ $name"
  cat "$out/$name.log"
  summary+="$name: $( [ "$(cat "$out/$name.rc")" = 0 ] && echo PASS || echo FAIL)"$'\n'
done
echo "================ summary"
printf '%s' "$summary"
