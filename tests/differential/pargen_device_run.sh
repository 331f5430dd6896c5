#!/bin/bash
# pargen_device_run.sh [FIRST_SEED] [COUNT] [NVCC_FLAGS...] — the third opinion on the
# random parallel kernels (pargen.c): on a machine with an NVIDIA GPU and nvcc, builds
# the generator with the system C compiler, writes the programs of seeds FIRST_SEED ..
# FIRST_SEED+COUNT-1 (defaults 1, 200), builds them with nvcc (one per core at a
# time; -O2 -arch=sm_90 unless NVCC_FLAGS are given) and runs each: each program compares the GPU's results with its
# own host simulation and prints `checksum XXXXXXXX` and PASS. Prints one line per seed
#   seed N: ok CHECKSUM | mismatch FAIL-LINE | compile-error | run-error
# and a count of each status; exits 1 when any seed is not ok. The checksums of ok
# seeds equal those Anchor prints (run_pargen.sh), since both are the reference's.
# Work files in ${PARGEN_WORK:-/tmp/pargen-nvcc} (kept for seeds that are not ok).
set -u
here=$(cd "$(dirname "$0")" && pwd)
first=${1:-1} count=${2:-200}
shift $(($# > 2 ? 2 : $#))
flags=("$@")
[ ${#flags[@]} = 0 ] && flags=(-O2 -arch=sm_90)
w=${PARGEN_WORK:-/tmp/pargen-nvcc}
mkdir -p "$w"
${CC:-cc} -std=c17 -O2 -D_GNU_SOURCE "$here/pargen.c" -o "$w/pargen" || exit 2
results=$w/results.txt
: >"$results"
# generate and compile every seed first, as many nvcc at a time as there are cores
for ((s = first; s < first + count; s++)); do
  mkdir -p "$w/seed-$s"
  "$w/pargen" "$s" >"$w/seed-$s/p.cu"
done
export here w
printf '%s\n' $(seq "$first" $((first + count - 1))) |
  xargs -P "$(nproc)" -I{} sh -c 'nvcc "$@" -w -I"$here" "$w/seed-{}/p.cu" -o "$w/seed-{}/p" >"$w/seed-{}/cc.log" 2>&1' _ "${flags[@]}"
for ((s = first; s < first + count; s++)); do
  d=$w/seed-$s
  if [ ! -x "$d/p" ]; then
    line="seed $s: compile-error $(grep -m1 error "$d/cc.log" | cut -c1-200)"
  else
    timeout 60 "$d/p" >"$d/out.txt" 2>&1
    rc=$?
    if [ $rc = 0 ] && grep -q '^PASS$' "$d/out.txt"; then
      line="seed $s: ok $(sed -n 's/^checksum //p' "$d/out.txt")"
      rm -rf "$d"
    elif grep -q '^FAIL: \(out\|gacc\|bacc\)\[' "$d/out.txt"; then
      line="seed $s: mismatch $(grep -m1 '^FAIL' "$d/out.txt")"
    else
      line="seed $s: run-error rc=$rc $(head -c 200 "$d/out.txt" | tr '\n' ' ')"
    fi
  fi
  echo "$line" | tee -a "$results"
done
awk '{print $3}' "$results" | sort | uniq -c | sort -rn
! grep -qv ': ok ' "$results"
