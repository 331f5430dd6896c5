#!/usr/bin/env bash
# run_h200.sh — run THERE (an NVIDIA GPU machine with the CUDA toolkit), from the
# repository root, one call (well under 8 minutes): every e2e program built by anchorcc
# (BUNDLE/bin, from pack_h200.sh) through cudametal, one PASS/FAIL line each, then the
# kernel times of bench_kernels.cu built by anchorcc (through cudametal) and by nvcc,
# side by side.   Usage: cudametal/run_h200.sh [BUNDLE (default cudametal_bundle)]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bundle=$(cd "${1:-$root/cudametal_bundle}" && pwd) || exit 1
cuda=${CUDA_HOME:-/usr/local/cuda}
echo "== $(date -u '+%F %T UTC') $(uname -m) $(. /etc/os-release 2>/dev/null; echo "$PRETTY_NAME")"
echo "== glibc $(ldd --version | head -n1 | awk '{print $NF}'); nvcc: $("$cuda/bin/nvcc" --version | tail -n1)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
export LD_LIBRARY_PATH="$bundle/lib:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export CUDA_HOME=$cuda ANCHOR_METAL=cudametal ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-32G}
out=${OUT:-/tmp}/cudametal_run
mkdir -p "$out"
pass=0 fail=0
for exe in "$bundle"/bin/*; do
  name=$(basename "$exe")
  timeout 60 "$exe" >"$out/$name.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && grep -q '^PASS' "$out/$name.log"; then
    echo "PASS $name"
    pass=$((pass + 1))
  else
    echo "FAIL $name (exit $rc): $(grep -v '^PASS' "$out/$name.log" | grep -m2 -i 'fail\|error\|cudametal' | tr '\n' ' ' | cut -c1-300)"
    fail=$((fail + 1))
  fi
done
echo "== e2e through cudametal: $pass PASS, $fail FAIL (logs in $out)"
echo "== bench_kernels: anchorcc build (cudametal) vs nvcc build, ms per launch"
"$cuda/bin/nvcc" -O2 -arch=sm_90 "$root/cudametal/bench_kernels.cu" -o "$out/bench_kernels.nvcc" || exit 1
timeout 120 "$bundle/bench_kernels.anchor" >"$out/bench.anchor.log" 2>&1
ANCHOR_METAL= timeout 120 "$out/bench_kernels.nvcc" >"$out/bench.nvcc.log" 2>&1
printf '%-22s %12s %12s %8s\n' kernel anchorcc nvcc ratio
for k in $(awk '/^TIME/ {print $2}' "$out/bench.nvcc.log"); do
  a=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$out/bench.anchor.log")
  b=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$out/bench.nvcc.log")
  printf '%-22s %12s %12s %8s\n' "$k" "${a:-?}" "$b" \
    "$(awk -v a="${a:-0}" -v b="$b" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "?" }')"
done
echo "anchorcc build: $(grep -v '^TIME' "$out/bench.anchor.log" | tail -n 3 | tr '\n' ' ')"
echo "nvcc build:     $(grep -v '^TIME' "$out/bench.nvcc.log" | tail -n 3 | tr '\n' ' ')"
