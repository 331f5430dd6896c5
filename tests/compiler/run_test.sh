#!/bin/sh
# run_test.sh — one compiler test: compile a .cu (or take a .ll) to nvptx IR,
# run anchor-msl on it and check the result with FileCheck. The device IR
# comes from anchorcc --emit-device-ir: the very flags anchorcc compiles
# device code with (docs/driver.md), not a copy of them.
#   CHECK: lines      checked against the emitted MSL
#   TABLE: lines      checked against the module table (blob text before "msl")
#   IR: lines         checked against the LLVM IR after the backend's
#                     pipeline (anchor-msl --emit-llvm), to test passes.c alone
#   ERR: lines        anchor-msl must fail (exit 1, no output file); checked
#                     against its diagnostics
# Every successful compile must also contain no `goto` and, when MSL_RUN is
# given (not "-"), pass softmetal's strict compile (msl_run MODULE).
# usage: run_test.sh ANCHOR_MSL ANCHORCC FILECHECK WORK_DIR TEST_FILE [MSL_RUN]
set -u
msl_tool=$1 anchorcc=$2 filecheck=$3 work=$4 test=$5 msl_run=${6:--}
name=$(basename "$test")
mkdir -p "$work"
ll="$work/$name.ll" mod="$work/$name.anchormod" metal="$work/$name.metal" err="$work/$name.err"
rm -f "$ll" "$mod" "$metal" "$err"

case "$test" in
  *.ll) cp "$test" "$ll" ;;
  *)
    # Compile from the test's directory so diagnostics name the file as "NAME.cu".
    (cd "$(dirname "$test")" && "$anchorcc" --emit-device-ir "$name" -o "$ll") ||
      { echo "FAIL: device compile (anchorcc --emit-device-ir)"; exit 1; }
    ;;
esac

if grep -q 'ERR:' "$test"; then
  echo stale > "$mod"  # a failed compile must not leave an earlier output behind
  if "$msl_tool" "$ll" -o "$mod" --emit-msl "$metal" 2>"$err"; then
    echo "FAIL: anchor-msl succeeded on an error test"; exit 1
  fi
  [ -e "$mod" ] && { echo "FAIL: output file written despite the error"; exit 1; }
  cat "$err"
  "$filecheck" --check-prefix=ERR --input-file="$err" "$test" || exit 1
  exit 0
fi

"$msl_tool" "$ll" -o "$mod" --emit-msl "$metal" --emit-llvm "$work/$name.after.ll" ||
  { echo "FAIL: anchor-msl"; exit 1; }
if grep -q 'IR:' "$test"; then
  "$filecheck" --check-prefix=IR --input-file="$work/$name.after.ll" "$test" || exit 1
fi
if grep -qw goto "$metal"; then echo "FAIL: goto in the MSL"; exit 1; fi
if grep -q 'CHECK' "$test"; then
  "$filecheck" --input-file="$metal" "$test" || { cat "$metal"; exit 1; }
fi
if grep -q 'TABLE:' "$test"; then
  # The table is the text between the 16-byte header and the "msl N" line.
  tail -c +17 "$mod" | sed '/^msl [0-9]*$/q' > "$work/$name.table"
  head -c 8 "$mod" | grep -q ANCHMOD1 || { echo "FAIL: bad magic"; exit 1; }
  size=$(wc -c < "$mod")
  len=$(od -An -tu8 -j8 -N8 "$mod" | tr -d ' ')
  [ "$size" = "$len" ] || { echo "FAIL: blob length field $len != file size $size"; exit 1; }
  "$filecheck" --check-prefix=TABLE --input-file="$work/$name.table" "$test" || exit 1
fi
if [ "$msl_run" != "-" ]; then
  "$msl_run" "$mod" || { echo "FAIL: the MSL does not pass softmetal's strict compile"; exit 1; }
fi
echo "PASS: $name"
