#!/usr/bin/env bash
# compile_time.sh — compile-time benchmark: anchorcc -O2 -c against nvcc -O2 -c on
# the same CUDA sources.
#
#   compile_time.sh ANCHORCC [NVCC] [REPS] [SOURCE...]
#
# NVCC defaults to /usr/local/cuda/bin/nvcc, REPS to 5, the sources to every .cu
# in tests/e2e/ and samples/ of this checkout.  Each file is compiled REPS times
# by each compiler (after one untimed warm-up run, so both start with a warm
# file cache); the table gives the median wall time per file in milliseconds
# and the ratio anchorcc/nvcc, then the totals over the files both compiled.
# A compiler that fails on a file is reported as "failed" with its first error
# line.  This is a measurement, not a test: it asserts nothing.  nvcc's time
# includes ptxas; Anchor's MSL is compiled to machine code by Metal at run time
# (first launch), which this does not measure.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
anchorcc=${1:?usage: compile_time.sh ANCHORCC [NVCC] [REPS] [SOURCE...]}
nvcc=${2:-/usr/local/cuda/bin/nvcc}
reps=${3:-5}
shift $(($# < 3 ? $# : 3))
sources=("$@")
if [ ${#sources[@]} -eq 0 ]; then
  shopt -s nullglob
  sources=("$here"/../tests/e2e/*.cu "$here"/../samples/*.cu)
fi
[ ${#sources[@]} -gt 0 ] || { echo "compile_time.sh: no sources" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/anchor-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

have_nvcc=1
[ -x "$nvcc" ] || { have_nvcc=0; echo "note: $nvcc not found; timing anchorcc only"; }

now_ms() { echo $(( ${EPOCHREALTIME/./} / 1000 )); }

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# time_compile COMPILER SOURCE: prints the median of REPS compiles in ms, or
# "failed: <first error line>".
time_compile() {
  local cc=$1 src=$2 obj=$work/out.o log=$work/log
  if ! "$cc" -O2 -c "$src" -o "$obj" >"$log" 2>&1; then
    echo "failed: $(grep -m1 -i error "$log" || head -n1 "$log")"
    return
  fi
  local i start
  for ((i = 0; i < reps; i++)); do
    start=$(now_ms)
    "$cc" -O2 -c "$src" -o "$obj" >/dev/null 2>&1
    echo $(($(now_ms) - start))
  done | median
}

printf 'compile time, median of %d runs, -O2 -c (ms)\n' "$reps"
printf '%-28s %10s %10s %8s\n' file anchorcc nvcc ratio
total_a=0 total_n=0
failures=()
for src in "${sources[@]}"; do
  name=$(basename "$src")
  a=$(time_compile "$anchorcc" "$src")
  n="-"
  [ $have_nvcc = 1 ] && n=$(time_compile "$nvcc" "$src")
  ratio="-"
  if [[ $a =~ ^[0-9]+$ && $n =~ ^[0-9]+$ ]]; then
    ratio=$(awk -v a="$a" -v n="$n" 'BEGIN { printf "%.2f", (n > 0) ? a / n : 0 }')
    total_a=$((total_a + a)) total_n=$((total_n + n))
  fi
  [[ $a == failed* ]] && failures+=("anchorcc $name: ${a#failed: }") && a=failed
  [[ $n == failed* ]] && failures+=("nvcc $name: ${n#failed: }") && n=failed
  printf '%-28s %10s %10s %8s\n' "$name" "$a" "$n" "$ratio"
done
if [ $total_n -gt 0 ]; then
  printf '%-28s %10s %10s %8s\n' "total (both compiled)" "$total_a" "$total_n" \
    "$(awk -v a="$total_a" -v n="$total_n" 'BEGIN { printf "%.2f", a / n }')"
fi
for f in "${failures[@]}"; do echo "failed: $f"; done
exit 0
