#!/usr/bin/env bash
# gpu_e2e.sh — e2e programs built by anchorcc, run through cudametal (ANCHOR_METAL=cudametal)
# on an NVIDIA GPU. Exits 77 (CTest's SKIP) with the reason when cudametal has no GPU
# (no driver, no device): CI stays green and says why.
#   gpu_e2e.sh BUILD_DIR OUT_DIR [NAME...]   (default: a set covering each capability)
set -u
build=$1 out=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(saxpy grid_dims shared_memory matmul_tiled scan atomics
  warp_ops streams_events memory_api errors tex_shapes tex2d_modes surf_rw)
export ANCHOR_METAL=cudametal
probe="$out/probe"
"$build/bin/anchorcc" -O2 "$root/samples/vectorAdd.cu" -o "$probe" >"$out/probe.log" 2>&1 || {
  cat "$out/probe.log"
  exit 1
}
"$probe" >>"$out/probe.log" 2>&1
if grep -q 'cudametal: no CUDA device\|cudametal: no usable CUDA device\|ANCHOR_METAL=cudametal: .*libcuda' "$out/probe.log"; then
  echo "SKIP: cudametal has no GPU here: $(grep -m1 'cudametal' "$out/probe.log")"
  exit 77
fi
fail=0
for n in "${names[@]}"; do
  if "$root/tests/e2e/run.sh" "$build/bin/anchorcc" -O2 "$out/bin" "$n" \
    "$root/tests/e2e/$n.cu" >"$out/$n.log" 2>&1; then
    echo "PASS $n"
  else
    echo "FAIL $n"
    tail -n 15 "$out/$n.log"
    fail=1
  fi
done
exit $fail
