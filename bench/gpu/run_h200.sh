#!/usr/bin/env bash
# bench/gpu/run_h200.sh — run THERE (one NVIDIA GPU, the CUDA toolkit with nvcc and
# compute-sanitizer), from the repository root, with the bundle bench/gpu/pack_h200.sh
# made here; one call of about 8 minutes (BENCH_BUDGET seconds, default 480, for steps
# 2-6; every step also has its own limit, so one slow step cannot eat the rest):
#   1. the machine (OS, glibc, nvcc, GPU, driver);
#   2. nvcc -O2 -arch=sm_<the GPU's> builds of every workload (bench/gpu/*.cu; the double
#      ones once, -DBENCH_DOUBLE) and of the sanitizer's e2e programs, in parallel;
#   3. each workload's anchorcc build through cudametal (ANCHOR_METAL=cudametal; the
#      double ones twice: --fp64=exact, --fp64=fast), then its nvcc build, one after the
#      other on the same GPU (BENCH_LIMIT s each, default 90; the f64 anchorcc builds
#      BENCH_F64_LIMIT, default 150); then the table: kernel, anchorcc ms, nvcc ms,
#      anchorcc/nvcc, and the rate of each build (GB/s, GFLOP/s, emulated double GFLOP/s)
#      from the OPS lines; also to $OUT/bench_gpu/table.txt;
#   4. compute-sanitizer --tool racecheck and --tool synccheck on each anchorcc workload
#      (small mode, --fp64=exact for the double ones) and on the bundle's e2e programs,
#      through cudametal, SAN_JOBS at a time (default 6), SAN_LIMIT s each (default 90);
#      the nvcc build of a program is run under the same tool only when the anchorcc
#      build reported something, so a hazard of the source is told from one of the
#      translation. One line per run: CLEAN / HAZARD / ERROR / TIMEOUT, the summary lines;
#      logs in $OUT/bench_gpu/san/;
#   5. the warp-convergence experiment (docs/cudametal.md "Warp convergence"): the e2e
#      programs of BENCH_CONVERGENCE_E2E through cudametal, as they are and with
#      CUDAMETAL_PTX_TARGET=sm_60 (PTX retargeted, JIT-compiled by the driver), 60 s each;
#   6. (run after 3, before 4) the launch path (docs/cudametal.md "The launch path"): the anchorcc build of launch.cu
#      through cudametal, 3 times each alternating, with the whole parameter struct and
#      with CUDAMETAL_PARAM_BYTES=used (an experiment: only its set part given to the
#      driver; an error there, e.g. CUDA_ERROR_INVALID_VALUE, is the answer too), TIME lines.
# cudametal's module cache is the bundle's (filled by pack_h200.sh): the number of
# modules compiled here (cache misses) is printed.
# Usage: bench/gpu/run_h200.sh [BUNDLE (default bench_bundle)] [steps (default "2 3 4 5 6";
#        "t": only the table, from the logs of an earlier run in the same $OUT)]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bundle=$(cd "${1:-$root/bench_bundle}" && pwd) || exit 1
steps=${2:-2 3 4 5 6}
cuda=${CUDA_HOME:-/usr/local/cuda}
budget=${BENCH_BUDGET:-480}
limit=${BENCH_LIMIT:-90}
f64_limit=${BENCH_F64_LIMIT:-150}
san_limit=${SAN_LIMIT:-90}
san_jobs=${SAN_JOBS:-6}
start=$(date +%s)
deadline=$((start + budget))
# shellcheck source=bench/gpu/workloads.sh
. "$root/bench/gpu/workloads.sh"
out=${OUT:-/tmp}/bench_gpu
# binaries and library links stay out of $OUT (it comes back): $work
work=$(mktemp -d "${TMPDIR:-/tmp}/bench_gpu.XXXXXX")
mkdir -p "$out/logs" "$out/nvcc" "$out/san" "$work/nvcc"
left() { echo $((deadline - $(date +%s))); }
cap() { # the smaller of a step's limit and what is left of the budget (at least 1)
  local l
  l=$(left)
  [ "$l" -gt "$1" ] && l=$1
  [ "$l" -lt 1 ] && l=1
  echo "$l"
}

# 1. the machine
echo "== $(date -u '+%F %T UTC') $(uname -m) $(. /etc/os-release 2>/dev/null; echo "$PRETTY_NAME")"
echo "== glibc $(ldd --version | head -n1 | awk '{print $NF}'); nvcc: $("$cuda/bin/nvcc" --version | tail -n1)"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d '.')
cc=${cc:-90}
sanitizer=$cuda/bin/compute-sanitizer
[ -x "$sanitizer" ] || sanitizer=$(command -v compute-sanitizer || echo "")
export CUDAMETAL_LIBCUDA=${CUDAMETAL_LIBCUDA:-$(ldconfig -p | awk '/libcuda\.so\.1 / && $NF !~ /stubs/ {print $NF; exit}')}
export CUDAMETAL_CACHE=${CUDAMETAL_CACHE:-$bundle/cache}
mkdir -p "$CUDAMETAL_CACHE"
cached0=$(ls "$CUDAMETAL_CACHE" | wc -l)
echo "== driver for cudametal: ${CUDAMETAL_LIBCUDA:-?}; module cache $CUDAMETAL_CACHE ($cached0 modules);" \
  "sm_$cc; compute-sanitizer: ${sanitizer:-none}; binaries in $work"
# Only Anchor's programs see the bundle's lib/ (its libcuda.so.1 is libanchor).
anchor_env=(env "LD_LIBRARY_PATH=$bundle/lib:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  "CUDA_HOME=$cuda" ANCHOR_METAL=cudametal "ANCHOR_ARENA_SIZE=${ANCHOR_ARENA_SIZE:-32G}")
nvcc_name() { # workload -> the nvcc binary's name (one for both fp64 modes)
  case $1 in *_f64_exact | *_f64_fast) echo "${1%_*}" ;; *) echo "$1" ;; esac
}

# 2. nvcc builds, in parallel
if [[ " $steps " == *" 2 "* ]]; then
  t0=$(date +%s)
  pids=()
  for w in $BENCH_WORKLOADS; do
    n=$(nvcc_name "$w")
    [ -e "$out/nvcc/$n.building" ] && continue
    : >"$out/nvcc/$n.building"
    base=${n%_f32}
    base=${base%_f64}
    flags=""
    [ "${n%_f64}" != "$n" ] && flags=-DBENCH_DOUBLE
    timeout 180 "$cuda/bin/nvcc" -O2 -std=c++17 -arch=sm_$cc $flags "$root/bench/gpu/$base.cu" \
      -o "$work/nvcc/$n" >"$out/nvcc/$n.log" 2>&1 &
    pids+=($!)
  done
  for e in $BENCH_SANITIZER_E2E; do
    timeout 180 "$cuda/bin/nvcc" -O2 -arch=sm_$cc -I"$root/tests/e2e" "$root/tests/e2e/$e.cu" \
      -o "$work/nvcc/e2e_$e" >"$out/nvcc/e2e_$e.log" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}"
  rm -f "$out"/nvcc/*.building "$work"/nvcc/*.building
  echo "== nvcc builds: $(find "$work/nvcc" -type f | wc -l) binaries in $(($(date +%s) - t0)) s" \
    "$(for f in "$out"/nvcc/*.log; do [ -s "$f" ] && echo "[$(basename "$f" .log): $(head -c 200 "$f" | tr '\n' ' ')]"; done)"
fi

# 3. kernel times, anchorcc build then nvcc build of each workload
run_timed() { # label limit log cmd... -> runs, prints a status line
  local label=$1 lim=$2 log=$3 t0 rc
  shift 3
  lim=$(cap "$lim")
  t0=$(date +%s)
  timeout -k 5 "$lim" "$@" >"$log" 2>&1
  rc=$?
  local status="exit $rc"
  [ $rc -eq 0 ] && grep -q '^PASS' "$log" && status=PASS
  [ $rc -eq 124 ] || [ $rc -eq 137 ] && status="TIMEOUT (${lim} s)"
  printf '   %-24s %-22s %4d s  %s\n' "$label" "$status" $(($(date +%s) - t0)) \
    "$(grep -m3 -i 'fail\|error\|cudametal:\|anchor:\|want' "$log" | tr '\n' '|' | cut -c1-300)"
}
if [[ " $steps " == *" 3 "* ]]; then
  echo "== workloads: anchorcc build (cudametal) then nvcc build, same GPU, same inputs"
  for w in $BENCH_WORKLOADS; do
    [ "$(left)" -le 5 ] && { echo "   $w: SKIP (budget spent)"; continue; }
    lim=$limit
    case $w in *_f64_*) lim=$f64_limit ;; esac
    run_timed "$w anchorcc" "$lim" "$out/logs/$w.anchor.log" "${anchor_env[@]}" "$bundle/bin/$w"
    n=$(nvcc_name "$w")
    if [ ! -e "$out/logs/$n.nvcc.log" ]; then
      run_timed "$n nvcc" "$limit" "$out/logs/$n.nvcc.log" "$work/nvcc/$n"
      [ "$n" != launch ] && run_timed "$n nvcc managed" "$limit" "$out/logs/$n.nvcc_managed.log" \
        env BENCH_MANAGED=1 "$work/nvcc/$n"
    fi
  done
  echo "== modules compiled by NVRTC here (cache misses): $(($(ls "$CUDAMETAL_CACHE" | wc -l) - cached0))"
fi
# the table, from step 3's logs (steps "t": only the table, from an earlier run's logs)
if [[ " $steps " == *" 3 "* || " $steps " == *" t "* ]]; then
  {
    printf '%-26s %-6s %12s %12s %8s %12s %18s %18s\n' kernel fp64 "anchorcc ms" "nvcc ms" ratio \
      "nvcc mgd ms" "anchorcc rate" "nvcc rate"
    for w in $BENCH_WORKLOADS; do
      n=$(nvcc_name "$w")
      a_log=$out/logs/$w.anchor.log n_log=$out/logs/$n.nvcc.log m_log=$out/logs/$n.nvcc_managed.log
      mode=-
      case $w in *_f64_exact) mode=exact ;; *_f64_fast) mode=fast ;; esac
      for k in $(awk '/^TIME/ {print $2}' "$n_log" "$a_log" 2>/dev/null | awk '!seen[$0]++'); do
        a=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$a_log" 2>/dev/null)
        b=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$n_log" 2>/dev/null)
        mg=$(awk -v k="$k" '$1 == "TIME" && $2 == k {print $3}' "$m_log" 2>/dev/null)
        ops=$(awk -v k="$k" '$1 == "OPS" && $2 == k {print $3, $4}' "$n_log" "$a_log" 2>/dev/null | head -n1)
        awk -v k="$k" -v m="$mode" -v a="${a:-0}" -v b="${b:-0}" -v mg="${mg:--}" -v ops="$ops" 'BEGIN {
          split(ops, o, " ")
          unit = o[2] == "byte" ? "GB/s" : o[2] == "dflop" ? "GDFLOP/s" : o[2] == "flop" ? "GFLOP/s" : ""
          ra = (a > 0 && o[1] > 0) ? sprintf("%.1f %s", o[1] / a / 1e6, unit) : "-"
          rb = (b > 0 && o[1] > 0) ? sprintf("%.1f %s", o[1] / b / 1e6, unit) : "-"
          printf "%-26s %-6s %12s %12s %8s %12s %18s %18s\n", k, m, (a > 0 ? a : "?"), (b > 0 ? b : "?"),
            ((a > 0 && b > 0) ? sprintf("%.3f", a / b) : "?"), mg, ra, rb }'
      done
    done
    echo "(launch_*: host wall-clock ms per launch, whole path, launch_empty_issue_cpu the launching"
    echo " thread's CPU ms per launch; other rows: CUDA-event ms per launch;"
    echo " nvcc mgd: the nvcc build with cudaMallocManaged, the memory cudametal gives every buffer)"
  } | tee "$out/table.txt"
fi

# 6. (before 4, which is long) the launch path: the parameter struct whole, or only its set
# part
if [[ " $steps " == *" 6 "* ]]; then
  echo "== launch path: launch.cu through cudametal, CUDAMETAL_PARAM_BYTES all / used"
  for r in 1 2 3; do
    for bytes in all used; do
      [ "$(left)" -le 5 ] && { echo "   launch $bytes: SKIP (budget spent)"; continue; }
      log="$out/logs/launch_params_$bytes.$r.log"
      run_timed "launch params=$bytes" 30 "$log" "${anchor_env[@]}" CUDAMETAL_PARAM_BYTES=$bytes \
        "$bundle/bin/launch"
      echo "     $(awk '/^TIME/ { printf "%s %.2f us  ", $2, $3 * 1000 }' "$log")"
    done
  done
fi
# 4. compute-sanitizer racecheck and synccheck through cudametal
san_one() { # tool label exe [env...] -> one line
  local tool=$1 label=$2 exe=$3 log lim rc verdict summary
  shift 3
  log=$SAN_OUT/$label.$tool.log
  lim=$(($SAN_DEADLINE - $(date +%s)))
  [ $lim -gt "$SAN_LIMIT" ] && lim=$SAN_LIMIT
  if [ $lim -le 5 ]; then
    echo "SKIP     $tool $label (budget spent)"
    return
  fi
  timeout -k 5 $lim env "$@" BENCH_SMALL=1 "$SANITIZER" --tool "$tool" --error-exitcode 99 \
    "$exe" small >"$log" 2>&1
  rc=$?
  summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | sed 's/^=* *//' | tr '\n' ' ')
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    verdict=TIMEOUT
  elif grep -q 'ERROR SUMMARY: [1-9]' "$log"; then
    verdict=HAZARD
  elif [ $rc -eq 0 ]; then
    verdict=CLEAN
  else
    verdict="ERROR($rc)"
  fi
  echo "$(printf '%-8s %-10s %-28s' "$verdict" "$tool" "$label") $summary" \
    "$(grep -v '^=========\|^PASS' "$log" | grep -m2 -i 'fail\|error\|cudametal:' | tr '\n' '|' | cut -c1-200)"
}
export -f san_one
if [[ " $steps " == *" 4 "* ]]; then
  if [ -z "$sanitizer" ]; then
    echo "== compute-sanitizer: not found, step 4 skipped"
  else
    echo "== compute-sanitizer through cudametal (small mode), $san_jobs at a time, ${san_limit} s each"
    export SANITIZER=$sanitizer SAN_OUT=$out/san SAN_LIMIT=$san_limit SAN_DEADLINE=$deadline
    # The bundle's lib/ without its libcuda.so.1 (= libanchor, for programs that dlopen the
    # driver; these do not): the sanitizer's own libraries must find NVIDIA's driver.
    sanlib=$work/sanlib
    mkdir -p "$sanlib"
    for f in "$bundle"/lib/*; do
      case $(basename "$f") in libcuda.so*) ;; *) ln -sfn "$f" "$sanlib/" ;; esac
    done
    san_env="LD_LIBRARY_PATH=$sanlib:$cuda/lib64 CUDA_HOME=$cuda ANCHOR_METAL=cudametal ANCHOR_ARENA_SIZE=4G"
    for tool in racecheck synccheck; do
      for w in $BENCH_WORKLOADS; do
        case $w in *_f64_fast) continue ;; esac
        echo "$tool $w $bundle/bin/$w $san_env"
      done
      for e in $BENCH_SANITIZER_E2E; do echo "$tool e2e_$e $bundle/e2e/$e $san_env"; done
    done | xargs -P "$san_jobs" -L 1 bash -c 'san_one "$@"' _ >"$out/san/anchor.txt"
    sort -k3 "$out/san/anchor.txt"
    # the nvcc build of each program the anchorcc build reported something for
    grep -v '^CLEAN\|^SKIP' "$out/san/anchor.txt" | while read -r _ tool label _; do
      n=$(nvcc_name "$label")
      exe=$work/nvcc/$n
      [ -x "$exe" ] || continue
      echo "nvcc build: $(san_one "$tool" "$n.nvcc" "$exe" "X_BENCH=1")"
    done
    echo "== sanitizer: $(grep -c '^CLEAN' "$out/san/anchor.txt") CLEAN," \
      "$(grep -c '^HAZARD' "$out/san/anchor.txt") HAZARD, $(grep -c '^ERROR' "$out/san/anchor.txt") ERROR," \
      "$(grep -c '^TIMEOUT' "$out/san/anchor.txt") TIMEOUT, $(grep -c '^SKIP' "$out/san/anchor.txt") SKIP" \
      "of $(wc -l <"$out/san/anchor.txt") anchorcc runs (logs in $out/san)"
  fi
fi
# 5. warp convergence: CUDAMETAL_PTX_TARGET=sm_60 against the default
if [[ " $steps " == *" 5 "* ]]; then
  echo "== warp convergence: e2e through cudametal, default and CUDAMETAL_PTX_TARGET=sm_60"
  for e in $BENCH_CONVERGENCE_E2E; do
    for target in "" sm_60; do
      [ "$(left)" -le 5 ] && { echo "   $e ${target:-default}: SKIP (budget spent)"; continue; }
      run_timed "$e ${target:-default}" 60 "$out/logs/conv_$e.${target:-default}.log" \
        "${anchor_env[@]}" CUDAMETAL_PTX_TARGET=$target E2E_EXPECTED_DIR="$root/tests/e2e" \
        "$bundle/e2e/$e"
    done
  done
fi
echo "== done in $(($(date +%s) - start)) s; table: $out/table.txt"
