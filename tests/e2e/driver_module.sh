#!/usr/bin/env bash
# driver_module.sh — the driver-API module test (issue 9): builds the device
# module file of driver_module_kernels.cu with COMPILER -fatbin and -cubin,
# the host program driver_module.cpp with -lcuda, and runs the program on each
# module file; with anchorcc, also checks that -ptx is refused by name.
#
#   driver_module.sh COMPILER OUTDIR      (COMPILER: anchorcc, or nvcc on an NVIDIA
#                                          machine, where -arch=sm_90 is added)
# Passes when every step succeeds and each run prints PASS.
set -u
cc=$1 outdir=$2
src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$outdir" || exit 1
arch=
case "$(basename "$cc")" in nvcc*) arch=-arch=sm_90 ;; esac
step() {
  echo "+ $*"
  "$@" 2>&1 || { echo "FAIL: '$1' exited with status $?"; exit 1; }
}
step "$cc" $arch -fatbin "$src/driver_module_kernels.cu" -o "$outdir/driver_module.fatbin"
step "$cc" $arch -cubin "$src/driver_module_kernels.cu" -o "$outdir/driver_module.cubin"
step "$cc" -O2 "$src/driver_module.cpp" -lcuda -o "$outdir/driver_module"
if [ -z "$arch" ]; then
  echo "+ $cc -ptx (must be refused)"
  if msg=$("$cc" -ptx "$src/driver_module_kernels.cu" -o "$outdir/x.ptx" 2>&1); then
    echo "FAIL: -ptx succeeded"; exit 1
  fi
  echo "$msg"
  case "$msg" in *"'-ptx' is not supported"*-fatbin*) ;; *) echo "FAIL: unclear -ptx refusal"; exit 1 ;; esac
fi
# Both module files are run, also when the first fails, so that one run shows both.
failed=0
for m in fatbin cubin; do
  echo "+ $outdir/driver_module $outdir/driver_module.$m"
  out=$("$outdir/driver_module" "$outdir/driver_module.$m" 2>&1)
  rc=$?
  echo "$out"
  [ $rc -eq 0 ] && grep -qx PASS <<<"$out" || { echo "FAIL: the run on the .$m file"; failed=1; }
done
[ $failed -eq 0 ] || exit 1
echo PASS
