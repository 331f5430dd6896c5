#!/usr/bin/env bash
# run.sh — configures, builds and runs the CMake project beside it against an Anchor
# tree (build tree or install prefix) through find_package(CUDAToolkit).
#   run.sh ANCHOR_ROOT WORK_DIR [extra cmake arguments]
set -u
root=$1 work=$2
shift 2
src=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
step() {
  echo "+ $*"
  "$@" 2>&1 || { echo "FAIL: '$1' exited with status $?"; exit 1; }
}
step cmake -S "$src" -B "$work" -DCUDAToolkit_ROOT="$root" "$@"
step cmake --build "$work"
step "$work/app"
