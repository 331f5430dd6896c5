#!/usr/bin/env bash
# tests/device_pending.sh — every NVIDIA-GPU check the open issues wait for, in one run of
# under 10 minutes (the device tool's limit per call): run it on the GPU machine from the
# repository root, with OUT set to a folder that comes back; one file per check in $OUT.
# Not a CTest test (needs nvcc and an NVIDIA GPU). What each expects is in its own script;
# the ones without a script of their own:
#   grid_sync, cg_nested_tiles 1-3, ptx_dynamic_smem, streams_ptds_sync (issue 8/9):
#     PASS; wide.txt (issue 10): "checksum 234ca7865967c25b, sizes 25 38 99 163" and PASS;
#   legacy.txt: "update to another shape: cudaErrorGraphExecUpdateFailure, result 2", PASS;
#   pvi.txt: "torn reads: 0", PASS;
#   texcodes.txt (issue 15): the " ?" lines settle Anchor's choices; expected
#     textureAlignment 512 and cudaErrorInvalidChannelDescriptor for 3 channels.
#   textures.txt, spill.txt (issues 15, 14), wmma.txt, cufft.txt (16): what their scripts' headers say.
# Session 27 ran this batch on an H100 (CUDA 13.0); session 28 (2026-12-07, an H100 at
# 10:08) ran codes.txt, textures.txt and texcodes.txt: NVIDIA's driver crashed on a second
# cuLogsUnregisterCallback of one handle (the probe no longer makes it) and Anchor now
# follows everything the probe printed before it. No machine came again that session, so
# still to run. Session 29 (an H100 at 15:44, the only machine that came) ran the cudametal
# texture programs (9 PASS) and 22 rows of issue 7's exhaustive run (docs/testing.md); still
# to run (all in this script): codes.txt (the probe's lines after the log section,
# and which errors CUDA logs: its "log:" lines), mempool.txt (e2e/mempool_places: PASS and
# its "?" lines), textures.txt (now with tex_view_format: do views in another format
# work?) and texcodes.txt (PASS: alignment 512, +256 refused), spill.txt (4 passed, with
# shared_size_bytes 44 48 17 9 4), redecl.txt (e2e/exec_space_redecl: PASS),
# curand.txt (tests/libraries/curand/h200.sh: ALL PASS, and the number printed after
# mtgp32). In calls of their own: issue 12's bench bundle (bench/gpu/run_h200.sh after
# bench/gpu/pack_h200.sh here; carry it), the cudametal texture programs
# (cudametal/pack_h200.sh, then E2E_ONLY='tex* surf*' cudametal/run_h200.sh
# cudametal_bundle: done, session 29), issue 7's exhaustive runs (tests/math/gpu_exhaustive.sh
# pack here, then PART=1/2 and PART=2/2 ... run build/exh_bundle there: about 14 rows per
# 500 s call on that H100, so 6-7 calls; rows by name; the __expf/__exp10f fix to re-run),
# shared_spill_h200.sh (now with shared_spill_slots), tests/e2e/spin_one_lane.cu (PASS),
# the driver probe's new "(Anchor: ...)" lines, and the
# cudametal steps of tests/libraries/{cublas,cufft,wmma}/h200*.sh (bundles).
# Session 30 (an H100 at 19:09, 2026-12-07) ran: issue 12's bench bundle (table in
# docs/benchmarks.md), cublas/h200.sh steps 1-2 (step 3 stopped: its bundle needs a filled
# cudametal module cache), cufft/h200.sh nvcc, wmma/h200.sh step 1 (9 PASS), the exhaustive
# rows __expf __exp10f and PART=2/2's first 11. Next: the re-run of the fixed cuBLAS/cuFFT
# tests (legacy, lt, xt print what is needed), bench/gpu again for the vector accesses.
# Session 31 (2026-12-07 21:14-00:14 UTC) had no device time left (100 s of its budget). Added
# for the next run: tests/cudametal/nvrtc_modules_gpu.sh pack build-cm cudametal_bundle here,
# `... run cudametal_bundle` there (the five math programs whose NVRTC compile timed out:
# expected 6 PASS, NVRTC seconds per module); cublas/h200.sh now also builds lt_int8,
# lt_epilogue, lt_fp8 and gemv16 under nvcc (repack: h200_pack.sh fills the module cache),
# and tests/libraries/cublas/record/lt_order_probe.cu (nvcc -O2 -arch=sm_90 ... -lcublasLt)
# prints NVIDIA's tiled-order layouts, 8-bit rounding, AUX mask and fp8 answers to compare
# with Anchor's (every line matches under anchorcc); bench/gpu again for fp64 kernels with
# the out-of-line helpers (CUDAMETAL_OUTLINE=off for the before side).
cd "$(dirname "$0")/.." || exit 1
O=${OUT:-/tmp/device_pending}
W=$(mktemp -d)
mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$O/gpu.txt"
e2e=tests/e2e
nv() { nvcc -O2 -arch=sm_90 "$@"; }
# phase A: in parallel (<= 300 s)
(
  nv $e2e/grid_sync.cu -lcuda -o "$W/gs" && timeout 20 "$W/gs" 2>&1 | grep -v INFO | tail -6
  nv --default-stream per-thread $e2e/streams_ptds_sync.cu -o "$W/ps" && timeout 15 "$W/ps" 2>&1 | tail -2
  nv $e2e/ptx_dynamic_smem.cu -o "$W/pd" && timeout 10 "$W/pd" 2>&1 | tail -2
  nv $e2e/cg_nested_tiles.cu -o "$W/cg" && for c in 1 2 3; do timeout 8 "$W/cg" $c 2>&1 | tail -2; done
) >"$O/issue8.txt" 2>&1 &
(timeout 150 sh tests/runtime/cuda/driver_issue9_codes.sh >"$O/codes.txt" 2>&1) &
(nv $e2e/i10_wide_bitfields.cu -o "$W/wb" && timeout 20 "$W/wb" >"$O/wide.txt" 2>&1) &
(nv $e2e/mempool_places.cu -o "$W/mpp" && timeout 30 "$W/mpp" >"$O/mempool.txt" 2>&1) &
(nv $e2e/exec_space_redecl.cu -o "$W/esr" && timeout 30 "$W/esr" >"$O/redecl.txt" 2>&1) &
(timeout 240 sh tests/libraries/curand/h200.sh >"$O/curand.txt" 2>&1) &
(timeout 150 sh tests/runtime/cuda/graph_issue9_h200.sh >"$O/graph9.txt" 2>&1) &
(nv $e2e/graph_legacy_forms.cu -o "$W/glf" && timeout 20 "$W/glf" >"$O/legacy.txt" 2>&1) &
(nv $e2e/ptx_vector_indivisible.cu -o "$W/pvi" && timeout 60 "$W/pvi" >"$O/pvi.txt" 2>&1) &
(timeout 290 bash tests/cccl/h200.sh "$W/cccl" >"$O/cccl.txt" 2>&1) &
(timeout 290 bash tests/differential/pargen_device_run.sh 1 200 >"$O/pargen.txt" 2>&1) &
(timeout 290 bash $e2e/textures_device_run.sh "$W/tex" >"$O/textures.txt" 2>&1) &
(nv tests/runtime/cuda/texture_codes.cu -o "$W/tc" && timeout 20 "$W/tc" >"$O/texcodes.txt" 2>&1) &
(timeout 200 bash $e2e/shared_spill_h200.sh "$W/spill" >"$O/spill.txt" 2>&1) &
(timeout 280 bash tests/libraries/wmma/h200.sh "$W/wmma" >"$O/wmma.txt" 2>&1) &
# cuFFT's programs with nvcc need FFTW, packed here: tests/libraries/cufft/h200.sh pack (carry it)
[ -d build/cufft_h200 ] && (timeout 280 bash tests/libraries/cufft/h200.sh run build/cufft_h200 nvcc >"$O/cufft.txt" 2>&1) &
wait
# phase B (<= 240 s)
timeout 240 bash $e2e/issue9_device_run.sh "$W/i9" >"$O/i9.txt" 2>&1
echo "done: $(ls "$O")"
