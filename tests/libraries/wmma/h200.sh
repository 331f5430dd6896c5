#!/usr/bin/env bash
# tests/libraries/wmma/h200.sh — the wmma tests on an NVIDIA GPU (not a CTest test: needs
# nvcc and a GPU). Run from anywhere on the GPU machine:
#   bash tests/libraries/wmma/h200.sh [WORK_DIR] [BUILD_DIR]
# 1. Each tests/libraries/wmma/wmma_*.cu built by nvcc -O2 -arch=sm_90 (CUDA's own mma.h)
#    and run: prints "PASS nvcc NAME" or "FAIL nvcc NAME" + its output. Expected: PASS for
#    all nine (the data are exact except the 'random' cases, whose bounds are stated in
#    the sources; their "worst error/bound" shows how close NVIDIA's tensor cores come).
#    wmma_counts prints nvcc's num_elements/num_storage_elements of every fragment (its
#    static_asserts, Anchor's values, already failed the build if one differs);
#    wmma_u4/s4/b1 run the sub-byte forms (on sm_90 nvcc may emulate them).
#    Then bench/wmma_gemm.cu (nvcc, N 2048): "wmma ... GFLOP/s" on the tensor cores, for
#    docs/benchmarks.md "Warp matrix operations".
# 2. With BUILD_DIR (an Anchor build configured with -DANCHOR_CUDAMETAL=ON): the same
#    programs built by anchorcc and run through cudametal (ANCHOR_METAL=cudametal: the
#    MSL's simdgroup_matrix on warp shuffles), and softmetal's hand-written
#    simdgroup_matrix test through cudametal; each "PASS/FAIL cudametal NAME". Expected: PASS.
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=${1:-/tmp/wmma_h200}
build=${2:-}
mkdir -p "$work"
fail=0
# The nvcc builds side by side (nine programs), then the runs one after another.
for src in "$root"/tests/libraries/wmma/wmma_*.cu; do
  name=$(basename "${src%.cu}")
  (nvcc -O2 -arch=sm_90 "$src" -o "$work/nv_$name" >"$work/nv_$name.log" 2>&1 ||
    rm -f "$work/nv_$name") &
done
wait
for src in "$root"/tests/libraries/wmma/wmma_*.cu; do
  name=$(basename "${src%.cu}")
  if [ -x "$work/nv_$name" ] &&
    timeout 60 "$work/nv_$name" >>"$work/nv_$name.log" 2>&1 && grep -qx PASS "$work/nv_$name.log"; then
    echo "PASS nvcc $name"
  else
    echo "FAIL nvcc $name"
    tail -n 20 "$work/nv_$name.log"
    fail=1
  fi
  grep -E '^(ok|FAIL) |num_elements' "$work/nv_$name.log" | sed 's/^/    /'
done
if nvcc -O2 -arch=sm_90 "$root/bench/wmma_gemm.cu" -o "$work/nv_bench" >"$work/nv_bench.log" 2>&1; then
  echo "bench nvcc: $(timeout 60 "$work/nv_bench" 2048 5 2>&1 | head -1)"
fi
if [ -n "$build" ]; then
  export ANCHOR_METAL=cudametal
  for src in "$root"/tests/libraries/wmma/wmma_*.cu; do
    name=$(basename "${src%.cu}")
    if "$build/bin/anchorcc" -O2 "$src" -o "$work/cm_$name" >"$work/cm_$name.log" 2>&1 &&
      timeout 120 "$work/cm_$name" >>"$work/cm_$name.log" 2>&1 && grep -qx PASS "$work/cm_$name.log"; then
      echo "PASS cudametal $name"
    else
      echo "FAIL cudametal $name"
      tail -n 20 "$work/cm_$name.log"
      fail=1
    fi
  done
  "$build/bin/anchorcc" -O2 "$root/bench/wmma_gemm.cu" -o "$work/cm_bench" >"$work/cm_bench.log" 2>&1 &&
    echo "bench cudametal: $(timeout 120 "$work/cm_bench" 2048 5 2>&1 | head -1)"
  if timeout 120 "$build/bin/softmetal_test_simdgroup_matrix" >"$work/cm_sgm.log" 2>&1; then
    echo "PASS cudametal test_simdgroup_matrix"
  else
    echo "FAIL cudametal test_simdgroup_matrix"
    tail -n 20 "$work/cm_sgm.log"
    fail=1
  fi
fi
exit $fail
