# bench/gpu/workloads.sh — the lists pack_h200.sh and run_h200.sh share (sourced).
# Workloads: a source bench/gpu/NAME.cu, or NAME_f32 (the source built as is) and
# NAME_f64_exact / NAME_f64_fast (built with -DBENCH_DOUBLE, anchorcc --fp64=exact|fast;
# the nvcc build is one binary NAME_f64).
BENCH_WORKLOADS="launch stream reduce stencil sgemm lulesh_f32 ccsdt_f32
  lulesh_f64_exact lulesh_f64_fast ccsdt_f64_exact ccsdt_f64_fast"
# e2e programs with shared memory, barriers or warp operations: run under
# compute-sanitizer racecheck and synccheck through cudametal.
BENCH_SANITIZER_E2E="shared_memory scan warp_ops warp_sync_reduce warp_sync_exchange
  warp_sync_transpose cg_groups cg_large_tiles ptx_warp ptx_memory_warp ptx_shared_atomics
  i3_reduce_sizes i3_scan_exclusive i3_shared_misc warp_masks"
# The open cudametal failures of Metal's SIMD-group convergence against CUDA's independent
# thread scheduling: run with and without CUDAMETAL_PTX_TARGET=sm_60 (step 5).
BENCH_CONVERGENCE_E2E="warp_masks cg_groups ptx_memory_warp"
