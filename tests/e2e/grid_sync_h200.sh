#!/usr/bin/env bash
# grid_sync_h200.sh — on an NVIDIA GPU (the H200), from the repository root: builds
# tests/e2e/grid_sync.cu with nvcc, runs it, and compares its lines without "INFO" with
# what anchorcc's build printed on softmetal (tests/e2e/observed/grid_sync.softmetal.txt).
# Then, when a cudametal bundle is given (cudametal/pack_h200.sh), the anchorcc build of
# the same program through cudametal (ANCHOR_METAL=cudametal) is compared the same way.
#   tests/e2e/grid_sync_h200.sh [OUT_DIR [CUDAMETAL_BUNDLE]]
set -u
out=${1:-/tmp/grid_sync} bundle=${2:-}
mkdir -p "$out"
expected=tests/e2e/observed/grid_sync.softmetal.txt
nvcc -O2 -arch=sm_90 tests/e2e/grid_sync.cu -lcuda -o "$out/grid_sync_nvcc" || exit 1
"$out/grid_sync_nvcc" >"$out/nvcc.txt" 2>&1
echo "== nvcc build: exit $?"
cat "$out/nvcc.txt"
if grep -v INFO "$out/nvcc.txt" | diff - "$expected"; then
  echo "== nvcc build: same lines as softmetal"
else
  echo "== nvcc build: DIFFERS from softmetal (above)"
fi
if [ -n "$bundle" ] && [ -x "$bundle/bin/grid_sync" ]; then
  # as cudametal/run_h200.sh runs bundle programs: NVIDIA's driver by absolute path
  # (the bundle's libcuda.so.1 is libanchor)
  cuda=${CUDA_HOME:-/usr/local/cuda}
  export CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$(ldconfig -p | awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')}
  env "LD_LIBRARY_PATH=$bundle/lib:$cuda/lib64" "CUDA_HOME=$cuda" ANCHOR_METAL=cudametal \
    ANCHOR_ARENA_SIZE=32G timeout 120 "$bundle/bin/grid_sync" >"$out/cudametal.txt" 2>&1
  echo "== cudametal: exit $?"
  cat "$out/cudametal.txt"
  grep -v INFO "$out/cudametal.txt" | diff - "$expected" && echo "== cudametal: same lines as softmetal"
fi
