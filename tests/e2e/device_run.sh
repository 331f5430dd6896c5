#!/usr/bin/env bash
# device_run.sh — builds every end-to-end program with nvcc and runs it on a real NVIDIA
# GPU, to prove the programs are correct CUDA and to observe real CUDA's error codes
# (errors.cu, each case also alone in a fresh process). Not a CTest test: it needs nvcc
# and an NVIDIA GPU. Run from the repository root:
#   tests/e2e/device_run.sh [OUTDIR]
# Prints the toolkit and GPU, then each program's log and a summary line per program.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/e2e-nvcc}
nvcc=${NVCC:-nvcc}
flags=${NVCC_FLAGS:-"-O2 -arch=sm_90"}
mkdir -p "$out"
e2e=$root/tests/e2e

echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

programs=(
  "sample_vectorAdd $root/samples/vectorAdd.cu"
  "saxpy $e2e/saxpy.cu"
  "grid_dims $e2e/grid_dims.cu"
  "many_params $e2e/many_params.cu"
  "struct_params $e2e/struct_params.cu"
  "device_functions $e2e/device_functions.cu"
  "twofile $e2e/twofile_a.cu $e2e/twofile_b.cu"
  "errors $e2e/errors.cu"
  "integer_ops $e2e/integer_ops.cu"
  "float_ops $e2e/float_ops.cu"
  "control_flow $e2e/control_flow.cu"
  "shared_memory $e2e/shared_memory.cu"
  "globals $e2e/globals.cu"
  "memory_api $e2e/memory_api.cu"
  "streams_events $e2e/streams_events.cu"
  "streams_order $e2e/streams_order.cu"
  "streams_legacy $e2e/streams_legacy.cu"
  "streams_per_thread $e2e/streams_per_thread.cu"
  "events_timing $e2e/events_timing.cu"
  "stream_errors $e2e/stream_errors.cu"
  "stream_callback_error $e2e/stream_callback_error.cu"
  "cpp_features $e2e/cpp_features.cu"
  "matmul_tiled $e2e/matmul_tiled.cu"
  "scan $e2e/scan.cu"
  "bitonic_sort $e2e/bitonic_sort.cu"
  "mandelbrot_fixed $e2e/mandelbrot_fixed.cu"
  "mixed_cpp $e2e/mixed_main.cpp $e2e/mixed_kernels.cu"
  "atomics $e2e/atomics.cu"
  "double_ops $e2e/double_ops.cu"
  "warp_ops $e2e/warp_ops.cu"
  "warp_masks $e2e/warp_masks.cu"
  "cg_groups $e2e/cg_groups.cu"
  "cg_large_tiles $e2e/cg_large_tiles.cu"
  "early_exit_barrier $e2e/early_exit_barrier.cu"
  "device_memcpy $e2e/device_memcpy.cu"
  "cache_hints $e2e/cache_hints.cu"
  "atomics_functions $e2e/atomics_functions.cu"
  "atomics_wrap_cas $e2e/atomics_wrap_cas.cu"
  "atomics_contention $e2e/atomics_contention.cu"
  "atomics_generic $e2e/atomics_generic.cu"
  "atomics_nv $e2e/atomics_nv.cu"
  "ptx_syntax $e2e/ptx_syntax.cu"
  "ptx_integer $e2e/ptx_integer.cu"
  "ptx_integer_wide $e2e/ptx_integer_wide.cu"
  "ptx_float $e2e/ptx_float.cu"
  "ptx_float64 $e2e/ptx_float64.cu"
  "ptx_memory_warp $e2e/ptx_memory_warp.cu"
  "ptx_vector_indivisible $e2e/ptx_vector_indivisible.cu"
  "ptx_shared_atomics $e2e/ptx_shared_atomics.cu"
  "ptx_warp $e2e/ptx_warp.cu"
  "vector_types $e2e/vector_types.cu"
  "vector_ext $e2e/vector_ext.cu"
  "i10_hash_tails $e2e/i10_hash_tails.cu"
  "i10_bigint $e2e/i10_bigint.cu"
  "i10_global_addresses $e2e/i10_global_addresses.cu"
  "i10_int_widths $e2e/i10_int_widths.cu"
  "watchdog_timeout $e2e/watchdog_timeout.cu"
)
# The device services' programs (printf_*, assert_*, trap_*, clock_*, heap_*) run one
# after another in services_device_run.sh.
# Not here: i3_* (i3_device_run.sh) and extended_lambda.cu, which needs
# --extended-lambda (nvcc -O2 --extended-lambda -arch=sm_90; PASS, see its header).

# Compile and run the programs in parallel (one log each, each within 300 s: a program
# that hangs the GPU fails alone), then print the logs in order.
for p in "${programs[@]}"; do
  set -- $p
  name=$1
  shift
  ( timeout 300 "$e2e/run.sh" "$nvcc" "$flags" "$out" "$name" "$@" >"$out/$name.log" 2>&1
    echo $? >"$out/$name.rc" ) &
done
wait

summary=""
for p in "${programs[@]}"; do
  set -- $p
  echo "================ $1"
  cat "$out/$1.log"
  summary+="$1: $( [ "$(cat "$out/$1.rc")" = 0 ] && echo PASS || echo FAIL)"$'\n'
done

# errors.cu: every case alone in a fresh process, so one case cannot hide another.
if [ -x "$out/errors" ]; then
  n=$("$out/errors" count)
  for ((i = 0; i < n; i++)); do
    echo "================ errors case $i alone"
    "$out/errors" "$i"
    echo "(exit status $?)"
  done
fi
echo "================ summary"
printf '%s' "$summary"
