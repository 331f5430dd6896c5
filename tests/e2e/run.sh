#!/usr/bin/env bash
# run.sh — compile one end-to-end CUDA program and run it; the CTest driver of tests/e2e
# (also used with nvcc on a real GPU, see device_run.sh).
#
#   run.sh COMPILER "FLAGS" OUTDIR NAME SOURCE...
#
# One SOURCE: COMPILER FLAGS SOURCE -o OUTDIR/NAME.
# Several:    each compiled alone with -c into OUTDIR/NAME.<base>.o, then linked together,
#             as nvcc users do for separate compilation.
# Then runs OUTDIR/NAME. Succeeds only if the program exits 0 AND printed a line "PASS".
# Every command and all output goes to stdout, so a failing test's log shows why.
set -u
if [ $# -lt 5 ]; then
  echo "usage: run.sh COMPILER \"FLAGS\" OUTDIR NAME SOURCE..." >&2
  exit 2
fi
cc=$1 flags=$2 outdir=$3 name=$4
shift 4
mkdir -p "$outdir" || exit 1
exe="$outdir/$name"
rm -f "$exe"

step() { # prints a command, then runs it; stops the test if it fails
  echo "+ $*"
  "$@" 2>&1
  local rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL: '$1' exited with status $rc"
    exit 1
  fi
}

# shellcheck disable=SC2086 # FLAGS is a list of words
if [ $# -eq 1 ]; then
  step "$cc" $flags "$1" -o "$exe"
else
  objects=()
  for src in "$@"; do
    obj="$outdir/$name.$(basename "${src%.*}").o"
    step "$cc" $flags -c "$src" -o "$obj"
    objects+=("$obj")
  done
  step "$cc" $flags "${objects[@]}" -o "$exe"
fi

echo "+ $exe"
output=$("$exe" 2>&1)
rc=$?
printf '%s\n' "$output"
if [ $rc -ne 0 ]; then
  echo "FAIL: $name exited with status $rc"
  exit 1
fi
if ! printf '%s\n' "$output" | grep -qx 'PASS'; then
  echo "FAIL: $name exited 0 but did not print PASS"
  exit 1
fi
exit 0
