#!/usr/bin/env bash
# vector_trace.sh — softmetal's vector mode actually runs a program's kernels vectorized:
# compiles SOURCE, runs it with SOFTMETAL_MODE=vector SOFTMETAL_TRACE=1, and passes only if it
# printed PASS and every dispatch's trace says "(vector)", "(vector fibers)" or "(vector interleaved)" (a kernel the
# vectorizer did not take would say "loop (not vectorized: ...)"), except the dispatches of
# kernels named in EXPECT arguments, whose trace must end in the given mode instead.
#
#   vector_trace.sh ANCHORCC OUTDIR SOURCE [KERNEL_SUBSTRING=MODE ...]
set -u
cc=$1 outdir=$2 src=$3
shift 3
mkdir -p "$outdir" || exit 1
exe="$outdir/vector_trace_$(basename "$src" .cu)"
"$cc" -O2 "$src" -o "$exe" || { echo "FAIL: compile"; exit 1; }
out=$(SOFTMETAL_MODE=vector SOFTMETAL_TRACE=1 "$exe" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ $rc -ne 0 ] || ! printf '%s\n' "$out" | grep -qx PASS; then
  echo "FAIL: the program failed in vector mode (status $rc)"
  exit 1
fi
# one line per dispatch as it starts: "softmetal: queue N: dispatch K: ... threads (MODE)"
starts=$(printf '%s\n' "$out" | grep -E '^softmetal: queue [0-9]+: dispatch .* groups of ')
for expect in "$@"; do
  kernel=${expect%%=*} mode=${expect#*=}
  mine=$(printf '%s\n' "$starts" | grep -F "dispatch " | grep -F "$kernel")
  if [ -z "$mine" ] || printf '%s\n' "$mine" | grep -vqF "threads ($mode)"; then
    echo "FAIL: dispatches of $kernel do not all run as ($mode)"
    exit 1
  fi
  starts=$(printf '%s\n' "$starts" | grep -vF "$kernel")
done
dispatches=$(printf '%s\n' "$starts" | grep -c ' groups of ')
vectorized=$(printf '%s\n' "$starts" | grep -cE 'threads \(vector( fibers| interleaved)?\)$')
if [ "$dispatches" -eq 0 ] || [ "$dispatches" -ne "$vectorized" ]; then
  echo "FAIL: $vectorized of $dispatches dispatches ran vectorized"
  exit 1
fi
echo "PASS: all $dispatches other dispatches vectorized"
