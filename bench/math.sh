#!/usr/bin/env bash
# math.sh — the device math library's benchmark (bench/math.cu): throughput per worker
# on softmetal against the host's libm (SOFTMETAL_WORKERS=1, one core), and the size of
# each function's code: the MSL statements of its kernel (a line ending in ';' between
# `kernel void` and the closing brace; software binary64 helpers count as one call each),
# less the float-add kernel's, divided by the REPS = 16 unrolled evaluations, plus one:
# the static statements of one inlined call (every branch counted, not those executed).
#   math.sh ANCHORCC OUTDIR [RUNS] [N]
set -eu
cc=$1 out=$2 runs=${3:-5} n=${4:-65536}
src=$(cd "$(dirname "$0")" && pwd)/math.cu
mkdir -p "$out"
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$cc" -O2 "$src" -o "$out/math"
"$cc" -O2 --emit-msl "$src" -o "$out/math.metal"
# statements per kernel, by the functor in its mangled name (op_NAME)
awk '/^kernel void /{name=$3; sub(/\(.*/, "", name); n=0; inside=1; next}
     inside && /^}/ {print name, n; inside=0; next}
     inside && /;[ \t]*$/ {n++}' "$out/math.metal" |
  sed -E 's/^_Z[0-9]*evalI([0-9]+)op_/\1 /' |
  awk '{len=$1; name=substr($2, 1, len - 3); print name, $3}' > "$out/msl_statements.txt"
base=$(awk '$1 == "fadd" {print $2}' "$out/msl_statements.txt")
SOFTMETAL_WORKERS=1 "$out/math" "$runs" "$n" > "$out/math.txt"
grep -v '^RESULT' "$out/math.txt"
echo
echo "function  MSL statements per call (static; software binary64 operations count 1)"
awk -v b="$base" '{printf "%-10s %d\n", $1, ($2 - b) / 16 + 1}' "$out/msl_statements.txt"
