#!/usr/bin/env bash
# issue9_device_run.sh — builds the issue-9/11 end-to-end programs (streams, events,
# memory, queries, driver API, NVRTC, graphs, lockstep, watchdog) with nvcc and runs
# each on a real NVIDIA GPU, printing every program's whole output: the API-contract
# programs print one line per call, to be compared with Anchor's output on softmetal.
# Not a CTest test (needs nvcc and a GPU). From the repository root:
#   tests/e2e/issue9_device_run.sh [OUTDIR]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/issue9-nvcc}
nvcc=${NVCC:-nvcc}
cuda=$(dirname "$(dirname "$(command -v "$nvcc")")")
flags="-O2 -arch=sm_90"
mkdir -p "$out"
e2e=$root/tests/e2e
echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

# name|compile flags|sources (run as out/name)
programs=(
  "func_queries||$e2e/func_queries.cu"
  "device_queries_contract||$e2e/device_queries_contract.cu"
  "streams_order||$e2e/streams_order.cu"
  "streams_legacy||$e2e/streams_legacy.cu"
  "streams_per_thread||$e2e/streams_per_thread.cu"
  "streams_per_thread_default|--default-stream per-thread|$e2e/streams_per_thread.cu"
  "events_timing||$e2e/events_timing.cu"
  "stream_errors||$e2e/stream_errors.cu"
  "stream_callback_error||$e2e/stream_callback_error.cu"
  "memory_errors||$e2e/memory_errors.cu"
  "managed_vars||$e2e/managed_vars.cu"
  "managed_first_launch||$e2e/managed_first_launch.cu"
  "managed_twofile||$e2e/managed_twofile_a.cu $e2e/managed_twofile_b.cu"
  "rdc|-rdc=true|$e2e/rdc_main.cu $e2e/rdc_lib.cu $e2e/rdc_kernels.cu"
  "memory_attributes||$e2e/memory_attributes.cu"
  "memory_zero_copy||$e2e/memory_zero_copy.cu"
  "memory_pitched||$e2e/memory_pitched.cu"
  "memory_pools||$e2e/memory_pools.cu"
  "memory_async_2d|-lcuda|$e2e/memory_async_2d.cu"
  "streams_ptds_sync|--default-stream per-thread|$e2e/streams_ptds_sync.cu"
  "context_destroy|-lcuda|$e2e/context_destroy.cu"
  "driver_error_names|-lcuda|$e2e/driver_error_names.cpp"
  "driver_runtime_mix|-lcuda|$e2e/driver_runtime_mix.cu"
  "driver_graph|-lcuda|$e2e/driver_graph.cu"
  "driver_occupancy|-lcuda|$e2e/driver_occupancy.cu"
  "driver_vmm|-lcuda|$e2e/driver_vmm.cu"
  "driver_host_register|-lcuda|$e2e/driver_host_register.cu"
  "volatile_shared_spin||$e2e/volatile_shared_spin.cu"
  "nvrtc_launch|-lnvrtc -lcuda|$e2e/nvrtc_launch.cu"
  "nvrtc_type_name|-lnvrtc|$e2e/nvrtc_type_name.cu"
  "warp_sync_reduce||$e2e/warp_sync_reduce.cu"
  "warp_sync_exchange||$e2e/warp_sync_exchange.cu"
  "warp_sync_transpose||$e2e/warp_sync_transpose.cu"
  "watchdog_timeout||$e2e/watchdog_timeout.cu"
  "cache_hints||$e2e/cache_hints.cu"
  # issue 10, the runtime under bad input, load and faults (docs/testing.md)
  "api_bad_args|-lcuda|$e2e/api_bad_args.cu"
  "fault_far_access||$e2e/fault_far_access.cu"
  "load_threads||$e2e/load_threads.cu"
  "load_launches||$e2e/load_launches.cu"
  "load_malloc||$e2e/load_malloc.cu"
)
for g in "$e2e"/graph_*.cu; do
  [ -f "$g" ] && programs+=("$(basename "${g%.cu}")||$g")
done

# Compile everything in parallel, then run one at a time.
for p in "${programs[@]}"; do
  IFS='|' read -r name extra srcs <<<"$p"
  # shellcheck disable=SC2086
  ( $nvcc $flags $srcs $extra -o "$out/$name" > "$out/$name.build" 2>&1 || echo "BUILD FAILED" >> "$out/$name.build" ) &
done
( gcc -std=c17 "$root/tests/nvrtc/nvrtc_api.c" -I"$cuda/include" -L"$cuda/lib64" -lnvrtc -lpthread \
    -o "$out/nvrtc_api" > "$out/nvrtc_api.build" 2>&1 || echo "BUILD FAILED" >> "$out/nvrtc_api.build" ) &
wait
for p in "${programs[@]}" "nvrtc_api||"; do
  IFS='|' read -r name extra srcs <<<"$p"
  echo
  echo "===== $name"
  cat "$out/$name.build"
  if [ -x "$out/$name" ]; then
    ( cd "$out" && timeout 120 "./$name" 2>&1 ); echo "== $name exit $?"
  fi
done
echo
echo "===== driver_module (nvcc -fatbin/-cubin, -lcuda)"
timeout 300 "$e2e/driver_module.sh" "$nvcc" "$out/driver_module" 2>&1; echo "== driver_module exit $?"
