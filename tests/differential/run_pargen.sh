#!/bin/bash
# run_pargen.sh ANCHORCC PARGEN SEED WORKDIR [PARGEN_OPTION...]
# One random parallel kernel (pargen.c): PARGEN writes the program of SEED (kernel and
# host reference in one CUDA program, p.cu), ANCHORCC builds it (-O2; -O0 for every
# fifth seed, or PARGEN_OPT), it runs (softmetal on Linux) and compares every output
# word with its host simulation. Prints one line,
#   seed SEED: STATUS [detail]
# and exits 0 for ok, 1 for a finding: mismatch (the program's FAIL line), refusal
# (anchorcc rejects the program), compiler-crash, compile-timeout, run-error (a CUDA
# error or a crash), run-timeout; generator-error is pargen's own failure (exit 2).
# Limits (seconds): PARGEN_COMPILE_LIMIT (300), PARGEN_RUN_LIMIT (120).
set -u
cc=$1 gen=$2 seed=$3 w=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$w"
cl=${PARGEN_COMPILE_LIMIT:-300} rl=${PARGEN_RUN_LIMIT:-120}
opt=${PARGEN_OPT:-$([ $((seed % 5)) = 0 ] && echo -O0 || echo -O2)}
say() { echo "seed $seed: $1 [$opt]${2:+ $2}"; }

"$gen" "$@" "$seed" >"$w/p.cu" 2>"$w/gen.log" || { say generator-error "$(head -c 200 "$w/gen.log")"; exit 2; }
timeout "$cl" "$cc" "$opt" -w -I"$here" "$w/p.cu" -o "$w/dev" >"$w/dev_cc.log" 2>&1
rc=$?
if [ $rc != 0 ]; then
  msg=$(grep -m1 -E 'error|ERROR' "$w/dev_cc.log" | cut -c1-300)
  if [ $rc = 124 ]; then say compile-timeout
  elif [ $rc -ge 128 ] || grep -qE 'LLVM ERROR|internal error|Assertion|Stack dump|PLEASE submit' "$w/dev_cc.log"; then
    say compiler-crash "rc=$rc $msg"
  else say refusal "$msg"; fi
  exit 1
fi
timeout "$rl" "$w/dev" >"$w/dev.out" 2>&1
rc=$?
sum=$(grep -m1 '^checksum' "$w/dev.out")
[ $rc = 124 ] && { say run-timeout; exit 1; }
if [ $rc = 0 ] && grep -q '^PASS$' "$w/dev.out"; then say ok "${sum#checksum }"; exit 0; fi
if grep -qE '^FAIL: (out|gacc|bacc)\[' "$w/dev.out"; then
  say mismatch "$(grep -m1 '^FAIL' "$w/dev.out")"
else
  say run-error "rc=$rc $(head -c 200 "$w/dev.out" | tr '\n' ' ')"
fi
exit 1
