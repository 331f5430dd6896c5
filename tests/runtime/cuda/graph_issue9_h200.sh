#!/bin/sh
# tests/runtime/cuda/graph_issue9_h200.sh [ANCHORCC] — the programs of issue 9's last graph
# features (cooperative kernel nodes, batch-memop nodes; tests/e2e/graph_cooperative.cu and
# graph_memops.cu) built with nvcc (when installed) and run on the NVIDIA GPU, and with
# anchorcc (when given) on softmetal; shows each output and the lines where they differ
# (INFO lines, device numbers, left out). The UNSURE points these programs print — where
# CUDA refuses a cooperative node above the co-resident capacity, the codes of kernel-node
# attributes graph nodes do not take, how CUDA splits captured stream memory operations into
# nodes, the codes of bad batch-memop parameters — are read from the CUDA side.
#   on the GPU machine:  sh tests/runtime/cuda/graph_issue9_h200.sh
#   here:                sh tests/runtime/cuda/graph_issue9_h200.sh build/bin/anchorcc
set -u
here=$(cd "$(dirname "$0")" && pwd)
e2e=$here/../../e2e
out=${TMPDIR:-/tmp}/graph_issue9.$$
mkdir -p "$out" && trap 'rm -rf "$out"' EXIT
for name in graph_cooperative graph_memops; do
  if command -v nvcc >/dev/null; then
    nvcc -O2 -arch=sm_90 -o "$out/$name.cuda" "$e2e/$name.cu" -lcuda &&
      "$out/$name.cuda" >"$out/$name.cuda.txt" 2>&1
    status=$?
    gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null || echo no GPU)
    echo "== $name: CUDA ($gpu), exit $status"
    cat "$out/$name.cuda.txt"
  fi
  if [ $# -ge 1 ]; then
    "$1" -O2 "$e2e/$name.cu" -lcuda -o "$out/$name.anchor" &&
      "$out/$name.anchor" >"$out/$name.anchor.txt" 2>&1
    echo "== $name: Anchor"
    cat "$out/$name.anchor.txt"
  fi
  if [ -s "$out/$name.cuda.txt" ] && [ -s "$out/$name.anchor.txt" ]; then
    echo "== $name: differences (< CUDA, > Anchor; INFO lines left out)"
    diff "$out/$name.cuda.txt" "$out/$name.anchor.txt" | grep '^[<>]' | grep -v 'INFO' || echo "none"
  fi
done
