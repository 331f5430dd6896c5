#!/usr/bin/env bash
# tests/math/exhaustive.sh — the exhaustive accuracy run (not in CI): every one of the
# 2^32 float bit patterns through each unary float function of the harness's table
# (tests/math/math_accuracy.cu), against MPFR, with the same checks and bounds as the
# CTest tests math.<id>.
#
#   tests/math/exhaustive.sh [NAME...]      (default: every unary float function)
#
# Environment: ANCHOR_BUILD_DIR (default build/: its bin/anchorcc builds the harness),
# JOBS (default nproc: slices run in parallel), SLICES (default 64: 2^32 / SLICES
# patterns per process). Prints one line per function, as the harness does, with the
# sum of the inputs, the maximum error over all slices and the details of the worst or
# failing slices. Exits 1 if any function failed. Timings: docs/testing.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${ANCHOR_BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-$(nproc)}"
SLICES="${SLICES:-64}"
SRC="$ROOT/tests/math/math_accuracy.cu"
OUT="$BUILD/tests/math/exhaustive"
mkdir -p "$OUT"
HARNESS="$OUT/math_accuracy.$$" # this run's own copy: runs may overlap
trap 'rm -f "$HARNESS"' EXIT
"$ROOT/tests/math/build.sh" "$BUILD/bin/anchorcc" "$HARNESS" "$SRC" >/dev/null

names=("$@")
if [ ${#names[@]} -eq 0 ]; then # the table's unary float rows
  mapfile -t names < <(sed -n 's/^  MATH(\([A-Za-z0-9_]*\), *float, *1,.*/\1/p' "$SRC")
fi
step=$(((1 << 32) / SLICES))
status=0
for name in "${names[@]}"; do
  rm -f "$OUT/$name".*.log
  start=$(date +%s)
  for ((i = 0; i < SLICES; i++)); do echo "$i"; done |
    xargs -P "$JOBS" -I{} sh -c \
      "'$HARNESS' --bits \$(({} * $step)) $step '$name' > '$OUT/$name.{}.log' 2>&1 || true"
  secs=$(($(date +%s) - start))
  # Sum the inputs, take the largest max_ulp; FAIL if any slice failed (or printed no line).
  if ! awk -v name="$name" -v slices="$SLICES" -v secs="$secs" -v jobs="$JOBS" '
      $1 == name && $3 == "inputs" {
        lines++; inputs += $4
        if ($6 + 0 > max || lines == 1) { max = $6 + 0; worst = FILENAME }
        bound = $8; if ($9 != "PASS") { failed++; bad[FILENAME] = 1 }
      }
      END {
        if (lines != slices) { printf "%-12s FAIL: %d of %d slices reported\n", name, lines, slices; exit 1 }
        printf "%-12s float  inputs %10.0f  max_ulp %-8g bound %-4g %s  (%d s, %d jobs)\n",
               name, inputs, max, bound, failed ? "FAIL" : "PASS", secs, jobs
        if (max > 0) { while ((getline l < worst) > 0) if (l ~ /^    worst/) print l }
        for (f in bad) { while ((getline l < f) > 0) if (l ~ /^    /) print l }
        exit failed ? 1 : 0
      }' "$OUT/$name".*.log; then
    status=1
  fi
done
exit $status
