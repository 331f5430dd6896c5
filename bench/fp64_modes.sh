#!/usr/bin/env bash
# fp64_modes.sh — double-precision throughput per core in anchorcc's --fp64 modes
# (bench/fp64_modes.cu built three times: exact, fast, demote), on softmetal with one
# worker, and the ratios fast/exact and demote/exact from this one run. Measures only.
#   fp64_modes.sh ANCHORCC OUTDIR [RUNS] [N] [ITERS]
set -eu
cc=$1 out=$2 runs=${3:-3} n=${4:-4096} iters=${5:-64}
src=$(cd "$(dirname "$0")" && pwd)/fp64_modes.cu
mkdir -p "$out"
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
for mode in exact fast demote; do
  "$cc" -O2 --fp64=$mode "$src" -o "$out/fp64_$mode" 2>/dev/null
  SOFTMETAL_WORKERS=1 "$out/fp64_$mode" "$runs" "$n" "$iters" > "$out/fp64_$mode.txt"
  if grep -q FAIL "$out/fp64_$mode.txt"; then cat "$out/fp64_$mode.txt"; exit 1; fi
done
echo "op        exact ops/s  fast ops/s   demote ops/s  fast/exact  demote/exact"
join <(awk '/^RESULT/{print $2, $3}' "$out/fp64_exact.txt") \
     <(awk '/^RESULT/{print $2, $3}' "$out/fp64_fast.txt") |
  join - <(awk '/^RESULT/{print $2, $3}' "$out/fp64_demote.txt") |
  awk '{printf "%-9s %-12s %-12s %-13s %-11.2f %.2f\n", $1, $2, $3, $4, $3 / $2, $4 / $2}'
