#!/usr/bin/env bash
# device_semantics_run.sh — builds the end-to-end programs of issue 8's later device
# semantics (cooperative groups' nested large tiles, cluster_group and the async
# reductions and copies; half-precision fma/min/max and named barriers in inline PTX;
# __brkpt; the grid abort after __trap; CUDA's printf/malloc limits rule; 16-byte atomic
# loads and stores; the printf FIFO's overwriting) with nvcc and runs them on a real
# NVIDIA GPU, to prove they are correct CUDA and to record what CUDA gives where Anchor
# was unsure: the error of __brkpt() without a debugger (brkpt_launch), how many blocks
# run after a trap (trap_rest_of_grid), cudaDevAttrClusterLaunch and %smid/%nsmid (printed),
# which lines a full FIFO keeps (printf_fifo). Not a CTest test: it needs nvcc and an
# NVIDIA GPU. Run from the repository root:
#   tests/e2e/device_semantics_run.sh [OUTDIR]
# Prints the toolkit and GPU, each program's log, then a summary line per program.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/e2e-device-semantics-nvcc}
nvcc=${NVCC:-nvcc}
flags=${NVCC_FLAGS:-"-O2 -arch=sm_90"}
mkdir -p "$out"
e2e=$root/tests/e2e

echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

summary=""
for name in cg_nested_tiles cg_cluster_async ptx_half_fma_minmax ptx_named_barriers \
  brkpt_launch trap_rest_of_grid services_limits_rule atomics_128 printf_fifo; do
  echo "================ $name"
  timeout 300 "$e2e/run.sh" "$nvcc" "$flags" "$out" "$name" "$e2e/$name.cu" 2>&1 |
    grep -v "^fifo line"
  rc=${PIPESTATUS[0]}
  summary+="$name: $( [ $rc = 0 ] && echo PASS || echo FAIL)"$'\n'
done
echo "================ summary"
printf '%s' "$summary"
