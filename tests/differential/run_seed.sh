#!/bin/bash
# run_seed.sh ANCHORCC SEED WORKDIR [CSMITH_OPTION...]
# One Csmith differential test: generate the program of SEED (C++ output, main without
# argc), build it for the host with the system C++ compiler and run it; build it with
# ANCHORCC as a CUDA program whose kernel runs the whole program on one GPU thread
# (kernel.cu) and run that; compare the checksums. Prints one line,
#   seed SEED: STATUS [detail]
# and exits 0 for ok and skip-* (Csmith's program unusable as a reference: the host
# compiler refuses it, it crashes or runs past the host limit), 1 for a finding:
#   mismatch, refusal (anchorcc rejects the program), compiler-crash (a signal, LLVM
#   ERROR, internal error), compile-timeout, run-error (the device program fails),
#   run-timeout; known-intwidth is an odd-width-integer refusal (counted, exit 2).
# Limits (seconds): CSMITH_HOST_LIMIT (10), CSMITH_COMPILE_LIMIT (300),
# CSMITH_RUN_LIMIT (300: softmetal on a loaded machine is slow). WORKDIR keeps p.cpp, the logs and both programs.
set -u
cc=$1 seed=$2 w=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$w"
hl=${CSMITH_HOST_LIMIT:-10} cl=${CSMITH_COMPILE_LIMIT:-300} rl=${CSMITH_RUN_LIMIT:-300}
say() { echo "seed $seed: $*"; }

(cd "$w" && csmith --seed "$seed" --lang-cpp --no-argc "$@" -o p.cpp) >"$w/csmith.log" 2>&1 ||
  { say "skip-generator"; exit 0; }
if ! ${CXX:-g++} -O1 -w -Wno-narrowing -I"$here" "$w/p.cpp" -o "$w/host" >"$w/host_cc.log" 2>&1; then
  say "skip-host-compile $(grep -m1 error "$w/host_cc.log")"; exit 0
fi
timeout "$hl" "$w/host" >"$w/host.out" 2>&1
rc=$?
[ $rc = 124 ] && { say "skip-host-timeout"; exit 0; }
[ $rc != 0 ] && { say "skip-host-crash rc=$rc"; exit 0; }

timeout "$cl" "$cc" -O2 -I"$here" -DCSMITH_PROGRAM="\"$w/p.cpp\"" "$here/kernel.cu" \
  -o "$w/dev" >"$w/dev_cc.log" 2>&1
rc=$?
if [ $rc != 0 ]; then
  msg=$(grep -m1 -E 'error|ERROR' "$w/dev_cc.log" | cut -c1-300)
  if [ $rc = 124 ]; then say "compile-timeout"
  elif grep -q 'bit integer arithmetic is not supported' "$w/dev_cc.log"; then
    say "known-intwidth $msg"; exit 2
  elif [ $rc -ge 128 ] || grep -qE 'LLVM ERROR|internal error|Assertion|Stack dump|PLEASE submit' "$w/dev_cc.log"; then
    say "compiler-crash rc=$rc $msg"
  else say "refusal $msg"; fi
  exit 1
fi
timeout "$rl" "$w/dev" >"$w/dev.out" 2>&1
rc=$?
[ $rc = 124 ] && { say "run-timeout"; exit 1; }
[ $rc != 0 ] && { say "run-error rc=$rc $(head -c 200 "$w/dev.out" | tr '\n' ' ')"; exit 1; }
h=$(grep -m1 '^checksum' "$w/host.out") d=$(grep -m1 '^checksum' "$w/dev.out")
if [ -n "$h" ] && [ "$h" = "$d" ]; then say "ok ${h#checksum = }"; exit 0; fi
say "mismatch host '${h#checksum = }' device '${d#checksum = }'"
exit 1
