#!/usr/bin/env bash
# libcu_h200.sh — on an NVIDIA GPU (the H200), from the repository root: builds the
# libcu++ end-to-end programs (tests/e2e/libcu_*.cu) with nvcc and runs each; every one
# prints PASS or FAIL: <details> from its own host checks. Two builds:
#  (a) nvcc as users build: -arch=sm_90 with CUDA's own libcu++ (which nvcc finds first);
#  (b) with Debian's libcu++ 1.8.1 — the headers anchorcc uses — at compute_75 (PTX, JIT
#      to the GPU), so __CUDA_ARCH__ is 750 as under Anchor and libcu++ takes the same
#      paths (atom/ld/st with orders and scopes, the atomic barrier with warp aggregation,
#      synchronous memcpy_async). Needs LIBCUXX_181_DIR: a directory holding Debian's
#      /usr/include/cuda and /usr/include/nv (e.g. copied next to the repository:
#      mkdir -p shared/libcuxx181 && cp -r /usr/include/cuda /usr/include/nv shared/libcuxx181/).
#      nvcc's headers include <new> only for device code: -include new, as Anchor's
#      cuda_runtime.h does.
# Expected: PASS from every program in both builds. What only an NVIDIA GPU can say:
# libcu_isspacep's values (CUDA's definitions); whether (b)'s atomics and waits behave as
# Anchor's translation of the same PTX does.
#   tests/e2e/libcu_h200.sh [OUT_DIR]
set -u
out=${1:-/tmp/libcu_h200}
mkdir -p "$out"
nvcc=${NVCC:-nvcc}
echo "== date: $(date -u '+%Y-%m-%d %H:%M UTC')"
"$nvcc" --version | tail -n 2
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
status=0
run_build() { # label, flags...
  local label=$1
  shift
  for src in tests/e2e/libcu_*.cu; do
    local name
    name=$(basename "$src" .cu)
    if ! "$nvcc" -O2 "$@" "$src" -o "$out/$name.$label" 2>"$out/$name.$label.log"; then
      echo "== $label $name: COMPILE FAILED"
      cat "$out/$name.$label.log"
      status=1
      continue
    fi
    timeout 120 "$out/$name.$label" >"$out/$name.$label.txt" 2>&1
    local rc=$?
    echo "== $label $name: exit $rc"
    cat "$out/$name.$label.txt"
    [ $rc = 0 ] || status=1
  done
}
run_build cuda13 -arch=sm_90
if [ -n "${LIBCUXX_181_DIR:-}" ] && [ -d "$LIBCUXX_181_DIR/cuda/std" ]; then
  run_build libcuxx181 -gencode arch=compute_75,code=compute_75 -I"$LIBCUXX_181_DIR" -include new
else
  echo "== libcuxx181: skipped (LIBCUXX_181_DIR does not hold Debian's libcu++ 1.8.1 headers)"
fi
exit $status
