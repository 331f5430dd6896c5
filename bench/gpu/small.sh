#!/usr/bin/env bash
# bench/gpu/small.sh — the bench/gpu workloads' correctness, not their speed (CTest
# bench_gpu.small): each built by anchorcc -O2 as pack_h200.sh builds it (the double ones
# with --fp64=exact and --fp64=fast) and run in small mode on softmetal; fails on any
# program that does not print PASS. Times nothing.
#   small.sh ANCHORCC OUT_DIR
set -u
cc=$1 out=$2
src=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/gpu/workloads.sh
. "$src/workloads.sh"
mkdir -p "$out"
fail=0
for w in $BENCH_WORKLOADS; do
  case $w in
  *_f64_exact | *_f64_fast) flags=(-DBENCH_DOUBLE "--fp64=${w##*_f64_}") base=${w%_f64_*} ;;
  *_f32) flags=() base=${w%_f32} ;;
  *) flags=() base=$w ;;
  esac
  if ! "$cc" -O2 -std=c++17 "${flags[@]}" "$src/$base.cu" -o "$out/$w" >"$out/$w.build.log" 2>&1; then
    echo "FAIL $w: anchorcc: $(head -c 300 "$out/$w.build.log")"
    fail=1
    continue
  fi
  if timeout 600 "$out/$w" small >"$out/$w.log" 2>&1 && grep -q '^PASS' "$out/$w.log"; then
    echo "PASS $w"
  else
    echo "FAIL $w: $(grep -v '^TIME\|^OPS' "$out/$w.log" | head -n 4 | tr '\n' '|')"
    fail=1
  fi
done
exit $fail
