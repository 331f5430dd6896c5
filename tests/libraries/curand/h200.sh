#!/bin/sh
# h200.sh — runs Anchor's cuRAND tests against NVIDIA's own cuRAND on an NVIDIA GPU (the
# H200): each test program is built with nvcc and NVIDIA's libcurand and must print PASS.
# That checks, on NVIDIA's device API and device generators, every expectation the tests
# hold Anchor to: curand_init/skipahead/curand values (recorded from NVIDIA's host
# generators), the transforms of curand_uniform/normal/log_normal (device_api), Sobol
# (sobol), the host API's device generation within 2e-6 of the recorded host values
# (host_api), status codes (errors), settings changed mid-stream (state_changes), and
# MTGP32's device API against a serial MTGP reference run from NVIDIA's own parameter sets
# (mtgp32; its log also prints how curand_mtgp32_single's values compare with the
# [1,2)-less-1 form Anchor assumes: record that line).
# Usage, from the repository root on the GPU machine:
#   sh tests/libraries/curand/h200.sh
# Expected output: "<name>: PASS" for device_api, sobol, host_api, errors, state_changes, mtgp32, poisson,
# then "ALL PASS".
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp}/curand_h200
mkdir -p "$out"
status=0
for name in device_api sobol host_api errors state_changes mtgp32 poisson; do
  if ! nvcc -O2 -arch=sm_90 "$here/$name.cu" -lcurand -o "$out/$name" >"$out/$name.build" 2>&1; then
    echo "$name: BUILD FAILED"; cat "$out/$name.build"; status=1; continue
  fi
  if "$out/$name" >"$out/$name.log" 2>&1 && tail -n 1 "$out/$name.log" | grep -q '^PASS$'; then
    echo "$name: PASS"
    [ "$name" = mtgp32 ] && grep 'curand_mtgp32_single' "$out/$name.log"
  else
    echo "$name: FAIL"; cat "$out/$name.log"; status=1
  fi
done
[ $status -eq 0 ] && echo "ALL PASS"
exit $status
