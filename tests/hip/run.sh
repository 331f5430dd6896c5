#!/usr/bin/env bash
# run.sh HIPCC SRC_DIR WORK_DIR PROGRAM — builds PROGRAM with tests/hip/Makefile
# (HIPCC=<Anchor's hipcc>) in WORK_DIR and runs it; passes when the build
# succeeds and the program exits 0 after printing PASS.
set -u
hipcc=$1 src=$2 work=$3 program=$4
mkdir -p "$work" && cd "$work" || exit 1
rm -f "$program" ./*.o # make would keep objects built against older headers
make --no-print-directory -f "$src/Makefile" HIPCC="$hipcc" SRC="$src" "$program" || exit 1
out=$("./$program")
status=$?
echo "$out"
[ "$status" = 0 ] && grep -qx PASS <<<"$out"
