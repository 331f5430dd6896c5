#!/usr/bin/env bash
# run.sh ROOT WORK — configures, builds and runs tests/hip/cmake twice against
# Anchor at ROOT (a build tree or an install prefix): with CXX=ROOT/bin/hipcc
# (device_props, HIP in .cpp files, hip::device) and with the system C++
# compiler (host_api, hip::host). Prints PASS when both programs pass.
set -euo pipefail
root=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
CXX=$root/bin/hipcc cmake -S "$here" -B "$work/device" -DSOURCES="$here/.." \
  -DCMAKE_PREFIX_PATH="$root" -DCMAKE_BUILD_RPATH="$root/lib" >"$work/device.log"
cmake --build "$work/device" >>"$work/device.log"
"$work/device/device_props" | tail -n 2
unset CXX
cmake -S "$here" -B "$work/host" -DHOST_ONLY=ON -DCMAKE_PREFIX_PATH="$root" >"$work/host.log"
cmake --build "$work/host" >>"$work/host.log"
"$work/host/host_api" | grep -qx PASS
echo "host_api (system C++ compiler, hip::host): PASS"
echo PASS
