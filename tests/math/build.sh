#!/usr/bin/env bash
# build.sh — builds the math accuracy harness for CTest (fixture math.build):
#   build.sh COMPILER OUTPUT SOURCE
# Removes OUTPUT first, so a failed build never leaves an old harness to be run.
set -eu
cc=$1 out=$2 src=$3
rm -f "$out"
mkdir -p "$(dirname "$out")"
echo "+ $cc -O2 $src -o $out -lmpfr -lgmp"
exec "$cc" -O2 "$src" -o "$out" -lmpfr -lgmp
