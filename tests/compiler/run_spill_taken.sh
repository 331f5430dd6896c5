#!/bin/sh
# run_spill_taken.sh — a block that finds no free slot in the overflow area of its
# spilled __shared__ data gives up after a bounded scan and reports it, never hangs
# (compiler/smem_spill.c, common/abi.h AC_ABI_FAILURE_SPILL_SLOT). check/shared_spill.cu's
# kernel (40 KiB of static shared data, 8 KiB spilled) runs on softmetal through msl_run
# twice: with its slots free (no failure reported), and with every slot's bit set
# (MSL_RUN_SPILL_TAKEN=1: as if the runtime had counted fewer slots than resident
# blocks), where every block must report failure 4 and return.
# usage: run_spill_taken.sh ANCHOR_MSL ANCHORCC WORK_DIR MSL_RUN TEST_FILE
set -u
msl_tool=$1 anchorcc=$2 work=$3 msl_run=$4 test=$5
mkdir -p "$work"
base="$work/spill_taken"
(cd "$(dirname "$test")" && "$anchorcc" --emit-device-ir "$(basename "$test")" -o "$base.ll") ||
  { echo "FAIL: device compile"; exit 1; }
"$msl_tool" "$base.ll" -o "$base.anchormod" || { echo "FAIL: anchor-msl"; exit 1; }
"$msl_run" "$base.anchormod" _Z5spillPii 64 3 64 > "$base.free.out" 2> "$base.free.err" ||
  { echo "FAIL: msl_run (slots free)"; cat "$base.free.err"; exit 1; }
if grep -q "reported failure" "$base.free.err"; then
  echo "FAIL: a failure with free slots:"; cat "$base.free.err"; exit 1
fi
MSL_RUN_SPILL_TAKEN=1 timeout 120 "$msl_run" "$base.anchormod" _Z5spillPii 64 3 64 \
  > "$base.taken.out" 2> "$base.taken.err" || { echo "FAIL: msl_run (slots taken)"; cat "$base.taken.err"; exit 1; }
grep -q "device code reported failure 4$" "$base.taken.err" ||
  { echo "FAIL: no AC_ABI_FAILURE_SPILL_SLOT (4) with every slot taken:"; cat "$base.taken.err"; exit 1; }
echo "PASS: spill_taken"
