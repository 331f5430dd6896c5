#!/usr/bin/env bash
# services_device_run.sh — builds the device-services end-to-end programs
# (printf_*, assert_*, trap_*, clock_*, heap_*: issue 8) with nvcc and runs
# them on a real NVIDIA GPU, one after the other, to prove they are correct
# CUDA and to record what CUDA prints where the documentation leaves room:
# printf_formats' device output (its line-by-line differences from
# printf_formats.expected), what a full FIFO keeps, the assert message, the
# errors after cudaDeviceReset, the heap's share before NULL. Not a CTest
# test: it needs nvcc and an NVIDIA GPU. Run from the repository root:
#   tests/e2e/services_device_run.sh [OUTDIR]
# Prints the toolkit and GPU, each program's log, then a summary line per program.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/e2e-services-nvcc}
nvcc=${NVCC:-nvcc}
flags=${NVCC_FLAGS:-"-O2 -arch=sm_90"}
mkdir -p "$out"
e2e=$root/tests/e2e

echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

summary=""
for src in "$e2e"/printf_*.cu "$e2e"/assert_*.cu "$e2e"/trap_*.cu "$e2e"/clock_*.cu \
  "$e2e"/heap_*.cu; do
  name=$(basename "$src" .cu)
  echo "================ $name"
  timeout 300 "$e2e/run.sh" "$nvcc" "$flags" "$out" "$name" "$src"
  rc=$?
  summary+="$name: $( [ $rc = 0 ] && echo PASS || echo FAIL)"$'\n'
done
echo "================ summary"
printf '%s' "$summary"
