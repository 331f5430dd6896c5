#!/usr/bin/env bash
# run_h200.sh — run THERE (an NVIDIA GPU machine with the CUDA toolkit), from the
# repository root, one call of at most ~8 minutes:
#   1. the machine (OS, glibc, nvcc, GPU, driver);
#   2. a smoke test: the first e2e program (sample_vectorAdd, else the first in BUNDLE/bin) once
#      with CUDAMETAL_TRACE=1, its first 40 lines shown (commits, completions, errors);
#   3. bench_kernels.cu built by anchorcc (BUNDLE, through cudametal) and by nvcc (here),
#      side by side, each run at most 60 s;
#   4. every e2e program of BUNDLE/bin through cudametal, 5 at a time (E2E_JOBS), at most 60 s each
#      (E2E_LIMIT), those matching E2E_LONG (a shell pattern, default math_*: NVRTC takes
#      long on their big modules) at most E2E_LONG_LIMIT (default 200) s and started first,
#      until the e2e time budget (E2E_BUDGET seconds, default 300) is spent: the rest is
#      SKIP (budget). A failing program's first error lines are shown, its whole log is
#      copied to $OUT/cudametal_fail/;
#   5. one summary line: "== summary: P PASS, F FAIL, S SKIP of N; bench ...".
# E2E_ONLY (space-separated shell patterns, e.g. 'tex* surf*'): only the e2e programs whose
# names match run in step 4, and step 3 (bench_kernels) is left out.
# Logs: $OUT/cudametal_run (or /tmp/cudametal_run).
# Usage: cudametal/run_h200.sh [BUNDLE (default cudametal_bundle)]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bundle=$(cd "${1:-$root/cudametal_bundle}" && pwd) || exit 1
cuda=${CUDA_HOME:-/usr/local/cuda}
budget=${E2E_BUDGET:-300}
limit=${E2E_LIMIT:-60}
long_pattern=${E2E_LONG:-math_*}
long_limit=${E2E_LONG_LIMIT:-200}
jobs=${E2E_JOBS:-5}
only=${E2E_ONLY:-}
echo "== $(date -u '+%F %T UTC') $(uname -m) $(. /etc/os-release 2>/dev/null; echo "$PRETTY_NAME")"
echo "== glibc $(ldd --version | head -n1 | awk '{print $NF}'); nvcc: $("$cuda/bin/nvcc" --version | tail -n1)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
# NVIDIA's driver for cudametal by absolute path (bundle/lib/libcuda.so.1 is libanchor).
export CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$(ldconfig -p | awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')}
echo "== driver for cudametal: ${CUDAMETAL_LIBCUDA:-none found by ldconfig (cudametal tries the usual directories)}"
# Only Anchor's programs see the bundle's libraries: the nvcc build must get NVIDIA's
# libcuda.so.1, not the bundle's link to libanchor.
anchor_env=(env "LD_LIBRARY_PATH=$bundle/lib:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  "CUDA_HOME=$cuda" ANCHOR_METAL=cudametal "ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-32G}")
out=${OUT:-/tmp}/cudametal_run
fail_dir=${OUT:-/tmp}/cudametal_fail
mkdir -p "$out/e2e" "$fail_dir"
# printf_capture.h's programs read their expected output from here.
export E2E_EXPECTED_DIR=$bundle/expected

# 2. smoke test with the trace
smoke="$bundle/bin/sample_vectorAdd"
[ -x "$smoke" ] || smoke=$(ls "$bundle"/bin/* | head -n1)
echo "== smoke: $(basename "$smoke") with CUDAMETAL_TRACE=1 (first 40 lines)"
"${anchor_env[@]}" CUDAMETAL_TRACE=1 timeout 60 "$smoke" >"$out/smoke.log" 2>&1
echo "   exit $?"
head -n 40 "$out/smoke.log" | sed 's/^/   | /'

# 3. kernel times: anchorcc build vs nvcc build
bench=ok
if [ -n "$only" ]; then
  bench="left out (E2E_ONLY)"
else
  echo "== bench_kernels: anchorcc build (cudametal) vs nvcc build, ms per launch"
  "$cuda/bin/nvcc" -O2 -arch=sm_90 "$root/cudametal/bench_kernels.cu" -o "$out/bench_kernels.nvcc" ||
    bench="nvcc failed"
  "${anchor_env[@]}" timeout 60 "$bundle/bench_kernels.anchor" >"$out/bench.anchor.log" 2>&1 || bench="anchorcc build exit $?"
  timeout 60 "$out/bench_kernels.nvcc" >"$out/bench.nvcc.log" 2>&1 ||
    bench="$bench; nvcc build exit $?"
  printf '%-22s %12s %12s %8s\n' kernel anchorcc nvcc ratio
  for k in $(awk '/^TIME/ {print $2}' "$out/bench.nvcc.log" "$out/bench.anchor.log" | awk '!seen[$0]++'); do
    a=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$out/bench.anchor.log")
    b=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$out/bench.nvcc.log")
    printf '%-22s %12s %12s %8s\n' "$k" "${a:-?}" "${b:-?}" \
      "$(awk -v a="${a:-0}" -v b="${b:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "?" }')"
  done
  echo "anchorcc build: $(grep -v '^TIME' "$out/bench.anchor.log" | head -n 5 | tr '\n' ' ' | cut -c1-400)"
  echo "nvcc build:     $(grep -v '^TIME' "$out/bench.nvcc.log" | tail -n 3 | tr '\n' ' ' | cut -c1-400)"
fi

# 4. e2e programs, $jobs at a time, within the budget
deadline=$(($(date +%s) + budget))
run_one() { # exe deadline out LD_LIBRARY_PATH fail_dir -> prints one result line
  local exe=$1 deadline=$2 out=$3 name left rc max=$E2E_LIMIT
  name=$(basename "$exe")
  # shellcheck disable=SC2254
  case "$name" in $E2E_LONG) max=$E2E_LONG_LIMIT ;; esac
  left=$((deadline - $(date +%s)))
  if [ $left -le 5 ]; then
    echo "SKIP $name (e2e time budget spent)"
    return
  fi
  [ $left -gt $max ] && left=$max
  local t0=$(date +%s)
  LD_LIBRARY_PATH=$4 ANCHOR_METAL=cudametal timeout -k 5 $left "$exe" >"$out/$name.log" 2>&1
  rc=$?
  local secs=$(($(date +%s) - t0))
  if [ $rc -eq 0 ] && grep -q '^PASS' "$out/$name.log"; then
    echo "PASS $name (${secs}s)"
  else
    local why="exit $rc"
    [ $rc -eq 124 ] || [ $rc -eq 137 ] && why="timeout after ${secs}s"
    cp "$out/$name.log" "$5/" 2>/dev/null
    echo "FAIL $name ($why): $(grep -v '^PASS' "$out/$name.log" |
      grep -m4 -i 'fail\|error\|cudametal\|anchor:\|mismatch\|abort\|fault\|want' | tr '\n' '|' | cut -c1-400)"
  fi
}
export -f run_one
echo "== e2e through cudametal ($jobs at a time, ${limit} s each, $long_pattern ${long_limit} s," \
  "budget ${budget}s)"
export CUDA_HOME=$cuda ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-32G} E2E_LIMIT=$limit \
  E2E_LONG=$long_pattern E2E_LONG_LIMIT=$long_limit
selected() { # the programs E2E_ONLY names (all when unset)
  local exes=("$bundle"/bin/*) exe p -
  set -f # the patterns are matched against names, never expanded as file names
  for exe in "${exes[@]}"; do
    [ -z "$only" ] && { echo "$exe"; continue; }
    for p in $only; do
      # shellcheck disable=SC2254
      case "$(basename "$exe")" in $p) echo "$exe"; break ;; esac
    done
  done
}
{ # the long ones first, so that they overlap the others
  for exe in $(selected); do
    # shellcheck disable=SC2254
    case "$(basename "$exe")" in $long_pattern) echo "$exe" ;; esac
  done
  for exe in $(selected); do
    # shellcheck disable=SC2254
    case "$(basename "$exe")" in $long_pattern) ;; *) echo "$exe" ;; esac
  done
} | xargs -P "$jobs" -I{} bash -c 'run_one "$1" "$2" "$3" "$4" "$5"' _ {} "$deadline" \
  "$out/e2e" "$bundle/lib:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$fail_dir" \
  >"$out/e2e.txt"
sort -k2 "$out/e2e.txt"
pass=$(grep -c '^PASS' "$out/e2e.txt")
fail=$(grep -c '^FAIL' "$out/e2e.txt")
skip=$(grep -c '^SKIP' "$out/e2e.txt")
echo "== summary: $pass PASS, $fail FAIL, $skip SKIP of $((pass + fail + skip)) e2e programs through" \
  "cudametal; bench: $bench (logs in $out, failing ones also in $fail_dir)"
