#!/usr/bin/env bash
# fp64_modes.sh — double-precision throughput per core in anchorcc's --fp64 modes
# (bench/fp64_modes.cu built three times: exact, fast, demote), on softmetal with one
# worker, and the ratios fast/exact and demote/exact. The three programs run in turn,
# ROUNDS times (each round: RUNS timed launches per kernel, their median), and each
# number is the median over the rounds, so that a machine whose load changes during
# the run affects the three modes alike. Measures only; fails only on a FAIL line.
#   fp64_modes.sh ANCHORCC OUTDIR [ROUNDS] [N] [ITERS] [RUNS]
set -eu
cc=$1 out=$2 rounds=${3:-5} n=${4:-1024} iters=${5:-256} runs=${6:-3}
src=$(cd "$(dirname "$0")" && pwd)/fp64_modes.cu
mkdir -p "$out"
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
modes="exact fast demote"
for mode in $modes; do
  "$cc" -O2 --fp64=$mode "$src" -o "$out/fp64_$mode" 2>/dev/null
  : > "$out/fp64_$mode.txt"
done
for r in $(seq "$rounds"); do
  for mode in $modes; do
    SOFTMETAL_WORKERS=1 "$out/fp64_$mode" "$runs" "$n" "$iters" >> "$out/fp64_$mode.txt"
    if grep -q FAIL "$out/fp64_$mode.txt"; then cat "$out/fp64_$mode.txt"; exit 1; fi
  done
done
median() { # op rate lines -> op median-rate, in first-seen order of op
  awk '/^RESULT/{ if (!($2 in n)) order[++k] = $2; v[$2, ++n[$2]] = $3 }
       END { for (i = 1; i <= k; i++) { op = order[i]; c = n[op]
               for (a = 1; a <= c; a++) for (b = a + 1; b <= c; b++)
                 if (v[op, b] < v[op, a]) { t = v[op, a]; v[op, a] = v[op, b]; v[op, b] = t }
               print op, v[op, int((c + 1) / 2)] } }' "$1"
}
echo "op        exact ops/s  fast ops/s   demote ops/s  fast/exact  demote/exact"
paste -d' ' <(median "$out/fp64_exact.txt") <(median "$out/fp64_fast.txt") \
            <(median "$out/fp64_demote.txt") |
  awk '{printf "%-9s %-12.4g %-12.4g %-13.4g %-11.2f %.2f\n", $1, $2, $4, $6, $4 / $2, $6 / $2}'
