#!/usr/bin/env bash
# exhaustive_slice.sh — CTest math.exhaustive_slice: the exhaustive harness
# (gpu_exhaustive.cu: chunked launches, host threads, the fast reference) against the
# accuracy harness (math_accuracy.cu --bits: MPFR for every input) on the same slices of
# bit patterns: each function's line (name, inputs, max ulp, bound, verdict) and its worst
# input must be the same; then once more with the reference written by one run
# (--ref-out) and read by the next (--ref-in), as tests/math/gpu_exhaustive.sh does.
#   exhaustive_slice.sh MATH_ACCURACY GPU_EXHAUSTIVE WORKDIR
set -u
ma=$1 ex=$2 work=$3
mkdir -p "$work"
names=(expf exp10f sinf tanf logf cbrtf erfinvf normcdff lgammaf tgammaf cyl_bessel_i1f j0f __frcp_rz sinpif)
slices=("0x3f800000 0x10000" "0xc0a00000 0x10000" "0x00000000 0x4000" "0x4c000000 0x4000")
status=0
lines() { # the function lines and their worst-input lines, without the timing lines
  grep -v '^    exhaustive:' | grep -v '^PASS$\|^FAIL: [0-9]* of'
}
for s in "${slices[@]}"; do
  # shellcheck disable=SC2086
  "$ma" --bits $s "${names[@]}" | lines >"$work/ma.txt"
  # shellcheck disable=SC2086
  "$ex" --threads 3 --chunk 12 --bits $s "${names[@]}" | lines >"$work/ex.txt"
  if diff "$work/ma.txt" "$work/ex.txt" >"$work/diff.txt"; then
    echo "slice $s: ${#names[@]} functions, the same lines"
  else
    echo "FAIL: slice $s differs (< math_accuracy, > gpu_exhaustive):"
    cat "$work/diff.txt"
    status=1
  fi
  for n in "${names[@]}"; do # the shared reference: written by one run, read by the next
    # shellcheck disable=SC2086
    "$ex" --threads 2 --chunk 12 --bits $s --ref-out "$work/ref" "$n" | lines >"$work/out.txt"
    # shellcheck disable=SC2086
    "$ex" --threads 2 --chunk 12 --bits $s --ref-in "$work/ref" "$n" | lines >"$work/in.txt"
    rm -f "$work/ref"
    if ! diff "$work/out.txt" "$work/in.txt" >/dev/null || ! grep -q "^$n " "$work/in.txt"; then
      echo "FAIL: slice $s, $n: --ref-in gives another line than --ref-out"
      diff "$work/out.txt" "$work/in.txt"
      status=1
    fi
  done
done
[ $status = 0 ] && echo PASS
exit $status
