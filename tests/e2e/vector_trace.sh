#!/usr/bin/env bash
# vector_trace.sh — softmetal's vector mode actually runs vector_shapes.cu's kernels
# vectorized: compiles it, runs it with SOFTMETAL_MODE=vector SOFTMETAL_TRACE=1, and
# passes only if it printed PASS and every dispatch's trace says "(vector)" (a kernel the
# vectorizer did not take would say "loop (not vectorized: ...)").
#
#   vector_trace.sh ANCHORCC OUTDIR SOURCE
set -u
cc=$1 outdir=$2 src=$3
mkdir -p "$outdir" || exit 1
exe="$outdir/vector_trace"
"$cc" -O2 "$src" -o "$exe" || { echo "FAIL: compile"; exit 1; }
out=$(SOFTMETAL_MODE=vector SOFTMETAL_TRACE=1 "$exe" 2>&1)
rc=$?
printf '%s\n' "$out"
# one line per dispatch as it starts: "softmetal: queue N: dispatch K: ... threads (MODE)"
starts=$(printf '%s\n' "$out" | grep -E '^softmetal: queue [0-9]+: dispatch .* groups of ')
dispatches=$(printf '%s\n' "$starts" | grep -c ' groups of ')
vectorized=$(printf '%s\n' "$starts" | grep -c 'threads (vector)$')
if [ $rc -ne 0 ] || ! printf '%s\n' "$out" | grep -qx PASS; then
  echo "FAIL: the program failed in vector mode (status $rc)"
  exit 1
fi
if [ "$dispatches" -eq 0 ] || [ "$dispatches" -ne "$vectorized" ]; then
  echo "FAIL: $vectorized of $dispatches dispatches ran vectorized"
  exit 1
fi
echo "PASS: all $dispatches dispatches vectorized"
